"""Roma, Theorems 2 and 10: ``escapology reduce roma-planar3sat`` on random 3-CNFs: board sizes and
the time of the exact count, against a brute-force count of the formula's models.

    .venv/bin/python benchmarks/roma_reduction.py            # about a minute on a loaded 2-core VM

Protocol. For each row ``(n, m)`` of the series, random 3-CNFs with ``n`` variables and ``m``
clauses (three distinct variables per clause, random signs; seeds from 0) are drawn until 5 have a
planar incidence graph (the others are refused and counted as such). For the 5: the board
(:func:`~escapology.roma.reductions.planar3sat.planar3sat_to_roma`), the variables on its line
(input variables plus monotone copies), the time to build it, and the time of the SAT counter
(:func:`escapology.roma.sat.count`, every solution enumerated); medians, the largest board, and
whether every count equalled the brute-force number of models.
"""

from __future__ import annotations

import itertools
import platform
import random
import statistics
import time
from datetime import date

from escapology.core.errors import InputError
from escapology.roma.reductions.planar3sat import planar3sat_to_roma
from escapology.roma.sat import count

SERIES = ((2, 2), (3, 3), (4, 4), (4, 6), (5, 5), (5, 7), (6, 6), (6, 8))


def random_cnf(rng: random.Random, n: int, m: int) -> list[list[int]]:
    return [[v * rng.choice((1, -1)) for v in rng.sample(range(1, n + 1), min(3, n))] for _ in range(m)]


def models(n: int, clauses: list[list[int]]) -> int:
    return sum(all(any(bits[abs(lit) - 1] == (lit > 0) for lit in cl) for cl in clauses)
               for bits in itertools.product((False, True), repeat=n))


def row(n: int, m: int, want: int = 5) -> str:
    seed, refused = 0, 0
    sizes, slots, build, counting, equal = [], [], [], [], 0
    while len(sizes) < want:
        clauses = random_cnf(random.Random(seed), n, m)
        seed += 1
        t = time.perf_counter()
        try:
            red = planar3sat_to_roma(n, clauses)
        except InputError:
            refused += 1
            continue
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
    return (f"| {n} | {m} | {refused} | {statistics.median(slots):.0f} | {med[0]}x{med[1]} | {big[0]}x{big[1]} "
            f"| {1000 * statistics.median(build):.0f} ms | {statistics.median(counting):.2f} s "
            f"| {max(counting):.2f} s | {equal}/{want} |")


def main() -> None:
    print(f"# {date.today()}, {platform.machine()} {platform.python_version()}, roma-planar3sat")
    print("| variables | clauses | refused (not planar) | line variables | board (median) | board (largest) "
          "| build | count (median) | count (worst) | count = models |")
    print("| ---: | ---: | ---: | ---: | --- | --- | ---: | ---: | ---: | ---: |")
    for n, m in SERIES:
        print(row(n, m), flush=True)


if __name__ == "__main__":
    main()
