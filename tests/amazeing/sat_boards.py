"""Shared by the Theorem 3 tests (tests/amazeing/test_reduction.py for the compact board,
test_reductions.py for the paper's): what a board built from a CNF formula must answer."""

from escapology.amazeing.checker import check_plan
from escapology.amazeing.solver import fewest_turns
from escapology.core.results import Status


def satisfied(clauses, assignment):
    """Does ``assignment`` ({variable: bool}) satisfy every clause?"""
    return all(any(assignment.get(abs(lit)) == (lit > 0) for lit in c) for c in clauses)


def assert_board_answers(red, n, clauses, sat):
    """The exact solver on ``red``'s board: ``n`` turns when the formula is satisfiable (``sat``,
    from an independent oracle), with a plan the checker accepts whose shifts spell a satisfying
    assignment of all ``n`` variables; unsolvable within ``n`` turns otherwise."""
    sol = fewest_turns(red.position, max_turns=n)
    if sat:
        assert sol.status is Status.SOLVED and sol.turns == n, clauses
        assert check_plan(red.position, sol.plan) == []
        assignment = red.assignment_of([t.shift for t in sol.plan])
        assert sorted(assignment) == list(range(1, n + 1))
        assert satisfied(clauses, assignment), (clauses, assignment)
    else:
        assert sol.status is Status.UNSOLVABLE, clauses
