"""One grammar for every game's command line (docs/cli.md): the same option names for the same
meaning, and ``check`` reads exactly what ``solve`` wrote (JSON, and text where the game's text
output is a certificate)."""

import json
import re
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from escapology.cli import app

sys.path.insert(0, str(Path(__file__).parent))
from shipped import EXAMPLE, EXAMPLES  # noqa: E402

runner = CliRunner()
GAMES = list(EXAMPLE)

#: the grammar: verb -> options every game's verb has
COMMON = {
    "solve": ["--format", "-f", "--timeout", "-t", "--memory", "--output", "-o"],
    "check": ["--format", "-f", "--certificate", "certificate", "--memory"],
    "generate": ["--output", "-o", "--seed", "--size", "--format", "-f", "--memory"],
    "render": ["--output", "-o", "--certificate", "--solve", "--scale", "--format", "-f", "--memory"],
}
#: documented exceptions (docs/cli.md): none left
EXCEPTIONS: dict[tuple[str, str], set[str]] = {}
#: old names that stay accepted but are not shown
HIDDEN = {
    ("labyrinth", "render"): ["--plan"],
    ("amazeing", "render"): ["--plan"],
    ("forest", "render"): ["--plan"],
    ("nemesis", "render"): ["--strategy"],
    ("nemesis", "generate"): ["--n", "--p"],
    ("chess", "render"): ["--witness"],
    ("roma", "render"): ["--solution"],
    ("roma", "check"): ["--solution"],
}


def invoke(*args, input=None):
    return runner.invoke(app, [str(a) for a in args], input=input)


def help_text(game, verb):
    r = invoke(game, verb, "--help")
    assert r.exit_code == 0, r.output
    return re.sub(r"\x1b\[[0-9;]*m", "", r.stdout)


@pytest.mark.parametrize("verb", list(COMMON))
@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_common_options(game, verb):
    text = help_text(game, verb)
    for option in COMMON[verb]:
        if option in EXCEPTIONS.get((game, verb), ()):
            continue
        assert re.search(rf"(^|[\s,│]){re.escape(option)}([\s,=/]|$)", text, re.M), f"{game} {verb}: no {option}"
    for old in HIDDEN.get((game, verb), []):
        assert not re.search(rf"(^|[\s,│]){re.escape(old)}([\s,=/]|$)", text, re.M), f"{game} {verb}: {old} shown"
    # the replaced short flags are gone: -s, -p, -n and -k mean nothing in the grammar
    for short in ("-s", "-p", "-n", "-k"):
        assert not re.search(rf"(^|[\s,│]){short}[\s,]", text, re.M), f"{game} {verb}: {short} shown"


@pytest.mark.parametrize("game", GAMES)
def test_solve_json_then_check_round_trip(game, tmp_path):
    inst = EXAMPLES / EXAMPLE[game]
    solved = invoke(game, "solve", inst, "--format", "json")
    assert solved.exit_code == 0, solved.output
    answer = json.loads(solved.stdout.splitlines()[0])
    assert answer["status"] == "solved"
    cert = tmp_path / "answer.json"
    cert.write_text(solved.stdout, encoding="utf-8")
    positional = invoke(game, "check", inst, cert)
    assert positional.exit_code == 0, positional.output
    assert positional.stdout.startswith("valid")
    option = invoke(game, "check", inst, "--certificate", cert, "--format", "json")
    assert option.exit_code == 0, option.output
    assert json.loads(option.stdout)["valid"] is True
    piped = invoke(game, "check", inst, "-", input=solved.stdout)
    assert piped.exit_code == 0, piped.output


@pytest.mark.parametrize("game", GAMES)
def test_solve_output_writes_what_check_reads(game, tmp_path):
    """``solve -o FILE``: the answer goes to FILE (standard output says so), and check reads it;
    ``escapology solve FILE -o`` (the game recognised) too."""
    inst = EXAMPLES / EXAMPLE[game]
    for command in ([game, "solve"], ["solve"]):
        cert = tmp_path / f"{len(command)}.json"
        solved = invoke(*command, inst, "-f", "json", "-o", cert)
        assert solved.exit_code == 0, solved.output
        assert solved.stdout == f"wrote {cert}\n"
        assert json.loads(cert.read_text(encoding="utf-8").splitlines()[0])["status"] == "solved"
        checked = invoke(game, "check", inst, cert)
        assert checked.exit_code == 0 and checked.stdout.startswith("valid"), checked.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["1.json", "2.json"]  # no temporary left


def test_solve_output_holds_unknown_and_no_file_on_bad_input(tmp_path):
    from escapology.nemesis import grid
    from escapology.nemesis.io import format_instance

    big = tmp_path / "grid13.lp"
    big.write_text(format_instance(grid(13, 13)), encoding="utf-8")
    out = tmp_path / "answer.json"
    r = invoke("nemesis", "solve", big, "-f", "json", "-t", "0.2", "-o", out)
    assert r.exit_code == 3, r.output
    assert json.loads(out.read_text(encoding="utf-8"))["status"] == "unknown"
    bad = tmp_path / "bad.lp"
    bad.write_text("edge(a,b", encoding="utf-8")
    r = invoke("nemesis", "solve", bad, "-o", tmp_path / "none.json")
    assert r.exit_code == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["answer.json", "bad.lp", "grid13.lp"]


@pytest.mark.parametrize("game", ["labyrinth", "roma"])
def test_solve_text_then_check_round_trip(game, tmp_path):
    """The games whose text answer is a certificate: Labyrinth's push facts, Roma's board."""
    inst = EXAMPLES / EXAMPLE[game]
    solved = invoke(game, "solve", inst)
    assert solved.exit_code == 0, solved.output
    cert = tmp_path / "answer.txt"
    cert.write_text(solved.stdout, encoding="utf-8")
    r = invoke(game, "check", inst, cert)
    assert r.exit_code == 0, r.output


@pytest.mark.parametrize("game", GAMES)
def test_check_without_a_certificate_is_a_usage_error(game):
    if game == "roma":
        pytest.skip("Roma checks the answer a file holds when no certificate is given")
    r = invoke(game, "check", EXAMPLES / EXAMPLE[game])
    assert r.exit_code == 2 and "certificate" in r.output


@pytest.mark.parametrize("game", GAMES)
def test_render_draws_a_certificate_and_answers_json(game, tmp_path):
    inst = EXAMPLES / EXAMPLE[game]
    cert = tmp_path / "answer.json"
    cert.write_text(invoke(game, "solve", inst, "--format", "json").stdout, encoding="utf-8")
    svg = tmp_path / "picture.svg"
    r = invoke(game, "render", inst, "--certificate", cert, "-o", svg, "--format", "json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["output"] == str(svg) and svg.read_text().startswith("<svg")
    assert invoke(game, "render", inst, "--solve").exit_code == 0


@pytest.mark.parametrize("game", [g for g in GAMES if g != "labyrinth"])
def test_generate_json_and_output(game, tmp_path):
    size = {"amazeing": "5", "forest": "4", "nemesis": "8", "chess": "6", "roma": "4"}[game]
    r = invoke(game, "generate", *(["random"] if game == "nemesis" else []), "--size", size, "--seed", "3",
               "--format", "json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout.splitlines()[-1]).get("instance") or game == "roma"
    out = tmp_path / "instance.txt"
    r = invoke(game, "generate", *(["random"] if game == "nemesis" else []), "--size", size, "--seed", "3", "-o", out)
    assert r.exit_code == 0, r.output
    assert out.read_text().strip()


def test_old_names_stay_accepted(tmp_path):
    chess = EXAMPLES / "chess" / "teleport.txt"
    assert invoke("chess", "generate", "6", "--seed", "1").stdout == invoke(
        "chess", "generate", "--size", "6", "--seed", "1").stdout
    assert invoke("chess", "render", chess, "--no-witness").exit_code == 0
    assert invoke("nemesis", "generate", "random", "--n", "8", "--p", "0.4", "--seed", "2").stdout == invoke(
        "nemesis", "generate", "random", "--size", "8", "--density", "0.4", "--seed", "2").stdout
    lab = EXAMPLES / "labyrinth" / "small.lp"
    plan = tmp_path / "plan.lp"
    plan.write_text(invoke("labyrinth", "solve", lab).stdout)
    assert invoke("labyrinth", "render", lab, "--plan", plan).exit_code == 0
    nem = EXAMPLES / "nemesis" / "small.lp"
    strat = tmp_path / "s.json"
    strat.write_text(invoke("nemesis", "solve", nem, "-f", "json").stdout)
    assert invoke("nemesis", "render", nem, "--strategy", strat, "-o", tmp_path / "n.svg").exit_code == 0
    roma = EXAMPLES / "roma" / "example-6x6.txt"
    assert invoke("roma", "render", roma, "--solution").exit_code == 0
    assert invoke("roma", "check", roma, "--solution", ">vv>>v/^O<>v</^<^v<^/vv^<>^/>>>v^v/^<^>^<").exit_code == 0


def test_labyrinth_unknown_is_written_the_one_way(tmp_path, monkeypatch):
    """stdout ``unknown ...``, stderr the note, exit 3 (core/cli_support.report_unknown)."""
    from escapology.core.results import Status
    from escapology.labyrinth import api as lapi  # what the command layer's solve calls
    from escapology.labyrinth.result import SolveResult

    def limit(inst, **kwargs):
        return SolveResult(status=Status.UNKNOWN, plan=None, optimal=False, lower_bound=4, stats={})

    monkeypatch.setattr(lapi, "solve", limit)
    lab = EXAMPLES / "labyrinth" / "small.lp"
    r = invoke("labyrinth", "solve", lab)
    assert r.exit_code == 3 and r.stdout.startswith("unknown") and "at least 4 pushes" in r.stdout
    assert "note: the time limit was reached" in r.stderr
    j = invoke("labyrinth", "solve", lab, "--format", "json")
    assert j.exit_code == 3 and json.loads(j.stdout)["status"] == "unknown"
