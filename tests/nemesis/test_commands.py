"""Nemesis on the command layer (issue 36): one engine vocabulary with the old names kept as
deprecated aliases, the grammar items (check reads what solve -o wrote, generate with only
--seed, render -o refuses other suffixes, --timeout 0 is exit 2, <stdin>), the natively read
instance and the streamed check behind the protocol."""

import json
import warnings
from pathlib import Path

import pytest
from typer.testing import CliRunner

from escapology.cli import app as root
from escapology.nemesis import api, load, solve
from escapology.nemesis.cli import app
from escapology.nemesis.native_instance import NativeInstance
from escapology.nemesis.spec import SPEC

runner = CliRunner()
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "nemesis" / "small.lp"
WIN = "edge(s,a). edge(a,x). edge(a,y). exit(x). exit(y). start(s).\n"


def _write(tmp_path, text, name="g.lp"):
    p = tmp_path / name
    p.write_text(text)
    return p


def test_the_registry_is_the_cli_choices_and_the_protocol_engines():
    assert SPEC.engine_names() == api.ENGINES == ("exact", "exact-python", "linear", "linear-python")
    text = runner.invoke(app, ["solve", "--help"]).stdout
    assert "exact-python" in text and "--method" not in text and "native|python" not in text


@pytest.mark.parametrize(("engine", "method", "name"), [
    ("python", None, "exact-python"), ("native", None, "exact"), (None, "linear", "linear"),
    ("python", "linear", "linear-python"), ("native", "exact", "exact")])
def test_old_keywords_map_onto_engines_with_a_warning(engine, method, name):
    with pytest.warns(DeprecationWarning):
        assert api.resolve_engine(engine, method) == name


def test_the_new_names_warn_nothing_and_agree(tmp_path):
    inst = load(WIN)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        answers = {e: solve(inst, engine=e).winner for e in api.ENGINES}
    assert set(answers.values()) == {"fugitive"}
    with pytest.raises(Exception, match="contradicts"):
        solve(inst, engine="exact", method="linear")


def test_cli_old_flags_give_the_same_answers(tmp_path):
    f = _write(tmp_path, WIN)
    for old, new in ((["--method", "linear"], ["-e", "linear"]), (["--engine", "python"], ["-e", "exact-python"]),
                     (["--method", "linear", "--engine", "python"], ["-e", "linear-python"])):
        a = runner.invoke(app, ["solve", str(f), "-f", "json", *old])
        b = runner.invoke(app, ["solve", str(f), "-f", "json", *new])
        assert a.exit_code == b.exit_code == 0, a.output + b.output
        assert json.loads(a.stdout) == json.loads(b.stdout)
    assert runner.invoke(app, ["solve", str(f), "-e", "bogus"]).exit_code == 2


def test_solve_output_in_text_writes_what_check_reads(tmp_path):
    f = _write(tmp_path, WIN)
    for command in ([str(f)], ["-e", "linear", str(f)]):
        out = tmp_path / "answer.txt"
        r = runner.invoke(app, ["solve", *command, "-o", str(out)])
        assert r.exit_code == 0 and r.stdout == f"wrote {out}\n", r.output
        assert json.loads(out.read_text())["winner"] == "fugitive"
        c = runner.invoke(app, ["check", str(f), str(out)])
        assert c.exit_code == 0 and c.stdout.startswith("valid"), c.output
    # the terminal shows the summary, which is no certificate: exit 2 with the way to get one
    summary = _write(tmp_path, runner.invoke(app, ["solve", str(f)]).stdout, "summary.txt")
    c = runner.invoke(app, ["check", str(f), str(summary)])
    assert c.exit_code == 2 and "solve -o FILE" in c.output


def test_generate_with_only_a_seed_prints_what_output_writes(tmp_path):
    r = runner.invoke(root, ["nemesis", "generate", "--seed", "3"])
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith("% escapology nemesis generate --seed 3\n")
    assert len(load(r.stdout).vertices) == 12
    out = tmp_path / "g.lp"
    assert runner.invoke(root, ["nemesis", "generate", "--seed", "3", "-o", str(out)]).exit_code == 0
    assert out.read_text() == r.stdout
    grid = runner.invoke(app, ["generate", "grid", "--size", "3"]).stdout
    assert "--seed" not in grid.splitlines()[0]  # a fixed grid draws nothing


def test_grammar_exit_codes(tmp_path):
    f = _write(tmp_path, WIN)
    assert runner.invoke(app, ["render", str(f), "-o", str(tmp_path / "x.jpg")]).exit_code == 2
    assert runner.invoke(app, ["solve", str(f), "--timeout", "0"]).exit_code == 2
    assert runner.invoke(app, ["solve", str(f), "--timeout", "-1"]).exit_code == 2
    r = runner.invoke(app, ["solve", "-"], input="edge(s,a). exit(a).\n")
    assert r.exit_code == 2 and "<stdin>" in r.output
    other = _write(tmp_path, runner.invoke(app, ["solve", str(EXAMPLE), "-f", "json"]).stdout, "other.json")
    assert runner.invoke(app, ["check", str(f), str(other)]).exit_code == 1  # another instance's strategy
    r = runner.invoke(app, ["render", str(EXAMPLE), "--solve", "--game", "blizzard", "-o", str(tmp_path / "b.svg")])
    assert r.exit_code == 0 and (tmp_path / "b.svg").read_text().startswith("<svg")


def test_root_solve_lists_the_winning_starts_of_a_file_without_a_start(tmp_path):
    f = _write(tmp_path, "edge(s,a). edge(a,x). edge(a,y). exit(x). exit(y).\n")
    r = runner.invoke(root, ["solve", str(f), "-f", "json"])
    assert r.exit_code == 0 and set(json.loads(r.stdout)["winning_starts"]) == {"s", "a"}
    assert runner.invoke(app, ["solve", str(f)]).exit_code == 2  # the game's solve asks for a start
    g = runner.invoke(root, ["solve", "-", "-f", "json"], input=(EXAMPLE.parent / "escape.graphml").read_text())
    assert g.exit_code == 0 and json.loads(g.stdout)["winner"] in ("fugitive", "nemesis")


def test_a_plain_file_is_read_natively_and_solved_without_python_vertices(tmp_path):
    f = _write(tmp_path, WIN)
    inst = load(f)
    assert isinstance(inst, NativeInstance) and inst.source == str(f)
    result = solve(inst, engine="linear")
    assert isinstance(result, api.LinearResult) and inst._python is None  # no Python field was built
    assert result.to_json() == solve(load(WIN), engine="linear").to_json()
    assert api.check(inst, result.certificate).ok


def test_check_streams_a_large_strategy_file(tmp_path, monkeypatch):
    inst = load(EXAMPLE)
    doc = tmp_path / "s.json"
    doc.write_text(json.dumps(solve(inst).certificate.to_json()))
    monkeypatch.setattr(api, "STREAM_BYTES", 0)
    data, name = api.read_certificate(doc)
    assert isinstance(data, Path) and name == str(doc)
    assert api.check(inst, data).ok


def test_the_description_names_the_generators_kinds():
    """nemesis/spec.py lists generate's kinds without importing the game (start-up of --help)."""
    from escapology.nemesis import api, spec

    assert spec.KINDS == api.KINDS
