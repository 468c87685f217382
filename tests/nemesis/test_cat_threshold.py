"""cat_exceeds: the clique lemma against the exact engine, the two one-sided searches against the
exact value, and Corollary 6's instances against the source's Nemesis winner."""

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from escapology.core.limits import Deadline
from escapology.nemesis import Instance, cat_numbers, cat_value, random_graph, solve
from escapology.nemesis.checkers.cat import check_herder
from escapology.nemesis.engines.cat_threshold import cat_exceeds, clique_classes, greedy_bound
from escapology.nemesis.reductions import nemesis_to_cat_corollary6


def _clique(names):
    return list(itertools.combinations(names, 2))


def _deleted(q, seed, count):
    edges = _clique(range(q))
    return set(random.Random(seed).sample(edges, min(count, len(edges))))


@settings(max_examples=12, deadline=None, derandomize=True)
@given(q=st.sampled_from([5, 6]), seed=st.integers(0, 10**6), count=st.integers(0, 12))
def test_clique_lemma_on_complete_graphs(q, seed, count):
    """The exact value from a vertex of degree >= 2 is at least the greedy cat's bound."""
    gone = _deleted(q, seed, count)
    edges = [e for e in _clique(range(q)) if e not in gone]
    g = Instance.from_edges(edges, vertices=range(q)).graph()
    values = cat_numbers(g, speed=1)
    degree = [sum(1 for _ in g.adj[v]) for v in range(g.n)]
    checked = 0
    for v in range(g.n):
        if degree[v] >= 2:
            assert values[v] >= greedy_bound(q, len(gone), degree[v]), (sorted(gone), g.names[v])
            checked += 1
    assert checked or len(gone) >= q  # only a heavily cut clique has no vertex of degree 2


@settings(max_examples=10, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**6), count=st.integers(0, 7), path=st.integers(1, 2))
def test_clique_lemma_with_a_pendant_path(seed, count, path):
    """K_5 with a path hanging from vertex 0: only the internal deletions count in the bound."""
    gone = _deleted(5, seed, count)
    edges = [e for e in _clique(range(5)) if e not in gone] + [(0, 5)] + ([(5, 6)] if path == 2 else [])
    g = Instance.from_edges(edges, vertices=range(5 + path)).graph()
    values = cat_numbers(g, speed=1)
    for v in range(5):
        inner = sum(1 for w, _ in g.adj[v] if int(g.names[w]) < 5)
        assert values[v] >= greedy_bound(5, len(gone), inner)


def _planted(seed):
    """A random connected graph on 3 vertices, a class K_5 joined to one of them (the port: a K_6
    with it), sometimes a pendant vertex, and sometimes a second class in another component (the
    exact search must stay small: a class in the start's component costs it 1-5 s)."""
    rng = random.Random(seed)
    small = [(0, 1), (1, 2)] + ([(0, 2)] if rng.random() < 0.5 else [])
    if rng.random() < 0.5:
        small.append((rng.randrange(3), 3))
    port = rng.randrange(3)
    first = [f"a{i}" for i in range(5)]
    edges = small + _clique(first) + [(port, t) for t in first]
    if rng.random() < 0.5:
        second = [f"b{i}" for i in range(5)]
        edges += _clique(second) + [("x", t) for t in second] + [("x", "y")]
    g = Instance.from_edges(edges).graph()
    return g, g.index[str(rng.choice([v for v in range(3) if v != port]))]


def _within(g, p, mult, b, memo):
    """Exact, for small ``b``: does the herder isolate the cat on ``p`` (herder to move) within ``b``
    deletions? All deletions in the cat's component (the exact engine's pruning), memoised."""
    if not any(mult[e] for _, e in g.adj[p]):
        return True
    if b <= 0:
        return False
    key = (p, mult, b)
    if key not in memo:
        seen = g.reachable(p, mult)
        memo[key] = False
        for e in range(g.m):
            if not mult[e] or g.ends[e][0] not in seen:
                continue
            after = mult[:e] + (mult[e] - 1,) + mult[e + 1:]
            if all(_within(g, w, after, b - 1, memo) for w in {w for w, f in g.adj[p] if after[f]}):
                memo[key] = True
                break
    return memo[key]


@settings(max_examples=12, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**6))
def test_answers_agree_with_the_exact_decision(seed):
    """Thresholds 0-3 against the exact decision; the False answers' strategies checked."""
    g, start = _planted(seed)
    assert clique_classes(g)
    memo = {}
    answered = 0
    for k in range(4):
        r = cat_exceeds(g, start, k)
        if r.exceeds is None:
            continue
        answered += 1
        assert r.exceeds == (not _within(g, start, tuple(g.mult), k, memo)), (k, r)
        assert r.lower <= r.upper
        if r.exceeds is False:
            assert r.upper <= k and check_herder(g, start, r.herder, r.upper, speed=1)[0]
    assert answered


@pytest.mark.parametrize("seed", [2, 5])
def test_bounds_hold_the_exact_value(seed):
    """Two planted graphs small enough for the exact engine (about 1-2 s each): every threshold."""
    g, start = _planted_small(seed)
    exact = cat_value(g, start, speed=1)
    for k in range(exact + 3):
        r = cat_exceeds(g, start, k)
        assert r.lower <= exact and (r.upper is None or exact <= r.upper), (k, exact, r)
        assert r.exceeds in (None, exact > k), (k, exact, r)


def _planted_small(seed):
    """K_6 (a class of 5 and its port) and up to two more vertices."""
    rng = random.Random(seed)
    first = [f"a{i}" for i in range(5)]
    edges = _clique(first) + [(0, t) for t in first] + [(0, 1)] + ([(1, 2)] if rng.random() < 0.5 else [])
    g = Instance.from_edges(edges).graph()
    return g, g.index[str(rng.choice([0, 1]))]


def test_without_classes_the_searches_are_exact():
    """No class: both sides play the real game, so every threshold is settled."""
    for seed in range(6):
        inst = random_graph(6, 0.45, exits=0, seed=seed)
        g = inst.graph()
        start = g.start if g.start is not None else 0
        exact = cat_value(g, start, speed=1)
        for k in range(exact + 2):
            r = cat_exceeds(g, start, k)
            assert r.exceeds == (exact > k), (seed, k, exact, r)


def test_check_herder_rejects_a_false_bound():
    g = Instance.from_edges([(0, 1), (1, 2), (0, 2), (2, 3)] + _clique(range(3, 9))).graph()
    start = g.index["0"]
    r = cat_exceeds(g, start, 3)
    assert r.exceeds is False and r.upper == 3
    assert check_herder(g, start, r.herder, 3, speed=1)[0]
    assert not check_herder(g, start, r.herder, 2, speed=1)[0]


def test_start_inside_a_class():
    """K_6 is one class without ports: the lemma from the start (2q - 3 = 9), the sweep above 15."""
    g = Instance.from_edges(_clique(range(6))).graph()
    exact = cat_value(g, 0, speed=1)
    low, mid, high = (cat_exceeds(g, 0, k) for k in (8, exact, 15))
    assert (low.exceeds, low.lower) == (True, 9) and exact > 8
    assert mid.exceeds is None and mid.lower <= exact <= mid.upper
    assert (high.exceeds, high.upper) == (False, 15)
    assert check_herder(g, 0, high.herder, 15, speed=1)[0]


def test_deadline_gives_no_answer():
    g = Instance.from_edges([(0, 1), (1, 2), (0, 2), (2, 3)] + _clique(range(3, 9))).graph()
    r = cat_exceeds(g, g.index["0"], 2, deadline=Deadline(0))
    assert (r.exceeds, r.method, r.herder) == (None, "time limit", None)
    assert r.lower <= 3 <= r.upper


def _sources():
    """The docstring's example and random 3-, 4- and 5-vertex sources of both winners."""
    yield Instance.from_edges([("s", "a"), ("a", "x"), ("a", "y"), ("a", "b"), ("b", "x")],
                              exits={"x", "y"}, start="s")
    for n, seed in [(3, 0), (3, 1), (3, 2), (4, 1), (4, 3), (4, 4), (4, 6), (4, 23), (4, 33), (5, 6), (5, 13), (5, 3)]:
        yield random_graph(n, 0.7, exits=2, seed=seed)


@pytest.mark.parametrize("inst", list(_sources()), ids=lambda i: f"{len(i.vertices)}v-{len(i.edges)}e")
def test_corollary6_instances_are_settled(inst):
    truth = solve(inst).winner == "fugitive"
    built = nemesis_to_cat_corollary6(inst)
    g = built.instance.graph()
    r = cat_exceeds(g, g.start, built.params["threshold"])
    assert r.exceeds is truth
    if truth:
        assert r.lower > built.params["threshold"]
    else:
        assert r.upper <= built.params["threshold"]
        assert check_herder(g, g.start, r.herder, r.upper, speed=1)[0]
