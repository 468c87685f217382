"""The exact search's kernel alone: the Rust port (escapology._native) against the numba kernel,
one thread, the same complete search of one depth with a 2^20-entry transposition table.

Usage (from the project root, after `make src/escapology/_native.abi3.so`):

    .venv/bin/python benchmarks/labyrinth_kernel.py                    # 0199, 0053, 0066 at depth 5
    .venv/bin/python benchmarks/labyrinth_kernel.py 0045:5 0130:4 --repeat 3

Prints per instance and depth the nodes and the seconds of each engine (the minimum of
``--repeat`` runs, numba compiled first) and the ratio numba/rust. The node counts must agree (the
port is node for node). Without numba only the Rust column is printed.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from escapology import _native
from escapology.labyrinth.io import read_instance

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "instances" / "labyrinth"
DEFAULT = ["0199:5", "0053:5", "0066:5"]

try:
    import numpy as np

    from escapology.labyrinth import kernel
except ImportError:  # numba (or numpy) gone: Rust only
    kernel = None


def rust(inst, depth: int, bits: int) -> tuple[str, int, float]:
    t0 = time.perf_counter()
    status, nodes, _ = _native.labyrinth_search(inst.n, bytes(inst.connections), inst.init_position,
                                                inst.goal_position, depth, False, 2, bits)
    return status, nodes, time.perf_counter() - t0


def numba(inst, depth: int, bits: int) -> tuple[str, int, float]:
    n = inst.n
    conn = np.array(inst.connections, dtype=np.uint8)
    ids = np.arange(n * n, dtype=kernel.field_dtype(n))
    st = kernel.new_state(n, depth, ids, inst.init_position, inst.goal_position)
    st.update(kernel.transposition_table(bits))
    st["ttgen"][0] = 1
    t0 = time.perf_counter()
    while (status := kernel.run(n, conn, st, False, 10**9, 2)) == kernel.BUDGET:
        pass
    seconds = time.perf_counter() - t0
    return ("found" if status == kernel.FOUND else "exhausted"), int(st["state"][3]), seconds


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cases", nargs="*", default=DEFAULT, help="instance:depth, e.g. 0199:5")
    ap.add_argument("--repeat", type=int, default=3, help="runs per engine (the minimum is shown)")
    ap.add_argument("--bits", type=int, default=20, help="transposition table of 2^bits entries")
    ap.add_argument("--no-numba", action="store_true", help="time the Rust search only")
    args = ap.parse_args()
    use_numba = kernel is not None and not args.no_numba
    if use_numba:
        small = read_instance(SHARED / "asptools-ntdb__0045.asp")
        numba(small, 3, 4)  # compile (or load) the kernel before timing
    print(f"{'case':>10} {'N':>3} {'status':>9} {'nodes':>12} {'rust s':>8}"
          + (f" {'numba s':>8} {'ratio':>6}" if use_numba else ""))
    for case in args.cases:
        name, depth = case.split(":")
        inst = read_instance(SHARED / f"asptools-ntdb__{name}.asp")
        runs = [rust(inst, int(depth), args.bits) for _ in range(args.repeat)]
        status, nodes, _ = runs[0]
        rs = min(r[2] for r in runs)
        row = f"{case:>10} {inst.n:>3} {status:>9} {nodes:>12} {rs:>8.3f}"
        if use_numba:
            nruns = [numba(inst, int(depth), args.bits) for _ in range(args.repeat)]
            if (nruns[0][0], nruns[0][1]) != (status, nodes):
                raise SystemExit(f"{case}: numba {nruns[0][:2]} != rust {(status, nodes)}")
            ns = min(r[2] for r in nruns)
            row += f" {ns:>8.3f} {ns / rs:>6.2f}"
        print(row, flush=True)


if __name__ == "__main__":
    main()
