"""Native engine against clingo on the real ASP-competition Labyrinth instances, side by side.

Usage (from the project root, after `make test` or `make demo` made .venv):

    .venv/bin/python benchmarks/labyrinth.py                 # the 20 instances of the 2013/14 selection
    .venv/bin/python benchmarks/labyrinth.py --all           # all 248 shared instances
    .venv/bin/python benchmarks/labyrinth.py --all --engines native --timeout 60
    .venv/bin/python benchmarks/labyrinth.py --all --engines native --goal any --timeout 60

Prints one row per instance (N, pushes, proven, seconds for each engine, the ratio clingo/native)
and the totals: how many each engine solved with a valid plan, how many minima it proved, and the
median speed-up on the instances both solve. Every plan is verified by the independent checker.

``--goal any`` asks for the competition's decision task (the first plan within ``max_steps``, or
the proof that there is none) and adds the column "to checked (s)": the seconds from the start of
the solve to a plan the independent checker accepted (solve and check; reading not counted).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from escapology.core.results import Status
from escapology.labyrinth import check_plan, load, solve

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "instances" / "labyrinth"
SELECTION = ["0025", "0045", "0060", "0075", "0082", "0083", "0094", "0117", "0130", "0151", "0157",
             "0192", "0204", "0205", "0207", "0209", "0210", "0215", "0238", "0241"]


def run(engine: str, path: Path, timeout: float, workers: int | None, goal: str = "fewest") -> dict:
    inst = load(path)
    t0 = time.perf_counter()
    r = solve(inst, engine=engine, timeout=timeout, workers=workers if engine == "native" else None, goal=goal)
    seconds = time.perf_counter() - t0
    valid = r.plan is not None and check_plan(inst, [(p.line, p.direction, s) for s, p in enumerate(r.plan, 1)]).ok
    checked = time.perf_counter() - t0
    if r.status is Status.SOLVED and not valid:
        raise SystemExit(f"{engine} returned an invalid plan for {path.name}")
    return {"n": inst.n, "status": r.status.value, "pushes": r.pushes, "optimal": r.optimal,
            "lb": r.lower_bound, "seconds": seconds, "nodes": r.stats.get("nodes"), "goal": goal,
            "checked_seconds": checked if valid else None}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--all", action="store_true", help="all 248 shared instances (default: the 20 of 2013/14)")
    ap.add_argument("--engines", default="native,clingo", help="comma-separated: native, clingo")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per instance and engine")
    ap.add_argument("--limit", type=int, default=None, help="only the first K instances")
    ap.add_argument("--shard", default=None, help="I/K: only every K-th instance, starting at the I-th (0-based)")
    ap.add_argument("--skip-selection", action="store_true", help="with --all: leave out the 20 of 2013/14")
    ap.add_argument("--workers", type=int, default=None,
                    help="threads of the native engine's exact search (default: every core)")
    ap.add_argument("--goal", choices=("fewest", "any"), default="fewest",
                    help="any: the first plan within max_steps (the competition's decision task), timed to a "
                         "checked plan")
    ap.add_argument("--dir", type=Path, default=SHARED, help="folder of instance files")
    ap.add_argument("--record", type=Path, default=None,
                    help="also write one JSON line per instance and engine to this file")
    args = ap.parse_args()
    if not args.dir.is_dir():
        sys.exit(f"no instances at {args.dir}")
    files = sorted(args.dir.glob("*.asp")) if args.all else [args.dir / f"asptools-ntdb__{k}.asp" for k in SELECTION]
    if args.skip_selection:
        files = [f for f in files if f.name not in {f"asptools-ntdb__{k}.asp" for k in SELECTION}]
    if args.shard:
        i, k = (int(x) for x in args.shard.split("/"))
        files = files[i::k]
    files = files[: args.limit] if args.limit else files
    engines = [e.strip() for e in args.engines.split(",") if e.strip()]
    # one warm-up solve per engine (clingo's first grounding), so that no instance pays for it
    warm = Path(__file__).resolve().parents[1] / "examples" / "labyrinth" / "small.lp"
    for e in engines:
        solve(load(warm), engine=e)

    head = f"{'instance':<46} {'N':>3}"
    for e in engines:
        head += f" | {e + ' pushes':>14} {'proven':>6} {'s':>7}"
        if args.goal == "any":
            head += f" {'to checked (s)':>14}"
    if len(engines) == 2:
        head += f" | {'ratio':>7}"
    from escapology.labyrinth.native import default_workers

    workers = default_workers() if args.workers is None else args.workers
    print(f"# {time.strftime('%Y-%m-%d')}, goal {args.goal}, timeout {args.timeout:g} s per instance and engine, "
          f"native search on {workers} thread(s), clingo on 1")
    print(head)
    print("-" * len(head))
    rows = []
    for f in files:
        res = {e: run(e, f, args.timeout, args.workers, args.goal) for e in engines}
        line = f"{f.name:<46} {res[engines[0]]['n']:>3}"
        for e in engines:
            r = res[e]
            if r["pushes"] is None:
                pushes = {"unsolvable": "none", "unknown": f"? (>={r['lb']})"}[r["status"]]
            else:
                pushes = str(r["pushes"]) if r["optimal"] else f"{r['pushes']} (>={r['lb']})"
            line += f" | {str(pushes):>14} {('yes' if r['optimal'] else 'no'):>6} {r['seconds']:>7.2f}"
            if args.goal == "any":
                line += f" {'-' if r['checked_seconds'] is None else format(r['checked_seconds'], '.3f'):>14}"
        if len(engines) == 2:
            a, b = res[engines[0]], res[engines[1]]
            if a["status"] != "unknown" and b["status"] != "unknown":
                line += f" | {b['seconds'] / max(a['seconds'], 1e-6):>7.1f}"
            else:
                line += f" | {'-':>7}"
        print(line, flush=True)
        rows.append(res)
        if args.record:
            with args.record.open("a") as out:
                for e in engines:
                    out.write(json.dumps({"instance": f.name, "engine": e, **res[e]}) + "\n")
    print()
    for e in engines:
        solved = sum(r[e]["status"] == "solved" for r in rows)
        proven = sum(r[e]["optimal"] for r in rows)
        print(f"{e}: {solved}/{len(rows)} solved with a valid plan, {proven}/{len(rows)} proven optimal "
              f"({100 * proven / max(1, len(rows)):.0f} %), total {sum(r[e]['seconds'] for r in rows):.1f} s")
        if args.goal == "any":
            times = sorted(r[e]["checked_seconds"] for r in rows if r[e]["checked_seconds"] is not None)
            if times:
                print(f"{e}, goal any: {len(times)} checked plans; seconds to a checked plan: median "
                      f"{statistics.median(times):.3f}, max {times[-1]:.3f}, total {sum(times):.1f}")
    if len(engines) == 2:
        both = [r for r in rows if r[engines[0]]["optimal"] and r[engines[1]]["optimal"]]
        ratios = [r[engines[1]]["seconds"] / max(r[engines[0]]["seconds"], 1e-6) for r in both]
        if ratios:
            print(f"median speed-up {engines[0]} over {engines[1]} on the {len(both)} instances both prove: "
                  f"{statistics.median(ratios):.1f}x (min {min(ratios):.1f}x, max {max(ratios):.1f}x)")


if __name__ == "__main__":
    main()
