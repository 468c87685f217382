"""The paper's reductions (escapology.nemesis.reductions): the game's answer on the reduced instance
against the formula's truth computed independently (every assignment, or the QBF's prefix branch
by branch: escapology.core.dimacs), planarity by networkx, maximum degree, sizes against the
paper's counts. The exact solver is reached through the public ``solve``; an instance it does
not settle within the limit is skipped, never counted as an agreement."""

import itertools
import random

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from escapology.core.dimacs import QBF, qbf_true, read_qdimacs, satisfiable
from escapology.core.errors import InputError
from escapology.nemesis import Instance, cat_value, check_escape_tree, find_escape_tree, random_graph, solve
from escapology.nemesis.reductions import (
    embed,
    escape_tree_theorem3,
    multigraph_to_simple,
    nemesis_to_cat_corollary6,
    pmr3sat_to_nemesis,
    qsat_to_multigraph,
    read_embedded,
    two_exits_theorem9,
)
from escapology.nemesis.reductions.lemma14 import translation_size

LIMIT = 60.0  # seconds per solve; beyond it the case is skipped


def winner(inst, limit=LIMIT):
    r = solve(inst, timeout=limit)
    return r.winner if r.status.value == "solved" else None


def nx_graph(inst):
    g = nx.Graph()
    g.add_nodes_from(inst.vertices)
    g.add_edges_from(inst.edges)
    return g


# -- Theorem 3 ------------------------------------------------------------------------------------

def lsat_like(rng, n, m):
    """A random CNF whose literals occur at most twice, clauses of 1..3 literals."""
    uses = {}
    clauses = []
    for _ in range(m):
        c = []
        for _ in range(rng.randint(1, 3)):
            lit = rng.choice((1, -1)) * rng.randint(1, n)
            if uses.get(lit, 0) < 2 and lit not in c:
                uses[lit] = uses.get(lit, 0) + 1
                c.append(lit)
        if c:
            clauses.append(c)
    return clauses


def test_theorem3_root_has_an_escape_tree_iff_satisfiable():
    rng = random.Random(3)
    seen = {True: 0, False: 0}
    for _ in range(150):
        n = rng.randint(1, 5)
        clauses = lsat_like(rng, n, rng.randint(1, 3 * n))
        built = escape_tree_theorem3(clauses, n)
        g = built.instance.graph()
        tree = find_escape_tree(g, g.index["r"])
        sat = satisfiable(n, clauses)
        assert (tree is not None) == sat, clauses
        if tree is not None:
            assert check_escape_tree(g, tree, g.index["r"])[0]
        assert built.instance.max_degree() <= 4 and built.instance.is_simple()
        assert len(built.instance.vertices) == 17 * n + 5 * len(clauses) + 3 == built.bound["vertices"]
        seen[sat] += 1
    assert seen[True] > 10 and seen[False] > 10


def test_theorem3_the_papers_example_clause_is_wired_to_the_opposite_literals():
    # c6 = x1 or not x3 or x8 with x8 seen before: C6^1 - neg x1 (first), C6^2 - x3^1 and neg x8^2
    clauses = [[8], [2], [3], [4], [5], [1, -3, 8]]
    edges = escape_tree_theorem3(clauses, 8).instance.edges
    assert ("c6_1", "n1_1") in edges and ("c6_2", "p3_1") in edges and ("c6_2", "n8_2") in edges


def test_theorem3_refuses_a_third_occurrence_and_long_clauses():
    with pytest.raises(InputError, match="third time"):
        escape_tree_theorem3([[1], [1], [1, 2]])
    with pytest.raises(InputError, match="at most 3"):
        escape_tree_theorem3([[1, 2, 3, 4]])


# -- Theorem 4 ------------------------------------------------------------------------------------

def monotone(rng, n, m):
    out = []
    for _ in range(m):
        sign = rng.choice((1, -1))
        out.append(sorted({sign * rng.randint(1, n) for _ in range(rng.randint(1, 3))}, key=abs))
    return out


def embedded_formulas(rng, n, count, m_range):
    found = 0
    while found < count:
        clauses = monotone(rng, n, rng.randint(*m_range))
        try:
            yield clauses, embed(n, clauses)
        except InputError:
            continue
        found += 1


def test_theorem4_every_one_variable_formula():
    for clauses in ([[1]], [[-1]], [[1], [-1]], [[1], [1]]):
        built = pmr3sat_to_nemesis(embed(1, clauses))
        assert (winner(built.instance) == "fugitive") == satisfiable(1, clauses), clauses


def test_theorem4_fugitive_wins_iff_satisfiable():
    rng = random.Random(42)
    seen = {True: 0, False: 0}
    for clauses, formula in embedded_formulas(rng, 2, 8, (2, 3)):
        built = pmr3sat_to_nemesis(formula)
        w = winner(built.instance)
        if w is None:
            continue
        sat = satisfiable(2, clauses)
        assert (w == "fugitive") == sat, clauses
        seen[sat] += 1
    assert seen[True] and seen[False]


def test_theorem4_output_is_planar_with_the_papers_multiplicities():
    rng = random.Random(44)
    for n in range(1, 9):
        for clauses, formula in embedded_formulas(rng, n, 3, (1, 2 * n)):
            built = pmr3sat_to_nemesis(formula)
            inst, p = built.instance, built.params
            assert nx.check_planarity(nx_graph(inst))[0], (clauses, formula.order)
            assert built.within_bound()
            m = len(clauses)
            assert p["K"] > max(sum(v in map(abs, c) for c in clauses) for v in range(1, n + 1))
            assert p["L"] > 2 * n * p["K"] == p["D"]
            assert inst.edges[("e", "r")] == p["D"] - m + 1
            breakable = {k for (a, b), k in inst.edges.items() if a in inst.exits or b in inst.exits}
            assert all(k == p["N"] for (a, b), k in inst.edges.items() if a not in inst.exits and b not in inst.exits)
            assert breakable <= {p["L"] + 1, p["D"] - m + 1}
            assert p["N"] > len(inst.vertices)


def test_theorem4_crossing_clauses_are_refused_on_a_given_order():
    # {1,3} and {2,4} cross on the order 1 2 3 4: the format refuses it; embed finds another order
    text = "c pmr3sat order 1 2 3 4\np cnf 4 2\n1 3 0\n2 4 0\n"
    with pytest.raises(InputError, match="cross"):
        read_embedded(text, file="x.cnf")
    assert embed(4, [[1, 3], [2, 4]]).order == [1, 2, 4, 3]


def test_embedding_format_errors_name_the_line():
    with pytest.raises(InputError, match="mixes positive and negative") as e:
        read_embedded("p cnf 2 1\n1 -2 0\n", file="f.cnf")
    assert "f.cnf" in str(e.value)
    with pytest.raises(InputError) as e:
        read_embedded("c pmr3sat order 1 1\np cnf 2 1\n1 2 0\n", file="f.cnf")
    assert str(e.value).startswith("f.cnf:1:")
    with pytest.raises(InputError) as e:
        read_embedded("c pmr3sat levels 1 x\np cnf 2 2\n1 2 0\n-1 0\n", file="f.cnf")
    assert str(e.value).startswith("f.cnf:1:")
    with pytest.raises(InputError, match="same level"):
        read_embedded("c pmr3sat levels 1 1\np cnf 3 2\n1 3 0\n2 3 0\n", file="f.cnf")
    e = read_embedded("c pmr3sat levels 2 1\np cnf 3 2\n1 3 0\n2 3 0\n")
    assert read_embedded(e.text()) == e


def test_no_order_embeds_a_dense_formula():
    # every pair of {1..5} as a positive clause: K5 with a path through the variables is not planar
    clauses = [[a, b] for a, b in itertools.combinations(range(1, 6), 2)]
    with pytest.raises(InputError, match="no order"):
        embed(5, clauses)
    # and indeed the race graph is not planar: its clause paths subdivide a K5; Theorem 4 refuses
    # an embedding that does not hold
    from escapology.nemesis.reductions.embedding import Embedded
    from escapology.nemesis.reductions.race import build_race

    assert not nx.check_planarity(nx_graph(build_race([1, 2, 3, 4, 5], clauses, set(), question="", what="").instance))[0]
    with pytest.raises(InputError, match="crosses"):
        pmr3sat_to_nemesis(Embedded(5, tuple(map(tuple, clauses)), [1, 2, 3, 4, 5], list(range(1, 11))))


# -- Theorem 5 (multigraphs) ----------------------------------------------------------------------

def random_qbf(rng, n, most_clauses):
    prefix = tuple((rng.choice("ea"), (v,), 0) for v in range(1, n + 1))
    clauses = tuple(tuple(dict.fromkeys(rng.choice((1, -1)) * rng.randint(1, n) for _ in range(rng.randint(1, 3))))
                    for _ in range(rng.randint(1, most_clauses)))
    return QBF(n, prefix, clauses)


def test_theorem5_every_one_variable_qbf():
    for q in "ea":
        for clauses in ([[1]], [[-1]], [[1], [-1]], [[1, -1]]):
            qbf = read_qdimacs(f"p cnf 1 {len(clauses)}\n{q} 1 0\n" + "".join(" ".join(map(str, c)) + " 0\n" for c in clauses))
            w = winner(qsat_to_multigraph(qbf).instance)
            assert (w == "fugitive") == qbf_true(qbf), (q, clauses)


def test_theorem5_fugitive_wins_iff_the_qbf_is_true():
    rng = random.Random(50)
    seen = {True: 0, False: 0}
    universal = 0
    for _ in range(10):
        qbf = random_qbf(rng, 2, 2)
        built = qsat_to_multigraph(qbf)
        w = winner(built.instance, limit=20)
        if w is None:
            continue
        truth = qbf_true(qbf)
        assert (w == "fugitive") == truth, qbf
        seen[truth] += 1
        universal += built.params["universal"] > 0
    assert seen[True] and seen[False] and universal


def test_electric_gadget_gives_the_nemesis_the_choice():
    # forall x: (x or not x) is true, forall x: (x) is false, exists x: (x) is true
    cases = {"a 1 0\n1 -1 0\n": "fugitive", "a 1 0\n1 0\n": "nemesis", "e 1 0\n1 0\n": "fugitive",
             "a 1 0\n-1 0\n": "nemesis"}
    for prefix, expected in cases.items():
        built = qsat_to_multigraph(read_qdimacs("p cnf 1 1\n" + prefix))
        inst = built.instance
        if prefix.startswith("a"):
            assert inst.edges[("t1_1", "t1_2")] == inst.edges[("f1_1", "f1_2")] == 1
            assert ("d1", "f1_1") in inst.edges and ("nd1", "t1_1") in inst.edges
        assert winner(inst) == expected, prefix


def test_free_variables_come_first_as_existential():
    qbf = read_qdimacs("p cnf 2 1\na 2 0\n1 2 0\n")
    built = qsat_to_multigraph(qbf)
    assert ("s", "t1_1") in built.instance.edges and built.params["universal"] == 1
    assert winner(built.instance) == "fugitive" and qbf_true(qbf)


# -- Lemma 14 --------------------------------------------------------------------------------------

def test_lemma14_translation_is_simple_with_the_papers_gadgets():
    qbf = read_qdimacs("p cnf 2 2\na 1 0\ne 2 0\n1 2 0\n-1 0\n")
    multi = qsat_to_multigraph(qbf)
    simple = multigraph_to_simple(multi)
    inst, N = simple.instance, multi.params["N"]
    assert inst.is_simple() and N > len(multi.instance.vertices)
    vertices, edges = translation_size(multi.instance, N)
    assert (len(inst.vertices), len(inst.edges)) == (vertices, edges) and simple.within_bound()
    # a fuse is a matching, an unbreakable edge a biclique, an exit edge k vertices with two exits each
    assert sum(1 for (a, b) in inst.edges if {a.rsplit("_k", 1)[0], b.rsplit("_k", 1)[0]} == {"t1_1", "t1_2"}) == N
    assert sum(1 for (a, b) in inst.edges if {a.rsplit("_k", 1)[0], b.rsplit("_k", 1)[0]} == {"s", "t1_1"}) == N * N
    main = multi.instance.edges[("e", "r")]
    ps = [v for v in inst.vertices if v.startswith("r_e_p")]
    assert len(ps) == main and all(inst.degree(p) == N + 2 for p in ps)
    assert inst.start == "s_k1" and len(nx.connected_components(nx_graph(inst)).__next__()) == len(inst.vertices)


def test_lemma14_refuses_a_multiplicity_it_does_not_translate():
    from escapology.nemesis.reductions.lemma14 import translate

    inst = Instance.from_edges([("s", "a", 2), ("a", "x", 3)], exits={"x"}, start="s")
    with pytest.raises(InputError, match="2 copies"):
        translate(inst, 10)


# -- Theorem 9 ------------------------------------------------------------------------------------

@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(3, 8), st.floats(0.25, 0.8), st.integers(1, 4), st.integers(0, 10**6))
def test_theorem9_keeps_the_winner(n, p, exits, seed):
    inst = random_graph(n, p, exits=min(exits, n - 1), seed=seed)
    built = two_exits_theorem9(inst)
    two = built.instance
    assert sorted(two.exits) == ["t1", "t2"] and two.is_simple() and built.within_bound()
    assert len(two.vertices) == 2 * n + 3
    assert winner(inst) == winner(two)


def test_theorem9_takes_any_number_of_exit_copies():
    # a vertex with three exit neighbours: the project's two_exits refuses it, Theorem 9 does not
    inst = Instance.from_edges([("s", "a"), ("a", "p"), ("a", "q"), ("a", "w"), ("s", "b"), ("b", "p")],
                               exits={"p", "q", "w"}, start="s")
    assert winner(two_exits_theorem9(inst).instance) == winner(inst) == "fugitive"


# -- Corollary 6 ----------------------------------------------------------------------------------

def test_corollary6_builds_the_cliques_the_decoy_and_the_threshold():
    inst = Instance.from_edges([("s", "a"), ("a", "x"), ("a", "y"), ("s", "b"), ("b", "x")], exits={"x", "y"}, start="s")
    built = nemesis_to_cat_corollary6(inst)
    cat, m = built.instance, built.params["m"]
    assert m == 5 and built.params["threshold"] == 2 * m and not cat.exits and cat.is_simple()
    g = nx_graph(cat)
    for x in ("x", "y"):
        clique = [x] + [f"{x}_q{i}" for i in range(1, 2 * m)]
        assert all(g.has_edge(u, v) for u, v in itertools.combinations(clique, 2))
    decoy = [f"z_q{i}" for i in range(1, 2 * m + 1)]
    assert all(g.has_edge(u, v) for u, v in itertools.combinations(decoy, 2))
    assert list(g.neighbors("s")) and g.has_edge("s", "z_q1") and g.degree("s") == 3
    # three exits: Theorem 9 first, then m counts its edges
    three = Instance.from_edges([("s", "a"), ("a", "x"), ("a", "y"), ("a", "w")], exits={"x", "y", "w"}, start="s")
    b3 = nemesis_to_cat_corollary6(three)
    assert b3.params["m"] == sum(two_exits_theorem9(three).instance.edges.values())


@pytest.mark.parametrize("q", [4, 5])
def test_corollary6_clique_lemma_a_cat_of_speed_1_in_k_q_needs_2q_minus_4_deletions(q):
    # the lemma of the proof: catching a cat in K_q takes at least 2q - 4 deletions in the clique,
    # even after one edge of it is gone (then at least 2q - 5 more)
    k = Instance.from_edges(list(itertools.combinations(range(q), 2)))
    assert cat_value(k.graph(), 0, speed=1) >= 2 * q - 4
    minus = Instance.from_edges([e for e in itertools.combinations(range(q), 2) if e != (0, 1)])
    g = minus.graph()
    assert all(cat_value(g, v, speed=1) >= 2 * q - 5 for v in range(q))


def test_prefix_blocks_keep_their_order_and_free_variables_lead():
    from escapology.nemesis.reductions.theorem5 import prefix_order

    qbf = read_qdimacs("p cnf 5 1\ne 4 2 0\na 5 1 0\n1 2 3 4 5 0\n")
    assert prefix_order(qbf) == ([3, 4, 2, 5, 1], {5, 1})
    inst = qsat_to_multigraph(qbf).instance
    assert ("s", "t3_1") in inst.edges and ("j3", "t5_1") in inst.edges and inst.edges[("t5_1", "t5_2")] == 1


def test_more_variables_than_the_order_search_need_an_order():
    clauses = [[1, 3], [2, 4], [5, 6], [7, 8], [9]]
    with pytest.raises(InputError, match="give one"):
        embed(9, clauses)
    text = "c pmr3sat order 1 2 4 3 5 6 7 8 9\np cnf 9 5\n" + "".join(" ".join(map(str, c)) + " 0\n" for c in clauses)
    assert read_embedded(text).levels == [2, 1, 1, 1, 1]
