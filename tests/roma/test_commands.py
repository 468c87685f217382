"""Roma on the command layer (issue 36): one engine list, the old names, and the grammar items."""

import inspect
import json
import warnings
from pathlib import Path

import pytest
from typer.testing import CliRunner

from escapology.cli import app
from escapology.games import GAMES

runner = CliRunner()
EX = Path(__file__).resolve().parents[2] / "examples" / "roma"
URL = "https://puzz.link/p?roma/3/3/70og4a322c5"
OTHER = "https://puzz.link/p?roma/4/4/augddgb2a12d53a3b"


def run(*args, input=None):
    return runner.invoke(app, ["roma", *map(str, args)], input=input)


def test_one_engine_list_in_the_cli_with_the_old_name_hidden():
    from escapology.roma.spec import SPEC

    assert SPEC.engine_names() == ("glucose4", "maplechrono", "minisat22", "branch")
    answers = {e: json.loads(run("solve", URL, "-e", e, "-f", "json").stdout)
               for e in (*SPEC.engine_names(), "sat")}
    assert {tuple(a["solution"]) for a in answers.values()} == {(">v<", "vv^", ">>O")}
    help_text = run("solve", "--help").stdout
    assert "glucose4" in help_text and "|sat" not in help_text and "sat|" not in help_text
    assert run("solve", URL, "--engine", "dp").exit_code == 2


def test_solver_keyword_is_a_deprecated_alias_of_engine():
    from escapology.roma import load, solve

    p = load(URL)
    with pytest.warns(DeprecationWarning, match="engine="):
        old = solve(p, solver="minisat22")
    assert old.certificate == solve(p, engine="minisat22").certificate
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert solve(p, engine="sat").certificate == solve(p).certificate  # the old default's name


def test_batch_engines_choose_by_engine():
    from escapology.roma import load, solve

    roma = next(g for g in GAMES if g.name == "roma")
    p = load(URL)
    for e in roma.engines:
        assert set(e.options) == {"engine"}
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            assert solve(p, **e.options).unique is True


def test_generate_with_only_a_seed_prints_what_output_writes(tmp_path):
    printed = run("generate", "--seed", "4")
    assert printed.exit_code == 0, printed.output
    out = tmp_path / "p.txt"
    written = run("generate", "--seed", "4", "-o", out)
    assert written.exit_code == 0 and written.stdout == f"wrote {out}\n"
    assert printed.stdout == out.read_text(encoding="utf-8")
    assert printed.stdout.startswith("# escapology roma generate --seed 4\nhttps://puzz.link/p?roma/6/6/")


def test_solve_output_in_text_is_what_check_reads_for_every_puzzle(tmp_path):
    answer = tmp_path / "answer.txt"
    assert run("solve", EX / "urls.txt", "-o", answer).exit_code == 0
    assert answer.read_text().count("# puzzle") == 5
    r = run("check", EX / "urls.txt", answer, "-f", "json")
    assert r.exit_code == 0, r.output
    assert [json.loads(x)["valid"] for x in r.stdout.splitlines()] == [True] * 5


def test_a_certificate_of_another_puzzle_is_rejected(tmp_path):
    cert = tmp_path / "other.json"
    cert.write_text(run("solve", OTHER, "-f", "json").stdout)
    assert run("check", URL, cert).exit_code == 1


def test_grammar_timeout_render_suffix_and_stdin(tmp_path):
    assert run("solve", URL, "-t", "0").exit_code == 2
    assert run("solve", URL, "-t", "-1").exit_code == 2
    assert run("generate", "--seed", "1", "-t", "0").exit_code == 2
    assert run("render", URL, "-o", tmp_path / "x.jpg").exit_code == 2
    r = run("render", URL, "--solve", "-t", "30")
    assert r.exit_code == 0 and "+---+" in r.stdout
    bad = run("solve", "-", input="roma\nAB\nAB\n\n.O\n.x\n")
    assert bad.exit_code == 2 and "<stdin>:6:" in bad.output


def test_escapology_solve_takes_a_url():
    r = runner.invoke(app, ["solve", URL, "-f", "json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["solution"] == [">v<", "vv^", ">>O"]
    assert runner.invoke(app, ["solve", "no-such-file.txt"]).exit_code == 2


def test_graph_command_takes_only_graphs():
    r = run("graph", URL)
    assert r.exit_code == 2
    r = run("graph", EX / "urls.txt")
    assert r.exit_code == 2 and "roma solve" in r.output


def test_model_does_not_import_io():
    from escapology.roma import model

    assert "import escapology.roma.io" not in inspect.getsource(model)
    assert "from escapology.roma.io" not in inspect.getsource(model)
    assert str(model.Puzzle.from_labels(["AB"], ["O<"])).startswith("roma\n")


def test_count_chooses_its_counter_with_engine_and_the_old_method_name():
    from typer.testing import CliRunner

    from escapology.roma.cli import app

    url = next(line for line in (EX / "urls.txt").read_text().splitlines() if line.startswith("http"))
    run = CliRunner().invoke
    new = run(app, ["count", url, "-e", "dp", "-f", "json"])
    old = run(app, ["count", url, "--method", "dp", "-f", "json"])
    assert new.exit_code == 0 and new.stdout == old.stdout
    assert run(app, ["count", url, "--method", "dp", "-e", "sat"]).exit_code == 2


def test_the_description_names_the_old_engine_name_as_solve_reads_it():
    """roma/spec.py states the old engine name without importing the game (start-up of --help)."""
    from escapology.roma import api, spec

    assert dict(spec.SPEC.engine_aliases) == api.ENGINE_ALIASES
