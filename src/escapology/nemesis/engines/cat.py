"""Cat Herding: the exact cat number by memoised minimax (Ashmore, Dyer, Marbach, Milley).

No exits. Each round the herder deletes one edge copy, then the cat moves; the value is the number
of deletions until the cat sits on an isolated vertex (the cat maximises, the herder minimises).

- ``speed=1``: the cat moves along one edge (as in the Nemesis paper, Corollary 6).
- ``speed=None`` (unbounded, the default): the cat moves along any non-trivial path of its
  component, i.e. to any other vertex of it (Ashmore et al.'s definition, the one the literature's
  cat numbers refer to).

In both, the cat must move when it can (a non-trivial path). Sound pruning: the herder only
deletes edges of the cat's component (a deletion elsewhere costs one and changes nothing the cat
can use: by monotonicity it is never better), and positions are memoised on the cat's vertex and
the multiplicities of its component only.

>>> from escapology.nemesis.model import Instance
>>> g = Instance.from_edges([(1, 2), (2, 3), (3, 1)]).graph()
>>> cat_value(g, 0), cat_value(g, 0, speed=1)
(2, 2)

*Engines.* :class:`CatSearch` is this search in Python; the same search runs in the Rust crate
(:class:`escapology.nemesis.engines.native.NativeCatSearch`, ``engine="native"``, the default of
:func:`cat_value`, :func:`cat_numbers` and :func:`new_cat_search`); both answer the methods
:func:`cat_certificate` calls.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from typing import Any

from escapology.core.limits import Deadline, LimitReached
from escapology.nemesis.engines import native
from escapology.nemesis.engines.base import CatGame
from escapology.nemesis.model import Graph

Mult = tuple[int, ...]


class CatSearch(CatGame):
    """Memoised minimax for one graph; tables shared between start vertices."""

    engine = "python"

    def __init__(self, g: Graph, speed: int | None = None, deadline: Deadline | None = None) -> None:
        super().__init__(g, speed, deadline)
        self.nodes = 0
        self.progress: Any = None  # a display with update(**fields), e.g. core.progress
        self.value = lru_cache(maxsize=None)(self._value)

    def component(self, pos: int, mult: Mult) -> tuple[set[int], list[int]]:
        seen = self.g.reachable(pos, mult)
        return seen, [e for e, k in enumerate(mult) if k and self.g.ends[e][0] in seen]

    def canon(self, pos: int, mult: Mult) -> tuple[Mult, list[int], set[int]]:
        comp, edges = self.component(pos, mult)
        out = [0] * len(mult)
        for e in edges:
            out[e] = mult[e]
        return tuple(out), edges, comp

    def herder_turn(self, pos: int, mult: Mult) -> int:
        """Deletions still to come, herder to move, cat at ``pos``."""
        cm, _, _ = self.canon(pos, mult)
        return self.value(pos, cm)

    def _value(self, pos: int, cm: Mult) -> int:
        self.nodes += 1
        if self.nodes & 1023 == 0:
            if self.deadline.expired():
                raise LimitReached()
            if self.progress is not None:
                self.progress.update(nodes=self.nodes)
        _, edges, _ = self.canon(pos, cm)
        if not edges:
            return 0
        best = None
        for e in edges:
            lst = list(cm)
            lst[e] -= 1
            v = 1 + self.cat_turn(pos, tuple(lst))
            if best is None or v < best:
                best = v
        assert best is not None
        return best

    def cat_turn(self, pos: int, mult: Mult) -> int:
        """Deletions still to come, cat to move at ``pos``."""
        g = self.g
        if self.speed == 1:
            targets = {w for w, e in g.adj[pos] if mult[e]}
        else:
            comp, _ = self.component(pos, mult)
            targets = comp - {pos}
        if not targets:
            return 0
        return max(self.herder_turn(w, mult) for w in targets)

    def best_deletion(self, pos: int, mult: Mult) -> int | None:
        """An optimal deletion for the herder (None when the cat is isolated)."""
        cm, edges, _ = self.canon(pos, mult)
        target = self.value(pos, cm)
        for e in edges:
            lst = list(cm)
            lst[e] -= 1
            if 1 + self.cat_turn(pos, tuple(lst)) == target:
                return e
        return None

    def best_move(self, pos: int, mult: Mult) -> int | None:
        """An optimal move for the cat after a deletion (None when isolated)."""
        g = self.g
        if self.speed == 1:
            targets = sorted({w for w, e in g.adj[pos] if mult[e]})
        else:
            targets = sorted(self.component(pos, mult)[0] - {pos})
        if not targets:
            return None
        return max(targets, key=lambda w: self.herder_turn(w, mult))


def new_cat_search(g: Graph, speed: int | None = None, deadline: Deadline | None = None, *,
                   engine: str = "native") -> Any:
    """A Cat Herding search by ``engine``: ``"native"`` (the crate's; the Python one when the
    extension was built without it) or ``"python"`` (:class:`CatSearch`)."""
    return native.choose(engine, native.NativeCatSearch, CatSearch)(g, speed, deadline)


def cat_value(g: Graph, start: int, *, speed: int | None = None, deadline: Deadline | None = None,
              engine: str = "native") -> int:
    """The number of deletions when the cat starts on ``start`` and the herder moves first."""
    return new_cat_search(g, speed, deadline, engine=engine).herder_turn(start, g.mult)


def cat_numbers(g: Graph, *, speed: int | None = None, deadline: Deadline | None = None,
                engine: str = "native") -> dict[int, int]:
    """The value from every start vertex; the cat number is their maximum (the cat picks)."""
    cs = new_cat_search(g, speed, deadline, engine=engine)
    return {v: cs.herder_turn(v, g.mult) for v in range(g.n)}


class CertificateTooLarge(Exception):
    """The flat strategy would exceed the node budget."""


def cat_certificate(cs: Any, start: int, *, max_nodes: int = 50_000) -> dict:
    """Both sides' strategies for the value from ``start``, as flat node lists (a DAG).

    ``{"value": v, "herder": {"root": 0, "nodes": [...]}, "cat": {"root": 0, "nodes": [...]}}``.
    A herder node ``{"cat": p, "delete": [a, b], "after": {w: id}}`` answers every cat move ``w``;
    a cat node ``{"cat": p, "replies": [{"delete": [a, b], "move": w|null, "then": id|null}]}``
    answers every deletion. :func:`escapology.nemesis.checkers.check.check_cat` verifies both bounds.
    """
    g = cs.g
    value = cs.herder_turn(start, g.mult)

    def targets(pos: int, mult: Mult) -> list[int]:
        if cs.speed == 1:
            return sorted({w for w, e in g.adj[pos] if mult[e]})
        return sorted(cs.component(pos, mult)[0] - {pos})

    def isolated(pos: int, mult: Mult) -> bool:
        return not any(mult[e] for _, e in g.adj[pos])

    def tree(body) -> dict:
        """A strategy DAG: one node per non-terminal (position, multiplicities), built by ``body``."""
        nodes: list[dict] = []
        ids: dict[tuple[int, Mult], int] = {}

        def node(pos: int, mult: Mult) -> int | None:
            if isolated(pos, mult):
                return None
            key = (pos, mult)
            if key in ids:
                return ids[key]
            if len(nodes) >= max_nodes:
                raise CertificateTooLarge()
            cs.deadline.check()  # the search's table answers most questions without polling
            i = len(nodes)
            ids[key] = i
            nodes.append({})
            nodes[i] = body(pos, mult, node)
            return i

        root = node(start, tuple(g.mult))
        return {"root": root, "nodes": nodes}

    def herder_node(pos: int, mult: Mult, node) -> dict:
        e = cs.best_deletion(pos, mult)
        assert e is not None
        lst = list(mult)
        lst[e] -= 1
        after = tuple(lst)
        nxt = {g.names[w]: node(w, after) for w in targets(pos, after)}
        return {"cat": g.names[pos], "delete": g.edge_name(e), "after": nxt}

    def cat_node(pos: int, mult: Mult, node) -> dict:
        replies = []
        for e in range(len(mult)):
            if not mult[e]:
                continue
            lst = list(mult)
            lst[e] -= 1
            after = tuple(lst)
            w = cs.best_move(pos, after)
            replies.append({"delete": g.edge_name(e), "move": None if w is None else g.names[w],
                            "then": None if w is None else node(w, after)})
        return {"cat": g.names[pos], "replies": replies}

    return {"value": value, "start": g.names[start], "herder": tree(herder_node), "cat": tree(cat_node)}


if sys.getrecursionlimit() < 20000:  # one frame per move
    sys.setrecursionlimit(20000)
