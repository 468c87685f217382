"""Nemesis certificates at size (issue 23): strategies with shared nodes, written and checked.

    .venv/bin/python benchmarks/nemesis_certificates.py            # every case
    .venv/bin/python benchmarks/nemesis_certificates.py --quick    # without the 10^6 caterpillar

Every figure is one whole process (``escapology nemesis ...`` or ``python -c``), started from the
project root: wall time from start to exit, CPU time (user + system: on a shared machine the
figure that load does not inflate) and peak resident memory, as GNU ``time`` reports them. ``solve``
writes its JSON answer to a file (standard output redirected); ``check`` reads it back. The
baseline column quotes issue 23's measurements of the format before (strategy trees written out in
full, a fixed cap of 100,000 nodes, recursion in the linear method).
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON = ROOT / ".venv" / "bin" / "python"
CLI = ROOT / ".venv" / "bin" / "escapology"


def run(argv: list[str], stdout: Path | None = None) -> tuple[float, float, float, int]:
    """(wall seconds, CPU seconds, peak MiB, exit code) of one process, as GNU time reports them."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        out = open(stdout, "w") if stdout else subprocess.DEVNULL
        code = subprocess.call(["/usr/bin/time", "-f", "%e %U %S %M", "-o", report.name, *map(str, argv)],
                               stdout=out, stderr=subprocess.DEVNULL, cwd=ROOT)
        if stdout:
            out.close()
        wall, user, system, kib = Path(report.name).read_text().split()[-4:]
    return float(wall), float(user) + float(system), int(kib) / 1024, code


def instance_files(tmp: Path) -> dict[str, Path]:
    sys.path.insert(0, str(ROOT / "src"))
    import networkx as nx

    from escapology.nemesis import Instance, grid
    from escapology.nemesis.io import format_instance

    files = {}
    files["grid 9x9, centre"] = tmp / "grid9.lp"
    files["grid 9x9, centre"].write_text(format_instance(grid(9, 9)) + "\n")
    t = nx.balanced_tree(2, 6)
    leaves = [v for v in t if t.degree(v) == 1]
    tree = Instance.from_edges([(f"v{a}", f"v{b}") for a, b in t.edges()] + [("s", "v0")],
                               exits=[f"v{x}" for x in leaves], start="s")
    files["binary tree, 128 vertices"] = tmp / "tree128.lp"
    files["binary tree, 128 vertices"].write_text(format_instance(tree) + "\n")
    for n in (12_002, 24_002, 99_998):
        k = (n - 2) // 2
        edges = [("s", "v1"), (f"v{k}", "y")] + [(f"v{i}", f"x{i}") for i in range(1, k + 1)]
        edges += [(f"v{i}", f"v{i + 1}") for i in range(1, k)]
        cat = Instance.from_edges(edges, exits=[f"x{i}" for i in range(1, k + 1)] + ["y"], start="s")
        files[f"caterpillar, {n:,} vertices"] = tmp / f"cat{n}.lp"
        files[f"caterpillar, {n:,} vertices"].write_text(format_instance(cat) + "\n")
    return files


BASELINE = {
    "grid 9x9, centre": "refused (cap 100,000 nodes); 1.74M nodes, 175 MB via Python",
    "binary tree, 128 vertices": "175 MB",
    "caterpillar, 12,002 vertices": "2.06 GB, 18 GB of memory",
    "caterpillar, 24,002 vertices": "RecursionError",
    "caterpillar, 99,998 vertices": "RecursionError",
}

MILLION = '''
import sys, time
from escapology.nemesis import Instance
from escapology.nemesis.checkers.check import check_strategy
from escapology.nemesis.engines.linear import tree_winner
from escapology.nemesis.strategy.document import write_json
k = (1_000_000 - 2) // 2
edges = [("s", "v1"), (f"v{k}", "y")] + [(f"v{i}", f"x{i}") for i in range(1, k + 1)]
edges += [(f"v{i}", f"v{i + 1}") for i in range(1, k)]
g = Instance.from_edges(edges, exits=[f"x{i}" for i in range(1, k + 1)] + ["y"], start="s").graph()
t = time.perf_counter(); winner, doc = tree_winner(g); build = time.perf_counter() - t
t = time.perf_counter()
with open(sys.argv[1], "w") as f:
    write_json(doc, f)
write = time.perf_counter() - t
t = time.perf_counter(); ok = check_strategy(g, "nemesis", g.start, doc)[0]; check = time.perf_counter() - t
print(winner, len(doc["nodes"]), ok, f"{build:.1f}", f"{write:.1f}", f"{check:.1f}")
'''


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    print(f"# {time.strftime('%Y-%m-%d')}, {platform.node()}: {os.cpu_count()} cores, "
          f"{platform.processor() or platform.machine()}, Python {platform.python_version()}")
    load = os.getloadavg()[0]
    print(f"load average at the start: {load:.1f}")
    print("| instance | method | solve: wall (CPU) s, MiB | answer size | nodes | check: wall (CPU) s, MiB | before (issue 23) |")
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        for name, f in instance_files(tmp).items():
            method = "linear" if name.startswith("caterpillar") else "exact"
            out = tmp / "answer.json"
            ts, cs, ms, code = run([CLI, "nemesis", "solve", f, "--format", "json", "--engine", method], out)
            size = out.stat().st_size
            import json

            data = json.loads(out.read_text())
            nodes = len(data["strategy"]["nodes"]) if data.get("strategy") else 0
            tc, cc, mc, code2 = run([CLI, "nemesis", "check", f, out])
            verdict = "accepted" if code2 == 0 else f"exit {code2}"
            print(f"| {name} | {method} | {ts:.1f} ({cs:.1f}) s, {ms:.0f} | {size / 1e6:.2f} MB | {nodes:,} | "
                  f"{tc:.1f} ({cc:.1f}) s, {mc:.0f} ({verdict}) | {BASELINE[name]} |")
            sys.stdout.flush()
        if not args.quick:
            out = tmp / "million.json"
            res = tmp / "million.txt"
            t, cpu, mem, code = run([PYTHON, "-c", MILLION, out], res)
            fields = res.read_text().split()
            print(f"\n10^6-vertex caterpillar through Python (one process, {t:.0f} s wall, {cpu:.0f} s CPU, "
                  f"{mem:.0f} MiB peak): "
                  f"winner {fields[0]}, {int(fields[1]):,} nodes built in {fields[3]} s, written "
                  f"({out.stat().st_size / 1e6:.0f} MB) in {fields[4]} s, checked ({fields[2]}) in {fields[5]} s")


if __name__ == "__main__":
    main()
