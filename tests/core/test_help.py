"""``--help`` of every command reads as the command line is typed (``escapology.core.help``): the
usage line names arguments in capitals (``FILE``, ``[CERTIFICATE]``), no ``{FILE}``, ``<str>`` or
``<bool>`` anywhere, and the help paragraphs are whole sentences that the terminal wraps, not the
line breaks of the docstrings they came from."""

import re

import pytest
from typer.main import get_command
from typer.testing import CliRunner

from escapology.cli import app
from escapology.core.help import Command, prose
from escapology.games import available_games

runner = CliRunner()


def _commands():
    """(path, click command) of every command of the tree: the root's and every game's."""
    root = get_command(app)
    ctx = root.make_context("escapology", ["--help"], resilient_parsing=True)
    found = []
    for name in root.list_commands(ctx):
        cmd = root.get_command(ctx, name)
        subs = getattr(cmd, "commands", None)
        if subs:
            found += [((name, sub), c) for sub, c in subs.items()]
        else:
            found.append(((name,), cmd))
    return found


COMMANDS = _commands()


def test_every_game_and_every_verb_is_covered():
    paths = {p for p, _ in COMMANDS}
    for game in available_games():
        for verb in ("solve", "check", "generate", "render"):
            assert (game.name, verb) in paths
    assert ("solve",) in paths and ("batch",) in paths


@pytest.mark.parametrize("path,cmd", COMMANDS, ids=[" ".join(p) for p, _ in COMMANDS])
def test_help_reads_as_typed(path, cmd):
    assert isinstance(cmd, Command), f"{' '.join(path)} is not made by escapology.core.help.App"
    r = runner.invoke(app, [*path, "--help"], env={"COLUMNS": "100"})
    assert r.exit_code == 0, r.output
    text = re.sub(r"\x1b\[[0-9;]*m", "", r.stdout)
    usage = next(line for line in text.splitlines() if "Usage:" in line)
    assert "{" not in usage and "<" not in usage, usage
    for piece in usage.split("[OPTIONS]", 1)[-1].split():
        assert piece.strip("[].") == piece.strip("[].").upper(), f"lower-case argument in {usage!r}"
    for word in ("<str>", "<bool>", "<text>"):
        assert word not in text, f"{' '.join(path)}: {word} shown"
    # every paragraph of the help is one line of prose unless it is a list or a kept block
    for para in (cmd.help or "").partition("\f")[0].split("\n\n"):
        lines = para.split("\n")
        assert len(lines) == 1 or para.startswith("\b") or any(
            line.startswith(" ") or line.lstrip()[:2] in ("- ", "* ", "| ", "$ ", "> ") for line in lines[1:]
        ), f"{' '.join(path)}: a paragraph keeps the docstring's line breaks: {para!r}"


def test_prose_joins_paragraph_lines_and_keeps_lists_and_blocks():
    assert prose("one\ntwo\n\nthree") == "one two\n\nthree"
    assert prose("items:\n- a\n- b") == "items:\n- a\n- b"
    assert prose("\bkept\nlines") == "\bkept\nlines"
    assert prose("shown\nhere\f\nnot\nshown") == "shown here\f\nnot\nshown"
    assert prose(None) is None


def test_usage_of_check_names_both_arguments():
    r = runner.invoke(app, ["labyrinth", "check", "--help"], env={"COLUMNS": "100"})
    assert "labyrinth check [OPTIONS] FILE [CERTIFICATE]" in r.stdout
