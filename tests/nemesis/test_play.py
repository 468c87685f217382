"""The solver's replies (escapology.nemesis.play) are the one place replies are chosen: the web
page's rounds (escapology.web.views.nemesis) and the terminal game make exactly the replies the play
functions return, and those replies are the optimal ones the exact searches prove."""

from __future__ import annotations

import sys
from pathlib import Path

from hypothesis import event, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent))  # the helpers beside this file (importlib mode)


from escapology.nemesis.engines.cat import new_cat_search  # noqa: E402
from escapology.nemesis.engines.exact import new_search  # noqa: E402
from escapology.nemesis.play import (  # noqa: E402
    after_deletion,
    cat_move,
    cat_targets,
    deletable,
    fugitive_move,
    herder_deletion,
    nemesis_deletion,
    play,
    winner,
)
from escapology.nemesis.model import Instance  # noqa: E402
from escapology.web.views.nemesis import reply  # noqa: E402


@st.composite
def connected(draw, max_n: int = 6, max_mult: int = 2):  # type: ignore[no-untyped-def]
    """A connected multigraph (a random tree and a few more edges), the start 0, some exits."""
    n = draw(st.integers(3, max_n))
    pairs = {(draw(st.integers(0, i - 1)), i) for i in range(1, n)}
    pairs |= set(draw(st.lists(st.sampled_from([(a, b) for b in range(n) for a in range(b)]), max_size=3)))
    edges = [(a, b, draw(st.integers(1, max_mult))) for a, b in sorted(pairs)]
    exits = draw(st.sets(st.integers(1, n - 1), min_size=1, max_size=2))
    return Instance.from_edges(edges, exits=exits, start=0, vertices=range(n))


@settings(max_examples=100, deadline=None)
@given(connected(), st.sampled_from(["nemesis", "blizzard"]), st.data())
def test_the_page_s_nemesis_replies_are_the_play_api_s(inst, game, data) -> None:  # type: ignore[no-untyped-def]
    g = inst.graph()
    start = inst.start
    s = g.index[start]
    if winner(g, s, g.mult) is not None:
        return
    search = new_search(g, game)
    # the person is the Nemesis and lets the solver's fugitive open
    page = reply(inst, game=game, side="nemesis", position=start, mult=list(g.mult))
    w = fugitive_move(g, search, s, g.mult)
    assert w is not None and page["position"] == g.names[w] and page["deleted"] == []
    # the person is the fugitive: any move of his, then the solver's Nemesis deletes
    moves = sorted({g.names[x] for x, e in g.adj[s] if g.mult[e]})
    to = data.draw(st.sampled_from(moves))
    page = reply(inst, game=game, side="fugitive", position=start, mult=list(g.mult), move=to)
    v = g.index[to]
    if winner(g, v, g.mult) is not None:
        assert page["deleted"] == []
        return
    e = nemesis_deletion(g, search, game, v, g.mult)
    if e is None:
        assert page["deleted"] == []
        return
    assert e in deletable(g, game, v, g.mult)
    assert [list(d) for d in page["deleted"]] == [list(g.edge_name(e))]
    assert page["mult"] == list(after_deletion(g.mult, e))
    # a deletion after which the fugitive loses is chosen whenever there is one
    losing = [f for f in deletable(g, game, v, g.mult) if not search.f_turn(v, after_deletion(g.mult, f))[0]]
    assert (not search.f_turn(v, tuple(page["mult"]))[0]) == bool(losing)
    event("the Nemesis had a winning deletion" if losing else "the fugitive wins whatever it deletes")


@settings(max_examples=40, deadline=None)
@given(connected(max_n=5), st.sampled_from(["cat", "cat-1"]), st.data())
def test_the_page_s_cat_herding_replies_are_the_play_api_s(inst, game, data) -> None:  # type: ignore[no-untyped-def]
    g = inst.graph()
    start = inst.start
    s = g.index[start]
    if not any(g.mult[e] for _, e in g.adj[s]):
        return
    search = new_cat_search(g, 1 if game == "cat-1" else None)
    # the person is the cat and lets the solver's herder open
    page = reply(inst, game=game, side="fugitive", position=start, mult=list(g.mult))
    e = herder_deletion(search, s, g.mult)
    assert e is not None and [list(d) for d in page["deleted"]] == [list(g.edge_name(e))]
    left = after_deletion(g.mult, e)
    assert page["targets"] == [g.names[w] for w in cat_targets(g, search, s, left)] or page["winner"] == "nemesis"
    assert 1 + search.cat_turn(s, left) == search.herder_turn(s, g.mult)  # the optimal deletion
    # the person herds: any deletion, then the solver's cat moves
    edges = [g.edge_name(f) for f in range(g.m) if g.mult[f]]
    a, b = data.draw(st.sampled_from(edges))
    page = reply(inst, game=game, side="nemesis", position=start, mult=list(g.mult), move=[a, b])
    left = after_deletion(g.mult, g.edge_id(a, b))
    w = cat_move(search, s, left)
    assert page["position"] == (start if w is None else g.names[w])
    if w is not None:
        assert w in cat_targets(g, search, s, left)
        assert search.herder_turn(w, left) == search.cat_turn(s, left)  # the optimal move


def test_the_terminal_game_replies_by_the_play_api() -> None:
    from escapology.nemesis import load

    inst = load("edge(s,a). edge(a,x). edge(a,y). edge(s,b). edge(b,z). exit(x). exit(y). exit(z). start(s).")
    g = inst.graph()
    said: list[str] = []
    answers = iter(["a x", "b z", "a y", "s a", "s b"])
    won = play(inst, "nemesis", "nemesis", ask=lambda _: next(answers), say=said.append)
    search = new_search(g, "nemesis")
    first = fugitive_move(g, search, g.start, g.mult)
    assert first is not None
    assert said[1] == f"the fugitive moves s -> {g.names[first]}"
    assert won == "fugitive"
