"""Theorem 3 as the paper builds it (escapology.amazeing.reductions.theorem3): the exact solver on
the built board agrees with python-sat (the independent oracle) on random formulas over 1-4
variables, satisfiable and unsatisfiable; the gadgets have the property the proof uses; the size
formula matches the board."""

import random
import sys
from pathlib import Path

import pytest
from pysat.solvers import Minisat22

from escapology.amazeing.model import Shift
from escapology.amazeing.reductions import sat_to_labyrinth
from escapology.amazeing.reductions.theorem3 import HOOKS, board_size, gadget_period, variable_column
from escapology.amazeing.solver import fewest_turns
from escapology.core.errors import InputError
from escapology.core.results import Status

sys.path.insert(0, str(Path(__file__).parent))  # the helpers beside this file (importlib mode)
from sat_boards import assert_board_answers, satisfied  # noqa: E402


def random_formula(rng, n):
    m = rng.randint(1, 3 * n + 2)
    return [[rng.choice((-1, 1)) * v for v in rng.sample(range(1, n + 1), min(3, n))] for _ in range(m)]


def satisfiable(clauses):
    with Minisat22(bootstrap_with=clauses) as s:
        return s.solve()


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_fewest_turns_equal_n_iff_satisfiable(n):
    rng = random.Random(18 + n)
    seen = {True: 0, False: 0}
    for _ in range(12 if n < 4 else 6):
        clauses = random_formula(rng, n)
        if n >= 2 and rng.random() < 0.3:  # force some unsatisfiable ones: all sign patterns of x1, x2
            clauses += [[1, 2], [1, -2], [-1, 2], [-1, -2]]
        sat = satisfiable(clauses)
        seen[sat] += 1
        assert_board_answers(sat_to_labyrinth(n, clauses), n, clauses, sat)
    assert seen[True] and (n == 1 or seen[False])


def test_one_variable_unsatisfiable():
    red = sat_to_labyrinth(1, [[1], [-1]])
    assert fewest_turns(red.position, max_turns=1).status is Status.UNSOLVABLE


def test_fewer_than_n_turns_never_suffice():
    red = sat_to_labyrinth(3, [[1, 2, 3]])
    assert fewest_turns(red.position, max_turns=2).status is Status.UNSOLVABLE
    assert fewest_turns(red.position, max_turns=3).turns == 3


@pytest.mark.parametrize("hook", sorted(HOOKS))
@pytest.mark.parametrize("offset", [-3, -2, -1, 0, 1, 2, 3])
def test_a_clause_gadget_is_crossed_exactly_through_an_open_hook(hook, offset):
    """The Lemma: one clause over x_1 (hook as given), x_2 empty; shift V_1 by ``offset``."""
    clause = {"unnegated": [1], "negated": [-1], "either-or": [1, -1], "empty": [2]}[hook]
    n = 3  # offsets up to 3 are in reach within n turns
    red = sat_to_labyrinth(n, [clause])
    pos = red.position
    col = variable_column(n, 1)
    for _ in range(abs(offset)):
        pos = pos.apply(Shift("N" if offset > 0 else "S", col), tile=pos.spare)
        pos = pos.__class__(pos.rows, pos.cols, pos.tiles, pos.fixed, pos.spare, pos.treasures, pos.players)
    g = 2 * n + 1  # the first gadget's first row
    top = g * pos.cols + 2 * n  # lane, row 0 of the clause gadget
    bottom = (g + 11) * pos.cols + 2 * n
    crossed = bottom in pos.reachable(top)
    expected = (hook == "unnegated" and offset == 1) or (hook == "negated" and offset == -1) or (
        hook == "either-or" and abs(offset) == 1)
    assert crossed == expected


@pytest.mark.parametrize("n,m", [(1, 1), (2, 5), (3, 13), (4, 17), (11, 2), (15, 1)])
def test_size_formula_matches_the_board(n, m):
    clauses = [[1 + (j % n)] for j in range(m)]
    red = sat_to_labyrinth(n, clauses)
    assert (red.position.rows, red.position.cols) == board_size(n, m)
    assert board_size(n, m) == (gadget_period(n) * (n + m) + 2 + 4 * n, 7 * n + 1)
    shiftable = [c for c in range(red.position.cols) if red.position.shiftable(Shift("N", c))]
    assert shiftable == [variable_column(n, i) for i in range(1, n + 1)]
    assert not any(red.position.shiftable(Shift("W", r)) for r in range(red.position.rows))
    assert red.turns == n
    assert {lab.text for lab in red.labels} >= {"s", "t", *(f"C{j}" for j in range(1, m + 1))}


def test_bad_formulas_are_refused_before_building():
    with pytest.raises(InputError, match="not a variable"):
        sat_to_labyrinth(1, [[2]])
    with pytest.raises(InputError, match="empty"):
        sat_to_labyrinth(1, [[]])
    with pytest.raises(InputError, match="cells"):
        sat_to_labyrinth(400, [[1]] * 5000)


def test_render_frames_and_names_the_gadgets_and_labels_survive_the_file():
    from escapology.amazeing.io import dumps, loads
    from escapology.amazeing.drawing import svg_board

    red = sat_to_labyrinth(2, [[1, -2], [2]])
    again = loads(dumps(red.position))
    assert again.labels == red.position.labels and again == red.position
    svg = svg_board(again).to_string() if hasattr(svg_board(again), "to_string") else str(svg_board(again))
    for name in ("C1", "C2", "x1", "x2", "gadget (reduction)"):
        assert f">{name}<" in svg
