import json
from pathlib import Path

from typer.testing import CliRunner

from escapology.cli import app as root
from escapology.core.commands import solve_file
from escapology.nemesis.cli import app, demo, detect
from escapology.nemesis.spec import SPEC

runner = CliRunner()
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "nemesis" / "small.lp"
WIN = "edge(s,a). edge(a,x). edge(a,y). edge(a,b). edge(b,y). exit(x). exit(y). start(s).\n"


def _write(tmp_path, text, name="g.lp"):
    p = tmp_path / name
    p.write_text(text)
    return p


def test_solve_json_and_check_roundtrip(tmp_path):
    for text in (WIN, EXAMPLE.read_text()):
        f = _write(tmp_path, text)
        for game in ("nemesis", "blizzard"):
            r = runner.invoke(app, ["solve", str(f), "--game", game, "--format", "json"])
            assert r.exit_code == 0, r.output
            data = json.loads(r.stdout)
            assert data["winner"] in ("fugitive", "nemesis") and "strategy" in data
            s = _write(tmp_path, r.output, "s.json")
            c = runner.invoke(app, ["check", str(f), str(s), "--game", game])
            assert c.exit_code == 0, c.output
            assert c.output.startswith("valid")


def test_check_rejects_with_exit_1(tmp_path):
    f = _write(tmp_path, WIN)
    bad = _write(tmp_path, json.dumps({"move": "a", "then": {"replies": [], "otherwise": {"move": "x"}}}), "b.json")
    r = runner.invoke(app, ["check", str(f), str(bad)])
    assert r.exit_code == 1 and r.output.startswith("rejected")
    notjson = _write(tmp_path, "{", "c.json")
    assert runner.invoke(app, ["check", str(f), str(notjson)]).exit_code == 2


def test_cat_numbers_are_listed_by_vertex_name(tmp_path):
    """``per vertex:`` in name order, integers by value (10 after 9), not the engine's order."""
    f = _write(tmp_path, "edge(10,2). edge(2,1). edge(1,0). edge(10,9). edge(9,0). edge(2,9). exit(0). start(10).")
    r = runner.invoke(app, ["solve", str(f), "--game", "cat"])
    assert r.exit_code == 0, r.output
    line = next(x for x in r.stdout.splitlines() if x.startswith("per vertex: "))
    assert [v.split("=")[0] for v in line.removeprefix("per vertex: ").split(", ")] == ["0", "1", "2", "9", "10"]


def test_all_starts_and_cat(tmp_path):
    f = _write(tmp_path, WIN)
    r = runner.invoke(app, ["solve", str(f), "--all-starts", "--format", "json"])
    assert r.exit_code == 0
    assert set(json.loads(r.stdout)["winning_starts"]) == {"s", "a", "b"}
    r = runner.invoke(app, ["solve", str(f), "--all-starts", "--method", "linear", "--format", "json"])
    assert set(json.loads(r.stdout)["winning_starts"]) == {"s", "a", "b"}
    for speed in ("1", "unbounded"):
        r = runner.invoke(app, ["solve", str(f), "--game", "cat", "--cat-speed", speed, "--format", "json"])
        assert r.exit_code == 0, r.output
        data = json.loads(r.stdout)
        assert data["cat_number"] == max(data["per_vertex"].values())
        assert set(data["per_vertex"]) == {"s", "a", "x", "y", "b"}
        assert data["value"] == data["per_vertex"]["s"]
        cert = _write(tmp_path, r.output, "cat.json")
        c = runner.invoke(app, ["check", str(f), str(cert), "--game", "cat"])
        assert c.exit_code == 0, c.output
        data["certificate"]["value"] += 1
        cert.write_text(json.dumps(data))
        c = runner.invoke(app, ["check", str(f), str(cert), "--game", "cat"])
        assert c.exit_code == 1, c.output


def test_linear_method(tmp_path):
    f = _write(tmp_path, WIN)
    r = runner.invoke(app, ["solve", str(f), "--method", "linear", "--format", "json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["winner"] == "fugitive"
    r = runner.invoke(app, ["solve", str(f), "--method", "linear", "--game", "blizzard", "--format", "json"])
    assert json.loads(r.stdout)["winner"] == "fugitive"


def test_bad_inputs_exit_2(tmp_path):
    cases = [
        "edge(s,a). exit(q). start(s).",
        "edge(s,s). exit(s).",
        "edge(s,a). exit(a).",
    ]
    for text in cases:
        f = _write(tmp_path, text)
        r = runner.invoke(app, ["solve", str(f)])
        assert r.exit_code == 2, (text, r.output)
        assert "error:" in r.output and "Traceback" not in r.output
    assert runner.invoke(app, ["solve", str(tmp_path / "missing.lp")]).exit_code == 2


def test_timeout_exit_3(tmp_path):
    g = runner.invoke(app, ["generate", "grid", "--rows", "9", "--cols", "9"])
    f = _write(tmp_path, g.output)
    # a zero timeout is a usage error (issue 36); a tiny one has passed before the reader's first look
    assert runner.invoke(app, ["solve", str(f), "--timeout", "0", "--format", "json"]).exit_code == 2
    r = runner.invoke(app, ["solve", str(f), "--timeout", "0.000001", "--format", "json"])
    assert r.exit_code == 3
    assert json.loads(r.stdout)["status"] == "unknown"


def test_time_running_out_while_the_strategy_is_written_is_unknown_with_the_winner(tmp_path, monkeypatch):
    from escapology.core.limits import LimitReached
    from escapology.nemesis.engines import extract

    def out_of_time(*args, **kwargs):
        raise LimitReached()

    monkeypatch.setattr(extract, "fugitive_strategy", out_of_time)
    f = _write(tmp_path, WIN)
    r = runner.invoke(app, ["solve", str(f), "--format", "json"])
    assert r.exit_code == 3
    assert json.loads(r.stdout) == {"game": "nemesis", "winner": "fugitive", "status": "unknown",
                                    "certificate": None}
    r = runner.invoke(app, ["solve", str(f)])
    assert r.exit_code == 3 and r.stdout.startswith("unknown: the fugitive wins;")


def test_generate_and_reductions(tmp_path):
    for kind in ("random", "tree", "subcubic", "grid"):
        r = runner.invoke(app, ["generate", kind, "--n", "9", "--rows", "3", "--cols", "4", "--seed", "2"])
        assert r.exit_code == 0, r.output
        assert detect(r.output)
    f = _write(tmp_path, WIN)
    for kind in ("merge-exits", "two-exits", "cat"):
        r = runner.invoke(app, ["generate", kind, "--from", str(f)])
        assert r.exit_code == 0, r.output
    cnf = _write(tmp_path, "p cnf 2 2\n1 2 0\n-1 0\n", "f.cnf")
    out = tmp_path / "lsat.lp"
    r = runner.invoke(app, ["generate", "lsat", "--from", str(cnf), "--output", str(out)])
    assert r.exit_code == 0
    r = runner.invoke(app, ["escape-tree", str(out), "--format", "json"])
    data = json.loads(r.stdout)
    assert data["exists"]
    s = _write(tmp_path, r.output, "t.json")
    assert runner.invoke(app, ["check", str(out), str(s)]).exit_code == 0
    assert runner.invoke(app, ["generate", "lsat"]).exit_code == 2


def test_render(tmp_path):
    g = runner.invoke(app, ["generate", "grid", "--rows", "3", "--cols", "3"])
    f = _write(tmp_path, g.output)
    out = tmp_path / "g.svg"
    r = runner.invoke(app, ["render", str(f), "--output", str(out)])
    assert r.exit_code == 0, r.output
    assert r.output == f"wrote {out}\n" and out.read_text().startswith("<svg")  # -o: no board, as every game
    assert "S" in runner.invoke(app, ["render", str(f)]).output
    f2 = _write(tmp_path, WIN, "w.lp")
    s = runner.invoke(app, ["solve", str(f2), "--format", "json"])
    sj = _write(tmp_path, s.output, "s.json")
    r = runner.invoke(app, ["render", str(f2), "--output", str(tmp_path / "w.svg"), "--strategy", str(sj)])
    assert r.exit_code == 0 and "orange" in (tmp_path / "w.svg").read_text()


def test_play_both_sides(tmp_path):
    f = _write(tmp_path, WIN)
    r = runner.invoke(app, ["play", str(f), "--as", "fugitive"], input="a\nx\ny\n")
    assert r.exit_code == 0, r.output
    assert "wins" in r.output
    r = runner.invoke(app, ["play", str(f), "--as", "nemesis"], input="a x\n")
    assert r.exit_code == 0 and "the fugitive wins" in r.output


def test_root_solve_detects_and_demo(tmp_path, capsys):
    f = _write(tmp_path, WIN)
    r = runner.invoke(root, ["solve", str(f), "--format", "json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["winner"] == "fugitive"
    # what `escapology solve FILE` runs (was nemesis.cli.solve_path)
    assert solve_file(SPEC, str(EXAMPLE), "text", None, options=SPEC.recognised_options) == 0
    demo()
    out = capsys.readouterr().out
    assert "accepted" in out and "REJECTED" not in out


def test_generate_grid_size_writes_the_paper_instance_and_both_engines_agree(tmp_path):
    """``generate grid --size K``: the K x K grid of Fig. 4 (two exits per corner vertex, one per
    other border vertex, start at the centre); --rows/--cols still make rectangles."""
    from escapology.nemesis import load

    for k in (5, 7):
        g = runner.invoke(app, ["generate", "grid", "--size", str(k)])
        assert g.exit_code == 0, g.output
        inst = load(g.stdout)
        assert len([v for v in inst.vertices if v.startswith("r")]) == k * k
        assert len(inst.exits) == 4 * k and inst.start == f"r{k // 2}c{k // 2}"
        assert all(inst.degree(v) == 4 for v in inst.vertices if v.startswith("r"))
        f = _write(tmp_path, g.stdout, f"grid{k}.lp")
        answers = []
        for engine in ("native", "python") if k == 5 else ("native",):
            r = runner.invoke(app, ["solve", str(f), "--engine", engine, "--format", "json"])
            assert r.exit_code == 0, r.output
            answers.append(json.loads(r.stdout)["winner"])
            s = _write(tmp_path, r.stdout, f"s{k}{engine}.json")
            assert runner.invoke(app, ["check", str(f), str(s)]).exit_code == 0
        assert answers == (["fugitive"] * 2 if k == 5 else ["nemesis"])
    rect = load(runner.invoke(app, ["generate", "grid", "--size", "9", "--rows", "2", "--cols", "3"]).stdout)
    assert len([v for v in rect.vertices if v.startswith("r")]) == 6


def test_generate_random_kinds_below_two_vertices_exit_2_with_the_reason():
    for kind in ("random", "tree", "subcubic"):
        r = runner.invoke(app, ["generate", kind, "--size", "1"])
        assert r.exit_code == 2 and "at least 2 vertices" in r.output and "Traceback" not in r.output, r.output
    for kind in ("random", "tree", "subcubic", "grid"):
        for size in ("0", "-3"):
            r = runner.invoke(app, ["generate", kind, "--size", size])
            assert r.exit_code == 2 and "range" in r.output, r.output


def test_a_generated_graph_without_edges_is_still_an_instance_solve_answers(tmp_path):
    f = _write(tmp_path, "% no edge drawn\nvertex(0).\nvertex(1).\nexit(1).\nstart(0).\n")
    r = runner.invoke(root, ["solve", str(f)])
    assert r.exit_code == 0 and "the nemesis wins from 0" in r.output, r.output


def test_a_cat_instance_is_answered_by_solve_as_its_header_says(tmp_path):
    out = tmp_path / "cat.lp"
    g = runner.invoke(app, ["generate", "cat", "--from", str(EXAMPLE), "-o", str(out)])
    assert g.exit_code == 0, g.output
    assert "% answer with: escapology nemesis solve FILE --game cat --cat-speed 1\n" in out.read_text()
    r = runner.invoke(root, ["solve", str(out), "--format", "json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert (data["cat_speed"], data["cat_number"], data["value"]) == ("1", 14, 7)  # the exact search
    # the reduction's question, "value >= 10", is "more than 9": the threshold search agrees
    r = runner.invoke(app, ["solve", str(out), "--game", "cat", "--cat-speed", "1", "--exceeds", "9",
                            "--format", "json"])
    data = json.loads(r.stdout)
    assert (data["exceeds"], data["answer"], data["upper"]) == (9, False, 7)


def test_play_at_the_end_of_its_input_stops_cleanly():
    # issue 33: the input running out printed "Aborted." with exit 1
    r = runner.invoke(app, ["play", str(EXAMPLE)], input="1\n")
    assert r.exit_code == 0, r.output
    assert "the game stopped: the input ended before the game did" in r.output and "Abort" not in r.output
    r = runner.invoke(app, ["play", str(EXAMPLE), "--as", "nemesis"], input="")
    assert r.exit_code == 0 and "the game stopped" in r.output, r.output


def test_all_starts_are_counted_and_listed_in_order_and_one_of_anything_is_singular(tmp_path):
    r = runner.invoke(app, ["solve", str(EXAMPLE), "--all-starts"])
    assert r.exit_code == 0 and "nemesis: the fugitive wins from 5 starts: 0, 1, 4, 6, 7" in r.output, r.output
    one = _write(tmp_path, "edge(s,x). edge(s,a). exit(x). start(s).\n")
    r = runner.invoke(app, ["solve", str(one), "--all-starts"])
    assert "the fugitive wins from 1 start: s\n" in r.output, r.output
    lone = _write(tmp_path, "vertex(s). vertex(x). exit(x). start(s).\n", "lone.lp")
    r = runner.invoke(app, ["solve", str(lone)])
    assert "Nemesis strategy: 1 node" in r.output and "1 nodes" not in r.output and "main line" not in r.output
    r = runner.invoke(app, ["solve", str(lone), "--all-starts"])
    assert "the fugitive wins from no start" in r.output, r.output
