"""The ``escapology amazeing`` commands: answers, certificates, exit codes, errors."""

import json
from pathlib import Path

from typer.testing import CliRunner

from escapology.amazeing import cli as acli
from escapology.amazeing.io import loads
from escapology.cli import app

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "amazeing"
PUBLISHED = EXAMPLES / "published.json"


def run(*args, input=None):
    return runner.invoke(app, ["amazeing", *map(str, args)], input=input)


def test_solve_text_and_json_and_check(tmp_path):
    res = run("solve", PUBLISHED)
    assert res.exit_code == 0, res.output
    assert res.output.startswith("fewest turns: 3")
    res = run("solve", PUBLISHED, "--format", "json")
    data = json.loads(res.stdout)
    assert data["status"] == "solved" and data["turns"] == 3 and len(data["plan"]) == 3
    assert set(data["plan"][0]) >= {"shift", "tile", "path"}
    plan = tmp_path / "plan.json"
    plan.write_text(res.output)
    ok = run("check", PUBLISHED, plan)
    assert ok.exit_code == 0 and ok.output.startswith("valid")
    data["plan"] = data["plan"][:-1]
    plan.write_text(json.dumps(data))
    bad = run("check", PUBLISHED, plan)
    assert bad.exit_code == 1 and "rejected" in bad.output


def test_top_level_solve_detects_the_game():
    res = runner.invoke(app, ["solve", str(PUBLISHED)])
    assert res.exit_code == 0 and "fewest turns: 3" in res.output


def test_detect_is_specific():
    assert acli.detect(PUBLISHED.read_text())
    assert not acli.detect("field(1,1). init_on(1,1). goal_on(2,2).")
    assert not acli.detect('{"game": "labyrinth"}')
    assert not acli.detect("p cnf 1 1\n1 0\n")


def test_bad_input_names_file_and_line(tmp_path):
    f = tmp_path / "bad.json"
    f.write_text('{\n  "game": "amazeing",\n  "board": ["┌┐", "└X"],\n  "spare": "│"\n}\n')
    res = run("solve", f)
    assert res.exit_code == 2
    assert "bad.json:3:" in res.output and "unknown tile glyph 'X'" in res.output
    assert "Traceback" not in res.output
    f.write_text('{"game": "amazeing", "board": ["┌┐"],,}')
    res = run("solve", f)
    assert res.exit_code == 2 and "not valid JSON" in res.output
    res = run("solve", tmp_path / "missing.json")
    assert res.exit_code == 2 and "no such file" in res.output


def test_unsolvable_within_bound_and_timeout():
    res = run("solve", EXAMPLES / "unsat_board.json", "--max-turns", "2", "--format", "json")
    assert res.exit_code == 0 and json.loads(res.stdout)["status"] == "unsolvable"

def test_timeout_answers_unknown_with_exit_3(tmp_path):
    # the target sits on a closed fixed tile: unreachable, so the search runs until the limit
    data = json.loads(PUBLISHED.read_text())
    row = list(data["board"][2])
    row[2] = "·"
    data["board"][2] = "".join(row)
    assert data["treasures"]["D"] == [2, 2]  # a tile holds one treasure: D is the target on that tile
    data["players"][0]["target"] = "D"
    f = tmp_path / "closed.json"
    f.write_text(json.dumps(data, ensure_ascii=False))
    res = run("solve", f, "--max-turns", "8", "--timeout", "1e-9")  # 0 is a usage error (exit 2)
    assert res.exit_code == 3 and res.output.startswith("unknown")
    res = run("solve", f, "--max-turns", "3", "--format", "json")
    assert res.exit_code == 0 and json.loads(res.stdout)["status"] == "unsolvable"


def test_generate_published_random_and_cnf(tmp_path):
    res = run("generate", "--seed", "5", "--players", "2")
    pos = loads(res.output)
    assert (pos.rows, pos.cols, len(pos.players)) == (7, 7, 2)
    res = run("generate", "--size", "5x6", "--seed", "1")
    assert loads(res.output).cols == 6
    out = tmp_path / "board.json"
    res = run("generate", "--cnf", EXAMPLES / "formula.cnf", "--output", out)
    assert res.exit_code == 0
    assert loads(out.read_text()).cols == 9
    bad = tmp_path / "bad.cnf"
    bad.write_text("p cnf 2 1\n1 x 0\n")
    res = run("generate", "--cnf", bad)
    assert res.exit_code == 2 and "bad.cnf:2:" in res.output
    assert run("generate", "--size", "big").exit_code == 2


def test_render_text_svg_png(tmp_path):
    res = run("render", PUBLISHED, "--output", tmp_path / "b.svg")
    assert res.exit_code == 0 and res.output == f"wrote {tmp_path / 'b.svg'}\n"  # -o: no board, as every game
    assert "spare" in run("render", PUBLISHED).output
    assert (tmp_path / "b.svg").read_text().startswith("<svg")
    res = run("render", PUBLISHED, "--output", tmp_path / "b.png")
    assert (tmp_path / "b.png").read_bytes()[:4] == b"\x89PNG"
    assert run("render", PUBLISHED, "--output", tmp_path / "b.gif").exit_code == 2


def test_race_and_play():
    res = run("race", PUBLISHED, "--turns", "1", "--format", "json")
    assert res.exit_code == 0 and json.loads(res.stdout)["forced_win"] is False
    res = run("play", "--watch", "--seed", "4", "--cards", "1", "--budget", "0.2", "--max-turns", "60")
    assert res.exit_code == 0 and ("wins after" in res.output or "no winner" in res.output)
    res = run("play", "--seed", "3", "--cards", "1", "--max-turns", "2", input="Q7\nN1 0\n")
    assert res.exit_code == 0
    assert "bad shift 'Q7'" in res.output and "red: insert" in res.output


def test_race_writes_its_move_as_solve_writes_a_turn(tmp_path):
    """One notation: race's winning first move is a turn as a plan writes it (a walk cell by cell,
    (row,column)), which the plan reader takes and the checker replays from the position."""
    from escapology import amazeing
    from escapology.amazeing.io import plan_from_json, plan_from_text

    res = run("race", PUBLISHED, "--turns", "3")
    assert res.exit_code == 0, res.output
    move = res.stdout.strip().split(": ", 1)[1]
    assert move == "insert ┘ at W1, walk (0,0) -> (1,0)"
    pos = amazeing.load(PUBLISHED)
    turns = plan_from_json(pos, plan_from_text(f"fewest turns: 1\nturn 1: {move}\n")["plan"])
    assert [pos.rc(c) for c in turns[0].path] == [(0, 0), (1, 0)]


def test_demo_runs(capsys):
    acli.demo()
    out = capsys.readouterr().out
    assert "fewest turns: 3" in out and "checker: valid" in out


# -- the command layer (issue 36) --------------------------------------------------------------------

def test_check_reads_the_text_answer(tmp_path):
    answer = tmp_path / "answer.txt"
    assert run("solve", PUBLISHED, "-o", answer).exit_code == 0
    res = run("check", PUBLISHED, answer)
    assert res.exit_code == 0 and res.stdout.startswith("valid"), res.output
    answer.write_text("\n".join(answer.read_text().splitlines()[:-1]) + "\n")  # one turn fewer
    res = run("check", PUBLISHED, answer)
    assert res.exit_code == 1 and res.stdout.startswith("rejected")
    answer.write_text("hello\n")
    res = run("check", PUBLISHED, answer)
    assert res.exit_code == 1 and f"{answer}:1: not an answer" in res.stdout


def test_a_plan_of_another_position_is_rejected(tmp_path):
    other = tmp_path / "other.json"
    other.write_text(run("generate", "--size", "3", "--seed", "2").stdout)
    for fmt in ("json", "text"):
        answer = tmp_path / f"a.{fmt}"
        answer.write_text(run("solve", PUBLISHED, "-f", fmt).stdout)
        res = run("check", other, answer)
        assert res.exit_code == 1 and "rejected" in res.stdout, res.output


def test_check_player_option():
    from escapology.amazeing import check, load, solve

    pos = load(PUBLISHED)
    result = solve(pos)
    assert check(pos, result.to_json(), player=0).ok
    import pytest

    with pytest.raises(Exception, match="no player 7"):
        check(pos, result.to_json(), player=7)


def test_generate_with_only_a_seed_prints_what_output_writes(tmp_path):
    printed = run("generate", "--seed", "5")
    assert printed.exit_code == 0
    assert json.loads(printed.stdout)["command"] == "escapology amazeing generate --seed 5"
    out = tmp_path / "g.json"
    written = run("generate", "--seed", "5", "-o", out)
    assert written.exit_code == 0 and written.stdout == f"wrote {out}\n"
    assert out.read_text() == printed.stdout


def test_engine_option_render_timeout_and_stdin(tmp_path):
    assert run("solve", PUBLISHED, "-e", "search").stdout.startswith("fewest turns: 3")
    assert run("solve", PUBLISHED, "-e", "nonesuch").exit_code == 2
    assert run("render", PUBLISHED, "-o", tmp_path / "x.jpg").exit_code == 2
    assert run("render", PUBLISHED, "--solve", "-t", "30").exit_code == 0
    for t in ("0", "-1"):
        assert run("solve", PUBLISHED, "--timeout", t).exit_code == 2
    res = run("solve", "-", input='{"game": "amazeing",\n "board": 3}\n')
    assert res.exit_code == 2 and "<stdin>:2:" in res.output


def test_solve_of_a_race_position_answers_as_race(tmp_path):
    data = json.loads(PUBLISHED.read_text())
    race_file = tmp_path / "race.json"
    two = json.loads(run("generate", "--seed", "5", "--players", "2").stdout)
    two["race_turns"] = 1
    race_file.write_text(json.dumps(two, ensure_ascii=False))
    solved = json.loads(run("solve", race_file, "-f", "json").stdout)
    raced = json.loads(run("race", race_file, "--turns", "1", "-f", "json").stdout)
    assert solved == raced and "forced_win" in solved
    assert data["game"] == "amazeing"


def test_the_reduction_lives_in_the_reductions_package():
    import importlib.util

    from escapology.amazeing import reduce_3sat
    from escapology.amazeing.reductions import Reduction, reduce_3sat as again

    assert reduce_3sat is again and Reduction.__module__ == "escapology.amazeing.reductions.compact"
    assert importlib.util.find_spec("escapology.amazeing.reduction") is None
