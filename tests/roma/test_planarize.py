"""Lichtenstein's planarization (the formula side of Theorems 2 and 9): same models, planar."""

import itertools

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.solvers import Solver

from escapology.roma.reductions.planarize import CROSSOVER, crossover_models, normalise_clauses, planarize


def incidence(clauses):
    g = nx.Graph()
    for i, cl in enumerate(clauses):
        g.add_node(("clause", i))
        for lit in cl:
            g.add_edge(("clause", i), abs(lit))
    return g


def models(n_vars, clauses, project):
    """Every model of the clauses (over 1..n_vars), projected on 1..project, as a list."""
    out = []
    every_variable = [[v, -v] for v in range(1, n_vars + 1)]  # so that unused ones count too
    with Solver(name="g4", bootstrap_with=clauses + every_variable) as s:
        while s.solve():
            m = s.get_model()
            out.append(tuple(lit > 0 for lit in m[:project]))
            s.add_clause([-lit for lit in m])
            if len(out) > 4096:
                break
    return out


def brute_models(n_vars, clauses):
    return [bits for bits in itertools.product((False, True), repeat=n_vars)
            if all(any(bits[abs(lit) - 1] == (lit > 0) for lit in cl) for cl in clauses)]


def test_the_crossover_fixes_its_outputs_and_auxiliaries_and_is_planar_with_its_terminals_in_order():
    ms = crossover_models()
    assert set(ms) == set(itertools.product((False, True), repeat=2))
    for (a1, b1), found in ms.items():
        assert len(found) == 1 and found[0][2] == a1 and found[0][3] == b1
    g = incidence(CROSSOVER)
    order = (1, 2, 3, 4)  # a1, b1, a2, b2 around the disc
    for a, b in zip(order, order[1:] + order[:1]):
        g.add_edge(a, ("frame", a, b))
        g.add_edge(("frame", a, b), b)
    g.add_edges_from(("outside", t) for t in order)
    assert nx.check_planarity(g)[0]
    crossed = incidence(CROSSOVER)  # the terminals in the order a1, a2, b1, b2 do not embed
    for a, b in ((1, 3), (3, 2), (2, 4), (4, 1)):
        crossed.add_edge(a, ("frame", a, b))
        crossed.add_edge(("frame", a, b), b)
    crossed.add_edges_from(("outside", t) for t in (1, 2, 3, 4))
    assert not nx.check_planarity(crossed)[0]


literal = st.integers(1, 6).flatmap(lambda v: st.sampled_from([v, -v]))
formulas = st.tuples(st.integers(2, 6), st.lists(st.lists(literal, min_size=1, max_size=3), max_size=10))


@settings(max_examples=60, deadline=None)
@given(formulas)
def test_planarize_keeps_the_models_and_gives_a_planar_3cnf(formula):
    n, raw = formula
    clauses = [[lit for lit in cl if abs(lit) <= n] or [1] for cl in raw]
    pf = planarize(n, clauses)
    assert all(1 <= len(cl) <= 3 for cl in pf.clauses)
    assert all(1 <= abs(lit) <= pf.n_vars for cl in pf.clauses for lit in cl)
    assert nx.check_planarity(incidence(pf.clauses))[0]
    want = sorted(brute_models(n, normalise_clauses(clauses)))
    got = models(pf.n_vars, pf.clauses, n)
    assert len(got) == len(set(got)), "a model of the input extends in two ways"
    assert sorted(got) == want
    assert pf.crossings <= 3 * len(clauses) * n


def test_a_complete_bipartite_incidence_is_made_planar():
    # K_{3,3} as an incidence graph: three clauses over the same three variables (not planar)
    clauses = [[1, 2, 3], [-1, 2, -3], [1, -2, 3]]
    assert not nx.check_planarity(incidence(clauses))[0]
    pf = planarize(3, clauses)
    assert pf.crossings > 0 and nx.check_planarity(incidence(pf.clauses))[0]
    assert sorted(models(pf.n_vars, pf.clauses, 3)) == sorted(brute_models(3, clauses))


def test_the_crossover_has_a_line_drawing_that_swaps_two_nested_links():
    import itertools

    from escapology.roma.reductions.layout import crosses
    from escapology.roma.reductions.planarize import swap_drawing

    arcs = swap_drawing()
    assert len(arcs) == 4 + 18
    for (p, s), (q, t) in itertools.combinations(arcs, 2):
        assert p != q or not crosses(s, t), (s, t)
    (la, a1), (lb, b1), (a2, ra), (b2, rb) = (arc for _, arc in arcs[:4])
    assert la < lb < b1 < a1  # entering: a's link encloses b's
    assert b2 < a2 < ra < rb  # leaving: b's link encloses a's
