"""Writing a Nemesis strategy: the Python writer vs the native one, side by side.

    .venv/bin/python benchmarks/nemesis_strategy_writer.py                     # 10x10 r3c3, 11x11 r5c5
    .venv/bin/python benchmarks/nemesis_strategy_writer.py --cases 12:r3c5 --only native --out /tmp
    .venv/bin/python benchmarks/nemesis_strategy_writer.py --cases 13:r3c3 --only native --max-nodes 90000000

Each case is a start on the K x K grid of Fig. 4 (``escapology nemesis generate grid --size K``)
from which the Nemesis wins. Each writer runs in a process of its own: the native search proves the
win (``f_turn``), then the strategy is written to ``OUT/grid-K-rIcJ-WRITER.json``: *python* builds
the document with :func:`escapology.nemesis.engines.extract.nemesis_strategy` and writes it with
:func:`escapology.nemesis.strategy.document.write_json`; *native* streams it with
:func:`escapology.nemesis.engines.extract.write_nemesis_strategy` (the crate's writer). The table gives the
nodes, the file's size, the seconds of the search and of the writing, the resident memory after
the search (the search's tables), the peak resident memory of the process (``VmHWM``, the
search's own peak included) and the writer's share (the peak less the memory
after the search), and the ratios.
When both writers run, their files are compared (parsed: the same document). ``--max-nodes``
gives up on a larger strategy (the row says when and at what peak); ``--keep`` keeps the files.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WRITERS = ("python", "native")


def child(k: int, cell: str, writer: str, path: Path, max_nodes: int | None) -> None:
    """One measurement in this process; prints a JSON line."""
    from escapology.batch.task import peak_memory_mib, resident_memory
    from escapology.nemesis import grid
    from escapology.nemesis.engines.exact import new_search
    from escapology.nemesis.engines.extract import StrategyTooLarge, nemesis_strategy, write_nemesis_strategy
    from escapology.nemesis.strategy.document import write_json

    g = grid(k, k).graph()
    start = g.index[cell]
    sr = new_search(g)
    t = time.perf_counter()
    assert not sr.f_turn(start, g.mult)[0], f"the fugitive wins from {cell}"
    search_s = time.perf_counter() - t
    search_mb = resident_memory() / 2**20
    t = time.perf_counter()
    try:
        if writer == "native":
            nodes = write_nemesis_strategy(sr, start, path, max_nodes=max_nodes)
        else:
            doc = nemesis_strategy(sr, start, max_nodes=max_nodes)
            nodes = len(doc["nodes"])
            with open(path, "w", encoding="utf-8") as fh:
                write_json(doc, fh)
    except StrategyTooLarge:
        print(json.dumps({"too_large": max_nodes, "seconds": time.perf_counter() - t,
                          "peak_mb": peak_memory_mib()}))
        return
    write_s = time.perf_counter() - t
    print(json.dumps({"nodes": nodes, "mb": path.stat().st_size / 1e6, "search_s": search_s,
                      "write_s": write_s, "search_mb": search_mb, "peak_mb": peak_memory_mib()}))


def measure(k: int, cell: str, writer: str, out: Path, max_nodes: int | None) -> dict:
    path = out / f"grid-{k}-{cell}-{writer}.json"
    p = subprocess.run([sys.executable, __file__, "--child", str(k), cell, writer, str(path), str(max_nodes or 0)],
                       capture_output=True, text=True, cwd=ROOT)
    if p.returncode != 0:
        raise SystemExit(f"{writer} writer on {k}x{k} {cell} failed:\n{p.stderr}")
    row = json.loads(p.stdout.strip().splitlines()[-1])
    row["path"] = path
    return row


def share(row: dict) -> float:
    """The writer's memory: the process's peak less its memory after the search."""
    return max(row["peak_mb"] - row["search_mb"], 0.0)


def same_document(a: Path, b: Path) -> bool:
    with open(a, encoding="utf-8") as fa, open(b, encoding="utf-8") as fb:
        return json.load(fa) == json.load(fb)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cases", nargs="+", default=["10:r3c3", "11:r5c5"], metavar="K:rIcJ")
    ap.add_argument("--only", choices=WRITERS, default=None)
    ap.add_argument("--out", type=Path, default=Path("/tmp"))
    ap.add_argument("--keep", action="store_true", help="keep the strategy files")
    ap.add_argument("--max-nodes", type=int, default=None, help="give up on a strategy of more nodes")
    ap.add_argument("--child", nargs=5, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        k, cell, writer, path, cap = args.child
        child(int(k), cell, writer, Path(path), int(cap) or None)
        return
    writers = [args.only] if args.only else list(WRITERS)
    args.out.mkdir(parents=True, exist_ok=True)
    load = os.getloadavg()
    print(f"# Nemesis strategy writers, {time.strftime('%Y-%m-%d %H:%M')}, {platform.machine()}, "
          f"{os.cpu_count()} cores, load {load[0]:.1f}, Python {platform.python_version()}; native search; "
          "one process per writer\n")
    print("| grid | start | writer | nodes | MB | search s | write s | RSS after search | peak RSS | "
          "writer's share |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for case in args.cases:
        k, cell = case.split(":")
        rows = {}
        for writer in writers:
            r = measure(int(k), cell, writer, args.out, args.max_nodes)
            if "too_large" in r:
                print(f"| {k}x{k} | {cell} | {writer} | > {r['too_large']:,} (given up after {r['seconds']:.1f} s, "
                      f"peak {r['peak_mb']:,.0f} MB) | | | | | | |", flush=True)
                continue
            rows[writer] = r
            print(f"| {k}x{k} | {cell} | {writer} | {r['nodes']:,} | {r['mb']:.1f} | {r['search_s']:.1f} | "
                  f"{r['write_s']:.1f} | {r['search_mb']:,.0f} MB | {r['peak_mb']:,.0f} MB | "
                  f"{share(r):,.0f} MB |", flush=True)
        if len(rows) == 2:
            py, nat = rows["python"], rows["native"]
            same = same_document(py["path"], nat["path"])
            print(f"| {k}x{k} | {cell} | python / native | {'same document' if same else 'DIFFERENT'} | | | "
                  f"{py['write_s'] / nat['write_s']:.1f}x | | {py['peak_mb'] / nat['peak_mb']:.1f}x | "
                  f"{share(py) / max(share(nat), 1.0):.0f}x |", flush=True)
        if not args.keep:
            for r in rows.values():
                r["path"].unlink(missing_ok=True)


if __name__ == "__main__":
    main()
