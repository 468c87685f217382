"""The Enchanted Forest model (Schwahn and Thielen, FUN 2018, §3, Definition 5).

A :class:`Board` is a simple connected undirected graph of fields, a set ``V'`` of *special* fields
(the blue fields by the trees and the castle) and a die with faces ``1..d``. An :class:`Instance` adds
a start, a target and (optionally) a known sequence of rolls.

A turn rolls two dice ``(x, x')``. The player walks ``x`` steps and then ``x'`` steps, in either
order. Each walk goes straight on: it never steps back along the edge it has just used (no cycle of
length 2 inside one walk), but it may turn round between the two walks. A double (``x == x'``) may
instead jump to any special field. Only the field where the turn ends counts. A walk that runs into a
dead end before its last step is not a legal walk.

Internally fields are numbered ``0..n-1`` in the order of :attr:`Board.labels`; the labels (integers
or names, as in the input) appear only in input and output.

>>> b = Board.from_edges([(1, 2), (2, 3), (3, 1), (3, 4)], special=[4], die=6)
>>> b.n, b.m, b.labels
(4, 4, (1, 2, 3, 4))
>>> [b.labels[w] for w in b.adj[b.index[3]]]
[1, 2, 4]
>>> inst = Instance(b, start=b.index[1], target=b.index[4], rolls=((1, 2),))
>>> inst.label(inst.target)
4
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from itertools import chain
from typing import Any, Iterable, Sequence

import numpy as np

from escapology.core.facts import Term
from escapology.core.pictures import Drawable

Label = Term
Roll = tuple[int, int]


def _label_key(label: Label) -> tuple[int, int | str]:
    """Integers first (numerically), then names (alphabetically)."""
    return (0, label) if isinstance(label, int) else (1, label)


@dataclass(frozen=True, eq=False)
class Arcs:
    """The arc graph ``H`` of non-backtracking steps (the paper's construction in §3).

    Every edge ``{u, v}`` gives two arcs ``u->v`` and ``v->u``; arc ``u->v`` is followed in ``H`` by
    every arc ``v->w`` with ``w != u``. Arcs are numbered by tail, so the arcs leaving field ``v`` are
    ``out_ptr[v] .. out_ptr[v+1]-1`` (sorted by head). ``rev[a]`` is the reverse arc of ``a``.
    """

    tail: np.ndarray
    head: np.ndarray
    rev: np.ndarray
    out_ptr: np.ndarray

    @property
    def count(self) -> int:
        return int(self.tail.shape[0])

    def out(self, v: int) -> range:
        """The arcs leaving field ``v``."""
        return range(int(self.out_ptr[v]), int(self.out_ptr[v + 1]))

    def arc(self, u: int, v: int) -> int:
        """The number of arc ``u->v`` (``KeyError`` if ``{u, v}`` is not an edge)."""
        lo, hi = int(self.out_ptr[u]), int(self.out_ptr[u + 1])
        i = int(np.searchsorted(self.head[lo:hi], v)) + lo
        if i < hi and int(self.head[i]) == v:
            return i
        raise KeyError((u, v))

    def successors(self, a: int) -> list[int]:
        """The arcs that may follow arc ``a`` inside one walk (not its reverse)."""
        r = int(self.rev[a])
        return [b for b in self.out(int(self.head[a])) if b != r]


@dataclass(frozen=True, eq=False)
class Board:
    """A forest board: fields with adjacency lists, special fields ``V'`` and a die ``1..die``.

    ``positions`` (optional, by field number) and ``colours`` (optional) are used only for drawing.
    """

    labels: tuple[Label, ...]
    adj: tuple[tuple[int, ...], ...]
    special: frozenset[int]
    die: int = 6
    positions: dict[int, tuple[float, float]] | None = None
    colours: dict[int, str] | None = None
    index: dict[Label, int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", {lab: i for i, lab in enumerate(self.labels)})

    @classmethod
    def from_edges(
        cls,
        edges: Iterable[tuple[Label, Label]],
        *,
        special: Iterable[Label] = (),
        die: int = 6,
        fields: Iterable[Label] = (),
        positions: dict[Label, tuple[float, float]] | None = None,
        colours: dict[Label, str] | None = None,
    ) -> "Board":
        """Build a board from labelled edges (duplicates and both directions are merged).

        No validation of connectivity or loops happens here; :mod:`escapology.forest.io` does that
        with file and line numbers.
        """
        edges = list(edges)
        labs = set(fields)
        for u, v in edges:
            labs.add(u)
            labs.add(v)
        labels = tuple(sorted(labs, key=_label_key))
        index = {lab: i for i, lab in enumerate(labels)}
        nbrs: list[set[int]] = [set() for _ in labels]
        for u, v in edges:
            iu, iv = index[u], index[v]
            if iu != iv:
                nbrs[iu].add(iv)
                nbrs[iv].add(iu)
        adj = tuple(tuple(sorted(s)) for s in nbrs)
        pos = None if positions is None else {index[k]: p for k, p in positions.items() if k in index}
        col = None if colours is None else {index[k]: c for k, c in colours.items() if k in index}
        return cls(labels, adj, frozenset(index[s] for s in special), die, pos, col)

    @property
    def n(self) -> int:
        """The number of fields."""
        return len(self.labels)

    @property
    def m(self) -> int:
        """The number of edges."""
        return sum(len(a) for a in self.adj) // 2

    def edges(self) -> list[tuple[int, int]]:
        """Every edge once, as ``(u, v)`` with ``u < v``."""
        return [(u, v) for u, a in enumerate(self.adj) for v in a if u < v]

    @cached_property
    def arcs(self) -> Arcs:
        """The arc graph ``H`` (built once per board)."""
        deg = np.fromiter(map(len, self.adj), dtype=np.int64, count=self.n)
        out_ptr = np.zeros(self.n + 1, dtype=np.int64)
        np.cumsum(deg, out=out_ptr[1:])
        tail = np.repeat(np.arange(self.n, dtype=np.int64), deg)
        head = np.fromiter(chain.from_iterable(self.adj), dtype=np.int64, count=int(out_ptr[-1]))
        # the reverse of arc u->v is v->u: find it by sorting arcs by (head, tail)
        order = np.lexsort((tail, head))  # arcs sorted by (head, tail) = reverse arcs sorted by (tail, head)
        rev = np.empty_like(order)
        rev[order] = np.arange(order.shape[0])
        return Arcs(tail, head, rev, out_ptr)

    @cached_property
    def special_mask(self) -> np.ndarray:
        """``V'`` as a Boolean array over fields."""
        mask = np.zeros(self.n, dtype=bool)
        mask[list(self.special)] = True
        return mask


@dataclass(frozen=True, eq=False)
class Instance(Drawable):
    """A board with a start ``s``, a target ``t`` and the known rolls (possibly none)."""

    board: Board
    start: int
    target: int
    rolls: tuple[Roll, ...] = ()

    def _key(self) -> tuple:
        b = self.board
        return (b.labels, b.adj, b.special, b.die, self.start, self.target, self.rolls)

    def __eq__(self, other: object) -> bool:
        """Equal boards (fields, edges, special fields, die), start, target and rolls; where the
        fields are drawn does not count."""
        if not isinstance(other, Instance):
            return NotImplemented
        return self is other or self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def label(self, v: int) -> Label:
        """The input label of field number ``v``."""
        return self.board.labels[v]

    def with_rolls(self, rolls: Sequence[Roll]) -> "Instance":
        """The same instance with other rolls."""
        return Instance(self.board, self.start, self.target, tuple((int(x), int(y)) for x, y in rolls))


@dataclass
class Turn:
    """One turn of a plan as the engines and the checker use it, with field numbers (not labels):
    either ``walks`` (two walks, the first of ``roll[first]`` steps; a walk's items are fields or
    repeated blocks ``{"repeat": r, "fields": [...]}``) or ``jump = (u, v)``. The certificate,
    :class:`escapology.forest.certificate.Plan`, writes it with the fields' labels."""

    roll: Roll
    first: int | None = None
    walks: list[list[Any]] | None = None
    jump: tuple[int, int] | None = None

    @property
    def source(self) -> int:
        return self.jump[0] if self.jump else int(self.walks[0][0])  # type: ignore[index]

    @property
    def end(self) -> int:
        if self.jump:
            return self.jump[1]
        last = self.walks[1][-1]  # type: ignore[index]
        return int(last["fields"][-1]) if isinstance(last, dict) else int(last)
