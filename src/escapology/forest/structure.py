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
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

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


class _Part:
    """A read-only attribute: item ``index`` of the tuple the cached property ``source`` builds
    on first use (so that the parts built together are named apart without an accessor each)."""

    def __init__(self, source: str, index: int, doc: str) -> None:
        self.source, self.index, self.__doc__ = source, index, doc

    def __get__(self, obj: object, owner: type | None = None) -> Any:
        return self if obj is None else getattr(obj, self.source)[self.index]


class Structure:
    """The core, the trees and the chains of ``H`` for one board (see the module documentation).

    Built in parts, each when first asked for: ``kind`` (``"tree"`` without a core, ``"cycle"``
    if the core is one cycle, else ``"chains"``) and :attr:`shortest_chain` from the 2-core alone
    (numpy, and ``1`` at once when two branch fields are neighbours, as on most ordinary boards);
    the trees (``arc_kind[a]``: :data:`DEAD`, :data:`UP` or :data:`CORE`; :attr:`dead_depth` ``D``,
    :attr:`up_depth` ``U``) and the chains (:attr:`chains`; ``chain_of[a]`` and ``offset_of[a]``
    give the chain of a core arc and its place in it, ``-1`` for other arcs) by a pass over the
    board. ``branches`` lists, per branch field ``z``, the pairs ``(into, out)`` of its chains
    aligned by neighbour: ``into[i]`` ends with ``w_i->z`` and ``out[i]`` begins with ``z->w_i``,
    so ``out[i]`` may follow every ``into[j]``, ``j != i``.
    """

    def __init__(self, board: "Board") -> None:
        self.board = board
        arcs = board.arcs
        self.core_fields = two_core(board)
        self.core_arcs = self.core_fields[arcs.tail] & self.core_fields[arcs.head]
        self.core_degree = np.bincount(arcs.tail[self.core_arcs], minlength=board.n)
        self.branch = self.core_degree >= 3
        if not self.core_fields.any():
            self.kind = "tree"
        else:
            self.kind = "chains" if self.branch.any() else "cycle"

    @cached_property
    def shortest_chain(self) -> int:
        """The length of the shortest chain (0 without chains)."""
        if self.kind == "tree":
            return 0
        arcs = self.board.arcs
        if (self.core_arcs & self.branch[arcs.tail] & self.branch[arcs.head]).any():
            return 1
        return min(c.length for c in self.chains)

    @cached_property
    def _trees(self) -> tuple[np.ndarray, int, int]:
        return _trees(self.board, self.core_fields, self.core_arcs)

    arc_kind = _Part("_trees", 0, "``arc_kind[a]``: :data:`DEAD`, :data:`UP` or :data:`CORE`.")
    dead_depth = _Part("_trees", 1, "``D``: the most arcs on a path of dead arcs.")
    up_depth = _Part("_trees", 2, "``U``: the most arcs on a path of up arcs.")

    @property
    def core_mask(self) -> np.ndarray:
        return self.core_arcs

    @property
    def up_mask(self) -> np.ndarray:
        return self.arc_kind == UP

    @cached_property
    def _chains(self) -> tuple:
        if self.kind == "tree":
            return (), np.full(self.board.arcs.count, -1, dtype=np.int64), np.full(self.board.arcs.count, -1, dtype=np.int64), ()
        through = _through_successor(self.board, self.core_arcs, self.core_degree)
        if self.kind == "cycle":
            return _cycle_chains(self.board, self.core_arcs, through)
        return _chain_chains(self.board, self.core_arcs, through, self.branch)

    chains = _Part("_chains", 0, "The chains of the core (:class:`Chain`).")
    chain_of = _Part("_chains", 1, "``chain_of[a]``: the chain of core arc ``a`` (-1 for other arcs).")
    offset_of = _Part("_chains", 2, "``offset_of[a]``: the place of core arc ``a`` in its chain (-1 for other arcs).")
    branches = _Part("_chains", 3, "Per branch field, the pairs ``(into, out)`` of its chains (class docstring).")


def two_core(board: "Board") -> np.ndarray:
    """The fields of the 2-core (``True``), by removing fields of degree at most 1 repeatedly:
    all current leaves at once with numpy, then one by one once the rounds get many (long paths)."""
    arcs = board.arcs
    n = board.n
    deg = np.diff(arcs.out_ptr)
    full = deg.copy()
    alive = np.ones(n, dtype=bool)
    leaves = np.flatnonzero(deg <= 1)
    rounds = 0
    while leaves.size and rounds < 64:
        rounds += 1
        alive[leaves] = False
        counts = full[leaves]
        total = int(counts.sum())
        first = np.repeat(arcs.out_ptr[leaves] - (np.cumsum(counts) - counts), counts)
        heads = arcs.head[first + np.arange(total)]
        heads = heads[alive[heads]]
        deg -= np.bincount(heads, minlength=n)
        touched = np.unique(heads)
        leaves = touched[deg[touched] <= 1]
    if leaves.size:  # finish one by one
        adj = board.adj
        d = deg.tolist()
        alive_list = alive.tolist()
        queue = deque(leaves.tolist())
        while queue:
            v = queue.popleft()
            if not alive_list[v]:
                continue
            alive_list[v] = False
            for w in adj[v]:
                if alive_list[w]:
                    d[w] -= 1
                    if d[w] == 1:
                        queue.append(w)
        alive = np.array(alive_list, dtype=bool)
    return alive


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


#: the structure of each board, built once (a board is immutable; the cache holds no board alive)
_ANALYSED: "WeakKeyDictionary[Board, Structure]" = WeakKeyDictionary()


def analyse(board: "Board") -> Structure:
    """The :class:`Structure` of ``board``'s arc graph, built once per board (its parts are
    computed when asked for)."""
    st = _ANALYSED.get(board)
    if st is None:
        st = _ANALYSED[board] = Structure(board)
    return st


def _trees(board: "Board", core: np.ndarray, core_arcs: np.ndarray) -> tuple[np.ndarray, int, int]:
    """``arc_kind``, ``D`` and ``U`` (linear in the board)."""
    arcs = board.arcs
    adj = board.adj
    n = board.n
    tail, head = arcs.tail, arcs.head
    if not core.any():
        # a tree: every walk runs into a leaf after at most a diameter's steps
        kind = np.full(arcs.count, DEAD, dtype=np.int8)
        return kind, max(1, _tree_diameter(adj)) if n > 1 else 0, 0
    parent, depth, height = _tree_depths(adj, core)
    par = np.array(parent, dtype=np.int64)
    arc_kind = np.full(arcs.count, DEAD, dtype=np.int8)
    arc_kind[core_arcs] = CORE
    arc_kind[(par[tail] == head) & ~core[tail]] = UP
    dead = arc_kind == DEAD
    hgt = np.array(height, dtype=np.int64)
    dead_depth = int((hgt[head[dead]] + 1).max()) if dead.any() else 0
    return arc_kind, dead_depth, max(depth)


def _through_successor(board: "Board", is_core: np.ndarray, core_deg: np.ndarray) -> np.ndarray:
    """For a core arc ``u->v`` into a field with two core neighbours: the core arc ``v->w``,
    ``w != u``, that follows it (``-1`` elsewhere)."""
    arcs = board.arcs
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


def _cycle_chains(board: "Board", is_core: np.ndarray, through: np.ndarray) -> tuple:
    arcs = board.arcs
    core_arcs = np.flatnonzero(is_core)
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
    return tuple(chains), chain_of, offset_of, ()


def _chain_chains(board: "Board", is_core: np.ndarray, through: np.ndarray, branch: np.ndarray) -> tuple:
    arcs = board.arcs
    core_arcs = np.flatnonzero(is_core)
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
        outs = [a for a in arcs.out(z) if is_core[a]]
        out_chains = tuple(by_first[a] for a in outs)
        in_chains = tuple(by_last[int(arcs.rev[a])] for a in outs)
        branches.append((in_chains, out_chains))
        for i, c in enumerate(in_chains):
            successors[c].extend(o for j, o in enumerate(out_chains) if j != i)
    chains = tuple(Chain(seq, tuple(successors[i])) for i, seq in enumerate(seqs))
    return chains, chain_of, offset_of, tuple(branches)
