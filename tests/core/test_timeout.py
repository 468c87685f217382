"""``--timeout`` counts from the start of the process and covers reading the input; the answer is
then "unknown" (exit 3) whatever was being done (issue 14). Binary input names the file; ``--memory``
reaches the engines."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from escapology.cli import app

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
READING = "the time limit was reached while reading the input"


def big_nemesis(path: Path, n: int = 100_000, rounds: int = 4) -> Path:
    """A Nemesis graph of ``n`` vertices and about ``rounds * n`` edges, opening with a block
    comment so that the Python reader reads it (the native one reads only the plain form, in a
    fraction of a second): reading takes seconds (about 6 us a fact), writing a fraction of one."""
    chords = "".join(f"edge(v{i},v{(i * k + 3) % n}).\n" for k in (7919, 104729, 15485863)[:rounds - 1]
                     for i in range(n) if (i * k + 3) % n != i)
    path.write_text("%* read by the Python reader *%\n" + "".join(f"edge(v{i},v{i + 1}).\n" for i in range(n - 1))
                    + chords + "exit(v0).\nstart(v17).\n")
    return path


def invoke(*args: str) -> tuple[int, str, str, float]:
    start = time.monotonic()
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result.exit_code, result.stdout, result.stderr, time.monotonic() - start


@pytest.mark.parametrize("command", [["nemesis", "solve"], ["solve"]])
def test_reading_a_big_file_counts_against_the_timeout(tmp_path, command):
    f = big_nemesis(tmp_path / "big.lp")
    code, out, err, _ = invoke(*command, str(f), "--timeout", "0.5")
    assert code == 3, (out, err)
    assert out.split()[0] == "unknown"
    assert READING in err and "Traceback" not in out + err


def test_reading_timeout_in_json(tmp_path):
    f = big_nemesis(tmp_path / "big.lp")
    code, out, err, _ = invoke("nemesis", "solve", str(f), "--timeout", "0.3", "--format", "json")
    assert code == 3
    assert json.loads(out)["status"] == "unknown"
    assert READING in err


def test_forest_reading_counts_against_the_timeout(tmp_path):
    from escapology.forest.generator import random_board
    from escapology.forest.io import instance_to_facts

    f = tmp_path / "wide.lp"
    f.write_text(instance_to_facts(random_board(20000, 60000, rolls=5, seed=1), positions=False))
    code, out, err, _ = invoke("forest", "solve", str(f), "--timeout", "1e-9")  # 0 is a usage error
    assert code == 3 and out.split()[0] == "unknown" and READING in err


def test_each_in_process_invocation_counts_from_its_own_start():
    # the clock restarts for every command run through the app: the second run is not late
    for _ in range(2):
        code, out, err, _ = invoke("labyrinth", "solve", str(EXAMPLES / "labyrinth" / "small.lp"), "--timeout", "30")
        assert code == 0, (out, err)
        time.sleep(0.2)


def test_a_command_called_directly_counts_from_the_call():
    from escapology.core import limits
    from escapology.core.commands import solve_file  # what `escapology solve FILE` runs
    from escapology.nemesis.spec import SPEC

    limits.start_clock(time.monotonic() - 3600)  # a stale clock is not what a direct call counts from
    try:
        assert solve_file(SPEC, str(EXAMPLES / "nemesis" / "small.lp"), "text", 30) == 0
    finally:
        limits.start_clock()


def run(*args: str, code: str | None = None) -> subprocess.CompletedProcess[str]:
    argv = [sys.executable, "-m", "escapology"] if code is None else [sys.executable, "-c", code]
    return subprocess.run([*argv, *args], capture_output=True, text=True, timeout=60)


def test_timeout_zero_answers_unknown_in_a_process():
    # Nemesis' reader looks at the deadline before its first fact: the limit is reached reading
    # (a zero timeout is a usage error, issue 36: the smallest positive one has passed already)
    assert run("nemesis", "solve", str(EXAMPLES / "nemesis" / "small.lp"), "--timeout", "0").returncode == 2
    r = run("nemesis", "solve", str(EXAMPLES / "nemesis" / "small.lp"), "--timeout", "0.000001")
    assert r.returncode == 3, r.stderr
    assert r.stdout.split()[0] == "unknown"
    assert READING in r.stderr and "Traceback" not in r.stderr


def test_timeout_counts_from_the_start_of_the_process():
    # the process sleeps 1 s before the command starts: a 0.8 s limit has passed already
    late = "import time; time.sleep(1.0); from escapology.cli import main; main()"
    small = str(EXAMPLES / "nemesis" / "small.lp")
    r = run("nemesis", "solve", small, "--timeout", "0.8", code=late)
    assert r.returncode == 3, r.stdout + r.stderr
    assert r.stdout.split()[0] == "unknown" and READING in r.stderr
    ok = run("nemesis", "solve", small, "--timeout", "30", code=late)
    assert ok.returncode == 0, ok.stderr


@pytest.mark.parametrize("game", ["labyrinth", "forest", "nemesis", "chess", "roma", "amazeing"])
def test_binary_file_is_named(tmp_path, game):
    f = tmp_path / "bin.lp"
    f.write_bytes(b"\x00\xff\xfe binary\n")
    code, _, err, _ = invoke(game, "solve", str(f), "--timeout", "5")
    assert code == 2
    assert str(f) in err and "not UTF-8" in err and "Traceback" not in err


def test_binary_stdin_is_named():
    result = runner.invoke(app, ["nemesis", "solve", "-"], input=b"edge(a,b).\n\xff\xfe\n")
    assert result.exit_code == 2
    assert "<stdin>:2: not UTF-8 text" in result.stderr


def test_memory_reaches_the_labyrinth_engines(tmp_path):
    from escapology.labyrinth.generator import generate_instance
    from escapology.labyrinth.io import format_instance

    f = tmp_path / "six.lp"
    f.write_text(format_instance(generate_instance(6, max_steps=30, seed=1)))
    code, out, _, _ = invoke("labyrinth", "solve", str(f), "--engine", "exhaustive", "--memory", "1", "-f", "json")
    assert code == 3
    answer = json.loads(out)
    assert answer["status"] == "unknown" and answer["stats"]["stopped"] == "memory limit"


def test_memory_reaches_the_forest_methods(tmp_path):
    from escapology.forest.generator import random_board
    from escapology.forest.io import instance_to_facts

    f = tmp_path / "f.lp"
    f.write_text(instance_to_facts(random_board(400, 1200, rolls=5, seed=1), positions=False))
    code, _, err, _ = invoke("forest", "solve", str(f), "--method", "matrix", "--memory", "1")
    assert code == 2 and "the memory limit is 1.0 MiB" in err


def test_labyrinth_generate_size_stops_at_the_readers_limit():
    code, _, err, _ = invoke("labyrinth", "generate", "--size", "129")
    assert code == 2 and "128" in err
