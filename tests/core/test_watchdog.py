"""``--timeout`` holds on the process (issue 32): a phase that cannot watch the clock is stopped
from outside (the watchdog, :mod:`escapology.core.watchdog`) with the answer "unknown", exit 3."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

STUCK = """
import time
from escapology.core import cli_support as cs
cs.start_command_clock(real_process=True)
cs._json_output = {json}
cs.command_deadline(0.2)
time.sleep(60)  # a phase that never looks at the deadline
print("finished")
"""


def _stuck(json_output: bool) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", STUCK.format(json=json_output)], capture_output=True, text=True,
                          timeout=50, cwd=ROOT)


def test_a_phase_that_ignores_the_deadline_is_stopped_with_unknown() -> None:
    t = time.monotonic()
    out = _stuck(False)
    assert time.monotonic() - t < 50  # not the 60 s of the sleep
    assert out.returncode == 3 and out.stdout == "unknown\n", (out.stdout, out.stderr)
    assert "the time limit was reached" in out.stderr and "finished" not in out.stdout


def test_the_watchdogs_answer_is_json_when_json_was_asked() -> None:
    out = _stuck(True)
    assert out.returncode == 3 and json.loads(out.stdout) == {"status": "unknown"}


def test_a_large_graph_answers_unknown_instead_of_overrunning(tmp_path: Path) -> None:
    n = 1_000_000  # reading and indexing a path this long takes seconds; the limit is 0.2 s
    path = tmp_path / "path.lp"
    with open(path, "w", encoding="ascii") as fh:
        fh.writelines(f"edge({i},{i + 1}).\n" for i in range(n))
        fh.write(f"exit({n}).\nstart(0).\n")
    for args in (["nemesis", "solve", str(path)], ["solve", str(path)]):
        out = subprocess.run([sys.executable, "-m", "escapology", *args, "-t", "0.2"], capture_output=True, text=True,
                             timeout=120, cwd=ROOT)
        assert out.returncode == 3 and out.stdout.startswith("unknown"), (args, out.stdout[:300], out.stderr)


def test_a_command_that_answers_in_time_is_left_alone() -> None:
    out = subprocess.run([sys.executable, "-m", "escapology", "chess", "solve", "examples/chess/teleport.txt", "-t", "30"],
                         capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert out.returncode == 0 and "unknown" not in out.stdout


STUCK_WRITING = """
import time
from pathlib import Path
from escapology.core import cli_support as cs
cs.start_command_clock(real_process=True)

@cs.answer_output
def command():
    cs.command_deadline(0.2)
    time.sleep(60)

command(output=Path({target!r}))
"""


def test_the_watchdogs_unknown_goes_to_the_answer_file(tmp_path: Path) -> None:
    target = tmp_path / "out" / "answer.txt"
    target.parent.mkdir()
    out = subprocess.run([sys.executable, "-c", STUCK_WRITING.format(target=str(target))], capture_output=True,
                         text=True, timeout=50, cwd=ROOT)
    assert out.returncode == 3 and out.stdout == f"wrote {target}\n", (out.stdout, out.stderr)
    assert target.read_text() == "unknown\n" and [p.name for p in target.parent.iterdir()] == ["answer.txt"]
