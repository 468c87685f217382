"""The exact solver against the rules (a plain game tree) and the slides' brute force."""

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))  # the helpers beside this file (importlib mode)

from chess_reference import outcome as reference_outcome
from chess_reference import turn_ends
from chess_strategies import instances
from hypothesis import given, settings
from hypothesis import strategies as st

from escapology.chess import (
    Instance,
    Outcome,
    violations,
    covered_in_row,
    find_path,
    find_safe_field,
    reach_bound,
    solve,
    solve_bruteforce,
)
from escapology.chess.draw import row_estimates
from escapology.chess.reach import reach_board
from escapology.core.limits import Deadline
from escapology.core.results import Status


@settings(max_examples=400, deadline=None)
@given(instances(max_n=6))
def test_solve_agrees_with_rules_and_bruteforce_and_checks(inst):
    sol = solve(inst)
    expected = reference_outcome(inst.n, inst.alice, inst.bob, inst.vectors)
    assert sol.status is Status.SOLVED
    assert sol.outcome.value == expected
    assert solve_bruteforce(inst).outcome.value == expected
    assert violations(inst, sol.to_json()) == []
    assert violations(inst, solve_bruteforce(inst).to_json()) == []


@settings(max_examples=200, deadline=None)
@given(instances(min_n=4, max_n=9, spread=3))
def test_counting_lemma_bob_never_wins_from_n_4(inst):
    """1 + m + m(m+1)/2 < n^2 for n >= 4: Bob never covers the board, whatever the vectors."""
    assert reach_bound(len(inst.usable_vectors())) < inst.n**2
    assert solve(inst).outcome is not Outcome.BOB
    assert find_safe_field(inst) is not None


@settings(max_examples=300, deadline=None)
@given(instances(max_n=7), st.data())
def test_find_path_is_exact(inst, data):
    n = inst.n
    target = data.draw(st.tuples(st.integers(1, n), st.integers(1, n)))
    start = data.draw(st.sampled_from([inst.alice, inst.bob]))
    p = find_path(inst, start, target)
    assert (p is not None) == (target in turn_ends(n, start, inst.vectors))
    if p is not None:
        assert p.fields[0] == start and p.fields[-1] == target
        assert all(1 <= c <= n for f in p.fields for c in f)
        assert all(v in inst.vectors for v in p.moves)


@settings(max_examples=300, deadline=None)
@given(instances(max_n=8))
def test_rows_exact_and_estimates_are_upper_bounds(inst):
    n = inst.n
    board = reach_board(inst, inst.bob)
    est = row_estimates(inst)
    by = inst.bob[1]
    for y in range(1, n + 1):
        t = y - by
        row = covered_in_row(inst, t)
        assert row[1:].tolist() == board[1:, y].tolist()
        assert row[1:].sum() <= est[t + 2 * (n - 1)]
    safe = find_safe_field(inst)
    if safe is None:
        assert board[1:, 1:].all()
    else:
        assert not board[safe]


@settings(max_examples=8, deadline=None)
@given(st.integers(4097, 6000), st.integers(0, 2**32))
def test_fft_estimates_match_exact_convolution(n, seed):
    rng = np.random.default_rng(seed)
    k = int(rng.integers(1, 50))
    dy = rng.integers(-k, k + 1, size=n)
    dx = rng.integers(-(n - 1), n, size=n)
    inst = Instance(n, (1, 1), (n // 2, n // 2), tuple(zip(dx.tolist(), dy.tolist())))
    est = row_estimates(inst)
    V = inst.usable_array()
    h = np.bincount(V[:, 1] + n - 1, minlength=2 * n - 1)
    c = np.convolve(h, h)
    c[::2] += h
    exact = c // 2
    exact[n - 1 : 3 * n - 2] += h
    exact[2 * (n - 1)] += 1
    assert np.array_equal(est, exact)


def test_bob_wins_only_on_tiny_boards():
    inst = Instance(2, (2, 2), (1, 1), ((1, 0), (0, 1)))
    sol = solve(inst)
    assert sol.outcome is Outcome.BOB
    assert len(sol.witness["captures"]) == 3
    assert violations(inst, sol.to_json()) == []
    inst3 = Instance(3, (3, 2), (3, 3), ((0, -1), (-1, 0), (-1, -1)))
    assert solve(inst3).outcome is Outcome.BOB
    assert reference_outcome(3, (3, 2), (3, 3), inst3.vectors) == "bob"


def test_exhaustive_n2_all_instances():
    """Every 2 x 2 instance with vectors in {-1, 0, 1}^2: solver == rules."""
    import itertools

    vecs = [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1)]
    fields = [(x, y) for x in (1, 2) for y in (1, 2)]
    count = 0
    for v1, v2 in itertools.combinations_with_replacement(vecs, 2):
        for alice, bob in itertools.permutations(fields, 2):
            inst = Instance(2, alice, bob, (v1, v2))
            sol = solve(inst)
            assert sol.outcome.value == reference_outcome(2, alice, bob, (v1, v2))
            assert violations(inst, sol.to_json()) == []
            count += 1
    assert count == 45 * 12


def test_intermediate_field_must_be_on_the_board():
    # (3, 0) + (-3, 1) = (0, 1) reaches Bob, but from (2, 1) both orders leave the 4 x 4 board
    # in between: (5, 1) and (-1, 2).
    vectors = ((3, 0), (-3, 1), (0, 3), (3, 3))
    inst = Instance(4, (2, 1), (2, 2), vectors)
    assert find_path(inst, inst.alice, inst.bob) is None
    assert solve(inst).outcome is not Outcome.ALICE
    assert reference_outcome(4, (2, 1), (2, 2), vectors) != "alice"
    # from (1, 1) the moves (3, 0) then (-3, 1) stay on the board
    inst2 = Instance(4, (1, 1), (1, 2), vectors)
    assert find_path(inst2, inst2.alice, inst2.bob).moves == ((3, 0), (-3, 1))


def test_draw_witness_prefers_moves_and_reports_teleport():
    from escapology.chess import generate

    inst = generate(size=7, kind="cross", seed=264)
    sol = solve(inst)
    assert sol.outcome is Outcome.DRAW and sol.witness["how"] == "teleport"
    assert violations(inst, sol.to_json()) == []
    inst = Instance(4, (1, 4), (2, 2), ((1, 0), (0, 1), (1, 1), (-1, -1)))
    assert solve(inst).witness["how"] == "stay"


def test_timeout_answers_unknown():
    from escapology.chess import generate

    inst = generate(size=7, kind="cross", seed=264)
    sol = solve(inst, Deadline(0))
    assert sol.status is Status.UNKNOWN and sol.outcome is None
    assert sol.status.exit_code() == 3


@settings(max_examples=60, deadline=None)
@given(
    st.integers(2, 40),
    st.sampled_from(["random", "capture", "cross", "sidon"]),
    st.integers(0, 10**6),
    st.sampled_from([None, 1, 2]),
)
def test_generated_instances_agree_with_bruteforce(n, kind, seed, spread):
    from escapology.chess import generate

    inst = generate(size=n, kind=kind, seed=seed, spread=spread)
    sol = solve(inst)
    assert sol.outcome == solve_bruteforce(inst).outcome
    assert violations(inst, sol.to_json()) == []
    if n <= 12:
        assert sol.outcome.value == reference_outcome(n, inst.alice, inst.bob, inst.vectors)
    safe = find_safe_field(inst)
    board = reach_board(inst, inst.bob)
    assert (safe is None) == bool(board[1:, 1:].all())
    if safe is not None:
        assert not board[safe]


@settings(max_examples=300, deadline=None)
@given(instances(max_n=8))
def test_safe_route_search_is_exact_and_complete_without_limits(inst):
    from escapology.chess.draw import find_safe_route

    n = inst.n
    alice = reach_board(inst, inst.alice)
    bob = reach_board(inst, inst.bob)
    alice[inst.alice] = False
    exists = bool((alice & ~bob)[1:, 1:].any())
    route = find_safe_route(inst, max_rows=n, budget=10**9)
    assert (route is not None) == exists
    if route is not None:
        end = route.fields[-1]
        assert alice[end] and not bob[end]
        assert route.fields[0] == inst.alice and 1 <= len(route.moves) <= 2
    limited = find_safe_route(inst, max_rows=1, budget=4)
    if limited is not None:
        assert not bob[limited.fields[-1]]


def test_large_board_witness_prefers_moves():
    from escapology.chess import generate

    inst = generate(size=100_000, kind="cross", seed=3)
    sol = solve(inst)
    assert sol.witness["how"] in ("stay", "moves")
    assert violations(inst, sol.to_json()) == []
