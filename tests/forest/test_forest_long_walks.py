"""Walks on boards with long cycles: the shape of H, the chain engine against the step engine, the
checker's own reachability and brute force, plans and certificates with huge dice."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from escapology.core.limits import MemoryLimitError
from escapology.core.results import Status
from escapology.forest.checker import check_fewest, check_plan, check_walk
from escapology.forest.families import cycle, flower
from escapology.forest.matrix import MatrixMethod, arc_matrices, product_bytes, solve_matrix
from escapology.forest.model import Instance
from escapology.forest.reach import Reach, verify_chains
from escapology.forest.simulate import all_walks
from escapology.forest.solver import solve
from escapology.forest.structure import CORE, DEAD, UP, analyse
from escapology.forest.walks import WalkEngine, expand_walk, extract_walk, walk_length

from forest.strategies import long_cycle_boards

HUGE = [10**9, 10**9 + 1, 123_456_789, 999_999_937]


def mask_of(board, fields):
    m = np.zeros(board.n, dtype=bool)
    m[list(fields)] = True
    return m


def plain_two_core(board):
    alive = set(range(board.n))
    changed = True
    while changed:
        changed = False
        for v in list(alive):
            if sum(1 for w in board.adj[v] if w in alive) <= 1:
                alive.discard(v)
                changed = True
    return alive


def longest_path(board, start_arcs, allowed):
    """The most arcs on a path of H through ``allowed`` arcs (which form no cycle)."""
    memo = {}

    def depth(a):
        if a not in memo:
            memo[a] = 1 + max((depth(b) for b in board.arcs.successors(a) if allowed[b]), default=0)
        return memo[a]

    return max((depth(a) for a in start_arcs), default=0)


@settings(max_examples=150, deadline=None)
@given(long_cycle_boards())
def test_structure_follows_its_definition(board):
    st_ = analyse(board)
    arcs = board.arcs
    core = plain_two_core(board)
    kind = st_.arc_kind
    for a in range(arcs.count):
        u, v = int(arcs.tail[a]), int(arcs.head[a])
        assert (kind[a] == CORE) == (u in core and v in core)
        succ = {int(kind[b]) for b in arcs.successors(a)}
        if kind[a] == DEAD:
            assert succ <= {DEAD}
        if kind[a] == CORE:
            assert succ <= {CORE, DEAD}
    dead = kind == DEAD
    up = kind == UP
    assert st_.dead_depth == longest_path(board, np.flatnonzero(dead).tolist(), dead)
    assert st_.up_depth == longest_path(board, np.flatnonzero(up).tolist(), up)
    if not core:
        assert st_.kind == "tree"
        return
    verify_chains(board)
    degree = {v: sum(1 for w in board.adj[v] if w in core) for v in core}
    if st_.kind == "cycle":
        assert all(d == 2 for d in degree.values()) and len(st_.chains) == 2
    else:
        for ch in st_.chains:
            assert degree[int(arcs.tail[ch.arcs[0]])] >= 3 and degree[int(arcs.head[ch.arcs[-1]])] >= 3
            assert all(degree[int(arcs.head[a])] == 2 for a in ch.arcs[:-1])


@settings(max_examples=150, deadline=None)
@given(long_cycle_boards())
def test_core_of_h_is_one_strong_component_or_two_cycles(board):
    """The fact behind the period bound P <= 2m: the arcs on cycles of H are the core arcs, in one
    strongly connected component, or in two directed cycles when the core is a cycle."""
    from scipy.sparse.csgraph import connected_components

    a, _, _ = arc_matrices(board)
    _, labels = connected_components(a, directed=True, connection="strong")
    sizes = np.bincount(labels)
    on_cycle = sizes[labels] > 1  # H has no loops: a component of one arc lies on no cycle
    st_ = analyse(board)
    assert np.array_equal(on_cycle, st_.arc_kind == CORE)
    components = len(set(labels[on_cycle].tolist()))
    assert components == {"tree": 0, "cycle": 2, "chains": 1}[st_.kind]


@settings(max_examples=200, deadline=None)
@given(long_cycle_boards(), st.data())
def test_chain_engine_equals_steps_and_brute_force(board, data):
    tree = analyse(board).kind == "tree"
    chains = WalkEngine(board, engine="frontier" if tree else "chains")
    steps = WalkEngine(board, engine="frontier", memo_bytes=data.draw(st.sampled_from([1, 128 << 20])))
    reach = Reach(board)
    fields = data.draw(st.sets(st.integers(0, board.n - 1), min_size=1, max_size=3))
    mask = mask_of(board, fields)
    for x in data.draw(st.lists(st.integers(1, 60) | st.sampled_from(HUGE), min_size=1, max_size=4)):
        got = chains.walk(mask, x)
        assert np.array_equal(got, steps.walk(mask, x)), x
        assert np.array_equal(got, reach.walk(mask, x)), x
        if x <= 7:
            want = {w[-1] for u in fields for w in all_walks(board, u, x)}
            assert set(np.flatnonzero(got).tolist()) == want


@settings(max_examples=150, deadline=None)
@given(long_cycle_boards(), st.data())
def test_chain_walks_are_legal_and_compressed(board, data):
    if analyse(board).kind == "tree":
        return
    engine = WalkEngine(board, engine="chains")
    u = data.draw(st.integers(0, board.n - 1))
    x = data.draw(st.integers(1, 40) | st.sampled_from([9_999, 10_001, 54_321] + HUGE))
    ends = np.flatnonzero(engine.walk(mask_of(board, [u]), x)).tolist()
    if not ends:
        return
    w = data.draw(st.sampled_from(ends))
    walk = extract_walk(engine, u, w, x)
    assert walk_length(walk) == x
    assert check_walk(Instance(board, u, w), walk, x) is None
    if x <= 10_000:
        seq = expand_walk(walk)
        assert seq[0] == u and seq[-1] == w and len(seq) == x + 1
    else:
        assert sum(len(i["fields"]) if isinstance(i, dict) else 1 for i in walk) < 6 * board.arcs.count + 10


@settings(max_examples=60, deadline=None)
@given(long_cycle_boards(max_die=10**9), st.data())
def test_solvers_agree_with_huge_dice(board, data):
    u = data.draw(st.integers(0, board.n - 1))
    t = data.draw(st.integers(0, board.n - 1))
    roll = st.tuples(st.integers(1, board.die), st.integers(1, board.die))
    inst = Instance(board, u, t, tuple(data.draw(st.lists(roll, min_size=1, max_size=4))))
    fast = solve(inst)
    mat = solve_matrix(inst)
    assert (fast.status, fast.turns) == (mat.status, mat.turns)
    if fast.status is Status.SOLVED:
        assert check_plan(inst, fast.plan) is None
        assert check_fewest(inst, fast.turns) is None
    else:
        assert check_fewest(inst, None) is None


@settings(max_examples=40, deadline=None)
@given(long_cycle_boards(max_length=30), st.data())
def test_memo_too_small_falls_back_to_cycle_detection(board, data):
    """An orbit longer than the memo: Brent's method and a checkpointed tape give the same walks."""
    small = WalkEngine(board, engine="frontier", memo_bytes=1)
    big = WalkEngine(board, engine="frontier")
    u = data.draw(st.integers(0, board.n - 1))
    x = data.draw(st.integers(1, 200) | st.sampled_from(HUGE))
    ends = small.walk(mask_of(board, [u]), x)
    assert np.array_equal(ends, big.walk(mask_of(board, [u]), x))
    if ends.any():
        w = int(np.flatnonzero(ends)[-1])
        walk = extract_walk(small, u, w, x)
        assert check_walk(Instance(board, u, w), walk, x) is None


@pytest.mark.parametrize("lengths", [[200], [60, 61], [20, 21, 23], [7, 50]])
def test_long_cycles_with_huge_dice(lengths):
    inst = flower(lengths, rolls=30, seed=3)
    engine = WalkEngine(inst.board)
    assert engine.method == "chains"
    sol = solve(inst)
    assert sol.status is Status.SOLVED
    assert check_plan(inst, sol.plan) is None and check_fewest(inst, sol.turns) is None
    assert solve_matrix(inst).turns == sol.turns


@pytest.mark.parametrize("lengths", [[99, 100, 101], [60, 61], [500]])
def test_huge_walks_are_written_short(lengths):
    """Where the backtrack skips whole periods of one loop (its phase shifts by the difference of
    the lengths), the walk is still written as a few blocks, not a period's worth of fields."""
    inst = flower(lengths, rolls=0)
    engine = WalkEngine(inst.board)
    b = inst.board
    for x in (10**9, 10**9 + 17, 777_777_777):
        ends = np.flatnonzero(engine.walk(mask_of(b, [0]), x)).tolist()
        for w in ends[:: max(1, len(ends) // 5)]:
            walk = extract_walk(engine, 0, w, x)
            assert check_walk(Instance(b, 0, w), walk, x) is None
            assert sum(len(i["fields"]) if isinstance(i, dict) else 1 for i in walk) < 6 * b.arcs.count


def test_cycle_plan_is_one_block_per_walk():
    inst = cycle(1000, rolls=20, seed=5)
    sol = solve(inst)
    assert sol.status is Status.SOLVED
    for turn in sol.plan:
        for walk in turn.walks:
            assert sum(isinstance(i, dict) for i in walk) == 1
            assert len(walk) <= 2 * 1000 + 2


def test_reach_uses_blocks_on_long_chains_only():
    assert Reach(flower([40, 41]).board).blocks
    assert not Reach(flower([3, 4]).board).blocks


def test_sparse_matrix_refuses_what_does_not_fit():
    board = flower([40, 41], rolls=1).board
    with pytest.raises(MemoryLimitError, match="the matrix method on 80 fields and 81 edges"):
        MatrixMethod(board, memory=1 / 1024).arc_power(10**6)
    a, _, _ = arc_matrices(board)
    exact = 5 * (a @ a).nnz + 4 * (a.shape[0] + 1)
    assert product_bytes(a, a, 10**9) >= exact  # a bound where it fits
    assert product_bytes(a, a, 10) == exact  # exact where it does not (few rows)


def test_walks_on_a_cycle_by_hand():
    inst = flower([9], rolls=0)
    b = inst.board
    engine = WalkEngine(b)
    # on a 9-cycle a walk of x steps from 0 ends at x or -x (mod 9)
    for x in (1, 8, 9, 10, 10**9):
        got = np.flatnonzero(engine.walk(mask_of(b, [b.index[0]]), x)).tolist()
        want = sorted({b.index[x % 9], b.index[(-x) % 9]})
        assert got == want
