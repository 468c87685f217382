"""What the paper's reductions share: the built instance with its parameters, and the vertex names.

Every construction returns a :class:`Built`: the :class:`~escapology.nemesis.model.Instance`, the
question it answers (``question``: what the game's answer means for the source), its parameters
(``K``, ``L``, ``N``, ...) and its size against the paper's bound (``bound``), so that the tests,
the benchmark and ``escapology reduce --format json`` report the same figures.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from escapology.core.dimacs import check_clauses
from escapology.core.errors import InputError
from escapology.nemesis.io import VERTEX_NAME
from escapology.nemesis.model import Instance

#: The largest instance a reduction writes (vertices); the readers' limit is the same.
MAX_VERTICES = 100_000
#: The most edge copies a reduction writes as separate simple edges (Lemma 14, Corollary 6).
MAX_EDGES = 1_000_000


@dataclass
class Built:
    """A reduced instance and what it means.

    ``question`` says what the game's answer tells about the source (e.g. "the fugitive wins iff
    the QBF is true"); ``params`` are the construction's constants; ``bound`` maps a size
    (``"vertices"``, ``"edges"``) to the paper's stated bound for it, checked by :meth:`within_bound`.
    """

    instance: Instance
    question: str
    params: dict[str, Any] = field(default_factory=dict)
    bound: dict[str, int] = field(default_factory=dict)

    def size(self) -> dict[str, int]:
        """Vertices, edges (distinct pairs) and edge copies (multiplicities summed)."""
        inst = self.instance
        return {"vertices": len(inst.vertices), "edges": len(inst.edges), "copies": sum(inst.edges.values())}

    def within_bound(self) -> bool:
        """Whether every size the paper bounds is within its bound."""
        size = self.size()
        return all(size[k] <= v for k, v in self.bound.items())

    def facts(self) -> dict[str, Any]:
        """The JSON facts of ``escapology reduce --format json``: sizes, parameters, bound, question."""
        return {**self.size(), **self.params, "bound": dict(self.bound), "question": self.question,
                "start": self.instance.start}


class GraphBuilder:
    """Collects named vertices and edges with multiplicities (a multigraph being written)."""

    def __init__(self) -> None:
        self.vertices: dict[str, None] = {}
        self.edges: dict[tuple[str, str], int] = {}
        self.exits: set[str] = set()

    def vertex(self, v: str) -> str:
        self.vertices.setdefault(v)
        return v

    def edge(self, u: str, v: str, k: int = 1) -> None:
        """Add ``k`` copies of ``uv`` (a repeated call adds copies)."""
        if u == v:
            raise ValueError(f"self-loop at {u}")
        self.vertex(u)
        self.vertex(v)
        key = Instance.key(u, v)
        self.edges[key] = self.edges.get(key, 0) + k

    def path(self, names: list[str], k: int) -> None:
        """The path through ``names``, every edge with ``k`` copies."""
        for a, b in zip(names, names[1:]):
            self.edge(a, b, k)

    def exit(self, v: str) -> str:
        self.exits.add(self.vertex(v))
        return v

    def instance(self, start: str) -> Instance:
        return Instance(vertices=list(self.vertices), edges=dict(self.edges), exits=set(self.exits), start=start)


def fresh_name(base: str, used: set[str]) -> str:
    """``base``, or ``base_2``, ``base_3``, ... : the first name not in ``used`` (which it joins).
    A base the instance reader would refuse as a vertex name (``2_q1``, made from the integer
    vertex ``2``) is prefixed with ``v``, so every name written reads back:

    >>> fresh_name("2_q1", set()), fresh_name("a", {"a"})
    ('v2_q1', 'a_2')
    """
    if not VERTEX_NAME.fullmatch(base):
        base = f"v{base}"
    name, i = base, 1
    while name in used:
        i += 1
        name = f"{base}_{i}"
    used.add(name)
    return name


def refuse_large(vertices: int, edges: int, what: str, *, max_edges: int = MAX_EDGES) -> None:
    """Refuse, before anything is built, an instance beyond :data:`MAX_VERTICES` / ``max_edges``
    (:data:`MAX_EDGES` unless a caller that keeps the instance in memory asks for more)."""
    if vertices > MAX_VERTICES:
        raise InputError(f"{what} would have {vertices:,} vertices; the limit is {MAX_VERTICES:,}")
    if edges > max_edges:
        raise InputError(f"{what} would have {edges:,} edges; the limit is {max_edges:,}")


def check_literals(nvars: int, clauses: list[list[int]]) -> list[list[int]]:
    """The clauses with repeated literals dropped; refuse empty clauses and literals outside ``1..nvars``
    (:func:`escapology.core.dimacs.check_clauses`, the check every game's reductions share)."""
    check_clauses(nvars, clauses)
    return [list(dict.fromkeys(c)) for c in clauses]
