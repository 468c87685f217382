"""The one-sided search of the reduced graph (``native/src/nemesis/reduced.rs``): the heavy classes
of Remark 7 cut down to a few units. Its fugitive wins are wins on the whole graph (the theorem in
the module's documentation), which is what settles Lemma 14's two-variable graphs."""

import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from escapology import _native
from escapology.core.dimacs import QBF, qbf_true
from escapology.nemesis.engines.native import REDUCED_UNITS, NativeSearch, available
from escapology.nemesis.reductions import multigraph_to_simple, qsat_to_multigraph

sys.path.insert(0, str(Path(__file__).parent))
from test_symmetry import blocked, heavy_planted, plain_starts  # noqa: E402

pytestmark = pytest.mark.skipif(not available(), reason="the extension has no Nemesis engine")


def reduced(g, game: str, start: int, keep: int):
    return _native.NemesisSearch.reduced(g.n, g.ends, list(g.mult), g.is_exit, game == "blizzard", start, keep)


@settings(max_examples=100, deadline=None)
@given(st.one_of(heavy_planted(), blocked(heavy=True)), st.sampled_from(["nemesis", "blizzard"]),
       st.sampled_from([2, 3]))
def test_a_win_on_the_reduced_graph_is_a_win_of_the_plain_search(inst, game, keep):
    """From every start: a fugitive win of the reduced graph's one-sided search is one of the plain
    search on the whole graph, its first move (mapped back) an edge of the whole graph at the
    start (the crate's test checks the labels edge by edge)."""
    if (cut := plain_starts(inst, game)) is None:
        return
    g, plain, starts = cut
    for v in starts:
        found = reduced(g, game, v, keep)
        if found is None:  # no heavy class: the whole graph's one-sided search refuses nothing
            side = _native.NemesisSearch(g.n, g.ends, list(g.mult), g.is_exit, game == "blizzard", True, True)
            assert side.heavy_vertices == 0
            continue
        search, vertices, edges = found
        assert v in vertices and vertices == sorted(vertices)
        assert all(set(g.ends[e]) <= set(vertices) for e in edges)
        out = search.f_turn(vertices.index(v), [g.mult[e] for e in edges], None)
        if out[0]:
            assert plain.f_turn(v, g.mult)[0], f"start {v}: a win the plain search refuses"
            to, e = vertices[out[1]], edges[out[2]]
            assert set(g.ends[e]) == {v, to}


def lemma_14(n: int, prefix: str, clauses) -> tuple[QBF, object]:
    qbf = QBF(n, tuple((q, (v,), 0) for v, q in enumerate(prefix, start=1)), clauses)
    return qbf, multigraph_to_simple(qsat_to_multigraph(qbf)).instance.graph()


@pytest.mark.parametrize("prefix, clauses", [
    ("e", ((1,),)), ("e", ((-1,), (1, -1))), ("a", ((-1, 1), (1, -1))), ("a", ((-1, 1),)),
    ("e", ((1, -1), (1, -1))), ("e", ((1,), (-1,))), ("a", ((1,),)),
])
def test_lemma_14_one_variable_graphs_are_won_on_the_reduced_graph_iff_the_qbf_is_true(prefix, clauses):
    """The benchmark's one-variable QBFs, ``exists x: x`` and two false ones: the reduced graph
    (53-147 vertices for 222-1,787) proves the fugitive's win exactly for the true QBFs (Lemma
    14). Its Nemesis wins prove nothing, so on the false ones this checks only that no win is
    claimed."""
    qbf, g = lemma_14(1, prefix, clauses)
    found = reduced(g, "nemesis", g.start, REDUCED_UNITS)
    assert found is not None
    search, vertices, edges = found
    assert len(vertices) < g.n // 4
    out = search.f_turn(vertices.index(g.start), [g.mult[e] for e in edges], None)
    assert out[0] == qbf_true(qbf)


def test_the_default_search_answers_from_the_reduced_graph_in_the_whole_graphs_labels():
    """``NativeSearch`` asks the reduced graph first at the start: on ``exists x: x`` (222 vertices)
    its answer is the fugitive's win with a first move along an edge of the whole graph at the
    start. The two-variable graphs it settles (4 s and 23 s) are in docs/nemesis.md."""
    _, g = lemma_14(1, "e", ((1,),))
    sr = NativeSearch(g)
    out = sr.f_turn(g.start, g.mult)
    assert out[0] and set(g.ends[out[2]]) == {g.start, out[1]}
    assert sr._reduced[g.start] is not None and len(sr._reduced[g.start][1]) == 53
