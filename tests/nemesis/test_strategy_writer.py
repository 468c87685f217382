"""The native Nemesis strategy writer (``native/src/nemesis/strategy_writer.rs``) against the Python
one (``extract.nemesis_strategy``): the same document node for node, on the grids of Fig. 4, on
Blizzard and Nemesis random graphs and on hypothesis' small multigraphs; its files accepted by the
independent checker (in-process and ``escapology nemesis check``); caps and deadlines as the
Python writer answers them."""

import json
import random
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from escapology.core.limits import Deadline, LimitReached
from escapology.nemesis import Instance, grid, random_graph
from escapology.nemesis import io as nio
from escapology.nemesis.checkers.check import check_strategy
from escapology.nemesis.cli import app
from escapology.nemesis.engines.exact_python import Search
from escapology.nemesis.engines.extract import StrategyTooLarge, nemesis_strategy, write_nemesis_strategy
from escapology.nemesis.engines.native import NativeSearch, available

sys.path.insert(0, str(Path(__file__).parent))  # the helpers beside this file (importlib mode)

from random_games import multigraphs  # noqa: E402

pytestmark = pytest.mark.skipif(not available(), reason="the extension has no Nemesis engine")

#: names JSON escapes (a quote, a backslash, a tab) or keeps as they are (an accented letter)
UNUSUAL = Instance.from_edges([("s\u00e9", 'a"1', 2), ('a"1', "x\\y", 1), ("s\u00e9", "b\t", 1), ("b\t", 'a"1', 1)],
                              exits={"x\\y"}, start="s\u00e9")


def _read(path):
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def _nemesis_starts(g, sr):
    return [v for v in range(g.n) if not g.is_exit[v] and not sr.f_turn(v, g.mult)[0]]


def _same_document(g, game, start, tmp_path, sr=None):
    """Both writers from ``start`` over one native search; returns the native document."""
    sr = sr or NativeSearch(g, game)
    assert not sr.f_turn(start, g.mult)[0]
    expected = nemesis_strategy(sr, start)
    path = tmp_path / "native.json"
    nodes = write_nemesis_strategy(sr, start, path)
    got = _read(path)
    assert got == expected
    assert nodes == len(expected["nodes"])
    return got


@pytest.mark.parametrize("k", [7, 8])
def test_the_grid_nemesis_starts_give_the_python_writers_document(k, tmp_path):
    g = grid(k, k).graph()
    sr = NativeSearch(g)
    starts = [g.index[f"r{i}c{j}"] for i in range((k + 1) // 2) for j in range(i, (k + 1) // 2)]
    lost = [v for v in starts if not sr.f_turn(v, g.mult)[0]]
    assert [g.names[v] for v in lost] == ["r3c3"]  # the docs' grid table
    doc = _same_document(g, "nemesis", lost[0], tmp_path, sr)
    assert len(doc["nodes"]) == {7: 12_438, 8: 33_654}[k]
    ok, msg = check_strategy(g, "nemesis", lost[0], doc)
    assert ok, msg


def test_the_text_is_write_jsons_with_the_root_last(tmp_path):
    import io

    from escapology.nemesis.strategy.document import write_json

    for g, start in ((grid(7, 7).graph(), "r3c3"),
                     (UNUSUAL.graph(), "s\u00e9")):
        sr = NativeSearch(g)
        v = g.index[start]
        assert not sr.f_turn(v, g.mult)[0]
        doc = nemesis_strategy(sr, v)
        text = io.StringIO()
        write_json({key: doc[key] for key in ("format", "version", "player", "nodes", "root")}, text)
        write_nemesis_strategy(sr, v, tmp_path / "s.json")
        assert (tmp_path / "s.json").read_text(encoding="utf-8") == text.getvalue()


def test_the_written_file_is_accepted_by_escapology_nemesis_check(tmp_path):
    inst = grid(7, 7, start=(3, 3))
    (tmp_path / "g.lp").write_text(nio.format_instance(inst) + "\n")
    g = inst.graph()
    assert write_nemesis_strategy(NativeSearch(g), g.start, tmp_path / "s.json") == 12_438
    r = CliRunner().invoke(app, ["check", str(tmp_path / "g.lp"), str(tmp_path / "s.json")])
    assert r.exit_code == 0, r.output
    assert r.output.startswith("valid")


@pytest.mark.parametrize("game", ["nemesis", "blizzard"])
def test_random_graphs_where_the_nemesis_wins_give_the_same_document(game, tmp_path):
    rng = random.Random(16)
    compared = big = 0
    for seed in range(400):
        n = rng.randint(5, 11)
        inst = random_graph(n, rng.uniform(0.25, 0.6), exits=rng.randint(1, 3), seed=seed,
                            max_mult=rng.choice((1, 1, 2, 3)))
        g = inst.graph()
        sr = NativeSearch(g, game)
        for v in _nemesis_starts(g, sr):
            doc = _same_document(g, game, v, tmp_path, sr)
            ok, msg = check_strategy(g, game, v, doc)
            assert ok, msg
            compared += 1
            big += len(doc["nodes"]) >= 20
    assert compared >= 100 and big >= 10


@settings(max_examples=300, deadline=None)
@given(multigraphs(max_n=7, max_edges=12, with_start=False), st.sampled_from(["nemesis", "blizzard"]))
def test_small_multigraphs_give_the_same_document_from_every_nemesis_start(inst, game):
    import tempfile

    g = inst.graph()
    sr = NativeSearch(g, game)
    with tempfile.TemporaryDirectory() as tmp:
        for v in _nemesis_starts(g, sr):
            _same_document(g, game, v, Path(tmp), sr)


def test_unusual_names_are_written_as_json_writes_them(tmp_path):
    g = UNUSUAL.graph()
    doc = _same_document(g, "nemesis", g.start, tmp_path)
    assert {n["at"] for n in doc["nodes"]} <= {"s\u00e9", 'a"1', "b\t"}
    text = (tmp_path / "native.json").read_text(encoding="utf-8")
    assert '"s\u00e9"' in text and '"a\\"1"' in text  # as json.dumps(..., ensure_ascii=False)


def test_the_node_cap_is_the_python_writers(tmp_path, python_grid7):
    g, start, python = python_grid7
    sr = NativeSearch(g)
    sr.f_turn(start, g.mult)
    path = tmp_path / "s.json"
    assert write_nemesis_strategy(sr, start, path, max_nodes=12_438) == 12_438
    before = path.read_bytes()
    for writer in (lambda: nemesis_strategy(sr, start, max_nodes=12_437),
                   lambda: write_nemesis_strategy(sr, start, path, max_nodes=12_437)):
        with pytest.raises(StrategyTooLarge):
            writer()
    # the Python search's strategy differs from the native search's: the cap is its own size
    size = len(nemesis_strategy(python, start)["nodes"])
    with pytest.raises(StrategyTooLarge):
        write_nemesis_strategy(python, start, path, max_nodes=size - 1)
    assert path.read_bytes() == before  # an earlier file is replaced only on success
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.json"]  # no part left behind


def test_the_deadline_stops_both_writers_and_leaves_no_file(tmp_path):
    g = grid(7, 7).graph()
    start = g.index["r3c3"]
    path = tmp_path / "s.json"
    for sr in (NativeSearch(g, deadline=Deadline(0)), Search(g, deadline=Deadline(0))):
        with pytest.raises(LimitReached):
            write_nemesis_strategy(sr, start, path)
    native = NativeSearch(g)
    native.f_turn(start, g.mult)  # the search done, the deadline passes while writing
    native.deadline = Deadline(0)
    with pytest.raises(LimitReached):
        write_nemesis_strategy(native, start, path)
    assert list(tmp_path.iterdir()) == []
    native.deadline = Deadline(None)
    assert write_nemesis_strategy(native, start, path) == 12_438


def test_a_fugitive_win_is_refused_as_by_the_python_writer(tmp_path):
    g = Instance.from_edges([("s", "a"), ("a", "x"), ("a", "y")], exits={"x", "y"}, start="s").graph()
    for sr in (NativeSearch(g), Search(g)):
        with pytest.raises(AssertionError):
            write_nemesis_strategy(sr, g.start, tmp_path / "s.json")
    with pytest.raises(ValueError):
        write_nemesis_strategy(NativeSearch(g), g.index["x"], tmp_path / "s.json")
    assert list(tmp_path.iterdir()) == []


def test_with_the_python_engine_the_file_is_its_document(tmp_path, python_grid7):
    g, start, python = python_grid7
    assert not python.f_turn(start, g.mult)[0]
    nodes = write_nemesis_strategy(python, start, tmp_path / "p.json")
    assert _read(tmp_path / "p.json") == nemesis_strategy(python, start)
    assert nodes == len(_read(tmp_path / "p.json")["nodes"])


def test_the_native_writer_reports_the_nodes_written(tmp_path):
    from escapology.core.progress import listen

    g = grid(7, 7).graph()
    sr = NativeSearch(g)
    seen = []
    listen(lambda what, fields: seen.append((what, fields)))
    try:
        nodes = write_nemesis_strategy(sr, g.index["r3c3"], tmp_path / "s.json")
    finally:
        listen(None)
    counts = [f["nodes"] for what, f in seen if what.startswith("nemesis: writing")]
    assert counts and counts == sorted(counts) and counts[-1] <= nodes
    assert sr.progress is None


def test_a_graph_deep_enough_for_the_searchs_own_thread(tmp_path):
    """Over 256 non-exit vertices the crate searches on a thread of its own (a stack to match):
    a cycle of 300 double edges, one vertex with a single edge to the exit."""
    n = 300
    edges = [(i, (i + 1) % n, 2) for i in range(n)] + [(150, "x", 1)]
    g = Instance.from_edges(edges, exits={"x"}, start=0).graph()
    doc = _same_document(g, "nemesis", g.start, tmp_path)
    ok, msg = check_strategy(g, "nemesis", g.start, doc)
    assert ok, msg


def test_solve_reads_the_native_writers_document_back(tmp_path, python_grid7):
    from escapology.nemesis.engines.exact import solve
    from escapology.nemesis.engines.extract import nemesis_strategy_document

    g, start, python = python_grid7
    sr = NativeSearch(g)
    r = solve(g, start=start, search=sr)
    assert r.winner == "nemesis"
    expected = nemesis_strategy(sr, start)
    assert r.strategy == expected and list(r.strategy) == list(expected)  # the keys in write_json's order
    assert nemesis_strategy_document(python, start) == nemesis_strategy(python, start)
    with pytest.raises(StrategyTooLarge):
        nemesis_strategy_document(sr, start, max_nodes=100)
    assert solve(g, start=start, search=sr, max_strategy=100).stats["strategy_too_large"] == 100
    sr.deadline = Deadline(0)
    with pytest.raises(LimitReached) as exc:
        solve(g, start=start, search=sr)
    assert exc.value.winner == "nemesis"


def test_a_strategy_file_that_is_a_pipe_is_written_into_not_replaced(tmp_path):
    """``--strategy-file /dev/null`` or a pipe: the writers write into it; replacing it with a
    regular file (what they do for a file, to write it whole or not at all) would, as root,
    put a file in place of ``/dev/null``."""
    import os
    import threading

    g = grid(7, 7).graph()
    sr = NativeSearch(g)
    start = g.index["r3c3"]
    assert not sr.f_turn(start, g.mult)[0]
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(pipe.read_bytes()))
    reader.start()
    nodes = write_nemesis_strategy(sr, start, pipe)
    reader.join(timeout=30)
    assert pipe.is_fifo()
    assert len(json.loads(received[0])["nodes"]) == nodes
