"""The exact search alone: one complete search of one depth, one thread, per instance.

Usage (from the project root, after `make test` or `make demo` made .venv):

    .venv/bin/python benchmarks/labyrinth_kernel.py                    # 0199, 0053, 0066 at depth 5
    .venv/bin/python benchmarks/labyrinth_kernel.py 0045:5 0130:4 --repeat 3

Prints per instance and depth the status, the nodes, the seconds (the minimum of ``--repeat``
runs) and the nodes per second, with a transposition table of 2^``--bits`` entries. This is the
search's constant factor without the driver (beam, focused search, threads); the numba engine it
replaced was measured with this script side by side before it was removed (docs/labyrinth.md).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from escapology import _native
from escapology.labyrinth import load

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "instances" / "labyrinth"
DEFAULT = ["0199:5", "0053:5", "0066:5"]


def rust(inst, depth: int, bits: int) -> tuple[str, int, float]:
    t0 = time.perf_counter()
    status, nodes, _ = _native.labyrinth_search(inst.n, bytes(inst.connections), inst.init_position,
                                                inst.goal_position, depth, False, 2, bits)
    return status, nodes, time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cases", nargs="*", default=DEFAULT, help="instance:depth, e.g. 0199:5")
    ap.add_argument("--repeat", type=int, default=3, help="runs per case (the minimum is shown)")
    ap.add_argument("--bits", type=int, default=20, help="transposition table of 2^bits entries")
    args = ap.parse_args()
    print(f"{'case':>10} {'N':>3} {'status':>9} {'nodes':>12} {'s':>8} {'Mnodes/s':>9}")
    for case in args.cases:
        name, depth = case.split(":")
        inst = load(SHARED / f"asptools-ntdb__{name}.asp")
        runs = [rust(inst, int(depth), args.bits) for _ in range(args.repeat)]
        status, nodes, _ = runs[0]
        if any((r[0], r[1]) != (status, nodes) for r in runs):
            raise SystemExit(f"{case}: the runs disagree: {[r[:2] for r in runs]}")
        best = min(r[2] for r in runs)
        print(f"{case:>10} {inst.n:>3} {status:>9} {nodes:>12} {best:>8.3f} {nodes / best / 1e6:>9.1f}",
              flush=True)


if __name__ == "__main__":
    main()
