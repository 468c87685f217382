"""Generators are reproducible (docs/cli.md, "Generated files remake themselves"): the command in a
generated file's header, run again in a fresh process, writes the same file byte for byte; the
same arguments and seed give the same file; without ``--seed`` the drawn seed is in the header."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from escapology.cli import app

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

#: (game, arguments of `generate`) - every generator kind, small sizes
CASES = [
    ("labyrinth", ["--size", "5"]),
    ("labyrinth", ["--size", "4", "--min-pushes", "2", "--density", "0.5"]),
    ("amazeing", ["--players", "2"]),
    ("amazeing", ["--size", "4x5"]),
    ("amazeing", ["--cnf", str(EXAMPLES / "amazeing" / "formula.cnf")]),
    ("forest", ["--size", "4", "--rolls", "3"]),
    ("forest", ["--kind", "random", "--fields", "12", "--edges", "20", "--die", "4"]),
    ("nemesis", ["random", "--size", "8"]),
    ("nemesis", ["tree", "--size", "9", "--n-exits", "3"]),
    ("nemesis", ["subcubic", "--size", "10"]),
    ("nemesis", ["grid", "--rows", "3", "--cols", "4"]),
    ("chess", ["--size", "6"]),
    ("chess", ["--size", "7", "--kind", "sidon"]),
    ("roma", ["--size", "5", "--number", "2"]),
    ("roma", ["--rows", "4", "--cols", "5", "--grade", "easy"]),
]
IDS = [f"{g}-{'-'.join(a)[:30]}" for g, a in CASES]


def header_command(game: str, text: str) -> str:
    """The command a generated file says made it."""
    if game == "amazeing":
        return json.loads(text)["command"]
    first = text.splitlines()[0]
    assert first[:2] in ("% ", "# "), first
    return first[2:]


def run_fresh(command: str, output: Path) -> bytes:
    """Run ``command`` (an ``escapology ...`` line) in a new process with another hash seed."""
    argv = shlex.split(command)
    assert argv[0] == "escapology"
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    done = subprocess.run([sys.executable, "-m", "escapology", *argv[1:], "-o", str(output)],
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return output.read_bytes()


@pytest.mark.parametrize(("game", "args"), CASES, ids=IDS)
def test_header_remakes_the_file(game, args, tmp_path):
    first = tmp_path / "first"
    done = CliRunner().invoke(app, [game, "generate", *args, "-o", str(first)])
    assert done.exit_code == 0, done.output
    text = first.read_text(encoding="utf-8")
    command = header_command(game, text)
    assert command.startswith(f"escapology {game} generate")
    assert "--seed" in command or (game, args[0]) in {("nemesis", "grid"), ("amazeing", "--cnf")}
    assert run_fresh(command, tmp_path / "again") == first.read_bytes()
    # the file is an instance the game reads and `escapology solve` recognises
    loaded = CliRunner().invoke(app, ["solve", str(first), "--timeout", "20", "-f", "json"])
    assert loaded.exit_code in (0, 1, 3), loaded.output
    assert "status" in json.loads(loaded.stdout.splitlines()[-1])


@pytest.mark.parametrize(("game", "args"), [CASES[0], CASES[3], CASES[5], CASES[7], CASES[11], CASES[13]],
                         ids=["labyrinth", "amazeing", "forest", "nemesis", "chess", "roma"])
def test_same_seed_same_file_and_json_names_the_command(game, args, tmp_path):
    runs = []
    for i in range(2):
        out = tmp_path / f"run{i}"
        done = CliRunner().invoke(app, [game, "generate", *args, "--seed", "31", "-o", str(out), "-f", "json"])
        assert done.exit_code == 0, done.output
        answer = json.loads(done.stdout)
        assert answer["command"] == header_command(game, out.read_text(encoding="utf-8"))
        assert "--seed 31" in answer["command"] and "--format" not in answer["command"]
        runs.append(out.read_bytes())
    assert runs[0] == runs[1]
