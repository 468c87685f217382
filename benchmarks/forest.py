"""Enchanted Forest benchmark: the fast frontier solver against the paper's matrix method.

Instances: grid forests (long paths; the target is not special; ``grid-noV'`` has no special
fields at all, so no double can jump and the frontier grows slowly over all k = 100 rolls) and random
connected graphs, m = 10^3 .. 10^5 edges, dice d = 6 and d = 10^9.

Columns: ``fast`` = :func:`escapology.forest.solver.solve` (answer + plan), ``all k`` = propagating
every roll without stopping at the target, ``matrix`` = :func:`escapology.forest.matrix.solve_matrix`
(the paper's method) where it finishes within its time limit, ``ratio`` = matrix / fast.

Usage: ``.venv/bin/python benchmarks/forest.py [--quick] [--matrix-limit SECONDS]``.
"""

from __future__ import annotations

import argparse
import time

from escapology.forest.checker import check_plan
from escapology.forest.generator import grid_forest, random_board
from escapology.forest.matrix import solve_matrix
from escapology.forest.solver import reachable_layers, solve
from escapology.forest.walks import WalkEngine


def grid_for_edges(m: int, die: int, seed: int, jumps: bool = True):
    # a grid forest with keep=0.35 has about 1.35 * rows * cols edges; 1 : 1.8 aspect
    cells = max(4, int(m / 1.35))
    rows = max(2, int((cells / 1.8) ** 0.5))
    cols = max(2, cells // rows)
    specials = max(1, rows * cols // 12) if jumps else 0
    return grid_forest(rows, cols, specials=specials, castle=False, die=die, rolls=100, seed=seed)


def timed(f, *args, **kw):
    t = time.perf_counter()
    out = f(*args, **kw)
    return out, time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="only m <= 10^4")
    ap.add_argument("--matrix-limit", type=float, default=30.0, help="time limit of the matrix method (s)")
    args = ap.parse_args()
    sizes = [300, 1_000, 10_000] if args.quick else [300, 1_000, 10_000, 100_000]
    print(f"{'board':10} {'m':>7} {'d':>10} {'k':>4} {'turns':>6} {'fast s':>8} {'all k s':>8} {'matrix s':>10} {'ratio':>8}")
    for kind in ("grid", "grid-noV'", "random"):
        for m in sizes:
            for die in (6, 10**9):
                if kind.startswith("grid"):
                    inst = grid_for_edges(m, die, seed=1, jumps=kind == "grid")
                else:
                    inst = random_board(int(m / 1.5), m, specials=max(1, m // 20), die=die, rolls=100, seed=1)
                sol, t_fast = timed(solve, inst)
                assert sol.status.value != "unknown"
                if sol.plan:
                    assert check_plan(inst, sol.plan) is None
                eng = WalkEngine(inst.board)
                _, t_all = timed(reachable_layers, inst, eng, stop_at_target=False)
                t_mat_txt, ratio = "-", "-"
                if inst.board.m <= 1_500:
                    mat, t_mat = timed(solve_matrix, inst, timeout=args.matrix_limit)
                    if mat.status.value == "unknown":
                        t_mat_txt = f">{args.matrix_limit:.0f}"
                        ratio = f">{args.matrix_limit / t_fast:.0f}x"
                    else:
                        assert mat.turns == sol.turns
                        t_mat_txt = f"{t_mat:.2f}"
                        ratio = f"{t_mat / t_fast:.0f}x"
                else:
                    t_mat_txt = "(memory)"
                turns = "-" if sol.turns is None else str(sol.turns)
                d_txt = "10^9" if die == 10**9 else str(die)
                print(
                    f"{kind:10} {inst.board.m:>7} {d_txt:>10} {len(inst.rolls):>4} {turns:>6} "
                    f"{t_fast:>8.3f} {t_all:>8.3f} {t_mat_txt:>10} {ratio:>8}",
                    flush=True,
                )


if __name__ == "__main__":
    main()
