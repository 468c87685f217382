"""The crate's Nemesis, Blizzard and Cat Herding engines against the Python searches and the plain
minimax; every native strategy and certificate through the independent checkers."""

import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from escapology.core.limits import Deadline, LimitReached
from escapology.nemesis import Instance, grid, plain_winner, solve_graph, winning_starts
from escapology.nemesis.engines.cat import CatSearch, cat_certificate, new_cat_search
from escapology.nemesis.checkers.check import check_cat, check_strategy
from escapology.nemesis.engines.exact import new_search
from escapology.nemesis.engines.exact_python import Search
from escapology.nemesis.engines.native import NativeCatSearch, NativeSearch, available

sys.path.insert(0, str(Path(__file__).parent))  # the helpers beside this file (importlib mode)

from random_games import multigraphs  # noqa: E402

pytestmark = pytest.mark.skipif(not available(), reason="the extension has no Nemesis engine")


@settings(max_examples=500, deadline=None)
@given(multigraphs(), st.sampled_from(["nemesis", "blizzard"]))
def test_native_winner_matches_python_and_plain_and_its_strategy_checks(inst, game):
    g = inst.graph()
    native = solve_graph(g, game, engine="native")
    python = solve_graph(g, game, engine="python", strategy=False)
    assert native.stats["engine"] == "native" and python.stats["engine"] == "python"
    assert native.winner == python.winner == plain_winner(g, game)
    ok, msg = check_strategy(g, game, g.start, native.strategy)
    assert ok, msg


@settings(max_examples=150, deadline=None)
@given(multigraphs(max_n=9, max_mult=2, max_edges=16), st.sampled_from(["nemesis", "blizzard"]))
def test_native_winning_starts_match_python_on_larger_graphs(inst, game):
    g = inst.graph()
    assert winning_starts(g, game, engine="native") == winning_starts(g, game, engine="python")


@st.composite
def cat_graphs(draw):
    n = draw(st.integers(2, 5))
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=min(len(pairs), 6)))
    edges = [(a, b, draw(st.integers(1, 2))) for a, b in chosen]
    return Instance.from_edges(edges, vertices=range(n)).graph()


@settings(max_examples=200, deadline=None)
@given(cat_graphs(), st.sampled_from([1, None]))
def test_native_cat_values_match_python_and_certificates_check(g, speed):
    native, python = NativeCatSearch(g, speed), CatSearch(g, speed)
    for v in range(g.n):
        value = native.herder_turn(v, g.mult)
        assert value == python.herder_turn(v, g.mult)
        assert native.cat_turn(v, g.mult) == python.cat_turn(v, g.mult)
        assert native.component(v, g.mult) == python.component(v, g.mult)
        cert = cat_certificate(native, v)
        assert cert["value"] == value
        ok, msg = check_cat(g, v, cert, speed=speed)
        assert ok, msg


def test_native_tables_have_the_python_shapes():
    """The entries engines/extract.py reads: trap flags of losing entries, supports, replies."""
    g = Instance.from_edges([("s", "a"), ("a", "x"), ("s", "b"), ("b", "y"), ("a", "b")], exits={"x", "y"},
                            start="s").graph()
    for sr in (NativeSearch(g), Search(g)):
        lost = sr.f_turn(g.start, g.mult)
        assert lost[0] is False and len(lost) == 2  # lost, not trapped: exits are still in reach
        after = [k if e not in (g.edge_id("s", "a"), g.edge_id("s", "b")) else 0 for e, k in enumerate(g.mult)]
        n = sr.n_turn(g.index["a"], tuple(after))
        assert n[0] is False and n[1] == g.edge_id("a", "x") and n[2] is True  # the cut leaves no exit
    g = Instance.from_edges([("s", "a"), ("a", "x"), ("a", "b"), ("b", "y")], exits={"x", "y"}, start="s").graph()
    for sr in (NativeSearch(g), Search(g)):
        assert sr.f_turn(g.start, g.mult) == (False, sr.f_turn(g.start, g.mult)[1], "trapped")  # b, a pruned
    g = Instance.from_edges([("s", "a"), ("a", "x"), ("a", "y")], exits={"x", "y"}, start="s").graph()
    for sr in (NativeSearch(g), Search(g)):
        won = sr.f_turn(g.start, g.mult)
        assert won[0] is True and won[1] == g.index["a"] and won[2] == g.edge_id("s", "a")
        assert won[4] == frozenset(range(3))
        entry = sr.tn[won[3]]
        assert entry[0] is True and entry[1][0][0] is None and entry[1][0][1][0] == "exit"
        assert sr.tf[won[5]] == won


def test_grid_7x7_native_agrees_with_python_start_by_start(python_grid7):
    g, _centre, python = python_grid7
    native = NativeSearch(g)
    for v in (g.index["r3c3"], g.index["r2c3"], g.index["r1c2"]):
        assert native.f_turn(v, g.mult)[0] == python.f_turn(v, g.mult)[0]
    assert not native.f_turn(g.index["r3c3"], g.mult)[0]


def test_native_strategies_on_the_grid_are_accepted():
    g = grid(7, 7).graph()
    for cell, winner in (("r3c3", "nemesis"), ("r2c2", "fugitive")):
        r = solve_graph(g, start=g.index[cell])
        assert r.winner == winner
        ok, msg = check_strategy(g, "nemesis", g.index[cell], r.strategy)
        assert ok, msg


def test_a_deep_search_runs_on_its_own_thread():
    """Searches over 512 levels deep run on a thread with a stack to match: a path of 300 vertices
    whose edges are unbreakable (more copies than vertices), and a cat on a 600-copy edge."""
    n = 300
    edges = [(i, i + 1, 1000) for i in range(n - 1)] + [(n - 1, "x", 1000)]
    g = Instance.from_edges(edges, exits={"x"}, start=0).graph()
    sr = NativeSearch(g)
    assert sr.f_turn(g.start, g.mult)[0] is True
    assert sr.f_turn(g.index["150"], g.mult)[0] is True
    star = Instance.from_edges([(0, 1, 600)]).graph()
    for speed in (1, None):
        assert new_cat_search(star, speed).herder_turn(0, star.mult) == 600
        assert new_cat_search(star, speed, engine="python").herder_turn(0, star.mult) == 600


def test_native_search_stops_at_the_deadline_and_resumes():
    g = grid(9, 9).graph()
    sr = NativeSearch(g, deadline=Deadline(0))
    with pytest.raises(LimitReached):
        sr.f_turn(g.index["r4c4"], g.mult)
    sr.deadline = Deadline(None)
    assert sr.f_turn(g.index["r4c4"], g.mult)[0] is False
    with pytest.raises(LimitReached):
        NativeCatSearch(grid(4, 4).graph(), None, Deadline(0)).herder_turn(0, grid(4, 4).graph().mult)


def test_bad_positions_are_refused():
    g = Instance.from_edges([("s", "a"), ("a", "x", 2)], exits={"x"}, start="s").graph()
    sr = NativeSearch(g)
    with pytest.raises(ValueError):
        sr.f_turn(g.start, (1,))  # one multiplicity per edge
    with pytest.raises(ValueError):
        sr.f_turn(g.start, (2, 2))  # more copies than the graph has
    with pytest.raises(ValueError):
        sr.f_turn(g.index["x"], g.mult)  # the fugitive on an exit
    with pytest.raises(ValueError):
        new_search(g, engine="fortran")
    with pytest.raises(ValueError):  # a cat search 2 x 10^9 levels deep is refused, not a crash
        NativeCatSearch(Instance.from_edges([(0, 1, 10**9)]).graph(), 1)


class _Shown:
    """A progress display that keeps what it is told (and can raise, as a Ctrl-C would)."""

    def __init__(self, raise_after: int | None = None) -> None:
        self.nodes: list[int] = []
        self.raise_after = raise_after

    def update(self, **fields) -> None:
        self.nodes.append(fields["nodes"])
        if self.raise_after is not None and len(self.nodes) >= self.raise_after:
            raise KeyboardInterrupt


@pytest.mark.parametrize("deep", [False, True])
def test_the_native_searches_report_their_progress(deep):
    """The positions searched reach the display while the crate searches (GIL released), growing,
    from the search's own thread or from the thread with a deep search's stack."""
    inst = grid(9, 9)
    if deep:  # a dead-end tail of 300 vertices: more levels than run inline, the same search
        tail = [("r4c4" if i == 0 else f"t{i - 1}", f"t{i}") for i in range(300)]
        edges = [(a, b, k) for (a, b), k in inst.edges.items()]
        inst = Instance.from_edges([*edges, *tail], exits=inst.exits, start="r4c4")
    g = inst.graph()
    sr = NativeSearch(g)
    shown = _Shown()
    sr.progress = shown
    assert sr.f_turn(g.index["r4c4"], g.mult)[0] is False
    sr.progress = None
    assert shown.nodes and shown.nodes == sorted(shown.nodes) and shown.nodes[-1] <= sr.nodes
    k6 = Instance.from_edges([(a, b) for a in range(6) for b in range(a + 1, 6)]).graph()
    cs = NativeCatSearch(k6, 1)
    cs.progress = shown = _Shown()
    cs.herder_turn(0, cs.g.mult)
    assert shown.nodes and shown.nodes[-1] <= cs.nodes


def test_a_progress_display_that_raises_stops_the_native_search():
    g = grid(9, 9).graph()
    sr = NativeSearch(g)
    sr.progress = _Shown(raise_after=1)
    with pytest.raises(KeyboardInterrupt):
        sr.f_turn(g.index["r4c4"], g.mult)
    sr.progress = None
    assert sr.f_turn(g.index["r4c4"], g.mult)[0] is False  # the tables stay sound: it resumes


def test_a_graph_too_deep_for_the_exact_search_is_bad_input_that_names_the_linear_methods(tmp_path) -> None:
    """Issue 32: a path of 1.1 M vertices (inside the readers' limit of 4 M) was a ValueError traceback."""
    import subprocess
    import sys

    n = 1_100_000
    path = tmp_path / "path.lp"
    with open(path, "w", encoding="ascii") as fh:
        fh.writelines(f"edge({i},{i + 1}).\n" for i in range(n))
        fh.write(f"exit({n}).\nstart(0).\n")
    out = subprocess.run([sys.executable, "-m", "escapology", "nemesis", "solve", str(path), "-t", "120"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 2 and "Traceback" not in out.stderr, out.stderr[-2000:]
    assert str(path) in out.stderr and "-e linear" in out.stderr
