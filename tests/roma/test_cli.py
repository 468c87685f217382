import json
from pathlib import Path

from typer.testing import CliRunner

from escapology.cli import app
from escapology.core.commands import solve_file
from escapology.roma.cli import demo, detect
from escapology.roma.spec import SPEC
from escapology.roma.io import format_facts, write_pzprv3, decode_url

runner = CliRunner()
EX = Path(__file__).resolve().parents[2] / "examples" / "roma"
URL = "https://puzz.link/p?roma/3/3/70og4a322c5"


def run(*args, input=None):
    return runner.invoke(app, ["roma", *args], input=input)


def test_solve_url_json_contract():
    r = run("solve", URL, "--format", "json")
    assert r.exit_code == 0, r.output
    obj = json.loads(r.stdout)
    assert obj["status"] == "solved" and obj["unique"] is True
    assert obj["solution"] == [">v<", "vv^", ">>O"] and obj["url"] == URL


def test_solve_many_urls_one_json_object_per_line():
    r = run("solve", str(EX / "urls.txt"), "--format", "json")
    assert r.exit_code == 0
    lines = r.output.strip().splitlines()
    assert len(lines) == 5 and all(json.loads(x)["unique"] for x in lines)


def test_solve_not_unique_gives_a_second_solution():
    r = run("solve", "https://puzz.link/p?roma/2/2/oo5c", "--format", "json")
    obj = json.loads(r.stdout)
    assert obj["unique"] is False and obj["second_solution"] != obj["solution"]
    t = run("solve", "https://puzz.link/p?roma/2/2/oo5c")
    assert "NOT unique" in t.output


def test_solve_unsolvable_and_timeout():
    r = run("solve", "https://puzz.link/p?roma/2/1/g45", "--format", "json")  # "> O"
    assert r.exit_code == 0 and json.loads(r.stdout)["solution"] == [">O"]
    r = run("solve", "https://puzz.link/p?roma/2/1/g35", "--format", "json")  # "< O"
    assert json.loads(r.stdout)["status"] == "unsolvable"
    r = run("solve", URL, "--timeout", "1e-9", "--format", "json")
    assert r.exit_code == 3 and json.loads(r.stdout)["status"] == "unknown"


def test_strict():
    r = run("solve", URL, "--strict")
    assert r.exit_code == 2 and "not alone in its box" in r.output
    assert run("solve", str(EX / "example-6x6.txt"), "--strict").exit_code == 0


def test_every_example_format_solves(tmp_path):
    for name in ("example-6x6.txt", "example-6x6.pzprv3", "example-6x6.lp"):
        r = run("solve", str(EX / name))
        assert r.exit_code == 0 and "unique" in r.output, name
    r = runner.invoke(app, ["solve", str(EX / "example-6x6.lp")])
    assert r.exit_code == 0 and "unique" in r.output


def test_check_names_violations(tmp_path):
    r = run("check", URL, "--solution", ">v</vv^/>>O")
    assert r.exit_code == 0 and "valid" in r.output
    r = run("check", URL, "--solution", ">v</v<^/>>O", "--format", "json")
    assert r.exit_code == 1
    obj = json.loads(r.stdout)
    assert not obj["valid"] and {v["kind"] for v in obj["violations"]} >= {"given"}
    f = tmp_path / "a.pzprv3"
    f.write_text(write_pzprv3(decode_url(URL), (">v<", "vv^", ">>O")))
    assert run("check", str(f)).exit_code == 0
    r = run("check", URL)
    assert r.exit_code == 2 and "no solution to check" in r.output


def test_count_both_methods():
    bare = "https://puzz.link/p?roma/3/3/70ogh5"  # the 3x3 board with only the goal
    a = json.loads(run("count", bare, "--format", "json").output)
    b = json.loads(run("count", bare, "--method", "dp", "--format", "json").output)
    assert a["count"] == b["count"] > 1 and a["exact"]
    c = json.loads(run("count", bare, "--cap", "2", "--format", "json").output)
    assert c["count"] == 2 and c["exact"] is False


def test_hints_generate_render_convert(tmp_path):
    r = run("hints", str(EX / "example-6x6.txt"), "--format", "json")
    obj = json.loads(r.stdout)
    assert r.exit_code == 0 and obj["optimal"] and obj["hints"] <= 7
    r = run("generate", "--rows", "5", "--seed", "3", "--format", "json", "--number", "2", "--grade", "easy")
    lines = [json.loads(x) for x in r.output.strip().splitlines()]
    assert len(lines) == 2 and all(x["grade"] == "easy" for x in lines)
    svg, png = tmp_path / "p.svg", tmp_path / "p.png"
    r = run("render", URL, "--solution", "--output", str(svg))
    assert r.exit_code == 0 and svg.read_text().startswith("<svg") and r.output == f"wrote {svg}\n"
    assert "+---+" in run("render", URL, "--solution").output
    assert run("render", URL, "-o", str(png)).exit_code == 0 and png.read_bytes()[:4] == b"\x89PNG"
    assert run("render", URL, "-o", str(tmp_path / "p.gif")).exit_code == 2
    for fmt in ("url", "pzprv3", "text", "facts"):
        out = run("convert", URL, "--to", fmt).output
        assert detect(out), fmt


def test_bad_input_is_one_line_with_file_and_line(tmp_path):
    f = tmp_path / "bad.txt"
    f.write_text("roma\nAB\nAB\n\n.O\n.x\n")
    r = run("solve", str(f))
    assert r.exit_code == 2 and f"{f}:6:" in r.output and "Traceback" not in r.output
    r = run("solve", "https://puzz.link/p?roma/3/3/70")
    assert r.exit_code == 2


def test_detect():
    assert detect(URL) and detect("https://puzz.link/p?rome/3/3/70og4a322c5")
    assert detect((EX / "example-6x6.pzprv3").read_text())
    assert detect((EX / "example-6x6.txt").read_text())
    assert detect(format_facts(decode_url(URL)))
    assert not detect("edge(1,2). start(1).")
    assert not detect("pzprv3\nnurikabe\n2\n2\n")
    assert not detect("https://puzz.link/p?slither/3/3/abc")


def test_solve_path_and_demo(capsys):
    assert solve_file(SPEC, str(EX / "urls.txt"), "text", None) == 0
    demo()
    out = capsys.readouterr().out
    assert "unique: True; checker: valid" in out


def test_graph_command_and_detection():
    text = (EX / "graph.lp").read_text()
    assert detect(text)
    r = run("graph", str(EX / "graph.lp"), "--format", "json")
    obj = json.loads(r.stdout)
    assert r.exit_code == 0 and obj["status"] == "solved" and obj["unique"] is True
    assert ["a", "rome"] in obj["solution"]
    r = runner.invoke(app, ["solve", str(EX / "graph.lp")])
    assert r.exit_code == 0 and "unique" in r.output
    assert run("solve", str(EX / "graph.lp")).exit_code == 0
    r = run("count", str(EX / "graph.lp"))
    assert r.exit_code == 2 and "roma graph" in r.output


def test_check_reports_empty_cells_of_a_partial_pzprv3_answer(tmp_path):
    f = tmp_path / "partial.pzprv3"
    f.write_text(write_pzprv3(decode_url(URL), (">v<", "vv.", ">>O")))
    r = run("check", str(f), "--format", "json")
    obj = json.loads(r.stdout)
    assert r.exit_code == 1 and [v["kind"] for v in obj["violations"]] == ["empty"]
    assert obj["violations"][0]["cells"] == [[1, 2]]


def test_hints_any_solution_and_timeout():
    r = run("hints", URL, "--any-solution", "--format", "json")
    obj = json.loads(r.stdout)
    assert r.exit_code == 0 and obj["optimal"] and obj["hints"] == 1
    r = run("hints", str(EX / "example-6x6.txt"), "--any-solution", "--timeout", "0", "--format", "json")
    assert r.exit_code == 3 and json.loads(r.stdout)["status"] == "unknown"


def test_render_draws_goals_boxes_and_arrows():
    from escapology.roma.drawing import render_svg, text_board

    p = decode_url(URL)
    svg = render_svg(p, (">v<", "vv^", ">>O")).to_string()
    assert svg.count("<circle") == len(p.goals) + 1 == 2  # the goal and the legend's ring
    assert svg.count("rotate(") == 8  # one arrow per non-goal cell
    for label in ("box border", "cell border", "Roma (every arrow path ends here)", "given arrow",
                  "arrow of the solution"):
        assert f">{label}<" in svg
    assert "arrow of the solution" not in render_svg(p).to_string()  # only the marks drawn
    assert svg.count('stroke-width="3"') > 0  # thick box borders
    assert text_board(p).splitlines()[2] == "0 |[>]     [<]|"


def test_unique_is_null_when_uniqueness_was_not_tested(tmp_path):
    r = run("solve", URL, "--no-unique", "--format", "json")
    assert r.exit_code == 0 and json.loads(r.stdout)["unique"] is None
    t = run("solve", URL, "--no-unique")
    assert t.exit_code == 0 and "NOT unique" not in t.stdout and "not unique" not in t.stdout.lower()
    # no solution, so nothing is unique or not: null
    u = run("solve", "https://puzz.link/p?roma/2/1/g35", "--format", "json")  # "< O"
    assert json.loads(u.stdout)["status"] == "unsolvable" and json.loads(u.stdout)["unique"] is None
    g = tmp_path / "graph.lp"
    g.write_text("arc(a,b,1). roma(a). arc(b,c,1). arc(c,b,1).")
    gu = run("solve", str(g), "--format", "json")
    if json.loads(gu.stdout)["status"] == "unsolvable":
        assert json.loads(gu.stdout)["unique"] is None


def test_unknown_in_json_is_the_status_on_stdout_and_a_note_on_stderr():
    r = run("solve", str(EX / "example-6x6.txt"), "--timeout", "1e-9", "--format", "json")
    assert r.exit_code == 3
    obj = json.loads(r.stdout)
    assert obj["status"] == "unknown" and obj["unique"] is None
    assert "time limit" in r.stderr and "unknown" not in r.stderr


def test_a_hint_on_the_roma_vertex_is_rejected_with_its_line(tmp_path):
    g = tmp_path / "graph.lp"
    g.write_text("arc(a,r,red).\narc(r,a,red).\nroma(r).\nhint(r,a).\n")
    res = run("solve", str(g))
    assert res.exit_code == 2
    assert f"{g}:4:" in res.stderr and "Roma vertex" in res.stderr


def test_solve_with_the_branch_engine_matches_sat():
    a = json.loads(run("solve", URL, "--format", "json").stdout)
    b = json.loads(run("solve", URL, "--engine", "branch", "--format", "json").stdout)
    assert a["solution"] == b["solution"] and b["unique"] is True
    bad = run("solve", URL, "--engine", "dp")
    assert bad.exit_code == 2


def test_hints_redundant_names_the_removable_givens():
    # a unique puzzle with an extra given: the solution's arrow at a forced cell
    from escapology.roma.io import decode_url, encode_url
    from escapology.roma.sat import solve

    p = decode_url(URL)
    sol = solve(p).solution
    g = [list(r) for r in p.givens]
    extra = next((r, c) for r in range(p.rows) for c in range(p.cols) if g[r][c] == ".")
    g[extra[0]][extra[1]] = sol[extra[0]][extra[1]]
    url = encode_url(p.with_givens(["".join(r) for r in g]))
    res = run("hints", "--redundant", url, "--format", "json")
    obj = json.loads(res.stdout)
    assert res.exit_code == 0 and obj["unique"] is True
    assert list(extra) in obj["redundant"] and list(extra) not in obj["kept"]
    assert obj["givens"] == p.n_givens() + 1 and len(obj["kept"]) <= p.n_givens()
    text = run("hints", "--redundant", url)
    assert "can each be removed alone" in text.stdout


def test_generate_published_style_goal_in_box_and_timeout():
    from escapology.roma.io import decode_url

    r = run("generate", "--size", "8", "--seed", "2", "--style", "published", "--format", "json")
    obj = json.loads(r.stdout)
    p = decode_url(obj["url"])
    assert r.exit_code == 0 and obj["givens"] >= 0.3 * 64 - 1 and obj["minimal"] is False
    assert all(len(p.box_cells[p.box(g)]) == 1 for g in p.goals)
    shared = [decode_url(json.loads(run("generate", "--size", "5", "--seed", str(s), "--goal-in-box",
                                        "--format", "json").stdout)["url"]) for s in range(8)]
    assert any(len(q.box_cells[q.box(q.goals[0])]) > 1 for q in shared)
    t = run("generate", "--size", "30", "--timeout", "1e-9", "--format", "json")
    assert t.exit_code == 3 and json.loads(t.stdout)["status"] == "unknown"
    assert run("generate", "--style", "fancy").exit_code == 2
