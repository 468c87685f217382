"""The native engine against plain exhaustive search, clingo, and the problem page."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from escapology.core.results import Status
from escapology.labyrinth.checker import check_plan
from escapology.labyrinth.engines import solve
from escapology.labyrinth.exhaustive import solve_exhaustive
from escapology.labyrinth.generator import generate_instance
from escapology.labyrinth import load
from escapology.labyrinth.model import Instance


def as_triples(plan):
    return [(p.line, p.direction, s) for s, p in enumerate(plan, start=1)]


@st.composite
def small_instances(draw):
    n = draw(st.sampled_from([2, 3, 3, 4]))
    density = draw(st.sampled_from([0.25, 0.42, 0.6]))
    conns = tuple(sum(b for b in (1, 2, 4, 8) if draw(st.floats(0, 1)) < density) for _ in range(n * n))
    init = draw(st.integers(0, n * n - 1))
    goal = draw(st.integers(0, n * n - 1))
    max_steps = draw(st.integers(0, 3 if n < 4 else 2))
    return Instance(n, conns, (init // n + 1, init % n + 1), (goal // n + 1, goal % n + 1), max_steps)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_instances())
def test_native_matches_exhaustive_on_small_boards(inst):
    fast = solve(inst, engine="native")
    plain = solve_exhaustive(inst)
    assert fast.status == plain.status
    assert fast.pushes == plain.pushes
    assert fast.optimal
    if fast.plan is not None:
        assert check_plan(inst, as_triples(fast.plan)).ok


def test_native_matches_exhaustive_on_seeded_4x4_boards_with_three_pushes():
    rng = random.Random(2026)
    for _ in range(60):
        n = 4
        conns = tuple(sum(b for b in (1, 2, 4, 8) if rng.random() < 0.42) for _ in range(n * n))
        a, b = rng.sample(range(n * n), 2)
        inst = Instance(n, conns, (a // n + 1, a % n + 1), (b // n + 1, b % n + 1), 3)
        fast, plain = solve(inst), solve_exhaustive(inst)
        assert (fast.status, fast.pushes) == (plain.status, plain.pushes)


def test_problem_page_example(shared_dir):
    inst = load(shared_dir / "asptools-ntdb__0005.asp")
    for engine in ("native", "clingo", "exhaustive"):
        r = solve(inst, engine=engine)
        assert r.status is Status.SOLVED and r.pushes == 2 and r.optimal
        assert r.facts() in ("push(1,w,1). push(3,s,2).", "push(1,w,1). push(2,n,2).")


# real instances on which clingo answers within seconds; minimum plan lengths as both engines prove them
@pytest.mark.parametrize("name", ["asptools-ntdb__0005.asp", "asptools-ntdb__0060.asp"])
def test_native_matches_clingo_on_real_instances(shared_dir, name):
    inst = load(shared_dir / name)
    fast = solve(inst, timeout=60)
    ref = solve(inst, engine="clingo", timeout=120)
    assert ref.status is not Status.UNKNOWN, "clingo did not finish"
    assert fast.status == ref.status
    assert fast.pushes == ref.pushes
    assert fast.optimal and ref.optimal
    for r in (fast, ref):
        if r.plan is not None:
            assert check_plan(inst, as_triples(r.plan)).ok


def test_timeout_returns_lower_bound_not_a_wrong_answer(shared_dir):
    inst = load(shared_dir / "asptools-ntdb__0083.asp")
    r = solve(inst, timeout=0.5)
    assert r.status in (Status.UNKNOWN, Status.SOLVED)
    assert r.lower_bound >= 1
    if r.plan is not None:
        assert check_plan(inst, as_triples(r.plan)).ok
        assert r.optimal == (r.pushes == r.lower_bound)


def test_unsolvable_is_proven():
    # the goal field has no connection at all and the avatar cannot stand on it
    inst = Instance.from_grid(["╷ ", "│ "], init=(1, 1), goal=(2, 2), max_steps=3)
    for engine in ("native", "clingo", "exhaustive"):
        r = solve(inst, engine=engine)
        assert r.status is Status.UNSOLVABLE and r.lower_bound == 4


def test_native_matches_clingo_on_generated_boards():
    # boards drawn until a few need three or more pushes: clingo proves those quickly at this size
    for seed in (1, 3, 14, 25, 33):
        inst = generate_instance(6, seed=seed)
        fast, ref = solve(inst), solve(inst, engine="clingo", timeout=120)
        assert ref.status is not Status.UNKNOWN
        assert (fast.status, fast.pushes) == (ref.status, ref.pushes)


def test_worker_threads_agree_with_one_worker_and_exhaustive_search():
    # boards needing 3-5 pushes, so that the exact search runs split over first pushes
    seen = 0
    for seed in range(40):
        rng = random.Random(seed)
        inst = generate_instance(rng.choice([5, 6]), seed=seed, density=0.35, max_steps=5)
        one = solve(inst, workers=1)
        if one.pushes is None or one.pushes < 3:
            continue
        seen += 1
        two = solve(inst, workers=2)
        assert (two.status, two.pushes, two.optimal) == (one.status, one.pushes, True)
        assert check_plan(inst, as_triples(two.plan)).ok
        if one.pushes <= 4 and inst.n == 5:
            assert solve_exhaustive(inst).pushes == one.pushes
    assert seen >= 5
