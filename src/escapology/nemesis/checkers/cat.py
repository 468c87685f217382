"""The independent checker of Cat Herding certificates (see :func:`escapology.nemesis.engines.cat.cat_certificate`).

A certificate claims the value ``v`` from the start (deletions until the cat is isolated, the herder
deleting first, the cat then moving when it can) and proves both bounds with two strategies:

- the **herder strategy** (upper bound): node ``{"cat": p, "delete": [a, b], "after": {w: id}}``
  deletes a-b, then answers every move of the cat to ``w`` with node ``id``. Its value against the
  best cat is ``U(i, p, H) = 0`` if the cat on ``p`` is isolated in ``H``, else ``1`` plus the largest
  ``U(after[w], w, H - c)`` over the cat's moves ``w`` (``0`` when it has none);
- the **cat strategy** (lower bound): node ``{"cat": p, "replies": [{"delete": [a, b], "move": w,
  "then": id}]}`` answers every deletion the herder can make. Its value against the best herder is
  ``D(i, p, H) = 0`` if the cat is isolated, else the smallest, over every edge ``c`` with
  ``H[c] >= 1``, of ``1`` (the cat cannot move) or ``1 + D(then, w, H - c)`` (``w`` a legal move).

The certificate is accepted iff ``U <= v <= D`` at the start: then the herder isolates the cat within
``v`` deletions whatever it does, and the cat survives ``v`` deletions whatever the herder does, so
``v`` is the value. ``U`` and ``D`` are memoised on ``(node, p, H)`` with the whole multigraph ``H``
(a tuple), so a memo hit is the value of the very position asked; both recursions end because each
step deletes a copy. They run on an explicit stack (no recursion limit).

:func:`check_herder` checks a herder strategy alone against a claimed upper bound (``U <= bound``),
for the one-sided answers of :mod:`escapology.nemesis.engines.cat_threshold`.

The cat's moves: speed 1, to a neighbour along an edge left; unbounded, to any other vertex of its
component.
"""

from __future__ import annotations

from typing import Any, Callable

from escapology.core.wording import plural
from escapology.nemesis.checkers.base import Names, Rejected
from escapology.nemesis.model import Graph

Mult = tuple[int, ...]


class _Rules:
    """The game's rules and the node look-ups both strategies share."""

    def __init__(self, g: Graph, speed: int | None) -> None:
        self.g = g
        self.speed = speed
        self.names = Names(g)

    def isolated(self, p: int, mult: Mult) -> bool:
        return not any(mult[e] for _, e in self.g.adj[p])

    def targets(self, p: int, mult: Mult) -> list[int]:
        g = self.g
        if self.speed == 1:
            return sorted({w for w, e in g.adj[p] if mult[e]})
        return sorted(g.reachable(p, mult) - {p})

    def node(self, nodes: Any, i: Any, p: int) -> dict[str, Any]:
        g = self.g
        if (not isinstance(i, int) or isinstance(i, bool) or not isinstance(nodes, list)
                or not 0 <= i < len(nodes) or not isinstance(nodes[i], dict)):
            raise Rejected(f"bad node reference {i!r}")
        if nodes[i].get("cat") != g.names[p]:
            raise Rejected(f"node {i} is for the cat on {nodes[i].get('cat')}, not {g.names[p]}")
        return nodes[i]

    def follow(self, i: Any, w: int, after: Mult, where: str) -> tuple[int, int, Mult] | None:
        if self.isolated(w, after):
            return None  # worth 1: the deletion counts and the cat is then isolated
        if not isinstance(i, int) or isinstance(i, bool):
            raise Rejected(f"{where}: the cat on {self.g.names[w]} is not isolated, yet no node follows")
        return (i, w, after)

    def herder_upper(self, nodes: Any, root: Any, start: int) -> int:
        """``U`` at the start: what the herder strategy ``nodes`` lets the best cat survive."""
        g, names = self.g, self.names

        def children(i: Any, p: int, mult: Mult) -> list[tuple[Any, int, Mult] | None]:
            n = self.node(nodes, i, p)
            d = n.get("delete")
            if not (isinstance(d, list) and len(d) == 2):
                raise Rejected(f"herder node {i}: 'delete' is a pair of vertex names")
            c = names.named_edge(d[0], d[1], f"herder node {i}")
            if mult[c] <= 0:
                raise Rejected(f"herder node {i}: deletes {names.edge_label(c)}, which is gone")
            lst = list(mult)
            lst[c] -= 1
            after = tuple(lst)
            answers = n.get("after") or {}
            if not isinstance(answers, dict):
                raise Rejected(f"herder node {i}: 'after' maps the cat's moves to nodes")
            out = []
            for w in self.targets(p, after):
                if g.names[w] not in answers:
                    raise Rejected(f"herder node {i}: no answer to the cat's move to {g.names[w]}")
                out.append(self.follow(answers[g.names[w]], w, after, f"herder node {i}"))
            return out

        return _evaluate(root, start, tuple(g.mult), children, max, self.isolated)

    def cat_lower(self, nodes: Any, root: Any, start: int) -> int:
        """``D`` at the start: what the cat strategy ``nodes`` survives against the best herder."""
        g, names = self.g, self.names

        def children(i: Any, p: int, mult: Mult) -> list[tuple[Any, int, Mult] | None]:
            n = self.node(nodes, i, p)
            replies: dict[int, dict[str, Any]] = {}
            if not isinstance(n.get("replies", []), list):
                raise Rejected(f"cat node {i}: 'replies' is a list")
            for r in n.get("replies", []):
                if not isinstance(r, dict) or not (isinstance(r.get("delete"), list) and len(r["delete"]) == 2):
                    raise Rejected(f"cat node {i}: a reply is {{\"delete\": [a, b], \"move\": w, \"then\": id}}")
                replies[names.named_edge(r["delete"][0], r["delete"][1], f"cat node {i}")] = r
            out: list[tuple[Any, int, Mult] | None] = []
            for c in range(g.m):
                if not mult[c]:
                    continue
                lst = list(mult)
                lst[c] -= 1
                after = tuple(lst)
                ts = self.targets(p, after)
                if not ts:
                    out.append(None)  # the cat cannot move: one deletion counted, then it is isolated
                    continue
                r = replies.get(c)
                w = g.index.get(r.get("move")) if r is not None and isinstance(r.get("move"), str) else None
                if w is None or w not in ts:
                    raise Rejected(f"cat node {i}: no legal answer to the deletion of {names.edge_label(c)}")
                out.append(self.follow(r.get("then"), w, after, f"cat node {i}"))
            return out

        return _evaluate(root, start, tuple(g.mult), children, min, self.isolated)


def _is_root(r: Any) -> bool:
    return r is None or (isinstance(r, int) and not isinstance(r, bool))


def check_cat(g: Graph, start: int, certificate: Any, *, speed: int | None = None) -> tuple[bool, str]:
    """Check a Cat Herding certificate; returns ``(accepted, message)``."""
    try:
        value = certificate["value"]
        herder = (certificate["herder"]["nodes"], certificate["herder"]["root"])
        cat = (certificate["cat"]["nodes"], certificate["cat"]["root"])
    except (KeyError, TypeError):
        return False, "a certificate holds value, herder and cat"
    if not isinstance(value, int) or isinstance(value, bool):
        return False, "the value is an integer"
    if not all(_is_root(r) for r in (herder[1], cat[1])):
        return False, "a strategy's root is a node number"
    rules = _Rules(g, speed)
    try:
        upper = rules.herder_upper(herder[0], herder[1], start)
        lower = rules.cat_lower(cat[0], cat[1], start)
    except Rejected as exc:
        return False, str(exc)
    if upper > value:
        return False, f"the herder strategy lets the cat survive {upper} > {plural(value, 'deletion')}"
    if lower < value:
        return False, f"the cat strategy survives only {lower} < {plural(value, 'deletion')}"
    return True, f"value {value}: the herder isolates the cat within it and the cat survives it"


def check_herder(g: Graph, start: int, herder: Any, bound: int, *,
                 speed: int | None = None) -> tuple[bool, str]:
    """Check a herder strategy alone (``{"root": id, "nodes": [...]}``, the ``"herder"`` part of a
    certificate): accepted iff ``U <= bound`` at the start, i.e. the herder isolates the cat within
    ``bound`` deletions whatever it does. ``U`` is evaluated exactly as :func:`check_cat` does."""
    try:
        nodes, root = herder["nodes"], herder["root"]
    except (KeyError, TypeError):
        return False, "a herder strategy holds root and nodes"
    if not _is_root(root):
        return False, "a strategy's root is a node number"
    try:
        upper = _Rules(g, speed).herder_upper(nodes, root, start)
    except Rejected as exc:
        return False, str(exc)
    if upper > bound:
        return False, f"the herder strategy lets the cat survive {upper} > {plural(bound, 'deletion')}"
    return True, f"the herder isolates the cat within {plural(upper, 'deletion')} (bound {bound})"


def _evaluate(root: Any, start: int, mult: Mult, children: Callable[..., list], best: Callable[..., int],
              isolated: Callable[[int, Mult], bool]) -> int:
    """``U`` (``best=max``) or ``D`` (``best=min``) of the module docstring, on an explicit stack.

    A child ``None`` is worth 1 (the cat cannot move after that deletion); a child ``(id, w, H')``
    is worth ``1 + value(id, w, H')``; an isolated cat is worth 0; a herder deletion after which the
    cat cannot move leaves no child and is worth 1.
    """
    memo: dict[tuple[Any, int, Mult], int] = {}
    if isolated(start, mult):
        return 0
    key0 = (root, start, mult)
    stack: list[list[Any]] = [[key0, children(*key0), 0, None]]
    while True:
        fr = stack[-1]
        key, kids = fr[0], fr[1]
        pushed = False
        while fr[2] < len(kids):
            kid = kids[fr[2]]
            if kid is None:
                v = 1
            else:
                sub = memo.get(kid)
                if sub is None:
                    stack.append([kid, children(*kid), 0, None])
                    pushed = True
                    break
                v = 1 + sub
            fr[3] = v if fr[3] is None else best(fr[3], v)
            fr[2] += 1
        if pushed:
            continue
        value = 1 if fr[3] is None else fr[3]
        memo[key] = value
        stack.pop()
        if not stack:
            return value
        parent = stack[-1]
        v = 1 + value
        parent[3] = v if parent[3] is None else best(parent[3], v)
        parent[2] += 1
