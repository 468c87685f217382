"""The linear algorithms against the exact solver (itself checked against plain minimax)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from escapology.nemesis import (
    Instance,
    NotApplicable,
    blizzard_winner,
    blizzard_winning_set,
    check_strategy,
    random_graph,
    random_subcubic,
    random_tree,
    simplify,
    solve_graph,
    subcubic_winner,
    tree_winner,
)


def test_ten_thousand_random_graphs():
    """Each linear algorithm against the exact solver on at least 10,000 seeded random graphs:
    10,000 trees (Lemma 11), 10,000 graphs of maximum degree 3 (Lemma 12) and 10,000 multigraphs
    (Theorem 13 against exact Blizzard); simplification (§3.1) on all 30,000."""
    rng = random.Random(13)
    counts = {"tree": 0, "subcubic": 0, "blizzard": 0, "simplify": 0, "extra": 0}
    for i in range(30_000):
        kind = i % 3
        n = rng.randint(3, 9)
        if kind == 0:
            inst = random_tree(n, exits=rng.randint(1, 4), seed=i)
        elif kind == 1:
            inst = random_subcubic(n, extra=rng.uniform(0.8, 1.5), exits=rng.randint(1, 3), seed=i)
        else:
            inst = random_graph(min(n, 7), rng.uniform(0.2, 0.65), exits=rng.randint(1, 3), seed=i,
                                max_mult=rng.randint(1, 3))
        g = inst.graph()
        exact = solve_graph(g, "nemesis", strategy=False).winner
        assert solve_graph(simplify(inst).graph(), "nemesis", strategy=False).winner == exact, inst
        counts["simplify"] += 1
        if kind == 0:
            assert tree_winner(g)[0] == exact, inst
            counts["tree"] += 1
        elif kind == 1:
            assert subcubic_winner(g)[0] == exact, inst
            counts["subcubic"] += 1
        else:
            assert blizzard_winner(g)[0] == solve_graph(g, "blizzard", strategy=False).winner, inst
            counts["blizzard"] += 1
            for algorithm in (tree_winner, subcubic_winner):  # multigraphs inside their classes
                try:
                    assert algorithm(g)[0] == exact, (algorithm.__name__, inst)
                    counts["extra"] += 1
                except NotApplicable:
                    pass
    assert counts["extra"] > 1000
    del counts["extra"]
    assert counts == {"tree": 10_000, "subcubic": 10_000, "blizzard": 10_000, "simplify": 30_000}


@settings(max_examples=300, deadline=None)
@given(st.integers(2, 14), st.integers(1, 5), st.integers(0, 10**6))
def test_tree_strategy_is_checked(n, k, seed):
    inst = random_tree(n, exits=k, seed=seed)
    g = inst.graph()
    winner, strat = tree_winner(g)
    assert winner == solve_graph(g, strategy=False).winner
    if strat is not None:
        assert check_strategy(g, "nemesis", g.start, strat)[0]


@settings(max_examples=300, deadline=None)
@given(st.integers(3, 12), st.floats(0.7, 1.5), st.integers(1, 4), st.integers(0, 10**6))
def test_subcubic_escape_tree(n, extra, k, seed):
    g = random_subcubic(n, extra=extra, exits=k, seed=seed).graph()
    winner, tree = subcubic_winner(g)
    assert winner == solve_graph(g, strategy=False).winner
    if tree is not None:
        assert tree[0][0] == g.names[g.start]


@settings(max_examples=300, deadline=None)
@given(st.integers(3, 8), st.floats(0.2, 0.8), st.integers(1, 3), st.integers(1, 3), st.integers(0, 10**6))
def test_blizzard_w_and_strategy(n, p, k, mult, seed):
    g = random_graph(n, p, exits=k, seed=seed, max_mult=mult).graph()
    winner, strat = blizzard_winner(g)
    assert winner == solve_graph(g, "blizzard", strategy=False).winner
    if strat is not None:
        assert check_strategy(g, "blizzard", g.start, strat)[0]
    W, rank = blizzard_winning_set(g)
    assert all(rank[v] == 0 for v in range(g.n) if g.is_exit[v])


def test_not_applicable():
    cyc = Instance.from_edges([(1, 2), (2, 3), (3, 1), (3, 4)], exits={4}, start=1).graph()
    with pytest.raises(NotApplicable):
        tree_winner(cyc)
    star = Instance.from_edges([(0, i) for i in range(1, 5)] + [(1, 5)], exits={2}, start=1).graph()
    with pytest.raises(NotApplicable):
        subcubic_winner(star)


def test_simplify_drops_useless_parts():
    inst = Instance.from_edges(
        [("s", "a"), ("a", "x"), ("a", "y"), ("a", "d"), ("d", "e"), ("p", "q")], exits={"x", "y"}, start="s"
    )
    out = simplify(inst)
    assert set(out.vertices) == {"s", "a", "x", "y"}
    assert "p" not in out.vertices
