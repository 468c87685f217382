"""Theorem 4 as the paper builds it (escapology.amazeing.reductions.theorem4): the exact race search
on the built board agrees with an independent QBF evaluator (plain recursion over the prefix,
written here) on every 1-variable formula and on random 3-variable ones; the gadgets join what the
proof says; the size formula matches the board; bad QDIMACS prefixes are refused with their line."""

import itertools
import json
import random

import pytest
from typer.testing import CliRunner

from escapology.amazeing.io import dumps, loads, read_qdimacs
from escapology.amazeing.model import Shift
from escapology.amazeing.reductions import check_prefix, qsat_to_versus
from escapology.amazeing.reductions.theorem4 import board_size, e_row, x_row
from escapology.amazeing.versus import forced_win
from escapology.cli import app
from escapology.core.errors import InputError
from escapology.core.limits import Deadline
from escapology.core.results import Status


def qbf_true(n, clauses, values=()):
    """∃x1 ∀x2 ∃x3 … φ by recursion over the prefix (odd variables exist, even ones are universal)."""
    i = len(values) + 1
    if i > n:
        return all(any(values[abs(lit) - 1] == (lit > 0) for lit in c) for c in clauses)
    branches = (qbf_true(n, clauses, values + (b,)) for b in (False, True))
    return any(branches) if i % 2 else all(branches)


def race(red, turns=None, seconds=None):
    return forced_win(red.position, turns or red.turns, deadline=Deadline(seconds)).status


LITERALS_1 = ([1], [-1], [1, -1])


@pytest.mark.parametrize("clauses", [list(c) for k in (1, 2, 3) for c in itertools.combinations(LITERALS_1, k)])
def test_every_one_variable_formula(clauses):
    red = qsat_to_versus(1, clauses)
    truth = qbf_true(1, clauses)
    assert (race(red) is Status.SOLVED) == truth
    if not truth:  # the game is decided by turn n + 1: Henry gets there first, more turns do not help
        assert race(red, red.turns + 1) is Status.UNSOLVABLE


def test_random_three_variable_formulas_as_far_as_the_search_finishes():
    rng = random.Random(4)
    finished = {True: 0, False: 0}
    for _ in range(40):
        clauses = [[rng.choice((-1, 1)) * v for v in rng.sample(range(1, 4), rng.randint(1, 3))]
                   for _ in range(rng.randint(1, 5))]
        status = race(qsat_to_versus(3, clauses), seconds=20)
        if status is Status.UNKNOWN:
            continue
        truth = qbf_true(3, clauses)
        assert (status is Status.SOLVED) == truth, clauses
        finished[truth] += 1
    assert finished[True] >= 5 and finished[False] >= 5, finished


def test_random_five_variable_formulas_with_the_native_search():
    from escapology.amazeing import native

    if not native.available():
        pytest.skip("the extension module is not built")
    rng = random.Random(5)
    for _ in range(3):
        clauses = [[rng.choice((-1, 1)) * v for v in rng.sample(range(1, 6), rng.randint(1, 3))]
                   for _ in range(rng.randint(1, 6))]
        status = race(qsat_to_versus(5, clauses), seconds=120)
        assert status is not Status.UNKNOWN, clauses
        assert (status is Status.SOLVED) == qbf_true(5, clauses), clauses


def test_a_false_three_variable_formula_stays_lost_one_turn_later():
    clauses = [[2, 3], [2, -3]]  # Henry sets x2 false: no x3 helps
    assert not qbf_true(3, clauses)
    red = qsat_to_versus(3, clauses)
    assert race(red) is Status.UNSOLVABLE and race(red, red.turns + 1, seconds=60) is Status.UNSOLVABLE


def shifted(pos, offsets):
    """The position with each row moved by its offset (positive: right), turn order ignored."""
    for row, d in offsets.items():
        for _ in range(abs(d)):
            pos = pos.apply(Shift("W" if d > 0 else "E", row), tile=pos.spare)
            pos = pos.__class__(pos.rows, pos.cols, pos.tiles, pos.fixed, pos.spare, pos.treasures, pos.players)
    return pos


@pytest.mark.parametrize("clauses", [[[1, -2, 3], [-1, 2]], [[2], [-3, -1]], [[1, -1], [3]]])
def test_clause_gadgets_are_crossed_exactly_under_a_satisfying_assignment(clauses):
    """(d) of the proof: with X_i at ±1 (E rows unshifted) the wiring joins Lara's lane top to t1
    iff the assignment satisfies every clause; and Henry's goal is joined iff X_n is shifted."""
    n = 3
    red = qsat_to_versus(n, clauses)
    pos = red.position
    lara_top = pos.players[0].cell % pos.cols  # her lane's column; row 0 is its top
    for values in itertools.product((False, True), repeat=n):
        after = shifted(pos, {x_row(n, i): 1 if values[i - 1] else -1 for i in range(1, n + 1)})
        sat = all(any(values[abs(lit) - 1] == (lit > 0) for lit in c) for c in clauses)
        assert (after.treasures["t1"] in after.reachable(lara_top)) == sat, values
    henry_top = pos.players[1].cell % pos.cols
    for d in (-2, -1, 0, 1, 2):
        after = shifted(pos, {x_row(n, n): d})
        assert (after.treasures["t2"] in after.reachable(henry_top)) == (d != 0), d


def test_a_deviation_opens_the_opponents_escape():
    """(c) of the proof for n = 3: Lara does not shift X_1 in turn 1 (she shifts E_2); Henry
    shifts E_1 and walks from his start to t2 through the blue path; after an honest X_1 he cannot."""
    n = 3
    pos = qsat_to_versus(n, [[1, 2, 3]]).position
    henry = pos.players[1].cell
    for first, escapes in ((Shift("W", e_row(n, 2)), True), (Shift("W", x_row(n, 1)), False)):
        after = pos.apply(first).apply(Shift("W", e_row(n, 1)))
        assert (after.treasures["t2"] in after.reachable(henry)) == escapes


@pytest.mark.parametrize("n,m", [(1, 1), (1, 4), (3, 2), (5, 7), (9, 3)])
def test_size_formula_matches_the_board(n, m):
    clauses = [[1 + (j % n)] for j in range(m)]
    red = qsat_to_versus(n, clauses)
    pos = red.position
    assert (pos.rows, pos.cols) == board_size(n, m) == (4 * n, 32 + 10 * n + 17 * m)
    shiftable = [r for r in range(pos.rows) if pos.shiftable(Shift("W", r))]
    assert shiftable == sorted([x_row(n, i) for i in range(1, n + 1)] + [e_row(n, i) for i in range(1, n)])
    assert not any(pos.shiftable(Shift("N", c)) for c in range(pos.cols))
    assert red.turns == pos.race_turns == (n + 1) // 2
    assert {lab.text for lab in red.labels} >= {"Lara", "Henry", f"x{n}", "s1", "s2", "t1", "t2",
                                                *(f"C{j}" for j in range(1, m + 1))}
    assert loads(dumps(pos)) == pos


def test_an_even_number_of_variables_is_refused():
    with pytest.raises(InputError, match="odd number"):
        qsat_to_versus(2, [[1, 2]])


@pytest.mark.parametrize("text,line,reason", [
    ("p cnf 2 1\ne 1 0\na 2 0\n1 2 0\n", 3, "odd number of variables"),
    ("p cnf 3 1\ne 1 0\ne 2 0\na 3 0\n1 0\n", 3, "x2 is existential"),
    ("p cnf 3 1\na 1 0\ne 2 0\ne 3 0\n1 0\n", 2, "x1 is universal"),
    ("p cnf 3 1\ne 1 0\ne 3 0\n1 0\n", 3, "where x2 is expected"),
    ("p cnf 3 1\ne 1 0\na 2 0\n1 0\n", None, "x3 is not quantified"),
])
def test_prefixes_that_do_not_fit_the_construction(text, line, reason):
    with pytest.raises(InputError, match=reason) as err:
        check_prefix(read_qdimacs(text))
    assert err.value.line == line


@pytest.mark.parametrize("text,line,reason", [
    ("e 1 0\np cnf 1 1\n1 0\n", 1, "before the 'p cnf' header"),
    ("p cnf 1 1\n1 0\ne 1 0\n", 3, "after the clauses"),
    ("p cnf 2 1\ne 1 1 0\n1 0\n", 2, "quantified twice"),
    ("p cnf 2 1\ne 1 3 0\n1 0\n", 2, "exceeds the 2 variables"),
    ("p cnf 2 1\ne 1\n1 0\n", 2, "must end with 0"),
    ("p cnf 2 1\ne x 0\n1 0\n", 2, "bad variable"),
    ("p cnf 2 1\ne 1 0\n1 y 0\n", 3, "bad literal"),
])
def test_bad_qdimacs(text, line, reason):
    with pytest.raises(InputError, match=reason) as err:
        read_qdimacs(text)
    assert err.value.line == line


def test_reduce_then_solve_answers_the_race(tmp_path):
    runner = CliRunner()
    for clauses, truth in (("1 2 3 0\n-2 -3 0\n", True), ("2 3 0\n2 -3 0\n", False)):
        f = tmp_path / "f.qdimacs"
        f.write_text(f"p cnf 3 2\ne 1 0\na 2 0\ne 3 0\n{clauses}")
        out = tmp_path / "board.json"
        res = runner.invoke(app, ["reduce", "amazeing-qsat", str(f), "-o", str(out)])
        assert res.exit_code == 0, res.output
        data = json.loads(out.read_text())
        assert data["race_turns"] == 2 and [p["name"] for p in data["players"]] == ["Lara", "Henry"]
        solved = runner.invoke(app, ["solve", str(out), "--format", "json"])
        assert solved.exit_code == 0, solved.output
        assert json.loads(solved.stdout)["forced_win"] is truth
    bad = tmp_path / "even.qdimacs"
    bad.write_text("p cnf 2 1\ne 1 0\na 2 0\n1 2 0\n")
    res = runner.invoke(app, ["reduce", "amazeing-qsat", str(bad)])
    assert res.exit_code == 2 and f"{bad}:3:" in res.output and "odd number" in res.output
