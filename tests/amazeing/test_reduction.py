"""Theorem 3 reduction: the exact solver on the built board agrees with python-sat on a corpus."""

import itertools
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.solvers import Minisat22

from escapology.amazeing.bruteforce import fewest_turns_bruteforce
from escapology.amazeing.model import Shift
from escapology.amazeing.reductions import reduce_3sat
from escapology.amazeing.solver import fewest_turns
from escapology.core.results import Status

sys.path.insert(0, str(Path(__file__).parent))  # the helpers beside this file (importlib mode)
from sat_boards import assert_board_answers, satisfied  # noqa: E402


def corpus():
    """Every formula over exactly n = 1, 2, 3 variables with 1 to 3 distinct clauses of 1 to 3
    literals on distinct variables: 3046 formulas, 122 of them unsatisfiable."""
    for n in (1, 2, 3):
        clauses = []
        for k in (1, 2, 3):
            for vs in itertools.combinations(range(1, n + 1), k):
                for signs in itertools.product((1, -1), repeat=k):
                    clauses.append([s * v for s, v in zip(signs, vs)])
        for m in (1, 2, 3):
            for cs in itertools.combinations(clauses, m):
                yield n, [list(c) for c in cs]


def test_reduction_agrees_with_python_sat_on_the_whole_corpus():
    count = unsat = 0
    for n, clauses in corpus():
        with Minisat22(bootstrap_with=clauses) as s:
            sat = s.solve()
        count += 1
        unsat += not sat
        # the plan is a certificate: it checks, and its shifts spell a satisfying assignment
        assert_board_answers(reduce_3sat(n, clauses), n, clauses, sat)
    assert (count, unsat) == (3046, 122)


def test_fewer_than_n_turns_never_suffice():
    red = reduce_3sat(3, [[1, 2, 3]])
    assert fewest_turns(red.position, max_turns=2).status is Status.UNSOLVABLE
    assert fewest_turns(red.position, max_turns=3).turns == 3


@pytest.mark.parametrize("clauses", [[[1]], [[-1]], [[1], [-1]]])
def test_fast_solver_equals_bruteforce_on_reduction_boards(clauses):
    red = reduce_3sat(1, clauses)
    assert fewest_turns(red.position, max_turns=2).turns == fewest_turns_bruteforce(red.position, max_turns=2)


def test_reading_an_assignment_back():
    red = reduce_3sat(2, [[1, -2]])
    assert red.assignment_of([Shift("N", 2), Shift("S", 4)]) == {1: True, 2: False}


def test_bad_formulas_are_refused():
    with pytest.raises(ValueError):
        reduce_3sat(1, [[2]])
    with pytest.raises(ValueError):
        reduce_3sat(1, [[]])


def test_a_board_too_big_to_read_back_is_refused_before_it_is_built():
    from escapology.amazeing.io import MAX_CELLS
    from escapology.core.errors import InputError

    with pytest.raises(InputError, match=f"cells .* the limit is {MAX_CELLS}"):
        reduce_3sat(100_000, [[1, 2, 3]] * 1_000_000)  # 10^12 cells: refused by arithmetic alone
    n = 14  # the largest formulas that fit stay buildable and readable
    red = reduce_3sat(n, [[i, -(i % n + 1)] for i in range(1, n + 1)])
    assert red.position.rows * red.position.cols <= MAX_CELLS


@settings(max_examples=15, deadline=None)
@given(
    st.integers(1, 4).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.lists(
                st.lists(st.integers(1, n).flatmap(lambda v: st.sampled_from([v, -v])), min_size=1, max_size=3),
                min_size=1,
                max_size=5,
            ),
        )
    )
)
def test_reduction_agrees_with_python_sat_on_random_formulas(formula):
    n, clauses = formula
    with Minisat22(bootstrap_with=clauses) as s:
        sat = s.solve()
    red = reduce_3sat(n, clauses)
    sol = fewest_turns(red.position, max_turns=n)
    assert (sol.status is Status.SOLVED) == sat
    if sat:
        assert sol.turns == n and satisfied(clauses, red.assignment_of([t.shift for t in sol.plan]))


def test_reduction_with_four_variables():
    import random

    rng = random.Random(4)
    answers = set()
    for _ in range(8):
        clauses = [[rng.choice((1, -1)) * v for v in rng.sample(range(1, 5), rng.randint(1, 2))] for _ in range(6)]
        with Minisat22(bootstrap_with=clauses) as s:
            sat = s.solve()
        answers.add(sat)
        sol = fewest_turns(reduce_3sat(4, clauses).position, max_turns=4)
        assert (sol.turns == 4) == sat and (sol.status is Status.UNSOLVABLE) == (not sat)
    assert answers == {True, False}
