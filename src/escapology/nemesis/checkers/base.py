"""What the strategy checkers share: rejections, name look-ups, and a memo keyed on full positions.

:class:`PositionMemo` stores a result under a node and a *full* position. A position is found
through a hash (a sum or exclusive-or of 64-bit mixes of the deletions and visited vertices), and a
hit counts only after the two positions are compared element by element: a collision of hashes
costs time, never a wrong answer. Positions are kept as persistent chains ``(item, parent)`` built
one step at a time, so storing one costs O(1) and comparing two costs their length.

>>> memo = PositionMemo(same_deletions)
>>> a = (3, (5, None)); b = (5, (3, None))          # deletions 5 then 3, and 3 then 5
>>> memo.put((7, mix(3) + mix(5)), a, True)
>>> memo.get((7, mix(5) + mix(3)), b), memo.get((7, mix(5) + mix(3)), (5, (5, None)))
(True, None)
"""

from __future__ import annotations

import gc
from array import array
from collections import Counter
from contextlib import contextmanager
from typing import Any, Callable, Iterator

from escapology.nemesis.model import Graph

MASK = (1 << 64) - 1


@contextmanager
def paused_gc() -> Iterator[None]:
    """The cyclic garbage collector paused (and restored after): a certificate of millions of
    small lists and tuples, none of them in a cycle, would otherwise trigger collections that each
    walk every object alive, making reading and checking quadratic in practice."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


class Rejected(Exception):
    """The certificate is wrong; the message says where and why."""


def mix(x: int) -> int:
    """splitmix64 of ``x``: a well-spread 64-bit value per vertex or edge id."""
    z = (x + 0x9E3779B97F4A7C15) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def chain_items(chain: Any) -> list[Any]:
    """The items of a chain, oldest first."""
    out = []
    while chain is not None:
        item, chain = chain
        out.append(item)
    out.reverse()
    return out


def same_deletions(a: Any, b: Any) -> bool:
    """Whether two chains of deleted edge ids hold the same multiset (the same multigraph)."""
    return a is b or Counter(chain_items(a)) == Counter(chain_items(b))


def same_deletions_and_visits(a: Any, b: Any) -> bool:
    """Chains of ``(vertex left, deleted edge or -1)``: the same multiset of deletions and the same
    set of visited vertices (the same multigraph and the same vertices behind the fugitive)."""
    if a is b:
        return True
    ia, ib = chain_items(a), chain_items(b)
    return (Counter(c for _, c in ia if c >= 0) == Counter(c for _, c in ib if c >= 0)
            and {v for v, _ in ia} == {v for v, _ in ib})


class PositionMemo:
    """Results keyed on ``(node, position hash...)`` and confirmed on the position itself."""

    def __init__(self, same: Callable[[Any, Any], bool]) -> None:
        self.table: dict[tuple, Any] = {}
        self.same = same

    def get(self, key: tuple, chain: Any) -> Any:
        hit = self.table.get(key)
        if hit is None:
            return None
        if type(hit) is tuple:
            return hit[1] if hit[0] is chain or self.same(hit[0], chain) else None
        for ch, value in hit:
            if ch is chain or self.same(ch, chain):
                return value
        return None

    def put(self, key: tuple, chain: Any, value: Any) -> None:
        hit = self.table.get(key)
        if hit is None:
            self.table[key] = (chain, value)
        elif type(hit) is tuple:
            self.table[key] = [hit, (chain, value)]
        else:
            hit.append((chain, value))

    def __len__(self) -> int:
        return len(self.table)


class Names:
    """Vertex and edge look-ups by name, for reading a certificate (O(1) per look-up)."""

    def __init__(self, g: Graph) -> None:
        self.g = g
        self._big: dict[int, dict[int, int]] = {}

    def vertex(self, name: Any, where: str) -> int:
        v = self.g.index.get(name) if isinstance(name, str) else None
        if v is None:
            raise Rejected(f"{where}: unknown vertex {name!r}")
        return v

    def edge(self, u: int, v: int) -> int:
        """The id of the edge u-v, or -1."""
        adj = self.g.adj[u]
        if len(adj) <= 16:
            for w, e in adj:
                if w == v:
                    return e
            return -1
        table = self._big.get(u)
        if table is None:
            table = self._big[u] = {w: e for w, e in adj}
        return table.get(v, -1)

    def named_edge(self, a: Any, b: Any, where: str) -> int:
        e = self.edge(self.vertex(a, where), self.vertex(b, where))
        if e < 0:
            raise Rejected(f"{where}: there is no edge {a}-{b}")
        return e

    def ref(self, x: Any, i: int, n: int) -> int:
        """A reference from node ``i``: an earlier node (the table is acyclic by construction)."""
        if not isinstance(x, int) or isinstance(x, bool) or not 0 <= x < i:
            raise Rejected(f"node {i}: the reference {x!r} is not an earlier node (0..{i - 1})"
                           if isinstance(x, int) and not isinstance(x, bool) and 0 <= x < n
                           else f"node {i}: no node {x!r}")
        return x

    def edge_label(self, e: int) -> str:
        a, b = self.g.ends[e]
        return f"{self.g.names[a]}-{self.g.names[b]}"


class PositionChains:
    """A memo of the positions at which a node was proven, in flat arrays (Nemesis strategies).

    A position of the game without revisits is reached by a line of steps ``(v, c)``: the fugitive
    leaves ``v`` and the Nemesis deletes edge ``c`` (-1: none). Each step entered is appended once
    to three arrays (``parent``, ``left``, ``deleted``; ``parent`` -1 is the start), so a position
    is one integer, its last step. The position it stands for is the *set* of vertices left and
    the *multiset* of deletions along the line; two lines are the same position iff those agree.

    ``put(j, zd, zv, s)`` records that node ``j`` was proven at the position of step ``s`` (``zd``,
    ``zv`` its hashes: a sum and an exclusive-or of 64-bit mixes); ``seen(j, zd, zv, s, v, c)``
    asks for the position of step ``s`` followed by ``(v, c)`` and answers True only after
    comparing the lines in full (:meth:`same`): a hash collision costs time, never a wrong answer.
    One slot per node holds its first position (a strategy written by the solver has one position
    per node); further ones go to a dictionary.

    >>> pc = PositionChains(2)
    >>> a = pc.step(pc.step(-1, 5, 3), 6, 4)       # left 5 (deleted 3), then 6 (deleted 4)
    >>> b = pc.step(-1, 6, 4)                      # left 6 (deleted 4) ...
    >>> pc.put(1, 11, 22, a)
    >>> pc.seen(1, 11, 22, b, 5, 3), pc.seen(1, 11, 22, b, 5, 4), pc.seen(0, 11, 22, b, 5, 3)
    (True, False, False)
    """

    __slots__ = ("parent", "left", "deleted", "slot_zd", "slot_zv", "slot", "more")

    def __init__(self, nodes: int) -> None:
        self.parent = array("q")
        self.left = array("i")
        self.deleted = array("i")
        self.slot_zd = array("Q", bytes(8 * nodes))
        self.slot_zv = array("Q", bytes(8 * nodes))
        self.slot = array("q", [-2]) * nodes  # -2: empty; else the step (-1: the start itself)
        self.more: dict[tuple[int, int, int], list[int]] = {}

    def step(self, parent: int, v: int, c: int) -> int:
        """The position after ``parent`` (a step, or -1) and the step ``(v, c)``."""
        self.parent.append(parent)
        self.left.append(v)
        self.deleted.append(c)
        return len(self.left) - 1

    def items(self, s: int) -> list[tuple[int, int]]:
        """The steps of ``s``, oldest first."""
        out = []
        while s >= 0:
            out.append((self.left[s], self.deleted[s]))
            s = self.parent[s]
        out.reverse()
        return out

    def same(self, a: int, b: int, v: int, c: int) -> bool:
        """Whether the line of step ``a`` is the same position as the line of ``b`` followed by
        ``(v, c)``. Both lines leave one vertex per step and no vertex twice, so equal positions
        have equal lengths: the two are walked back in step until they meet (a common start)."""
        parent, left, deleted = self.parent, self.left, self.deleted
        if a < 0:
            return False
        va, ca = [left[a]], [deleted[a]]
        vb, cb = [v], [c]
        a = parent[a]
        while a != b:
            if a < 0 or b < 0:
                return False
            va.append(left[a])
            ca.append(deleted[a])
            vb.append(left[b])
            cb.append(deleted[b])
            a, b = parent[a], parent[b]
        if len(va) == 1:
            return va[0] == v and ca[0] == c
        va.sort()
        vb.sort()
        if va != vb:
            return False
        ca.sort()
        cb.sort()
        return ca == cb

    def seen(self, j: int, zd: int, zv: int, s: int, v: int, c: int) -> bool:
        """Whether node ``j`` was proven at the position of ``s`` followed by ``(v, c)``."""
        t = self.slot[j]
        if t == -2:
            return False
        if self.slot_zd[j] == zd and self.slot_zv[j] == zv and self.same(t, s, v, c):
            return True
        return any(self.same(t, s, v, c) for t in self.more.get((j, zd, zv), ()))

    def put(self, j: int, zd: int, zv: int, s: int) -> None:
        """Record that node ``j`` was proven at the position of step ``s``."""
        if self.slot[j] == -2:
            self.slot[j], self.slot_zd[j], self.slot_zv[j] = s, zd, zv
        else:
            self.more.setdefault((j, zd, zv), []).append(s)
