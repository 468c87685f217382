"""How many CPU-hours the unproven rows of the bounds table need: measured small depths, scaled.

Usage (from the project root, after `make test` or `make demo` made .venv):

    .venv/bin/python benchmarks/labyrinth_estimate.py benchmarks/results/labyrinth_bounds.csv

Reads the table of ``benchmarks/labyrinth.py --table``. Every unproven row there has a proven lower
bound ``L`` (7 on the shared instances): proving it needs the complete search of depth ``L`` (a plan
of ``L + 1`` pushes is then proven), and, when the best plan has more pushes, of depth ``L + 1`` too
unless a plan of ``L + 1`` turns up (and so on up to the plan's length minus one).

The arithmetic, each step measured:

1. for every unproven row, the complete searches of depths 4 and 5 (one thread, the engine's
   2^20-entry table, as ``benchmarks/labyrinth_kernel.py``): ``n4``, ``n5``;
2. the *calibration*: the rows proven with a minimum of ``L + 1`` (their proof is the complete search
   of depth ``L`` plus finding the plan) give ``c = nodes of the row / (n5 * N^2)``: the nodes of the
   proof per node of depth 5, over the board's N^2 (each depth multiplies the nodes by a factor
   that grows with the board's 4N pushes, so the two depths after 5 by about N^2 times a constant);
   and, with their complete depth 6 measured as well, the growth of the last depth
   ``g = (nodes of the row - n<=6) / n6``;
3. the depth ``L`` of an unproven row: ``c * N^2 * n5`` nodes (the median ``c``; the smallest and
   largest give the range; a row whose bound is still below ``L`` adds its depth ``L - 1``, ``1 / g``
   of that), at the nodes per second of its own row (the same machine, one thread);
4. the depth ``L + 1`` (the rows whose plan is longer than ``L + 1``): ``g`` times its depth ``L``.

An estimate: the growth from one depth to the next varies by instance (about 45 to 80 on these
boards) and the rate by load; the output says which rows went into each figure.
"""

from __future__ import annotations

import argparse
import csv
import statistics
import time
from pathlib import Path

from escapology import _native
from escapology.labyrinth import load

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "instances" / "labyrinth"


def complete(inst, depth: int, bits: int = 20) -> tuple[str, int, float]:
    """The complete search of ``depth`` (one thread): status, nodes, seconds."""
    t0 = time.perf_counter()
    status, nodes, _ = _native.labyrinth_search(inst.n, bytes(inst.connections), inst.init_position,
                                                inst.goal_position, depth, False, 2, bits, None)
    return status, nodes, time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("table", type=Path, help="the CSV of benchmarks/labyrinth.py --table")
    ap.add_argument("--dir", type=Path, default=SHARED, help="folder of instance files")
    ap.add_argument("--bound", type=int, default=7, help="the lower bound L of the rows estimated (default 7)")
    args = ap.parse_args()
    with args.table.open(newline="") as f:
        rows = list(csv.DictReader(f))
    L = args.bound
    calib = [r for r in rows if r["proven"] == "yes" and r["best_pushes"] == str(L + 1)]
    open_ = [r for r in rows if r["proven"] == "no" and int(r["lower_bound"]) <= L]
    if not calib:
        raise SystemExit(f"no row proven with minimum {L + 1}: nothing to calibrate with")
    print(f"# {time.strftime('%Y-%m-%d')}: {len(open_)} unproven rows with lower bound {L} or less; "
          f"calibration on the {len(calib)} rows proven with minimum {L + 1}")
    print(f"{'calibration':<12} {'N':>3} {'n5':>12} {'n6':>14} {'row nodes':>16} {'row/n5':>7} "
          f"{'c = row/(n5 N^2)':>16} {'g = last/n6':>12}")
    ratios, growth = [], []
    for r in calib:
        inst = load(args.dir / r["instance"])
        upto = [complete(inst, d)[1] for d in range(1, L)]
        n5, n6 = upto[4], upto[5]
        total = int(r["nodes"])
        ratios.append(total / n5 / inst.n ** 2)
        growth.append((total - sum(upto)) / n6)
        print(f"{r['instance'][-8:-4]:<12} {r['N']:>3} {n5:>12,} {n6:>14,} {total:>16,} {total / n5:>7.0f} "
              f"{ratios[-1]:>16.2f} {growth[-1]:>12.1f}", flush=True)
    c, g = statistics.median(ratios), statistics.median(growth)
    print(f"c: median {c:.2f} (min {min(ratios):.2f}, max {max(ratios):.2f}); g: median {g:.1f} "
          f"(min {min(growth):.1f}, max {max(growth):.1f})\n")
    print(f"{'instance':<9} {'N':>3} {'best':>4} {'n4':>10} {'n5':>12} {'n5/n4':>6} {'Mnodes/s':>8} "
          f"{'depth-L est':>12} {'h':>6} {'depth-L+1 h':>11}")
    hours_l = hours_l1 = lo = hi = nodes_l = nodes_l1 = 0.0
    for r in open_:
        inst = load(args.dir / r["instance"])
        _, n4, _ = complete(inst, 4)
        _, n5, _ = complete(inst, 5)
        rate = int(r["nodes"]) / max(float(r["seconds"]), 1e-9)
        extra = 1 + 1 / g if int(r["lower_bound"]) < L else 1  # (and depth L - 1 when not yet refuted)
        est = c * inst.n ** 2 * n5 * extra
        h = est / rate / 3600
        hours_l += h
        lo += min(ratios) * inst.n ** 2 * n5 * extra / rate / 3600
        hi += max(ratios) * inst.n ** 2 * n5 * extra / rate / 3600
        longer = r["best_pushes"] and int(r["best_pushes"]) > L + 1
        h1 = g * h if longer else 0.0
        hours_l1 += h1
        nodes_l += est
        nodes_l1 += g * est if longer else 0.0
        print(f"{r['instance'][-8:-4]:<9} {r['N']:>3} {r['best_pushes'] or '-':>4} {n4:>10,} {n5:>12,} "
              f"{n5 / n4:>6.1f} {rate / 1e6:>8.1f} {est:>12.3g} {h:>6.2f} {format(h1, '.2f') if longer else '-':>11}", flush=True)
    longer = sum(bool(r["best_pushes"]) and int(r["best_pushes"]) > L + 1 for r in open_)
    print(f"\ndepth {L} complete on all {len(open_)}: {nodes_l:.3g} nodes, {hours_l:.1f} CPU-hours at each row's "
          f"rate (with the smallest and largest c: {lo:.1f} to {hi:.1f})")
    print(f"depth {L + 1} complete on the {longer} whose plan is longer than {L + 1}: {nodes_l1:.3g} nodes, "
          f"{hours_l1:.0f} CPU-hours "
          f"(g = {g:.1f} times their depth {L}); an upper bound for those whose minimum is {L + 1}, "
          f"which a plan found early in depth {L + 1} cuts short")


if __name__ == "__main__":
    main()
