"""The three algorithms against each other, and every answer through the independent checker."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from escapology.core.results import Status
from escapology.forest.checker import check_fewest, check_plan, check_walk, reachable_sets
from escapology.forest.generator import grid_forest, random_board
from escapology.forest.io import load_instance
from escapology.forest.asp import solve_asp
from escapology.forest.matrix import MatrixMethod, solve_matrix
from escapology.forest.model import Board, Instance
from escapology.forest.plan import Turn, plan_from_json, solution_to_json
from escapology.forest.simulate import all_walks, solve_simulation
from escapology.forest.solver import solve
from escapology.forest.walks import WalkEngine, expand_walk, extract_walk, walk_length

from forest.strategies import boards, instances


@settings(max_examples=300, deadline=None)
@given(instances(max_rolls=7))
def test_three_methods_agree_and_plans_check(inst):
    fast = solve(inst)
    mat = solve_matrix(inst)
    sim = solve_simulation(inst)
    assert fast.status == mat.status == sim.status
    assert fast.turns == mat.turns == sim.turns
    for sol in (fast, mat, sim):
        if sol.status is Status.SOLVED:
            assert check_plan(inst, sol.plan) is None
            assert check_fewest(inst, sol.turns) is None
        else:
            assert check_fewest(inst, None) is None


@settings(max_examples=40, deadline=None)
@given(instances(max_fields=7, max_die=4, max_rolls=4))
def test_asp_encoding_agrees(inst):
    fast, asp = solve(inst), solve_asp(inst)
    assert (fast.status, fast.turns) == (asp.status, asp.turns)
    for sol in (asp,):
        if sol.status is Status.SOLVED:
            assert check_plan(inst, sol.plan) is None
            assert check_fewest(inst, sol.turns) is None
        else:
            assert check_fewest(inst, None) is None


@settings(max_examples=80, deadline=None)
@given(boards(max_fields=8, max_die=5), st.data())
def test_walk_sets_match_enumeration(board, data):
    x = data.draw(st.integers(1, 6))
    u = data.draw(st.integers(0, board.n - 1))
    mask = np.zeros(board.n, dtype=bool)
    mask[u] = True
    got = set(np.flatnonzero(WalkEngine(board).walk(mask, x)).tolist())
    want = {w[-1] for w in all_walks(board, u, x)}
    assert got == want
    mm = MatrixMethod(board)
    assert set(mm.walk_matrix(x)[u].indices.tolist()) == want


@settings(max_examples=60, deadline=None)
@given(boards(max_fields=8), st.data())
def test_periodic_jump_equals_stepping(board, data):
    """Jumping over periods gives the same arc frontier as stepping one by one."""
    engine = WalkEngine(board)
    u = data.draw(st.integers(0, board.n - 1))
    length = data.draw(st.integers(0, 300))
    mask = np.zeros(board.n, dtype=bool)
    mask[u] = True
    r = engine.start_arcs(mask)
    slow = r
    for _ in range(length):
        slow = engine.step(slow)
    assert np.array_equal(engine.advance(r, length), slow)


@settings(max_examples=60, deadline=None)
@given(boards(max_fields=8), st.data())
def test_extracted_walks_are_legal_even_when_huge(board, data):
    engine = WalkEngine(board)
    u = data.draw(st.integers(0, board.n - 1))
    x = data.draw(st.sampled_from([1, 2, 5, 17, 10_001, 123_457, 10**9 + 7]))
    mask = np.zeros(board.n, dtype=bool)
    mask[u] = True
    ends = np.flatnonzero(engine.walk(mask, x)).tolist()
    if not ends:
        return
    w = data.draw(st.sampled_from(ends))
    walk = extract_walk(engine, u, w, x)
    assert walk_length(walk) == x
    inst = Instance(board, u, w)
    assert check_walk(inst, walk, x) is None
    assert check_walk(inst, walk, x + 1) is not None
    if x <= 10_000:
        seq = expand_walk(walk)
        assert seq[0] == u and seq[-1] == w
        assert all(seq[i + 1] in board.adj[seq[i]] for i in range(x))
        assert all(seq[i + 2] != seq[i] for i in range(x - 1))
    else:
        assert len(walk) < 3 * board.arcs.count + 10  # compressed


def test_huge_rolls_on_real_board(real_map):
    inst = load_instance(real_map)
    big = Board(inst.board.labels, inst.board.adj, frozenset(), 10**9, inst.board.positions)
    inst = Instance(big, inst.start, inst.target, ((10**9, 999_999_999), (123_456_789, 5), (7, 10**9)))
    sol = solve(inst)
    assert sol.status is Status.SOLVED
    assert check_plan(inst, sol.plan) is None
    assert check_fewest(inst, sol.turns) is None
    assert inst.target in reachable_sets(inst, sol.turns)[sol.turns]
    assert solve_matrix(inst).turns == sol.turns


def test_fewest_is_not_the_longest_prefix():
    # path 0-1-2-3: roll (1,2) ends on 3 or 1... target 3 reachable after one turn
    b = Board.from_edges([(0, 1), (1, 2), (2, 3)])
    inst = Instance(b, 0, 3, ((1, 2), (1, 1), (1, 2)))
    sol = solve(inst)
    assert sol.turns == 1 and check_plan(inst, sol.plan) is None


def test_start_is_target_needs_zero_turns():
    b = Board.from_edges([(0, 1)])
    inst = Instance(b, 0, 0, ((1, 1),))
    for f in (solve, solve_matrix, solve_simulation):
        sol = f(inst)
        assert sol.turns == 0 and sol.plan == []


def test_dead_end_makes_unsolvable():
    # a walk of 3 steps from 0 on the path 0-1-2 runs into the dead end
    b = Board.from_edges([(0, 1), (1, 2)])
    inst = Instance(b, 0, 2, ((3, 3), (1, 1)))
    for f in (solve, solve_matrix, solve_simulation):
        assert f(inst).status is Status.UNSOLVABLE


def test_double_jumps_to_special_field():
    b = Board.from_edges([(0, 1), (1, 2), (2, 3), (3, 4)], special=[4])
    inst = Instance(b, 0, 4, ((1, 1),))
    sol = solve(inst)
    assert sol.turns == 1 and sol.plan[0].jump == (0, 4)
    assert check_plan(inst, [Turn((1, 1), jump=(0, 3))]) == "turn 1: jumps to 3, which is not a special field"


def test_checker_rejects_tampering():
    inst = grid_forest(5, 6, seed=1, rolls=8)
    sol = solve(inst)
    assert sol.status is Status.SOLVED and sol.turns >= 2
    js = solution_to_json(inst, sol)
    plan = plan_from_json(inst, js)
    assert check_plan(inst, plan) is None
    # wrong roll
    bad = plan_from_json(inst, js)
    bad[0].roll = (bad[0].roll[0] % 6 + 1, bad[0].roll[1])
    assert "dice showed" in check_plan(inst, bad)
    # a field skipped
    bad = plan_from_json(inst, js)
    walk = next(w for t in bad if t.walks for w in t.walks if len(w) >= 3)
    del walk[1]
    assert check_plan(inst, bad) is not None
    # stops short of the target
    assert "not on the target" in check_plan(inst, plan[:-1])
    # a longer legal plan is rejected as not the fewest
    assert check_fewest(inst, sol.turns + 1) is not None
    # an unsolvable claim about a solvable instance
    assert check_fewest(inst, None) is not None


def test_matrix_method_uses_repeated_squaring():
    inst = random_board(12, 18, seed=3, die=1000, rolls=4)
    mm = MatrixMethod(inst.board)
    mm.walk_matrix(1000)
    assert len(mm._squares) <= 10  # 2^9 < 999 < 2^10
    eng = WalkEngine(inst.board)
    for u in range(inst.board.n):
        mask = np.zeros(inst.board.n, dtype=bool)
        mask[u] = True
        assert np.array_equal(mm.walk_matrix(1000)[u].toarray().ravel(), eng.walk(mask, 1000))


@pytest.mark.parametrize("seed", range(3))
def test_medium_boards_fast_equals_matrix(seed):
    inst = random_board(60, 90, seed=seed, die=10**6, rolls=15)
    fast, mat = solve(inst), solve_matrix(inst)
    assert (fast.status, fast.turns) == (mat.status, mat.turns)
    if fast.status is Status.SOLVED:
        assert check_plan(inst, fast.plan) is None and check_plan(inst, mat.plan) is None
        assert check_fewest(inst, fast.turns) is None


def test_timeout_answers_unknown():
    inst = random_board(200, 400, seed=1, die=10**9, rolls=50)
    assert solve(inst, timeout=0).status is Status.UNKNOWN
    assert solve_matrix(inst, timeout=0).status is Status.UNKNOWN


@settings(max_examples=60, deadline=None)
@given(boards(max_fields=9), st.data())
def test_sparse_and_dense_steps_agree(board, data):
    engine = WalkEngine(board)
    size = board.arcs.count
    r = np.array(data.draw(st.lists(st.booleans(), min_size=size, max_size=size)), dtype=bool)
    cnt = np.bincount(board.arcs.head[r], minlength=board.n)
    dense = cnt[board.arcs.tail] > r[board.arcs.rev]
    assert np.array_equal(engine.step_sparse(np.flatnonzero(r)), dense)
    assert np.array_equal(engine.step(r), dense)
    plain = np.zeros(size, dtype=bool)
    for e in np.flatnonzero(r):
        plain[board.arcs.successors(int(e))] = True
    assert np.array_equal(dense, plain)
