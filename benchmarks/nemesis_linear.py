"""The linear algorithms of Nemesis end to end through the CLI, at 1.25e5 .. 2e6 vertices.

For each family and size an instance file (ASP facts) is written once, then timed as a user runs it:

- ``solve``: ``escapology nemesis solve FILE --method linear [--game blizzard] --format json > OUT``
  (read, decide, write the winner's strategy or trap region);
- ``check``: ``escapology nemesis check FILE OUT`` (the independent checker on that certificate).

Each command is a fresh process (start-up included). With ``--baseline DIR`` (a checkout of the
baseline commit, e.g. ``git worktree add /work/bench-16l fb04e05``) the same commands run with
``PYTHONPATH=DIR/src`` in the same run, side by side, with the ratio baseline / now. The baseline
refuses graphs above 10^5 vertices (its reading limit), so it runs with that limit lifted
(``escapology.nemesis.io.MAX_VERTICES`` and ``MAX_EDGES`` raised before the CLI starts); ``--limit``
caps each baseline command (``>L`` in the table), and a family's larger sizes are skipped
after its first time-out. ``x2`` is the growth from the previous size (time doubling: 2.0).

Families (``n`` vertices):

- ``caterpillar``: a path of ``n/2`` vertices, each but the first with a pendant exit (the last
  with two); the start is the first: a binary escape tree of depth ``n/2`` (the deep path);
- ``binary``: the complete binary tree in heap order, leaves are exits, start at the root;
- ``random-tree``: a uniform random recursive tree, a leaf at depth >= 2 is an exit with
  probability 1/2, start at the root;
- ``deg3``: maximum degree 3: the start joins a random cubic-ish graph (a Hamiltonian path plus a
  random matching, every 20th vertex an exit; cycles everywhere, so the escape-tree test fails there
  after a full pass) and a random full binary tree whose leaves are exits (the escape tree found);
- ``blizzard``: Blizzard on a random graph of average degree 3 (one edge in ten has two copies,
  one vertex in 25 an exit), start at a vertex next to the winning set ``W``, so the
  trapper's strategy walks down ``W``.

Run: ``.venv/bin/python benchmarks/nemesis_linear.py [--quick] [--baseline /work/bench-16l]``.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FAMILIES = ("caterpillar", "binary", "random-tree", "deg3", "blizzard")
GAME = {"blizzard": "blizzard"}

_LIFT = ("import sys, escapology.nemesis.io as io; io.MAX_VERTICES = io.MAX_EDGES = 10**8; "
         "io.MAX_FACTS = 3 * 10**8; from escapology.cli import main; sys.argv[0] = 'escapology'; main()")


def _facts(edges: list[tuple[int, int]] | list[tuple[int, int, int]], exits: list[int], start: int) -> str:
    out = [f"edge({e[0]},{e[1]})." if len(e) == 2 or e[2] == 1 else f"edge({e[0]},{e[1]},{e[2]})."  # type: ignore[misc]
           for e in edges]
    out += [f"exit({x})." for x in exits]
    out.append(f"start({start}).")
    return "\n".join(out) + "\n"


def caterpillar(n: int, seed: int) -> str:
    spine = n // 2
    edges = [(i, i + 1) for i in range(spine - 1)]
    legs = list(range(spine, spine + spine - 1))
    edges += [(i, legs[i - 1]) for i in range(1, spine)]
    edges.append((spine - 1, spine + spine - 1))
    return _facts(edges, legs + [spine + spine - 1], 0)


def binary(n: int, seed: int) -> str:
    edges = [((v - 1) // 2, v) for v in range(1, n)]
    leaves = [v for v in range(n) if 2 * v + 1 >= n]
    return _facts(edges, leaves, 0)


def random_tree(n: int, seed: int) -> str:
    rng = random.Random(seed)
    parent = [-1] + [rng.randrange(v) for v in range(1, n)]
    has_child = [False] * n
    for v in range(1, n):
        has_child[parent[v]] = True
    exits = [v for v in range(1, n) if not has_child[v] and parent[v] != 0 and rng.random() < 0.5]
    return _facts([(parent[v], v) for v in range(1, n)], exits, 0)


def deg3(n: int, seed: int) -> str:
    rng = random.Random(seed)
    half = n // 2
    edges: list[tuple[int, int]] = [(v, v + 1) for v in range(1, half - 1)]
    order = list(range(2, half - 1))
    rng.shuffle(order)
    edges += [(a, b) for a, b in zip(order[::2], order[1::2]) if abs(a - b) > 1]
    exits = [v for v in range(1, half) if v % 20 == 7]
    edges.append((0, 1))
    # a random full binary tree on the other half: split a random leaf until the size is reached
    root = half
    leaves = [root]
    nxt = half + 1
    while nxt + 1 < n:
        i = rng.randrange(len(leaves))
        v = leaves[i]
        leaves[i] = nxt
        leaves.append(nxt + 1)
        edges += [(v, nxt), (v, nxt + 1)]
        nxt += 2
    edges.append((0, root))
    return _facts(edges, exits + leaves, 0)


def blizzard(n: int, seed: int) -> str:
    rng = random.Random(seed)
    seen: set[tuple[int, int]] = set()
    edges: list[tuple[int, int, int]] = [(v - 1, v, 1) for v in range(1, n)]  # connected
    seen.update((v - 1, v) for v in range(1, n))
    while len(edges) < 3 * n // 2:
        a, b = rng.randrange(n), rng.randrange(n)
        key = (min(a, b), max(a, b))
        if a != b and key not in seen:
            seen.add(key)
            edges.append((key[0], key[1], 2 if rng.random() < 0.1 else 1))
    exits = set(rng.sample(range(n), n // 25))
    # the winning set W (Theorem 13), to start next to it but not next to an exit
    adj: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for a, b, k in edges:
        adj[a].append((b, k))
        adj[b].append((a, k))
    count = [0] * n
    inw = [v in exits for v in range(n)]
    queue = list(exits)
    for v in queue:
        for w, k in adj[v]:
            if not inw[w]:
                count[w] += k
                if count[w] >= 2:
                    inw[w] = True
                    queue.append(w)
    start = next(v for v in rng.sample(range(n), n) if not inw[v] and any(inw[w] for w, _ in adj[v])
                 and not any(w in exits for w, _ in adj[v]))
    return _facts(edges, sorted(exits), start)


MAKERS = {"caterpillar": caterpillar, "binary": binary, "random-tree": random_tree, "deg3": deg3,
          "blizzard": blizzard}
