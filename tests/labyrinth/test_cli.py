"""The command line: answers, exit codes 0/1/2/3, formats, generate and render."""

import json

from typer.testing import CliRunner

from escapology.cli import app

runner = CliRunner()


def invoke(*args, input=None):
    return runner.invoke(app, [str(a) for a in args], input=input)


def test_solve_text_is_push_facts(shared_dir):
    r = invoke("labyrinth", "solve", shared_dir / "asptools-ntdb__0005.asp")
    assert r.exit_code == 0
    assert r.stdout.strip() in ("push(1,w,1). push(3,s,2).", "push(1,w,1). push(2,n,2).")


def test_solve_output_file_holds_the_answer_and_its_note(shared_dir, tmp_path):
    """``solve -o FILE``: the terminal says only where the answer went (as in every game); the
    note (length, proven minimum) follows the facts in the file as an ASP comment, which check reads."""
    inst, plan = shared_dir / "asptools-ntdb__0005.asp", tmp_path / "plan.lp"
    r = invoke("labyrinth", "solve", inst, "-o", plan)
    assert r.exit_code == 0 and r.output == f"wrote {plan}\n"
    facts, note = plan.read_text().splitlines()
    assert facts.startswith("push(1,w,1).") and note.startswith("% 2 pushes, proven minimum; ")
    assert invoke("labyrinth", "check", inst, plan).exit_code == 0
    shown = invoke("labyrinth", "solve", inst)  # without -o the note is on standard error
    assert shown.stdout.strip() == facts and shown.stderr.startswith("% 2 pushes")


def test_solve_with_one_worker(shared_dir):
    r = invoke("labyrinth", "solve", shared_dir / "asptools-ntdb__0005.asp", "--workers", "1", "--format", "json")
    assert r.exit_code == 0
    out = json.loads(r.stdout)
    assert out["optimal"] is True and len(out["pushes"]) == 2 and out["stats"]["workers"] == 1
    bad = invoke("labyrinth", "solve", shared_dir / "asptools-ntdb__0005.asp", "--workers", "0")
    assert bad.exit_code == 2


def test_solve_json_contract(shared_dir):
    r = invoke("labyrinth", "solve", shared_dir / "asptools-ntdb__0005.asp", "--format", "json")
    assert r.exit_code == 0
    out = json.loads(r.stdout)
    assert out["status"] == "solved" and out["optimal"] is True and out["lower_bound"] == 2
    assert out["pushes"][0] == [1, "w", 1] and len(out["pushes"]) == 2
    assert isinstance(out["stats"], dict)


def test_top_level_solve_recognises_the_game(shared_dir):
    r = invoke("solve", shared_dir / "asptools-ntdb__0005.asp", "--format", "json")
    assert r.exit_code == 0 and json.loads(r.stdout)["status"] == "solved"


def test_clingo_engine_from_the_cli(shared_dir):
    r = invoke("labyrinth", "solve", shared_dir / "asptools-ntdb__0005.asp", "--engine", "clingo", "--format", "json")
    assert r.exit_code == 0 and len(json.loads(r.stdout)["pushes"]) == 2


def test_check_accepts_and_rejects(shared_dir, tmp_path):
    inst = shared_dir / "asptools-ntdb__0005.asp"
    good = invoke("labyrinth", "check", inst, "-", input="push(1,w,1). push(2,n,2).")
    assert good.exit_code == 0 and good.stdout.startswith("valid")
    plan = tmp_path / "plan.lp"
    plan.write_text("push(1,w,1).\npush(2,s,2).\n")
    bad = invoke("labyrinth", "check", inst, plan)
    assert bad.exit_code == 1
    assert "goal is not reachable" in bad.stdout and "plan.lp:2" in bad.stdout


def test_bad_input_exits_2_with_file_and_line(tmp_path):
    f = tmp_path / "bad.lp"
    f.write_text("field(1,1). field(1,2).\nfield(2,1). field(2,2).\ninit_on(1,1). goal_on(2,2).\nconnect(1,1,up).\nmax_steps(1).\n")
    r = invoke("labyrinth", "solve", f)
    assert r.exit_code == 2
    assert f"{f}:4: unknown direction 'up'" in r.output
    assert "Traceback" not in r.output


def test_bad_plan_exits_2(shared_dir):
    r = invoke("labyrinth", "check", shared_dir / "asptools-ntdb__0005.asp", "-", input="move(1,w,1).")
    assert r.exit_code == 2 and "<stdin>:1:" in r.output


def test_timeout_without_answer_exits_3(shared_dir):
    # a 22x22 board whose minimum needs more than five pushes: nothing is proven in 0.2 s
    r = invoke("labyrinth", "solve", shared_dir / "asptools-ntdb__0083.asp", "--timeout", "0.2", "--format", "json")
    out = json.loads(r.stdout)
    if out["status"] == "unknown":
        assert r.exit_code == 3 and out["pushes"] == [] and out["optimal"] is False
    else:  # the first beam found a plan within the limit: an answer, not proven
        assert r.exit_code == 0 and out["status"] == "solved" and out["optimal"] is False


def test_unsolvable_exit_0(tmp_path):
    f = tmp_path / "u.lp"
    f.write_text("field(1..2,1..2). init_on(1,1). goal_on(2,2). connect(1,1,n). connect(2,1,s). max_steps(2).\n")
    r = invoke("labyrinth", "solve", f, "--format", "json")
    assert r.exit_code == 0 and json.loads(r.stdout)["status"] == "unsolvable"


def test_generate_is_reproducible_and_solvable(tmp_path):
    a = invoke("labyrinth", "generate", "--size", "6", "--seed", "5")
    b = invoke("labyrinth", "generate", "--size", "6", "--seed", "5")
    assert a.exit_code == 0 and a.stdout == b.stdout
    f = tmp_path / "g.lp"
    f.write_text(a.stdout)
    assert invoke("labyrinth", "solve", f).exit_code == 0
    out = invoke("labyrinth", "generate", "--size", "5", "--seed", "1", "--min-pushes", "3", "-o", tmp_path / "m.lp")
    assert out.exit_code == 0
    r = json.loads(invoke("labyrinth", "solve", tmp_path / "m.lp", "--format", "json").stdout)
    assert len(r["pushes"]) >= 3


def test_render_text_svg_png(shared_dir, tmp_path):
    inst = shared_dir / "asptools-ntdb__0005.asp"
    text = invoke("labyrinth", "render", inst, "--solve")
    assert text.exit_code == 0 and "after push(1,w,1)." in text.stdout and "@" in text.stdout
    svg = tmp_path / "plan.svg"
    r = invoke("labyrinth", "render", inst, "--plan", "-", "-o", svg, input="push(1,w,1). push(3,s,2).")
    assert r.exit_code == 0
    body = svg.read_text()
    assert body.count("step ") == 2 and "start" in body
    png = tmp_path / "board.png"
    assert invoke("labyrinth", "render", inst, "-o", png).exit_code == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_generated_header_remakes_the_file_byte_for_byte(tmp_path):
    # the first line is the command that makes the file, seed included (drawn when none is given)
    for args in ([], ["--seed", "9", "--min-pushes", "3", "--size", "5", "--max-steps", "4"]):
        first = invoke("labyrinth", "generate", *args)
        assert first.exit_code == 0, first.output
        header = first.stdout.splitlines()[0]
        assert header.startswith("% escapology labyrinth generate ")
        again = invoke(*header.split()[2:])
        assert again.exit_code == 0 and again.stdout == first.stdout
