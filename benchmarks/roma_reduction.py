"""Roma, Theorems 2 and 10: ``escapology reduce roma-planar3sat`` on random 3-CNFs, crossings
included: board sizes, crossovers and the time of the exact count, against a brute-force count of
the formula's models.

    .venv/bin/python benchmarks/roma_reduction.py                 # about 15 minutes on a loaded 2-core VM
    .venv/bin/python benchmarks/roma_reduction.py --planar        # planar formulas only (a minute)
    .venv/bin/python benchmarks/roma_reduction.py --swap-search   # the choice of CROSSOVER_SWAP (seconds)

Protocol. For each row ``(n, m)`` of the series, random 3-CNFs with ``n`` variables and ``m``
clauses (three distinct variables per clause, random signs) with the seeds ``0..PER_ROW-1``. Each is
reduced (:func:`~escapology.roma.reductions.planar3sat.planar3sat_to_roma`) with the cell limit
raised to :data:`BENCH_CELLS` so that boards the readers refuse (more than
:data:`~escapology.roma.io.MAX_CELLS` cells) are still measured; the row reports how many had a
planar incidence graph, how many the routing refused, the crossovers (swaps), the boards (median
and largest), the time to build them, and the time of the SAT counter
(:func:`escapology.roma.sat.count`, every solution enumerated) with whether every count equalled
the brute-force number of models. Boards above :data:`BENCH_CELLS` are built but not counted.

``--planar`` is the protocol of the table before crossovers were built: formulas are drawn (seeds
from 0) until 5 have a planar incidence graph; the row counts the others, the line's variables,
the boards, the build and count times.

``--swap-search`` tries every order of the crossover's variables with ``b1`` first and ``a2`` last
that has a swap drawing (no clause crossing another or the two outer pieces on the links' side),
every choice of sides per component of its crossing graph, and reports the monotone cost (slots
and legs after :func:`~escapology.roma.reductions.layout.monotone_copies`) of the tight swap in a
small context; :data:`~escapology.roma.reductions.planarize.CROSSOVER_SWAP` is the cheapest.
"""

from __future__ import annotations

import argparse
import itertools
import platform
import random
import statistics
import time
from datetime import date

import networkx as nx

from escapology.core.errors import InputError
from escapology.roma.io import MAX_CELLS
from escapology.roma.reductions.layout import DOWN, UP, crosses, monotone_copies
from escapology.roma.reductions.planar3sat import planar3sat_to_roma
from escapology.roma.reductions.planarize import CROSSOVER
from escapology.roma.sat import count

SERIES = ((3, 3), (4, 4), (4, 6), (5, 5), (5, 7), (6, 6), (6, 8))
PER_ROW = 3
#: The largest board counted here (memory: about 6.5 kB per cell in the SAT counter).
BENCH_CELLS = 300_000


def random_cnf(rng: random.Random, n: int, m: int) -> list[list[int]]:
    return [[v * rng.choice((1, -1)) for v in rng.sample(range(1, n + 1), min(3, n))] for _ in range(m)]


def models(n: int, clauses: list[list[int]]) -> int:
    return sum(all(any(bits[abs(lit) - 1] == (lit > 0) for lit in cl) for cl in clauses)
               for bits in itertools.product((False, True), repeat=n))


def planar(n: int, clauses: list[list[int]]) -> bool:
    g = nx.Graph()
    g.add_edges_from((("x", abs(lit)), ("c", j)) for j, cl in enumerate(clauses) for lit in cl)
    return bool(nx.check_planarity(g)[0])


def row(n: int, m: int) -> str:
    n_planar = refused = over = 0
    sizes, swaps, build, counting, equal, counted = [], [], [], [], 0, 0
    for seed in range(PER_ROW):
        clauses = random_cnf(random.Random(seed), n, m)
        n_planar += planar(n, clauses)
        t = time.perf_counter()
        try:
            red = planar3sat_to_roma(n, clauses, max_cells=BENCH_CELLS)
        except InputError as exc:
            refused += 1
            over += "cells" in exc.message
            continue
        build.append(time.perf_counter() - t)
        p = red.puzzle
        sizes.append((p.rows, p.cols))
        swaps.append(red.swaps)
        over += p.rows * p.cols > MAX_CELLS
        t = time.perf_counter()
        got, _ = count(p)
        counting.append(time.perf_counter() - t)
        counted += 1
        equal += got == models(n, clauses)
    if not sizes:
        return f"| {n} | {m} | {n_planar}/{PER_ROW} | {refused} | - | - | - | - | - | - | - | 0/0 |"
    big = max(sizes, key=lambda s: s[0] * s[1])
    med = sorted(sizes, key=lambda s: s[0] * s[1])[len(sizes) // 2]
    return (f"| {n} | {m} | {n_planar}/{PER_ROW} | {refused} | {'/'.join(map(str, swaps))} | {med[0]}x{med[1]} "
            f"| {big[0]}x{big[1]} | {over} | {1000 * statistics.median(build):.0f} ms "
            f"| {statistics.median(counting):.1f} s | {max(counting):.1f} s | {equal}/{counted} |")


SERIES_PLANAR = ((2, 2), (3, 3), (4, 4), (4, 6), (5, 5), (5, 7), (6, 6), (6, 8))


def planar_row(n: int, m: int, want: int = 5) -> str:
    seed, skipped = 0, 0
    sizes, slots, build, counting, equal = [], [], [], [], 0
    while len(sizes) < want:
        clauses = random_cnf(random.Random(seed), n, m)
        seed += 1
        if not planar(n, clauses):
            skipped += 1
            continue
        t = time.perf_counter()
        red = planar3sat_to_roma(n, clauses)
        build.append(time.perf_counter() - t)
        p = red.puzzle
        t = time.perf_counter()
        got, _ = count(p)
        counting.append(time.perf_counter() - t)
        equal += got == models(n, clauses)
        sizes.append((p.rows, p.cols))
        slots.append(red.line.n_slots)
    big = max(sizes, key=lambda s: s[0] * s[1])
    med = sorted(sizes, key=lambda s: s[0] * s[1])[len(sizes) // 2]
    return (f"| {n} | {m} | {skipped} | {statistics.median(slots):.0f} | {med[0]}x{med[1]} | {big[0]}x{big[1]} "
            f"| {1000 * statistics.median(build):.0f} ms | {statistics.median(counting):.2f} s "
            f"| {max(counting):.2f} s | {equal}/{want} |")


def swap_search() -> None:
    """See the module docstring."""
    a1, b1, a2 = 1, 2, 3
    best = None
    valid = 0
    for perm in itertools.permutations([1, 4, 5, 6, 7, 8, 9]):
        order = [10, 12, b1, *perm, a2, 13, 11]
        pos = {v: k for k, v in enumerate(order)}
        if pos[a1] > pos[4]:
            continue
        arcs = [tuple(sorted(pos[abs(lit)] for lit in c)) for c in CROSSOVER] + [(pos[10], pos[a1]), (pos[4], pos[11])]
        m = len(arcs)
        adj = [[j for j in range(m) if j != i and crosses(arcs[i], arcs[j])] for i in range(m)]
        col: list[int | None] = [None] * m
        comps, ok = [], True
        for s in [m - 2, m - 1, *range(m)]:
            if col[s] is not None:
                continue
            col[s], stack, comp = 0, [s], [s]
            while stack and ok:
                i = stack.pop()
                for j in adj[i]:
                    if col[j] is None:
                        col[j] = 1 - col[i]  # type: ignore[operator]
                        stack.append(j)
                        comp.append(j)
                    elif col[j] == col[i]:
                        ok = False
            if not ok:
                break
            comps.append(comp)
        if not ok or col[m - 2] != col[m - 1]:
            continue
        valid += 1
        free = [c for c in comps if m - 2 not in c and m - 1 not in c]
        for mask in range(1 << len(free)):
            c2 = list(col)
            for k, comp in enumerate(free):
                if mask >> k & 1:
                    for i in comp:
                        c2[i] ^= 1  # type: ignore[operator]
            for P, Q in ((UP, DOWN), (DOWN, UP)):
                pages = [P if c2[i] == c2[m - 2] else Q for i in range(18)]
                clauses = [list(c) for c in CROSSOVER] + [[10, a1], [4, 11], [12, b1], [-12, -b1], [a2, 13],
                                                           [-a2, -13], [b1, a1], [-b1, -a1]]
                try:
                    lf = monotone_copies(order, clauses, pages + [P, P, UP, DOWN, UP, DOWN, UP, DOWN])
                except AssertionError:  # its monotone copies would cross: not a drawing after all
                    continue
                legs = sum(len(a.slots) for a in lf.arcs)
                cost = (4 * lf.n_slots + 5 * legs, lf.n_slots, legs)
                if best is None or cost < best[0]:
                    sides = "".join("P" if p == P else "Q" for p in pages)
                    best = (cost, order[2:-2], sides)
    print(f"{valid} orders have a swap drawing; the cheapest: columns {best[0][0]} (slots {best[0][1]}, "
          f"legs {best[0][2]}), order {best[1]}, sides {best[2]}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--swap-search", action="store_true")
    ap.add_argument("--planar", action="store_true")
    args = ap.parse_args()
    if args.swap_search:
        swap_search()
        return
    if args.planar:
        print("| variables | clauses | not planar (skipped) | line variables | board (median) | board (largest) "
              "| build | count (median) | count (worst) | count = models |")
        print("| ---: | ---: | ---: | ---: | --- | --- | ---: | ---: | ---: | ---: |")
        for n, m in SERIES_PLANAR:
            print(planar_row(n, m), flush=True)
        return
    print(f"# {date.today()}, {platform.machine()} {platform.python_version()}, roma-planar3sat")
    print("| variables | clauses | planar | refused | swaps | board (median) | board (largest) "
          f"| over {MAX_CELLS:,} cells | build | count (median) | count (worst) | count = models |")
    print("| ---: | ---: | ---: | ---: | --- | --- | --- | ---: | ---: | ---: | ---: | ---: |")
    for n, m in SERIES:
        print(row(n, m), flush=True)


if __name__ == "__main__":
    main()
