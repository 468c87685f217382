"""The independent checker: is a plan legal, and is its number of turns the fewest?

It never calls a solver. Legality (:func:`check_plan`) is read off Definition 5 directly: every turn
uses its roll, walks the two dice in the stated order along edges without stepping straight back,
starts where the last turn ended, and the plan ends on the target; the jump of a double goes to a
special field. Compressed walks (``{"repeat": r, "fields": [...]}``) are checked without
expanding them: every window of three consecutive fields of the full walk already occurs when each
repeat count is capped at 3, and lengths are added arithmetically.

Legality costs time linear in the plan as written. Minimality (:func:`check_fewest`) recomputes
the fields reachable after each turn with the checker's own walk reachability
(:mod:`escapology.forest.reach`: constant memory per walk, no history of frontiers) and confirms
that no earlier turn can end on the target; the same computation confirms an "unsolvable" answer.

>>> from escapology.forest.model import Board, Instance
>>> from escapology.forest.model import Turn
>>> b = Board.from_edges([(0, 1), (1, 2), (2, 3)])
>>> inst = Instance(b, 0, 3, rolls=((1, 2),))
>>> check_plan(inst, [Turn((1, 2), first=1, walks=[[0, 1, 2], [2, 3]])])
>>> check_plan(inst, [Turn((1, 2), first=0, walks=[[0, 1], [1, 0, 1]])])
'turn 1, walk 2: steps straight back from 1 to 0 to 1'
>>> check_fewest(inst, 1)
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np

from escapology.core.limits import Deadline
from escapology.core.wording import plural
from escapology.forest.model import Instance, Turn
from escapology.forest.reach import Reach


def _capped(walk: Sequence[Any]) -> tuple[list[int], int]:
    seq: list[int] = []
    steps = -1
    for item in walk:
        if isinstance(item, dict):
            fields = [int(v) for v in item["fields"]]
            r = int(item["repeat"])
            if r < 1 or not fields:
                raise ValueError("a repeated block needs repeat >= 1 and some fields")
            seq.extend(fields * min(r, 3))
            steps += r * len(fields)
        else:
            seq.append(int(item))
            steps += 1
    return seq, steps


def check_walk(inst: Instance, walk: Sequence[Any], length: int, where: str = "walk") -> str | None:
    """``None`` if ``walk`` (possibly compressed) is a legal walk of ``length`` steps, else the problem.

    Every pair of consecutive fields must be an edge (looked up among the board's edges, sorted as
    ``u * n + v``) and no field may equal the one two before it (a step straight back)."""
    try:
        seq, steps = _capped(walk)
    except (ValueError, TypeError, KeyError) as exc:
        return f"{where}: {exc}"
    if steps != length:
        return f"{where}: has {plural(steps, 'step')}, the die shows {length}"
    lab = inst.label
    n = inst.board.n
    fields = np.array(seq, dtype=np.int64)
    if fields.size and (fields.min() < 0 or fields.max() >= n):
        return f"{where}: a field outside the board"
    keys = fields[:-1] * n + fields[1:]
    edges = _edge_keys(inst)
    at = np.minimum(np.searchsorted(edges, keys), max(0, edges.size - 1))
    bad_edge = np.flatnonzero(edges[at] != keys) if edges.size else np.arange(keys.size)
    bad_back = np.flatnonzero(fields[2:] == fields[:-2]) + 1  # index of the middle field
    first_edge = int(bad_edge[0]) if bad_edge.size else len(seq)
    first_back = int(bad_back[0]) if bad_back.size else len(seq)
    if first_edge < len(seq) and first_edge + 1 <= first_back + 1:
        i = first_edge + 1
        return f"{where}: {lab(seq[i - 1])} and {lab(seq[i])} are not adjacent"
    if first_back < len(seq):
        i = first_back + 1
        return f"{where}: steps straight back from {lab(seq[i - 2])} to {lab(seq[i - 1])} to {lab(seq[i])}"
    return None


def _edge_keys(inst: Instance) -> np.ndarray:
    """Every arc ``u->v`` of the board as ``u * n + v``, sorted (arcs are numbered by tail, then head)."""
    arcs = inst.board.arcs
    return arcs.tail * inst.board.n + arcs.head


def _end(walk: Sequence[Any]) -> int:
    last = walk[-1]
    return int(last["fields"][-1]) if isinstance(last, dict) else int(last)


def check_plan(inst: Instance, plan: Sequence[Turn]) -> str | None:
    """``None`` if the plan is legal and ends on the target, else the first problem found."""
    if len(plan) > len(inst.rolls):
        return f"the plan has {plural(len(plan), 'turn')} but only {plural(len(inst.rolls), 'roll')} {'is' if len(inst.rolls) == 1 else 'are'} known"
    cur = inst.start
    lab = inst.label
    for i, turn in enumerate(plan, start=1):
        roll = inst.rolls[i - 1]
        if tuple(turn.roll) != tuple(roll):
            return f"turn {i}: roll {list(turn.roll)} but the dice showed {list(roll)}"
        if turn.jump is not None:
            u, v = turn.jump
            if roll[0] != roll[1]:
                return f"turn {i}: jumps without a double"
            if u != cur:
                return f"turn {i}: jumps from {lab(u)} but the player is on {lab(cur)}"
            if v not in inst.board.special:
                return f"turn {i}: jumps to {lab(v)}, which is not a special field"
            cur = v
            continue
        if turn.first not in (0, 1) or not turn.walks or len(turn.walks) != 2:
            return f"turn {i}: needs two walks and which die was walked first"
        dice = (roll[turn.first], roll[1 - turn.first])
        for j, (walk, d) in enumerate(zip(turn.walks, dice), start=1):
            if not walk or isinstance(walk[0], dict):
                return f"turn {i}, walk {j}: must start with a field"
            if int(walk[0]) != cur:
                return f"turn {i}, walk {j}: starts on {lab(int(walk[0]))} but the player is on {lab(cur)}"
            problem = check_walk(inst, walk, d, f"turn {i}, walk {j}")
            if problem:
                return problem
            cur = _end(walk)
    if cur != inst.target:
        return f"the plan ends on {lab(cur)}, not on the target {lab(inst.target)}"
    return None


def reachable_layers(inst: Instance, turns: int, deadline: Deadline | None = None) -> list[np.ndarray]:
    """The fields reachable after exactly ``0..turns`` turns, as masks (fewer if a layer is empty)."""
    reach = Reach(inst.board, deadline)
    memo: dict[tuple[bytes, int], np.ndarray] = {}

    def walk(fields: np.ndarray, x: int) -> np.ndarray:
        key = (np.packbits(fields).tobytes(), x)
        if key not in memo:
            memo[key] = reach.walk(fields, x)
        return memo[key]

    layer = np.zeros(inst.board.n, dtype=bool)
    layer[inst.start] = True
    out = [layer]
    for x, y in inst.rolls[:turns]:
        nxt = walk(walk(layer, x), y) | walk(walk(layer, y), x)
        if x == y:
            nxt |= inst.board.special_mask
        layer = nxt
        out.append(layer)
        if not layer.any():
            break
    return out


def reachable_sets(inst: Instance, turns: int) -> list[set[int]]:
    """The fields reachable after exactly ``0..turns`` turns (fewer if a layer is empty)."""
    return [set(np.flatnonzero(layer).tolist()) for layer in reachable_layers(inst, turns)]


def check_fewest(inst: Instance, turns: int | None, deadline: Deadline | None = None) -> str | None:
    """``None`` if no plan with fewer than ``turns`` turns exists (``turns=None``: no plan at all)."""
    limit = len(inst.rolls) if turns is None else turns - 1
    for i, layer in enumerate(reachable_layers(inst, max(limit, 0), deadline)):
        if i > limit:
            break
        if layer[inst.target]:
            if turns is None:
                return f"not unsolvable: the target can be reached in {plural(i, 'turn')}"
            return f"not the fewest: the target can be reached in {plural(i, 'turn')}"
    return None
