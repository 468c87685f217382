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


@st.composite
def long_cycle_boards(draw, max_nodes: int = 4, max_length: int = 12, max_die: int = 10**9):
    """Boards with long cycles: a small multigraph (loops and parallel edges allowed) whose edges
    become paths of 1..max_length edges, with a few trees hung on it (or a tree alone)."""
    k = draw(st.integers(1, max_nodes))
    skeleton = [(draw(st.integers(0, v - 1)), v) for v in range(1, k)]
    skeleton += draw(st.lists(st.tuples(st.integers(0, k - 1), st.integers(0, k - 1)), max_size=3))
    edges: list[tuple[int, int]] = []
    nxt = k
    short = set()  # skeleton pairs already joined by a single edge
    for u, v in skeleton:
        low = 3 if u == v else 1
        length = draw(st.integers(low, max(low, max_length)))
        if length == 1 and (min(u, v), max(u, v)) in short:
            length = 2
        if length == 1:
            short.add((min(u, v), max(u, v)))
            edges.append((u, v))
            continue
        path = [u] + list(range(nxt, nxt + length - 1)) + [v]
        nxt += length - 1
        edges += list(zip(path, path[1:]))
    for _ in range(draw(st.integers(0, 3))):  # trees: each new field hangs on an older one
        for _ in range(draw(st.integers(1, 3))):
            edges.append((draw(st.integers(0, nxt - 1)), nxt))
            nxt += 1
    if not edges:
        edges = [(0, 1)]
    fields = sorted({v for e in edges for v in e})
    special = draw(st.sets(st.sampled_from(fields), max_size=2))
    die = draw(st.integers(1, max_die))
    return Board.from_edges(edges, special=special, die=die)
