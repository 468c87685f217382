"""Reductions and binary escape trees, each checked by solving its output."""

import random

import pytest
from pysat.solvers import Solver

from escapology.core.errors import InputError
from escapology.nemesis import (
    Instance,
    cat_value,
    check_escape_tree,
    check_strategy,
    find_escape_tree,
    lsat_to_escape_tree,
    merge_exits,
    nemesis_to_cat,
    parse_dimacs,
    random_graph,
    solve_graph,
    tree_strategy,
    two_exits,
)
from escapology.nemesis.engines.escape_tree import tree_condition


def _cnf(rng):
    nv = rng.randint(1, 4)
    return [[rng.choice((1, -1)) * rng.randint(1, nv) for _ in range(rng.randint(1, 3))] for _ in range(rng.randint(1, 5))]


def test_lsat_reduction_matches_sat():
    rng = random.Random(7)
    seen = {True: 0, False: 0}
    for _ in range(150):
        clauses = _cnf(rng)
        with Solver(bootstrap_with=clauses) as s:
            sat = s.solve()
        g = lsat_to_escape_tree(clauses).graph()
        found = tree_condition(g)  # the start has one neighbour, the root of the spine
        assert (found is not None) == sat, clauses
        seen[sat] += 1
        if found is not None:
            root, tree = found
            r = g.index[root]
            assert check_escape_tree(g, tree, r)[0] and all(len(c) == 2 for c in tree.values())
            assert check_strategy(g, "nemesis", g.start, tree_strategy(g, tree, r))[0]
    assert seen[True] and seen[False]


def test_escape_tree_implies_fugitive_win_and_checker_rejects_bad_trees():
    rng = random.Random(1)
    found = 0
    for i in range(200):
        inst = random_graph(rng.randint(3, 7), rng.uniform(0.3, 0.7), exits=rng.randint(1, 3), seed=i, max_mult=2)
        g = inst.graph()
        condition = tree_condition(g)
        if condition is None:
            continue
        found += 1
        root, tree = condition
        assert solve_graph(g, strategy=False).winner == "fugitive"
        for game in ("nemesis", "blizzard"):
            assert check_strategy(g, game, g.start, tree_strategy(g, tree, g.index[root]))[0]
    assert found > 20
    g = Instance.from_edges([("s", "a"), ("a", "x"), ("a", "b")], exits={"x"}, start="s").graph()
    assert tree_condition(g) is None and find_escape_tree(g, g.index["a"]) is None
    a = g.index["a"]
    assert not check_escape_tree(g, {"a": ["x", "b"]}, a)[0]
    assert not check_escape_tree(g, {"a": ["x", "x"]}, a)[0]
    assert not check_escape_tree(g, {"s": ["a"], "a": ["x", "x"]})[0]  # the root has two children


def test_definition_10_roots_have_two_children():
    """The paper's Definition 10: a root with two children (Lemma 11 lets it sit on the start)."""
    g = Instance.from_edges([("s", "x"), ("s", "a"), ("a", "x"), ("a", "y")], exits={"x", "y"}, start="s").graph()
    assert find_escape_tree(g) == {"a": ["x", "y"], "s": ["a", "x"]}
    assert check_escape_tree(g, {"a": ["x", "y"], "s": ["a", "x"]})[0]
    assert not check_escape_tree(g, {"s": ["a"], "a": ["x", "y"]})[0]
    assert tree_condition(g) == ("s", {"a": ["x", "y"], "s": ["a", "x"]})


def test_merge_and_two_exits_keep_the_winner():
    rng = random.Random(4)
    tried = 0
    for i in range(300):
        inst = random_graph(rng.randint(3, 7), rng.uniform(0.2, 0.7), exits=rng.randint(1, 3), seed=i,
                            max_mult=rng.choice((1, 2)))
        g = inst.graph()
        for game in ("nemesis", "blizzard"):
            w = solve_graph(g, game, strategy=False).winner
            assert solve_graph(merge_exits(inst).graph(), game, strategy=False).winner == w
            try:
                two = two_exits(inst)
            except InputError:
                continue
            tried += 1
            assert two.is_simple() and len(two.exits) == 2
            assert solve_graph(two.graph(), game, strategy=False).winner == w
    assert tried > 100


def test_nemesis_to_cat():
    rng = random.Random(9)
    tried = 0
    for i in range(400):
        inst = random_graph(rng.randint(3, 6), rng.uniform(0.3, 0.7), exits=rng.randint(1, 2), seed=i)
        if sum(inst.edges.values()) > 7:
            continue
        s = inst.start
        if any(s in k and (k[0] in inst.exits or k[1] in inst.exits) for k in inst.edges):
            continue
        w = solve_graph(inst.graph(), strategy=False).winner
        cats = nemesis_to_cat(inst)
        cat_wins = any(cat_value(c.graph(), c.graph().index[c.start], speed=1) >= K for c, K in cats)
        assert cat_wins == (w == "fugitive"), inst
        tried += 1
    assert tried > 50


def test_dimacs():
    assert parse_dimacs("c hi\np cnf 2 2\n1 -2 0\n2 0\n") == [[1, -2], [2]]
    with pytest.raises(InputError):
        parse_dimacs("p cnf x\n")
    with pytest.raises(InputError):
        parse_dimacs("1 a 0\n")


def _brute_escape_tree(g, root=None, need=1) -> bool:
    """Backtracking over child choices: does a binary escape tree hang from ``root`` (default: the
    start) with ``need`` children? With one child from the start this is Lemma 11's tree condition."""
    from itertools import combinations

    def slots(u, used):
        out = []
        for w, e in g.adj[u]:
            if g.is_exit[w]:
                out += [("x", e)] * min(g.mult[e], 2)
            elif w not in used:
                out.append(("v", w))
        return out

    def grow(frontier, used):
        if not frontier:
            return True
        (u, need), rest = frontier[0], frontier[1:]
        for pick in set(combinations(sorted(slots(u, used)), need)):
            vs = [w for kind, w in pick if kind == "v"]
            if len(set(vs)) < len(vs):
                continue
            if grow(rest + [(w, 2) for w in vs], used | set(vs)):
                return True
        return False

    r = g.start if root is None else root
    return grow([(r, need)], {r})


def test_escape_tree_sat_matches_backtracking():
    rng = random.Random(21)
    both = {True: 0, False: 0}
    for i in range(300):
        inst = random_graph(rng.randint(3, 7), rng.uniform(0.3, 0.8), exits=rng.randint(1, 3), seed=i,
                            max_mult=rng.choice((1, 2)))
        g = inst.graph()
        sat = tree_condition(g) is not None
        assert sat == _brute_escape_tree(g), inst
        both[sat] += 1
        for r in range(g.n):
            if not g.is_exit[r]:
                assert (find_escape_tree(g, r) is not None) == _brute_escape_tree(g, r, 2), (inst, r)
    assert both[True] > 30 and both[False] > 30
