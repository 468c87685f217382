"""Nemesis benchmarks: linear algorithms at scale, exact solver vs plain minimax, the native (Rust)
exact searches vs the Python ones, the Fig. 4 grid.

Run: ``.venv/bin/python benchmarks/nemesis.py [--quick] [--only linear|exact|native|grid] [--grid N]
[--grid-timeout S] [--python-limit S]``. ``benchmarks/nemesis_grid.py`` settles the grids start by
start with strategy files.
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
from escapology.nemesis.engines.cat import new_cat_search
from escapology.nemesis.engines.exact import new_search
from escapology.nemesis.engines.exact_python import plain_winner
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
    print(f"\n## Exact solver (Python and native engines) vs plain memoised minimax (plain limited to {limit:.0f} s)")
    print(f"{'instance':>22} {'m':>3} {'winner':>9} {'python s':>8} {'native s':>8} {'plain s':>8} {'plain/py':>8}")
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
        te, we = timed(lambda: "fugitive" if new_search(g, engine="python").f_turn(g.start, g.mult)[0] else "nemesis")
        tn, wn = timed(lambda: "fugitive" if new_search(g).f_turn(g.start, g.mult)[0] else "nemesis")
        if wn != we:
            print("MISMATCH native", name)
        try:
            tp, wp = timed(plain_winner, g, "nemesis", None)
            if wp != we:
                print("MISMATCH", name)
            ratio = f"{tp / max(te, 1e-6):7.1f}"
            tps = f"{tp:8.3f}"
        except LimitReached:
            tps, ratio = f">{limit:7.0f}", "   >" + f"{limit / max(te, 1e-6):.0f}"
        print(f"{name:>22} {sum(g.mult):>3} {we:>9} {te:8.4f} {tn:8.4f} {tps:>8} {ratio:>8}")
        sys.stdout.flush()


def _both(run, limit: float) -> tuple[float | None, float, object]:
    """(Python seconds or None past ``limit``, native seconds, the native answer); ``run(engine,
    deadline)`` answers; the two answers must agree."""
    tn, out = timed(run, "native", Deadline(None))
    try:
        tp, out_p = timed(run, "python", Deadline(limit))
    except LimitReached:
        return None, tn, out
    if out_p != out:
        print("MISMATCH", out, out_p)
    return tp, tn, out


def native_vs_python(limit: float, quick: bool) -> None:
    """The same positions through both engines, side by side (Python capped at ``limit`` s)."""
    print(f"\n## Exact searches: Python vs native (Rust) engine, same positions (Python capped at {limit:.0f} s)")
    print(f"{'case':>44} {'answer':>18} {'python s':>9} {'native s':>9} {'ratio':>7}")

    def starts(g, cells):
        return [g.index[c] for c in cells]

    def winners(g, game, vs):
        def run(engine, deadline):
            sr = new_search(g, game, deadline, engine=engine)
            return tuple("F" if sr.f_turn(v, g.mult)[0] else "N" for v in vs)
        return run

    def cats(g, speed):
        def run(engine, deadline):
            cs = new_cat_search(g, speed, deadline, engine=engine)
            return max(cs.herder_turn(v, g.mult) for v in range(g.n))
        return run

    cases = []
    g7 = grid(7, 7).graph()
    cases.append(("Nemesis, grid 7x7, centre", winners(g7, "nemesis", starts(g7, ["r3c3"]))))
    g9 = grid(9, 9).graph()
    octant9 = [f"r{i}c{j}" for i in range(5) for j in range(i, 5)]
    cases.append(("Nemesis, grid 9x9, 15 octant starts (shared)", winners(g9, "nemesis", starts(g9, octant9))))
    if not quick:
        g11 = grid(11, 11).graph()
        cases.append(("Nemesis, grid 11x11, r3c3", winners(g11, "nemesis", starts(g11, ["r3c3"]))))
    for k in (11, 13):  # Blizzard: deletions next to the fugitive only; he wins everywhere
        gk = grid(k, k).graph()
        vs = [v for v in range(gk.n) if not gk.is_exit[v]]
        cases.append((f"Blizzard, grid {k}x{k}, all {len(vs)} starts", winners(gk, "blizzard", vs)))
    for n, p, seed in ((7, 0.5, 7), (8, 0.45, 8)):
        g = random_graph(n, p, seed=seed).graph()
        for speed in (1, None):
            name = f"Cat speed {'1' if speed else 'unbounded'}, G({n},{p}) seed {seed}"
            cases.append((name, cats(g, speed)))
    for name, run in cases:
        tp, tn, out = _both(run, limit)
        if isinstance(out, int):
            ans = f"cat number {out}"
        else:
            ans = f"{out.count('F')} F, {out.count('N')} N"
        tps = f"{tp:9.3f}" if tp is not None else f">{limit:8.0f}"
        ratio = f"{tp / max(tn, 1e-9):7.1f}" if tp is not None else f">{limit / max(tn, 1e-9):6.0f}"
        print(f"{name:>44} {ans:>18} {tps} {tn:9.3f} {ratio}")
        sys.stdout.flush()


def grid_table(size: int, timeout: float, engine: str = "native") -> None:
    print(f"\n## Fig. 4 grid {size}x{size}: winner for every start (one octant, by symmetry), {engine} engine")
    g = grid(size, size).graph()
    sr = new_search(g, "nemesis", Deadline(timeout), engine=engine)
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
        from escapology.nemesis.checkers.check import check_strategy
        from escapology.nemesis.engines.extract import nemesis_strategy
        from escapology.nemesis.strategy.document import strategy_size

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
    ap.add_argument("--python-limit", type=float, default=300.0, help="cap of a Python search (native table)")
    ap.add_argument("--engine", choices=["native", "python"], default="native", help="engine of the grid table")
    ap.add_argument("--only", choices=["linear", "exact", "native", "grid"], default=None)
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
    if args.only in (None, "native"):
        native_vs_python(args.python_limit, args.quick)
    if args.only in (None, "grid"):
        grid_table(args.grid, args.grid_timeout, args.engine)


if __name__ == "__main__":
    main()
