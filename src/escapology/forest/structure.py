"""The shape of the arc graph ``H``: its core, the trees hanging off it, and the core's chains.

Schwahn and Thielen (FUN 2018, §3) walk on the arc graph ``H`` of non-backtracking steps (one
node per direction ``u->v`` of every edge, ``u->v`` followed by ``v->w`` for ``w != u``). Its shape
is simple, and :mod:`escapology.forest.chains` uses it to advance walks of ``10**9`` steps
without taking them one at a time.

**Core and trees.** The *core* of the board is its 2-core ``K`` (repeatedly remove fields of
degree 1); the other edges form trees hanging off ``K`` (or the whole board is a tree). An arc
of a tree edge points either towards ``K`` (*up*) or away from it (*dead*); without a core every
arc is dead. Then:

- a dead arc is followed only by dead arcs, and a walk on them never turns back, so it runs into
  a leaf: every path of dead arcs has at most :attr:`Structure.dead_depth` arcs (``D``);
- an up arc is followed by up, dead or core arcs, and a path of up arcs has at most
  :attr:`Structure.up_depth` arcs (``U``): after ``U`` steps a frontier holds no up arc;
- a core arc is followed only by core or dead arcs (a walk leaving ``K`` along a tree edge can
  never come back, it would have to turn round at a leaf).

So the core arcs evolve on their own: the core part of a frontier after ``U`` steps is the
frontier of the core arcs alone, and dead arcs only matter within ``D`` steps of the end.

**Chains.** Fields of ``K`` with at least three core neighbours are *branch* fields. If there is
none, ``K`` is a single cycle and ``H`` restricted to it is two directed cycles (one per
direction): each is one :class:`Chain` whose only successor is itself (``kind == "cycle"``).
Otherwise every core arc lies on exactly one *chain*: a maximal run of core arcs that starts on a
branch field and passes only through fields with two core neighbours until it reaches a branch
field again (``kind == "chains"``). Inside a chain, arc ``i`` is followed in ``H`` (among core
arcs) only by arc ``i + 1``; the last arc ``y->z`` of a chain is followed by the first arc of every
chain leaving ``z`` except the one beginning ``z->y``. Fields in the middle of a chain may carry
trees; their arcs are up or dead arcs and do not change the core's own successions.

>>> from escapology.forest.model import Board
>>> b = Board.from_edges([(0, 1), (1, 2), (2, 0), (0, 3), (3, 4), (4, 0), (4, 5)])  # a bow tie with a tail
>>> s = analyse(b)
>>> s.kind, [c.length for c in s.chains], s.dead_depth, s.up_depth
('chains', [3, 3, 3, 3], 1, 1)
>>> [int(b.arcs.head[a]) for a in s.chains[0].arcs]   # 0->1->2->0
[1, 2, 0]
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from escapology.forest.model import Board

DEAD, UP, CORE = 0, 1, 2


@dataclass(frozen=True, eq=False)
class Chain:
    """A maximal run of core arcs (``arcs``, in walking order) and the chains that may follow it."""

    arcs: np.ndarray
    successors: tuple[int, ...] = ()

    @property
    def length(self) -> int:
        return int(self.arcs.shape[0])


@dataclass(frozen=True, eq=False)
class Structure:
    """The core, the trees and the chains of ``H`` for one board (see the module documentation).

    ``arc_kind[a]`` is :data:`DEAD`, :data:`UP` or :data:`CORE`; ``kind`` is ``"tree"`` (no core),
    ``"cycle"`` (the core is one cycle) or ``"chains"``; ``chain_of[a]`` and ``offset_of[a]`` give the
    chain of a core arc and its place in it (``-1`` for other arcs). ``branches`` lists, per branch
    field ``z``, the pairs ``(into, out)`` of its chains aligned by neighbour: ``into[i]`` ends with
    ``w_i->z`` and ``out[i]`` begins with ``z->w_i``, so ``out[i]`` may follow every ``into[j]``, ``j != i``.
    """

    arc_kind: np.ndarray
    dead_depth: int
    up_depth: int
    kind: str
    chains: tuple[Chain, ...] = ()
    chain_of: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    offset_of: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    branches: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = ()

    @property
    def shortest_chain(self) -> int:
        """The length of the shortest chain (0 without chains)."""
        return min((c.length for c in self.chains), default=0)

    @property
    def core_mask(self) -> np.ndarray:
        return self.arc_kind == CORE

    @property
    def up_mask(self) -> np.ndarray:
        return self.arc_kind == UP


def two_core(adj: tuple[tuple[int, ...], ...]) -> np.ndarray:
    """The fields of the 2-core (``True``), by removing fields of degree at most 1 repeatedly."""
    n = len(adj)
    deg = [len(a) for a in adj]
    alive = [True] * n
    queue = deque(v for v in range(n) if deg[v] <= 1)
    while queue:
        v = queue.popleft()
        if not alive[v]:
            continue
        alive[v] = False
        for w in adj[v]:
            if alive[w]:
                deg[w] -= 1
                if deg[w] == 1:
                    queue.append(w)
    return np.array(alive, dtype=bool)


def _tree_depths(adj: tuple[tuple[int, ...], ...], core: np.ndarray) -> tuple[list[int], list[int], list[int]]:
    """``parent`` (towards the core, ``-1`` on the core), ``depth`` (distance to the core) and
    ``height`` (longest way down into its tree, in edges) of every field, by breadth-first search
    out of the core."""
    n = len(adj)
    parent = [-1] * n
    depth = [0] * n
    order = [v for v in range(n) if core[v]]
    seen = core.tolist()
    i = 0
    while i < len(order):
        v = order[i]
        i += 1
        for w in adj[v]:
            if not seen[w]:
                seen[w] = True
                parent[w] = v
                depth[w] = depth[v] + 1
                order.append(w)
    height = [0] * n
    for v in reversed(order):
        p = parent[v]
        if p >= 0 and not core[p] and height[v] + 1 > height[p]:
            height[p] = height[v] + 1
    return parent, depth, height


def _tree_diameter(adj: tuple[tuple[int, ...], ...]) -> int:
    """The longest path of a tree, in edges (two breadth-first searches)."""

    def farthest(src: int) -> tuple[int, int]:
        dist = {src: 0}
        queue = deque([src])
        last = src
        while queue:
            v = queue.popleft()
            last = v
            for w in adj[v]:
                if w not in dist:
                    dist[w] = dist[v] + 1
                    queue.append(w)
        return last, dist[last]

    a, _ = farthest(0)
    _, d = farthest(a)
    return d


def analyse(board: "Board") -> Structure:
    """The :class:`Structure` of ``board``'s arc graph, in time linear in the board."""
    arcs = board.arcs
    adj = board.adj
    n = board.n
    core = two_core(adj)
    tail, head = arcs.tail, arcs.head
    if not core.any():
        # a tree: every walk runs into a leaf after at most a diameter's steps
        kind = np.full(arcs.count, DEAD, dtype=np.int8)
        return Structure(kind, max(1, _tree_diameter(adj)) if n > 1 else 0, 0, "tree")
    parent, depth, height = _tree_depths(adj, core)
    par = np.array(parent, dtype=np.int64)
    arc_kind = np.full(arcs.count, DEAD, dtype=np.int8)
    arc_kind[core[tail] & core[head]] = CORE
    arc_kind[(par[tail] == head) & ~core[tail]] = UP
    dead = arc_kind == DEAD
    hgt = np.array(height, dtype=np.int64)
    dead_depth = int((hgt[head[dead]] + 1).max()) if dead.any() else 0
    up_depth = max(depth)
    core_deg = np.bincount(tail[arc_kind == CORE], minlength=n)
    branch = core_deg >= 3
    through = _through_successor(board, arc_kind, core_deg)
    if not branch.any():
        return _cycle_structure(board, arc_kind, dead_depth, up_depth, through)
    return _chain_structure(board, arc_kind, dead_depth, up_depth, through, branch)


def _through_successor(board: "Board", arc_kind: np.ndarray, core_deg: np.ndarray) -> np.ndarray:
    """For a core arc ``u->v`` into a field with two core neighbours: the core arc ``v->w``,
    ``w != u``, that follows it (``-1`` elsewhere)."""
    arcs = board.arcs
    is_core = arc_kind == CORE
    core_arcs = np.flatnonzero(is_core)
    # the two core arcs leaving each field with core degree 2, in arc order
    two = core_deg[arcs.tail[core_arcs]] == 2
    leaving = core_arcs[two]
    first = np.full(board.n, -1, dtype=np.int64)
    second = np.full(board.n, -1, dtype=np.int64)
    tails = arcs.tail[leaving]
    # arcs are numbered by tail, so the leaving arcs of a field are consecutive here
    is_first = np.ones(leaving.shape[0], dtype=bool)
    is_first[1:] = tails[1:] != tails[:-1]
    first[tails[is_first]] = leaving[is_first]
    second[tails[~is_first]] = leaving[~is_first]
    out = np.full(arcs.count, -1, dtype=np.int64)
    into = core_arcs[core_deg[arcs.head[core_arcs]] == 2]
    v = arcs.head[into]
    back = arcs.rev[into]
    out[into] = np.where(first[v] == back, second[v], first[v])
    return out


def _follow(start: int, through: np.ndarray) -> np.ndarray:
    """The chain of arcs from ``start`` following ``through`` until it ends (or comes back)."""
    seq = [start]
    a = int(through[start])
    while a >= 0 and a != start:
        seq.append(a)
        a = int(through[a])
    return np.array(seq, dtype=np.int64)


def _cycle_structure(board: "Board", arc_kind: np.ndarray, dead_depth: int, up_depth: int,
                     through: np.ndarray) -> Structure:
    arcs = board.arcs
    core_arcs = np.flatnonzero(arc_kind == CORE)
    v0 = int(arcs.tail[core_arcs].min())
    starts = [int(a) for a in core_arcs if int(arcs.tail[a]) == v0]
    chains = []
    chain_of = np.full(arcs.count, -1, dtype=np.int64)
    offset_of = np.full(arcs.count, -1, dtype=np.int64)
    for i, s in enumerate(starts):
        seq = _follow(s, through)
        chains.append(Chain(seq, (i,)))
        chain_of[seq] = i
        offset_of[seq] = np.arange(seq.shape[0])
    return Structure(arc_kind, dead_depth, up_depth, "cycle", tuple(chains), chain_of, offset_of, ())


def _chain_structure(board: "Board", arc_kind: np.ndarray, dead_depth: int, up_depth: int,
                     through: np.ndarray, branch: np.ndarray) -> Structure:
    arcs = board.arcs
    core_arcs = np.flatnonzero(arc_kind == CORE)
    starts = core_arcs[branch[arcs.tail[core_arcs]]]
    seqs = [_follow(int(s), through) for s in starts]
    chain_of = np.full(arcs.count, -1, dtype=np.int64)
    offset_of = np.full(arcs.count, -1, dtype=np.int64)
    for i, seq in enumerate(seqs):
        chain_of[seq] = i
        offset_of[seq] = np.arange(seq.shape[0])
    # chains into and out of every branch field, aligned by neighbour
    by_first = {int(seq[0]): i for i, seq in enumerate(seqs)}
    by_last = {int(seq[-1]): i for i, seq in enumerate(seqs)}
    branches = []
    successors: list[list[int]] = [[] for _ in seqs]
    for z in np.flatnonzero(branch).tolist():
        outs = [a for a in arcs.out(z) if arc_kind[a] == CORE]
        out_chains = tuple(by_first[a] for a in outs)
        in_chains = tuple(by_last[int(arcs.rev[a])] for a in outs)
        branches.append((in_chains, out_chains))
        for i, c in enumerate(in_chains):
            successors[c].extend(o for j, o in enumerate(out_chains) if j != i)
    chains = tuple(Chain(seq, tuple(successors[i])) for i, seq in enumerate(seqs))
    return Structure(arc_kind, dead_depth, up_depth, "chains", chains, chain_of, offset_of, tuple(branches))
