"""roma-planar3sat: the number of Roma solutions equals the number of models (Theorems 2 and 10,
parsimonious), counted by the SAT counter, by the Theorem 13 DP on small boards, and against a
brute-force count of the formula; the formula side alone; the command line and its limits."""

import itertools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.solvers import Solver
from typer.testing import CliRunner

from escapology.cli import app
from escapology.core.errors import InputError
from escapology.roma.dp import count_dp
from escapology.roma.io import decode_url, read_puzzles
from escapology.roma.reductions.layout import DOWN, UP, check_drawable, crosses, monotone_line
from escapology.roma.reductions.planar3sat import MAX_VARIABLES, planar3sat_to_roma
from escapology.roma.sat import count

runner = CliRunner()


def models(n: int, clauses: list[list[int]]) -> int:
    return sum(all(any(bits[abs(lit) - 1] == (lit > 0) for lit in cl) for cl in clauses)
               for bits in itertools.product((False, True), repeat=n))


def random_cnf(rng: random.Random, n: int, m: int) -> list[list[int]]:
    return [[v * rng.choice((1, -1)) for v in rng.sample(range(1, n + 1), rng.randint(1, min(3, n)))]
            for _ in range(m)]


def planar_or_none(n, clauses):
    """The reduction of a formula with a planar incidence graph (else ``None``: the crossings are
    test_reduction_crossings.py's); a planar one needs no swap, or (rarely, when it has no drawing
    with one slot per variable even after a split) is routed like a non-planar one."""
    from escapology.roma.reductions.planar3sat import _planar
    from escapology.roma.reductions.planarize import normalise_clauses

    if not _planar(n, normalise_clauses(clauses)):
        return None
    try:
        return planar3sat_to_roma(n, clauses)
    except InputError as e:
        assert "crossover" in e.message or "route" in e.message or "cells" in e.message
        return None


# -- the formula side -----------------------------------------------------------------------------
def line_models(lf) -> int:
    """The models of the line formula over all its slots (a slot in no clause doubles them)."""
    top = max((abs(lit) for cl in lf.clauses() for lit in cl), default=0)  # pysat enumerates 1..top
    with Solver(name="glucose4", bootstrap_with=lf.clauses()) as s:
        return sum(1 for _ in s.enum_models()) * 2 ** (lf.n_slots - top)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 6), st.integers(1, 8), st.integers(0, 10**9))
def test_the_monotone_line_formula_has_the_models_of_the_input(n, m, seed):
    clauses = random_cnf(random.Random(seed), n, m)
    red = planar_or_none(n, clauses)
    if red is None:
        return
    lf = red.line
    check_drawable(lf)
    for a in lf.arcs:  # monotone: "up" clauses positive, "down" negative, by construction of clauses()
        assert a.page in (UP, DOWN) and list(a.slots) == sorted(set(a.slots))
    assert line_models(lf) == models(n, clauses)


def test_crossing_arcs_are_found_and_a_crossing_free_order_is_chosen():
    assert crosses((0, 2), (1, 3)) and not crosses((0, 3), (1, 2))
    lf = monotone_line(4, [[1, 3], [2, 4], [1, 2, 3]])  # crossing in the order 1 2 3 4 on one page
    check_drawable(lf)
    assert line_models(lf) == models(4, [[1, 3], [2, 4], [1, 2, 3]])


# -- the whole reduction --------------------------------------------------------------------------
@settings(max_examples=25, deadline=None)
@given(st.integers(2, 6), st.integers(1, 8), st.integers(0, 10**9))
def test_the_number_of_solutions_is_the_number_of_models(n, m, seed):
    clauses = random_cnf(random.Random(seed), n, m)
    red = planar_or_none(n, clauses)
    if red is None:
        return
    got, exact = count(red.puzzle, cap=2 ** n + 1, timeout=60)
    assert exact and got == models(n, clauses)


def test_planar_formulas_need_no_swap():
    rng = random.Random(3)
    built = 0
    for _ in range(60):
        n = rng.randint(4, 6)
        red = planar_or_none(n, random_cnf(rng, n, 8))
        if red is not None:
            built += 1
            assert red.swaps == 0 or not _one_slot_order(n, red.clauses)
    assert built > 0


def _one_slot_order(n, clauses):
    from escapology.roma.reductions.layout import split_embed

    try:
        split_embed(n, clauses)
        return True
    except InputError:
        return False


@pytest.mark.parametrize("n, clauses", [
    (1, [[1]]), (1, [[-1]]), (2, [[1, 2]]), (2, [[1, -2]]), (2, [[1], [-2]]), (3, [[1, 2, 3]]),
    (2, [[-1, -2]]), (2, [[1], [-1, 2], [-2]]),
])
def test_the_theorem_13_dp_agrees_on_small_boards(n, clauses):
    p = planar3sat_to_roma(n, clauses).puzzle
    assert count_dp(p) == models(n, clauses) == count(p)[0]  # the DP sweeps along the long side


def test_unsatisfiable_formula_gives_a_board_without_solution():
    red = planar3sat_to_roma(2, [[1, 2], [-1], [-2]])
    assert count(red.puzzle) == (0, True)


# -- command line ---------------------------------------------------------------------------------
def reduce_cli(*args, input=None):
    return runner.invoke(app, ["reduce", "roma-planar3sat", *map(str, args)], input=input)


def test_the_instance_names_its_command_and_its_count_and_solve_reads_it(tmp_path):
    cnf = tmp_path / "f.cnf"
    cnf.write_text("p cnf 3 3\n1 -2 3 0\n-1 2 0\n2 -3 0\n")
    out = tmp_path / "f.roma"
    res = reduce_cli(cnf, "-o", out)
    assert res.exit_code == 0, res.output
    lines = out.read_text().splitlines()
    assert lines[0] == f"# escapology reduce roma-planar3sat {cnf}"
    assert "number of solutions is the number of models" in lines[1]
    (entry,) = read_puzzles(out.read_text())
    res = runner.invoke(app, ["roma", "count", str(out), "-f", "json"])
    assert json.loads(res.stdout)["count"] == models(3, [[1, -2, 3], [-1, 2], [2, -3]]) == 4
    url = reduce_cli(cnf, "--format", "url").stdout.strip()
    assert decode_url(url) == entry.puzzle
    data = json.loads(reduce_cli(cnf, "--format", "json").stdout)
    assert data["url"] == url and data["rows"] == entry.puzzle.rows


@pytest.mark.parametrize("text, words", [
    ("p cnf 9 1\n1 2 3 0\n", f"at most {MAX_VARIABLES}"),
    ("p cnf 4 1\n1 2 3 4 0\n", "3-CNF"),
    ("p cnf 2 1\n1 3 0\n", "exceeds"),
    ("p cnf 8 448\n" + "".join(f"{a * s} {b * t} {c * u} 0\n" for a, b, c in itertools.combinations(range(1, 9), 3)
                             for s, t, u in itertools.product((1, -1), repeat=3)),
     "columns per literal"),
])
def test_bad_or_too_large_formulas_exit_2_with_one_line(tmp_path, text, words):
    cnf = tmp_path / "f.cnf"
    cnf.write_text(text)
    res = reduce_cli(cnf)
    assert res.exit_code == 2, res.output
    assert words in res.output and "Traceback" not in res.output


def test_no_frame_cell_points_into_a_ring(monkeypatch):
    # the frame's breadth-first tree reaches every cell from the wires, caps and roots alone (its
    # fallback into rings, sound but unneeded, is never taken on these boards)
    from escapology.roma.reductions import board, gadgets

    into_ring = []

    def fill(cv, rows, cols):
        arrows = gadgets.fill_frame(cv, rows, cols)
        step = {"^": (-1, 0), "v": (1, 0), "<": (0, -1), ">": (0, 1)}
        into_ring.extend(c for c, a in arrows.items() if (c[0] + step[a][0], c[1] + step[a][1]) in cv.ring)
        return arrows

    monkeypatch.setattr(board, "fill_frame", fill)
    rng = random.Random(11)
    built = 0
    for _ in range(60):
        n = rng.randint(2, 8)
        built += planar_or_none(n, random_cnf(rng, n, rng.randint(1, 12))) is not None
    assert built > 30 and into_ring == []


def test_a_planar_formula_without_a_one_slot_order_is_drawn_after_splitting_a_variable():
    from escapology.roma.reductions.layout import embed

    n, clauses = 5, [[-2, 3], [-4], [-4, 5, 3], [-3, -1, 5], [-4, -3, 5], [-1, -5], [-2, 5], [5, 3, 1]]
    with pytest.raises(InputError):
        embed(n, clauses)  # planar, but no order with one slot per variable
    red = planar3sat_to_roma(n, clauses)
    assert {v for v, _ in red.line.origin} == set(range(1, n + 2))  # variable 6: the split copy
    assert line_models(red.line) == models(n, clauses) == count(red.puzzle)[0] == 5
