"""The Lemma 12 search tree (:mod:`escapology.roma.branch`) against the SAT engine and brute force."""

import random

from hypothesis import given, settings

from escapology.core.results import Status
from escapology.roma.branch import BranchStats, count_branch, solve_branch
from escapology.roma.bruteforce import all_solutions
from escapology.roma.checker import violations
from escapology.roma.generator import generate
from escapology.roma.io import decode_url
from escapology.roma.model import Puzzle
from escapology.roma.sat import count, solve

from .conftest import puzzles, random_puzzle


@settings(max_examples=200, deadline=None)
@given(puzzles)
def test_branch_counts_and_answers_like_brute_force(p):
    brute = all_solutions(p)
    assert count_branch(p) == len(brute)
    r = solve_branch(p)
    if not brute:
        assert r.status is Status.UNSOLVABLE and r.solution is None
    else:
        assert r.status is Status.SOLVED and r.solution in brute
        assert r.unique == (len(brute) == 1)
        if len(brute) > 1:
            assert r.second in brute and r.second != r.solution


def test_branch_agrees_with_sat_on_many_larger_random_boards():
    rng = random.Random(19)
    for _ in range(150):
        p = random_puzzle(rng, max_rows=4, max_cols=4, max_label=4, goals=(1, 1), givens=(0, 5))
        n, exact = count(p, cap=20000)
        assert exact and count_branch(p) == n


def test_branch_solves_generated_unique_puzzles_like_sat():
    for seed in range(6):
        g = generate(5, 5, seed=seed)
        r = solve_branch(g.puzzle)
        assert r.status is Status.SOLVED and r.unique is True and r.solution == g.solution
        assert violations(g.puzzle, r.solution) == []
        assert solve(g.puzzle).solution == r.solution


def test_forced_arrows_solve_the_paper_example_without_branching():
    # Figure 1's kind of reasoning: a puzzle that the rule alone completes
    p = decode_url("https://puzz.link/p?roma/3/3/70og4a322c5")
    stats = BranchStats()
    assert count_branch(p, stats=stats) == 1
    assert stats.leaves == 1 and stats.forced > 0


def test_the_2_box_bound_of_lemma_12():
    # a bare 2-box next to a goal: the rule leaves at most 11 completions of the two cells
    # (here the board cuts more: count them against brute force, and see the bound hold)
    p = Puzzle.from_labels(["ABB"], ["O.."])
    assert count_branch(p) == len(all_solutions(p)) <= 11


def test_bad_givens_are_unsolvable():
    assert solve_branch(Puzzle.from_labels(["AB"], ["O>"])).status is Status.UNSOLVABLE  # off the board
    assert solve_branch(Puzzle.from_labels(["AA", "BC"], ["O.", "^^"])).status is Status.SOLVED
    assert count_branch(Puzzle.from_labels(["AB", "AC", "AC"], ["O.", ".^", ".^"])) == 0  # "^" twice in a box


def test_timeout_gives_unknown():
    p = Puzzle.from_labels([[6 * r + c for c in range(6)] for r in range(6)], ["O....."] + ["......"] * 5)
    r = solve_branch(p, timeout=0)
    assert r.status is Status.UNKNOWN
