"""The exact search alone: one complete search of one depth, one thread, per instance.

Usage (from the project root, after `make test` or `make demo` made .venv):

    .venv/bin/python benchmarks/labyrinth_kernel.py                    # 0199, 0053, 0066 at depth 5
    .venv/bin/python benchmarks/labyrinth_kernel.py 0045:5 0130:4 --repeat 3
    .venv/bin/python benchmarks/labyrinth_kernel.py 0205:7 0083:7 --sample 4   # how far is depth 7?
    .venv/bin/python benchmarks/labyrinth_kernel.py 0199:6 --baseline /tmp/old/_native.abi3.so

Prints per instance and depth the status, the nodes, the seconds (the minimum of ``--repeat``
runs) and the nodes per second, with a transposition table of 2^``--bits`` entries. This is the
search's constant factor without the driver (beam, focused search, threads); the numba engine it
replaced was measured with this script side by side before it was removed (docs/labyrinth.md).

With ``--baseline FILE`` (another build of the extension, e.g. copied from the branch before a
change) every case runs on both, alternately, and the table shows both nodes and seconds and their
ratios (baseline / this build); with ``--sample K`` too, the nodes and seconds of the K sampled
first pushes, summed, on both builds.

With ``--sample K`` each case runs instead the searches of K first pushes spread evenly over the
board's pushes (one each, its own table) and extrapolates the complete search: the mean nodes and
seconds per first push times the 4N first pushes, and that time over ``--budget`` core-seconds (the
solver's 60 s on 2 worker threads by default). An estimate, not a measurement: first pushes differ
in cost, and the complete search shares one table across them.
"""

from __future__ import annotations

import argparse
import importlib.util
import time
from pathlib import Path

from escapology import _native
from escapology.labyrinth import load

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "instances" / "labyrinth"
DEFAULT = ["0199:5", "0053:5", "0066:5"]


def load_build(path: Path):
    """Another build of ``escapology._native`` (its init function fixes the module name)."""
    spec = importlib.util.spec_from_file_location("_native", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"{path}: not an extension module")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def rust(inst, depth: int, bits: int, first: int | None = None, native=_native) -> tuple[str, int, float]:
    t0 = time.perf_counter()
    status, nodes, _ = native.labyrinth_search(inst.n, bytes(inst.connections), inst.init_position,
                                                inst.goal_position, depth, False, 2, bits, first)
    return status, nodes, time.perf_counter() - t0


def estimate(name: str, inst, depth: int, k: int, bits: int, budget: float) -> None:
    """Extrapolate the complete search of ``depth`` from ``k`` first pushes spread over the board."""
    pushes = sorted({int((i + 0.5) * 4 * inst.n / k) for i in range(k)})
    runs = [rust(inst, depth, bits, first) for first in pushes]
    found = [p for p, r in zip(pushes, runs) if r[0] == "found"]
    nodes = sum(r[1] for r in runs) / len(runs) * 4 * inst.n
    seconds = sum(r[2] for r in runs) / len(runs) * 4 * inst.n
    note = f"found after first push {found[0]}" if found else ""
    print(f"{name + ':' + str(depth):>10} {inst.n:>3} {len(pushes):>7} {nodes:>14.3e} {seconds:>10.0f} "
          f"{seconds / budget:>9.1f} {note}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cases", nargs="*", default=DEFAULT, help="instance:depth, e.g. 0199:5")
    ap.add_argument("--repeat", type=int, default=3, help="runs per case (the minimum is shown)")
    ap.add_argument("--bits", type=int, default=20, help="transposition table of 2^bits entries")
    ap.add_argument("--sample", type=int, default=0,
                    help="estimate each complete search from this many first pushes (see above)")
    ap.add_argument("--budget", type=float, default=120.0,
                    help="with --sample: core-seconds the solver has (60 s x 2 workers)")
    ap.add_argument("--baseline", type=Path, default=None,
                    help="another build of the extension to run side by side (see above)")
    args = ap.parse_args()
    if args.baseline:
        side_by_side(args, load_build(args.baseline))
        return
    if args.sample:
        print(f"{'case':>10} {'N':>3} {'sampled':>7} {'est. nodes':>14} {'est. s':>10} {'x budget':>9}")
        for case in args.cases:
            name, depth = case.split(":")
            inst = load(SHARED / f"asptools-ntdb__{name}.asp")
            estimate(name, inst, int(depth), args.sample, args.bits, args.budget)
        return
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


def sampled(inst, depth: int, k: int, bits: int, native) -> tuple[str, int, float]:
    """The searches below ``k`` first pushes spread over the board (as ``estimate``), summed."""
    pushes = sorted({int((i + 0.5) * 4 * inst.n / k) for i in range(k)})
    runs = [rust(inst, depth, bits, first, native=native) for first in pushes]
    status = "found" if any(r[0] == "found" for r in runs) else runs[0][0]
    return status, sum(r[1] for r in runs), sum(r[2] for r in runs)


def side_by_side(args, base) -> None:
    """Each case on the baseline build and this one, alternately; the minimum seconds of each."""
    print(f"{'case':>10} {'N':>3} {'status':>9} {'base nodes':>13} {'nodes':>13} {'ratio':>6} "
          f"{'base s':>8} {'s':>8} {'ratio':>6}")
    for case in args.cases:
        name, depth = case.split(":")
        inst = load(SHARED / f"asptools-ntdb__{name}.asp")
        old, new = [], []
        for _ in range(args.repeat):
            if args.sample:
                old.append(sampled(inst, int(depth), args.sample, args.bits, base))
                new.append(sampled(inst, int(depth), args.sample, args.bits, _native))
                continue
            old.append(rust(inst, int(depth), args.bits, native=base))
            new.append(rust(inst, int(depth), args.bits))
        if old[0][0] != new[0][0]:
            raise SystemExit(f"{case}: the builds disagree: {old[0][0]} and {new[0][0]}")
        (status, bn, _), (_, nn, _) = old[0], new[0]
        bs, ns = min(r[2] for r in old), min(r[2] for r in new)
        print(f"{case:>10} {inst.n:>3} {status:>9} {bn:>13} {nn:>13} {bn / nn:>6.3f} {bs:>8.2f} {ns:>8.2f} "
              f"{bs / ns:>6.3f}", flush=True)


if __name__ == "__main__":
    main()
