"""A plain exhaustive solver for SP-Labyrinth, the reference the fast solver is tested against.

Breadth-first search over explicit states (tiles, spare, treasures, the player's cell, previous
shift), branching on every legal shift, every orientation of the spare and every cell the player
can walk to, with the rules engine of :mod:`escapology.amazeing.model`. Exponential and slow:
for tiny boards only.

>>> from escapology.amazeing.model import Position, Player
>>> pos = Position.from_glyphs(["┌─┐", "│·│", "└─┘"], spare="─", fixed="none",
...     treasures={"A": 8}, players=(Player("red", 0, "A"),))
>>> fewest_turns_bruteforce(pos, max_turns=2)
1
"""

from __future__ import annotations

from typing import Iterator

from escapology.amazeing.model import Position, rotations


def _key(pos: Position, player: int) -> tuple:
    return (pos.tiles, pos.spare, pos.players[player].cell, pos.target_cell(player), pos.last_shift)


def fewest_turns_bruteforce(position: Position, player: int = 0, max_turns: int = 3) -> int | None:
    """The fewest turns to stand on the target tile, or ``None`` if more than ``max_turns``."""
    if position.players[player].cell == position.target_cell(player):
        return 0
    layer = {_key(position, player): position}
    seen = set(layer)
    for turns in range(1, max_turns + 1):
        nxt: dict[tuple, Position] = {}
        for pos in layer.values():
            for shift in pos.legal_shifts():
                for tile in rotations(pos.spare):
                    shifted = pos.apply(shift, tile)
                    target = shifted.target_cell(player)
                    for cell in shifted.reachable(shifted.players[player].cell):
                        if cell == target:
                            return turns
                        child = shifted.move_player(player, cell)
                        k = _key(child, player)
                        if k not in seen:
                            seen.add(k)
                            nxt[k] = child
        layer = nxt
    return None


def _moves(pos: Position, who: int) -> Iterator[tuple[bool, Position]]:
    """Every turn of player ``who`` (each legal shift, each orientation of the spare, each cell she
    can then walk to), as ``(whether she stands on her target, the position after it)``."""
    for shift in pos.legal_shifts():
        for tile in rotations(pos.spare):
            shifted = pos.apply(shift, tile)
            for cell in sorted(shifted.reachable(shifted.players[who].cell)):
                yield cell == shifted.target_cell(who), shifted.move_player(who, cell)


def forced_win_bruteforce(position: Position, turns: int) -> bool:
    """Plain minimax for SP-Versus (Definition 2): can the player to move force standing on her
    target within ``turns`` own turns before the next player stands on his? Branches on every
    shift, orientation and walk of both players. Tiny boards only."""
    me = position.to_move
    opp = (me + 1) % len(position.players)

    def win(pos: Position, k: int) -> bool:
        options = list(_moves(pos, me))
        if any(done for done, _ in options):
            return True
        if k == 1:
            return False
        for _, after in options:
            replies = list(_moves(after, opp))
            if any(done for done, _ in replies):
                continue
            if all(win(reply, k - 1) for _, reply in replies):
                return True
        return False

    return win(position, turns)


def scored_race_bruteforce(position: Position, turns: int, solo_cap: int) -> bool:
    """Plain minimax for the scored turn-restricted race (the paper's upper-bound remark, §2.3):
    each player has ``turns`` own turns, the one to move first; standing on one's target after
    one's own turn wins at once; otherwise, after the last turn, the player with fewer solo turns
    left (:func:`fewest_turns_bruteforce`, farther than ``solo_cap`` counts as ``solo_cap + 1``)
    wins, a tie is a draw. Whether the player to move can force a win. Tiny boards only."""
    me = position.to_move
    opp = (me + 1) % len(position.players)

    def solo(pos: Position, who: int) -> int:
        d = fewest_turns_bruteforce(pos, who, max_turns=solo_cap)
        return solo_cap + 1 if d is None else d

    def win(pos: Position, k: int) -> bool:
        options = list(_moves(pos, me))
        if any(done for done, _ in options):
            return True
        for _, after in options:
            replies = list(_moves(after, opp))
            if any(done for done, _ in replies):
                continue
            if k == 1 and all(solo(r, me) < solo(r, opp) for _, r in replies):
                return True
            if k > 1 and all(win(r, k - 1) for _, r in replies):
                return True
        return False

    return win(position, turns)
