"""The main Roma solver: the grid as an instance of the SAT core (:mod:`escapology.roma.sat_core`).

Variables ``x[c,d]``: cell ``c`` holds the arrow ``d``; only arrows that stay on the board get a
variable (an arrow leaving the board can never be part of a solution). The engine adds: every
non-goal cell holds exactly one arrow; a box holds each direction at most once (the box rule of
Definition 1); two neighbours never point at each other; some cell of each box without a goal
points out of it; and, lazily, the loop cut "some cell of ``S`` points out of ``S``" for every
cycle ``S`` of a model (sound: every path from ``S`` must reach a goal outside ``S``). Added here:
no 2x2 block turns in a circle (the cut of a 2x2 block is weaker than forbidding the 2 circles).

Givens are passed as assumptions, so one :class:`RomaSat` serves many sets of givens on the same
board (the hint search asks thousands of such questions).

>>> from escapology.roma.io import decode_url
>>> res = solve(decode_url("https://puzz.link/p?roma/4/4/augddgb2a12d53a3b"))
>>> res.status.value, res.unique, res.solution
('solved', True, ('>vv<', '^v<^', '>>O<', '^<>^'))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator, Sequence

from escapology.core.limits import Deadline, LimitReached
from escapology.core.results import Status
from escapology.roma.sat_core import DEFAULT_SOLVER, ArrowSat
from escapology.roma.model import DELTA, DIRECTIONS, EMPTY, GOAL, Cell, Puzzle, Solution


class RomaSat(ArrowSat):
    """An incremental SAT encoding of the board (boxes and goals) of ``puzzle``."""

    def __init__(self, puzzle: Puzzle, *, solver: str = DEFAULT_SOLVER, deadline: Deadline | None = None) -> None:
        self.puzzle = puzzle
        R, C = puzzle.rows, puzzle.cols
        poll = deadline.check if deadline is not None else (lambda: None)
        self.arrow_cells: list[Cell] = [cell for cell in puzzle.cells() if puzzle.given(cell) != GOAL]
        poll()  # each step here is a pass over the board: seconds at 400 x 400
        arcs: dict[Cell, list[tuple[Cell, str]]] = {}
        for i, cell in enumerate(self.arrow_cells):
            if not i % 4096:
                poll()
            arcs[cell] = [(nb, d) for d in DIRECTIONS if (nb := puzzle.neighbour(cell, d)) is not None]
        boxes = {cell: puzzle.box(cell) for cell in puzzle.cells()}
        poll()
        # variable numbers are assigned by the engine in the order of ``arcs``: predict them
        var: dict[tuple[int, int, str], int] = {}
        for cell, out in arcs.items():
            for _, d in out:
                var[(cell[0], cell[1], d)] = len(var) + 1
        extra = []
        for r in range(R - 1):
            poll()
            for c in range(C - 1):
                cw = [(r, c, ">"), (r, c + 1, "v"), (r + 1, c + 1, "<"), (r + 1, c, "^")]
                ccw = [(r, c, "v"), (r + 1, c, ">"), (r + 1, c + 1, "^"), (r, c + 1, "<")]
                for cyc in (cw, ccw):
                    if all(k in var for k in cyc):
                        extra.append([-var[k] for k in cyc])
        super().__init__(arcs, puzzle.goals, boxes, extra_clauses=extra, solver=solver, deadline=deadline)
        self.var = var

    # -- givens -------------------------------------------------------------------------------
    def assumptions(self, givens: Sequence[str]) -> list[int] | None:
        """The assumption literals of ``givens``, or ``None`` when a given arrow leaves the board
        or the goals differ from this encoding's board (then there is no solution)."""
        lits = []
        for r, row in enumerate(givens):
            for c, ch in enumerate(row):
                is_goal = self.puzzle.givens[r][c] == GOAL
                if (ch == GOAL) != is_goal and not (is_goal and ch == EMPTY):
                    return None
                if ch in DIRECTIONS:
                    key = (r, c, ch)
                    if key not in self.var:
                        return None
                    lits.append(self.var[key])
        return lits

    # -- solving ------------------------------------------------------------------------------
    def find(self, assumptions: list[int], deadline: Deadline | None = None) -> Solution | None:
        """A solution under ``assumptions`` (adding loop cuts as needed), or ``None``."""
        succ = self.find_successors(assumptions, deadline)
        if succ is None:
            return None
        grid = [[GOAL if ch == GOAL else EMPTY for ch in row] for row in self.puzzle.givens]
        step = {delta: d for d, delta in DELTA.items()}
        for (r, c), (r2, c2) in succ.items():
            grid[r][c] = step[(r2 - r, c2 - c)]
        return tuple("".join(row) for row in grid)

    def blocking_clause(self, solution: Sequence[str], givens: Sequence[str]) -> list[int]:
        """The clause "differ from ``solution`` in some cell that is not given"."""
        return [
            -self.var[(r, c, solution[r][c])]
            for r, c in self.arrow_cells
            if givens[r][c] == EMPTY
        ]

    def enumerate(self, givens: Sequence[str], deadline: Deadline | None = None) -> Iterator[Solution]:
        """Every solution with ``givens``, each once. Adds blocking clauses: use a fresh encoding
        afterwards for other questions."""
        assumptions = self.assumptions(givens)
        if assumptions is None:
            return
        while True:
            sol = self.find(assumptions, deadline)
            if sol is None:
                return
            yield sol
            block = self.blocking_clause(sol, givens)
            if not block:
                return
            self.solver.add_clause(block)


@dataclass
class SolveResult:
    """The answer of :func:`solve`: status, a solution, whether it is unique, a second solution."""

    status: Status
    solution: Solution | None = None
    unique: bool | None = None
    second: Solution | None = None
    stats: dict[str, int] = field(default_factory=dict)


def _decisions(enc: ArrowSat) -> int | None:
    """The SAT solver's decisions so far (the nodes of its search tree), where it counts them."""
    try:
        return int((enc.solver.accum_stats() or {}).get("decisions"))
    except (AttributeError, NotImplementedError, TypeError, ValueError):
        return None


def solve(
    puzzle: Puzzle, *, timeout: float | None = None, deadline: Deadline | None = None,
    uniqueness: bool = True, solver: str = DEFAULT_SOLVER,
) -> SolveResult:
    """Solve ``puzzle`` and, with ``uniqueness``, prove that the solution is unique or find a second.

    On timeout the status is ``unknown`` (with the solution if one was found but uniqueness was
    not settled).
    """
    deadline = deadline or Deadline(timeout)
    try:
        encoding = RomaSat(puzzle, solver=solver, deadline=deadline)
    except LimitReached:  # the deadline passed while the encoding was built
        return SolveResult(Status.UNKNOWN, None, None, None, {"cuts": 0, "sat_calls": 0, "nodes": None})
    with encoding as enc:
        sols: list[Solution] = []
        try:
            for sol in enc.enumerate(puzzle.givens, deadline):
                sols.append(sol)
                if len(sols) >= (2 if uniqueness else 1):
                    break
        except LimitReached:
            stats = {"cuts": enc.cuts, "sat_calls": enc.calls, "nodes": _decisions(enc)}
            return SolveResult(Status.UNKNOWN, sols[0] if sols else None, None, None, stats)
        stats = {"cuts": enc.cuts, "sat_calls": enc.calls, "variables": enc.n_vars, "nodes": _decisions(enc)}
    if not sols:
        return SolveResult(Status.UNSOLVABLE, stats=stats)
    if not uniqueness:
        return SolveResult(Status.SOLVED, sols[0], None, None, stats)
    return SolveResult(Status.SOLVED, sols[0], len(sols) == 1, sols[1] if len(sols) > 1 else None, stats)


def count(
    puzzle: Puzzle, *, cap: int | None = None, timeout: float | None = None,
    deadline: Deadline | None = None, solver: str = DEFAULT_SOLVER,
) -> tuple[int, bool]:
    """The number of solutions of ``puzzle`` (by enumeration with blocking clauses), and whether
    it is exact: ``(cap, False)`` when there are more than ``cap``. Raises ``LimitReached`` on timeout.

    >>> from escapology.roma.model import Puzzle
    >>> count(Puzzle.from_labels(["AB", "CD"], ["O.", ".."]))
    (4, True)
    """
    deadline = deadline or Deadline(timeout)
    n = 0
    with RomaSat(puzzle, solver=solver, deadline=deadline) as enc:
        for _ in enc.enumerate(puzzle.givens, deadline):
            n += 1
            if cap is not None and n > cap:
                return cap, False
    return n, True


#: the name the package exports it under (escapology.roma.solve is the protocol's)
solve_sat = solve
