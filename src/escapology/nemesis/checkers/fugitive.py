"""The independent checker of fugitive strategies, Nemesis and Blizzard (it never calls a solver).

:class:`FugitiveChecker` replays the rules of §2 on a strategy document
(:mod:`escapology.nemesis.strategy.document`) against every reply of the Nemesis;
:func:`escapology.nemesis.checkers.check.check_strategy` sends it the fugitive's strategies.

**The game a fugitive strategy is checked in.** The real one: the Nemesis deletes any edge copy
(Blizzard: any copy incident with the vertex the fugitive has just reached), he may revisit. A
*position* is ``(k, H)``: node ``k`` of the strategy, the fugitive just arrived on ``at(k)``, ``H``
the remaining multigraph (the Nemesis to delete). ``W(k, H)`` — "node k wins from H" — holds iff
``at(k)`` is an exit, or the Nemesis has at least one option and for every option ``c`` (an edge
with ``H[c] >= 1``; Blizzard: incident with ``at(k)``) the successor ``k' = reply_k(c)`` (the
listed node, else ``otherwise``) is reached along an edge ``e`` with ``(H - c)[e] >= 1`` and
``W(k', H - c)`` holds. (No option means no edge left, resp. none at his vertex: he is stranded.)
The strategy is accepted iff the start is an exit, or the root moves along an edge of the graph to
``k`` and ``W(k, G)`` holds. Every play is finite (each round deletes a copy), so ``W`` is well
defined and a strategy satisfying it wins every play.

**Memo.** ``W`` is memoised on ``(k, H)`` with ``H`` the *whole* multigraph (kept as the multiset
of deletions made; :class:`~escapology.nemesis.checkers.base.PositionMemo` confirms every hit on the
position itself). Nothing else is remembered, so the memo only ever returns ``W`` of the very
position asked.

**Support lemma.** Let ``S(k)`` be the edges along which node ``k`` or any node reachable from it
moves (a static over-approximation ``S+(k) ⊇ S(k)`` is enough below). *If ``W(k, H)``, ``c ∉ S(k)``
and ``H[c] >= 1``, then ``W(k, H - c)``.* Proof by induction on the copies in ``H``. If ``at(k)``
is an exit, done. The options at ``H - c`` are options at ``H`` (fewer copies; same incidence). If
there were none, ``H`` would hold only ``c`` (Blizzard: only ``c`` at ``at(k)``) and, at ``H``, the
successor after the option ``c`` would have to move along an edge ``≠ c`` left in ``H - c``: there
is none, contradicting ``W(k, H)``. For an option ``d`` at ``H - c``: the successor ``k'`` is the
same as at ``H``; its move edge ``e ∈ S(k)`` differs from ``c``, so ``(H-c-d)[e] = (H-d)[e] >= 1``;
``W(k', H - d)`` holds, ``c ∉ S(k') ⊆ S(k)`` and ``(H - d)[c] >= 1`` (if ``d = c``, because ``d``
is an option at ``H - c``), so by induction ``W(k', H - d - c)``. ∎

**How the checker uses it.** At ``(k, H)`` the options are grouped by successor ``k'`` (move edge
``e``). An option ``c`` with ``c = e`` or ``c ∈ S+(k')`` is checked alone: ``W(k', H - c)`` with
``e`` still there. The others are checked *together*: ``H[e] >= 1`` and ``W(k', H)`` imply, by the
lemma, ``W(k', H - c)`` and a legal move for each of them. If that shared check fails, each of them
is checked alone: the answer is exact either way (the shortcut only saves time). This is what keeps
shared sub-strategies linear: a sub-strategy whose edges the Nemesis does not touch is checked once.
``S+`` is exact (bitsets) when the graph has at most :data:`BITSET_EDGES` edges; otherwise it is
the union of the moves of the nodes numbered from the smallest reachable one up to ``k`` (every
reachable node lies in that range since references point to earlier nodes), which is exact for
strategies written depth first and tree-shaped.

Evaluation is iterative (an explicit stack; no recursion limit), node references point to earlier
nodes, so every chain of checks descends in the table and terminates.

>>> from escapology.nemesis.checkers.check import check_strategy
>>> from escapology.nemesis.model import Instance
>>> g = Instance.from_edges([("s","a"),("a","x"),("a","y")], exits={"x","y"}, start="s").graph()
>>> check_strategy(g, "nemesis", g.start, {"move": "a", "then": {"replies": [
...     {"delete": ["a", "x"], "then": {"move": "y"}}], "otherwise": {"move": "x"}}})
(True, 'the fugitive wins against every reply')
>>> check_strategy(g, "nemesis", g.start, {"move": "a", "then": {"replies": [], "otherwise": {"move": "x"}}})
(False, 'at a (node 1), after the deletion of a-x: the move a->x uses a deleted edge')
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any

from escapology.nemesis.checkers.base import (
    MASK,
    Names,
    PositionMemo,
    Rejected,
    chain_items,
    mix,
    same_deletions,
)
from escapology.nemesis.model import Graph

#: Up to this many edges the supports are exact bitsets; above, ranges of the node table.
BITSET_EDGES = 4096

_Q, _GROUP = 0, 1


class FugitiveChecker:
    """``W`` of the module docstring for one document; :meth:`run` raises :class:`Rejected`."""

    def __init__(self, g: Graph, blizzard: bool, start: int, doc: dict[str, Any]) -> None:
        self.g, self.blizzard, self.start = g, blizzard, start
        self.names = Names(g)
        self._read(doc)
        self.bitsets = g.m <= BITSET_EDGES
        self._supports()
        self.cur = list(g.mult)
        self.alive = sum(1 for k in g.mult if k > 0)
        self.alive_bits = (1 << g.m) - 1 if self.bitsets else 0
        self.memo = PositionMemo(same_deletions)

    # -- reading --------------------------------------------------------------------------------
    def _read(self, doc: dict[str, Any]) -> None:
        """The node table as lists; every look-up is O(1) (a reply's move edge is looked up once
        per run of replies with the same successor), errors as :class:`Names` words them."""
        nodes, names = doc["nodes"], self.names
        index, edge = self.g.index, names.edge
        n = len(nodes)
        self.at = at = [0] * n
        self.other = other = [-1] * n
        self.mv_other = mv = [-1] * n
        self.reps: list[dict[int, tuple[int, int]]] = [{} for _ in range(n)]
        #: per node, its distinct move edges (``otherwise`` and replies) and distinct successors
        self.moves: list[tuple[int, ...]] = [()] * n
        self.succs: list[tuple[int, ...]] = [()] * n
        allowed = {"at", "otherwise", "replies"}
        for i, nd in enumerate(nodes):
            if not isinstance(nd, dict) or not nd.keys() <= allowed:
                raise Rejected(f"node {i}: a fugitive node is {{\"at\", \"otherwise\", \"replies\"}}, "
                               f"not {str(nd)[:80]}")
            name = nd.get("at")
            v = index.get(name) if isinstance(name, str) else None
            at[i] = v if v is not None else names.vertex(name, f"node {i}")
            own: set[int] = set()
            kids: set[int] = set()
            o = nd.get("otherwise")
            if o is not None:
                k = o if type(o) is int and 0 <= o < i else names.ref(o, i, n)
                other[i] = k
                mv[i] = edge(at[i], at[k])
                own.add(mv[i])
                kids.add(k)
            replies = nd.get("replies", [])
            if not isinstance(replies, list):
                raise Rejected(f"node {i}: 'replies' is a list of [a, b, node]")
            table = self.reps[i]
            last, move = -1, -1
            for r in replies:
                if not (isinstance(r, list) and len(r) == 3):
                    raise Rejected(f"node {i}: a reply is [a, b, node], not {r!r}")
                a, b, k = r
                ua = index.get(a) if isinstance(a, str) else None
                ub = index.get(b) if isinstance(b, str) else None
                c = edge(ua, ub) if ua is not None and ub is not None else -1
                if c < 0:
                    c = names.named_edge(a, b, f"node {i}")
                if c in table:
                    raise Rejected(f"node {i}: the deletion of {a}-{b} is answered twice")
                if not (type(k) is int and 0 <= k < i):
                    k = names.ref(k, i, n)
                if k != last:
                    last, move = k, edge(at[i], at[k])
                    own.add(move)
                    kids.add(k)
                table[c] = (k, move)
            own.discard(-1)
            self.moves[i] = tuple(own)
            self.succs[i] = tuple(kids)
        root = doc["root"]
        if not 0 <= root < n:
            raise Rejected(f"the root {root} is not a node")
        self.root = root

    # -- supports (S+) --------------------------------------------------------------------------
    def _own_moves(self, i: int) -> tuple[int, ...]:
        """The distinct edges node ``i`` moves along (none on an exit)."""
        return () if self.g.is_exit[self.at[i]] else self.moves[i]

    def _children(self, i: int) -> tuple[int, ...]:
        """The distinct successors of node ``i``."""
        return self.succs[i]

    def _supports(self) -> None:
        n = len(self.at)
        if self.bitsets:
            self.sup = sup = [0] * n
            self.listed_bits = [0] * n
            for i in range(n):
                if self.g.is_exit[self.at[i]]:
                    continue
                s = 0
                for e in self._own_moves(i):
                    s |= 1 << e
                for k in self._children(i):
                    s |= sup[k]
                sup[i] = s
                lb = 0
                for c in self.reps[i]:
                    lb |= 1 << c
                self.listed_bits[i] = lb
            return
        big = n + 1
        self.lo = lo = [big] * n
        self.movers: dict[int, list[int]] = {}
        for i in range(n):
            if self.g.is_exit[self.at[i]]:
                continue
            own = set(self._own_moves(i))
            low = i if own else big
            for k in self._children(i):
                low = min(low, lo[k])
            lo[i] = low
            for e in own:
                self.movers.setdefault(e, []).append(i)

    def _in_support(self, k: int, c: int) -> bool:
        if self.bitsets:
            return bool((self.sup[k] >> c) & 1)
        ids = self.movers.get(c)
        if not ids:
            return False
        j = bisect_left(ids, self.lo[k])
        return j < len(ids) and ids[j] <= k

    def _support_edges(self, k: int) -> set[int]:
        if self.bitsets:
            out, bits = set(), self.sup[k]
            while bits:
                low = bits & -bits
                out.add(low.bit_length() - 1)
                bits ^= low
            return out
        out = set()
        for j in range(self.lo[k], k + 1):
            out.update(self._own_moves(j))
        return out

    # -- the state of the multigraph ------------------------------------------------------------
    def _delete(self, c: int) -> None:
        self.cur[c] -= 1
        if self.cur[c] == 0:
            self.alive -= 1
            if self.bitsets:
                self.alive_bits ^= 1 << c

    def _restore(self, c: int) -> None:
        if self.cur[c] == 0:
            self.alive += 1
            if self.bitsets:
                self.alive_bits ^= 1 << c
        self.cur[c] += 1

    # -- checking -------------------------------------------------------------------------------
    def run(self) -> None:
        g, s, root = self.g, self.start, self.root
        if self.at[root] != s:
            raise Rejected(f"the root node {root} is at {g.names[self.at[root]]}, not at the start {g.names[s]}")
        if self.reps[root]:
            raise Rejected("the root answers no deletion: the Nemesis has not played yet")
        k = self.other[root]
        if k < 0:
            raise Rejected("the root makes no move")
        if self.mv_other[root] < 0:
            raise Rejected(f"no edge from the start {g.names[s]} to {g.names[self.at[k]]}")
        verdict = self._solve(k)
        if verdict is not True:
            raise Rejected(verdict)

    def _where(self, k: int, chain: Any) -> str:
        dels = [self.names.edge_label(c) for c in chain_items(chain)]
        after = f", after the deletion{'s' if len(dels) > 1 else ''} of {', '.join(dels)}" if dels else ""
        return f"at {self.g.names[self.at[k]]} (node {k}){after}"

    def _frame(self, k: int, c_in: int, zd: int, chain: Any) -> Any:
        """The obligations of ``W(k, H)`` (a frame), or the answer at once (True or a reason)."""
        g, cur, names = self.g, self.cur, self.names
        w = self.at[k]
        if g.is_exit[w]:
            return True
        groups: dict[int, list[int]] = {}
        alone: list[tuple[int, int, int, Any]] = []

        def option(c: int, succ: int, e: int) -> str | None:
            if e < 0:
                return f"the move {g.names[w]}->{g.names[self.at[succ]]} follows no edge"
            if c == e or self._in_support(succ, c):
                if cur[e] - (c == e) < 1:
                    return f"the move {g.names[w]}->{g.names[self.at[succ]]} uses a deleted edge"
                alone.append((_Q, succ, c, None))
            else:
                if cur[e] < 1:
                    return f"the move {g.names[w]}->{g.names[self.at[succ]]} uses a deleted edge"
                groups.setdefault(succ, []).append(c)
            return None

        reps = self.reps[k]
        listed = 0
        if self.blizzard:
            near = [e for _, e in g.adj[w] if cur[e] > 0]
            if not near:
                return f"{self._where(k, chain)}: no edge is left at {g.names[w]}: the fugitive is stranded"
        elif self.alive == 0:
            return f"{self._where(k, chain)}: no edge is left: the fugitive is stranded"
        for c, (succ, e) in reps.items():
            if cur[c] < 1 or (self.blizzard and w not in g.ends[c]):
                continue
            listed += 1
            bad = option(c, succ, e)
            if bad:
                return f"{self._where(k, (c, chain))}: {bad}"
        succ, e = self.other[k], self.mv_other[k]
        if self.blizzard:
            for c in near:
                if c in reps:
                    continue
                if succ < 0:
                    return f"{self._where(k, (c, chain))}: no answer to this deletion"
                bad = option(c, succ, e)
                if bad:
                    return f"{self._where(k, (c, chain))}: {bad}"
        else:
            unlisted = self.alive - listed
            if unlisted:
                if succ < 0:
                    c = next(c for c in range(g.m) if cur[c] > 0 and c not in reps)
                    return f"{self._where(k, (c, chain))}: no answer to this deletion"
                if e < 0:
                    return f"{self._where(k, chain)}: the move {g.names[w]}->{g.names[self.at[succ]]} follows no edge"
                if self.bitsets:
                    bits = (self.sup[succ] | (1 << e)) & self.alive_bits & ~self.listed_bits[k]
                    special = set()
                    while bits:
                        low = bits & -bits
                        special.add(low.bit_length() - 1)
                        bits ^= low
                else:
                    special = {c for c in self._support_edges(succ) | {e} if cur[c] > 0 and c not in reps}
                for c in sorted(special):
                    bad = option(c, succ, e)
                    if bad:
                        return f"{self._where(k, (c, chain))}: {bad}"
                if unlisted > len(special):
                    if cur[e] < 1:
                        c = next(c for c in range(g.m) if cur[c] > 0 and c not in reps and c not in special)
                        return (f"{self._where(k, (c, chain))}: the move {g.names[w]}->{g.names[self.at[succ]]} "
                                "uses a deleted edge")
                    alone.insert(0, (_GROUP, succ, -1, special))
        obligations = [(_GROUP, s, -1, members) for s, members in groups.items()] + alone
        return [k, c_in, zd, chain, obligations, 0]

    def _fallback(self, fr: list[Any], ob: tuple) -> list[tuple]:
        """The options of a failed shared check, each alone (their moves are legal: see the group)."""
        _, succ, _, members = ob
        if isinstance(members, list):
            return [(_Q, succ, c, None) for c in members]
        reps, cur = self.reps[fr[0]], self.cur
        return [(_Q, succ, c, None) for c in range(self.g.m) if cur[c] > 0 and c not in reps and c not in members]

    def _solve(self, k0: int) -> Any:
        """``W(k0, G)``: True, or the reason of the first failure found."""
        memo = self.memo
        first = self._frame(k0, -1, 0, None)
        if not isinstance(first, list):
            return first
        stack = [first]
        answer: Any = None
        while True:
            fr = stack[-1]
            result: Any = None
            if answer is not None:  # the answer of the obligation fr[5], just checked
                ob = fr[4][fr[5]]
                if answer is True:
                    fr[5] += 1
                elif ob[0] == _GROUP:
                    fr[4][fr[5]:fr[5] + 1] = self._fallback(fr, ob)
                else:
                    result = answer
                answer = None
            while result is None and fr[5] < len(fr[4]):
                ob = fr[4][fr[5]]
                kind, succ, c = ob[0], ob[1], ob[2]
                if kind == _GROUP:
                    zd, chain = fr[2], fr[3]
                else:
                    zd, chain = (fr[2] + mix(c)) & MASK, (c, fr[3])
                value = memo.get((succ, zd), chain)
                if value is None:
                    if kind == _Q:
                        self._delete(c)
                    child = self._frame(succ, c if kind == _Q else -1, zd, chain)
                    if isinstance(child, list):
                        stack.append(child)
                        break
                    memo.put((succ, zd), chain, child)
                    if kind == _Q:
                        self._restore(c)
                    value = child
                if value is True:
                    fr[5] += 1
                elif kind == _GROUP:
                    fr[4][fr[5]:fr[5] + 1] = self._fallback(fr, ob)
                else:
                    result = value
            else:
                if result is None:
                    result = True
            if result is None:
                continue  # a child frame was pushed
            memo.put((fr[0], fr[2]), fr[3], result)
            stack.pop()
            if fr[1] >= 0:
                self._restore(fr[1])
            if not stack:
                return result
            answer = result
