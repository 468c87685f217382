"""Benchmark for teleport chess: the exact solver against the slides' brute force and Monte Carlo.

    .venv/bin/python benchmarks/chess.py            # n = 10^3 .. 10^5, brute force up to n = 3000
    .venv/bin/python benchmarks/chess.py --quick    # smaller

Columns: ``cli`` is the whole ``escapology chess solve FILE --format json`` process (start-up, parsing,
solving, printing), which imports every game's CLI; ``own`` the same through
``python -m escapology.chess`` (this game only), wall time and CPU time (user + system: the machine
is shared, so wall time is noisy); ``parse``, ``exact``, ``check`` are in-process; ``brute`` is the slides' O(n^2)
brute force (skipped above ``--brute-max``), ``ratio`` brute/exact; ``mc`` the slides' Monte Carlo
(50 samples). ``agree`` compares the outcomes with brute force (or with Monte Carlo where brute force
did not run). The last table counts how often the Monte-Carlo test errs on small adversarial boards.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from escapology.chess import (
    Instance,
    check,
    format_instance,
    generate,
    parse_instance,
    solve,
    solve_bruteforce,
    solve_montecarlo,
)
from escapology.chess.reach import reach_board

ROOT = Path(__file__).resolve().parents[1]
CLI = ROOT / ".venv" / "bin" / "escapology"


def timed(f, *args, **kw):
    t = time.perf_counter()
    out = f(*args, **kw)
    return out, time.perf_counter() - t


def cli_time(path: Path, own: bool = False) -> tuple[float, float, str]:
    """Wall time of one solve process: ``escapology chess solve`` (loads every game's CLI) or,
    with ``own``, ``python -m escapology.chess solve`` (only this game)."""
    if own:
        exe = [sys.executable, "-m", "escapology.chess"]
    else:
        exe = [str(CLI), "chess"] if CLI.exists() else [sys.executable, "-m", "escapology", "chess"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    r = subprocess.run([*exe, "solve", str(path), "--format", "json"], capture_output=True, text=True)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, r.stdout


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--brute-max", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    sizes = [1000, 3000, 10_000] if args.quick else [1000, 3000, 10_000, 30_000, 100_000]
    kinds = ["random", "capture", "cross", "sidon"]
    print(f"{'n':>7} {'kind':>8} {'outcome':>8} {'how':>9} {'cli s':>7} {'own s':>7} {'own cpu':>7} {'parse':>7} {'exact':>7} "
          f"{'check':>7} {'brute':>7} {'ratio':>7} {'mc':>7} {'agree':>6}")
    disagreements = 0
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            for kind in kinds:
                inst = generate(size=n, kind=kind, seed=args.seed)
                path = Path(tmp) / f"{kind}-{n}.txt"
                text = format_instance(inst)
                path.write_text(text)
                t_cli, _, _ = cli_time(path)
                t_own, c_own, out = cli_time(path, own=True)
                inst, t_parse = timed(parse_instance, text)
                sol, t_exact = timed(solve, inst)
                assert json.loads(out)["outcome"] == sol.outcome.value
                verdict, t_check = timed(check, inst, sol.to_json())
                assert verdict.ok, verdict.errors
                mc, t_mc = timed(solve_montecarlo, inst, seed=args.seed)
                if n <= args.brute_max:
                    bf, t_bf = timed(solve_bruteforce, inst)
                    agree = bf.outcome == sol.outcome
                    brute, ratio = f"{t_bf:7.3f}", f"{t_bf / t_exact:7.0f}"
                else:
                    agree = mc.outcome == sol.outcome
                    brute, ratio = f"{'-':>7}", f"{'-':>7}"
                disagreements += not agree
                print(f"{n:>7} {kind:>8} {sol.outcome.value:>8} {sol.witness.get('how', '-'):>9} "
                      f"{t_cli:7.3f} {t_own:7.3f} {c_own:7.3f} {t_parse:7.3f} {t_exact:7.3f} {t_check:7.3f} {brute} {ratio} "
                      f"{t_mc:7.3f} {'yes' if agree else 'NO':>6}")
    print(f"disagreements: {disagreements}")

    # How often the slides' Monte Carlo errs on small boards where Bob covers much.
    print()
    print(f"{'n':>3} {'boards':>7} {'draws':>6} {'mc wrong':>9} {'exact wrong':>12} {'max cover':>10}")
    rng = random.Random(args.seed)
    for n in (3, 4, 5):
        boards = draws = mc_wrong = exact_wrong = 0
        best = 0.0
        for _ in range(300 if args.quick else 1500):
            vectors = tuple((rng.randint(-(n - 1), n - 1), rng.randint(-(n - 1), n - 1)) for _ in range(n))
            bob = (rng.randint(1, n), rng.randint(1, n))
            alice = bob
            while alice == bob:
                alice = (rng.randint(1, n), rng.randint(1, n))
            inst = Instance(n, alice, bob, vectors)
            truth = solve_bruteforce(inst).outcome
            boards += 1
            if truth.value != "draw":
                continue
            draws += 1
            best = max(best, float(reach_board(inst, bob)[1:, 1:].mean()))
            mc_wrong += solve_montecarlo(inst, samples=5, seed=rng.randrange(2**30)).outcome != truth
            exact_wrong += solve(inst).outcome != truth
        print(f"{n:>3} {boards:>7} {draws:>6} {mc_wrong:>9} {exact_wrong:>12} {best:>10.2f}")
    print("(Monte Carlo with 5 samples here, to make its errors visible; with 50 they are rarer, "
          "never impossible)")


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
