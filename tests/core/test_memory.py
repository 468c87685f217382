"""``--memory`` holds on the process (issue 32): a command run with ``--memory M`` stays under M MiB
of peak resident memory -- measured here from the child's own peak (``os.wait4``), not taken from
the program -- and ends with the answer "unknown" and the note that the memory limit was reached
(exit 3) when it gets there, whichever engine was allocating: Python, numpy, C++ (clingo, python-sat)
or Rust (the native extension). Every run is a real ``escapology`` process: the limit is set only
there, never in the process that runs the tests."""

from __future__ import annotations

import json
import resource
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import pytest
from typer.testing import CliRunner

from escapology.cli import app
from escapology.core import limits, memory

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
NOTE = "note: the memory limit was reached"


class Run(NamedTuple):
    code: int
    out: str
    err: str
    peak_mib: float  # the child's peak resident memory


#: Runs the command given and writes its peak resident memory (KiB, the kernel's ``ru_maxrss`` of
#: the children waited for) to the file ``argv[1]``. The command is started from this small process,
#: not from the test's: a process's peak counts the memory of the process it was forked from up to
#: its ``exec`` (the kernel keeps the larger), and the test's process holds numpy and its boards.
MEASURE = """
import resource, subprocess, sys
code = subprocess.run(sys.argv[2:]).returncode
with open(sys.argv[1], "w") as fh:
    fh.write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
sys.exit(code)
"""


def escapology(tmp_path: Path, *args: str, timeout: float = 180) -> Run:
    """Run ``escapology ARGS`` in a process of its own; its exit code, output and peak RSS."""
    out, err, peak = tmp_path / "stdout", tmp_path / "stderr", tmp_path / "peak"
    with open(out, "wb") as o, open(err, "wb") as e:
        proc = subprocess.run([sys.executable, "-c", MEASURE, str(peak), sys.executable, "-m", "escapology", *args],
                              stdout=o, stderr=e, cwd=ROOT, timeout=timeout)
    return Run(proc.returncode, out.read_text(), err.read_text(), int(peak.read_text()) / 1024)


def roma_grid(path: Path, n: int) -> Path:
    """An ``n x n`` Roma grid of 2x2 boxes and one Roma cell: its SAT encoding takes some
    hundreds of MiB (400 x 400: 1.1 GiB)."""
    rows = ["".join("AB"[(r // 2 + c // 2) % 2] for c in range(n)) for r in range(n)]
    rows[0] = "C" + rows[0][1:]
    arrows = ["O" + "." * (n - 1)] + ["." * n] * (n - 1)
    path.write_text("roma\n" + "\n".join(rows) + "\n\n" + "\n".join(arrows) + "\n")
    return path


def test_python_allocations_stop_at_the_limit_with_unknown(tmp_path: Path) -> None:
    # Roma's SAT encoding of a 300 x 300 grid: Python lists and python-sat's clauses
    puzzle = roma_grid(tmp_path / "roma300.txt", 300)
    run = escapology(tmp_path, "roma", "solve", str(puzzle), "--memory", "150")
    assert run.code == 3 and run.out == "unknown\n", run
    assert NOTE in run.err and "Traceback" not in run.err
    assert run.peak_mib < 150, run.peak_mib


def test_the_game_recognising_solve_holds_the_limit_too_and_answers_json(tmp_path: Path) -> None:
    puzzle = roma_grid(tmp_path / "roma300.txt", 300)
    run = escapology(tmp_path, "solve", str(puzzle), "--memory", "120", "-f", "json")
    assert run.code == 3 and json.loads(run.out) == {"status": "unknown"}, run
    assert NOTE in run.err and run.peak_mib < 120, run


def test_forest_simulation_on_a_large_board_stays_under_the_limit(tmp_path: Path) -> None:
    from escapology.forest.generator import random_board
    from escapology.forest.io import instance_to_facts

    board = tmp_path / "forest.lp"  # 100,000 fields: its board alone takes more than 100 MiB
    board.write_text(instance_to_facts(random_board(100_000, 150_000, die=6, rolls=20, seed=1), positions=False))
    run = escapology(tmp_path, "forest", "solve", str(board), "-e", "simulation", "--memory", "100", "-t", "60")
    assert run.code == 3 and run.out == "unknown\n" and NOTE in run.err, run
    assert run.peak_mib < 100, run.peak_mib


def test_forest_simulations_own_estimate_says_memory_not_time(tmp_path: Path) -> None:
    from escapology.forest.generator import random_board
    from escapology.forest.io import instance_to_facts

    board = tmp_path / "dense.lp"  # 60 fields of degree 8 and a 20-sided die: the walks explode
    board.write_text(instance_to_facts(random_board(60, 240, die=20, rolls=10, seed=3), positions=False))
    run = escapology(tmp_path, "forest", "solve", str(board), "-e", "simulation", "--memory", "150", "-t", "60")
    assert run.code == 3 and NOTE in run.err and "time limit" not in run.err, run
    assert run.peak_mib < 150, run.peak_mib


def generated(path: Path, *args: str) -> Path:
    """``escapology GAME generate ARGS -o PATH`` run in this process (the file is the input of the
    runs measured, which are processes of their own)."""
    result = CliRunner().invoke(app, [*args, "-o", str(path)])
    assert result.exit_code == 0, result.output
    return path


def labyrinth(tmp_path: Path, *args: str) -> Path:
    return generated(tmp_path / "board.lp", "labyrinth", "generate", *args)


def test_labyrinth_exhaustive_memory_stop_says_memory(tmp_path: Path) -> None:
    board = labyrinth(tmp_path, "--size", "6", "--seed", "1", "--min-pushes", "4")  # solved in 65 MiB unlimited
    run = escapology(tmp_path, "labyrinth", "solve", str(board), "-e", "exhaustive", "--memory", "55", "-t", "60")
    assert run.code == 3 and run.out.startswith("unknown"), run
    assert NOTE in run.err and "time limit" not in run.err, run
    assert run.peak_mib < 55, run.peak_mib


def test_a_native_allocation_past_the_limit_is_unknown_not_an_abort(tmp_path: Path) -> None:
    # the Nemesis native search on the 11 x 11 grid takes 1.8 GiB; Rust aborts when an allocation
    # fails, so the extension's allocator, armed by the command, writes the answer itself
    grid = generated(tmp_path / "grid11.lp", "nemesis", "generate", "grid", "--size", "11")
    run = escapology(tmp_path, "nemesis", "solve", str(grid), "--memory", "60", "-f", "json", "-t", "120")
    assert run.code == 3 and json.loads(run.out) == {"status": "unknown"}, run
    assert run.err.strip() == NOTE and "memory allocation" not in run.err
    assert run.peak_mib < 60, run.peak_mib


def test_the_answer_file_gets_the_native_unknown(tmp_path: Path) -> None:
    grid = generated(tmp_path / "grid11.lp", "nemesis", "generate", "grid", "--size", "11")
    answer = tmp_path / "answer" / "nemesis.json"
    answer.parent.mkdir()
    run = escapology(tmp_path, "nemesis", "solve", str(grid), "--memory", "60", "-t", "120", "-o", str(answer))
    assert run.code == 3 and run.out == f"wrote {answer}\n" and NOTE in run.err, run
    assert answer.read_text() == "unknown\n" and [p.name for p in answer.parent.iterdir()] == ["nemesis.json"]


@pytest.mark.parametrize("mib", [50, 60])
def test_clingo_out_of_memory_is_unknown(tmp_path: Path, mib: int) -> None:
    # 50 MiB: clingo's grounding fails (std::bad_alloc, a MemoryError); 60 MiB: the grounding fits
    # and the thread clingo solves in cannot get its stack (RuntimeError: Resource temporarily unavailable)
    board = labyrinth(tmp_path, "--size", "100", "--seed", "2")
    run = escapology(tmp_path, "labyrinth", "solve", str(board), "-e", "clingo", "--memory", str(mib), "-t", "60")
    assert run.code == 3 and NOTE in run.err and "Traceback" not in run.err, run
    assert run.peak_mib < mib, run.peak_mib


def test_an_estimate_counts_what_the_process_may_still_add(tmp_path: Path) -> None:
    board = labyrinth(tmp_path, "--size", "40", "--seed", "2")  # the native engine: 108 MiB with two workers
    run = escapology(tmp_path, "labyrinth", "solve", str(board), "--workers", "2", "--memory", "100")
    assert run.code == 2 and run.err.count("\n") == 1, run
    assert "needs 108" in run.err and "what the process may still add under --memory" in run.err


def test_a_limit_below_what_the_program_takes_is_refused(tmp_path: Path) -> None:
    run = escapology(tmp_path, "chess", "solve", "examples/chess/teleport.txt", "--memory", "10")
    assert run.code == 2 and run.out == "" and run.err.count("\n") == 1, run
    assert run.err.startswith("error: --memory 10 MiB is less than this command needs") and "give at least" in run.err


@pytest.mark.parametrize("args", [
    ["chess", "solve", "examples/chess/teleport.txt"],
    ["chess", "check", "examples/chess/teleport.txt", "CERTIFICATE"],
    ["labyrinth", "generate", "--size", "4", "--seed", "1"],
    ["forest", "render", "examples/forest/glade.lp"],
])
def test_every_verb_takes_memory_and_answers_within_it(tmp_path: Path, args: list[str]) -> None:
    certificate = tmp_path / "answer.json"
    if "CERTIFICATE" in args:
        assert escapology(tmp_path, "chess", "solve", args[2], "-f", "json", "-o", str(certificate)).code == 0
    args = [str(certificate) if a == "CERTIFICATE" else a for a in args]
    run = escapology(tmp_path, *args, "--memory", "150")
    assert run.code in (0, 1) and "Traceback" not in run.err, run
    assert run.peak_mib < 150


def test_in_process_commands_leave_the_process_unlimited() -> None:
    before = resource.getrlimit(resource.RLIMIT_DATA)
    limits.start_clock()
    result = CliRunner().invoke(app, ["chess", "solve", str(EXAMPLES / "chess/teleport.txt"), "--memory", "64"])
    assert result.exit_code == 0, result.output
    assert resource.getrlimit(resource.RLIMIT_DATA) == before


def test_the_batch_workers_hold_the_limit(tmp_path: Path) -> None:
    from escapology.batch.runner import run_batch
    from escapology.batch.store import Store

    inputs = tmp_path / "in"
    inputs.mkdir()
    roma_grid(inputs / "roma300.txt", 300)
    store = tmp_path / "r.db"
    summary = run_batch([inputs], store=store, jobs=1, timeout=120, memory=150)
    assert summary.counts == {"unknown": 1}
    with Store(store) as db:
        (row,) = db.rows()
    assert row["error"].startswith("memory limit"), row
    assert row["peak_memory"] < 150


def test_out_of_memory_recognises_the_libraries_ways_of_saying_it() -> None:
    assert memory.is_out_of_memory(MemoryError())
    assert memory.is_out_of_memory(RuntimeError("std::bad_alloc"))
    assert memory.is_out_of_memory(OSError(12, "Cannot allocate memory"))
    assert not memory.is_out_of_memory(RuntimeError("parse error"))
    assert not memory.is_out_of_memory(ValueError("bad_alloc"))
    # a thread that did not start is the limit only while one is set (here, none is)
    assert not memory.is_out_of_memory(RuntimeError("Resource temporarily unavailable"))
