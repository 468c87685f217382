"""A bot for full games of The aMAZEing Labyrinth that reads no hidden information.

In the real game a player's cards are face down: she knows her own target, but not the
opponent's. The bot therefore never reads the opponent's target or cards; it sees the board,
where everyone stands, the treasures, and how many cards each player has left (the height of a
stack is public). :func:`opponent_targets` turns that into a distribution: a player with no card
left is heading home (his home is public); otherwise his target is, with equal probability, any
treasure that is not the bot's own target or one of its own cards. (A position does not record
which treasures were collected before, so they stay among the candidates.)

A move is chosen by expectimax over that distribution (``escapology.amazeing.versus`` describes
the rules of a turn):

1. collect now: a shift and orientation after which she can walk to her own target;
2. otherwise, with the native engine (boards up to 64 cells), each move (shift, orientation,
   walk) is scored ``share - threat - distance / 100``: ``share`` is the share of his replies
   (shift, orientation) after which she can collect on her next turn (1: a forced collection),
   ``threat`` the probability over his possible targets that some reply lets him collect at once
   (his home weighs 10: that is the game), the distance a tie-break;
3. without it, each move is scored by its expected value
   ``-P(he collects at once) - 10 P(he gets home at once)`` (the probability over his possible
   targets that some shift and orientation of his next turn lets him walk to it), plus her
   prospects: a bonus for the move of a forced collection within two own turns whatever he
   shifts (the native race search, with his target unknown and so ignored unless he is heading
   home), and the number of (shift, orientation) of her next turn that would collect from her
   cell if the board stayed as it is, then the distance to her target.

>>> from escapology.amazeing.game import play_turn, start_game
>>> from escapology.amazeing.generator import published_position
>>> pos = start_game(published_position(seed=3, players=2, cards=2))
>>> move = bot_move(pos)
>>> move.shift in pos.legal_shifts()
True
"""

from __future__ import annotations

from dataclasses import replace

from escapology.amazeing.bitboard import cells_of, geometry
from escapology.amazeing import native
from escapology.amazeing.model import HOME, Move, Position, Shift
from escapology.amazeing.versus import _Engine, _manhattan, _state, _winning_starts, forced_win, peeking_bot_move
from escapology.core.limits import Deadline

#: the weight of the opponent reaching home (the game) against collecting one treasure
HOME_WEIGHT = 10.0
#: the bonus of the move that forces her own collection within two turns
FORCED_BONUS = 0.6
#: the weight of her one-turn prospects (a share of the most (shift, orientation) pairs)
PROSPECT_WEIGHT = 0.4
DISTANCE_WEIGHT = 0.01


def cards_left(player) -> int:
    """The height of a player's stack (public): her target card, if it is not her home, and the rest."""
    heading_home = player.target is None or player.target.startswith(HOME)
    return len(player.cards) + (0 if heading_home else 1)


def opponent_targets(position: Position, viewer: int, opponent: int) -> dict[str, float]:
    """The opponent's target as the viewer can know it: treasure name -> probability."""
    opp = position.players[opponent]
    if cards_left(opp) == 0:
        return {HOME + opp.name: 1.0}
    me = position.players[viewer]
    mine = {me.target, *me.cards}
    names = [n for n in position.treasures if not n.startswith(HOME) and n not in mine]
    return {n: 1 / len(names) for n in names} if names else {HOME + opp.name: 1.0}


def public_view(position: Position, viewer: int) -> Position:
    """The position with every other player's target and cards removed: what the viewer sees."""
    players = tuple(p if i == viewer else replace(p, target=None, cards=()) for i, p in enumerate(position.players))
    return replace(position, players=players)


def bot_move(position: Position, *, budget: float = 1.0) -> Move:
    """A move for the player to move that uses only what she may know (module documentation)."""
    me = position.to_move
    opp = (me + 1) % len(position.players)
    if len(position.players) < 2 or opp == me:
        return peeking_bot_move(position, budget=budget)  # alone: nothing is hidden
    targets = opponent_targets(position, me, opp)
    view = public_view(position, me)
    heading_home = len(targets) == 1 and next(iter(targets)).startswith(HOME)
    if heading_home:  # his home is public: the race is the real one
        ps = list(view.players)
        ps[opp] = replace(ps[opp], target=next(iter(targets)))
        view = replace(view, players=tuple(ps))
    quick = forced_win(view, 1)
    if quick.move is not None:
        return quick.move
    if _native_values_available(view):
        return _expectimax_native(view, targets)
    forced = forced_win(view, 2, deadline=Deadline(budget / 2)).move
    return _expectimax(view, targets, forced)


def _native_values_available(view: Position) -> bool:
    return native.available() and view.rows * view.cols <= 64 and view.players[view.to_move].target is not None


def _expectimax_native(view: Position, targets: dict[str, float]) -> Move:
    """Every move scored by ``share - threat - distance/100`` from the native one-ply values
    (:func:`escapology._native.amazeing_move_values`): ``share`` is the share of his replies
    after which she can collect on her next turn (1 is a forced collection), ``threat`` the
    probability that he can collect at once (his home weighs :data:`HOME_WEIGHT`)."""
    from escapology import _native  # the compiled extension: only when it is built (see above)

    args = native.race_arguments(view)
    weighted = [(view.treasures[n], p * (HOME_WEIGHT if n.startswith(HOME) else 1.0)) for n, p in targets.items()]
    values = _native.amazeing_move_values(
        view.rows, view.cols, args["fixed"], args["tiles"], args["spare"], args["forbidden"],
        args["me"], args["opp"], args["my_target"], weighted,
    )
    best: tuple[float, Move] | None = None
    for side, index, tile, threat, cells in values:
        shift = Shift(side, index)
        target_after = view.apply(shift, tile).target_cell(view.to_move)
        for cell, share in cells:
            dist = _distance(view, cell, target_after)
            score = share - threat - DISTANCE_WEIGHT * dist
            if best is None or score > best[0]:
                best = (score, Move(shift, tile, cell))
    assert best is not None
    return best[1]


def _distance(view: Position, a: int, b: int | None) -> int:
    if b is None or b < 0:
        return 0
    (ra, ca), (rb, cb) = view.rc(a), view.rc(b)
    return abs(ra - rb) + abs(ca - cb)


def _expectimax(view: Position, targets: dict[str, float], forced: Move | None) -> Move:
    geo = geometry(view.rows, view.cols, view.fixed)
    eng = _Engine(view, Deadline(None))
    st = _state(view, geo)
    candidates = {name: view.treasures[name] for name in targets}
    best: tuple | None = None
    best_move: Move | None = None
    for k, tile, child in eng.children(st):
        threat = _collect_probability(view, eng, child, k, candidates, targets)
        counts = _winning_starts(eng, child)
        top = max(counts.values(), default=0) or 1
        tcell = child.my_target.bit_length() - 1 if child.my_target else -1
        for cell in cells_of(geo.flood(child.board, child.me)):
            move = Move(geo.shifts[k].shift, tile, cell)
            dist = _manhattan(geo, cell, tcell) if tcell >= 0 else 0
            score = (
                -threat
                + (FORCED_BONUS if move == forced else 0.0)
                + PROSPECT_WEIGHT * counts.get(cell, 0) / top
                - DISTANCE_WEIGHT * dist
            )
            if best is None or score > best[0]:
                best, best_move = (score,), move
    assert best_move is not None
    return best_move


def _collect_probability(view: Position, eng: _Engine, child, k: int, cells_of: dict[str, int],
                         targets: dict[str, float]) -> float:
    """The expected loss of her shift ``k``: the probability that he can walk to his (unknown)
    target right after some shift and orientation of his, home weighted by :data:`HOME_WEIGHT`."""
    geo = eng.geo
    shifted = {}
    for name, c in cells_of.items():  # where each candidate is after her shift
        shifted[name] = geo.shifts[k].entry if c == -1 else geo.shift_cells(1 << c, k).bit_length() - 1
        if c >= 0 and geo.shifts[k].exit == c:
            shifted[name] = -1  # pushed out onto the spare
    him = child.opp
    loss = 0.0
    open_names = set(targets)
    for k2, ls in enumerate(geo.shifts):
        if k2 == child.forbidden or not open_names:
            continue
        carried = {}
        for name in open_names:
            c = shifted[name]
            if c == -1:
                carried[name] = ls.entry
            elif ls.exit == c:
                continue  # pushed out again: not reachable this turn
            else:
                carried[name] = geo.shift_cells(1 << c, k2).bit_length() - 1
        if not carried:
            continue
        start = geo.shift_cells(him, k2)
        relaxed, _ = geo.shift(child.board, k2, 15)
        reach = geo.flood(relaxed, start)
        hopeful = {n for n, c in carried.items() if reach >> c & 1}
        for tile in eng.rot[child.spare]:
            if not hopeful:
                break
            board, _ = geo.shift(child.board, k2, tile)
            reach = geo.flood(board, start)
            got = {n for n in hopeful if reach >> carried[n] & 1}
            hopeful -= got
            open_names -= got
            for n in got:
                loss += targets[n] * (HOME_WEIGHT if n.startswith(HOME) else 1.0)
    return loss
