"""The restoring game (``native/src/nemesis/restoring.rs``): the heavy classes cut down to two units,
the unit the fugitive leaves restored whole, the Nemesis' deletions kept to his unit and to the
vertices outside the heavy classes. Its Nemesis wins are wins on the whole graph (the theorem in
the module's documentation), which is what settles Lemma 14's graphs of false QBFs."""

import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from escapology import _native
from escapology.core.dimacs import QBF, qbf_true
from escapology.nemesis.engines.native import RESTORING_BUDGETS, NativeSearch, available, restoring_horizons
from escapology.nemesis.reductions import multigraph_to_simple, qsat_to_multigraph

sys.path.insert(0, str(Path(__file__).parent))
from test_symmetry import blocked, heavy_planted, plain_starts  # noqa: E402

pytestmark = pytest.mark.skipif(not available(), reason="the extension has no Nemesis engine")


@settings(max_examples=100, deadline=None)
@given(st.one_of(heavy_planted(), blocked(heavy=True)), st.sampled_from(["nemesis", "blizzard"]))
def test_a_nemesis_win_of_the_restoring_game_is_one_of_the_plain_search(inst, game):
    """From every start: when the restoring game proves her win, the plain search on the whole
    graph finds her the winner too; and it proves most of her wins (the crate's test counts them)."""
    if (cut := plain_starts(inst, game)) is None:
        return
    g, plain, starts = cut
    for v in starts:
        q = _native.RestoringGame.of(g.n, g.ends, list(g.mult), g.is_exit, game == "blizzard", v)
        if q is None:
            continue
        if q.nemesis_wins(2 * q.size[0]):
            assert not plain.f_turn(v, g.mult)[0], f"start {v}: her win refused by the plain search"
        if any(q.nemesis_wins_progressing(b) for b in (0, 1, 2)):
            assert not plain.f_turn(v, g.mult)[0], f"start {v}: her progressing win refused"


def test_the_horizons_grow_by_a_quarter_up_to_twice_the_vertices():
    assert restoring_horizons(10) == [8, 10, 12, 15, 18, 20]
    assert restoring_horizons(3) == [6]


def lemma_14(n: int, prefix: str, clauses) -> tuple[QBF, object]:
    qbf = QBF(n, tuple((q, (v,), 0) for v, q in enumerate(prefix, start=1)), clauses)
    return qbf, multigraph_to_simple(qsat_to_multigraph(qbf)).instance.graph()


def test_lemma_14_graph_of_a_false_qbf_is_a_nemesis_win():
    """``forall x: x``: Lemma 14's graph of a false QBF is a Nemesis win, proven by the restoring
    game (60 vertices after the cut), where the whole graph's search was unknown after 120 s
    (725,760 positions). The benchmark's two-variable graphs are in docs/nemesis.md."""
    qbf, g = lemma_14(1, "a", ((1,),))
    assert (g.n, g.m) == (522, 12_508) and not qbf_true(qbf)
    sr = NativeSearch(g)
    assert sr.f_turn(g.start, g.mult)[0] is False
    assert sr._restoring[g.start] is not None


@pytest.mark.parametrize(("prefix", "clauses", "budget"), [
    ("a", ((1,),), 1),  # forall x: x -- one fuse to burn, a transient deletion
    ("e", ((1,), (-1,)), 0),  # exists x: x & -x -- no universal, only permanent deletions
])
def test_a_progressing_search_settles_lemma_14_graphs_of_false_qbfs_with_the_least_budget(prefix, clauses, budget):
    """Progressing (no horizon, her transient deletions counted): her win on ``exists x: x & -x``
    (807 vertices; 79 after the cut) takes 1,600 positions, where the horizons took 270,000 and 2 s;
    ``forall x: x`` needs the budget of its one universal variable."""
    qbf, g = lemma_14(1, prefix, clauses)
    assert not qbf_true(qbf)
    q = _native.RestoringGame.of(g.n, g.ends, list(g.mult), g.is_exit, False, g.start)
    assert [q.nemesis_wins_progressing(b) for b in range(budget + 1)] == [False] * budget + [True]
    assert budget in RESTORING_BUDGETS


def test_a_progressing_search_claims_no_win_on_a_true_qbf():
    """``exists x: x`` (true): no budget gives her the win."""
    _, g = lemma_14(1, "e", ((1,),))
    q = _native.RestoringGame.of(g.n, g.ends, list(g.mult), g.is_exit, False, g.start)
    assert not any(q.nemesis_wins_progressing(b) for b in RESTORING_BUDGETS)


def test_the_restoring_game_claims_no_win_on_a_true_qbf():
    """``exists x: x`` (true): the restoring game does not give her the win at any horizon."""
    _, g = lemma_14(1, "e", ((1,),))
    q = _native.RestoringGame.of(g.n, g.ends, list(g.mult), g.is_exit, False, g.start)
    assert q is not None and q.size == (40, 92)
    assert not any(q.nemesis_wins(h) for h in restoring_horizons(q.size[0]))


def test_solve_answers_a_restoring_game_win_without_strategy_when_none_is_found_in_time(monkeypatch):
    """``forall x: x``: ``solve`` answers her win (proven by the restoring game) with no strategy
    after seeking the whole graph's for a while (:func:`strategy_seconds`), not "unknown" at the
    time limit; ``check`` then says the answer holds no strategy."""
    from escapology.core.errors import InputError
    from escapology.nemesis import check, solve
    from escapology.nemesis.engines import exact

    monkeypatch.setattr(exact, "STRATEGY_SECONDS", 0.2)
    monkeypatch.setattr(exact, "STRATEGY_FACTOR", 1.0)
    qbf = QBF(1, (("a", (1,), 0),), ((1,),))
    inst = multigraph_to_simple(qsat_to_multigraph(qbf)).instance
    r = solve(inst)
    assert (r.status.value, r.winner, r.certificate) == ("solved", "nemesis", None)
    assert r.answer["proven_by"] == "the restoring game"
    assert "no strategy: the winner is exact" in r.to_text()
    assert not check(inst, r.to_json()).ok
    with pytest.raises(InputError, match="holds no strategy"):
        check(inst, r.to_json(), file="answer.json")


def test_solve_still_writes_the_strategy_when_one_is_found_in_time():
    """A start the restoring game settles on a small graph: the strategy on the whole graph is
    written within the time :func:`strategy_seconds` gives, and the checker accepts it. The start
    ``s`` is joined to the twins ``a``, ``b``, each joined to the exit ``t``: wherever he steps, she
    deletes that twin's exit edge, and ``s`` is gone."""
    from escapology.nemesis import check, solve
    from escapology.nemesis.model import Instance

    edges = {Instance.key(u, v): 1 for u in "ab" for v in "st"}
    inst = Instance(vertices=["s", "a", "b", "t"], edges=edges, exits={"t"}, start="s")
    r = solve(inst)
    assert r.winner == "nemesis" and r.answer.get("proven_by") is None and r.certificate is not None
    assert check(inst, r.to_json()).ok
    sr = NativeSearch(inst.graph())
    sr.f_turn(sr.g.start, sr.g.mult)
    assert sr.proven_by == "the restoring game"
