"""``escapology reduce``: the front door of every reduction (registry, output that 'solve' answers,
the command inside the instance, bad input with exit 2)."""

import json

import pytest

from typer.testing import CliRunner

from escapology.cli import app
from escapology.core.reductions import REDUCTIONS, find

runner = CliRunner()


def run(*args, input=None):
    return runner.invoke(app, ["reduce", *map(str, args)], input=input)


def test_list_names_every_reduction_with_theorem_and_paper():
    res = run("--list")
    assert res.exit_code == 0, res.output
    for r in REDUCTIONS:
        assert r.name in res.output and r.theorem in res.output
    data = json.loads(run("--list", "--format", "json").stdout)
    assert {r["name"] for r in data["reductions"]} == {r.name for r in REDUCTIONS}
    assert all(set(r) >= {"name", "theorem", "paper"} for r in data["reductions"])


def test_every_registered_function_exists():
    for r in REDUCTIONS:
        assert callable(r.load()), r.name


def test_reduce_writes_an_instance_solve_answers(tmp_path):
    cnf = tmp_path / "f.cnf"
    cnf.write_text("p cnf 2 2\n1 -2 0\n2 0\n")
    out = tmp_path / "board.json"
    res = run("amazeing-3sat", cnf, "-o", out)
    assert res.exit_code == 0, res.output
    data = json.loads(out.read_text())
    assert data["command"] == f"escapology reduce amazeing-3sat {cnf}"
    assert {lab["text"] for lab in data["labels"]} >= {"s", "t", "C1", "C2", "x1", "x2"}
    solved = runner.invoke(app, ["solve", str(out), "--format", "json"])
    assert solved.exit_code == 0, solved.output
    assert json.loads(solved.stdout)["turns"] == 2


def test_unsatisfiable_formula_gives_a_board_without_an_n_turn_plan(tmp_path):
    cnf = tmp_path / "u.cnf"
    cnf.write_text("p cnf 1 2\n1 0\n-1 0\n")
    res = run("amazeing-3sat", cnf, "--format", "json")
    data = json.loads(res.stdout)
    assert data["turns"] == 1 and data["reduction"] == "amazeing-3sat"
    board = tmp_path / "b.json"
    board.write_text(data["instance"])
    from escapology.amazeing import load, solve

    assert solve(load(board), max_turns=1).status.value == "unsolvable"


def test_nemesis_lsat_is_the_same_as_its_generate(tmp_path):
    cnf = tmp_path / "f.cnf"
    cnf.write_text("p cnf 2 2\n1 -2 0\n2 0\n")
    door = run("nemesis-lsat-escape-tree-ours", cnf).stdout
    gen = runner.invoke(app, ["nemesis", "generate", "lsat", "--from", str(cnf)]).stdout
    assert door.splitlines()[1:] == gen.splitlines()[1:]
    assert door.startswith("% escapology reduce nemesis-lsat-escape-tree-ours")


def test_bad_input_exits_2_with_line_and_reason(tmp_path):
    bad = tmp_path / "bad.cnf"
    bad.write_text("p cnf 1 1\n1 x 0\n")
    res = run("amazeing-3sat", bad)
    assert res.exit_code == 2 and "bad.cnf:2" in res.output and "bad literal" in res.output
    res = run("amazeing-3sa", bad)
    assert res.exit_code == 2 and "did you mean 'amazeing-3sat'" in res.output
    res = run("amazeing-3sat")
    assert res.exit_code == 2
    assert find("no-such") is None


def test_too_large_a_board_is_refused_with_the_estimate(tmp_path):
    big = tmp_path / "big.cnf"
    big.write_text("p cnf 300 1\n1 2 3 0\n")
    res = run("amazeing-3sat", big)
    assert res.exit_code == 2 and "MB" in res.output and "cells" in res.output


#: a small input of every reduction (a new reduction needs one here)
SMALL_INPUTS = {
    "amazeing-3sat": "p cnf 2 2\n1 -2 0\n2 0\n",
    "amazeing-3sat-compact": "p cnf 2 2\n1 -2 0\n2 0\n",
    "amazeing-qsat": "p cnf 3 1\ne 1 0\na 2 0\ne 3 0\n1 2 0\n",
    "roma-planar3sat": "p cnf 2 2\n1 -2 0\n2 0\n",
    "nemesis-lsat-escape-tree-ours": "p cnf 2 2\n1 -2 0\n2 0\n",
    "nemesis-escape-tree": "p cnf 2 2\n1 -2 0\n2 0\n",
    "nemesis-pmr3sat": "c pmr3sat order 2 1\np cnf 2 2\n1 2 0\n-1 0\n",
    "nemesis-qsat": "p cnf 1 1\na 1 0\n1 -1 0\n",
    "nemesis-qsat-simple": "p cnf 1 1\ne 1 0\n1 0\n",
    # integer vertex names, as examples/nemesis/small.lp has: the new vertices' names read back
    "nemesis-two-exits": "edge(0,1). edge(1,2). edge(1,3). edge(1,4). exit(2). exit(3). exit(4). start(0).\n",
    "nemesis-cat": "edge(0,1). edge(1,2). edge(1,3). exit(2). exit(3). start(0).\n",
}


@pytest.mark.parametrize("name", [r.name for r in REDUCTIONS])
def test_every_reduction_writes_what_solve_loads(tmp_path, name):
    from escapology.games import recognise

    src = tmp_path / ("in.lp" if name in ("nemesis-two-exits", "nemesis-cat") else "in.cnf")
    src.write_text(SMALL_INPUTS[name])
    out = tmp_path / "out.txt"
    res = run(name, src, "-o", out)
    assert res.exit_code == 0, res.output
    text = out.read_text()
    game = recognise(text)
    assert game is not None and game.name == find(name).game.split()[0], name
    game.spec().function("load")(str(out))  # loads without an error
    # `escapology solve` answers it (exit 0) or runs out of time (exit 3): never a refusal (exit 2)
    solved = runner.invoke(app, ["solve", str(out), "--timeout", "2"])
    assert solved.exit_code in (0, 3), solved.output
    assert "error" not in solved.output
