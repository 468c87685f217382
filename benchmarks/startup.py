"""Start-up of the command line: how long a small command takes, and which imports it pays for.

    .venv/bin/python benchmarks/startup.py             # 5 runs of every command
    .venv/bin/python benchmarks/startup.py --quick     # 3 runs
    .venv/bin/python benchmarks/startup.py --command ".venv/bin/python -m escapology"

Runs from the project root, each command as its own process (``.venv/bin/escapology`` unless
``--command`` says otherwise): ``escapology --help``, ``escapology GAME --help`` and ``escapology GAME
solve EXAMPLE`` for every game (EXAMPLE a shipped instance of ``examples/GAME/``), and prints the
minimum and the median wall time (the machine is shared: the minimum is the figure to compare).
Then the 10 largest cumulative imports (``python -X importtime``) of ``import escapology.cli`` and
of the chess solve.
"""

from __future__ import annotations

import argparse
import os
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON = ROOT / ".venv" / "bin" / "python"

#: one shipped instance per game (small: the solve itself takes milliseconds)
EXAMPLES = {
    "labyrinth": "examples/labyrinth/small.lp",
    "amazeing": "examples/amazeing/published.json",
    "forest": "examples/forest/glade.lp",
    "nemesis": "examples/nemesis/small.lp",
    "chess": "examples/chess/teleport.txt",
    "roma": "examples/roma/example-6x6.txt",
}


def cached_bytecode_env() -> dict[str, str]:
    """The environment of a user's run: Python's bytecode cache on. (This workplace's shells set
    ``PYTHONDONTWRITEBYTECODE=1``, under which every run compiles the package's modules again,
    which no installed copy does after its first run.)"""
    return {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def wall(argv: list[str], runs: int) -> tuple[float, float, int]:
    """Minimum and median wall time of ``runs`` runs, and the last exit code, after one untimed run
    that fills the bytecode cache (:func:`cached_bytecode_env`)."""
    times, code = [], 0
    env = cached_bytecode_env()
    subprocess.run(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    for _ in range(runs):
        t = time.perf_counter()
        code = subprocess.run(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              env=env).returncode
        times.append(time.perf_counter() - t)
    return min(times), statistics.median(times), code


def importtime(python: str, code: str, top: int = 10) -> list[tuple[int, int, str]]:
    """The ``top`` largest cumulative imports (microseconds self, cumulative, module) of ``code``."""
    out = subprocess.run([python, "-X", "importtime", "-c", code], cwd=ROOT, capture_output=True, text=True,
                         env={**os.environ, "PYTHONWARNINGS": "ignore"})
    rows = []
    for line in out.stderr.splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        parts = line[len("import time:"):].split("|")
        try:
            rows.append((int(parts[0]), int(parts[1]), parts[2].rstrip()))
        except ValueError:  # the header line
            continue
    return sorted(rows, key=lambda r: -r[1])[:top]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5, help="Runs of each command (default 5).")
    ap.add_argument("--quick", action="store_true", help="3 runs of each command.")
    ap.add_argument("--command", default=str(ROOT / ".venv" / "bin" / "escapology"),
                    help="How to run escapology (default .venv/bin/escapology).")
    ap.add_argument("--python", default=str(PYTHON), help="The Python for -X importtime (default .venv/bin/python).")
    args = ap.parse_args()
    runs = 3 if args.quick else args.runs
    base = shlex.split(args.command)

    commands = [["--help"]]
    commands += [[game, "--help"] for game in EXAMPLES]
    commands += [[game, "solve", example] for game, example in EXAMPLES.items()]
    print(f"{'command':<58} {'min s':>7} {'median s':>9} {'exit':>5}   ({runs} runs)")
    for words in commands:
        best, median, code = wall(base + words, runs)
        print(f"{'escapology ' + ' '.join(words):<58} {best:7.3f} {median:9.3f} {code:5d}")
        sys.stdout.flush()

    chess = ["chess", "solve", EXAMPLES["chess"]]
    for title, code in [
        ("import escapology.cli", "import escapology.cli"),
        ("escapology " + " ".join(chess),
         f"import sys; sys.argv = ['escapology', *{chess!r}]\nfrom escapology.cli import main\n"
         "try:\n    main()\nexcept SystemExit:\n    pass"),
    ]:
        print(f"\nthe 10 largest cumulative imports of `{title}` (python -X importtime, ms)")
        print(f"{'module':<50} {'self':>8} {'cumulative':>11}")
        for own, cumulative, module in importtime(args.python, code):
            print(f"{module.strip():<50} {own / 1000:8.1f} {cumulative / 1000:11.1f}")


if __name__ == "__main__":
    main()
