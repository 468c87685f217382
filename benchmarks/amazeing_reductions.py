"""The FUN 2018 reductions checked and timed.

Theorem 3: for random 3SAT formulas over 1-5 variables (both satisfiable and unsatisfiable) the
exact solver's fewest turns on the board (`escapology reduce amazeing-3sat`) against python-sat,
and the size formula against the board. Theorem 4: for random QBFs ∃x1 ∀x2 ∃x3 … over n = 1, 3,
5, … variables the exact race search (`forced_win`, Lara's (n+1)/2 own turns) on the board
(`escapology reduce amazeing-qsat`) against a plain recursive QBF evaluator, each search with a
time limit; the table says how many finished.

Usage: .venv/bin/python benchmarks/amazeing_reductions.py [--per-n 10] [--max-n 5] [--seed 18]
           [--qbf-per-n 20] [--qbf-max-n 5] [--qbf-limit 60]
Prints one row per n: formulas, true/satisfiable, agreeing, board size range, time (median, max).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from pysat.solvers import Minisat22

from escapology.amazeing.reductions import qsat_to_versus, sat_to_labyrinth
from escapology.amazeing.reductions import theorem4
from escapology.amazeing.reductions.theorem3 import board_size
from escapology.amazeing.solver import fewest_turns
from escapology.amazeing.versus import forced_win
from escapology.core.limits import Deadline
from escapology.core.results import Status


def qbf_true(n: int, clauses: list[list[int]], values: tuple[bool, ...] = ()) -> bool:
    """∃x1 ∀x2 ∃x3 … φ by plain recursion over the prefix."""
    i = len(values) + 1
    if i > n:
        return all(any(values[abs(lit) - 1] == (lit > 0) for lit in c) for c in clauses)
    branches = (qbf_true(n, clauses, values + (b,)) for b in (False, True))
    return any(branches) if i % 2 else all(branches)


def theorem4_table(args: argparse.Namespace, rng: random.Random) -> None:
    print()
    print(f"Theorem 4 (QSAT -> SP-Versus-Labyrinth), exact race search limited to {args.qbf_limit:g} s each")
    print()
    print("| n | formulas | finished | true | race = QBF | size formula holds | cells | race median | race max |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for n in range(1, args.qbf_max_n + 1, 2):
        times, cells, agree, true_count, finished, sizes_ok = [], [], 0, 0, 0, 0
        for _ in range(args.qbf_per_n):
            m = rng.randint(1, 2 * n + 2)
            clauses = [[rng.choice((-1, 1)) * v for v in rng.sample(range(1, n + 1), rng.randint(1, min(3, n)))]
                       for _ in range(m)]
            red = qsat_to_versus(n, clauses)
            pos = red.position
            sizes_ok += (pos.rows, pos.cols) == theorem4.board_size(n, m)
            cells.append(pos.rows * pos.cols)
            t = time.perf_counter()
            res = forced_win(pos, red.turns, deadline=Deadline(args.qbf_limit))
            times.append(time.perf_counter() - t)
            if res.status is Status.UNKNOWN:
                continue
            finished += 1
            truth = qbf_true(n, clauses)
            true_count += truth
            agree += (res.status is Status.SOLVED) == truth
        print(f"| {n} | {args.qbf_per_n} | {finished} | {true_count} | {agree} | {sizes_ok} | "
              f"{min(cells)}-{max(cells)} | {statistics.median(times) * 1000:.1f} ms | {max(times) * 1000:.1f} ms |",
              flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-n", type=int, default=10)
    ap.add_argument("--max-n", type=int, default=5)
    ap.add_argument("--seed", type=int, default=18)
    ap.add_argument("--qbf-per-n", type=int, default=20)
    ap.add_argument("--qbf-max-n", type=int, default=5)
    ap.add_argument("--qbf-limit", type=float, default=60.0)
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
    theorem4_table(args, rng)


if __name__ == "__main__":
    main()
