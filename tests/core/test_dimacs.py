"""The shared DIMACS / QDIMACS readers and the plain evaluators the reductions are checked against."""

import random

import pytest
from pysat.solvers import Solver

from escapology.core.dimacs import QBF, qbf_true, read_dimacs, read_qdimacs, satisfiable
from escapology.core.errors import InputError


def test_satisfiable_agrees_with_a_sat_solver():
    rng = random.Random(11)
    seen = set()
    for _ in range(300):
        n = rng.randint(1, 6)
        clauses = [[rng.choice((1, -1)) * rng.randint(1, n) for _ in range(rng.randint(1, 3))]
                   for _ in range(rng.randint(1, 4 * n))]
        with Solver(bootstrap_with=clauses) as s:
            expected = s.solve()
        assert satisfiable(n, clauses) == expected, clauses
        seen.add(expected)
    assert seen == {True, False}


@pytest.mark.parametrize("text, truth", [
    ("p cnf 2 2\na 1 0\ne 2 0\n1 2 0\n-1 -2 0\n", True),   # forall x exists y: y = not x
    ("p cnf 2 2\ne 2 0\na 1 0\n1 2 0\n-1 -2 0\n", False),  # exists y forall x: no y works
    ("p cnf 2 1\na 2 0\n1 2 0\n", True),                   # x1 is free: existential, outermost
    ("p cnf 1 2\ne 1 0\n1 0\n-1 0\n", False),
])
def test_qbf_true_follows_the_prefix(text, truth):
    assert qbf_true(read_qdimacs(text)) is truth


def test_qbf_true_is_satisfiable_without_universals():
    rng = random.Random(12)
    for _ in range(100):
        n = rng.randint(1, 5)
        clauses = tuple(tuple(rng.choice((1, -1)) * rng.randint(1, n) for _ in range(rng.randint(1, 3)))
                        for _ in range(rng.randint(1, 3 * n)))
        assert qbf_true(QBF(n, (("e", tuple(range(1, n + 1)), 0),), clauses)) == satisfiable(n, clauses)


def test_the_readers_moved_and_the_old_imports_still_work():
    from escapology.amazeing.io import QBF as OldQBF
    from escapology.amazeing.io import read_dimacs as old_read_dimacs
    from escapology.amazeing.io import read_qdimacs as old_read_qdimacs

    assert (old_read_dimacs, old_read_qdimacs, OldQBF) == (read_dimacs, read_qdimacs, QBF)
    with pytest.raises(InputError) as e:
        read_dimacs("p cnf 1 1\n1 2 0\n", file="f.cnf")
    assert str(e.value).startswith("f.cnf:2:")
