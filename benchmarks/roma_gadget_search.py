"""Roma: computer-aided search for the missing gadget of Theorem 2's reduction, a crossing of a
one-bit wire with a line of preset flow (docs/roma.md, "Theorem 2's reduction: not built").

    .venv/bin/python benchmarks/roma_gadget_search.py                      # 3 x 4 window, 10 min
    .venv/bin/python benchmarks/roma_gadget_search.py --cols 2-7 --time 600  # 3 x 6 window

**The question.** A wire of stacked conductor boxes ``[x < > y]`` (Lemma 4) runs down the
columns 3-6 of a test board; a line of preset ``<`` arrows runs along the middle row of a window
(rows 4-6 by default) from the right edge to the left, where it continues to Rome. The window
sits between the wire's upper part (ending in row 3) and its lower part (starting in row 7); its
cells may be preset or free and grouped into boxes of 2-4 cells. Every other cell is a given arrow
of a breadth-first tree to Rome at ``(0, 0)`` that never points into the wire, the window or the
line. The wire's state is set by a given arrow in its top box (``v``: state A, the left column
flows down) and one in its bottom box. A *crossing* is a window design such that the states
``AA`` and ``BB`` (upper and lower part agree) have exactly one completion each, and ``AB`` and
``BA`` none, and in ``AA`` and ``BB`` the line's flow crosses the window without entering the
wire: then the bit passes the line, and the line's cells take no decision. (The lower
part's state equals the upper's by default; ``--invert`` asks for a crossing that inverts the bit,
which would do as well.)

**The search** is counterexample-guided (CEGAR): a SAT master (python-sat) chooses the presets and
the boxes of the window together with one completion for ``AA`` and one for ``BB`` (arrows,
box rule, and levels that decrease along every arrow inside the designed cells, so no cycle);
the project's SAT counter (:func:`escapology.roma.sat.RomaSat`) then checks the four states on
the real board. Each completion it finds that should not exist becomes a clause of the master: a
preset that contradicts it, a chosen box that it breaks, or (for ``AA`` / ``BB``) that it is the
chosen completion. The master's UNSAT answer proves that no crossing exists in that window
with these wires; a design that passes all four checks is a crossing.

**Measured** (2026-11-24, 2-core VM shared with other jobs; the table is in docs/roma.md): no
crossing exists in windows of one or two columns (the master runs out of designs in under a
minute, with or without ``--invert``); for the 3 x 4 and 3 x 6 windows the search did not settle
the question in 15 and 10 minutes (41,427 and 19,266 refuted completions).
"""

from __future__ import annotations

import argparse
import itertools
import time

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Solver

from escapology.roma.model import DELTA, DIRECTIONS, Puzzle
from escapology.roma.reductions.frame import framed_puzzle
from escapology.roma.sat import RomaSat

ROWS, COLS = 11, 10  # the test board
WIRE_COLS = (3, 4, 5, 6)
STATES = {"AA": ("v", "v"), "BB": ("^", "^"), "AB": ("v", "^"), "BA": ("^", "v")}
WANT = {"AA": 1, "BB": 1, "AB": 0, "BA": 0}

Cell = tuple[int, int]
Design = dict[Cell, tuple[str, str]]  # cell -> (box label, given symbol)


class Window:
    """The test board around a window of rows ``rows`` and columns ``cols`` (see the module)."""

    def __init__(self, rows: tuple[int, ...] = (4, 5, 6), cols: tuple[int, ...] = (3, 4, 5, 6)) -> None:
        self.rows, self.cols = rows, cols
        self.line = rows[len(rows) // 2]
        self.cells = [(r, c) for r in rows for c in cols]
        upper, lower = range(1, rows[0]), range(rows[-1] + 1, ROWS - 1)
        self.wire: Design = {}
        for r in [*upper, *lower]:
            for c, g in zip(WIRE_COLS, ".<>."):
                self.wire[(r, c)] = (f"w{r}", g)
        self.fixed: Design = dict(self.wire)
        for c in [*range(1, cols[0]), *range(cols[-1] + 1, COLS)]:  # the line outside the window
            self.fixed[(self.line, c)] = (f"line{c}", "<")
        self.top, self.bottom = (upper[0], WIRE_COLS[0]), (lower[-1], WIRE_COLS[0])

    def board(self, window: Design, state: str) -> Puzzle:
        """The test board with the window's design and the wire in ``state`` (``"AA"``...)."""
        top, bottom = STATES[state]
        design = {**self.fixed, **window}
        design[self.top] = (design[self.top][0], top)
        design[self.bottom] = (design[self.bottom][0], bottom)
        return framed_puzzle(design, ROWS, COLS)

    def completions(self, window: Design, state: str, cap: int) -> list[tuple[str, ...]]:
        """Up to ``cap`` solutions of the test board in ``state``."""
        p = self.board(window, state)
        out = []
        with RomaSat(p) as enc:
            for sol in enc.enumerate(p.givens):
                out.append(sol)
                if len(out) >= cap:
                    break
        return out

    def line_passes(self, window: Design, state: str, sol: tuple[str, ...]) -> bool:
        """Whether the line's flow, from the right edge, crosses the window and leaves it on the
        left without entering the wire (else the "crossing" only merges the line into the wire)."""
        p = self.board(window, state)
        cell, exit_cell = (self.line, COLS - 1), (self.line, self.cols[0] - 1)
        while cell != exit_cell:
            if cell in self.wire or sol[cell[0]][cell[1]] == "O":
                return False
            cell = p.neighbour(cell, sol[cell[0]][cell[1]])
        return True

    def counts(self, window: Design) -> dict[str, int]:
        """The number of completions (capped at 2) of each state; a crossing gives ``WANT``."""
        return {s: len(self.completions(window, s, 2)) for s in STATES}


def boxes_in(cells: list[Cell]) -> list[frozenset[Cell]]:
    """Every connected set of 2-4 cells of ``cells`` (the candidate boxes)."""
    pool, out = set(cells), set()

    def grow(shape: frozenset[Cell]) -> None:
        if len(shape) >= 2:
            out.add(shape)
        if len(shape) == 4:
            return
        for a in shape:
            for dr, dc in DELTA.values():
                n = (a[0] + dr, a[1] + dc)
                if n in pool and n not in shape:
                    grow(shape | {n})

    for c in cells:
        grow(frozenset([c]))
    return sorted(out, key=lambda s: (len(s), sorted(s)))


class Cegar:
    """The counterexample-guided search (see the module's docstring)."""

    def __init__(self, win: Window) -> None:
        self.win = win
        self.boxes = boxes_in(win.cells)
        self.pool = IDPool()
        self.design_cells = win.cells + list(win.fixed)
        clauses: list[list[int]] = []
        for c in win.cells:
            clauses += CardEnc.atmost([self.p(c, d) for d in DIRECTIONS], 1, vpool=self.pool,
                                      encoding=EncType.pairwise).clauses
            mine = [self.sel(i) for i, b in enumerate(self.boxes) if c in b]
            clauses += CardEnc.atmost(mine, 1, vpool=self.pool, encoding=EncType.seqcounter).clauses
        for i, b in enumerate(self.boxes):
            for u, w in itertools.combinations(sorted(b), 2):
                clauses += [[-self.sel(i), -self.p(u, d), -self.p(w, d)] for d in DIRECTIONS]
        clauses += self._completion("AA") + self._completion("BB")
        self.solver = Solver(name="cadical153", bootstrap_with=clauses)
        self.counterexamples = 0

    def p(self, c: Cell, d: str) -> int:
        return self.pool.id(("preset", c, d))

    def sel(self, i: int) -> int:
        return self.pool.id(("box", i))

    def a(self, s: str, c: Cell, d: str) -> int:
        return self.pool.id(("arrow", s, c, d))

    def g(self, s: str, c: Cell, k: int) -> int:
        return self.pool.id(("level", s, c, k))

    def _completion(self, s: str) -> list[list[int]]:
        """Clauses: the arrows of state ``s`` form a completion of the designed cells (every
        arrow into a designed cell goes down one level at least; the others reach Rome)."""
        win, top_bottom = self.win, STATES[s]
        levels = len(self.design_cells)
        designed = set(self.design_cells)
        cl: list[list[int]] = []
        for c in self.design_cells:
            given = win.fixed.get(c, ("", "."))[1]
            if c == win.top:
                given = top_bottom[0]
            if c == win.bottom:
                given = top_bottom[1]
            lits = [self.a(s, c, d) for d in DIRECTIONS]
            cl.append(lits)
            cl += CardEnc.atmost(lits, 1, vpool=self.pool, encoding=EncType.pairwise).clauses
            if given != ".":
                cl.append([self.a(s, c, given)])
            if c in win.cells:
                cl += [[-self.p(c, d), self.a(s, c, d)] for d in DIRECTIONS]
            cl.append([-self.g(s, c, levels + 1)])
            cl += [[-self.g(s, c, k + 1), self.g(s, c, k)] for k in range(1, levels + 1)]
            for d in DIRECTIONS:
                n = (c[0] + DELTA[d][0], c[1] + DELTA[d][1])
                if n in designed:
                    cl.append([-self.a(s, c, d), self.g(s, c, 1)])
                    cl += [[-self.a(s, c, d), -self.g(s, n, k), self.g(s, c, k + 1)] for k in range(1, levels + 1)]
        groups: dict[str, list[Cell]] = {}
        for c, (label, _) in win.wire.items():
            groups.setdefault(label, []).append(c)
        for cells in groups.values():
            for u, w in itertools.combinations(cells, 2):
                cl += [[-self.a(s, u, d), -self.a(s, w, d)] for d in DIRECTIONS]
        for i, b in enumerate(self.boxes):
            for u, w in itertools.combinations(sorted(b), 2):
                cl += [[-self.sel(i), -self.a(s, u, d), -self.a(s, w, d)] for d in DIRECTIONS]
        return cl

    def design(self, model: list[int]) -> Design:
        true = {lit for lit in model if lit > 0}
        label = {c: f"s{c[0]}_{c[1]}" for c in self.win.cells}
        for i, b in enumerate(self.boxes):
            if self.sel(i) in true:
                for c in b:
                    label[c] = f"b{i}"
        return {c: (label[c], next((d for d in DIRECTIONS if self.p(c, d) in true), "."))
                for c in self.win.cells}

    def refute(self, sol: tuple[str, ...], s: str, *, unique_is_fine: bool = True) -> None:
        """Add: the design forbids the completion ``sol`` of state ``s`` (or, for AA / BB and
        ``unique_is_fine``, it is the master's own completion)."""
        lits = [self.p(c, d) for c in self.win.cells for d in DIRECTIONS if d != sol[c[0]][c[1]]]
        for i, b in enumerate(self.boxes):
            arrows = [sol[r][c] for r, c in b]
            if len(set(arrows)) < len(arrows):
                lits.append(self.sel(i))
        if WANT[s] == 1 and unique_is_fine:
            same = self.pool.id(("same", s, sol))
            for c in self.design_cells:
                self.solver.add_clause([-same, self.a(s, c, sol[c[0]][c[1]])])
            lits.append(same)
        self.solver.add_clause(lits)
        self.counterexamples += 1

    def run(self, seconds: float) -> tuple[str, Design | None]:
        """``("found", design)``, ``("none", None)`` (proof: no crossing in this window) or
        ``("unknown", None)`` when the time is up."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if not self.solver.solve():
                return "none", None
            window = self.design(self.solver.get_model())
            ok = True
            for s, want in WANT.items():
                sols = self.win.completions(window, s, want + 1)
                if len(sols) != want:
                    ok = False
                    for sol in sols:
                        self.refute(sol, s)
                elif want == 1 and not self.win.line_passes(window, s, sols[0]):
                    ok = False  # every design with this completion fails: forbid it outright
                    self.refute(sols[0], s, unique_is_fine=False)
            if ok:
                return "found", window
        return "unknown", None


def _span(text: str) -> tuple[int, ...]:
    a, _, b = text.partition("-")
    return tuple(range(int(a), int(b or a) + 1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rows", default="4-6", help="window rows (the line is the middle one)")
    ap.add_argument("--cols", default="3-6", help="window columns (the wire is 3-6)")
    ap.add_argument("--time", type=float, default=600.0, help="seconds")
    ap.add_argument("--invert", action="store_true", help="the lower part carries the negated bit")
    args = ap.parse_args()
    if args.invert:  # the bottom box's given arrow swapped: "AA" now means upper A, lower B
        for state, (top, bottom) in list(STATES.items()):
            STATES[state] = (top, "^" if bottom == "v" else "v")
    win = Window(_span(args.rows), _span(args.cols))
    search = Cegar(win)
    t0 = time.monotonic()
    verdict, design = search.run(args.time)
    print(f"window rows {args.rows} cols {args.cols}{' (inverting)' if args.invert else ''}: {verdict} after {search.counterexamples} "
          f"counterexamples, {len(search.boxes)} candidate boxes, {time.monotonic() - t0:.0f} s")
    if design is not None:
        for r in win.rows:
            print(" ".join(f"{design[(r, c)][0]}:{design[(r, c)][1]}" for c in win.cols))


if __name__ == "__main__":
    main()
