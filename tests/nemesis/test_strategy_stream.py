"""Nemesis strategies checked from a file as a stream (flat arrays) against the checker of a document
in memory: the same verdicts and messages on real strategies and their mutants, any key order, the
CLI's switch to the stream, bad files; and the flat position memo against plain sets."""

import json
import random
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

sys.path.insert(0, str(Path(__file__).parent))  # the helpers beside this file (importlib mode)

from test_checker_soundness import mutate, real_strategies  # noqa: E402

from escapology.nemesis import api as napi  # noqa: E402  (check reads large strategy files as a stream)
from escapology.nemesis import cli as ncli  # noqa: E402
from escapology.nemesis import io as nio  # noqa: E402
from escapology.nemesis.api import check_file  # noqa: E402
from escapology.nemesis.checkers.check import check_strategy, check_strategy_file  # noqa: E402
from escapology.nemesis.checkers.base import PositionChains  # noqa: E402
from escapology.nemesis.generator import grid  # noqa: E402
from escapology.nemesis.strategy.stream import StreamedDocument, streamed_nemesis_document  # noqa: E402

runner = CliRunner()


def write(path: Path, doc: dict, order: str) -> Path:
    """``doc`` with its keys in one of three orders (root first, root last, nodes first)."""
    keys = {"first": ["format", "version", "player", "root", "nodes"],
            "last": ["format", "version", "player", "nodes", "root"],
            "nodes": ["nodes", "root", "player", "version", "format"]}[order]
    path.write_text(json.dumps({k: doc[k] for k in keys}, indent=1 if order == "nodes" else None))
    return path


def nemesis_pool(seed: int, count: int) -> list[tuple]:
    return [t for t in real_strategies(seed, 2 * count) if t[2]["player"] == "nemesis"][:count]


@pytest.mark.parametrize("chunk", range(3))
def test_streamed_verdicts_equal_the_in_memory_checker(tmp_path, chunk):
    rng = random.Random(77 + chunk)
    pool = nemesis_pool(chunk, 25)
    verdicts = Counter()
    for n in range(120):
        g, game, doc = pool[n % len(pool)]
        mutant = doc if n < len(pool) else mutate(g, doc, rng)
        f = write(tmp_path / f"s{n}.json", mutant, rng.choice(["first", "last", "nodes"]))
        expected = check_strategy(g, game, g.start, mutant)
        assert check_strategy_file(g, game, g.start, f) == expected
        verdicts[expected[0]] += 1
    assert verdicts[True] > 25 and verdicts[False] > 25, verdicts


def test_a_grid_strategy_through_the_cli_stream(tmp_path, monkeypatch):
    from escapology.nemesis.engines.exact import solve

    inst = grid(7, 7, start=(3, 3))
    lp = tmp_path / "g.lp"
    lp.write_text(nio.format_instance(inst) + "\n")
    doc = solve(inst.graph()).strategy
    good = write(tmp_path / "good.json", doc, "last")
    bad_doc = json.loads(json.dumps(doc))
    bad_doc["nodes"][doc["root"]]["answers"].pop()
    bad = write(tmp_path / "bad.json", bad_doc, "first")
    in_memory = runner.invoke(ncli.app, ["check", str(lp), str(bad)])
    monkeypatch.setattr(napi, "STREAM_BYTES", 0)
    r = runner.invoke(ncli.app, ["check", str(lp), str(good)])
    assert r.exit_code == 0, r.output
    assert "the Nemesis wins against every non-revisiting fugitive" in r.output
    r = runner.invoke(ncli.app, ["check", str(lp), str(bad)])
    assert r.exit_code == 1 and r.output == in_memory.output
    assert check_file(inst, good).ok and not check_file(inst, bad).ok


def test_bad_files(tmp_path, monkeypatch):
    inst = grid(5, 5)
    lp = tmp_path / "g.lp"
    lp.write_text(nio.format_instance(inst) + "\n")
    monkeypatch.setattr(napi, "STREAM_BYTES", 0)
    cut = tmp_path / "cut.json"
    cut.write_text('{"format": "nemesis-strategy", "version": 1, "player": "nemesis", "root": 0, '
                   '"nodes": [{"at": "r2c2", "trapped": true}, {"at": ')
    r = runner.invoke(ncli.app, ["check", str(lp), str(cut)])
    assert r.exit_code == 2 and "cut.json" in r.output and "not JSON" in r.output, r.output
    v2 = write(tmp_path / "v2.json", {"format": "nemesis-strategy", "version": 2, "player": "nemesis",
                                      "root": 0, "nodes": [{"at": "r2c2", "trapped": True}]}, "first")
    r = runner.invoke(ncli.app, ["check", str(lp), str(v2)])
    assert r.exit_code == 1 and "version 2 is not supported" in r.output, r.output
    noroot = tmp_path / "noroot.json"
    noroot.write_text(json.dumps({"format": "nemesis-strategy", "version": 1, "player": "nemesis",
                                  "nodes": [{"at": "r2c2", "trapped": True}]}))
    r = runner.invoke(ncli.app, ["check", str(lp), str(noroot)])
    assert r.exit_code == 1 and "integer 'root'" in r.output, r.output
    far = write(tmp_path / "far.json", {"format": "nemesis-strategy", "version": 1, "player": "nemesis",
                                        "root": 5, "nodes": [{"at": "r2c2", "trapped": True}]}, "last")
    r = runner.invoke(ncli.app, ["check", str(lp), str(far)])
    assert r.exit_code == 1 and "the root 5 is not a node" in r.output, r.output
    # a fugitive's document is not streamed: read whole, as before
    fug = write(tmp_path / "fug.json", {"format": "nemesis-strategy", "version": 1, "player": "fugitive",
                                        "root": 0, "nodes": [{"at": "r2c2"}]}, "first")
    assert streamed_nemesis_document(fug) is None and streamed_nemesis_document(far) is not None
    assert StreamedDocument(far).header == {"format": "nemesis-strategy", "version": 1, "player": "nemesis",
                                            "root": 5}


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 6), st.integers(-1, 3)), min_size=1, max_size=7),
       st.randoms(use_true_random=False))
def test_position_chains_compare_sets_and_multisets(line, rng):
    """Two lines of steps (vertex left, deletion) are the same position iff the vertices left form
    the same set and the deletions the same multiset; lines here repeat no vertex, as in the game."""
    seen_v: set[int] = set()
    steps = [(v, c) for v, c in line if not (v in seen_v or seen_v.add(v))]
    other = steps[:]
    rng.shuffle(other)
    if rng.random() < 0.5 and other:  # sometimes change one deletion
        i = rng.randrange(len(other))
        other[i] = (other[i][0], rng.randint(-1, 3))
    pc = PositionChains(1)
    a = -1
    for v, c in steps:
        a = pc.step(a, v, c)
    b = -1
    for v, c in other[:-1]:
        b = pc.step(b, v, c)
    v, c = other[-1]
    expected = ({x for x, _ in steps} == {x for x, _ in other}
                and Counter(d for _, d in steps if d >= 0) == Counter(d for _, d in other if d >= 0))
    assert pc.same(a, b, v, c) == expected
    pc.put(0, 1, 2, a)
    assert pc.seen(0, 1, 2, b, v, c) == expected
    assert not pc.seen(0, 1, 3, b, v, c)


def test_solve_writes_the_strategy_file_and_check_reads_it(tmp_path):
    from escapology.nemesis.api import solve

    lp = tmp_path / "g.lp"
    lp.write_text(nio.format_instance(grid(7, 7, start=(3, 3))) + "\n")
    out = tmp_path / "s.json"
    r = runner.invoke(ncli.app, ["solve", str(lp), "--strategy-file", str(out), "--format", "json"])
    assert r.exit_code == 0, r.output
    ans = json.loads(r.output)
    assert ans["winner"] == "nemesis" and ans["strategy"] is None and ans["strategy_file"] == str(out)
    assert ans["strategy_nodes"] == len(json.loads(out.read_text())["nodes"]) > 1000
    r = runner.invoke(ncli.app, ["check", str(lp), str(out)])
    assert r.exit_code == 0 and "valid" in r.output, r.output
    # the answer itself names the file: check says where the strategy is
    answer = tmp_path / "answer.json"
    answer.write_text(json.dumps(ans))
    r = runner.invoke(ncli.app, ["check", str(lp), str(answer)])
    assert r.exit_code == 2 and "written to" in r.output, r.output
    # a fugitive's win: his (small) strategy goes to the file as well
    inst = grid(7, 7, start=(0, 1))
    res = solve(inst, strategy_file=tmp_path / "f.json")
    assert res.answer["winner"] == "fugitive" and res.certificate is None
    assert check_file(inst, tmp_path / "f.json").ok is False  # check_file reads the Nemesis' strategies
    assert check_strategy(inst.graph(), "nemesis", inst.graph().start, json.loads((tmp_path / "f.json").read_text()))[0]


@pytest.mark.parametrize("extra", [["--method", "linear"], ["--all-starts"], ["--game", "cat"]])
def test_strategy_file_needs_the_exact_method_for_one_start(tmp_path, extra):
    lp = tmp_path / "g.lp"
    lp.write_text(nio.format_instance(grid(5, 5)) + "\n")
    r = runner.invoke(ncli.app, ["solve", str(lp), "--strategy-file", str(tmp_path / "s.json"), *extra])
    assert r.exit_code == 2 and "--strategy-file" in r.output, r.output
    assert not (tmp_path / "s.json").exists()
