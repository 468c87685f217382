"""Instance generators: random graphs, trees, graphs of maximum degree 3, and the grid of Fig. 4.

Every generator is deterministic for a given ``seed``.

>>> inst = grid(3, 3)
>>> len(inst.exits), inst.start, inst.degree("r1c1"), inst.degree("r0c0")
(12, 'r1c1', 4, 4)
>>> random_tree(8, seed=1).max_degree() >= 1
True
"""

from __future__ import annotations

import random

from escapology.nemesis.model import Instance


def _finish(rng: random.Random, n: int, edges: list[tuple[int, int, int]], n_exits: int, start: int | None) -> Instance:
    exits = rng.sample(range(n), max(1, min(n_exits, n - 1)))
    non = [v for v in range(n) if v not in exits]
    if start is None or start in exits:
        start = rng.choice(non)
    return Instance.from_edges(edges, exits=exits, start=start, vertices=range(n))


def random_graph(
    n: int, p: float = 0.3, *, exits: int = 2, seed: int = 0, max_mult: int = 1, start: int | None = None
) -> Instance:
    """G(n, p) with ``exits`` random exits, multiplicities drawn in ``1..max_mult``."""
    rng = random.Random(seed)
    edges = [
        (i, j, rng.randint(1, max_mult))
        for i in range(n)
        for j in range(i + 1, n)
        if rng.random() < p
    ]
    return _finish(rng, n, edges, exits, start)


def random_tree(n: int, *, exits: int = 3, seed: int = 0, start: int | None = None) -> Instance:
    """A uniform random recursive tree on ``n`` vertices; exits are chosen among the leaves first."""
    rng = random.Random(seed)
    edges = [(rng.randrange(v), v, 1) for v in range(1, n)]
    deg = [0] * n
    for a, b, _ in edges:
        deg[a] += 1
        deg[b] += 1
    leaves = [v for v in range(n) if deg[v] <= 1]
    k = max(1, min(exits, n - 1))
    chosen = rng.sample(leaves, min(k, len(leaves)))
    rest = [v for v in range(n) if v not in chosen]
    chosen += rng.sample(rest, max(0, min(k - len(chosen), len(rest) - 1)))
    non = [v for v in range(n) if v not in chosen]
    s = start if start is not None and start in non else rng.choice(non)
    return Instance.from_edges(edges, exits=chosen, start=s, vertices=range(n))


def random_subcubic(n: int, *, extra: float = 1.3, exits: int = 2, seed: int = 0, start: int | None = None) -> Instance:
    """A random graph of maximum degree 3: about ``extra * n`` random edges added while degrees allow."""
    rng = random.Random(seed)
    deg = [0] * n
    present: set[tuple[int, int]] = set()
    edges = []
    for _ in range(int(extra * n) * 3):
        if len(edges) >= extra * n:
            break
        a, b = rng.randrange(n), rng.randrange(n)
        if a == b or deg[a] >= 3 or deg[b] >= 3:
            continue
        key = (min(a, b), max(a, b))
        if key in present:
            continue
        present.add(key)
        deg[a] += 1
        deg[b] += 1
        edges.append((a, b, 1))
    return _finish(rng, n, edges, exits, start)


def grid(rows: int, cols: int, *, start: tuple[int, int] | None = None) -> Instance:
    """The square grid of Fig. 4: vertices ``r{i}c{j}``; exits around the border, two at each
    corner vertex and one at every other border vertex (so every grid vertex has degree 4).
    The default start is the centre."""
    edges: list[tuple[str, str]] = []
    exits: list[str] = []

    def name(i: int, j: int) -> str:
        return f"r{i}c{j}"

    for i in range(rows):
        for j in range(cols):
            if j + 1 < cols:
                edges.append((name(i, j), name(i, j + 1)))
            if i + 1 < rows:
                edges.append((name(i, j), name(i + 1, j)))
            for side, on in (("n", i == 0), ("s", i == rows - 1), ("w", j == 0), ("e", j == cols - 1)):
                if on:
                    x = f"x{side}{i}_{j}"
                    exits.append(x)
                    edges.append((name(i, j), x))
    si, sj = start if start is not None else (rows // 2, cols // 2)
    vertices = [name(i, j) for i in range(rows) for j in range(cols)]
    return Instance.from_edges(edges, exits=exits, start=name(si, sj), vertices=vertices)


def grid_distance(rows: int, cols: int, i: int, j: int) -> int:
    """Distance from grid vertex (i, j) to the nearest exit of :func:`grid`."""
    return 1 + min(i, j, rows - 1 - i, cols - 1 - j)
