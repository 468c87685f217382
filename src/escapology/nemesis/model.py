"""The model of Nemesis, Blizzard and Cat Herding: a multigraph with exits and a start.

Source: P. Bergé, A. Dailly, Y. Gerard, "Nemesis, an Escape Game in Graphs", FUN 2026 (§2).

A :class:`Instance` keeps the user's vertex names (strings); :class:`Graph` is its indexed form
used by every algorithm: vertices ``0..n-1``, edges ``0..m-1`` with their multiplicity (how many
deletions an edge takes), adjacency lists of ``(neighbour, edge id)``.

>>> inst = Instance.from_edges([("s", "a"), ("a", "x"), ("a", "y")], exits={"x", "y"}, start="s")
>>> g = inst.graph()
>>> g.n, g.m, g.names[g.start], sorted(g.names[v] for v in range(g.n) if g.is_exit[v])
(4, 3, 's', ['x', 'y'])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from escapology.core.pictures import Drawable
from escapology.core.limits import Deadline

GAMES = ("nemesis", "blizzard", "cat")


@dataclass
class Instance(Drawable):
    """A game instance with named vertices.

    ``edges`` maps an unordered pair ``(u, v)`` (stored with ``u <= v`` as strings) to its
    multiplicity; ``vertices`` lists every vertex in file order (isolated ones included).
    ``source`` names where the instance was read from (errors about it name that file) and
    ``comment`` holds lines written above its facts (a reduction's note); neither takes part in
    comparisons.
    """

    vertices: list[str] = field(default_factory=list)
    edges: dict[tuple[str, str], int] = field(default_factory=dict)
    exits: set[str] = field(default_factory=set)
    start: str | None = None
    source: str | None = field(default=None, compare=False, repr=False)
    comment: str = field(default="", compare=False, repr=False)

    @staticmethod
    def key(u: str, v: str) -> tuple[str, str]:
        return (u, v) if u <= v else (v, u)

    @classmethod
    def from_edges(
        cls,
        edges: Iterable[tuple[object, object] | tuple[object, object, int]],
        *,
        exits: Iterable[object] = (),
        start: object | None = None,
        vertices: Iterable[object] = (),
    ) -> "Instance":
        """Build an instance; a repeated edge adds to the multiplicity."""
        inst = cls()
        seen: set[str] = set()

        def add_vertex(v: object) -> str:
            s = str(v)
            if s not in seen:
                seen.add(s)
                inst.vertices.append(s)
            return s

        for v in vertices:
            add_vertex(v)
        for e in edges:
            u, v = add_vertex(e[0]), add_vertex(e[1])
            k = int(e[2]) if len(e) > 2 else 1  # type: ignore[misc]
            if u == v:
                raise ValueError(f"self-loop at {u}")
            inst.edges[cls.key(u, v)] = inst.edges.get(cls.key(u, v), 0) + k
        for x in exits:
            inst.exits.add(add_vertex(x))
        if start is not None:
            inst.start = add_vertex(start)
        return inst

    def copy(self) -> "Instance":
        return Instance(list(self.vertices), dict(self.edges), set(self.exits), self.start)

    def degree(self, v: str) -> int:
        """Degree counting multiplicities."""
        return sum(k for (a, b), k in self.edges.items() if v in (a, b))

    def is_simple(self) -> bool:
        return all(k == 1 for k in self.edges.values())

    def max_degree(self) -> int:
        deg: dict[str, int] = {}
        for (a, b), k in self.edges.items():
            deg[a] = deg.get(a, 0) + k
            deg[b] = deg.get(b, 0) + k
        return max(deg.values(), default=0)

    def graph(self, deadline: Deadline | None = None) -> "Graph":
        """The indexed graph the algorithms work on; building one of millions of edges polls
        ``deadline`` (:class:`~escapology.core.limits.LimitReached` once it has passed)."""
        return Graph.from_instance(self, deadline)


@dataclass
class Graph:
    """The indexed multigraph every algorithm works on."""

    names: list[str]
    is_exit: list[bool]
    ends: list[tuple[int, int]]
    mult: tuple[int, ...]
    adj: list[list[tuple[int, int]]]
    start: int | None
    index: dict[str, int]

    @property
    def n(self) -> int:
        return len(self.names)

    @property
    def m(self) -> int:
        return len(self.ends)

    @classmethod
    def from_instance(cls, inst: Instance, deadline: Deadline | None = None) -> "Graph":
        names = list(inst.vertices)
        index = {v: i for i, v in enumerate(names)}
        ends: list[tuple[int, int]] = []
        mult: list[int] = []
        adj: list[list[tuple[int, int]]] = [[] for _ in names]
        for (a, b), k in inst.edges.items():
            if k <= 0:
                continue
            e = len(ends)
            if deadline is not None and not e % 65536:
                deadline.check()
            u, v = index[a], index[b]
            ends.append((u, v))
            mult.append(k)
            adj[u].append((v, e))
            adj[v].append((u, e))
        is_exit = [v in inst.exits for v in names]
        start = index[inst.start] if inst.start is not None else None
        return cls(names, is_exit, ends, tuple(mult), adj, start, index)

    def reachable(self, pos: int, mult: tuple[int, ...]) -> set[int]:
        """The vertices that can be walked to from ``pos`` (itself included) over the edges
        ``mult`` still has (exits are walked through like any vertex)."""
        seen = {pos}
        stack = [pos]
        while stack:
            v = stack.pop()
            for w, e in self.adj[v]:
                if mult[e] and w not in seen:
                    seen.add(w)
                    stack.append(w)
        return seen

    def exit_reachable(self, pos: int, mult: tuple[int, ...]) -> bool:
        """Whether an exit can be walked to from ``pos`` over the edges ``mult`` still has."""
        return any(self.is_exit[v] for v in self.reachable(pos, mult))

    def edge_name(self, e: int) -> list[str]:
        u, v = self.ends[e]
        return [self.names[u], self.names[v]]

    def edge_id(self, a: str, b: str) -> int | None:
        """The id of the edge between the named vertices, or None."""
        u, v = self.index.get(a), self.index.get(b)
        if u is None or v is None:
            return None
        for w, e in self.adj[u]:
            if w == v:
                return e
        return None

    def distances_to_exits(self) -> list[int | None]:
        """Breadth-first distance of every vertex to its nearest exit (None if unreachable)."""
        dist: list[int | None] = [None] * self.n
        frontier = [v for v in range(self.n) if self.is_exit[v]]
        for v in frontier:
            dist[v] = 0
        d = 0
        while frontier:
            d += 1
            nxt = []
            for u in frontier:
                for w, _ in self.adj[u]:
                    if dist[w] is None:
                        dist[w] = d
                        nxt.append(w)
            frontier = nxt
        return dist
