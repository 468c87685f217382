import json

import pytest

from typer.testing import CliRunner

from escapology.cli import app as root
from escapology.core.commands import solve_file
from escapology.forest.cli import app, demo, detect
from escapology.forest.spec import SPEC

from forest.conftest import EXAMPLE

runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def test_solve_text_and_json():
    res = run("solve", EXAMPLE)
    assert res.exit_code == 0, res.output
    assert res.output.startswith("solved: 4 turns from 0 to 29")
    res = run("solve", EXAMPLE, "--format", "json")
    obj = json.loads(res.stdout)
    assert obj["status"] == "solved" and obj["turns"] == 4 and len(obj["plan"]) == 4
    assert set(obj["plan"][0]) >= {"turn", "roll", "first", "walks"}


def test_three_methods_on_cli():
    outs = {m: json.loads(run("solve", EXAMPLE, "--method", m, "-f", "json").output) for m in ("fast", "matrix", "simulation", "asp")}
    assert {o["turns"] for o in outs.values()} == {4}


def test_check_accepts_and_rejects(tmp_path):
    plan = tmp_path / "p.json"
    plan.write_text(run("solve", EXAMPLE, "-f", "json").output)
    res = run("check", EXAMPLE, plan)
    assert res.exit_code == 0 and "valid: 4 turns, the fewest" in res.output
    obj = json.loads(plan.read_text())
    obj["plan"][1]["walks"][0][2] = 8
    plan.write_text(json.dumps(obj))
    res = run("check", EXAMPLE, plan)
    assert res.exit_code == 1 and res.output.startswith("rejected: turn 2")
    plan.write_text("{not json")
    res = run("check", EXAMPLE, plan)
    assert res.exit_code == 2 and "not JSON" in res.output


def test_unsolvable_and_its_check(tmp_path):
    f = tmp_path / "dead.lp"
    f.write_text("edge(0,1). edge(1,2). die(3). start(0). target(2). roll(1,3,3).")
    res = run("solve", f, "-f", "json")
    assert res.exit_code == 0
    assert json.loads(res.stdout) == {"status": "unsolvable", "turns": None, "plan": [], "start": 0, "target": 2, "method": "frontier", "certificate": None}
    p = tmp_path / "p.json"
    p.write_text(res.output)
    assert run("check", f, p).exit_code == 0
    assert run("check", f, p, "--rolls", "1,1").exit_code == 1  # roll 1,1 reaches 2: not unsolvable


def test_bad_input_one_line_exit_2(tmp_path):
    f = tmp_path / "bad.lp"
    f.write_text("edge(1,2). die(6).\nroll(1,3,9). start(1). target(2).")
    res = run("solve", f)
    assert res.exit_code == 2
    assert f"{f}:2:" in res.output and "9 is not a face" in res.output
    assert "Traceback" not in res.output
    res = run("solve", tmp_path / "missing.lp")
    assert res.exit_code == 2 and "no such file" in res.output


def test_timeout_exit_3(tmp_path):
    f = tmp_path / "big.lp"
    assert run("generate", "--kind", "random", "--fields", "300", "-m", "600", "--die", "1000000", "--rolls", "40", "--seed", "1", "-o", f).exit_code == 0
    res = run("solve", f, "--timeout", "1e-9")  # 0 is no time limit but a usage error (exit 2)
    assert res.exit_code == 3 and res.output.startswith("unknown")


def test_real_board_with_options(real_map):
    res = run("solve", real_map, "--rolls", "3,5 1,2 6,4 2,2", "--special", "15", "-f", "json")
    assert res.exit_code == 0
    obj = json.loads(res.stdout)
    assert obj["start"] == 0 and obj["target"] == 25
    res = run("solve", real_map)
    assert res.exit_code == 2 and "no rolls" in res.output


def test_odds_best_montecarlo(real_map):
    res = run("odds", real_map, "--turns", "2", "-f", "json")
    obj = json.loads(res.stdout)
    assert res.exit_code == 0 and obj["probability"]["0"].count("/") == 1
    res = run("best", real_map, "--roll", "3,5", "--turns", "3")
    assert res.exit_code == 0 and res.output.startswith("best: move to ")
    res = run("best", real_map, "--roll", "3,5", "--turns", "3", "--at", "117", "-f", "json")
    obj = json.loads(res.stdout)
    assert obj["at"] == 117 and obj["options"][0]["field"] == obj["best"]
    res = run("montecarlo", real_map, "--turns", "2", "--trials", "5000")
    assert res.exit_code == 0 and "agrees" in res.output
    res = run("odds", real_map, "--at", "999")
    assert res.exit_code == 2 and "unknown field 999" in res.output


def test_one_roll_is_counted_in_the_singular():
    assert run("solve", EXAMPLE, "--rolls", "3,3").output.splitlines()[0] == "solved: 1 turn from 0 to 29 (1 roll known)"
    assert run("solve", EXAMPLE, "--rolls", "1,2").output.strip() == "unsolvable: no prefix of the 1 roll ends on 29"


def test_generate_and_render(tmp_path):
    f = tmp_path / "g.lp"
    res = run("generate", "--rows", "4", "--cols", "5", "--seed", "3", "-o", f)
    assert res.exit_code == 0
    res = run("render", f, "-o", tmp_path / "g.svg")
    assert res.exit_code == 0 and res.output == f"wrote {tmp_path / 'g.svg'}\n"  # -o: no board, as every game
    assert "S" in run("render", f).output
    assert (tmp_path / "g.svg").read_text().startswith("<svg")
    res = run("render", f, "-o", tmp_path / "g.png")
    assert (tmp_path / "g.png").read_bytes()[:4] == b"\x89PNG"
    res = run("generate", "--kind", "random", "--fields", "5", "-m", "2")
    assert res.exit_code == 2 and "between 4 and 10 edges" in res.output


def test_render_real_board_with_plan(real_map_coords, tmp_path):
    plan = tmp_path / "p.json"
    plan.write_text(run("solve", real_map_coords, "--rolls", "3,5 6,1 2,2", "-f", "json").output)
    res = run("render", real_map_coords, "--rolls", "3,5 6,1 2,2", "--plan", plan, "-o", tmp_path / "m.svg")
    assert res.exit_code == 0, res.output
    assert (tmp_path / "m.svg").read_text().startswith("<svg")
    assert "118 fields" in run("render", real_map_coords, "--rolls", "3,5 6,1 2,2", "--plan", plan).output


def test_contract_functions(capsys):
    text = EXAMPLE.read_text()
    assert detect(text)
    assert not detect("edge(1,2). start(1). target(2).")
    assert solve_file(SPEC, str(EXAMPLE), "json", None) == 0
    assert json.loads(capsys.readouterr().out)["turns"] == 4
    demo()
    out = capsys.readouterr().out
    assert "valid and fewest" in out and len(out.splitlines()) <= 10


def test_root_solve_recognises_forest():
    res = runner.invoke(root, ["solve", str(EXAMPLE)])
    assert res.exit_code == 0 and "solved: 4 turns" in res.output


def test_huge_rolls_compressed_plan_round_trip(real_map, tmp_path):
    rolls = "1000000000,999999999 123456789,5"
    res = run("solve", real_map, "--die", "1000000000", "--special", "", "--rolls", rolls, "-f", "json")
    assert res.exit_code == 0, res.output
    obj = json.loads(res.stdout)
    assert obj["status"] == "solved"
    assert any(isinstance(item, dict) for t in obj["plan"] for w in t["walks"] for item in w)
    plan = tmp_path / "p.json"
    plan.write_text(res.output)
    ok = run("check", real_map, plan, "--die", "1000000000", "--special", "", "--rolls", rolls)
    assert ok.exit_code == 0, ok.output
    # one repetition fewer: the walk is one block too short
    block = next(item for t in obj["plan"] for w in t["walks"] for item in w if isinstance(item, dict))
    block["repeat"] -= 1
    plan.write_text(json.dumps(obj))
    bad = run("check", real_map, plan, "--die", "1000000000", "--special", "", "--rolls", rolls)
    assert bad.exit_code == 1 and "steps, the die shows" in bad.output


def test_facts_from_stdin():
    res = runner.invoke(app, ["solve", "-"], input="edge(a,b). edge(b,c). edge(c,a). die(2). start(a). target(c). roll(1,1,2).")
    assert res.exit_code == 0, res.output
    assert res.output.startswith("solved: 1 turn from a to c")


def test_encoding_runs_in_clingo(tmp_path):
    import clingo

    res = run("encoding", EXAMPLE)
    assert res.exit_code == 0 and "fewest(I)" in res.output
    ctl = clingo.Control(["--warn=none"])
    ctl.add("base", [], res.output)
    ctl.ground([("base", [])])
    shown = []
    ctl.solve(on_model=lambda m: shown.extend(str(s) for s in m.symbols(shown=True) if s.name == "fewest"))
    assert shown == ["fewest(4)"]


SMALL_MAP = """<?xml version="1.0"?>
<map>
  <index value="0"><color>Blue</color><branch>1</branch><branch>3</branch></index>
  <index value="1"><color>White</color><branch>0</branch><branch>2</branch></index>
  <index value="2"><color>White</color><branch>1</branch><branch>3</branch><branch>4</branch></index>
  <index value="3"><color>White</color><branch>2</branch><branch>0</branch></index>
  <index value="4"><color>Red</color><branch>2</branch></index>
</map>
"""


def test_check_takes_the_rolls_from_the_plan_when_the_board_has_none(tmp_path):
    board = tmp_path / "map.xml"
    board.write_text(SMALL_MAP)
    plan = tmp_path / "plan.json"
    solved = run("solve", board, "--rolls", "1,2 2,1", "-f", "json")
    assert solved.exit_code == 0, solved.output
    plan.write_text(solved.stdout)
    res = run("check", board, plan)
    assert res.exit_code == 0 and res.stdout.startswith("valid:"), res.output
    obj = json.loads(plan.read_text())
    obj["plan"][0]["roll"] = [9, 1]  # not a face of the die
    plan.write_text(json.dumps(obj))
    res = run("check", board, plan)
    assert res.exit_code == 1 and "9 is not a face" in res.stdout


def test_check_on_the_real_board_map_with_the_plans_rolls(real_map, tmp_path):
    plan = tmp_path / "plan.json"
    solved = run("solve", real_map, "--rolls", "3,5 2,2 6,1 4,4 5,3 1,2 6,6 2,5", "-f", "json")
    assert solved.exit_code == 0, solved.output
    plan.write_text(solved.stdout)
    if json.loads(solved.stdout)["status"] != "solved":
        pytest.skip("these rolls do not reach the castle")
    res = run("check", real_map, plan)
    assert res.exit_code == 0 and res.stdout.startswith("valid:"), res.output


# -- the command layer (issue 36) --------------------------------------------------------------------

def test_engine_and_the_old_method_name(tmp_path):
    new = json.loads(run("solve", EXAMPLE, "-e", "matrix", "-f", "json").stdout)
    old = json.loads(run("solve", EXAMPLE, "--method", "matrix", "-f", "json").stdout)
    assert new == old and new["method"] == "matrix"
    assert run("solve", EXAMPLE, "--engine", "fast", "--method", "fast").exit_code == 0
    clash = run("solve", EXAMPLE, "--engine", "fast", "--method", "matrix")
    assert clash.exit_code == 2 and "--engine and --method" in clash.output
    assert "--method" not in run("solve", "--help").stdout


def test_python_method_keyword_is_a_deprecated_alias():
    from escapology.forest import load, solve

    inst = load(EXAMPLE)
    with pytest.warns(DeprecationWarning, match="engine="):
        old = solve(inst, method="simulation")
    assert old.to_json() == solve(inst, engine="simulation").to_json()
    with pytest.raises(ValueError, match="disagree"), pytest.warns(DeprecationWarning):
        solve(inst, engine="fast", method="matrix")


def test_the_engine_registry_is_the_one_batch_and_the_cli_read():
    from escapology.forest.api import ENGINES
    from escapology.games import GAMES

    forest = next(g for g in GAMES if g.name == "forest")
    assert SPEC.engine_names() == ENGINES == tuple(e.name for e in forest.engines)
    assert all(e.options == {"engine": e.name} for e in forest.engines)
    assert all(callable(e.load()) for e in SPEC.engines if e.name != "asp")


def test_check_reads_the_text_answer(tmp_path):
    answer = tmp_path / "answer.txt"
    assert run("solve", EXAMPLE, "-o", answer).exit_code == 0
    res = run("check", EXAMPLE, answer)
    assert res.exit_code == 0 and res.stdout.startswith("valid: 4 turns, the fewest"), res.output
    lines = answer.read_text().splitlines()
    answer.write_text("\n".join(lines[:-1]) + "\n")  # one turn fewer: it does not end on the target
    res = run("check", EXAMPLE, answer)
    assert res.exit_code == 1 and res.stdout.startswith("rejected:")
    answer.write_text("hello\n")
    res = run("check", EXAMPLE, answer)
    assert res.exit_code == 1 and f"{answer}:1: not an answer" in res.stdout


def test_check_reads_the_text_of_unsolvable_and_of_a_jump(tmp_path):
    from escapology.forest import Board, Instance, check, solve

    dead = tmp_path / "dead.lp"
    dead.write_text("edge(0,1). edge(1,2). die(3). start(0). target(2). roll(1,3,3).")
    answer = tmp_path / "a.txt"
    answer.write_text(run("solve", dead).stdout)
    assert answer.read_text().startswith("unsolvable")
    assert run("check", dead, answer).exit_code == 0
    assert run("check", dead, answer, "--rolls", "1,1").exit_code == 1
    b = Board.from_edges([(0, 1), (1, 2), (2, 3), (3, 0), (2, 4)], special=[4])
    inst = Instance(b, start=0, target=4, rolls=((3, 3),))
    result = solve(inst)
    assert "jump" in result.to_text()
    assert check(inst, result.to_text()).ok


def test_a_certificate_of_another_instance_is_rejected(tmp_path):
    other = tmp_path / "other.lp"
    other.write_text("edge(a,b). edge(b,c). edge(c,a). die(2). start(a). target(c). roll(1,1,2).")
    for fmt in ("text", "json"):
        answer = tmp_path / f"a.{fmt}"
        answer.write_text(run("solve", other, "-f", fmt).stdout)
        res = run("check", EXAMPLE, answer)
        assert res.exit_code == 1 and "rejected" in res.stdout and "unknown field" in res.stdout, res.output


def test_generate_with_only_a_seed_prints_what_output_writes(tmp_path):
    printed = run("generate", "--seed", "5")
    assert printed.exit_code == 0 and printed.stdout.startswith("% ") and "--seed 5" in printed.stdout.splitlines()[0]
    out = tmp_path / "g.lp"
    written = run("generate", "--seed", "5", "-o", out)
    assert written.exit_code == 0 and written.stdout == f"wrote {out}\n"
    assert out.read_text() == printed.stdout
    assert run("solve", out).exit_code == 0


def test_render_grammar(tmp_path):
    assert run("render", EXAMPLE, "-o", tmp_path / "x.jpg").exit_code == 2
    assert not (tmp_path / "x.jpg").exists()
    assert run("render", EXAMPLE, "-t", "30").exit_code == 0
    assert run("render", EXAMPLE, "--no-solve").stdout.count("turn ") == 0
    answer = tmp_path / "a.txt"
    answer.write_text(run("solve", EXAMPLE).stdout)
    drawn = run("render", EXAMPLE, "--certificate", answer)
    assert drawn.exit_code == 0 and drawn.stdout.count("  turn ") == 4


def test_timeout_zero_or_negative_is_a_usage_error():
    for t in ("0", "-1"):
        res = run("solve", EXAMPLE, "--timeout", t)
        assert res.exit_code == 2 and "--timeout" in res.output


def test_standard_input_is_named_stdin():
    res = runner.invoke(app, ["solve", "-"], input="edge(a,b).\nroll(1,9,9). die(6). start(a). target(b).")
    assert res.exit_code == 2 and "<stdin>:2:" in res.output


def test_graph_files_by_suffix_from_a_path_and_from_text(tmp_path):
    from escapology.core.protocol import Text
    from escapology.forest import load

    g = tmp_path / "ring.gml"
    g.write_text('graph [ node [ id 0 ] node [ id 1 ] node [ id 2 ] edge [ source 0 target 1 ] '
                 'edge [ source 1 target 2 ] edge [ source 2 target 0 ] ]')
    a = load(g, start="0", target="2", rolls="1,1")
    b = load(Text(g.read_text(), str(g)), start="0", target="2", rolls="1,1")
    assert a == b and a.board.n == 3
    res = run("solve", g, "--start", "0", "--target", "2", "--rolls", "1,1")
    assert res.exit_code == 0 and res.stdout.startswith("solved: 1 turn")
