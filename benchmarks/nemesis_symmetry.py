"""The exact Nemesis search with and without symmetry, side by side in one run.

Run: ``.venv/bin/python benchmarks/nemesis_symmetry.py [--grids 7,8,9,10] [--random 150] [--repeat 3]``.

- **Grids of Fig. 4**: the winner from every start of one octant, one search (its tables shared
  by the starts), plain (``symmetry=False``) against the search up to the grid's 8 automorphisms
  (``automorphisms=True``, what ``winning_starts`` runs; ``native/src/nemesis/automorphism.rs``)
  and against the twins' search (``symmetry=True``: only the two exits at each corner are twins).
  Positions searched, the best of ``--repeat`` times, and the ratio to plain; then the Nemesis'
  strategy from ``r3c3`` written from the plain search and from the automorphisms' (nodes).
- **Random graphs** (10-16 vertices, 1-3 exits, seeded; almost none has a symmetry): every start,
  plain against ``automorphisms=True``; the totals and the ratio (it must not be slower by more
  than 10 %).

Prints Markdown tables.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from escapology.nemesis import grid, random_graph
from escapology.nemesis.engines.extract import write_nemesis_strategy
from escapology.nemesis.engines.native import NativeSearch


def best_of(repeat: int, run: Callable[[], Any]) -> tuple[Any, float]:
    """The result of ``run`` and its least wall time over ``repeat`` runs."""
    best, out = float("inf"), None
    for _ in range(repeat):
        t = time.perf_counter()
        out = run()
        best = min(best, time.perf_counter() - t)
    return out, best


def octant_starts(k: int) -> list[str]:
    """The starts of one octant of the k x k grid (every start is the image of one of them)."""
    half = (k + 1) // 2
    return [f"r{i}c{j}" for i in range(half) for j in range(i, half)]


def grids(sizes: list[int], repeat: int) -> None:
    print("| grid | starts | plain: positions, s | automorphisms: positions, s, ratio | twins: positions, s, ratio "
          "| Nemesis' strategy from r3c3, plain / automorphisms |")
    print("|---|---|---|---|---|---|")
    for k in sizes:
        g = grid(k, k).graph()
        starts = [g.index[s] for s in octant_starts(k)]
        ways = {"plain": {"symmetry": False}, "automorphisms": {"automorphisms": True}, "twins": {"symmetry": True}}

        def run(way: dict[str, Any]) -> tuple[list[bool], int, int]:
            sr = NativeSearch(g, **way)
            won = [bool(sr.f_turn(s, g.mult)[0]) for s in starts]
            return won, sr.positions, int(sr.symmetric)

        (w0, p0, _), t0 = best_of(repeat, lambda: run(ways["plain"]))
        cells = []
        for name in ("automorphisms", "twins"):
            (w, p, used), t = best_of(repeat, lambda: run(ways[name]))
            assert w == w0, f"{k}x{k}: the winners differ"
            cells.append(f"{p:,}, {t:.3f} s, {t / t0:.2f}" + ("" if used else " (not used)"))
        sizes_written = []
        for name in ("plain", "automorphisms"):
            sr = NativeSearch(g, **ways[name])
            start = g.index["r3c3"]
            won = sr.f_turn(start, g.mult)[0]
            with tempfile.TemporaryDirectory() as tmp:
                path = Path(tmp) / "strategy.json"
                sizes_written.append("-" if won else f"{write_nemesis_strategy(sr, start, path):,}")
        print(f"| {k}x{k} | {len(starts)} | {p0:,}, {t0:.3f} s | {cells[0]} | {cells[1]} | "
              f"{' / '.join(sizes_written)} |", flush=True)


def randoms(count: int, repeat: int) -> None:
    rng = random.Random(34)
    graphs = []
    while len(graphs) < count:
        g = random_graph(rng.randint(10, 16), rng.uniform(0.2, 0.45), exits=rng.randint(1, 3),
                         seed=rng.randrange(10**9)).graph()
        if g.m:
            graphs.append(g)

    def run(automorphisms: bool) -> tuple[list[bool], int, int]:
        won, positions, symmetric = [], 0, 0
        for g in graphs:
            sr = NativeSearch(g, symmetry=None if automorphisms else False, automorphisms=automorphisms)
            won += [bool(sr.f_turn(v, g.mult)[0]) for v in range(g.n) if not g.is_exit[v]]
            positions += sr.positions
            symmetric += sr.symmetric
        return won, positions, symmetric

    (w0, p0, _), t0 = best_of(repeat, lambda: run(False))
    (w1, p1, used), t1 = best_of(repeat, lambda: run(True))
    assert w0 == w1, "the winners differ"
    print("\n| random graphs | plain: positions, s | automorphisms: positions, s, ratio | searched up to a symmetry |")
    print("|---|---|---|---|")
    print(f"| {count}, 10-16 vertices, every start | {p0:,}, {t0:.3f} s | {p1:,}, {t1:.3f} s, {t1 / t0:.2f} | {used} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--grids", default="7,8,9,10")
    ap.add_argument("--random", type=int, default=150)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    print(f"# {time.strftime('%Y-%m-%d')}, native engine, best of {args.repeat}\n")
    if args.grids:
        grids([int(k) for k in args.grids.split(",")], args.repeat)
    if args.random:
        randoms(args.random, args.repeat)


if __name__ == "__main__":
    main()
