"""The restoring game's two searches side by side on Lemma 14's graphs of false QBFs.

Run: ``.venv/bin/python benchmarks/nemesis_restoring.py [--limit 120] [--only F,G,C,B]``.

For each QBF (false, so the Nemesis wins its graph): the graph built by Lemma 14
(``multigraph_to_simple``, up to 2,000,000 edges), the restoring game of its start
(``escapology._native.RestoringGame``: the heavy classes cut down to two units; the theorem in
``native/src/nemesis/restoring.rs`` makes its Nemesis wins wins on the whole graph), then

- **progressing** (``nemesis_wins_progressing``): the budgets of ``RESTORING_BUDGETS`` in turn,
  what ``NativeSearch`` asks first: the least budget that wins, positions, seconds;
- **horizons** (``nemesis_wins``, the baseline, the older search): the horizons of
  ``restoring_horizons`` in turn, each on a new game so that the table of the first search is not
  reused, with ``--limit`` seconds in all: the horizon that wins, positions, seconds, or the last
  horizon tried when the time ran out;

and the ratio of the times (a lower bound when the horizons ran out of time). Prints a Markdown
table; the positions are table misses, the failed budgets and horizons included.
"""

from __future__ import annotations

import argparse
import time

from escapology import _native
from escapology.core.dimacs import QBF, qbf_true
from escapology.nemesis.engines.native import RESTORING_BUDGETS, restoring_horizons
from escapology.nemesis.reductions import multigraph_to_simple, qsat_to_multigraph

#: The false QBFs: name -> (variables, prefix, clauses), the names of docs/nemesis.md.
SOURCES = {
    "G": (1, "a", ((1,),)),  # forall x: x
    "F": (1, "e", ((1,), (-1,))),  # exists x: x & -x
    "C": (2, "ae", ((-2,), (-1, 2))),  # forall x exists y: -y & (-x | y), the benchmark's
    "B": (2, "ee", ((2,), (-2, 1), (-1, -2))),  # exists x exists y: y & (-y | x) & (-x | -y)
}


def formula(name: str) -> tuple[QBF, str]:
    n, prefix, clauses = SOURCES[name]
    qbf = QBF(n, tuple((q, (v,), 0) for v, q in enumerate(prefix, start=1)), clauses)
    quantifiers = " ".join(f"{'∀' if q == 'a' else '∃'}x{v}" for v, q in enumerate(prefix, start=1))
    cnf = " ∧ ".join("(" + " ∨ ".join(("¬" if lit < 0 else "") + f"x{abs(lit)}" for lit in c) + ")" for c in clauses)
    return qbf, f"{quantifiers}: {cnf}"


def game_of(g):
    return _native.RestoringGame.of(g.n, g.ends, list(g.mult), g.is_exit, False, g.start)


def progressing(g) -> tuple[int | None, int, float]:
    """The least budget that wins (None: none does), positions, seconds."""
    game = game_of(g)
    t = time.perf_counter()
    for budget in RESTORING_BUDGETS:
        if game.nemesis_wins_progressing(budget):
            return budget, game.nodes, time.perf_counter() - t
    return None, game.nodes, time.perf_counter() - t


def horizons(g, limit: float) -> tuple[int, bool | None, int, float]:
    """The last horizon asked, whether she won there (None: out of time), positions, seconds."""
    game = game_of(g)
    t = time.perf_counter()
    horizon = 0
    for horizon in restoring_horizons(game.size[0]):
        out = game.nemesis_wins(horizon, max(0.0, limit - (time.perf_counter() - t)))
        if out is None or out:
            return horizon, out, game.nodes, time.perf_counter() - t
    return horizon, False, game.nodes, time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--limit", type=float, default=120.0, help="seconds for the horizons' search of one graph")
    ap.add_argument("--only", default=",".join(SOURCES), help="comma-separated: " + ", ".join(SOURCES))
    args = ap.parse_args()
    print("| QBF (false) | whole graph | game's graph | progressing: budget, positions, time "
          "| horizons: horizon, positions, time | ratio |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name in args.only.split(","):
        qbf, text = formula(name)
        assert not qbf_true(qbf), name
        g = multigraph_to_simple(qsat_to_multigraph(qbf), max_edges=2_000_000).instance.graph()
        size = game_of(g).size
        budget, p_nodes, p_time = progressing(g)
        won_by = "none won" if budget is None else str(budget)
        horizon, won, h_nodes, h_time = horizons(g, args.limit)
        if won is None:
            h_text, ratio = f"not won by {horizon} at {args.limit:.0f} s, {h_nodes:,}", f"> {h_time / p_time:.0f}"
        else:
            h_text = f"{horizon} {'won' if won else 'not won'}, {h_nodes:,}, {h_time:.2f} s"
            ratio = f"{h_time / p_time:.0f}"
        print(f"| `{text}` | {g.n:,} vertices, {g.m:,} edges | {size[0]}, {size[1]} | {won_by}, {p_nodes:,}, "
              f"{p_time:.2f} s | {h_text} | {ratio} |", flush=True)


if __name__ == "__main__":
    main()
