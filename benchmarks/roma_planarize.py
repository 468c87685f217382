"""Roma, the formula side of Theorems 2 and 9: Lichtenstein's planarization
(:func:`escapology.roma.reductions.planarize.planarize`) on random 3-CNFs, its size against the
formula's, and its model counts against brute force.

    .venv/bin/python benchmarks/roma_planarize.py           # about a minute (mostly networkx's planarity tests)

Protocol. For each ``N`` in the series, 5 random 3-CNFs with ``N`` variables and ``N`` clauses
(three distinct variables per clause, random signs; seeds 0-4): crossings, variables and clauses
of the planar formula (medians), the largest of them against ``N^2`` (Theorem 9: ``O(N^2)``),
and networkx's planarity test of the incidence graph. For ``N <= 6`` also 40 random formulas with
2-6 variables and up to 10 clauses: the planar formula's models (python-sat, all of them) projected
on the input's variables equal the input's models (brute force), each exactly once.
"""

from __future__ import annotations

import itertools
import platform
import random
import statistics
import time
from datetime import date

import networkx as nx
from pysat.solvers import Solver

from escapology.roma.reductions.planarize import normalise_clauses, planarize


def random_cnf(rng: random.Random, n: int, m: int) -> list[list[int]]:
    return [[v * rng.choice((1, -1)) for v in rng.sample(range(1, n + 1), min(3, n))] for _ in range(m)]


def planar(clauses: list[list[int]]) -> bool:
    g = nx.Graph()
    g.add_edges_from((("c", i), abs(lit)) for i, cl in enumerate(clauses) for lit in cl)
    return nx.check_planarity(g)[0]


def same_models(n: int, clauses: list[list[int]]) -> bool:
    want = sorted(bits for bits in itertools.product((False, True), repeat=n)
                  if all(any(bits[abs(lit) - 1] == (lit > 0) for lit in cl) for cl in normalise_clauses(clauses)))
    pf = planarize(n, clauses)
    got = []
    with Solver(name="g4", bootstrap_with=pf.clauses + [[v, -v] for v in range(1, pf.n_vars + 1)]) as s:
        while s.solve():
            model = s.get_model()
            got.append(tuple(lit > 0 for lit in model[:n]))
            s.add_clause([-lit for lit in model])
    return sorted(got) == want


def main() -> None:
    print(f"# {date.today()}, {platform.machine()} {platform.python_version()}, planarize")
    rng = random.Random(0)
    ok = sum(same_models(n, random_cnf(rng, n, rng.randint(0, 10))) for n in [rng.randint(2, 6) for _ in range(40)])
    print(f"model counts equal (bijection) on {ok} of 40 random formulas with 2-6 variables, <= 10 clauses\n")
    print("| N | crossings | variables | clauses | max variables / N^2 | planar | planarize time |")
    print("| ---: | ---: | ---: | ---: | ---: | --- | ---: |")
    for n in (5, 10, 20, 40):  # the planarity tests take most of the time
        rows, dt = [], 0.0
        for seed in range(5):
            cnf = random_cnf(random.Random(seed), n, n)
            t0 = time.perf_counter()
            pf = planarize(n, cnf)
            dt += (time.perf_counter() - t0) / 5
            rows.append((pf.crossings, pf.n_vars, len(pf.clauses), planar(pf.clauses)))
        med = [statistics.median(r[i] for r in rows) for i in range(3)]
        print(f"| {n} | {med[0]:.0f} | {med[1]:.0f} | {med[2]:.0f} | {max(r[1] for r in rows) / n**2:.2f} | "
              f"{all(r[3] for r in rows)} | {dt * 1000:.1f} ms |")


if __name__ == "__main__":
    main()
