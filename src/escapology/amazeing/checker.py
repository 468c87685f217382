"""An independent checker for SP-Labyrinth plans (Definition 1 of Schwahn & Thielen, FUN 2018).

It replays a plan with the plain rules engine of :mod:`escapology.amazeing.model` (never the
bitset solver it checks): every shift must be legal (a line without fixed tiles, not the direct
reversal of the previous shift), every inserted tile an orientation of the spare, every walk must
start where the player stands after the shift and step only through open passages, and after the
last turn the player must stand on her target tile.

>>> from escapology.amazeing.model import Position, Player, Shift, mask
>>> pos = Position.from_glyphs(["┌─┐", "│·│", "└─┘"], spare="─", fixed="none",
...     treasures={"A": 8}, players=(Player("red", 0, "A"),))
>>> check_plan(pos, [Turn(Shift("W", 1), mask("│"), (0, 3, 6, 7, 8))])
[]
>>> check_plan(pos, [Turn(Shift("W", 1), mask("─"), (0, 3, 6, 7, 8))])
['turn 1: no open passage from (0,0) to (1,0)']
>>> check_plan(pos, [Turn(Shift("W", 1), mask("┼"), (0,))])
['turn 1: ┼ is not an orientation of the spare ─']
"""

from __future__ import annotations

from escapology.amazeing.model import OPPOSITE, STEP, Position, Turn, glyph, rotations
from escapology.core.wording import plural

__all__ = ["check_plan", "check_race_move", "Turn"]


def _step_ok(pos: Position, a: int, b: int) -> bool:
    ra, ca = pos.rc(a)
    rb, cb = pos.rc(b)
    for side, (dr, dc) in STEP.items():
        if (ra + dr, ca + dc) == (rb, cb):
            return bool(pos.tiles[a] & side) and bool(pos.tiles[b] & OPPOSITE[side])
    return False


def check_plan(position: Position, plan: list[Turn], player: int = 0) -> list[str]:
    """The list of rule violations of ``plan`` (empty when the plan is valid and reaches the target)."""
    errors: list[str] = []
    pos = position
    if position.players[player].target is None:
        return ["the player has no target"]
    for i, turn in enumerate(plan, 1):
        try:
            pos = pos.apply(turn.shift, turn.tile)
        except ValueError as exc:
            return errors + [f"turn {i}: {exc}"]
        here = pos.players[player].cell
        path = list(turn.path)
        if not path:
            path = [here]
        if path[0] != here:
            return errors + [f"turn {i}: the walk starts on {pos.name(path[0])}, the player stands on {pos.name(here)}"]
        for a, b in zip(path, path[1:]):
            if not (0 <= b < pos.rows * pos.cols) or not _step_ok(pos, a, b):
                return errors + [f"turn {i}: no open passage from {pos.name(a)} to {pos.name(b) if 0 <= b < pos.rows * pos.cols else b}"]
        pos = pos.move_player(player, path[-1])
    target = pos.target_cell(player)
    if pos.players[player].cell != target:
        where = "the spare" if target == -1 else pos.name(target) if target is not None else "?"
        errors.append(f"after {plural(len(plan), 'turn')} the player stands on {pos.name(pos.players[player].cell)}, the target is on {where}")
    return errors


def check_race_move(position: Position, shift, tile: int, to: int, turns: int) -> list[str]:
    """What is wrong with a claimed first move of a forced win in a race (Definition 2, bounded),
    as far as one turn's replay shows: the move must be legal (shift, orientation, a walk through
    open passages); within one turn she must then stand on her target; with more turns the
    opponent must not be able to reach his target with any shift and orientation of his next turn.
    (That the rest of the race is won is the search's claim; the tests confirm it on small boards
    with a plain minimax.)

    >>> from escapology.amazeing.model import Position, Player, Shift, mask
    >>> pos = Position.from_glyphs(["┌─┐", "│·│", "└─┘"], spare="─", fixed="none",
    ...     treasures={"A": 8, "B": 4}, players=(Player("red", 0, "A"), Player("blue", 2, "B")))
    >>> check_race_move(pos, Shift("W", 1), mask("│"), 8, 1)
    []
    >>> check_race_move(pos, Shift("W", 1), mask("─"), 8, 1)
    ['(2,2) is not reachable from (0,0) after W1']
    """
    me = position.to_move
    opp = (me + 1) % len(position.players)
    try:
        after = position.apply(shift, tile)
    except ValueError as exc:
        return [str(exc)]
    here = after.players[me].cell
    if to not in after.reachable(here):
        return [f"{after.name(to)} is not reachable from {after.name(here)} after {shift}"]
    after = after.move_player(me, to)
    if after.players[me].cell == after.target_cell(me):
        return []
    if turns <= 1:
        return [f"after one turn she stands on {after.name(to)}, not on her target"]
    target = after.players[opp].target
    if target is None:
        return []
    for reply in after.legal_shifts():
        for t in rotations(after.spare):
            replied = after.apply(reply, t)
            goal = replied.target_cell(opp)
            if goal is not None and goal >= 0 and goal in replied.reachable(replied.players[opp].cell):
                return [f"the opponent reaches his target at once: insert {glyph(t)} at {reply}"]
    return []
