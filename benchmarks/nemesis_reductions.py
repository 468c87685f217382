"""The Nemesis paper's reductions (Bergé, Dailly, Gerard, FUN 2026) checked and timed.

For each reduction and each size, random sources: the game's answer on the reduced instance
(``escapology.nemesis.solve``, the public exact solver, with a time limit per instance; Theorem 3:
``find_escape_tree``; Corollary 6: ``cat_exceeds`` above the threshold ``2m``) against the source's
truth computed independently (every assignment, the QBF's prefix branch by branch, or the exact solver on the
unreduced Nemesis instance for Theorems 9 and Corollary 6); planarity by networkx (Theorem 4);
maximum degree (Theorem 3); the size against the paper's count (``Built.bound``).

Usage: .venv/bin/python benchmarks/nemesis_reductions.py [--per-n 8] [--limit 60] [--seed 20]
           [--max-sat-n 3] [--max-qbf-n 3] [--max-strategy-nodes N] [--only theorem4,theorem5,...] [--quick]
Prints one Markdown row per reduction and size: sources, true, finished within the limit,
agreeing, planar / degree, within the paper's bound, vertices, time (median, max of the finished).
Lemma 14's rows (QBFs over 1 and 2 variables) time the winner alone (the exact search, no strategy
written), then count as "certified" the answers whose certificate (a strategy of at most
``--max-strategy-nodes`` nodes, written within the limit by ``solve``) the independent checker
accepted; a winner without it is still exact. Corollary 6 has rows for 3- and 4-vertex sources, settled by
``cat_exceeds`` (the threshold search; its "certified" counts the herder strategies of its ``False``
answers accepted by the checker; its ``True`` answers rest on the clique lemma, no certificate).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any, Callable, Iterator

import networkx as nx

from escapology.core.dimacs import QBF, qbf_true, satisfiable
from escapology.core.errors import InputError
from escapology.core.limits import Deadline, LimitReached
from escapology.nemesis import find_escape_tree, random_graph, solve
from escapology.nemesis.checkers.check import check_herder, check_strategy
from escapology.nemesis.engines.cat_threshold import cat_exceeds
from escapology.nemesis.engines.exact import new_search
from escapology.nemesis.reductions import (
    embed,
    escape_tree_theorem3,
    multigraph_to_simple,
    nemesis_to_cat_corollary6,
    pmr3sat_to_nemesis,
    qsat_to_multigraph,
    two_exits_theorem9,
)
from escapology.nemesis.reductions.common import MAX_EDGES

HEADER = ("| reduction | n | sources | true | finished | agree | planar / max degree | within bound | vertices "
          "| time median | time max |")


def timed(run: Callable[[], Any]) -> tuple[Any, float]:
    t = time.perf_counter()
    out = run()
    return out, time.perf_counter() - t


def winner(inst: Any, limit: float, game: str = "nemesis") -> str | None:
    r = solve(inst, timeout=limit, game=game) if game != "cat" else solve(inst, timeout=limit, game="cat", cat_speed="1")
    if r.status.value != "solved":
        return None
    return r.winner if game != "cat" else str(r.answer["value"])


def row(name: str, n: int, rows: list[dict[str, Any]], shape: str) -> None:
    done = [r for r in rows if r["answer"] is not None]
    times = [r["time"] for r in done]
    sizes = [r["vertices"] for r in rows]
    med = f"{statistics.median(times):.2f} s" if times else "-"
    top = f"{max(times):.2f} s" if times else "-"
    print(f"| {name} | {n} | {len(rows)} | {sum(r['truth'] for r in rows)} | {len(done)} | "
          f"{sum(r['answer'] == r['truth'] for r in done)} | {shape} | {sum(r['bound'] for r in rows)} | "
          f"{min(sizes)}-{max(sizes)} | {med} | {top} |", flush=True)


def lsat_like(rng: random.Random, n: int) -> list[list[int]]:
    uses: dict[int, int] = {}
    clauses = []
    for _ in range(rng.randint(n // 2 + 1, 2 * n)):  # around the threshold: both answers occur
        c = []
        for _ in range(rng.randint(2, 3)):
            lit = rng.choice((1, -1)) * rng.randint(1, n)
            if uses.get(lit, 0) < 2 and lit not in c:
                uses[lit] = uses.get(lit, 0) + 1
                c.append(lit)
        if c:
            clauses.append(c)
    return clauses


def theorem3(args: argparse.Namespace, rng: random.Random) -> None:
    for n in (2, 4, 6, 8, 10, 12):
        rows, degree = [], 0
        for _ in range(args.per_n):
            clauses = lsat_like(rng, n)
            built = escape_tree_theorem3(clauses, n)
            g = built.instance.graph()
            tree, t = timed(lambda: find_escape_tree(g, g.index["r"]))
            degree = max(degree, built.instance.max_degree())
            rows.append({"truth": satisfiable(n, clauses), "answer": tree is not None, "time": t,
                         "vertices": len(built.instance.vertices), "bound": built.within_bound()})
        row("Theorem 3 (escape tree, SAT search)", n, rows, f"max degree {degree}")


def embedded(rng: random.Random, n: int) -> Iterator[tuple[list[list[int]], Any]]:
    while True:
        clauses = []
        for _ in range(rng.randint(2, n + 2)):
            sign = rng.choice((1, -1))
            clauses.append(sorted({sign * rng.randint(1, n) for _ in range(rng.randint(1, 3))}, key=abs))
        try:
            yield clauses, embed(n, clauses)
        except InputError:
            continue


def theorem4(args: argparse.Namespace, rng: random.Random) -> None:
    for n in range(1, args.max_sat_n + 1):
        rows, planar = [], 0
        source = embedded(rng, n)
        for _ in range(args.per_n):
            clauses, formula = next(source)
            built = pmr3sat_to_nemesis(formula)
            g = nx.Graph(list(built.instance.edges))
            planar += nx.check_planarity(g)[0]
            w, t = timed(lambda: winner(built.instance, args.limit))
            rows.append({"truth": satisfiable(n, clauses), "answer": None if w is None else w == "fugitive",
                         "time": t, "vertices": len(built.instance.vertices), "bound": built.within_bound()})
        row("Theorem 4 (PMR3SAT, planar multigraph)", n, rows, f"planar {planar}/{len(rows)}")


def random_qbf(rng: random.Random, n: int) -> QBF:
    prefix = tuple((rng.choice("ea"), (v,), 0) for v in range(1, n + 1))
    clauses = tuple(tuple(dict.fromkeys(rng.choice((1, -1)) * rng.randint(1, n) for _ in range(rng.randint(1, 3))))
                    for _ in range(rng.randint(1, n + 1)))
    return QBF(n, prefix, clauses)


def theorem5(args: argparse.Namespace, rng: random.Random) -> None:
    for n in range(1, args.max_qbf_n + 1):
        rows, universal = [], 0
        for _ in range(args.per_n):
            qbf = random_qbf(rng, n)
            built = qsat_to_multigraph(qbf)
            universal += built.params["universal"]
            w, t = timed(lambda: winner(built.instance, args.limit))
            rows.append({"truth": qbf_true(qbf), "answer": None if w is None else w == "fugitive", "time": t,
                         "vertices": len(built.instance.vertices), "bound": built.within_bound()})
        row("Theorem 5 (QSAT, multigraph)", n, rows, f"{universal} gadgets")


def lemma14(args: argparse.Namespace, rng: random.Random) -> None:
    def settle(qbf: QBF, rows: list[dict[str, Any]]) -> int:
        """Appends the row of ``qbf``'s simple graph; returns 1 if its certificate was checked."""
        built = multigraph_to_simple(qsat_to_multigraph(qbf), max_edges=args.max_edges)
        g = built.instance.graph()

        def decide() -> bool | None:  # the winner alone: the search, no strategy written
            try:
                return bool(new_search(g, deadline=Deadline(args.limit)).f_turn(g.start, g.mult)[0])
            except LimitReached:
                return None

        won, t = timed(decide)
        rows.append({"truth": qbf_true(qbf), "answer": won, "time": t,
                     "vertices": len(built.instance.vertices), "bound": built.within_bound()})
        if won is None:
            return 0
        r = solve(built.instance, timeout=args.strategy_limit or args.limit, max_strategy_nodes=args.max_strategy_nodes)
        if r.certificate is None:
            return 0
        return int(check_strategy(g, "nemesis", g.start, r.certificate)[0])  # the independent checker

    rows: list[dict[str, Any]] = []  # the instance: exists x: x (222 vertices, 3,508 edges)
    certified = settle(QBF(1, (("e", (1,), 0),), ((1,),)), rows)
    row("Lemma 14 (QSAT, simple graph), ∃x: x", 1, rows, f"simple; {certified} certified")
    for n in range(1, min(args.max_qbf_n, 2) + 1):
        rows, certified, refused = [], 0, 0
        for _ in range(min(args.per_n, 4)):
            qbf = random_qbf(rng, n)
            try:
                certified += settle(qbf, rows)
            except InputError:  # beyond the reductions' limit of edges: not built
                refused += 1
        if rows:
            row("Lemma 14 (QSAT, simple graph)", n, rows, f"simple; {certified} certified")
        if refused:
            print(f"| Lemma 14 (QSAT, simple graph) | {n} | {refused} | not built: beyond the limit of "
                  f"{args.max_edges:,} edges (--max-edges) | | | | | | | |", flush=True)


def theorem9(args: argparse.Namespace, rng: random.Random) -> None:
    for n in (4, 6, 8, 10):
        rows = []
        while len(rows) < args.per_n:
            inst = random_graph(n, rng.uniform(0.25, 0.6), exits=rng.randint(1, 4), seed=rng.randrange(10**9))
            truth = winner(inst, args.limit)
            if truth is None:
                continue
            built = two_exits_theorem9(inst)
            w, t = timed(lambda: winner(built.instance, args.limit))
            rows.append({"truth": truth == "fugitive", "answer": None if w is None else w == "fugitive", "time": t,
                         "vertices": len(built.instance.vertices), "bound": built.within_bound()})
        row("Theorem 9 (two exits)", n, rows, "simple")


def corollary6(args: argparse.Namespace, rng: random.Random) -> None:
    for n in (3, 4):
        rows, certified = [], 0
        for _ in range(args.per_n):
            inst = random_graph(n, 0.7, exits=2, seed=rng.randrange(10**9))
            truth = winner(inst, args.limit)
            if truth is None:
                continue
            built = nemesis_to_cat_corollary6(inst)
            g = built.instance.graph()
            r, t = timed(lambda: cat_exceeds(g, g.start, built.params["threshold"], deadline=Deadline(args.limit)))
            if r.herder is not None:
                certified += check_herder(g, g.start, r.herder, r.upper, speed=1)[0]
            rows.append({"truth": truth == "fugitive", "answer": r.exceeds, "time": t,
                         "vertices": len(built.instance.vertices), "bound": built.within_bound()})
        if rows:
            row("Corollary 6 (Cat Herding, speed 1, cat_exceeds)", n, rows, f"simple; {certified} certified")


TABLES = {"theorem3": theorem3, "theorem4": theorem4, "theorem5": theorem5, "lemma14": lemma14,
          "theorem9": theorem9, "corollary6": corollary6}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-n", type=int, default=8)
    ap.add_argument("--limit", type=float, default=60.0, help="seconds per solve")
    ap.add_argument("--seed", type=int, default=20)
    ap.add_argument("--max-sat-n", type=int, default=3)
    ap.add_argument("--max-qbf-n", type=int, default=3)
    ap.add_argument("--max-strategy-nodes", type=int, default=2_000_000,
                    help="Lemma 14: leave out a strategy of more nodes (the winner still exact)")
    ap.add_argument("--max-edges", type=int, default=2 * MAX_EDGES,
                    help="Lemma 14: build graphs up to this many edges (default: twice the reductions' limit "
                         "for files, as the graphs stay in memory: the two-variable sources' 1,665,065 edges)")
    ap.add_argument("--strategy-limit", type=float, default=None,
                    help="Lemma 14: seconds for solve with its strategy, after the winner (default: --limit)")
    ap.add_argument("--only", default=",".join(TABLES), help="comma-separated: " + ", ".join(TABLES))
    ap.add_argument("--quick", action="store_true", help="2 sources per row, 10 s limit, up to 2 variables")
    args = ap.parse_args()
    if args.quick:
        args.per_n, args.limit, args.max_sat_n, args.max_qbf_n = 2, 10.0, 2, 2
    print(HEADER)
    print("|" + " --- |" * (HEADER.count("|") - 1))
    for name in args.only.split(","):
        TABLES[name.strip()](args, random.Random(f"{args.seed}-{name}"))


if __name__ == "__main__":
    main()
