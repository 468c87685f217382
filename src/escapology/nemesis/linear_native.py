"""The linear methods on graphs of millions of vertices: read, decide and write natively.

The Rust engine (``escapology._native.NemesisGraph``, crate module ``nemesis::linear``) reads the
plain form of ASP facts and edge lists in one pass and runs the algorithms of
:mod:`escapology.nemesis.linear` step for step — Lemma 11 on trees, Lemma 12 on graphs of maximum
degree 3, Theorem 13 for Blizzard — writing the winner's strategy document straight to JSON text.
The documents are the very ones the Python reference writes (the tests compare them on random
graphs); the Python checker (:mod:`escapology.nemesis.checker`) verifies them on its own path.

A file outside the plain form, or holding a mistake, is *declined* (``None``): the Python reader
of :mod:`escapology.nemesis.io` reads it and reports the mistake with its line.

>>> ng = read_text("edge(s,a). edge(a,x). edge(a,y). exit(x). exit(y). start(s).")
>>> ng.n, ng.m, ng.names()
(4, 3, ['s', 'a', 'x', 'y'])
>>> answer = solve(ng, "nemesis")
>>> answer.winner, answer.nodes, answer.principal_line
('fugitive', 4, ['a', 'x'])
>>> import io
>>> out = io.BytesIO(); answer.write_json(out); out.getvalue()[:60]
b'{"game": "nemesis", "start": "s", "winner": "fugitive", "str'
>>> read_text("edge(s,s). exit(s). start(s).") is None  # a self-loop: the Python reader says where
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, BinaryIO

from escapology.core.errors import InputError
from escapology.nemesis.model import Graph, Instance


def native() -> Any:
    """The extension's ``NemesisGraph`` class, or None when the extension is not built."""
    try:
        from escapology._native import NemesisGraph
    except ImportError:  # pragma: no cover - the package is built with its extension
        return None
    return NemesisGraph


def read_text(text: str, *, file: str | None = None, edge_list: bool = False, exits: list[str] | tuple = (),
              start: str | None = None) -> Any:
    """The graph of ASP facts (or of an edge list) in the plain form, with ``exits`` added and the
    start set to ``start``; None when declined (module docstring). Above the limits of
    :mod:`escapology.nemesis.io`: :class:`InputError`."""
    from escapology.nemesis import io as nio

    cls = native()
    if cls is None:
        return None
    try:
        return cls.read(text, edge_list, list(exits), start, nio.MAX_VERTICES, nio.MAX_EDGES, nio.MAX_MULTIPLICITY)
    except ValueError as exc:
        what = str(exc)
        if what == "vertices":
            raise InputError(f"the graph has more than {nio.MAX_VERTICES} vertices (the limit)", file=file) from None
        raise InputError(f"the graph has more than {nio.MAX_EDGES} edges (the limit)", file=file) from None


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

    def graph(self) -> Graph:
        """The indexed graph, straight from the native one (the numbering of :func:`instance`)."""
        return graph(self.native) if self.native is not None else self.python().graph()

    def has_exits(self) -> bool:
        return bool(self.native.exits()) if self.native is not None else bool(self.python().exits)


def graph(ng: Any) -> Graph:
    """The Python :class:`Graph` of a native graph (same numbering), for the checker."""
    names, ends = ng.names(), ng.ends()
    adj: list[list[tuple[int, int]]] = [[] for _ in names]
    for e, (a, b) in enumerate(ends):
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


class RawJson(bytes):
    """JSON text (UTF-8) written as it is by :meth:`LinearAnswer.write_json`."""


@dataclass
class LinearAnswer:
    """The answer of a linear method: ``answer`` is the object ``solve --format json`` writes (as
    :func:`escapology.nemesis.api.solve`'s ``Result.answer``), its strategy, escape tree, winning
    set and trap region kept as JSON text (:class:`RawJson`) until they are written or parsed."""

    answer: dict[str, Any]
    nodes: int
    principal_line: list[str]

    @property
    def winner(self) -> str:
        return self.answer["winner"]

    def certificate(self) -> Any:
        """What ``Result.certificate`` is: the strategy, else the trap region, else None."""
        if self.answer.get("strategy") is not None:
            return self.answer["strategy"]
        if self.answer.get("trap_region") is not None:
            return RawJson(b'{"trap_region": ' + self.answer["trap_region"] + b"}")
        return None

    def to_json(self) -> dict[str, Any]:
        """``Result.to_json()``: the answer with ``status`` and ``certificate``."""
        return {**self.answer, "status": "solved", "certificate": self.certificate()}

    def parsed(self) -> dict[str, Any]:
        """The answer with every JSON text parsed (the dict :func:`api.solve` returns)."""
        return {k: json.loads(v) if isinstance(v, RawJson) else v for k, v in self.answer.items()}

    def write_json(self, out: BinaryIO) -> None:
        """Write :meth:`to_json` as one line of UTF-8 (what
        :func:`escapology.nemesis.strategy.write_json` writes), the JSON texts as they are (the
        strategy, written twice, is encoded once)."""
        out.write(b"{")
        for i, (key, value) in enumerate(self.to_json().items()):
            head = (", " if i else "") + json.dumps(key) + ": "
            if isinstance(value, RawJson):
                out.write(head.encode())
                out.write(value)
            else:
                out.write((head + json.dumps(value, ensure_ascii=False)).encode())
        out.write(b"}\n")


def solve(ng: Any, game: str, *, start: int | None = None) -> LinearAnswer:
    """The linear method of ``game`` (``nemesis``: Lemma 11 on trees, else Lemma 12 on maximum
    degree 3; ``blizzard``: Theorem 13) from ``start`` (default: the graph's). The answer's keys
    are those of :func:`escapology.nemesis.api.solve` with ``engine="linear"``. A Nemesis graph
    that is neither a tree nor of maximum degree 3 is an :class:`InputError`."""
    try:
        raw = ng.solve_linear(game == "blizzard", start)
    except ValueError as exc:
        if str(exc) == "no start vertex":
            raise InputError("no start vertex: add a start(V). fact or use --start") from None
        raise InputError("--engine linear needs a tree or a graph of maximum degree 3 (or --game blizzard)") from None
    s = ng.start if start is None else start
    answer: dict[str, Any] = {"game": game, "start": ng.name(s), "winner": raw["winner"],
                              "strategy": None if raw["strategy"] is None else RawJson(raw["strategy"]),
                              "method": raw["method"]}
    if game == "blizzard":
        answer["winning_set"] = RawJson(raw["winning_set"])
        if raw["trap_region"] is not None:
            answer["trap_region"] = RawJson(raw["trap_region"])
    elif raw["method"].startswith("Lemma 12"):
        if raw["escape_tree"] is not None:
            answer["escape_tree"] = RawJson(raw["escape_tree"])
        else:
            answer["strategy_note"] = ("the linear method gives no Nemesis strategy on graphs of maximum degree 3; "
                                       "--engine exact writes one")
    return LinearAnswer(answer, raw.get("nodes", 0), raw.get("principal_line", []))
