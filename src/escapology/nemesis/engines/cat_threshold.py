"""Cat Herding above a threshold (cat of speed 1): is the value from ``start`` more than ``k``?

The exact search (:mod:`escapology.nemesis.engines.cat`) cannot finish on graphs with large cliques
such as Corollary 6's (three ``K_{2m}``). :func:`cat_exceeds` answers the decision question from
two one-sided searches, each sound by construction and each a memoised minimax over a game that is
small on such graphs. Notation: the herder deletes one edge copy per round, then the cat moves along
one edge when it can; ``V(p, H)`` is the number of deletions until the cat, at its turn, sits on an
isolated vertex (herder to move, cat on ``p``, multigraph ``H``; the herder minimises).

**Clique classes.** A *clique class* ``T`` is a class of true twins (pairwise joined by one edge
copy, with equal neighbours and multiplicities outside ``T``) of ``q = |T| >= 5`` vertices, found
by hashing closed neighbourhoods with multiplicities. Its *ports* are its outside neighbours: a
vertex joined to one vertex of ``T`` is joined to all of them, by the same number ``mu_x`` of
copies. Edges are *free* (no end in a class), *internal* (both ends in one class), *port edges*
(a class vertex and a free port) or *between classes*.

**Clique lemma.** Let the cat (speed 1) be on ``v`` in ``T``, herder to move, ``D`` internal edges
of ``T`` deleted, ``d = deg_T(v)`` internal edges left at ``v``. The *greedy cat* moves, while its
``T``-degree is at least 1, to a ``T``-neighbour of largest ``T``-degree, the degrees counted after
the herder's deletion. It survives at least ``B(q, D, d)`` further deletions, ``B = d`` for
``d <= 1`` and ``B = max(2, 2q - 3 - D)`` for ``d >= 2``, counting until its ``T``-degree is 0 at its
turn (the count stops there even when the cat is not isolated, having edges out of ``T``: the real
game then only lasts longer). *Proof.* ``d <= 1``: the cat is not isolated, so at least ``d`` deletions. ``d >= 2``:
after one deletion it still has a ``T``-edge, so it moves, and it is stopped at the earliest after
the next deletion: ``>= 2``. A cat that arrives on ``w`` chosen with ``T``-degree ``c`` has
``T``-degree ``>= c - 1`` at its next turn, so it is stopped on ``w`` only if ``c = 1``. Then
``w`` was a largest degree among the ``j >= 1`` ``T``-neighbours of the previous vertex ``u``, so
each of them had ``T``-degree exactly 1 (the edge to ``u``). The deleted internal edges then
include, disjointly: the ``q - 1 - j`` edges from ``u`` to its non-neighbours, the ``j(j - 1)/2``
edges among the neighbours, the ``j(q - 1 - j)`` edges from the neighbours to the non-neighbours:
``f(j) = j(j - 1)/2 + j(q - 1 - j) + (q - 1 - j) = -j^2/2 + (q - 5/2) j + q - 1``, concave in
``j``, so its minimum over ``1 <= j <= q - 1`` is at an end: ``f(1) = 2q - 4`` and
``f(q - 1) = (q - 1)(q - 2)/2``, which is ``>= 2q - 4`` iff ``q - 1 >= 4``, i.e. ``q >= 5``. The
stop needs one more internal deletion (the edge ``uw``), so at least ``2q - 3`` internal edges are
gone by then, of which ``D`` before: the herder made ``>= 2q - 3 - D`` deletions. (For ``q = 4``
the minimum is ``f(3) = 3``: the classes need ``q >= 5``.) The greedy cat is one cat strategy, so
``V >= B`` for the real game; the tests compare it with the exact value on ``K_5`` and ``K_6``.

**Upper side (the herder restricted; value <= U).** The herder may only delete free edges. A
restricted herder can only do worse, so the restricted value ``U`` is ``>=`` the real value, and
her strategy is a strategy of the real game. In the restricted game a cat on a class vertex is never
isolated (``q >= 2``: its internal edges stay) and a cat on a port is not either (its ``q`` port
edges stay): reaching a port is worth infinity. The search is a memoised minimax on (cat vertex,
multiplicities of the free edges reachable from it without passing a port); the herder deletes only
those (a further restriction of her). It decides "``U <= b``" for a budget ``b`` and keeps bounds
``lo <= U <= hi`` per position; ``U`` is first decided at ``k``, then tightened by lowering ``b``.
When ``U <= k`` the answer is ``exceeds=False``, ``upper=U``, and the strategy is written in the
herder part of :func:`~escapology.nemesis.engines.cat.cat_certificate`'s format (nodes
``{"cat": p, "delete": [a, b], "after": {w: id}}``) on the real graph: the cat's vertex is always a
free non-port vertex, whose edges are all free, so the written node answers each of the cat's real
moves, none of which goes to a port (asserted: such a move is worth infinity and the budget is
finite). The independent checker verifies it (:func:`escapology.nemesis.checkers.cat.check_herder`).

**Lower side (the cat restricted; value >= L).** The *restricted cat* walks free vertices; on
entering a class it stops and plays greedy (the lemma). Abstract game: positions (cat vertex ``p``,
free multiplicities ``M``, per class ``T`` the count ``D_T`` of deleted internal edges, per
(free port ``x``, class ``T``) the count ``X_{x,T}`` of deleted port-edge copies). Herder moves:
delete a free copy, "an internal edge of ``T``" (``D_T + 1``), "a port edge ``x``-``T``"
(``X + 1``). Cat moves: along a free edge, or from port ``x`` into ``T`` (``alive = q - X // mu``
vertices of ``T`` at least still joined to ``x``):

- if ``alive > floor(2 D / (q - 2))``, worth ``max(2, 2q - 3 - D)`` (the position after it, herder
  to move, has that value or more): a vertex of ``T``-degree ``<= 1`` has lost ``>= q - 2`` internal
  edges and the deleted edges have ``2D`` ends, so at most ``floor(2D / (q - 2))`` vertices have
  ``T``-degree ``<= 1``, and the cat steps to a joined one of ``T``-degree ``>= 2``;
- else, if ``alive >= 1``, worth 1 (herder to move, the cat on a vertex joined to ``x``: not
  isolated).

A cat on ``p`` is isolated iff its free edges are gone and ``X = mu q`` for each class at ``p``.

*Soundness* (``A <= V``), in three steps. Write ``A(s)`` for the abstract value, herder to move.

1. *Monotone*: if ``s'`` has, unit by unit, no more left than ``s`` (same cat vertex), then
   ``A(s') <= A(s)``. The cat's options in ``s'`` are among those of ``s`` and worth no more (``B``
   falls with ``D``; the entry condition ``alive > floor(2D/(q - 2))`` and ``alive >= 1`` fail sooner
   with fewer units). By induction on the units of ``s``: if ``s'`` is isolated it is worth 0; else
   let ``u`` be an optimal herder move in ``s``; in ``s'`` she deletes ``u`` if it is there, else
   any unit ``u'`` (then ``s' - u' <= s' <= s - u``, as ``s'`` has none of ``u``); either way the
   position after is ``<=`` the one after ``u`` in ``s``, and the cat's options compare as said.
2. *Relevant units*: the free edges of the cat's free component, the classes with a port in it and
   the port edges at its ports. The restricted cat never leaves the component (components only
   shrink) and stops in a class, so the other units never change its options again; with step 1,
   deleting an irrelevant unit is never better for the herder than deleting a relevant one (which
   exists unless the cat is isolated). So the search keys positions on the relevant units only and
   lets the herder delete only those, without changing ``A``.
3. *Simulation*: a real position (cat on a free vertex) is *consistent* with an abstract one if
   the free multiplicities and the counts agree on the relevant units. By induction on the copies
   left, ``V(real) >= A(consistent abstract)``. Herder's turn: a real deletion of a relevant unit
   leads to a position consistent with the abstract move's; any other real deletion (an irrelevant
   unit, an edge between two classes) leaves a position consistent with the same abstract one,
   which by steps 1-2 is worth at least what the abstract herder gets by a relevant move. Cat's
   turn: every abstract cat move is a real one: a free edge (induction), or the entry from a port,
   where the real counts are the abstract ones, so the argument above finds a real vertex of ``T``
   joined to the port with ``T``-degree ``>= 2`` (or at least one joined vertex), from which the
   greedy cat survives the lemma's bound (or 1, not being isolated).

So the restricted cat survives ``A`` deletions in the real game: ``A <= V``. The search decides
"``A <= k``" with a budget, as the upper side does; if not, ``exceeds=True`` and ``lower = k + 1``
(the threshold is what is decided, not ``A`` itself).

**Not certifiable.** No cat certificate of :func:`~escapology.nemesis.engines.cat.cat_certificate`'s
format is written: it would answer every concrete deletion inside the cliques, for ``2m`` rounds.
The ``True`` answers rest on the lemma (proved above, compared with the exact engine in the tests).

>>> from escapology.nemesis.model import Instance
>>> k6 = [(a, b) for a in range(3, 9) for b in range(a + 1, 9)]  # a class {4..8}, its port 3
>>> g = Instance.from_edges([(0, 1), (1, 2), (0, 2), (2, 3)] + k6).graph()
>>> low, high = cat_exceeds(g, g.index["0"], 2), cat_exceeds(g, g.index["0"], 3)
>>> low.exceeds, low.lower, low.method
(True, 3, 'cat restricted, clique lemma on 1 class')
>>> high.exceeds, high.upper, high.herder["nodes"][0]["delete"]
(False, 3, ['0', '1'])
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any, Callable

from escapology.core.limits import Deadline, LimitReached
from escapology.nemesis.model import Graph

__all__ = ["CliqueClass", "ThresholdAnswer", "cat_exceeds", "clique_classes", "greedy_bound"]

#: the smallest clique class (the lemma's ``2q - 4`` minimum needs ``q >= 5``)
MIN_CLASS = 5
INF = 1 << 30
Mult = tuple[int, ...]


@dataclass(frozen=True)
class ThresholdAnswer:
    """The answer of :func:`cat_exceeds`.

    ``exceeds``: whether the value is ``> k`` (None: neither side settled it); ``lower <= value <=
    upper`` proven (``upper`` None: no bound); ``herder``: the herder strategy proving ``upper``
    when ``exceeds is False`` (``{"root": id, "nodes": [...]}``); ``nodes``: positions searched.
    """

    exceeds: bool | None
    lower: int
    upper: int | None
    herder: dict | None
    nodes: int
    method: str


@dataclass(frozen=True)
class CliqueClass:
    """A clique class: ``vertices`` (true twins, ``q >= 5``) and its ``ports`` as ``(x, mu)``."""

    vertices: tuple[int, ...]
    ports: tuple[tuple[int, int], ...]

    @property
    def q(self) -> int:
        return len(self.vertices)


def greedy_bound(q: int, deleted: int, degree: int) -> int:
    """The clique lemma: deletions a greedy cat on a vertex of ``T``-degree ``degree`` survives,
    herder to move, ``deleted`` internal edges of the class (``q >= 5``) gone."""
    return degree if degree <= 1 else max(2, 2 * q - 3 - deleted)


def clique_classes(g: Graph) -> list[CliqueClass]:
    """The true-twin classes of at least :data:`MIN_CLASS` vertices, by their closed neighbourhoods."""
    groups: dict[tuple[tuple[int, int], ...], list[int]] = {}
    for v in range(g.n):
        closed = {v: 1}
        for w, e in g.adj[v]:
            if w == v:
                break
            closed[w] = closed.get(w, 0) + g.mult[e]
        else:
            groups.setdefault(tuple(sorted(closed.items())), []).append(v)
    out = []
    for key, members in groups.items():
        if len(members) >= MIN_CLASS:
            inside = set(members)
            out.append(CliqueClass(tuple(members), tuple((x, mu) for x, mu in key if x not in inside)))
    return out


class _Layout:
    """The classes, the free edges and the port units (free port, class) of a graph."""

    def __init__(self, g: Graph) -> None:
        self.g = g
        self.classes = clique_classes(g)
        self.in_class = [-1] * g.n
        for c, cl in enumerate(self.classes):
            for v in cl.vertices:
                self.in_class[v] = c
        self.free = [e for e, (a, b) in enumerate(g.ends) if self.in_class[a] < 0 and self.in_class[b] < 0]
        self.free_adj: list[list[tuple[int, int]]] = [[] for _ in range(g.n)]
        for i, e in enumerate(self.free):
            a, b = g.ends[e]
            self.free_adj[a].append((b, i))
            self.free_adj[b].append((a, i))
        #: unit ``u``: (port ``x``, class index, copies per port edge ``mu``)
        self.units = [(x, c, mu) for c, cl in enumerate(self.classes) for x, mu in cl.ports if self.in_class[x] < 0]
        self.units_at: list[list[int]] = [[] for _ in range(g.n)]
        for u, (x, _, _) in enumerate(self.units):
            self.units_at[x].append(u)
        self.is_port = [bool(self.units_at[v]) for v in range(g.n)]

    def port_distance(self, m: Mult, ports: list[int]) -> dict[int, int]:
        """Distances to the nearest of ``ports`` over the free edges ``m`` has (the cat's moves are
        tried nearest first: the most dangerous first for the herder)."""
        dist = dict.fromkeys(ports, 0)
        queue = deque(ports)
        while queue:
            v = queue.popleft()
            for w, i in self.free_adj[v]:
                if m[i] and w not in dist:
                    dist[w] = dist[v] + 1
                    queue.append(w)
        return dist

    def free_mult(self, mult: Mult) -> Mult:
        return tuple(mult[e] for e in self.free)


class _Search:
    """Shared by both sides: bounds ``lo <= value <= hi`` per key, node count, deadline."""

    def __init__(self, lay: _Layout, deadline: Deadline) -> None:
        self.lay = lay
        self.deadline = deadline
        self.lo: dict[Any, int] = {}
        self.hi: dict[Any, int] = {}
        self.nodes = 0

    def tick(self) -> None:
        self.nodes += 1
        if not self.nodes & 1023:
            self.deadline.check()

    def known(self, key: Any, b: int) -> bool | None:
        """Whether the value of ``key`` is ``<= b`` if the bounds already say so."""
        if self.hi.get(key, INF) <= b:
            return True
        if self.lo.get(key, 0) > b:
            return False
        return None


class _HerderSide(_Search):
    """The restricted herder (free edges only); a cat reaching a port is never caught."""

    def __init__(self, lay: _Layout, deadline: Deadline) -> None:
        super().__init__(lay, deadline)
        self.best: dict[tuple[int, Mult], int] = {}

    def canon(self, p: int, m: Mult) -> tuple[tuple[int, Mult], list[int]]:
        """The key (free multiplicities zeroed beyond the ports) and the herder's edges, nearest first."""
        lay = self.lay
        out = [0] * len(m)
        edges: list[int] = []
        seen = {p}
        queue = deque([p])
        while queue:
            v = queue.popleft()
            for w, i in lay.free_adj[v]:
                if m[i] and not out[i]:
                    out[i] = m[i]
                    edges.append(i)
                    if w not in seen:
                        seen.add(w)
                        if not lay.is_port[w]:
                            queue.append(w)
        return (p, tuple(out)), edges

    def holds(self, p: int, m: Mult, b: int) -> bool:
        """Whether the restricted herder isolates the cat on ``p`` (a free non-port vertex, herder
        to move) within ``b`` deletions."""
        key, edges = self.canon(p, m)
        k = self.known(key, b)
        if k is not None:
            return k
        self.tick()
        lay, cm = self.lay, key[1]
        if not any(cm[i] for _, i in lay.free_adj[p]):
            self.hi[key] = 0
            return True
        if b <= 0:
            self.lo[key] = max(self.lo.get(key, 0), 1)
            return False
        dist = lay.port_distance(cm, [v for v in range(lay.g.n) if lay.is_port[v]])
        for i in edges:
            lst = list(cm)
            lst[i] -= 1
            after = tuple(lst)
            targets = sorted({w for w, j in lay.free_adj[p] if after[j]}, key=lambda w: dist.get(w, INF))
            if any(lay.is_port[w] for w in targets):
                continue  # the cat reaches a port: never caught
            if all(self.holds(w, after, b - 1) for w in targets):
                self.hi[key] = b
                self.best[key] = i
                return True
        self.lo[key] = b + 1
        return False

    def value_within(self, start: int, k: int) -> int | None:
        """The restricted value from ``start`` if it is ``<= k`` (tightened as far as the deadline
        allows: the returned bound has its strategy in the tables), else None."""
        lay = self.lay
        if lay.in_class[start] >= 0 or lay.is_port[start]:
            return None
        m = lay.free_mult(lay.g.mult)
        key = self.canon(start, m)[0]
        if not self.holds(start, m, k):
            return None
        try:
            while self.hi[key] > 0 and self.holds(start, m, self.hi[key] - 1):
                pass
        except LimitReached:
            pass
        return self.hi[key]

    def strategy(self, start: int) -> dict:
        """The herder's strategy on the real graph, from the tables (after :meth:`value_within`)."""
        lay = self.lay

        def deletion(p: int, mult: Mult) -> int:
            return lay.free[self.best[self.canon(p, lay.free_mult(mult))[0]]]

        def check(moves: list[int]) -> None:
            assert not any(lay.is_port[w] or lay.in_class[w] >= 0 for w in moves), "a won restricted game"

        return herder_strategy(lay.g, start, deletion, self.deadline, check)


class _CatSide(_Search):
    """The abstract game of the restricted cat (free vertices; entering a class stops it)."""

    def canon(self, p: int, m: Mult, ds: Mult, xs: Mult) -> tuple[tuple[int, Mult, Mult, Mult], list[tuple[str, int]]]:
        """The key (only the relevant units; the others -1 or 0) and the herder's moves."""
        lay = self.lay
        out = [0] * len(m)
        dk = [-1] * len(ds)
        xk = [-1] * len(xs)
        moves: list[tuple[str, int]] = []
        seen = {p}
        queue = deque([p])
        while queue:
            v = queue.popleft()
            for u in lay.units_at[v]:
                c = lay.units[u][1]
                xk[u] = xs[u]
                dk[c] = ds[c]
            for w, i in lay.free_adj[v]:
                if m[i] and not out[i]:
                    out[i] = m[i]
                    moves.append(("f", i))
                    if w not in seen:
                        seen.add(w)
                        queue.append(w)
        for u, x in enumerate(xk):
            if 0 <= x < self.copies(u):
                moves.append(("x", u))
        for c, d in enumerate(dk):
            q = lay.classes[c].q
            if d >= 0 and d < q * (q - 1) // 2:
                moves.append(("d", c))
        return (p, tuple(out), tuple(dk), tuple(xk)), moves

    def copies(self, u: int) -> int:
        """The port edge copies of unit ``u`` (``mu q``)."""
        _, c, mu = self.lay.units[u]
        return mu * self.lay.classes[c].q

    def entry(self, u: int, ds: Mult, xs: Mult) -> int | None:
        """The value of entering the class of unit ``u`` from its port (None: no edge left)."""
        _, c, mu = self.lay.units[u]
        q, d = self.lay.classes[c].q, ds[c]
        alive = q - xs[u] // mu
        if alive <= 0:
            return None
        return greedy_bound(q, d, 2) if alive > 2 * d // (q - 2) else 1

    def holds(self, p: int, m: Mult, ds: Mult, xs: Mult, b: int) -> bool:
        """Whether the abstract herder holds the restricted cat on free ``p`` (herder to move) to
        ``b`` more deletions."""
        key, moves = self.canon(p, m, ds, xs)
        k = self.known(key, b)
        if k is not None:
            return k
        self.tick()
        lay = self.lay
        _, m, ds, xs = key
        at_p = lay.units_at[p]
        if not any(m[i] for _, i in lay.free_adj[p]) and all(xs[u] >= self.copies(u) for u in at_p):
            self.hi[key] = 0
            return True
        if b <= 0:
            self.lo[key] = max(self.lo.get(key, 0), 1)
            return False
        dist = lay.port_distance(m, sorted({lay.units[u][0] for u, x in enumerate(xs) if 0 <= x < self.copies(u)}))
        for kind, i in moves:
            m2, ds2, xs2 = m, ds, xs
            if kind == "f":
                m2 = m[:i] + (m[i] - 1,) + m[i + 1:]
            elif kind == "d":
                ds2 = ds[:i] + (ds[i] + 1,) + ds[i + 1:]
            else:
                xs2 = xs[:i] + (xs[i] + 1,) + xs[i + 1:]
            entries = [v for v in (self.entry(u, ds2, xs2) for u in at_p) if v is not None]
            if entries and max(entries) > b - 1:
                continue  # the cat enters a class and outlives the budget
            targets = sorted({w for w, j in lay.free_adj[p] if m2[j]}, key=lambda w: dist.get(w, INF))
            if all(self.holds(w, m2, ds2, xs2, b - 1) for w in targets):
                self.hi[key] = b
                return True
        self.lo[key] = b + 1
        return False

    def exceeds(self, start: int, k: int) -> tuple[bool, int]:
        """Whether the abstract value from ``start`` is ``> k``, and the lower bound it proves."""
        lay = self.lay
        c = lay.in_class[start]
        if c >= 0:
            q = lay.classes[c].q
            value = greedy_bound(q, 0, q - 1)
            return value > k, value
        m = lay.free_mult(lay.g.mult)
        ds = (0,) * len(lay.classes)
        xs = (0,) * len(lay.units)
        if self.holds(start, m, ds, xs, k):
            return False, 0
        return True, k + 1


def _component_copies(g: Graph, start: int) -> int:
    """Edge copies of the start's component: the herder isolates the cat within them."""
    seen = g.reachable(start, g.mult)
    return sum(k for e, k in enumerate(g.mult) if g.ends[e][0] in seen)


def _sweep_strategy(g: Graph, start: int, deadline: Deadline) -> dict:
    """The herder deleting the start component's copies in edge order: the cat is isolated within
    them (:func:`_component_copies`)."""
    seen = g.reachable(start, g.mult)
    order = [e for e in range(g.m) if g.ends[e][0] in seen]
    return herder_strategy(g, start, lambda p, mult: next(e for e in order if mult[e]), deadline)


def herder_strategy(g: Graph, start: int, deletion: Callable[[int, Mult], int], deadline: Deadline,
                    check: Callable[[list[int]], None] | None = None) -> dict:
    """A herder strategy (cat speed 1) in the format of
    :func:`~escapology.nemesis.engines.cat.cat_certificate`: a DAG of one node per position reached
    (cat on ``p``, multiplicities), each deleting ``deletion(p, mult)`` and answering every move of
    the cat; ``check`` sees each node's moves (an assertion of the caller's)."""
    nodes: list[dict] = []
    ids: dict[tuple[int, Mult], int] = {}

    def node(p: int, mult: Mult) -> int | None:
        if not any(mult[e] for _, e in g.adj[p]):
            return None
        if (p, mult) in ids:
            return ids[(p, mult)]
        deadline.check()
        i = ids[(p, mult)] = len(nodes)
        nodes.append({})
        e = deletion(p, mult)
        after = mult[:e] + (mult[e] - 1,) + mult[e + 1:]
        moves = sorted({w for w, f in g.adj[p] if after[f]})
        if check is not None:
            check(moves)
        nodes[i] = {"cat": g.names[p], "delete": g.edge_name(e),
                    "after": {g.names[w]: node(w, after) for w in moves}}
        return i

    return {"root": node(start, tuple(g.mult)), "nodes": nodes}


def cat_exceeds(g: Graph, start: int, k: int, *, deadline: Deadline | None = None) -> ThresholdAnswer:
    """Whether the Cat Herding value (cat speed 1, herder first) from ``start`` is ``> k``: the
    restricted herder's search first (a ``False`` with its strategy), then the restricted cat's
    (a ``True``); see the module docstring for the proofs."""
    deadline = deadline if deadline is not None else Deadline(None)
    lay = _Layout(g)
    upper = _component_copies(g, start)  # the herder deletes them all
    lower = 1 if any(g.mult[e] for _, e in g.adj[start]) else 0
    classes = f"{len(lay.classes)} class{'es' if len(lay.classes) != 1 else ''}"
    herder = _HerderSide(lay, deadline)
    cat = _CatSide(lay, deadline)
    strategy: dict | None = None
    method = "neither side settled it"
    try:
        deadline.check()
        u = herder.value_within(start, k)
        if u is None and upper <= k:  # the restricted herder failed, yet deleting everything is soon enough
            u, method = upper, "herder deleting the start's component"
            strategy = _sweep_strategy(g, start, deadline)
        elif u is not None:
            method = f"herder restricted to free edges, {classes}"
            try:
                strategy = herder.strategy(start)
            except LimitReached:  # settled by the search; only the written proof is missing
                strategy, method = None, method + "; the strategy not written (time limit)"
        if u is not None:
            return ThresholdAnswer(False, lower, u, strategy, herder.nodes, method)
        above, bound = cat.exceeds(start, k)
        if above:
            return ThresholdAnswer(True, max(lower, bound), upper, None, herder.nodes + cat.nodes,
                                   f"cat restricted, clique lemma on {classes}")
    except LimitReached:
        method = "time limit"
    return ThresholdAnswer(None, lower, upper, None, herder.nodes + cat.nodes, method)
