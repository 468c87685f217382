"""A full game of The aMAZEing Labyrinth: hidden card sequences, collecting, returning home.

Each player holds a sequence of treasure cards; her target is the treasure of the top card. When
she stands on it after her turn, the next card becomes her target; after the last card her target
is her home tile (a hidden treasure ``⌂name`` on her start tile). The first player home wins.

>>> from escapology.amazeing.generator import published_position
>>> pos = start_game(published_position(seed=4, players=2, cards=1))
>>> result = play_game(pos, [bot_player(0.2), bot_player(0.2)], max_turns=60)
>>> result.winner is not None and len(result.moves) <= 60
True
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable

from escapology.amazeing.bot import bot_move
from escapology.amazeing.model import HOME, Move, Position
from escapology.amazeing.versus import peeking_bot_move

Controller = Callable[[Position], Move]


def start_game(pos: Position) -> Position:
    """Add every player's home tile as a hidden treasure, and a target to players without one."""
    treasures = dict(pos.treasures)
    players = []
    for p in pos.players:
        home = p.home if p.home is not None else p.cell
        treasures.setdefault(HOME + p.name, home)
        target = p.target if p.target is not None else (p.cards[0] if p.cards else HOME + p.name)
        cards = p.cards if p.target is not None else p.cards[1:]
        players.append(replace(p, target=target, cards=cards, home=home))
    return replace(pos, treasures=treasures, players=tuple(players))


def collect(pos: Position, who: int) -> tuple[Position, str | None]:
    """If player ``who`` stands on her target: advance her cards. Returns the event, if any."""
    p = pos.players[who]
    if p.target is None or pos.treasures.get(p.target) != p.cell:
        return pos, None
    if p.target.startswith(HOME):
        return pos, "home"
    found = p.target
    nxt = p.cards[0] if p.cards else HOME + p.name
    ps = list(pos.players)
    ps[who] = replace(p, target=nxt, cards=p.cards[1:])
    return replace(pos, players=tuple(ps)), f"found {found}"


def play_turn(pos: Position, move: Move) -> tuple[Position, str | None]:
    """Play ``move`` for the player to move; then it is the next player's turn."""
    who = pos.to_move
    after = pos.apply(move.shift, move.tile)
    if move.to not in after.reachable(after.players[who].cell):
        raise ValueError(f"{after.name(move.to)} is not reachable from {after.name(after.players[who].cell)}")
    after = after.move_player(who, move.to)
    after, event = collect(after, who)
    return replace(after, to_move=(who + 1) % len(pos.players)), event


@dataclass
class GameResult:
    winner: int | None
    position: Position
    moves: list[tuple[int, Move, str | None]] = field(default_factory=list)


def play_game(
    pos: Position,
    controllers: list[Controller],
    *,
    max_turns: int = 400,
    on_turn: Callable[[Position, int, Move, str | None], None] | None = None,
) -> GameResult:
    """Play until a player is home (the winner) or ``max_turns`` turns have been played."""
    result = GameResult(None, pos)
    for _ in range(max_turns):
        who = pos.to_move
        move = controllers[who](pos)
        pos, event = play_turn(pos, move)
        result.moves.append((who, move, event))
        result.position = pos
        if on_turn is not None:
            on_turn(pos, who, move, event)
        if event == "home":
            result.winner = who
            break
    return result


def bot_player(budget: float = 1.0) -> Controller:
    """The bot of :func:`escapology.amazeing.bot.bot_move` (no hidden information) as a controller."""
    return lambda pos: bot_move(pos, budget=budget)


def peeking_bot_player(budget: float = 1.0) -> Controller:
    """The former bot, :func:`escapology.amazeing.versus.peeking_bot_move`, which reads the
    opponent's secret target (a baseline for benchmarks)."""
    return lambda pos: peeking_bot_move(pos, budget=budget)
