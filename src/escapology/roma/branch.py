"""The search tree algorithm of Lemma 12 (Goergen, Fernau, Oest, Wolf, "All Paths Lead to Rome",
Section 4): forced arrows first, then branching on an empty cell.

**The rule** (the paper's paragraph before Lemma 12). For an empty cell ``c`` the candidate arrows
are the four directions minus

* the arrows already used in ``c``'s box (the box rule),
* an arrow leaving the board,
* an arrow towards a neighbour ``w`` whose flow, followed through the arrows placed so far, comes
  back to ``c`` (the arrow would close a cycle of two or more cells).

A cell with one candidate gets it (a new instance ``R'``; the rule is applied again), a cell with
none ends the branch. When no cell is forced the algorithm branches on an empty cell with the
fewest candidates (ties: row-major order), one subtree per candidate.

**Correctness.** Every excluded arrow belongs to no solution that extends the current partial
assignment: a repeated arrow breaks the box rule, an arrow off the board has no successor, and an
arrow closing a cycle makes the cells of the cycle miss Rome (Lemma 1). So no solution is lost,
and the branches are disjoint (they differ on the branching cell), which makes the leaf count the
number of solutions. A leaf (no empty cell) is a solution: every cycle has a last cell to be
filled, and at that moment the check above saw it; no arrow leaves the board; so every path is
finite and ends at a goal. The givens are checked by the same rule, one at a time.

**Running time (Lemma 12).** On an ``n x n`` board with ``k`` empty cells and no empty 1-box, each
tree node costs ``O(n^2)`` (finding the next forced or branching cell, following flows), and the
tree has ``O(3.32^k)`` leaves: the worst box is a 2-box ``{c, c'}``; with one cell given, the
other has at most 3 candidates; with both empty, ``c`` has 4 and then ``c'`` 3 (or 2 when ``c``
points at ``c'``, since ``c'`` pointing back closes a 2-cycle), at most ``3*3 + 2 = 11`` completions
of the two cells, ``sqrt(11) < 3.32`` per cell. Larger boxes are cheaper (``4*3*2/3 < 3.32^3``...);
an empty 1-box may take 4 values, hence the lemma's exception. :func:`solve_branch` reports the
nodes it visited, so the bound can be compared with the measured growth
(``benchmarks/roma_branch.py``).

>>> from escapology.roma.io import decode_url
>>> res = solve_branch(decode_url("https://puzz.link/p?roma/4/4/augddgb2a12d53a3b"))
>>> res.status.value, res.unique, res.solution
('solved', True, ('>vv<', '^v<^', '>>O<', '^<>^'))
>>> from escapology.roma.model import Puzzle
>>> count_branch(Puzzle.from_labels(["AB", "CD"], ["O.", ".."]))
4
"""

from __future__ import annotations

from dataclasses import dataclass, field

from escapology.core.limits import Deadline, LimitReached
from escapology.core.results import Status
from escapology.roma.model import DELTA, DIRECTIONS, EMPTY, GOAL, Puzzle
from escapology.roma.sat import SolveResult

__all__ = ["BranchStats", "count_branch", "solve_branch"]


@dataclass
class BranchStats:
    """``nodes``: branching nodes of the search tree; ``forced``: arrows placed by the rule;
    ``leaves``: solutions reached."""

    nodes: int = 0
    forced: int = 0
    leaves: int = 0
    dead_ends: int = 0
    extra: dict[str, int] = field(default_factory=dict)


class _Search:
    """The mutable state of one search: the grid (flat), the arrows used per box, an undo log."""

    def __init__(self, puzzle: Puzzle, deadline: Deadline | None, limit: int | None) -> None:
        self.p = puzzle
        R, C = puzzle.rows, puzzle.cols
        self.R, self.C = R, C
        self.grid = [ch for row in puzzle.givens for ch in row]
        self.box = [b for row in puzzle.boxes for b in row]
        self.used: list[set[str]] = [set() for _ in range(puzzle.n_boxes)]
        # successor index of each (cell, direction), or -1 off the board
        self.step: list[dict[str, int]] = []
        for r in range(R):
            for c in range(C):
                out = {}
                for d, (dr, dc) in DELTA.items():
                    r2, c2 = r + dr, c + dc
                    out[d] = r2 * C + c2 if 0 <= r2 < R and 0 <= c2 < C else -1
                self.step.append(out)
        self.deadline = deadline
        self.limit = limit
        self.solutions: list[tuple[str, ...]] = []  # the first two (a count may be far larger)
        self.count = 0
        self.stats = BranchStats()
        self.ticks = 0

    # -- the rule ---------------------------------------------------------------------------
    def closes_cycle(self, i: int, d: str) -> bool:
        """True iff the arrow ``d`` in cell ``i`` leads, through placed arrows, back to ``i``."""
        j = self.step[i][d]
        seen = 0
        limit = self.R * self.C
        while j >= 0 and seen <= limit:
            if j == i:
                return True
            ch = self.grid[j]
            if ch not in DELTA:  # empty or a goal: the flow stops here
                return False
            j = self.step[j][ch]
            seen += 1
        return False

    def candidates(self, i: int) -> list[str]:
        used = self.used[self.box[i]]
        return [d for d in DIRECTIONS if d not in used and self.step[i][d] >= 0 and not self.closes_cycle(i, d)]

    def place(self, i: int, d: str, log: list[int]) -> None:
        self.grid[i] = d
        self.used[self.box[i]].add(d)
        log.append(i)

    def undo(self, log: list[int], upto: int) -> None:
        while len(log) > upto:
            i = log.pop()
            self.used[self.box[i]].discard(self.grid[i])
            self.grid[i] = EMPTY

    # -- the search -------------------------------------------------------------------------
    def check_givens(self) -> bool:
        """Place the given arrows one by one under the rule; False if one breaks it."""
        givens = [(i, ch) for i, ch in enumerate(self.grid) if ch in DELTA]
        for i, _ in givens:
            self.grid[i] = EMPTY
        for i, ch in givens:
            if ch in self.used[self.box[i]] or self.step[i][ch] < 0 or self.closes_cycle(i, ch):
                return False
            self.grid[i] = ch
            self.used[self.box[i]].add(ch)
        return True

    def run(self) -> None:
        log: list[int] = []
        self.search(log)

    def search(self, log: list[int]) -> bool:
        """Explore the subtree of the current partial grid; True when the solution limit is hit."""
        self.ticks += 1
        if self.deadline is not None and self.ticks % 64 == 1 and self.deadline.expired():
            raise LimitReached
        mark = len(log)
        while True:  # the rule until no cell is forced
            best_i, best = -1, None
            forced = False
            for i, ch in enumerate(self.grid):
                if ch != EMPTY:
                    continue
                cand = self.candidates(i)
                if not cand:
                    self.stats.dead_ends += 1
                    self.undo(log, mark)
                    return False
                if len(cand) == 1:
                    self.place(i, cand[0], log)
                    self.stats.forced += 1
                    forced = True
                    continue
                if best is None or len(cand) < len(best):
                    best_i, best = i, cand
            if not forced:
                break
        if best is None:  # a leaf: every cell is filled
            self.stats.leaves += 1
            self.count += 1
            if len(self.solutions) < 2:
                C = self.C
                self.solutions.append(tuple("".join(self.grid[r * C:(r + 1) * C]) for r in range(self.R)))
            self.undo(log, mark)
            return self.limit is not None and self.count >= self.limit
        self.stats.nodes += 1
        for d in best:
            here = len(log)
            self.place(best_i, d, log)
            stop = self.search(log)
            self.undo(log, here)
            if stop:
                self.undo(log, mark)
                return True
        self.undo(log, mark)
        return False


def solve_branch(puzzle: Puzzle, *, timeout: float | None = None, deadline: Deadline | None = None,
                 uniqueness: bool = True) -> SolveResult:
    """Solve by the Lemma 12 search tree; with ``uniqueness`` the tree is searched for a second
    solution too. The answer has the shape of the SAT solver's (:class:`~escapology.roma.sat.SolveResult`);
    ``stats`` holds ``nodes`` (branchings), ``forced`` and ``dead_ends``. On timeout the status is
    ``unknown`` (with a solution when one was found)."""
    deadline = deadline or Deadline(timeout)
    s = _Search(puzzle, deadline, 2 if uniqueness else 1)
    try:
        if s.check_givens():
            s.run()
    except LimitReached:
        stats = {"nodes": s.stats.nodes, "forced": s.stats.forced, "dead_ends": s.stats.dead_ends}
        return SolveResult(Status.UNKNOWN, s.solutions[0] if s.solutions else None, None, None, stats)
    stats = {"nodes": s.stats.nodes, "forced": s.stats.forced, "dead_ends": s.stats.dead_ends}
    sols = s.solutions
    if not sols:
        return SolveResult(Status.UNSOLVABLE, stats=stats)
    if not uniqueness:
        return SolveResult(Status.SOLVED, sols[0], None, None, stats)
    return SolveResult(Status.SOLVED, sols[0], len(sols) == 1, sols[1] if len(sols) > 1 else None, stats)


def count_branch(puzzle: Puzzle, *, timeout: float | None = None, deadline: Deadline | None = None,
                 stats: BranchStats | None = None) -> int:
    """The exact number of solutions: the leaves of the whole search tree (raises
    :class:`~escapology.core.limits.LimitReached` on timeout)."""
    s = _Search(puzzle, deadline or Deadline(timeout), None)
    if s.check_givens():
        s.run()
    if stats is not None:
        stats.nodes, stats.forced, stats.leaves, stats.dead_ends = (s.stats.nodes, s.stats.forced,
                                                                    s.stats.leaves, s.stats.dead_ends)
    return s.count
