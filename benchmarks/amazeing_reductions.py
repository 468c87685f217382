"""The FUN 2018 reductions checked and timed: for random 3SAT formulas over 1-5 variables (both
satisfiable and unsatisfiable) the exact solver's fewest turns on the Theorem 3 board
(`escapology reduce amazeing-3sat`) against python-sat, and the size formula against the board.

Usage: .venv/bin/python benchmarks/amazeing_reductions.py [--per-n 10] [--max-n 5] [--seed 18]
Prints one row per n: formulas, satisfiable, agreeing, board size range, solver time (median, max).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from pysat.solvers import Minisat22

from escapology.amazeing.reductions import sat_to_labyrinth
from escapology.amazeing.reductions.theorem3 import board_size
from escapology.amazeing.solver import fewest_turns
from escapology.core.results import Status


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-n", type=int, default=10)
    ap.add_argument("--max-n", type=int, default=5)
    ap.add_argument("--seed", type=int, default=18)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    print("| n | formulas | satisfiable | solver = python-sat | size formula holds | cells | solve median | solve max |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for n in range(1, args.max_n + 1):
        times, cells, agree, sat_count, sizes_ok = [], [], 0, 0, 0
        for _ in range(args.per_n):
            m = rng.randint(1, 4 * n + 2)  # around and beyond the 3SAT threshold: both answers occur
            clauses = [[rng.choice((-1, 1)) * v for v in rng.sample(range(1, n + 1), min(3, n))] for _ in range(m)]
            with Minisat22(bootstrap_with=clauses) as s:
                sat = s.solve()
            red = sat_to_labyrinth(n, clauses)
            pos = red.position
            sizes_ok += (pos.rows, pos.cols) == board_size(n, m)
            cells.append(pos.rows * pos.cols)
            t = time.perf_counter()
            sol = fewest_turns(pos, max_turns=n)
            times.append(time.perf_counter() - t)
            sat_count += sat
            agree += (sol.status is Status.SOLVED and sol.turns == n) == sat
        print(f"| {n} | {args.per_n} | {sat_count} | {agree} | {sizes_ok} | {min(cells)}-{max(cells)} | "
              f"{statistics.median(times) * 1000:.1f} ms | {max(times) * 1000:.1f} ms |")


if __name__ == "__main__":
    main()
