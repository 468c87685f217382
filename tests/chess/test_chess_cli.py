import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from escapology.chess import Instance, format_instance, generate, parse_instance, solve, violations
from escapology.chess.cli import app, demo, detect
from escapology.chess.spec import SPEC
from escapology.core.commands import solve_file
from escapology.cli import app as main_app

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "chess"


def run(*args, app_=app):
    return runner.invoke(app_, [str(a) for a in args])


def test_solve_text_and_json_on_examples():
    r = run("solve", EXAMPLES / "teleport.txt")
    assert r.exit_code == 0
    assert r.output.startswith("draw: Alice cannot capture Bob; she teleports to (2, 6)")
    r = run("solve", EXAMPLES / "alice.txt", "--format", "json")
    data = json.loads(r.stdout)
    assert r.exit_code == 0 and data["outcome"] == "alice" and data["witness"]["moves"]
    r = run("solve", EXAMPLES / "bob.txt", "-f", "json")
    assert json.loads(r.stdout)["outcome"] == "bob"


def test_top_level_solve_detects_chess():
    r = run("solve", EXAMPLES / "teleport.txt", "--format", "json", app_=main_app)
    assert r.exit_code == 0
    assert json.loads(r.stdout)["witness"]["field"] == [2, 6]
    assert detect((EXAMPLES / "teleport.txt").read_text())


def test_check_accepts_and_rejects(tmp_path):
    inst_file = EXAMPLES / "teleport.txt"
    good = tmp_path / "good.json"
    good.write_text(run("solve", inst_file, "-f", "json").output)
    r = run("check", inst_file, good)
    assert r.exit_code == 0 and r.output.startswith("valid")
    data = json.loads(good.read_text())
    data["witness"]["field"] = [1, 2]  # Bob reaches (1, 2)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    r = run("check", inst_file, bad)
    assert r.exit_code == 1 and "rejected: Bob reaches the safe field (1, 2)" in r.output
    r = run("check", inst_file, bad, "--format", "json")
    assert r.exit_code == 1 and json.loads(r.stdout)["valid"] is False
    nojson = tmp_path / "x.json"
    nojson.write_text("{oops")
    r = run("check", inst_file, nojson)
    assert r.exit_code == 2 and "not JSON" in r.output


def test_bad_input_is_one_line_exit_2(tmp_path):
    f = tmp_path / "bad.txt"
    f.write_text("3\n1 1 3 3\n1 1\n0 one\n1 0\n")
    r = run("solve", f)
    assert r.exit_code == 2
    assert r.output.strip() == f"error: {f}:4: 'one' is not an integer (expected dx dy)"
    assert "Traceback" not in r.output
    r = run("solve", tmp_path / "missing.txt")
    assert r.exit_code == 2 and "no such file" in r.output


def test_timeout_zero_is_unknown_exit_3():
    r = run("solve", EXAMPLES / "teleport.txt", "--timeout", "1e-9", "-f", "json")  # 0 itself: exit 2
    assert r.exit_code == 3
    assert json.loads(r.stdout)["outcome"] is None


def test_generate_all_kinds(tmp_path):
    for kind in ("random", "capture", "cross", "sidon"):
        r = run("generate", 12, "--kind", kind, "--seed", 5)
        assert r.exit_code == 0, r.output
        inst = parse_instance(r.output)
        assert inst.n == 12 and violations(inst, solve(inst).to_json()) == []
    assert solve(parse_instance(run("generate", 9, "--kind", "capture", "--seed", 1).output)).outcome.value == "alice"
    out = tmp_path / "b.txt"
    assert run("generate", 3, "--kind", "bob", "--seed", 2, "--output", out).exit_code == 0
    assert solve(parse_instance(out.read_text())).outcome.value == "bob"
    r = run("generate", 5, "--kind", "bob")
    assert r.exit_code == 2 and "counting lemma" in r.output
    assert run("generate", 1).exit_code == 2
    assert run("generate", 5, "--kind", "nope").exit_code == 2


def test_render_text_svg_png(tmp_path):
    r = run("render", EXAMPLES / "teleport.txt")
    assert r.exit_code == 0
    lines = r.output.splitlines()
    assert lines[0] == "7 x . . x A x x" and lines[1] == "6 x * . . . . ."  # rows y from the top
    assert lines[7] == "  1 2 3 4 5 6 7" and lines[8].startswith("(A Alice, B Bob")  # columns x, legend
    svg = tmp_path / "b.svg"
    r = run("render", EXAMPLES / "teleport.txt", "--output", svg)
    assert r.exit_code == 0 and svg.read_text().startswith("<svg")
    png = tmp_path / "b.png"
    assert run("render", EXAMPLES / "alice.txt", "-o", png, "--no-witness").exit_code == 0
    assert png.read_bytes()[:4] == b"\x89PNG"
    assert run("render", EXAMPLES / "bob.txt", "-o", tmp_path / "b.gif").exit_code == 2
    big = tmp_path / "big.txt"
    big.write_text(format_instance(generate(size=300, kind="random", seed=1)))
    r = run("render", big, "-o", tmp_path / "big.svg")
    assert r.exit_code == 2 and "too large" in r.output


def test_solve_path_and_demo(capsys):
    assert solve_file(SPEC, str(EXAMPLES / "alice.txt"), "text", None) == 0
    assert capsys.readouterr().out.startswith("alice wins")
    demo()
    out = capsys.readouterr().out
    assert "checker: valid" in out and len(out.splitlines()) < 15


def test_examples_are_what_they_say():
    for name, outcome in (("alice", "alice"), ("teleport", "draw"), ("bob", "bob")):
        inst = parse_instance((EXAMPLES / f"{name}.txt").read_text())
        assert solve(inst).outcome.value == outcome


@pytest.mark.parametrize("kind", ["cross", "sidon", "random"])
def test_n_100000_exact_and_checked(kind):
    inst = parse_instance(format_instance(generate(size=100_000, kind=kind, seed=7)))
    sol = solve(inst)
    assert sol.outcome is not None and sol.outcome.value in ("alice", "draw")
    assert violations(inst, sol.to_json()) == []


def test_n_100000_safe_field_search_is_exact():
    """The row method itself at full size (the solver often stops earlier at a nearby field)."""
    from escapology.chess import find_safe_field
    from escapology.chess.checker import capture_move

    inst = generate(size=100_000, kind="cross", seed=3)
    f = find_safe_field(inst)
    assert f is not None and f != inst.bob and inst.on_board(f)
    assert capture_move(inst, inst.bob, f) is None


def test_n_100000_bob_covers_a_quarter_but_not_all():
    # the cross: Bob ends on the whole block [2, 50001]^2; the solver must look beyond it
    n = 100_000
    k = n // 2
    vectors = tuple((i, 0) for i in range(1, k + 1)) + tuple((0, j) for j in range(1, k + 1))
    inst = Instance(n, (2, 2), (1, 1), vectors)
    sol = solve(inst)
    assert sol.outcome.value == "draw"
    x, y = sol.witness["field"]
    assert x > k + 1 or y > k + 1
    assert violations(inst, sol.to_json()) == []


def test_unknown_in_text_is_the_first_word_on_stdout_and_a_note_on_stderr():
    r = run("solve", EXAMPLES / "teleport.txt", "--timeout", "1e-9")
    assert r.exit_code == 3
    assert r.stdout.split()[0].rstrip(":") == "unknown"
    assert "time limit" in r.stderr and "time limit" not in r.stdout


def test_a_stay_or_teleport_witness_must_start_on_alices_field(tmp_path):
    # issue 33: a teleport witness whose path starts on (1, 1) while Alice stands on (5, 7) was accepted
    inst = EXAMPLES / "teleport.txt"
    answer = json.loads(runner.invoke(app, ["solve", str(inst), "--format", "json"]).stdout)
    assert answer["witness"]["how"] == "teleport" and answer["witness"]["path"][0] == [5, 7]
    forged = json.loads(json.dumps(answer))
    for w in (forged["witness"], forged["certificate"]["witness"]):
        w["path"] = [[1, 1], [2, 6]]
    bad = tmp_path / "forged.json"
    bad.write_text(json.dumps(forged))
    r = runner.invoke(app, ["check", str(inst), str(bad)])
    assert r.exit_code == 1 and "(5, 7)" in r.output, r.output
    loaded = parse_instance(inst.read_text())
    for witness in ({"path": [[5, 7], [1, 1], [2, 6]]}, {"moves": [[1, 1]]}, {"path": "(5, 7)"}):
        assert violations(loaded, {"outcome": "draw", "witness": {**answer["witness"], **witness}}), witness
    stay = {"outcome": "draw", "witness": {"field": [5, 7], "how": "stay", "moves": [], "path": [[2, 6]]}}
    assert any("stays" in e for e in violations(loaded, stay))
