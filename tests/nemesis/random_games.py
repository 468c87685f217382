"""Hypothesis' small Nemesis and Blizzard games, shared by the test modules beside this file."""

from __future__ import annotations

from hypothesis import strategies as st

from escapology.nemesis import Instance


@st.composite
def multigraphs(draw, min_n=2, max_n=6, max_mult=3, max_edges=9, with_start=True):
    """A multigraph on ``min_n..max_n`` vertices: at most ``max_edges`` distinct pairs, each with
    ``1..max_mult`` copies, a nonempty set of exits that is not every vertex, and (``with_start``)
    a start that is not an exit."""
    n = draw(st.integers(min_n, max_n))
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=min(len(pairs), max_edges)))
    edges = [(a, b, draw(st.integers(1, max_mult))) for a, b in chosen]
    exits = draw(st.sets(st.integers(0, n - 1), min_size=1, max_size=n - 1))
    start = draw(st.sampled_from([v for v in range(n) if v not in exits])) if with_start else None
    return Instance.from_edges(edges, exits=exits, start=start, vertices=range(n))
