"""``escapology reduce nemesis-...``: every paper reduction through the front door (the instance it
writes loads and is answered; the JSON facts; bad input exits 2 naming the file)."""

import json

import pytest
from typer.testing import CliRunner

from escapology.cli import app
from escapology.nemesis import load, solve

runner = CliRunner()

INPUTS = {
    "nemesis-escape-tree": ("f.cnf", "p cnf 2 2\n1 -2 0\n2 0\n"),
    "nemesis-pmr3sat": ("f.cnf", "c pmr3sat order 2 1\np cnf 2 2\n1 2 0\n-1 0\n"),
    "nemesis-qsat": ("f.qdimacs", "p cnf 1 1\na 1 0\n1 -1 0\n"),
    "nemesis-qsat-simple": ("f.qdimacs", "p cnf 1 1\ne 1 0\n1 0\n"),
    "nemesis-two-exits": ("g.lp", "edge(s,a). edge(a,x). edge(a,y). edge(a,z). exit(x). exit(y). exit(z). start(s).\n"),
    "nemesis-cat": ("g.lp", "edge(s,a). edge(a,x). edge(a,y). exit(x). exit(y). start(s).\n"),
}


def reduce(*args):
    return runner.invoke(app, ["reduce", *map(str, args)])


@pytest.mark.parametrize("name", sorted(INPUTS))
def test_each_reduction_writes_an_instance_with_its_command_and_question(tmp_path, name):
    file, text = INPUTS[name]
    src = tmp_path / file
    src.write_text(text)
    out = tmp_path / "out.lp"
    res = reduce(name, src, "-o", out, "--format", "json")
    assert res.exit_code == 0, res.output
    facts = json.loads(res.stdout)
    written = out.read_text()
    assert written.startswith(f"% escapology reduce {name} {src}")
    assert facts["question"] in written.splitlines()[1] and facts["vertices"] == len(load(out).vertices)
    assert facts["reduction"] == name and "bound" in facts


def test_the_pmr3sat_instance_is_answered_by_solve(tmp_path):
    src = tmp_path / "f.cnf"
    src.write_text(INPUTS["nemesis-pmr3sat"][1])
    out = tmp_path / "out.lp"
    assert reduce("nemesis-pmr3sat", src, "-o", out).exit_code == 0
    assert solve(load(out), timeout=60).winner == "fugitive"  # x2 true, x1 false
    src.write_text("p cnf 1 2\n1 0\n-1 0\n")
    assert reduce("nemesis-pmr3sat", src, "-o", out).exit_code == 0
    assert solve(load(out), timeout=60).winner == "nemesis"


@pytest.mark.parametrize("name, file, text, message", [
    ("nemesis-pmr3sat", "f.cnf", "p cnf 2 1\n1 -2 0\n", "monotone"),
    ("nemesis-pmr3sat", "f.cnf", "c pmr3sat order 1 2 3 4\np cnf 4 2\n1 3 0\n2 4 0\n", "cross"),
    ("nemesis-pmr3sat", "f.cnf", "p cnf 2 1\n1 2 3 0\n", "exceeds"),
    ("nemesis-escape-tree", "f.cnf", "p cnf 1 3\n1 0\n1 0\n1 0\n", "third time"),
    ("nemesis-qsat", "f.qdimacs", "p cnf 1 1\na 1 0\na 1 0\n1 0\n", "quantified twice"),
    ("nemesis-qsat-simple", "f.qdimacs", "p cnf 40 1\n" + "e " + " ".join(map(str, range(1, 41))) + " 0\n1 2 0\n",
     "the limit"),
    ("nemesis-two-exits", "g.lp", "edge(s,a). start(s).\n", "no exit"),
    ("nemesis-cat", "g.lp", "edge(s,a). exit(a).\n", "no start"),
])
def test_bad_input_exits_2_naming_the_file(tmp_path, name, file, text, message):
    src = tmp_path / file
    src.write_text(text)
    res = reduce(name, src)
    assert res.exit_code == 2, res.output
    assert str(src) in res.output and message in res.output


def test_the_shipped_examples_reduce(tmp_path):
    from pathlib import Path

    examples = Path(__file__).resolve().parents[2] / "examples" / "nemesis"
    out = tmp_path / "pmr.lp"
    assert reduce("nemesis-pmr3sat", examples / "pmr3sat.cnf", "-o", out).exit_code == 0
    assert "% variables along the main path: 1 2 3" in out.read_text()
    out = tmp_path / "qsat.lp"
    assert reduce("nemesis-qsat", examples / "qsat.qdimacs", "-o", out).exit_code == 0
    assert solve(load(out), timeout=60).winner == "fugitive"  # forall x1 exists x2: x2 = not x1


@pytest.mark.parametrize("name", ["nemesis-pmr3sat", "nemesis-escape-tree", "nemesis-qsat"])
def test_too_large_an_instance_is_refused_before_it_is_built(tmp_path, name):
    src = tmp_path / "big.cnf"
    n = 8000
    src.write_text(f"p cnf {n} {n}\n" + "".join(f"{i} {i % n + 1} 0\n" for i in range(1, n + 1)))
    res = reduce(name, src)
    assert res.exit_code == 2 and "the limit is 100,000" in res.output, res.output
