"""The exact search in Python, kept only as the cross-check of the native one, and a plain minimax baseline.

:class:`Search` is the twin of the crate's search (:class:`escapology.nemesis.engines.native.NativeSearch`,
what :func:`escapology.nemesis.engines.exact.solve` runs by default, 10 to 100 times faster): it
stays as the readable statement of the soundness steps below and as an independent second engine
(``engine="python"``, ``--engine exact-python``) that the tests and benchmarks compare with the
native one; nothing depends on it for speed. :func:`plain_winner` is a third, simpler opinion.

Source: Bergé, Dailly, Gerard, "Nemesis, an Escape Game in Graphs" (FUN 2026).

Rules (§2). Each round the fugitive moves along one edge; reaching an exit wins. Then the Nemesis
deletes one copy of an edge (anywhere for Nemesis, incident with the fugitive's vertex for Blizzard).
The fugitive loses when his component holds no exit. A start on an exit is a win ("the trivial
cases where he starts at an exit", Remark 8).

The search is a depth-first minimax with transposition tables over *restricted* positions. Each
step below is sound for the reason given (``H`` is the current multigraph, ``u`` the fugitive):

1. *Monotonicity.* If the fugitive wins from ``(u, H)`` he wins from ``(u, H')`` for every
   ``H' ⊇ H`` (play the same moves; a deletion outside ``H`` is a pass, and by induction a pass never
   helps the Nemesis). Hence deleting an edge is never worse for the Nemesis than passing.
2. *No revisits* (Remark 7). A fastest winning fugitive never revisits a vertex: coming back to
   ``v`` with ``H_2 ⊆ H_1`` would, by (1), be no faster than the first visit. So the vertex the
   fugitive leaves is removed from the graph: the *restricted* game has the same winner.
3. *Simplification* (§3.1). Paths only matter up to their first exit, so a component holding no
   fugitive is dropped and an exit is a terminal. A non-exit vertex ``w ≠ u`` of degree ≤ 2
   (multiplicities counted) is pruned, repeatedly: entering ``w`` removes the edge copy used, at most
   one copy is left and the Nemesis deletes it, stranding the fugitive. So no winning strategy
   enters ``w`` and removing it changes nothing (both games, since Blizzard may delete it too).
   *Unbreakable edges*: without revisits the fugitive enters at most ``r - 1`` more non-exit
   vertices (``r`` the non-exit vertices of his component, his own included), so at most ``r``
   deletions remain and an edge with more than ``r`` copies can never be cut: multiplicities are
   capped to ``r + 1`` in the tables.
4. *Immediate outcomes.* The fugitive wins at once when ``u`` keeps ≥ 2 edge copies to exits (one
   deletion cannot cut both). The Nemesis wins at once when a single-copy bridge separates ``u``
   from every exit (for Blizzard: such a bridge incident with ``u``).
5. *Forced reply.* With exactly one exit copy at ``u`` the Nemesis must delete it (any other
   deletion lets the fugitive step out); a cut bridge was tried in (4) first.
6. *Support covering.* A fugitive strategy ``σ`` found after the deletion of ``e`` only ever uses
   the edges of its *support* ``S(σ)``; every other deletion ``c ∉ S(σ)`` leaves all of them with at
   least the multiplicities ``σ`` was proven with, so ``σ`` wins after ``c`` too. The Nemesis'
   candidate deletions are therefore narrowed to the intersection of the supports found so far.

Both searches fill tables of the same shape, from which :mod:`escapology.nemesis.engines.extract`
writes the strategy documents; :mod:`escapology.nemesis.engines.exact` chooses the engine and
writes the winner's strategy. :func:`plain_winner` is the baseline memoised minimax over
unrestricted positions.

>>> from escapology.nemesis.model import Instance
>>> g = Instance.from_edges([("s","a"),("a","x"),("a","y")], exits={"x","y"}, start="s").graph()
>>> sr = Search(g)
>>> sr.f_turn(g.start, g.mult)[0], plain_winner(g)
(True, 'fugitive')
"""

from __future__ import annotations

import sys
from functools import lru_cache
from typing import Any

from escapology.core.limits import Deadline, LimitReached
from escapology.nemesis.engines.base import GameSearch
from escapology.nemesis.model import Graph

Mult = tuple[int, ...]


class Search(GameSearch):
    """The restricted-game search over one graph (shared tables for every start vertex)."""

    engine = "python"

    def __init__(self, g: Graph, game: str = "nemesis", deadline: Deadline | None = None) -> None:
        super().__init__(g, game, deadline)
        # F-turn table: key -> (True, w, e, child_key | None, support) or (False,)
        self.tf: dict[tuple[int, Mult], tuple] = {}
        # N-turn table: key -> (True, [(c, fkey, support)], support) or (False, e | None)
        self.tn: dict[tuple[int, Mult], tuple] = {}
        self.nodes = 0
        self.progress: Any = None  # an object with update(**fields), e.g. core.progress
        # Every visit (table hits too) prunes in O(m): on big graphs the deadline is polled more
        # often, about every 2^16 edge steps, so that a timeout is kept within a fraction of a second.
        self._calls = 0
        self._poll_mask = (1 << min(10, max(0, (65536 // (len(g.mult) + 1)).bit_length() - 1))) - 1
        dist = g.distances_to_exits()
        big = g.n + 1
        self.dist = [d if d is not None else big for d in dist]

    # -- simplification ---------------------------------------------------------------------
    def prune(self, mult: Mult, pos: int) -> tuple[Mult, list[int], bool]:
        """Restrict ``mult`` to the pruned component of ``pos`` (steps 3 of the module docstring).

        Returns the canonical multiplicities (zero outside the component), the component's edges
        and whether an exit is reachable.
        """
        self._calls += 1
        if self._calls & self._poll_mask == 0 and self.deadline.expired():
            raise LimitReached()
        g = self.g
        adj, is_exit = g.adj, g.is_exit
        comp, has_exit, deg = self._component(pos, mult)
        queue = [v for v, d in deg.items() if d <= 2 and v != pos]
        if queue:
            removed = set()
            while queue:
                v = queue.pop()
                if v in removed:
                    continue
                removed.add(v)
                for w, e in adj[v]:
                    k = mult[e]
                    if k and w in deg and w not in removed:
                        deg[w] -= k
                        if deg[w] <= 2 and w != pos:
                            queue.append(w)
            comp, has_exit, _ = self._component(pos, mult, removed)  # the component after pruning
        out = [0] * len(mult)
        edges: list[int] = []
        # unbreakable edges: the fugitive never revisits, so at most (non-exit vertices - 1)
        # deletions remain; more copies than that behave alike and are capped
        cap = 1 + sum(1 for v in comp if not is_exit[v])
        for v in comp:
            if is_exit[v]:
                continue
            for w, e in adj[v]:
                k = mult[e]
                if k and not out[e] and w in comp:
                    out[e] = k if k <= cap else cap
                    edges.append(e)
        return tuple(out), edges, has_exit

    def _component(self, pos: int, mult: Mult, removed: set[int] | frozenset[int] = frozenset()
                   ) -> tuple[set[int], bool, dict[int, int]]:
        """The vertices reachable from ``pos`` through non-exit vertices outside ``removed`` (exits
        are terminals: reached, not walked through), whether an exit is among them, and the degree
        (edge copies left) of each non-exit vertex reached."""
        adj, is_exit = self.g.adj, self.g.is_exit
        seen = {pos}
        stack = [pos]
        deg: dict[int, int] = {}
        has_exit = False
        while stack:
            v = stack.pop()
            if is_exit[v]:
                has_exit = True
                continue
            d = 0
            for w, e in adj[v]:
                k = mult[e]
                if k:
                    d += k
                    if w not in seen and w not in removed:
                        seen.add(w)
                        stack.append(w)
            deg[v] = d
        return seen, has_exit, deg

    def _visit(self, table: dict, pos: int, mult: Mult) -> tuple[Mult, list[int], bool, tuple[int, Mult], Any]:
        """Prune ``mult`` around ``pos`` and look the position up in ``table``: the pruned
        multiplicities, the component's edges, whether an exit is reachable, the key and the
        entry (None on a miss, which counts a node)."""
        cm, comp_edges, has_exit = self.prune(mult, pos)
        key = (pos, cm)
        hit = table.get(key)
        if hit is None:
            self._tick()
        return cm, comp_edges, has_exit, key, hit

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes & 1023 == 0:
            if self.deadline.expired():
                raise LimitReached()
            if self.progress is not None:
                self.progress.update(nodes=self.nodes, positions=len(self.tf) + len(self.tn))

    # -- fugitive to move -------------------------------------------------------------------
    def f_turn(self, pos: int, mult: Mult) -> tuple:
        """Whether the fugitive, to move at ``pos``, wins; the table entry."""
        cm, _, has_exit, key, hit = self._visit(self.tf, pos, mult)
        if hit is not None:
            return hit
        g = self.g
        if not has_exit:
            self.tf[key] = res = (False, key, "trapped")  # for the strategy: the trap rule holds here
            return res
        moves = []
        for w, e in g.adj[pos]:
            if not cm[e]:
                continue
            if g.is_exit[w]:
                self.tf[key] = res = (True, w, e, None, frozenset((e,)), key)
                return res
            moves.append((w, e))
        base = list(cm)
        for _, e in g.adj[pos]:
            base[e] = 0  # the vertex left is removed (no revisits)
        after = tuple(base)

        def order(item: tuple[int, int]) -> tuple[int, int]:
            w, _ = item
            exits = sum(after[e] for x, e in g.adj[w] if g.is_exit[x])
            return (-min(exits, 2), self.dist[w])

        moves.sort(key=order)
        for w, e in moves:
            r = self.n_turn(w, after)
            if r[0]:
                nkey = r[-1]
                self.tf[key] = res = (True, w, e, nkey, r[-2] | {e}, key)
                return res
        self.tf[key] = res = (False, key)
        return res

    # -- Nemesis to move --------------------------------------------------------------------
    def n_turn(self, w: int, mult: Mult) -> tuple:
        """Whether the fugitive, just arrived at ``w`` (Nemesis to move), wins.

        A winning entry ends with ``(support, key)``; a losing one is ``(False, deletion,
        trapped)``, ``trapped`` telling whether after that deletion no exit is left in his pruned
        component (the trap rule of the strategy format; a cut bridge leaves none).
        """
        cm, comp_edges, has_exit, key, hit = self._visit(self.tn, w, mult)
        if hit is not None:
            return hit
        g = self.g
        if not has_exit:
            self.tn[key] = res = (False, None, True)
            return res
        exit_edges = [e for x, e in g.adj[w] if g.is_exit[x] and cm[e]]
        n_exit = sum(cm[e] for e in exit_edges)
        if n_exit >= 2:
            e1 = exit_edges[0]
            if cm[e1] >= 2:
                tried = [(None, ("exit", e1), frozenset((e1,))), (e1, ("exit", e1), frozenset((e1,)))]
            else:
                e2 = exit_edges[1]
                tried = [(None, ("exit", e1), frozenset((e1,))), (e1, ("exit", e2), frozenset((e2,)))]
            sup = frozenset().union(*(t[2] for t in tried))
            self.tn[key] = res = (True, tried, sup, key)
            return res
        bridge = self._cut_bridge(w, cm, comp_edges)
        if bridge is not None:
            self.tn[key] = res = (False, bridge, True)
            return res
        tried: list = []
        if n_exit == 1:
            ex = exit_edges[0]
            tried.append((None, ("exit", ex), frozenset((ex,))))  # any other deletion: step out
            uncovered = [ex]
        else:
            if self.blizzard:
                cands = [e for _, e in g.adj[w] if cm[e]]
            else:
                cands = list(comp_edges)
            uncovered = self._order_deletions(w, cm, cands)
        while uncovered:
            c = uncovered[0]
            lst = list(cm)
            lst[c] -= 1
            r = self.f_turn(w, tuple(lst))
            if not r[0]:
                self.tn[key] = res = (False, c, len(r) == 3)
                return res
            sup = r[4]
            tried.append((c, ("f", r[5]), sup))
            uncovered = [d for d in uncovered[1:] if d in sup]
        support = frozenset().union(*(t[2] for t in tried))
        self.tn[key] = res = (True, tried, support, key)
        return res

    def _order_deletions(self, w: int, cm: Mult, cands: list[int]) -> list[int]:
        """Nemesis move ordering: edges near the fugitive first, then near the exits."""
        g = self.g
        dist = {w: 0}
        frontier = [w]
        d = 0
        while frontier:
            d += 1
            nxt = []
            for v in frontier:
                if g.is_exit[v]:
                    continue
                for x, e in g.adj[v]:
                    if cm[e] and x not in dist:
                        dist[x] = d
                        nxt.append(x)
            frontier = nxt
        big = g.n + 5

        def key(e: int) -> tuple[int, int, int]:
            a, b = g.ends[e]
            near = min(dist.get(a, big), dist.get(b, big))
            return (near, cm[e], min(self.dist[a], self.dist[b]))

        return sorted(cands, key=key)

    def _cut_bridge(self, w: int, cm: Mult, comp_edges: list[int]) -> int | None:
        """A single-copy edge whose deletion separates ``w`` from every exit, if any.

        Exits are merged into one sink; a DFS from ``w`` finds bridges ``(p, c)`` of the tree whose
        lower side contains the sink (Tarjan's low-link).
        """
        g = self.g
        sink = -1
        nb: dict[int, list[tuple[int, int]]] = {}
        for e in comp_edges:
            a, b = g.ends[e]
            a = sink if g.is_exit[a] else a
            b = sink if g.is_exit[b] else b
            nb.setdefault(a, []).append((b, e))
            nb.setdefault(b, []).append((a, e))
        if sink not in nb:
            return None
        disc = {w: 0}
        low = {w: 0}
        has_sink = {w: False}
        counter = 1
        stack = [(w, -1, iter(nb.get(w, ())))]
        found: int | None = None
        while stack:
            v, pe, it = stack[-1]
            advanced = False
            for x, e in it:
                if e == pe:
                    continue
                if x not in disc:
                    disc[x] = low[x] = counter
                    counter += 1
                    has_sink[x] = x == sink
                    stack.append((x, e, iter(nb.get(x, ()))))
                    advanced = True
                    break
                low[v] = min(low[v], disc[x])
            if advanced:
                continue
            stack.pop()
            if stack:
                p = stack[-1][0]
                low[p] = min(low[p], low[v])
                if has_sink[v]:
                    has_sink[p] = True
                    if low[v] > disc[p] and cm[pe] == 1 and found is None:
                        if not self.blizzard or w in g.ends[pe]:
                            found = pe
        return found


def plain_winner(
    g: Graph, game: str = "nemesis", start: int | None = None, *, deadline: Deadline | None = None
) -> str:
    """The baseline: memoised minimax over the real game, no restriction and no pruning."""
    s = g.start if start is None else start
    assert s is not None
    if g.is_exit[s]:
        return "fugitive"
    dl = deadline or Deadline(None)
    count = [0]
    blizzard = game == "blizzard"
    adj, is_exit = g.adj, g.is_exit

    exit_reachable = g.exit_reachable

    @lru_cache(maxsize=None)
    def f(pos: int, mult: Mult) -> bool:
        if not exit_reachable(pos, mult):
            return False
        for w, e in adj[pos]:
            if mult[e] and (is_exit[w] or n(w, mult)):
                return True
        return False

    @lru_cache(maxsize=None)
    def n(w: int, mult: Mult) -> bool:
        count[0] += 1
        if count[0] & 1023 == 0 and dl.expired():
            raise LimitReached()
        if not exit_reachable(w, mult):
            return False
        edges = [e for _, e in adj[w]] if blizzard else range(len(mult))
        any_move = False
        for e in edges:
            if mult[e]:
                any_move = True
                lst = list(mult)
                lst[e] -= 1
                if not f(w, tuple(lst)):
                    return False
        return any_move or f(w, mult)

    return "fugitive" if f(s, g.mult) else "nemesis"


# the searches recurse once per move (depth at most twice the number of vertices)
if sys.getrecursionlimit() < 20000:
    sys.setrecursionlimit(20000)
