"""The row-sweep dynamic programme over Catalan (non-crossing) frontier partitions.

Goergen, Fernau, Oest and Wolf ("All Paths Lead to Rome", Theorem 13) solve Roma on an n x n board
in time 2^O(n) by sweeping the board and remembering, for the cells on the sweep line, only how
they are connected by the arrows placed so far; since the arrows form a plane graph these
connections are non-crossing partitions, counted by Catalan numbers, which is what bounds the
table by c^n (the paper's constant is 39). This module implements that idea, cell by cell
(a "broken profile" sweep), as an exact *counter* independent of the SAT solver.

Why connectivity is all that matters. Read each arrow as an undirected edge between a cell and
the cell it points to. Every non-goal cell has exactly one out-arrow, so a component with ``k``
cells and ``g`` goals has ``k - g`` edges. An assignment whose arrows stay on the board is a
solution iff this graph has no cycle (two neighbours pointing at each other count as a cycle of
two parallel edges): a forest component with ``k`` cells has ``k - 1`` edges, so it holds exactly
one goal and every path ends there; conversely a cycle of edges is a directed loop, because each
cell has only one out-arrow. So the DP only has to reject the arrow that closes a cycle, which it
sees as an edge joining two frontier cells already in the same part.

State after cell ``(r, c)``: the part of each frontier cell (cells ``(r, 0..c)`` and
``(r-1, c+1..)``), which frontier cells point down (an edge still to be added), whether ``(r, c)``
points right, and the directions already used in each box that is still open. Pruning: arrows
leaving the board, a direction used twice in a box, and an edge closing a cycle are dropped as
soon as they appear; by the argument above each such partial assignment has no completion.

>>> from escapology.roma.model import Puzzle
>>> count_dp(Puzzle.from_labels(["AB", "CD"], ["O.", ".."]))
4
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from escapology.core.limits import Deadline, LimitReached
from escapology.roma.model import DIRECTIONS, EMPTY, GOAL, Puzzle

_BIT = {"^": 1, "v": 2, "<": 4, ">": 8}


@dataclass
class DPStats:
    """Table sizes of one run: the largest number of states after any cell, and the total."""

    max_states: int = 0
    total_states: int = 0


def _normalise(labels: list[int]) -> tuple[int, ...]:
    m: dict[int, int] = {}
    return tuple(m.setdefault(x, len(m)) for x in labels)


def transposed(puzzle: Puzzle) -> Puzzle:
    """The puzzle mirrored in its main diagonal (``^`` and ``<``, ``v`` and ``>`` swapped): its
    solutions are those of ``puzzle`` mirrored, one for one.

    >>> transposed(Puzzle.from_labels(["AB"], ["O<"])).givens
    ('O', '^')
    """
    swap = {"^": "<", "<": "^", "v": ">", ">": "v", EMPTY: EMPTY, GOAL: GOAL}
    return Puzzle.from_labels([[puzzle.boxes[r][c] for r in range(puzzle.rows)] for c in range(puzzle.cols)],
                              ["".join(swap[puzzle.givens[r][c]] for r in range(puzzle.rows)) for c in range(puzzle.cols)])


def count_dp(puzzle: Puzzle, *, deadline: Deadline | None = None, stats: DPStats | None = None) -> int:
    """The exact number of solutions of ``puzzle`` by the frontier DP (Theorem 13's sweep). The
    sweep runs along the longer side (a wide board is transposed first), so the frontier is the
    shorter side."""
    if puzzle.cols > puzzle.rows:
        puzzle = transposed(puzzle)
    R, W = puzzle.rows, puzzle.cols
    order = [(r, c) for r in range(R) for c in range(W)]
    index = {cell: i for i, cell in enumerate(order)}
    first = [min(index[x] for x in cells) for cells in puzzle.box_cells]
    last = [max(index[x] for x in cells) for cells in puzzle.box_cells]
    open_after = [tuple(b for b in range(puzzle.n_boxes) if first[b] <= k < last[b]) for k in range(len(order))]
    # virtual row -1: distinct parts, never joined (no arrow points up from row 0)
    table: dict[tuple, int] = {(tuple(range(W)), 0, False, ()): 1}
    prev_open: tuple[int, ...] = ()
    stats = stats or DPStats()
    for k, (r, c) in enumerate(order):
        if deadline is not None and deadline.expired():
            raise LimitReached
        g = puzzle.givens[r][c]
        b = puzzle.boxes[r][c]
        if g == GOAL:
            choices: tuple[str, ...] = (GOAL,)
        elif g == EMPTY:
            choices = tuple(d for d in DIRECTIONS if puzzle.neighbour((r, c), d) is not None)
        else:
            choices = (g,) if puzzle.neighbour((r, c), g) is not None else ()
        nxt: dict[tuple, int] = defaultdict(int)
        new_open = open_after[k]
        for (comp, down, right, masks), ways in table.items():
            maskof = dict(zip(prev_open, masks))
            used = maskof.get(b, 0)
            for d in choices:
                bit = _BIT.get(d, 0)
                if used & bit:
                    continue  # the box already holds this direction
                labels = list(comp)
                fresh = W + 1  # a label no frontier cell has
                labels_c_old = labels[c]
                labels[c] = fresh
                ok = True
                # edges of the new cell to cells already swept
                ends = []
                if r > 0 and (down >> c) & 1:
                    ends.append(labels_c_old)
                if c > 0 and right:
                    ends.append(labels[c - 1])
                if d == "^":
                    ends.append(labels_c_old)
                elif d == "<":
                    ends.append(labels[c - 1])
                parent: dict[int, int] = {}

                def find(x: int) -> int:
                    while x in parent:
                        x = parent[x]
                    return x

                for e in ends:  # union-find over part labels: an edge inside one part is a cycle
                    a, v = find(e), find(fresh)
                    if a == v:
                        ok = False
                        break
                    parent[v] = a
                if ends and ok:
                    labels = [find(x) for x in labels]
                if not ok:
                    continue
                ndown = (down & ~(1 << c)) | ((d == "v") << c)
                maskof2 = dict(maskof)
                maskof2[b] = used | bit
                key = (_normalise(labels), ndown, d == ">", tuple(maskof2.get(x, 0) for x in new_open))
                nxt[key] += ways
        table = nxt
        prev_open = new_open
        stats.max_states = max(stats.max_states, len(table))
        stats.total_states += len(table)
    return sum(table.values())
