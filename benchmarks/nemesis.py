"""Nemesis benchmarks: linear algorithms at scale, exact solver vs plain minimax, the Fig. 4 grid.

Run: ``.venv/bin/python benchmarks/nemesis.py [--quick] [--grid N] [--grid-timeout S]``.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time

from escapology.core.limits import Deadline, LimitReached
from escapology.nemesis import (
    Instance,
    blizzard_winning_set,
    grid,
    random_graph,
    random_subcubic,
    simplify,
    subcubic_winner,
    tree_winner,
)
from escapology.nemesis.exact import Search, plain_winner
from escapology.nemesis.generator import grid_distance


def big_tree(n: int, seed: int) -> Instance:
    rng = random.Random(seed)
    edges = [(rng.randrange(max(0, v - 50), v), v) for v in range(1, n)]
    exits = [v for v in range(n // 2, n) if rng.random() < 0.3]
    return Instance.from_edges(edges, exits=exits, start=0, vertices=range(n))


def big_subcubic(n: int, seed: int) -> Instance:
    """A random cubic-ish graph: a Hamiltonian path plus a random matching (max degree 3)."""
    rng = random.Random(seed)
    edges = [(v, v + 1) for v in range(n - 1)]
    order = list(range(1, n - 1))
    rng.shuffle(order)
    for a, b in zip(order[::2], order[1::2]):
        if abs(a - b) > 1:
            edges.append((a, b))
    exits = [v for v in range(n) if v % 20 == 7]
    return Instance.from_edges(edges, exits=exits, start=n // 2, vertices=range(n))


def timed(f, *args):
    """Wall time of one call, with the cyclic garbage collector paused (its full collections
    scan the whole heap, which would make any big allocation look superlinear)."""
    gc.collect()
    gc.disable()
    try:
        t = time.perf_counter()
        out = f(*args)
        return time.perf_counter() - t, out
    finally:
        gc.enable()


def linear_table(sizes: list[int]) -> None:
    print("\n## Linear algorithms (seconds; time/n in microseconds)")
    print(f"{'n':>9} {'tree':>8} {'us/n':>6} {'deg3':>8} {'us/n':>6} {'blizzW':>8} {'us/n':>6} {'simplify':>9} {'us/n':>6}")
    for n in sizes:
        tg = big_tree(n, 1)
        g = tg.graph()
        t1, _ = timed(tree_winner, g)
        sg_inst = big_subcubic(n, 2)
        sg = sg_inst.graph()
        t2, _ = timed(subcubic_winner, sg)
        t3, _ = timed(blizzard_winning_set, sg)
        t4, _ = timed(simplify, sg_inst)
        print(f"{n:>9} {t1:8.2f} {t1 / n * 1e6:6.2f} {t2:8.2f} {t2 / n * 1e6:6.2f} {t3:8.2f} {t3 / n * 1e6:6.2f} {t4:9.2f} {t4 / n * 1e6:6.2f}")
        sys.stdout.flush()


def exact_vs_plain(limit: float) -> None:
    print(f"\n## Exact solver vs plain memoised minimax (plain limited to {limit:.0f} s)")
    print(f"{'instance':>22} {'m':>3} {'winner':>9} {'exact s':>8} {'plain s':>8} {'ratio':>7}")
    cases = []
    for n in (6, 8, 10):
        for seed in range(2):
            inst = random_graph(n, 0.45, exits=2, seed=100 * n + seed)
            cases.append((f"G({n},0.45) seed {seed}", inst))
    for n in (8, 10, 12, 14):
        for seed in range(2):
            inst = random_subcubic(n, extra=1.4, exits=2, seed=10 * n + seed)
            cases.append((f"deg3 n={n} seed {seed}", inst))
    for k in (3, 4, 5):
        inst = grid(2, k)
        cases.append((f"grid 2x{k}", inst))
    cases.append(("grid 3x3", grid(3, 3)))
    for name, inst in cases:
        g = inst.graph()
        te, we = timed(lambda: "fugitive" if Search(g).f_turn(g.start, g.mult)[0] else "nemesis")
        try:
            tp, wp = timed(plain_winner, g, "nemesis", None)
            if wp != we:
                print("MISMATCH", name)
            ratio = f"{tp / max(te, 1e-6):7.1f}"
            tps = f"{tp:8.3f}"
        except LimitReached:
            tps, ratio = f">{limit:7.0f}", "   >" + f"{limit / max(te, 1e-6):.0f}"
        print(f"{name:>22} {sum(g.mult):>3} {we:>9} {te:8.3f} {tps:>8} {ratio:>7}")
        sys.stdout.flush()


def grid_table(size: int, timeout: float) -> None:
    print(f"\n## Fig. 4 grid {size}x{size}: winner for every start (one octant, by symmetry)")
    g = grid(size, size).graph()
    sr = Search(g, "nemesis", Deadline(timeout))
    total = time.perf_counter()
    for i in range((size + 1) // 2):
        for j in range(i, (size + 1) // 2):
            v = g.index[f"r{i}c{j}"]
            t = time.perf_counter()
            try:
                w = "fugitive" if sr.f_turn(v, g.mult)[0] else "nemesis"
            except LimitReached:
                w = "unknown"
            d = grid_distance(size, size, i, j)
            print(f"  r{i}c{j}: distance {d}: {w:9} {time.perf_counter() - t:8.2f} s  (nodes so far {sr.nodes})")
            sys.stdout.flush()
            if w == "unknown":
                print(f"  time limit {timeout} s reached")
                return
    print(f"  total {time.perf_counter() - total:.1f} s")
    if size <= 7:
        from escapology.nemesis.checker import check_strategy
        from escapology.nemesis.extract import nemesis_strategy
        from escapology.nemesis.strategy import strategy_size

        c = g.index[f"r{size // 2}c{size // 2}"]
        if not sr.f_turn(c, g.mult)[0]:
            t = time.perf_counter()
            strat = nemesis_strategy(sr, c)
            te = time.perf_counter() - t
            t = time.perf_counter()
            ok, msg = check_strategy(g, "nemesis", c, strat)
            print(f"  centre: Nemesis strategy of {strategy_size(strat)} nodes extracted in {te:.1f} s, "
                  f"checker: {'accepted' if ok else 'REJECTED'} in {time.perf_counter() - t:.1f} s")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--grid", type=int, default=7)
    ap.add_argument("--grid-timeout", type=float, default=600.0)
    ap.add_argument("--plain-limit", type=float, default=20.0)
    ap.add_argument("--only", choices=["linear", "exact", "grid"], default=None)
    args = ap.parse_args()
    sizes = [10**5, 2 * 10**5] if args.quick else [10**5, 2 * 10**5, 4 * 10**5, 8 * 10**5, 10**6]
    if args.only in (None, "linear"):
        linear_table(sizes)
    # plain minimax limit
    global plain_winner
    base = plain_winner

    def limited(g, game, start):
        return base(g, game, start, deadline=Deadline(args.plain_limit))

    plain_winner = limited  # type: ignore[assignment]
    if args.only in (None, "exact"):
        exact_vs_plain(args.plain_limit)
    if args.only in (None, "grid"):
        grid_table(args.grid, args.grid_timeout)


if __name__ == "__main__":
    main()
