"""A human-style solve path: each step gives one cell's arrow with the rule that forces it and why.

The rules are the grader's (:mod:`escapology.roma.grade`), in its levels, and every rule only
removes candidate arrows that no solution uses, so a step never gives a wrong arrow:

- level 1 (*easy*): ``leaves-board`` (the arrow would leave the board), ``box`` (the box already
  holds that direction), ``box-needs`` (a box of four arrow cells needs a direction that no other of
  its cells can take), ``loop`` (the neighbour points back: a loop of two);
- level 2 (*medium*): ``subset`` (``j`` cells of the box share ``j`` directions), ``loop`` (the
  arrow would close a loop along given or found arrows, naming its cells);
- level 3 (*hard*): ``only-way-out`` (from the neighbour every way to Rome passes back through the
  cell, so the cell's way out is elsewhere);
- level 4 (*expert*): ``trial`` (if the cell had that arrow, the level-2 rules would leave another
  cell without any arrow: "if X then Y contradicts Z");
- level 5 (*search*): what no rule decides is taken from the solution (found by the SAT solver)
  and said so; on a puzzle with several solutions this picks one of them.

The path applies the lowest level that makes progress, fixes every cell it can, gives those cells
as steps (the reasons of all the arrows each cell lost), and starts again from level 1. A partly
filled grid (a pzprv3 answer) is checked first: each wrong arrow is a step of rule ``wrong``
(level 0) before any new cell is given, and the path goes on from the correct ones.

>>> from escapology.roma.io import decode_url
>>> ex = explain(decode_url("https://puzz.link/p?roma/3/3/70og4a322c5"))
>>> ex.status.value, len(ex.steps), ex.solution
('solved', 4, ('>v<', 'vv^', '>>O'))
>>> ex.steps[0].to_json()["rule"]
'box'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator, Sequence

import typer

from escapology.core.cli_support import emit_json, report_unknown
from escapology.core.limits import Deadline, LimitReached
from escapology.core.results import EXIT_OK, Status
from escapology.core.wording import plural
from escapology.roma.drawing import render_svg, text_board
from escapology.roma.grade import _cell_rules, _dominated, _dominators, _fails_at_level2, _geometry
from escapology.roma.model import DIRECTIONS, EMPTY, GOAL, OPPOSITE, Cell, Puzzle, Solution, cell_name
from escapology.roma.sat import solve

LEVEL_NAMES = {0: "wrong", 1: "easy", 2: "medium", 3: "hard", 4: "expert", 5: "search"}


@dataclass(frozen=True)
class Step:
    """One step: the cell (0-based, from the top left), its arrow, the rule, its level, why."""

    cell: Cell
    arrow: str
    rule: str
    level: int
    because: str

    def to_json(self) -> dict[str, Any]:
        return {"cell": list(self.cell), "arrow": self.arrow, "rule": self.rule, "level": self.level,
                "because": self.because}

    def __str__(self) -> str:
        return f"{cell_name(self.cell)} {self.arrow}  [{LEVEL_NAMES[self.level]}: {self.rule}] {self.because}"


@dataclass
class Explanation:
    """The solve path; ``solution`` is the grid the steps end at (``None`` when unsolvable)."""

    status: Status
    steps: list[Step]
    solution: Solution | None
    unique: bool | None = None
    start: tuple[str, ...] = field(default_factory=tuple)  # the grid before the first step

    def to_json(self) -> dict[str, Any]:
        return {"status": self.status.value, "steps": [s.to_json() for s in self.steps],
                "solution": list(self.solution) if self.solution is not None else None}

    def grids(self) -> Iterator[tuple[Step, tuple[str, ...]]]:
        """Each step with the grid after it (``.`` for cells not yet given)."""
        grid = [list(row) for row in self.start]
        for s in self.steps:
            r, c = s.cell
            grid[r][c] = EMPTY if s.rule == "wrong" else s.arrow
            yield s, tuple("".join(row) for row in grid)


_name = cell_name


class _Path:
    """The candidates and the reasons each cell lost its other arrows."""

    def __init__(self, puzzle: Puzzle, known: dict[Cell, str]) -> None:
        self.puzzle = puzzle
        self.nbr, self.box_of = _geometry(puzzle)
        self.cand: dict[Cell, set[str]] = {}
        self.why: dict[Cell, list[tuple[int, str, str]]] = {}  # (level, rule, text) per lost arrow
        for cell in puzzle.cells():
            g = puzzle.given(cell)
            if g == GOAL:
                continue
            self.why[cell] = []
            if g in DIRECTIONS or cell in known:
                self.cand[cell] = {g if g in DIRECTIONS else known[cell]}
                continue
            self.cand[cell] = set()
            for d in DIRECTIONS:
                if self.nbr[cell][d] is None:
                    self.why[cell].append((1, "leaves-board", f"{d} would leave the board"))
                else:
                    self.cand[cell].add(d)

    def open_cells(self) -> list[Cell]:
        return [c for c, v in self.cand.items() if len(v) > 1]

    def remove(self, cell: Cell, d: str, level: int, rule: str, text: str) -> None:
        if d in self.cand[cell] and len(self.cand[cell]) > 1:
            self.cand[cell].discard(d)
            self.why[cell].append((level, rule, text))

    def rules(self, cell: Cell, level: int, dom: dict | None) -> None:
        """Apply the rules up to ``level`` to ``cell`` (as :func:`_cell_rules`, with reasons)."""
        cand, opts = self.cand, self.cand[cell]
        mates = [x for x in self.box_of[cell] if x in cand]
        for other in mates:
            if other != cell and len(cand[other]) == 1:
                (d,) = cand[other]
                self.remove(cell, d, 1, "box", f"{d}: the box already holds {d} at {_name(other)}")
        if len(mates) == 4 and len(opts) > 1:
            for d in DIRECTIONS:
                if d in opts and not any(d in cand[x] for x in mates if x != cell):
                    for e in sorted(opts - {d}):
                        self.remove(cell, e, 1, "box-needs", f"{e}: its box of four arrows needs {d}, and no other "
                                    "of its cells can take it")
                    break
        if level >= 2 and len(opts) > 1 and len(mates) > 1:
            others = [x for x in mates if x != cell]
            for k in range(1, 1 << len(others)):
                group = [x for i, x in enumerate(others) if k >> i & 1]
                union = set().union(*(cand[x] for x in group))
                if len(union) == len(group) and union & opts:
                    names = ", ".join(_name(x) for x in group)
                    for d in sorted(union & opts):
                        self.remove(cell, d, 2, "subset", f"{d}: the cells {names} of its box take "
                                    f"{' '.join(sorted(union))} between them")
        for d in sorted(opts):
            nb = self.nbr[cell][d]
            if nb in cand and cand[nb] == {OPPOSITE[d]}:
                self.remove(cell, d, 1, "loop", f"{d}: {_name(nb)} points back, a loop of two")
        if level >= 2:
            for d in sorted(opts):
                path, cur = [], self.nbr[cell][d]
                while cur in cand and len(cand[cur]) == 1 and cur != cell and len(path) <= len(cand):
                    path.append(cur)
                    cur = self.nbr[cur][next(iter(cand[cur]))]
                if cur == cell and len(path) > 1:
                    self.remove(cell, d, 2, "loop", f"{d}: it would close a loop with the cells "
                                f"{_name(path[0])}..{_name(path[-1])} ({len(path) + 1} cells)")
        if level >= 3 and dom is not None:
            for d in sorted(opts):
                nb = self.nbr[cell][d]
                if _dominated(dom, nb, cell):
                    self.remove(cell, d, 3, "only-way-out", f"{d}: from {_name(nb)} every way to Rome passes back "
                                "through this cell, so its way out is elsewhere")

    def contradiction(self, cell: Cell, d: str) -> Cell | None:
        """The cell left without an arrow when ``cell`` takes ``d`` and the level-2 rules run."""
        work = {k: set(v) for k, v in self.cand.items()}
        work[cell] = {d}
        changed = True
        while changed:
            changed = False
            for x, opts in work.items():
                before = len(opts)
                _cell_rules(x, opts, work, 2, self.nbr, self.box_of, len(work))
                if not opts:
                    return x
                changed = changed or len(opts) != before
        return None


def explain(puzzle: Puzzle, answer: Sequence[str] | None = None, *, deadline: Deadline | None = None,
            max_steps: int | None = None) -> Explanation:
    """The solve path of ``puzzle`` from ``answer`` (a partly filled grid, ``.`` where empty) or
    from the givens; see the module docstring. With ``max_steps`` it stops after that many steps
    (the solution is then the solver's). Raises ``LimitReached`` when ``deadline`` passes."""
    res = solve(puzzle, deadline=deadline)
    if res.solution is None:
        status = Status.UNKNOWN if res.status is Status.UNKNOWN else Status.UNSOLVABLE
        return Explanation(status, [], None, None, tuple(puzzle.givens))
    sol = res.solution
    steps: list[Step] = []
    known: dict[Cell, str] = {}
    start = [list(row) for row in puzzle.givens]
    for cell in puzzle.cells():
        a = answer[cell[0]][cell[1]] if answer is not None else EMPTY
        if puzzle.given(cell) != EMPTY or a not in DIRECTIONS:
            continue
        start[cell[0]][cell[1]] = a
        if _fits(puzzle, {**known, cell: a}, sol, res.unique, deadline):
            known[cell] = a
        else:
            together = "" if res.unique else " together with the arrows filled in before it"
            steps.append(Step(cell, a, "wrong", 0, f"no solution has {a} at {_name(cell)}{together}: take it away"))
    path = _Path(puzzle, known)
    if not res.unique and known:  # follow a solution with the player's (consistent) arrows
        sol = solve(puzzle.with_givens(_with(puzzle.givens, known)), uniqueness=False, deadline=deadline).solution or sol
    for cell, opts in path.cand.items():  # cells the board's edges alone decide
        if len(opts) == 1 and puzzle.given(cell) == EMPTY and cell not in known:
            steps.append(_step(path, cell))
    while path.open_cells():
        if max_steps is not None and len(steps) >= max_steps:
            return Explanation(Status.SOLVED, steps[:max_steps], sol, res.unique, tuple("".join(r) for r in start))
        if deadline is not None:
            deadline.check()
        before = {c: len(v) for c, v in path.cand.items()}
        level = _progress(path, deadline)
        fixed = [c for c, v in path.cand.items() if len(v) == 1 and before[c] > 1]
        if level is None:  # nothing decides: take a cell from the solution
            cell = path.open_cells()[0]
            d = sol[cell[0]][cell[1]]
            text = ("no rule of levels 1-4 decides it; the solution found by search has " + d if res.unique
                    else "the puzzle has more than one solution; this cell is taken as in one of them")
            for e in sorted(path.cand[cell] - {d}):
                path.why[cell].append((5, "search", f"{e}: {text}"))
            path.cand[cell] = {d}
            fixed = [cell]
        for cell in fixed:
            steps.append(_step(path, cell))
    grid = tuple("".join(GOAL if puzzle.given((r, c)) == GOAL else next(iter(path.cand[(r, c)]))
                         for c in range(puzzle.cols)) for r in range(puzzle.rows))
    return Explanation(Status.SOLVED, steps, grid, res.unique, tuple("".join(r) for r in start))


def _progress(path: _Path, deadline: Deadline | None) -> int | None:
    """Apply the lowest level that removes something until a cell is fixed or it stops; the level
    used, or ``None`` when levels 1-4 remove nothing."""
    for level in (1, 2, 3):
        removed = False
        while True:
            dom = _dominators(path.puzzle, path.cand) if level >= 3 else None
            sizes = {c: len(v) for c, v in path.cand.items()}
            for cell in path.open_cells():
                path.rules(cell, level, dom)
            changed = [c for c, v in path.cand.items() if len(v) != sizes[c]]
            if not changed:
                break
            removed = True
            if any(len(path.cand[c]) == 1 for c in changed):
                return level
        if removed:
            return level
    for cell in path.open_cells():  # level 4: one-step trials
        for d in sorted(path.cand[cell]):
            if deadline is not None:
                deadline.check()
            if _fails_at_level2(path.puzzle, path.cand, cell, d):
                bad = path.contradiction(cell, d)
                where = f"{_name(bad)} has no arrow left" if bad is not None else "the rules meet a contradiction"
                path.remove(cell, d, 4, "trial", f"{d}: if {_name(cell)} were {d}, then by the rules of levels 1-2 "
                            f"{where}")
                return 4
    return None


def _step(path: _Path, cell: Cell) -> Step:
    (d,) = path.cand[cell]
    why = path.why[cell]
    level = max((lv for lv, _, _ in why), default=1)
    rule = why[-1][1] if why else "given"
    return Step(cell, d, rule, level, f"only {d} is left: " + "; ".join(text for _, _, text in why))


def _with(givens: Sequence[str], extra: dict[Cell, str]) -> list[str]:
    rows = [list(r) for r in givens]
    for (r, c), a in extra.items():
        rows[r][c] = a
    return ["".join(r) for r in rows]


def _fits(puzzle: Puzzle, arrows: dict[Cell, str], sol: Solution, unique: bool | None,
          deadline: Deadline | None) -> bool:
    """Whether some solution has all of ``arrows`` (the unique one, or any, by the SAT solver)."""
    if all(sol[r][c] == a for (r, c), a in arrows.items()):
        return True
    if unique:
        return False

    return solve(puzzle.with_givens(_with(puzzle.givens, arrows)), uniqueness=False,
                 deadline=deadline).solution is not None


def report(entries: Sequence[Any], json_output: bool, deadline: Deadline, next_only: bool = False,
           svg_dir: Any = None) -> int:
    """``escapology roma explain``: for each entry (:class:`~escapology.roma.io.Entry`, its answer
    the partly filled grid) the path as numbered text lines and the solved board, or one JSON
    object ``{"status", "steps", "solution"}``; ``next_only``: the first step only (a hint with
    its reason); ``svg_dir``: a picture of the grid after each step. The exit code."""
    code = EXIT_OK
    for i, e in enumerate(entries):
        try:
            ex = explain(e.puzzle, e.answer, deadline=deadline, max_steps=1 if next_only else None)
        except LimitReached:
            ex = Explanation(Status.UNKNOWN, [], None)
        if ex.status is Status.UNKNOWN:
            code = report_unknown(json_output, {"steps": None, "solution": None})
            continue
        if next_only:
            ex.steps = ex.steps[:1]
        if svg_dir is not None:
            out = Path(svg_dir)
            out.mkdir(parents=True, exist_ok=True)
            for k, (step, grid) in enumerate(ex.grids(), 1):
                render_svg(e.puzzle, grid).save(out / f"step-{k:03d}.svg")
        if json_output:
            emit_json(ex.to_json())
            continue
        if i:
            typer.echo("")
        if ex.solution is None:
            typer.echo("unsolvable: there is no solution to explain")
            continue
        for k, step in enumerate(ex.steps, 1):
            typer.echo(f"{k}. {step}")
        if not ex.steps:
            typer.echo("nothing to explain: every cell is given")
        if not next_only:
            typer.echo(text_board(e.puzzle, ex.solution))
            levels = max((s.level for s in ex.steps), default=1)
            typer.echo(f"solved in {plural(len(ex.steps), 'step')}; the hardest needs level {levels} ({LEVEL_NAMES[levels]})")
    return code
