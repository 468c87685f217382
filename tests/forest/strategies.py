"""Hypothesis strategies: small random boards (connected, simple), with rolls."""

from hypothesis import strategies as st

from escapology.forest.model import Board, Instance


@st.composite
def boards(draw, max_fields: int = 9, max_die: int = 4):
    n = draw(st.integers(2, max_fields))
    edges = set()
    for v in range(1, n):
        edges.add((draw(st.integers(0, v - 1)), v))
    extra = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=n + 2))
    for u, v in extra:
        if u != v:
            edges.add((min(u, v), max(u, v)))
    special = draw(st.sets(st.integers(0, n - 1), max_size=2))
    die = draw(st.integers(1, max_die))
    return Board.from_edges(sorted(edges), special=special, die=die, fields=range(n))


@st.composite
def instances(draw, max_fields: int = 9, max_die: int = 4, max_rolls: int = 5):
    b = draw(boards(max_fields, max_die))
    s = draw(st.integers(0, b.n - 1))
    t = draw(st.integers(0, b.n - 1))
    roll = st.tuples(st.integers(1, b.die), st.integers(1, b.die))
    rolls = draw(st.lists(roll, min_size=1, max_size=max_rolls))
    return Instance(b, s, t, tuple(rolls))
