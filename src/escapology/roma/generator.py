"""Generating unique Roma puzzles with few givens, graded by the reasoning they need.

1. Boxes: a random partition of the board, each box grown cell by cell up to ``max_box`` cells
   (optionally only boxes that fit the chosen shapes: square, line, L, T, S tetrominoes)
   (at most 4: five arrows cannot be pairwise different), a cell joining only if the box can still
   hold pairwise different arrows that stay on the board (Hall's condition); goals are alone in
   their box in ``strict`` mode.
2. A random solution of that board: the SAT solver with random phases (a new partition is drawn
   in the rare case the board has none).
3. Givens: the smallest set of arrows making the solution unique, exact by implicit hitting sets
   (:func:`hints.minimal_hints`, at most :data:`EXACT_HINT_ROUNDS` rounds) up to ``exact_limit``
   cells; on larger boards, or when the rounds run out, deletion with unsatisfiable cores
   (:func:`greedy_hints`: all arrows given, shrunk to the SAT solver's core, then each given
   dropped when the rest keeps the solution unique), which gives an inclusion-minimal set.
4. The grade (:func:`grade.grade`); asked for an easier grade, givens are added until the rules of
   that level solve the puzzle (:func:`ease`).

The same arguments and seed give the same puzzle on every machine and at every load: every choice
comes from the seeded random generator or a deterministic SAT call, and the exact search is
limited by a count of rounds, never by the clock. A ``timeout`` only stops the whole generation
(:class:`~escapology.core.limits.LimitReached`): there is a puzzle, the same one, or none.

>>> g = generate(5, 5, seed=7)
>>> from escapology.roma.sat import solve
>>> r = solve(g.puzzle)
>>> r.unique and r.solution == g.solution
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Sequence

from escapology.core.errors import InputError
from escapology.core.limits import Deadline, LimitReached
from escapology.roma.grade import LEVELS, propagate
from escapology.roma.grade import grade as grade_puzzle
from escapology.roma.hints import minimal_hints
from escapology.roma.model import DELTA, DIRECTIONS, EMPTY, GOAL, Cell, Puzzle, Solution
from escapology.roma.sat import RomaSat


#: Hitting-set rounds the exact fewest-givens search may take per puzzle before the greedy method
#: takes over (random 10 x 10 boards need 50-130).
EXACT_HINT_ROUNDS = 2_000


@dataclass
class Generated:
    puzzle: Puzzle
    solution: Solution
    grade: str
    minimal: bool  # the givens are a minimum set (exact), not just inclusion-minimal


#: Box shapes by name (tetrominoes; smaller boxes are the parts of them), as cell offsets.
SHAPES: dict[str, tuple[Cell, ...]] = {
    "square": ((0, 0), (0, 1), (1, 0), (1, 1)),
    "line": ((0, 0), (0, 1), (0, 2), (0, 3)),
    "L": ((0, 0), (1, 0), (2, 0), (2, 1)),
    "T": ((0, 0), (0, 1), (0, 2), (1, 1)),
    "S": ((0, 1), (0, 2), (1, 0), (1, 1)),
}


def _orientations(shape: tuple[Cell, ...]) -> set[frozenset[Cell]]:
    out = set()
    cells = list(shape)
    for _ in range(4):
        cells = [(c, -r) for r, c in cells]  # rotate
        for cs in (cells, [(r, -c) for r, c in cells]):  # and reflect
            r0, c0 = min(r for r, _ in cs), min(c for _, c in cs)
            out.add(frozenset((r - r0, c - c0) for r, c in cs))
    return out


def shape_filter(names: Sequence[str]) -> Callable[[list[Cell]], bool] | None:
    """A test "these cells fit inside one of the named shapes" (``None`` for any shape).

    >>> fits = shape_filter(["square"])
    >>> fits([(0, 0), (0, 1), (1, 1)]), fits([(0, 0), (0, 1), (0, 2)])
    (True, False)
    """
    if not names or "any" in names:
        return None
    bad = [n for n in names if n not in SHAPES]
    if bad:
        raise InputError(f"unknown box shape {bad[0]!r} (use any, {', '.join(SHAPES)})")
    placed = set().union(*(_orientations(SHAPES[n]) for n in names))

    def fits(cells: list[Cell]) -> bool:
        first = cells[0]
        for o in placed:
            for anchor in o:
                dr, dc = anchor[0] - first[0], anchor[1] - first[1]
                if all((r + dr, c + dc) in o for r, c in cells):
                    return True
        return False

    return fits


def random_partition(rows: int, cols: int, max_box: int, goal_cells: list[Cell], rng: random.Random,
                     *, strict: bool = False, shapes: Sequence[str] = (), goal_alone: bool = False,
                     sizes: Sequence[float] | None = None) -> list[list[int]]:
    """A random partition into boxes of ``max_box`` cells where possible (goals alone if
    ``strict`` or ``goal_alone``), each box fitting one of ``shapes`` (names of :data:`SHAPES`;
    empty for any shape). With ``sizes`` (weights of box sizes 1, 2, 3, 4) each box is grown to a
    size drawn from them instead (at most ``max_box``)."""
    fits = shape_filter(shapes)
    box = [[-1] * cols for _ in range(rows)]
    n = 0
    if strict or goal_alone:
        for r, c in goal_cells:
            box[r][c] = n
            n += 1
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    rng.shuffle(cells)
    for r0, c0 in cells:
        if box[r0][c0] >= 0:
            continue
        box[r0][c0] = n
        members = [(r0, c0)]
        target = max_box
        if sizes is not None:
            target = min(max_box, rng.choices(range(1, len(sizes) + 1), weights=sizes)[0])
        while len(members) < target:
            frontier = [(r + dr, c + dc) for r, c in members for dr, dc in DELTA.values()
                        if 0 <= r + dr < rows and 0 <= c + dc < cols and box[r + dr][c + dc] < 0]
            rng.shuffle(frontier)
            pick = next((x for x in frontier if _distinct_possible(members + [x], rows, cols)
                         and (fits is None or fits(members + [x]))), None)
            if pick is None:
                break
            box[pick[0]][pick[1]] = n
            members.append(pick)
        n += 1
    return box


def _distinct_possible(cells: list[Cell], rows: int, cols: int) -> bool:
    """Whether the cells can hold pairwise different arrows that stay on the board (Hall's
    condition, checked by trying the assignments; boxes are small). E.g. four cells along the top
    edge cannot: none of them may point up."""
    if len(cells) > 4:
        return False
    opts = [[d for d, (dr, dc) in DELTA.items() if 0 <= r + dr < rows and 0 <= c + dc < cols] for r, c in cells]

    def rec(i: int, used: set[str]) -> bool:
        if i == len(opts):
            return True
        return any(rec(i + 1, used | {d}) for d in opts[i] if d not in used)

    return rec(0, set())


def solution_for(board: Puzzle, rng: random.Random, deadline: Deadline | None = None) -> Solution | None:
    """A random solution of ``board`` (SAT with random phases), or ``None``."""
    with RomaSat(board) as enc:
        enc.solver.set_phases([v if rng.random() < 0.5 else -v for v in range(1, enc.n_vars + 1)])
        return enc.find(enc.assumptions(board.givens) or [], deadline)


def greedy_hints(puzzle: Puzzle, solution: Solution, rng: random.Random, deadline: Deadline | None = None) -> Puzzle:
    """Inclusion-minimal givens making ``solution`` unique on the bare board of ``puzzle``.

    Deletion with unsatisfiable cores: with every arrow of ``solution`` given and "some cell
    differs from ``solution``" added, the SAT encoding is unsatisfiable; the solver's core (a
    subset of the given arrows that still leaves no other solution; the loop cuts it used hold in
    every solution) replaces the set. Then each given, in a random order, is dropped when the rest
    stays unsatisfiable, the set shrinking again to the new core. A given that is needed stays
    needed in every subset (fewer givens, more solutions), so one pass gives an
    inclusion-minimal set."""
    base = puzzle.bare()
    with RomaSat(base) as enc:
        enc.solver.add_clause(enc.blocking_clause(solution, base.givens))
        lit = {cell: enc.var[(cell[0], cell[1], solution[cell[0]][cell[1]])]
               for cell in base.cells() if solution[cell[0]][cell[1]] in DIRECTIONS}
        hints = list(lit)
        rng.shuffle(hints)

        def core_of(cells: list[Cell]) -> list[Cell]:
            core = set(enc.solver.get_core() or ())
            return [c for c in cells if lit[c] in core] if core else cells

        if enc.find([lit[c] for c in hints], deadline) is not None:  # pragma: no cover - S is a solution
            raise AssertionError("a second solution with every arrow given")
        hints = core_of(hints)
        i = 0
        while i < len(hints):
            trial = hints[:i] + hints[i + 1:]
            if enc.find([lit[c] for c in trial], deadline) is None:
                hints = core_of(trial)  # the needed givens before i are in every core
            else:
                i += 1
    givens = [list(row) for row in base.givens]
    for r, c in hints:
        givens[r][c] = solution[r][c]
    return base.with_givens(["".join(row) for row in givens])


#: Box sizes 1-4 of published puzzles, the goals' boxes left out: the shared real puzzles (6
#: distinct boards of the 7 entries: pzprjs, cspuz/puzsq, noqx, newtomsoft, rome.c; 8 boxes of one
#: cell, 17 of two, 18 of three, 12 of four). ``style="published"`` draws each box's size from
#: these weights.
PUBLISHED_BOX_SIZES = (8, 17, 18, 12)
#: Given arrows per cell of published puzzles: real 10 x 10 puzzles carry 30-56 givens, median 41
#: (the 207-puzzle collection of issue 19; its minimal sets carry 17-20). ``style="published"``
#: draws the fraction from a triangular law on (low, high) with this mode.
PUBLISHED_GIVEN_FRACTION = (0.30, 0.56, 0.41)
STYLES = ("minimal", "published")


def generate(
    rows: int, cols: int, *, max_box: int = 4, goals: int = 1, strict: bool = False,
    seed: int | None = None, exact_limit: int = 100, timeout: float | None = None,
    grade: str | None = None, shapes: Sequence[str] = (), goal_alone: bool = True, style: str = "minimal",
) -> Generated:
    """A random puzzle with a unique solution and few givens (see the module docstring). With
    ``grade`` (``easy``, ``medium``, ``hard``) givens are added until the rules of that level
    solve it (:func:`ease`), so the puzzle is at most that hard.

    ``goal_alone`` (default, as in 205 of the 207 published puzzles): each goal is alone in a
    one-cell box. ``style="published"``: box sizes drawn from :data:`PUBLISHED_BOX_SIZES` and, after
    the fewest givens, more of the solution's arrows given until their number reaches a fraction
    of the cells drawn from :data:`PUBLISHED_GIVEN_FRACTION` (the puzzle stays unique: every
    added given agrees with the solution); ``minimal`` and ``Generated.minimal`` then say whether
    the givens are a minimum set.

    The ``timeout`` covers the whole generation (partition, solution, givens, grade):
    :class:`~escapology.core.limits.LimitReached` is raised when it passes first."""
    if rows < 1 or cols < 1 or rows * cols < 2:
        raise InputError("the board needs at least two cells")
    if not 1 <= max_box <= 4:
        raise InputError("--max-box must be 1 to 4 (a box of five cells cannot hold five different arrows)")
    if not 1 <= goals < rows * cols:
        raise InputError("the number of goals must be between 1 and the number of cells - 1")
    if strict and (rows != cols or max_box > 4 or goals != 1):
        raise InputError("--strict needs a square board, boxes of at most 4 cells and one goal")
    shape_filter(shapes)  # reject unknown names before any work
    if style not in STYLES:
        raise InputError(f"unknown style {style!r} (use {', '.join(STYLES)})")
    rng = random.Random(seed)
    deadline = Deadline(timeout)
    all_cells = [(r, c) for r in range(rows) for c in range(cols)]
    goal_cells = rng.sample(all_cells, goals)
    sizes = PUBLISHED_BOX_SIZES if style == "published" else None
    while True:
        deadline.check()
        boxes = random_partition(rows, cols, max_box, goal_cells, rng, strict=strict, shapes=shapes,
                                 goal_alone=goal_alone, sizes=sizes)
        givens = [["." for _ in range(cols)] for _ in range(rows)]
        for r, c in goal_cells:
            givens[r][c] = GOAL
        board = Puzzle.from_labels(boxes, ["".join(row) for row in givens])
        found = solution_for(board, rng, deadline)
        if found is not None:
            solution = found
            break
    minimal = False
    if rows * cols <= exact_limit:
        res = minimal_hints(board, solution=solution, deadline=deadline, max_rounds=EXACT_HINT_ROUNDS)
        if res.puzzle is not None:
            puzzle, minimal = res.puzzle, True
        elif deadline.expired():
            raise LimitReached
        else:
            puzzle = greedy_hints(board, solution, rng, deadline)
    else:
        puzzle = greedy_hints(board, solution, rng, deadline)
    if style == "published":
        puzzle = add_givens(puzzle, solution, rng)
        minimal = False
    if grade is not None and grade not in ("expert", "search"):
        level = LEVELS.index(grade) + 1
        eased = ease(puzzle, solution, level, rng, deadline)
        minimal = minimal and eased == puzzle
        puzzle = eased
    return Generated(puzzle, solution, grade_puzzle(puzzle, deadline=deadline), minimal)


def add_givens(puzzle: Puzzle, solution: Solution, rng: random.Random) -> Puzzle:
    """``puzzle`` with more of ``solution``'s arrows given, up to a published-like density
    (:data:`PUBLISHED_GIVEN_FRACTION` of the cells); never fewer givens than it has."""
    low, high, mode = PUBLISHED_GIVEN_FRACTION
    target = round(rng.triangular(low, high, mode) * puzzle.n_cells)
    givens = [list(row) for row in puzzle.givens]
    free = [(r, c) for r, c in puzzle.cells() if givens[r][c] == EMPTY and solution[r][c] in DIRECTIONS]
    rng.shuffle(free)
    for r, c in free[: max(0, target - puzzle.n_givens())]:
        givens[r][c] = solution[r][c]
    return puzzle.with_givens(["".join(row) for row in givens])


def ease(puzzle: Puzzle, solution: Solution, level: int, rng: random.Random,
         deadline: Deadline | None = None) -> Puzzle:
    """Add givens from ``solution`` until the rules up to ``level`` (:mod:`grade`) alone solve the
    puzzle: each round gives one random cell that those rules leave open. Then drop every added
    given that is not needed for that. The solution stays unique: the rules are sound, so a puzzle
    they solve has exactly one solution."""
    givens = [list(row) for row in puzzle.givens]
    added: list[Cell] = []
    while True:
        cur = puzzle.with_givens(["".join(row) for row in givens])
        cand = propagate(cur, level, deadline=deadline)
        open_cells = sorted(c for c, v in (cand or {}).items() if len(v) > 1)
        if cand is not None and not open_cells:
            break
        r, c = rng.choice(open_cells)
        givens[r][c] = solution[r][c]
        added.append((r, c))
    for r, c in reversed(added):
        givens[r][c] = EMPTY
        cand = propagate(puzzle.with_givens(["".join(row) for row in givens]), level, deadline=deadline)
        if cand is None or any(len(v) > 1 for v in cand.values()):
            givens[r][c] = solution[r][c]
    return puzzle.with_givens(["".join(row) for row in givens])


#: the name the package exports it under (escapology.roma.generate is the protocol's)
generate_puzzle = generate
