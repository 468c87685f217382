"""Instances read natively: the plain form of ASP facts and edge lists read by the crate, and the
:class:`NativeInstance` that keeps the native graph.

The Rust reader (``escapology._native.NemesisGraph``, crate module ``nemesis::linear``) reads the
plain form in one pass, about a second per million facts, within the limits of
:mod:`escapology.nemesis.sizes`. A file outside the plain form, or holding a mistake, is
*declined* (``None``): the Python reader of :mod:`escapology.nemesis.io` reads it and reports the
mistake with its line. The linear engines solve the native graph without a Python object per
vertex (:mod:`escapology.nemesis.engines.linear_native`).

>>> ng = read_text("edge(s,a). edge(a,x). edge(a,y). exit(x). exit(y). start(s).")
>>> ng.n, ng.m, ng.names()
(4, 3, ['s', 'a', 'x', 'y'])
>>> read_text("edge(s,s). exit(s). start(s).") is None  # a self-loop: the Python reader says where
True
"""

from __future__ import annotations

from typing import Any

from escapology.core.errors import InputError
from escapology.core.limits import Deadline
from escapology.nemesis import sizes
from escapology.nemesis.model import Graph, Instance

try:
    from escapology._native import NemesisGraph
except ImportError:  # pragma: no cover - the package is built with its extension
    NemesisGraph = None


def native() -> Any:
    """The extension's ``NemesisGraph`` class, or None when the extension is not built."""
    return NemesisGraph


def read_text(text: str, *, file: str | None = None, edge_list: bool = False, exits: list[str] | tuple = (),
              start: str | None = None) -> Any:
    """The graph of ASP facts (or of an edge list) in the plain form, with ``exits`` added and the
    start set to ``start``; None when declined (module docstring). Above the limits of
    :mod:`escapology.nemesis.sizes`: :class:`InputError`."""
    cls = native()
    if cls is None:
        return None
    try:
        return cls.read(text, edge_list, list(exits), start, sizes.MAX_VERTICES, sizes.MAX_EDGES, sizes.MAX_MULTIPLICITY)
    except ValueError as exc:
        what = str(exc)
        if what == "vertices":
            raise InputError(f"the graph has more than {sizes.MAX_VERTICES} vertices (the limit)", file=file) from None
        raise InputError(f"the graph has more than {sizes.MAX_EDGES} edges (the limit)", file=file) from None


def instance(ng: Any) -> Instance:
    """The :class:`Instance` of a native graph (names, edges keyed as :meth:`Instance.key` keys them)."""
    names = ng.names()
    inst = Instance(vertices=names)
    inst.edges = {(names[a], names[b]): k for (a, b), k in zip(ng.ends(), ng.mult())}
    inst.exits = {names[x] for x in ng.exits()}
    inst.start = None if ng.start is None else names[ng.start]
    return inst


class NativeInstance(Instance):
    """An :class:`Instance` read natively (what :func:`escapology.nemesis.load` returns for files in
    the plain form): it keeps the native graph ``native``, which the linear methods solve and the
    checker indexes without building Python objects per vertex, and builds its Python fields
    (``vertices``, ``edges``, ``exits``) on first use. ``start`` and :meth:`graph` need no Python
    fields. Assigning a field detaches the instance from its native graph (``native`` becomes
    ``None``); change a loaded instance through a :meth:`copy`.

    >>> inst = NativeInstance(read_text("edge(s,a). edge(a,x). exit(x). start(s)."))
    >>> inst.start, inst.graph().n, inst.native is not None
    ('s', 3, True)
    >>> inst.exits, inst == instance(inst.native)
    ({'x'}, True)
    >>> inst.start = "a"; inst.native is None
    True
    """

    def __init__(self, ng: Any, source: str | None = None) -> None:  # noqa: D107 - no dataclass fields
        object.__setattr__(self, "native", ng)
        object.__setattr__(self, "_python", None)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "comment", "")

    def python(self) -> Instance:
        """The plain :class:`Instance` (built once)."""
        if self._python is None:
            object.__setattr__(self, "_python", instance(self.native))
        return self._python

    def __setattr__(self, name: str, value: Any) -> None:
        if name in ("vertices", "edges", "exits", "start"):
            setattr(self.python(), name, value)
            object.__setattr__(self, "native", None)
        else:
            object.__setattr__(self, name, value)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Instance):
            return NotImplemented
        return (self.vertices, self.edges, self.exits, self.start) == (
            other.vertices, other.edges, other.exits, other.start)

    __hash__ = None  # type: ignore[assignment]

    @property  # type: ignore[override]
    def vertices(self) -> list[str]:
        return self.python().vertices

    @property  # type: ignore[override]
    def edges(self) -> dict[tuple[str, str], int]:
        return self.python().edges

    @property  # type: ignore[override]
    def exits(self) -> set[str]:
        return self.python().exits

    @property  # type: ignore[override]
    def start(self) -> str | None:
        if self.native is None:
            return self.python().start
        s = self.native.start
        return None if s is None else self.native.name(s)

    def graph(self, deadline: Deadline | None = None) -> Graph:
        """The indexed graph, straight from the native one (the numbering of :func:`instance`);
        ``deadline`` is polled while it is built."""
        return graph(self.native, deadline) if self.native is not None else self.python().graph(deadline)

    def has_exits(self) -> bool:
        return bool(self.native.exits()) if self.native is not None else bool(self.python().exits)


def graph(ng: Any, deadline: Deadline | None = None) -> Graph:
    """The Python :class:`Graph` of a native graph (same numbering), for the checker and the
    exact searches; ``deadline`` is polled first and every 65,536 edges."""
    if deadline is not None:
        deadline.check()  # before the native graph's lists are copied out (seconds at millions)
    names, ends = ng.names(), ng.ends()
    adj: list[list[tuple[int, int]]] = [[] for _ in names]
    for e, (a, b) in enumerate(ends):
        if deadline is not None and not e % 65536:
            deadline.check()
        adj[a].append((b, e))
        adj[b].append((a, e))
    is_exit = [False] * len(names)
    for x in ng.exits():
        is_exit[x] = True
    index = {v: i for i, v in enumerate(names)}
    return Graph(names, is_exit, ends, tuple(ng.mult()), adj, ng.start, index)


def from_graph(g: Graph) -> Any:
    """The native graph of a Python :class:`Graph` (None without the extension)."""
    cls = native()
    if cls is None:
        return None
    ends, mult = zip(*[(ab, k) for ab, k in zip(g.ends, g.mult) if k > 0]) if g.ends else ((), ())
    return cls.from_parts(g.names, list(ends), list(mult), [v for v in range(g.n) if g.is_exit[v]], g.start)
