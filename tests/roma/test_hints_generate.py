import itertools
import random

from hypothesis import given, settings, strategies as st

from escapology.roma.bruteforce import all_solutions
from escapology.roma.checker import violations
from escapology.roma.generator import generate
from escapology.roma.grade import grade, propagate, trial
from escapology.roma.hints import minimal_hints
from escapology.roma.io import decode_url
from escapology.roma.sat import count, solve

from .conftest import random_puzzle


def _unique_with(bare, sol, cells):
    g = [list(r) for r in bare.givens]
    for r, c in cells:
        g[r][c] = sol[r][c]
    return all_solutions(bare.with_givens(["".join(r) for r in g]), limit=2) == [tuple(sol)]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9))
def test_hints_are_minimum_by_exhaustive_search(seed):
    p = random_puzzle(random.Random(seed), max_rows=3, max_cols=3, goals=(1, 1), givens=(0, 0))
    sols = all_solutions(p)
    if not sols:
        assert minimal_hints(p).status.value == "unsolvable"
        return
    res = minimal_hints(p, solution=sols[0])
    assert res.optimal and _unique_with(p.bare(), sols[0], res.hints)
    free = [c for c in p.cells() if sols[0][c[0]][c[1]] in "^v<>"]
    k = len(res.hints)
    if k:
        assert not any(_unique_with(p.bare(), sols[0], s) for s in itertools.combinations(free, k - 1))


def test_hints_on_real_puzzles_never_need_more_than_the_setter_gave(reals):
    for d in reals:
        p = decode_url(d["pzprjs_url"])
        res = minimal_hints(p)
        assert res.optimal and len(res.hints) <= p.n_givens()
        r = solve(res.puzzle)
        assert r.unique and r.solution == tuple(d["solution"])


def test_keep_givens_needs_no_more_hints_for_a_unique_puzzle(reals):
    p = decode_url(reals[0]["pzprjs_url"])
    assert len(minimal_hints(p, keep_givens=True).hints) == 0


def test_generated_puzzles_are_unique_and_strict():
    for seed, (n, strict) in enumerate([(4, True), (5, True), (6, False), (7, False)]):
        g = generate(n, n, seed=seed, strict=strict)
        r = solve(g.puzzle)
        assert r.unique and r.solution == g.solution and violations(g.puzzle, g.solution) == []
        assert g.minimal and g.grade in ("easy", "medium", "hard", "expert")
        if strict:
            assert g.puzzle.strict_violations() == []


def test_greedy_hints_on_a_larger_board():
    g = generate(9, 11, seed=3, exact_limit=0, goals=2)
    r = solve(g.puzzle)
    assert r.unique and r.solution == g.solution and not g.minimal


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**9))
def test_propagation_never_removes_a_solution_arrow(seed):
    p = random_puzzle(random.Random(seed), max_rows=3, max_cols=4, goals=(1, 1), givens=(0, 3))
    sols = all_solutions(p)
    cand = propagate(p, 3)
    if cand is None:
        assert not sols
        return
    for s in sols:
        assert all(s[r][c] in opts for (r, c), opts in cand.items())
    tried = trial(p, cand)
    for s in sols:
        assert tried is not None and all(s[r][c] in opts for (r, c), opts in tried.items())
    if len(sols) != 1:
        assert grade(p) == "search"
    else:
        assert grade(p) in ("easy", "medium", "hard", "expert", "search")


def test_count_unique_generated():
    g = generate(5, 5, seed=11)
    assert count(g.puzzle) == (1, True)


def test_generate_at_a_chosen_grade():
    for grade_name in ("easy", "medium", "hard"):
        g = generate(6, 6, seed=4, grade=grade_name)
        assert g.grade in ("easy", "medium", "hard")[: ("easy", "medium", "hard").index(grade_name) + 1]
        r = solve(g.puzzle)
        assert r.unique and r.solution == g.solution


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**9))
def test_hints_over_all_solutions_equal_the_best_fixed_target(seed):
    from escapology.roma.hints import minimal_hints_any

    p = random_puzzle(random.Random(seed), max_rows=3, max_cols=3, goals=(1, 2), givens=(0, 0))
    sols = all_solutions(p)
    res = minimal_hints_any(p)
    if not sols:
        assert res.status.value == "unsolvable"
        return
    best = min(len(minimal_hints(p, solution=s).hints) for s in sols)
    assert res.optimal and len(res.hints) == best
    assert all_solutions(res.puzzle) == [res.solution]


def test_hints_over_all_solutions_on_real_puzzles(reals):
    from escapology.roma.hints import minimal_hints_any

    for d in reals:
        p = decode_url(d["pzprjs_url"])
        if p.rows * p.cols <= 16:
            res = minimal_hints_any(p)
            assert res.optimal and len(res.hints) <= len(minimal_hints(p).hints)
            assert solve(res.puzzle).unique


def test_generate_with_chosen_box_shapes():
    from escapology.roma.generator import shape_filter

    for shapes in (["square"], ["line"], ["L", "T"]):
        g = generate(6, 6, seed=8, shapes=shapes)
        fits = shape_filter(shapes)
        assert all(fits(list(cells)) for cells in g.puzzle.box_cells)
        r = solve(g.puzzle)
        assert r.unique and r.solution == g.solution


def test_goals_are_alone_in_their_box_by_default():
    for seed in range(4):
        g = generate(6, 6, seed=seed, goals=2)
        assert all(len(g.puzzle.box_cells[g.puzzle.box(x)]) == 1 for x in g.puzzle.goals)
    shared = [generate(6, 6, seed=s, goal_alone=False) for s in range(12)]
    assert any(len(g.puzzle.box_cells[g.puzzle.box(g.puzzle.goals[0])]) > 1 for g in shared)


def test_published_style_gives_published_density_and_stays_unique():
    from escapology.roma.generator import PUBLISHED_GIVEN_FRACTION

    low, high, _ = PUBLISHED_GIVEN_FRACTION
    for seed in range(3):
        g = generate(10, 10, seed=seed, style="published")
        assert low * 100 - 1 <= g.puzzle.n_givens() <= high * 100 + 1 and not g.minimal
        r = solve(g.puzzle)
        assert r.unique and r.solution == g.solution
    sizes = [len(b) for b in generate(10, 10, seed=5, style="published").puzzle.box_cells]
    assert 1 < sum(sizes) / len(sizes) < 4  # box sizes drawn, not all grown to four


def test_the_timeout_covers_the_whole_generation():
    import pytest

    from escapology.core.limits import LimitReached
    from escapology.roma import generator

    with pytest.raises(LimitReached):
        generate(30, 30, seed=1, timeout=0)
    # and every stage takes the deadline: the grade too (it was not limited before)
    import inspect

    assert "deadline" in inspect.signature(generator.grade_puzzle).parameters
    assert "deadline" in inspect.signature(generator.solution_for).parameters


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9))
def test_worklist_trial_step_agrees_with_full_propagation(seed):
    from escapology.roma.grade import _fails_at_level2

    p = random_puzzle(random.Random(seed), max_rows=4, max_cols=4, goals=(1, 1), givens=(0, 3))
    cand = propagate(p, 3)
    if cand is None:
        return
    for cell, opts in cand.items():
        for d in opts:
            test = dict(cand)
            test[cell] = {d}
            assert _fails_at_level2(p, cand, cell, d) == (propagate(p, 2, test) is None)
