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
from functools import cached_property
from typing import Iterable, Iterator, Sequence

import numpy as np

from escapology.core.limits import Deadline, LimitReached
from escapology.core.results import Status
from escapology.roma import sat_grid
from escapology.roma.model import DIRECTIONS, EMPTY, GOAL, Cell, Puzzle, Solution
from escapology.roma.sat_core import DEFAULT_SOLVER, ArrowSat, Vertex, poller, gc_paused


#: the index in DIRECTIONS of each arrow's character code, -1 for the other codes
_ARROW = np.full(256, -1, dtype=np.int64)
_ARROW[[ord(d) for d in DIRECTIONS]] = np.arange(len(DIRECTIONS))
#: the character code of each arrow, in the order of DIRECTIONS
_CODE = np.array([ord(d) for d in DIRECTIONS], dtype=np.uint8)


def _codes(grid: Sequence[str]) -> np.ndarray:
    """The character codes of a grid of ASCII rows, row-major."""
    return np.frombuffer("".join(grid).encode("ascii"), dtype=np.uint8)


class RomaSat(ArrowSat):
    """An incremental SAT encoding of the board (boxes and goals) of ``puzzle``.

    It is the :class:`ArrowSat` of the arcs "cell -> on-board neighbour, coloured by direction"
    (non-goal cells row-major, each cell's arrows in the order of ``DIRECTIONS``), the boxes and
    the goals, with the 2x2 circles as extra clauses: the same variables, clauses (in the same
    order) and vertex ids, built with numpy by :mod:`escapology.roma.sat_grid` instead of a Python
    loop per arc (tests/roma/test_sat_encoding.py compares the two). ``var[(r, c, d)]`` is the
    variable of the arrow ``d`` in ``(r, c)``; ``var``, ``arc_var``, ``decode`` and ``arcs`` are
    dicts made when first read (the solver itself works on the grid's arrays).
    """

    def __init__(self, puzzle: Puzzle, *, solver: str = DEFAULT_SOLVER, deadline: Deadline | None = None) -> None:
        self.puzzle = puzzle
        poll = poller(deadline, every=1)  # called between passes over the whole board
        with gc_paused():
            self._grid = g = sat_grid.Grid(puzzle)
            poll()
            clauses = sat_grid.clauses(g, poll)
            vertices = g.cells(g.order)
        self.roma = set(g.cells(np.flatnonzero(g.goal)))
        self.arrow_cells: list[Cell] = vertices[:g.n_movers]
        self._start(clauses, vertices, g.vertex[g.cell], g.vertex[g.to], solver, poll)

    @cached_property
    def var(self) -> dict[tuple[int, int, str], int]:
        """The variable of each arrow: ``(row, col, direction) -> x``."""
        g = self._grid
        r, c = np.divmod(g.cell, g.cols)
        return dict(zip(zip(r.tolist(), c.tolist(), np.array(DIRECTIONS)[g.arrow].tolist()), range(1, g.n_vars + 1)))

    @cached_property
    def arc_var(self) -> dict[tuple[Vertex, Vertex], int]:  # type: ignore[override]
        """ArrowSat's view of :attr:`var`: ``(cell, target cell) -> x``."""
        g = self._grid
        return dict(zip(zip(g.cells(g.cell), g.cells(g.to)), range(1, g.n_vars + 1)))

    @cached_property
    def decode(self) -> dict[int, tuple[Vertex, Vertex]]:  # type: ignore[override]
        """The arc of each variable: ``x -> (cell, target cell)``."""
        return {x: arc for arc, x in self.arc_var.items()}

    @cached_property
    def arcs(self) -> dict[Vertex, list[tuple[Vertex, str]]]:  # type: ignore[override]
        """The arcs of each arrow cell: ``cell -> [(target cell, direction), ...]``."""
        g = self._grid
        out: dict[Vertex, list[tuple[Vertex, str]]] = {cell: [] for cell in self.arrow_cells}
        for (cell, to), d in zip(self.arc_var, np.array(DIRECTIONS)[g.arrow].tolist()):
            out[cell].append((to, d))
        return out

    def cut(self, vertices: Iterable[Vertex]) -> list[int]:
        """The loop cut of a set of cells (:meth:`ArrowSat.cut`, read off the grid's arrays)."""
        g = self._grid
        ids = np.array(list(dict.fromkeys(r * g.cols + c for r, c in vertices)), dtype=np.int64)
        inside = np.zeros(g.rows * g.cols, dtype=bool)
        inside[ids] = True
        lits = g.var[ids]
        return lits[(lits > 0) & ~inside[g.target[ids]]].tolist()

    # -- givens -------------------------------------------------------------------------------
    def assumptions(self, givens: Sequence[str]) -> list[int] | None:
        """The assumption literals of ``givens`` (rows of this board's size), row-major, or
        ``None`` when a given arrow leaves the board or the goals differ from this encoding's
        board (then there is no solution)."""
        g = self._grid
        if len(givens) != g.rows or any(len(row) != g.cols for row in givens):
            raise ValueError(f"the givens are not {g.rows} rows of {g.cols} cells")
        codes = _codes(givens)
        goal = codes == ord(GOAL)
        if (goal & ~g.goal).any() or (g.goal & ~goal & (codes != ord(EMPTY))).any():
            return None
        cells = np.flatnonzero(_ARROW[codes] >= 0)
        lits = g.var[cells, _ARROW[codes[cells]]]
        return lits.tolist() if lits.all() else None

    # -- solving ------------------------------------------------------------------------------
    def find(self, assumptions: list[int], deadline: Deadline | None = None) -> Solution | None:
        """A solution under ``assumptions`` (adding loop cuts as needed), or ``None``."""
        chosen = self.find_arcs(assumptions, deadline)
        if chosen is None:
            return None
        g = self._grid
        codes = np.where(g.goal, ord(GOAL), ord(EMPTY)).astype(np.uint8)
        codes[g.cell[chosen - 1]] = _CODE[g.arrow[chosen - 1]]
        text = codes.tobytes().decode("ascii")
        return tuple(text[at:at + g.cols] for at in range(0, len(text), g.cols))

    def blocking_clause(self, solution: Sequence[str], givens: Sequence[str]) -> list[int]:
        """The clause "differ from ``solution`` in some cell that is not given" (a ``ValueError``
        when ``solution`` has no arrow of this board in such a cell)."""
        g = self._grid
        free = np.flatnonzero(~g.goal & (_codes(givens) == ord(EMPTY)))
        arrow = _ARROW[_codes(solution)[free]]
        lits = g.var[free, arrow]
        if (arrow < 0).any() or not lits.all():
            raise ValueError("the solution does not fit the board of this encoding")
        return (-lits).tolist()

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
