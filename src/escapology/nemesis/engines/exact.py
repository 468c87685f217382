"""The exact engines of Nemesis and Blizzard on any multigraph: the search chosen, the winner and
the winner's strategy document.

:func:`new_search` picks the search: the crate's (:class:`escapology.nemesis.engines.native.NativeSearch`,
``engine="native"``, the default) or its Python twin (:class:`escapology.nemesis.engines.exact_python.Search`,
``engine="python"``, the cross-check; its docstring argues each soundness step of both).
:func:`solve` returns the winner with a strategy (see :mod:`escapology.nemesis.strategy.document`
for the format), written from the search's tables by :mod:`escapology.nemesis.engines.extract`;
:func:`winning_starts` lists every start the fugitive wins from.

>>> from escapology.nemesis.model import Instance
>>> g = Instance.from_edges([("s","a"),("a","x"),("a","y")], exits={"x","y"}, start="s").graph()
>>> solve(g).winner
'fugitive'
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from escapology.core.limits import Deadline, LimitReached
from escapology.core.progress import search_progress
from escapology.nemesis.engines import extract, native
from escapology.nemesis.engines.exact_python import Search
from escapology.nemesis.model import Graph
from escapology.nemesis.strategy.document import fugitive_document, write_document


@dataclass
class SolveResult:
    winner: str  # "fugitive" | "nemesis"
    strategy: dict[str, Any] | None
    nodes: int = 0
    game: str = "nemesis"
    stats: dict[str, int] = field(default_factory=dict)


def new_search(g: Graph, game: str = "nemesis", deadline: Deadline | None = None, *,
               engine: str = "native", automorphisms: bool = False) -> Any:
    """A search over ``g`` by ``engine``: ``"native"`` (the crate's; the Python one when the
    extension was built without it) or ``"python"`` (:class:`Search`). ``automorphisms``: the
    crate's search up to the graph's automorphisms when it has no twin symmetry (for winners
    alone; see :class:`~escapology.nemesis.engines.native.NativeSearch`)."""
    kind = native.choose(engine, native.NativeSearch, Search)
    if automorphisms and kind is native.NativeSearch:
        return kind(g, game, deadline, automorphisms=True)
    return kind(g, game, deadline)


def solve(
    g: Graph,
    game: str = "nemesis",
    start: int | None = None,
    *,
    deadline: Deadline | None = None,
    strategy: bool = True,
    search: Any = None,
    max_strategy: int | None = None,
    engine: str = "native",
    strategy_file: str | Path | None = None,
) -> SolveResult:
    """Solve Nemesis or Blizzard from ``start`` (default: the graph's start) with a strategy
    document (:mod:`escapology.nemesis.strategy.document`).

    With ``strategy_file`` the document is written to that file instead (whole or not at all;
    the Nemesis' by :func:`escapology.nemesis.engines.extract.write_nemesis_strategy`, streamed, never
    held in memory: the tens of millions of nodes of the 13 x 13 grid in under 2 GB; the
    fugitive's by :func:`escapology.nemesis.engines.extract.write_fugitive_strategy`, streamed by
    the crate after a search up to symmetry) and the result's ``strategy`` is None, with
    ``stats["strategy_file"]`` and ``stats["strategy_nodes"]``.

    A start on an exit is a win for the fugitive (§2), with the one-node strategy. A strategy of
    more than ``max_strategy`` nodes (default: no cap) is not built (``strategy`` is None and
    ``stats["strategy_too_large"]`` is set); the winner is still exact. When a game on a smaller
    graph proved the winner (``NativeSearch.proven_by``: the reduced graph, the restoring game;
    Lemma 14's graphs, where the whole graph's strategy may take hours), the strategy is sought for
    :func:`strategy_seconds` only; then ``strategy`` is None and ``stats["strategy_unwritten"]``
    says which game proved the winner and for how long the strategy was sought.

    Raises :class:`~escapology.core.limits.LimitReached` when ``deadline`` passes; when it passes
    while the strategy is being written, the winner is known and the exception carries it
    (``exc.winner``), so that the answer "unknown" can say so. ``engine`` chooses the search
    (:func:`new_search`) unless ``search`` is given; ``stats["engine"]`` says which ran.
    """
    s = g.start if start is None else start
    if s is None:
        raise ValueError("no start vertex")
    if g.is_exit[s]:
        trivial = fugitive_document([{"at": g.names[s]}], 0) if strategy else None
        if trivial is not None and strategy_file is not None:
            write_document(trivial, strategy_file)
            return SolveResult("fugitive", None, 0, game, {"strategy_file": str(strategy_file), "strategy_nodes": 1})
        return SolveResult("fugitive", trivial, 0, game, {})
    sr = search or new_search(g, game, deadline, engine=engine)
    began = time.monotonic()
    with search_progress(f"{game}: searching") as prog:
        sr.progress = prog
        r = sr.f_turn(s, g.mult)
    sr.progress = None
    strat = None
    stats: dict[str, Any] = {"engine": getattr(sr, "engine", "python")}
    proven_by = getattr(sr, "proven_by", None)
    outer = getattr(sr, "deadline", None) or Deadline(None)
    if strategy and proven_by is not None:  # the whole graph's strategy is sought for a while only
        sr.deadline = Deadline(strategy_seconds(time.monotonic() - began, outer))
    if strategy:  # writing the strategy searches again (table misses): the deadline still holds
        try:
            if strategy_file is not None:
                write = extract.write_fugitive_strategy if r[0] else extract.write_nemesis_strategy
                n = write(sr, s, strategy_file, max_nodes=max_strategy)
                stats.update(strategy_file=str(strategy_file), strategy_nodes=n)
            else:
                build = extract.fugitive_strategy if r[0] else extract.nemesis_strategy_document
                strat = build(sr, s, max_nodes=max_strategy)
        except extract.StrategyTooLarge:
            stats["strategy_too_large"] = max_strategy or 0
        except LimitReached as exc:
            if proven_by is None:  # the winner is known: the exception says so
                exc.winner = "fugitive" if r[0] else "nemesis"  # type: ignore[attr-defined]
                raise
            stats["strategy_unwritten"] = {"proven_by": proven_by, "seconds": sr.deadline.seconds}
        finally:
            if proven_by is not None:
                sr.deadline = outer
    return SolveResult("fugitive" if r[0] else "nemesis", strat, sr.nodes, game, stats)


#: The least time (seconds) :func:`solve` seeks the whole graph's strategy for when a game on a
#: smaller graph proved the winner (``NativeSearch.proven_by``: the reduced graph, the restoring
#: game), which writes none: the whole graph's search may take hours there (Lemma 14's graphs).
STRATEGY_SECONDS = 10.0
#: ... or this many times the search's own time, if longer.
STRATEGY_FACTOR = 5.0


def strategy_seconds(searched: float, deadline: Deadline) -> float:
    """How long :func:`solve` seeks the strategy after a search of ``searched`` seconds proved
    the winner on a smaller graph: :data:`STRATEGY_SECONDS` or :data:`STRATEGY_FACTOR` times the
    search, the longer, and never past ``deadline``. Then the winner is answered without strategy.

    >>> strategy_seconds(0.1, Deadline(None)), strategy_seconds(4.0, Deadline(None))
    (10.0, 20.0)
    >>> strategy_seconds(2.0, Deadline(5)) <= 5
    True
    """
    seconds = max(STRATEGY_SECONDS, STRATEGY_FACTOR * searched)
    left = deadline.remaining()
    return seconds if left is None else min(seconds, left)


def winning_starts(g: Graph, game: str = "nemesis", *, deadline: Deadline | None = None,
                   engine: str = "native") -> list[int]:
    """Every non-exit start vertex from which the fugitive wins (tables shared between starts; the
    native search up to the graph's automorphisms, the grids' 8 symmetries)."""
    sr = new_search(g, game, deadline, engine=engine, automorphisms=True)
    with search_progress(f"{game}: searching every start") as prog:
        sr.progress = prog
        starts = [v for v in range(g.n) if not g.is_exit[v] and sr.f_turn(v, g.mult)[0]]
    sr.progress = None
    return starts


#: the package exports :func:`solve` as ``escapology.nemesis.solve_graph`` (``escapology.nemesis.solve`` is the protocol's)
solve_graph = solve
