"""Compare two recorded Labyrinth benchmark runs instance by instance.

Usage (records written by ``benchmarks/labyrinth.py --record FILE``):

    .venv/bin/python benchmarks/labyrinth_compare.py BASELINE.jsonl NEW.jsonl [--names A,B] [--min-seconds 1]
    .venv/bin/python benchmarks/labyrinth_compare.py RECORD.jsonl        # the totals of one run

Prints, for every instance in both records, pushes / proven / seconds / nodes of each run and the
ratio of seconds (baseline / new); then how many each run solved and proved, the instances proven
by one run only, and the median and range of the ratio over the instances both prove where the
baseline took more than ``--min-seconds`` (the runs under that are dominated by start-up noise).
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import Counter
from pathlib import Path


def load(path: Path) -> dict[str, dict]:
    """The last record of each instance in a JSON-lines file."""
    rows: dict[str, dict] = {}
    for line in path.read_text().splitlines():
        if line.strip():
            r = json.loads(line)
            rows[r["instance"]] = r
    return rows


def cell(r: dict) -> str:
    if r["pushes"] is None:
        pushes = {"unsolvable": "none", "unknown": f"? (>={r['lb']})"}[r["status"]]
    else:
        pushes = str(r["pushes"]) if r["optimal"] else f"{r['pushes']} (>={r['lb']})"
    nodes = "-" if r.get("nodes") is None else f"{r['nodes']:,}"
    return f"{pushes:>10} {('yes' if r['optimal'] else 'no'):>3} {r['seconds']:>7.2f} {nodes:>15}"


def summary(path: Path) -> None:
    """Totals of one record: solved, proven, minima, times, the unproven by bound and board size."""
    rows = list(load(path).values())
    proven = [r for r in rows if r["optimal"]]
    print(f"{path.name}: {len(rows)} instances, {sum(r['status'] == 'solved' for r in rows)} solved, "
          f"{len(proven)} proven ({100 * len(proven) / len(rows):.1f} %)")
    minima = Counter(r["pushes"] for r in proven)
    print("proven minima: " + ", ".join(f"{c}x {k}" for k, c in sorted(minima.items())))
    secs = sorted(r["seconds"] for r in proven)
    if secs:
        print(f"seconds on proven: median {statistics.median(secs):.2f}, "
              f"90 % under {secs[int(0.9 * (len(secs) - 1))]:.1f}, max {secs[-1]:.1f}")
    open_ = [r for r in rows if not r["optimal"]]
    print("unproven by lower bound: " + ", ".join(f"{c}x >={k}" for k, c in sorted(Counter(r["lb"] for r in open_).items())))
    print("unproven by board size: " + ", ".join(f"N={k}: {c}" for k, c in sorted(Counter(r["n"] for r in open_).items())))
    print(f"unproven with a plan one push above the bound: "
          f"{sum(r['pushes'] is not None and r['pushes'] == r['lb'] + 1 for r in open_)}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("baseline", type=Path)
    ap.add_argument("new", type=Path, nargs="?", help="omit to print the totals of BASELINE alone")
    ap.add_argument("--names", default=None, help="A,B: what to call the two runs (default: their engines)")
    ap.add_argument("--min-seconds", type=float, default=1.0,
                    help="the median ratio counts instances the baseline proves in more than this")
    args = ap.parse_args()
    if args.new is None:
        summary(args.baseline)
        return
    base, new = load(args.baseline), load(args.new)
    names = sorted(set(base) & set(new))
    a_name, b_name = base[names[0]]["engine"], new[names[0]]["engine"]
    if args.names:
        a_name, b_name = args.names.split(",")
    head = f"{'instance':<26} {'N':>3} | {a_name + ': pushes':>10} {'ok':>3} {'s':>7} {'nodes':>15} | " \
           f"{b_name + ': pushes':>10} {'ok':>3} {'s':>7} {'nodes':>15} | {'ratio':>6}"
    print(head)
    print("-" * len(head))
    ratios = []
    for name in names:
        a, b = base[name], new[name]
        ratio = a["seconds"] / max(b["seconds"], 1e-3)
        both = a["optimal"] and b["optimal"]
        if both and a["seconds"] > args.min_seconds:
            ratios.append(ratio)
        print(f"{name.removesuffix('.asp'):<26} {a['n']:>3} | {cell(a)} | {cell(b)} | "
              f"{(f'{ratio:.2f}' if both else '-'):>6}")
    print()
    for label, rec in ((a_name, base), (b_name, new)):
        rows = [rec[n] for n in names]
        print(f"{label}: {sum(r['status'] == 'solved' for r in rows)}/{len(rows)} solved, "
              f"{sum(r['optimal'] for r in rows)}/{len(rows)} proven, "
              f"total {sum(r['seconds'] for r in rows):.1f} s")
    only_a = [n for n in names if base[n]["optimal"] and not new[n]["optimal"]]
    only_b = [n for n in names if new[n]["optimal"] and not base[n]["optimal"]]
    print(f"proven by {a_name} only: {len(only_a)} {' '.join(n.removesuffix('.asp')[-4:] for n in only_a)}")
    print(f"proven by {b_name} only: {len(only_b)} {' '.join(n.removesuffix('.asp')[-4:] for n in only_b)}")
    if ratios:
        print(f"speed-up {b_name} over {a_name} on the {len(ratios)} instances both prove and {a_name} "
              f"takes more than {args.min_seconds:g} s: median {statistics.median(ratios):.2f}x "
              f"(min {min(ratios):.2f}x, max {max(ratios):.2f}x)")


if __name__ == "__main__":
    main()
