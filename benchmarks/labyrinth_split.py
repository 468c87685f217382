"""The split by states (``labyrinth solve --ray``) against the single search, side by side.

Usage (from the project root; Ray installed, as ``make`` does):

    .venv/bin/python benchmarks/labyrinth_split.py                        # the default instances
    .venv/bin/python benchmarks/labyrinth_split.py 0166 0157 --workers 2  # these (asptools-ntdb__NNNN)
    .venv/bin/python benchmarks/labyrinth_split.py --screen 5:60          # list instances one thread proves in 5-60 s

For each instance, one after the other:

1. *single*: ``solve(inst, workers=1)``, the native engine on one thread (wall seconds, nodes);
2. *split*: ``solve(inst, ray="local", workers=W)`` -- a private local Ray with W CPUs; its
   wall seconds without Ray's start (``stats.seconds``) and with it, its nodes by depth;
3. *the single search at the split's depths*: the complete search of the whole instance (one
   thread, the engine's table) at every depth the parts exhausted (below the minimum).

and prints one table: inflation = nodes of the parts' complete searches / nodes of the single
search at the same depths (what the split adds by losing the table shared across parts), the
total work of the split (first look, whole depths, listing the states, focused and complete
searches of the parts, but not tasks cancelled once a plan was found, which Ray does not report)
over the single solve's nodes, the wall-time ratio split / single (the split's seconds without
Ray's start, which the next column gives), and both runs' nodes per second: on a quiet machine the
split's is about W times the single's; when it is not, the W workers did not get W cores (on a
machine shared with other work the wall-time ratio then says little). Every plan is checked by the independent checker and the split must answer as the single
search. Seconds depend on the machine's load: rerun on a quiet machine for figures.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from escapology import _native
from escapology.labyrinth import check, load, solve

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "instances" / "labyrinth"
#: instances one thread proves in 5 to 60 s (screened 2026-11-28 on the shared 2-core machine:
#: 0171 5.4 s, 0192 8.3, 0151 8.4, 0155 8.5, 0150 9.8, 0164 11.2, 0183 11.6, 0081 49.2; and
#: 2026-11-29: 0147 40.8 under load, 10.2 quiet; 0235 and 0221, about 1.2e9 and 0.95e9 nodes, in
#: place of 0142 and 0095, which a quiet machine proves in 2.2 and 3.5 s)
DEFAULT = ["0171", "0192", "0151", "0155", "0150", "0164", "0183", "0081", "0147", "0235", "0221"]


def _path(name: str, folder: Path) -> Path:
    p = Path(name)
    return p if p.suffix else folder / f"asptools-ntdb__{name}.asp"


def single_at_depths(inst, depths: list[int]) -> int:
    """Nodes of the complete search of the whole instance at each of ``depths`` (one thread, the
    engine's table), every one exhausted."""
    total = 0
    for d in depths:
        bits = 0 if d < 4 else 20 if inst.n >= 8 else 14
        status, nodes, _ = _native.labyrinth_search(inst.n, bytes(inst.connections), inst.init_position,
                                                    inst.goal_position, d, table_bits=bits)
        assert status == "exhausted", (inst.name, d, status)
        total += nodes
    return total


def screen(folder: Path, low: float, high: float, timeout: float) -> None:
    for f in sorted(folder.glob("*.asp")):
        inst = load(f)
        t0 = time.perf_counter()
        r = solve(inst, workers=1, timeout=timeout)
        t = time.perf_counter() - t0
        if r.optimal and low <= t <= high:
            print(f"{f.stem.split('__')[-1]} N={inst.n} pushes={r.pushes} {t:.1f} s", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("instances", nargs="*", help="NNNN (asptools-ntdb__NNNN.asp in --dir) or paths")
    ap.add_argument("--workers", type=int, default=2, help="CPUs of the local Ray (default 2)")
    ap.add_argument("--k", type=int, default=None, help="split after k pushes (default: chosen by the CPUs)")
    ap.add_argument("--dir", type=Path, default=SHARED, help="folder of instance files")
    ap.add_argument("--screen", default=None, metavar="LOW:HIGH",
                    help="only list the instances one thread proves within LOW to HIGH seconds")
    args = ap.parse_args()
    if args.screen:
        low, high = (float(x) for x in args.screen.split(":"))
        screen(args.dir, low, high, high * 1.2)
        return
    files = [_path(x, args.dir) for x in (args.instances or DEFAULT)]
    print(f"# {time.strftime('%Y-%m-%d %H:%M')}, single: one thread; split: local Ray with {args.workers} CPUs")
    cols = ["instance", "N", "pushes", "k", "parts", "tasks (complete+focused)", "single s", "split s", "+Ray start s",
            "wall ratio", "depths exhausted by parts", "parts nodes", "single nodes", "inflation",
            "split total / single nodes", "Mnodes/s single", "Mnodes/s split"]
    print("| " + " | ".join(cols) + " |")
    print("|" + " --- |" * len(cols))
    for f in files:
        inst = load(f)
        t0 = time.perf_counter()
        single = solve(inst, workers=1)
        t_single = time.perf_counter() - t0
        t0 = time.perf_counter()
        split = solve(inst, ray="local", workers=args.workers) if args.k is None else \
            _ray_k(inst, args.workers, args.k)
        t_all = time.perf_counter() - t0
        if (split.status, split.pushes, split.optimal) != (single.status, single.pushes, single.optimal):
            sys.exit(f"{f.name}: the split answered {split.to_json()} but the single search {single.to_json()}")
        for r in (single, split):
            if r.plan is not None and not check(inst, r.certificate).ok:
                sys.exit(f"{f.name}: a plan the checker rejects")
        st = split.stats
        below = (single.pushes if single.pushes is not None else inst.max_steps + 1)
        by_depth = {int(d): n for d, n in st.get("nodes_by_depth", {}).items() if int(d) < below}
        parts_nodes = sum(by_depth.values())
        same = single_at_depths(inst, sorted(by_depth)) if by_depth else 0
        depths = ",".join(str(d) for d in sorted(by_depth)) or "-"
        t_split = float(st.get("seconds", t_all))
        total = int(st.get("nodes", 0)) + int(st.get("first_look_nodes", 0))
        row = [f.stem.split("__")[-1], inst.n, single.pushes, st.get("k", "-"), st.get("parts", "-"),
               f"{st.get('tasks', '-')}+{st.get('focused_tasks', 0)}", f"{t_single:.2f}", f"{t_split:.2f}", f"{t_all - t_split:.1f}",
               f"{t_split / max(t_single, 1e-9):.2f}", depths, f"{parts_nodes:,}", f"{same:,}",
               f"{parts_nodes / same:.2f}" if same else "-",
               f"{total:,} / {int(single.stats['nodes']):,}",
               f"{single.stats['nodes'] / t_single / 1e6:.0f}", f"{total / t_split / 1e6:.0f}"]
        print("| " + " | ".join(str(x) for x in row) + " |", flush=True)


def _ray_k(inst, workers: int, k: int):
    from escapology.labyrinth.ray_split import solve_on_ray

    return solve_on_ray(inst, "local", jobs=workers, k=k)


if __name__ == "__main__":
    main()
