"""The aMAZEing Labyrinth's page: the board, the plan of the fewest turns step by step, and a game
against the bot (insert the spare by clicking an arrow, turn it, click the destination) or the bot
against itself.

A state: ``rows``, ``cols``, ``tiles`` (connection masks N=1, E=2, S=4, W=8, row-major),
``fixed``, ``spare``, ``spares`` (the spare's orientations), ``treasures`` (name -> cell, ``-1``
on the spare), ``players`` (``name``, ``cell``, ``target``, ``target_cell``, ``cards`` left,
``home``), ``left`` (cards still to find, the current target among them; 0 when heading home),
``heading_home``), ``to_move``, ``last_shift``, ``legal`` (the shifts allowed now, as ``N1``),
``walk`` (cells of the walk that led here), ``reach`` (where the player to move can walk),
``step``, ``winner`` (the player standing on her home tile after her last card, or ``None``).

Play is stateless: the page keeps the game's position as the game's JSON text (``position``) and
each call answers the next one. The rules are the game's own (:func:`escapology.amazeing.game.play_turn`,
:func:`~escapology.amazeing.bot.bot_move`): a turn is a legal shift with the spare in a chosen
orientation, then a walk; the player on her target collects it, the first home wins. Once a
player is home the game is over: a turn, a preview or a bot's move on that position is refused.
Each answer lists the turns played (``moves``: who, the shift, the tile inserted, where she
walked to, what she found).

>>> from escapology.amazeing.generator import published_position
>>> game = new_game(published_position(seed=1), seed=3, cards=1)
>>> s = game["state"]; len(s["players"]), s["to_move"], len(s["legal"])
(2, 0, 12)
>>> [p["left"] for p in s["players"]], game["board"]
([1, 1], 'published')
>>> loaded = new_game(published_position(seed=1, players=2), cards=2, board="loaded")
>>> [p["left"] for p in loaded["state"]["players"]], loaded["board"]
([2, 2], 'loaded')
>>> after = preview(None, position=game["position"], shift=s["legal"][0], rotation=0)
>>> after["state"]["players"][0]["cell"] in after["state"]["reach"]
True
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from escapology.amazeing.bot import bot_move
from escapology.amazeing.game import play_turn, start_game
from escapology.amazeing.generator import published_position, random_position
from escapology.amazeing.io import dumps, loads, plan_from_json
from escapology.amazeing.model import HOME, Position, Shift, glyph, rotate, rotations
from escapology.amazeing.versus import Move
from escapology.core.errors import InputError
from escapology.web.views.forms import generator_form

__all__ = ["ACTIONS", "GENERATE", "SLOW", "bot", "frames", "new_game", "preview", "state", "to_text", "turn", "winner"]

GENERATE = generator_form(
    "amazeing", size={"label": "side (empty: the published 7x7)", "type": "int", "min": 3, "max": 15}, seed={},
    players={"min": 1, "max": 4})
SUFFIX = ".json"
#: the bot's time for one move, seconds
BOT_BUDGET = 0.5


def to_text(pos: Position) -> str:
    return dumps(pos)


def generate(*, size: int | None = None, seed: int = 1, players: int = 1) -> Position:
    if size is None:
        return published_position(seed, players)
    return random_position(size, size, seed=seed, players=players)


def state(pos: Position, *, walk: list[int] | None = None, step: int = 0) -> dict[str, Any]:
    players = []
    for p in pos.players:
        target_cell = pos.treasures.get(p.target) if p.target is not None else None
        heading_home = p.target is not None and p.target.startswith(HOME)
        players.append({"name": p.name, "cell": p.cell, "target": p.target, "target_cell": target_cell,
                        "cards": len(p.cards), "home": p.home, "heading_home": heading_home,
                        "left": len(p.cards) + (1 if p.target is not None and not heading_home else 0)})
    mover = pos.players[pos.to_move].cell if pos.players else None
    return {
        "rows": pos.rows, "cols": pos.cols, "tiles": list(pos.tiles), "fixed": list(pos.fixed), "spare": pos.spare,
        "spares": list(rotations(pos.spare)), "treasures": dict(pos.treasures), "players": players,
        "to_move": pos.to_move, "last_shift": None if pos.last_shift is None else str(pos.last_shift),
        "legal": [str(s) for s in pos.legal_shifts()], "walk": walk or [],
        "reach": sorted(pos.reachable(mover)) if mover is not None else [], "step": step,
        "winner": winner(pos),
    }


def winner(pos: Position) -> int | None:
    """The player standing on her home tile with no card left (the game is over), else ``None``."""
    for i, p in enumerate(pos.players):
        if p.target is not None and p.target.startswith(HOME) and pos.treasures.get(p.target) == p.cell:
            return i
    return None


def frames(pos: Position, certificate: Any) -> list[dict[str, Any]]:
    """The fewest-turns plan (``[{shift, tile, path}, ...]``) turn by turn for the player to move."""
    plan = plan_from_json(pos, certificate.get("plan", certificate.get("certificate"))
                          if isinstance(certificate, dict) else certificate)
    out = [state(pos)]
    who = pos.to_move
    for i, t in enumerate(plan, start=1):
        try:
            pos = pos.apply(t.shift, t.tile)
        except ValueError as exc:
            raise InputError(f"turn {i}: {exc}") from None
        path = list(t.path)
        if path:
            pos = pos.move_player(who, path[-1])
        out.append(state(pos, walk=path, step=i))
    return out


def _position(text: Any) -> Position:
    """The game's position from the page; refused when the game is over."""
    if not isinstance(text, str):
        raise InputError("position is the game's JSON text")
    pos = loads(text, file="<position>")
    if len(pos.players) < 1:
        raise InputError("the position has no player")
    done = winner(pos)
    if done is not None:
        raise InputError(f"the game is over: {pos.players[done].name} is home")
    return pos


def _answer(pos: Position, events: list[str], won: int | None, walk: list[int] | None = None,
            moves: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"position": to_text(pos), "state": state(pos, walk=walk), "events": events, "winner": won,
            "moves": moves or []}


def new_game(inst: Position | None, *, seed: int = 1, cards: int | None = 3, board: str | None = None) -> dict[str, Any]:
    """A new game for two, home tiles added (:func:`~escapology.amazeing.game.start_game`).
    ``board`` ``"published"``: a published board drawn with ``seed``, ``cards`` treasure cards
    each; ``"loaded"``: the loaded position with its players, each player's cards (her target
    first) cut to ``cards`` when given (a game for two: a position with more players is refused);
    default: the loaded position when it has two players, else a published board."""
    if cards is not None and (not isinstance(cards, int) or isinstance(cards, bool) or not 1 <= cards <= 12):
        raise InputError("cards is 1..12")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise InputError("seed is a number")
    has_players = inst is not None and len(inst.players) >= 2
    if board is None:
        board = "loaded" if has_players and inst is not None and len(inst.players) == 2 else "published"
    if board == "loaded":
        if not has_players:
            raise InputError("the loaded position has fewer than two players: play on a published board")
        assert inst is not None
        if len(inst.players) > 2:
            raise InputError(f"the page plays games for two; the loaded position has {len(inst.players)} players")
        base = inst if cards is None else _cut_cards(inst, cards)
    elif board == "published":
        base = published_position(seed, 2, cards or 3)
    else:
        raise InputError("board is 'loaded' or 'published'")
    return {**_answer(start_game(base), [], None), "board": board}


def _cut_cards(pos: Position, cards: int) -> Position:
    """Every player's sequence of treasures to find (her target first) cut to ``cards``."""
    players = []
    for p in pos.players:
        if p.target is not None and p.target not in pos.treasures:
            players.append(p)  # a cell or home target: nothing to cut
            continue
        sequence = ([p.target] if p.target is not None else []) + list(p.cards)
        players.append(replace(p, target=None, cards=tuple(sequence[:cards])))
    return replace(pos, players=tuple(players))


def _move(pos: Position, shift: Any, rotation: Any, to: Any) -> Any:
    try:
        s = Shift.parse(str(shift))
    except ValueError as exc:
        raise InputError(str(exc)) from None
    if not isinstance(rotation, int) or not 0 <= rotation <= 3:
        raise InputError("rotation is 0..3 quarter turns")
    if not isinstance(to, int) or not 0 <= to < pos.rows * pos.cols:
        raise InputError("to is a cell number")
    return Move(s, rotate(pos.spare, rotation), to)


def preview(inst: Any, *, position: Any, shift: Any, rotation: Any = 0) -> dict[str, Any]:
    """The board after inserting the spare (turned ``rotation`` quarter turns) at ``shift``, with
    the cells the player to move can walk to."""
    pos = _position(position)
    move = _move(pos, shift, rotation, 0)
    try:
        after = pos.apply(move.shift, move.tile)
    except ValueError as exc:
        raise InputError(str(exc)) from None
    return {"state": state(after)}


def _play(pos: Position, move: Any, events: list[str], moves: list[dict[str, Any]], who_name: str,
          rotation: int | None = None) -> tuple[Position, int | None]:
    who = pos.to_move
    before = pos
    try:
        pos, event = play_turn(pos, move)
    except ValueError as exc:
        raise InputError(str(exc)) from None
    line = f"{who_name} ({pos.players[who].name}): {move.shift}"
    if event:
        line += f", {event}"
    events.append(line)
    moves.append({"player": who, "name": pos.players[who].name, "by": who_name, "shift": str(move.shift),
                  "tile": glyph(move.tile), "rotation": rotation, "to": move.to, "to_name": before.name(move.to),
                  "event": event})
    return pos, who if event == "home" else None


def turn(inst: Any, *, position: Any, shift: Any, rotation: Any, to: Any, reply: bool = True) -> dict[str, Any]:
    """The person's turn (shift, orientation, destination), then the bot's reply when ``reply``."""
    pos = _position(position)
    events: list[str] = []
    moves: list[dict[str, Any]] = []
    before = pos.apply(*_checked(pos, shift, rotation)).players[pos.to_move].cell
    pos, won = _play(pos, _move(pos, shift, rotation, to), events, moves, "you", rotation)
    walk = pos.walk(before, pos.players[(pos.to_move - 1) % len(pos.players)].cell) or []
    if won is None and reply:
        move = bot_move(pos, budget=BOT_BUDGET)
        pos, won = _play(pos, move, events, moves, "the bot")
        walk = []
    return _answer(pos, events, won, walk, moves)


def _checked(pos: Position, shift: Any, rotation: Any) -> tuple[Any, int]:
    move = _move(pos, shift, rotation, 0)
    if move.shift not in pos.legal_shifts():
        raise InputError(f"{move.shift} is not a legal shift now")
    return move.shift, move.tile


def bot(inst: Any, *, position: Any) -> dict[str, Any]:
    """One turn of the bot for the player to move (bot against bot: call it again)."""
    pos = _position(position)
    who = pos.to_move
    start = pos.players[who].cell
    move = bot_move(pos, budget=BOT_BUDGET)
    events: list[str] = []
    moves: list[dict[str, Any]] = []
    after_shift = pos.apply(move.shift, move.tile)
    pos, won = _play(pos, move, events, moves, "bot")
    walk = after_shift.walk(after_shift.carry(move.shift, start), move.to) or []
    return _answer(pos, events, won, walk, moves)


ACTIONS = {"new_game": new_game, "preview": preview, "turn": turn, "bot": bot}
SLOW = {"turn", "bot"}
