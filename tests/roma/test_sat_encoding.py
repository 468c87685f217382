"""RomaSat builds its encoding with numpy (escapology.roma.sat_grid); ArrowSat's generic
constructor, fed the grid's arcs, boxes and 2x2 circles the plain way, is the reference: the same
variables, the same vertex ids and the same clauses. The clauses are compared as sets and, more
strictly, as lists: their order steers the SAT solver's search, hence which solution it finds
first (the generator's puzzle for a seed)."""

from __future__ import annotations

import random

import pytest

from escapology.roma.generator import random_partition
from escapology.roma import sat_grid
from escapology.roma.model import DIRECTIONS, GOAL, Cell, Puzzle
from escapology.roma.sat import RomaSat, solve
from escapology.roma.sat_core import ArrowSat

from .conftest import random_puzzle


def reference(puzzle: Puzzle) -> tuple[ArrowSat, dict[tuple[int, int, str], int]]:
    """The generic engine on the grid's arcs (non-goal cells row-major, arrows in the order of
    DIRECTIONS), boxes and 2x2 circles, and the variable of each arrow as that order numbers them."""
    arcs: dict[Cell, list[tuple[Cell, str]]] = {
        cell: [(nb, d) for d in DIRECTIONS if (nb := puzzle.neighbour(cell, d)) is not None]
        for cell in puzzle.cells() if puzzle.given(cell) != GOAL
    }
    var: dict[tuple[int, int, str], int] = {}
    for cell, out in arcs.items():
        for _, d in out:
            var[(cell[0], cell[1], d)] = len(var) + 1
    circles = []
    for r in range(puzzle.rows - 1):
        for c in range(puzzle.cols - 1):
            cw = [(r, c, ">"), (r, c + 1, "v"), (r + 1, c + 1, "<"), (r + 1, c, "^")]
            ccw = [(r, c, "v"), (r + 1, c, ">"), (r + 1, c + 1, "^"), (r, c + 1, "<")]
            for cyc in (cw, ccw):
                if all(k in var for k in cyc):
                    circles.append([-var[k] for k in cyc])
    boxes = {cell: puzzle.box(cell) for cell in puzzle.cells()}
    return ArrowSat(arcs, puzzle.goals, boxes, extra_clauses=circles), var


def partitioned(rng: random.Random) -> Puzzle:
    """A board cut into boxes of 1 to 4 cells as the generator cuts them, goals alone or not."""
    R, C = rng.randint(2, 9), rng.randint(2, 9)
    goals = [(rng.randrange(R), rng.randrange(C)) for _ in range(rng.randint(0, 3))]
    labels = random_partition(R, C, 4, goals, rng, goal_alone=rng.random() < 0.5)
    givens = [["."] * C for _ in range(R)]
    for r, c in goals:
        givens[r][c] = GOAL
    return Puzzle.from_labels(labels, ["".join(row) for row in givens])


def boards() -> list[Puzzle]:
    """Random boards: few large boxes (few labels), many small ones, none or several goals, given
    arrows, single rows and columns, one cell."""
    rng = random.Random(2024)
    out = [random_puzzle(rng, max_rows=8, max_cols=8, max_label=rng.choice([0, 1, 2, 5, 30]),
                         goals=(0, 4), givens=(0, 6)) for _ in range(150)]
    out += [partitioned(rng) for _ in range(60)]
    out += [Puzzle.from_labels([[0]]), Puzzle.from_labels([[0]], ["O"]), Puzzle.from_labels(["AB"], ["OO"]),
            Puzzle.from_labels(["ABCD"], ["..O."]), Puzzle.from_labels([["A"], ["A"], ["B"]], [".", "O", "."])]
    return out


@pytest.mark.parametrize("puzzle", boards())
def test_the_numpy_encoding_is_the_generic_one(puzzle: Puzzle) -> None:
    ref, var = reference(puzzle)
    with ref, RomaSat(puzzle) as fast:
        assert {frozenset(cl) for cl in fast.clauses} == {frozenset(cl) for cl in ref.clauses}
        assert sorted(map(sorted, fast.clauses)) == sorted(map(sorted, ref.clauses))
        assert fast.clauses == ref.clauses  # the same order, literal by literal
        assert fast.n_vars == ref.n_vars == len(var)
        assert list(fast.var.items()) == list(var.items())
        assert list(fast.arc_var.items()) == list(ref.arc_var.items())
        assert fast.decode == ref.decode and fast.arcs == ref.arcs
        assert fast.arrow_cells == list(ref.arcs)
        assert fast.vertices == ref.vertices
        assert fast._src.tolist() == ref._src.tolist() and fast._dst.tolist() == ref._dst.tolist()
        rng = random.Random(str(puzzle))
        for _ in range(5):
            cells = rng.sample(fast.arrow_cells, rng.randint(0, len(fast.arrow_cells)))
            assert fast.cut(cells) == ref.cut(cells)
        given = [(r, c, ch) for r, row in enumerate(puzzle.givens) for c, ch in enumerate(row) if ch in DIRECTIONS]
        expected = [var[k] for k in given] if all(k in var for k in given) else None
        assert fast.assumptions(puzzle.givens) == expected
        assert fast.assumptions(puzzle.bare().givens) == []
        if fast.arrow_cells:
            (r, c), extra = fast.arrow_cells[0], [list(row) for row in puzzle.givens]
            extra[r][c] = GOAL
            assert fast.assumptions(["".join(row) for row in extra]) is None


@pytest.mark.parametrize("puzzle", boards()[::10])
def test_the_encoding_made_in_small_chunks_is_the_same(puzzle: Puzzle, monkeypatch: pytest.MonkeyPatch) -> None:
    """The clauses are made in chunks of about ``CHUNK`` (the clock looked at between them): a
    chunk may end inside a cell's or a box's clauses."""
    with RomaSat(puzzle) as whole:
        monkeypatch.setattr(sat_grid, "CHUNK", 3)
        with RomaSat(puzzle) as chunked:
            assert chunked.clauses == whole.clauses


@pytest.mark.parametrize("puzzle", boards()[:40])
def test_the_blocking_clause_names_the_free_cells_arrows(puzzle: Puzzle) -> None:
    res = solve(puzzle, uniqueness=False)
    if res.solution is None:
        return
    sol = res.solution
    with RomaSat(puzzle) as enc:
        expected = [-enc.var[(r, c, sol[r][c])] for r, c in enc.arrow_cells if puzzle.givens[r][c] == "."]
        assert enc.blocking_clause(sol, puzzle.givens) == expected
        if not expected:
            return
        with pytest.raises(ValueError):
            enc.blocking_clause(["O" * puzzle.cols] * puzzle.rows, ["." * puzzle.cols] * puzzle.rows)
