"""Random forest boards: grid-like forests with paths, and random connected graphs.

Both keep the board connected by construction (a random spanning tree plus extra edges), so every
generated instance is valid input; rolls are uniform on ``1..d``.

>>> inst = grid_forest(4, 5, seed=1, rolls=3)
>>> inst.board.n, len(inst.rolls), inst.label(inst.start), inst.label(inst.target)
(20, 3, 0, 19)
>>> random_board(50, 80, seed=2).board.m
80
"""

from __future__ import annotations

import random

from escapology.core.errors import InputError
from escapology.forest.model import Board, Instance


def _random_rolls(rng: random.Random, die: int, count: int) -> tuple[tuple[int, int], ...]:
    return tuple((rng.randint(1, die), rng.randint(1, die)) for _ in range(count))


def _spanning_tree(rng: random.Random, nodes: list[int], candidates: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """A random spanning tree from candidate edges (Kruskal on a random order, union-find)."""
    parent = {v: v for v in nodes}

    def find(v: int) -> int:
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    order = list(candidates)
    rng.shuffle(order)
    tree = []
    for u, v in order:
        ru, rv = find(u), find(v)
        if ru != rv:
            parent[ru] = rv
            tree.append((u, v))
    return tree


def grid_forest(
    rows: int,
    cols: int,
    *,
    keep: float = 0.35,
    specials: int | None = None,
    castle: bool = True,
    die: int = 6,
    rolls: int = 20,
    seed: int | None = None,
) -> Instance:
    """A ``rows x cols`` grid of fields whose paths are a random spanning tree plus a fraction
    ``keep`` of the other grid edges (so the forest has loops). Field ``r*cols + c`` is drawn at
    column ``c``, row ``r``; start is the corner 0, target the opposite corner, and ``specials``
    random fields (default about one in twelve) are special, and the target too if ``castle``
    (like the castle of the board game, which a double may jump to).
    """
    if rows < 1 or cols < 1 or rows * cols < 2:
        raise InputError("a grid forest needs at least two fields")
    if die < 1:
        raise InputError("the die needs at least one face")
    rng = random.Random(seed)
    nodes = list(range(rows * cols))
    grid = [(r * cols + c, r * cols + c + 1) for r in range(rows) for c in range(cols - 1)]
    grid += [(r * cols + c, (r + 1) * cols + c) for r in range(rows - 1) for c in range(cols)]
    tree = _spanning_tree(rng, nodes, grid)
    chosen = set(tree)
    for e in grid:
        if e not in chosen and rng.random() < keep:
            chosen.add(e)
    target = rows * cols - 1
    k = max(1, rows * cols // 12) if specials is None else specials
    special = set(rng.sample(nodes[1:-1], min(k, max(0, len(nodes) - 2))))
    if castle:
        special.add(target)
    positions = {v: (float(v % cols), float(v // cols)) for v in nodes}
    board = Board.from_edges(sorted(chosen), special=special, die=die, fields=nodes, positions=positions)
    return Instance(board, board.index[0], board.index[target], _random_rolls(rng, die, rolls))


def random_board(
    n: int,
    m: int,
    *,
    specials: int | None = None,
    die: int = 6,
    rolls: int = 20,
    seed: int | None = None,
) -> Instance:
    """A random connected simple graph with ``n`` fields and ``m`` edges (a random recursive tree
    plus uniform extra edges); start 0, target ``n - 1``."""
    if n < 2:
        raise InputError("a board needs at least two fields")
    if not n - 1 <= m <= n * (n - 1) // 2:
        raise InputError(f"a connected simple graph on {n} fields has between {n - 1} and {n * (n - 1) // 2} edges")
    rng = random.Random(seed)
    edges: set[tuple[int, int]] = set()
    for v in range(1, n):
        u = rng.randrange(v)
        edges.add((u, v))
    while len(edges) < m:
        u, v = rng.randrange(n), rng.randrange(n)
        if u != v:
            edges.add((min(u, v), max(u, v)))
    k = max(1, n // 12) if specials is None else specials
    special = set(rng.sample(range(n), min(k, n)))
    board = Board.from_edges(sorted(edges), special=special, die=die, fields=range(n))
    return Instance(board, 0, n - 1, _random_rolls(rng, die, rolls))
