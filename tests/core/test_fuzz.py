"""Fuzzing every game's reader through the command line: ``escapology GAME solve FILE --timeout 2``
on random bytes and on mutations of the shipped examples (byte flips, truncation, duplicated
lines, huge numbers and ranges ``1..10^k`` spliced into numeric tokens).

Whatever the bytes, the answer is an exit code in {0, 2, 3} (answered, bad input, limit), never a
traceback, and every run ends within a few seconds. ``@pytest.mark.slow`` runs more examples.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from escapology.cli import app
from escapology.core import limits

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
GAMES = {
    "labyrinth": ["labyrinth/small.lp"],
    "amazeing": ["amazeing/published.json"],
    "forest": ["forest/glade.lp"],
    "nemesis": ["nemesis/small.lp", "nemesis/multi.lp", "nemesis/escape.graphml"],
    "chess": ["chess/teleport.txt", "chess/alice.txt"],
    "roma": ["roma/example-6x6.txt", "roma/example-6x6.lp", "roma/example-6x6.pzprv3", "roma/urls.txt"],
}
SEEDS = {game: [(EXAMPLES / f).read_bytes() for f in files] for game, files in GAMES.items()}
SUFFIX = {game: [Path(f).suffix for f in files] for game, files in GAMES.items()}
#: A hang detector, not a speed test: one run may use this much CPU time (2 s of search plus reading;
#: CPU time, not wall time, so that other work on the machine does not make it fail).
RUN_CPU_SECONDS = 8.0
_NUMBER = re.compile(rb"\d+")

runner = CliRunner()


@pytest.fixture(scope="module", autouse=True)
def one_command_tree():
    """The click command of ``app`` built once for the module's thousand runs: typer's CliRunner
    builds it again at every invoke, the game's sub-command tree too (most of a run's time on a
    small input). A click command is made to be run again and again (click's own CliRunner takes
    one); each run still has its own context, arguments and streams."""
    import typer.main
    import typer.testing

    built = typer.main.get_command(app)
    original = typer.testing._get_command
    typer.testing._get_command = lambda a: built if a is app else original(a)
    try:
        yield
    finally:
        typer.testing._get_command = original


@st.composite
def mutated(draw: st.DrawFn, game: str) -> tuple[bytes, str]:
    """An example of ``game`` after a few mutations, with the suffix of its file."""
    i = draw(st.integers(0, len(SEEDS[game]) - 1))
    data = bytearray(SEEDS[game][i])
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["flip", "truncate", "duplicate", "huge", "range", "insert"]))
        if not data:
            break
        if kind == "flip":
            k = draw(st.integers(0, len(data) - 1))
            data[k] = draw(st.integers(0, 255))
        elif kind == "truncate":
            del data[draw(st.integers(0, len(data) - 1)):]
        elif kind == "duplicate":
            lines = bytes(data).split(b"\n")
            k = draw(st.integers(0, len(lines) - 1))
            lines[k:k + 1] = [lines[k]] * draw(st.integers(2, 50))
            data = bytearray(b"\n".join(lines))
        elif kind == "insert":
            k = draw(st.integers(0, len(data)))
            data[k:k] = draw(st.binary(min_size=1, max_size=8))
        else:
            numbers = list(_NUMBER.finditer(bytes(data)))
            if not numbers:
                continue
            m = numbers[draw(st.integers(0, len(numbers) - 1))]
            k = draw(st.integers(1, 40))
            big = str(10**k).encode()
            if draw(st.booleans()):
                big = b"-" + big
            new = big if kind == "huge" else b"1.." + str(10**draw(st.integers(1, 12))).encode()
            data[m.start():m.end()] = new
    return bytes(data), SUFFIX[game][i]


def run_solve(game: str, data: bytes, suffix: str, tmp: Path, *, via: str = "game") -> None:
    path = tmp / f"fuzz{suffix}"
    path.write_bytes(data)
    args = ([game, "solve"] if via == "game" else ["solve"]) + [str(path), "--timeout", "2"]
    limits.start_clock()  # the command's clock starts now (as a fresh process's would)
    start = time.process_time()
    result = runner.invoke(app, args)
    took = time.process_time() - start
    shown = f"{args} on {data[:300]!r}: exit {result.exit_code}, {result.exception!r}\n{result.output[-2000:]}"
    assert result.exception is None or isinstance(result.exception, SystemExit), shown
    assert result.exit_code in (0, 2, 3), shown
    assert "Traceback" not in result.output, shown
    assert took < RUN_CPU_SECONDS, f"{took:.1f} s of CPU: {shown}"


FAST = settings(max_examples=8, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
MORE = settings(max_examples=200, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@pytest.mark.parametrize("game", list(GAMES))
@FAST
@given(data=st.data())
def test_mutated_examples(game, data, tmp_path):
    content, suffix = data.draw(mutated(game))
    run_solve(game, content, suffix, tmp_path)


@pytest.mark.parametrize("game", list(GAMES))
@settings(max_examples=3, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(content=st.binary(max_size=600))
def test_random_bytes(game, content, tmp_path):
    run_solve(game, content, SUFFIX[game][0], tmp_path)


@FAST
@given(data=st.data())
def test_recognising_solve(data, tmp_path):
    """``escapology solve FILE`` (the game recognised from the content) on mutations of any game."""
    game = data.draw(st.sampled_from(list(GAMES)))
    content, suffix = data.draw(mutated(game))
    run_solve(game, content, suffix, tmp_path, via="solve")


@pytest.mark.slow
@pytest.mark.parametrize("game", list(GAMES))
@MORE
@given(data=st.data())
def test_mutated_examples_long(game, data, tmp_path):
    content, suffix = data.draw(mutated(game))
    run_solve(game, content, suffix, tmp_path)


def test_coverage_guided_fuzzing_of_every_reader(tmp_path):
    """A short run of ``tests/fuzz/atheris_readers.py`` (libFuzzer guided by coverage, seeded with
    the examples): no reader raises anything but ``InputError`` or ``LimitReached``. Run the
    script alone for longer campaigns (docs/development.md)."""
    import subprocess
    import sys

    import importlib.util

    if importlib.util.find_spec("atheris") is None:  # not imported here: it rewrites bytecode
        pytest.skip("atheris is not installed")
    script = Path(__file__).resolve().parents[1] / "fuzz" / "atheris_readers.py"
    done = subprocess.run([sys.executable, str(script), "-runs=4000", "-rss_limit_mb=4096", "-timeout=20",
                           "-seed=7", f"-artifact_prefix={tmp_path}/"],
                          capture_output=True, text=True, timeout=600, cwd=tmp_path)
    crashes = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(("crash-", "timeout-", "oom-")))
    assert done.returncode == 0 and not crashes, f"{crashes}\n{done.stderr[-4000:]}"
    assert "Done 4000 runs" in done.stderr
