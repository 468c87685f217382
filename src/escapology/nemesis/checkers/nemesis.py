"""The independent checker of Nemesis strategies, the trap rule, and Blizzard's trap regions.

**The game a Nemesis strategy is checked in** is the one without revisits (Remark 7): if the
fugitive had a winning strategy he would have one that never revisits a vertex, which the Nemesis
strategy, answering every non-revisiting move, would beat; so a Nemesis strategy that wins this
game proves that the Nemesis wins the real one. A *position* is ``(j, H, V)``: node ``j``, the
fugitive on ``p = at(j)`` to move, ``H`` the remaining multigraph, ``V`` the vertices he has left.
His legal moves go along an edge ``e`` with ``H[e] >= 1`` to a vertex outside ``V ∪ {p}``.
``L(j, H, V)`` — "node j wins from there" — holds iff

- ``p`` is not an exit; and
- the node claims ``trapped`` and the *trap rule* below holds at ``(p, H, V)``; or
- every legal move ``p -> w`` is to a non-exit and answered: the answer names the next node (on
  ``w``) and a deletion ``c`` that is legal after the move (``H[c] >= 1``; Blizzard: ``c`` incident
  with ``w``), or no deletion when none is legal, and ``L(next, H - c, V ∪ {p})`` holds.

A fugitive with no legal move has lost. Each step adds a vertex to ``V``, so plays are finite.
``L`` is memoised on ``(j, H, V)`` in full (the multiset of deletions and the set ``V``; every memo
hit is confirmed on the position itself), and evaluated with an explicit stack.

**The trap rule.** Let ``K`` be ``H`` without the vertices of ``V`` (and their edges), and prune from
``K`` repeatedly a non-exit vertex ``v ≠ p`` whose degree (edge copies counted, pruned vertices
left out) is at most 2, giving the pruned set ``P``. *If the component of ``p`` in ``K - P``
(exits ending paths) has no exit, the Nemesis wins from there, in Nemesis and in Blizzard.* Proof:
let ``v_1, v_2, ...`` be the pruning order. (i) While the fugitive stays out of ``P`` the rule keeps
holding: moves and deletions only lower degrees and remove vertices, so the same order still
prunes, ``P`` only grows, and his component only shrinks. So the exits, outside his component,
can only be reached by entering some ``v_i``. (ii) When he enters ``v_i`` from ``u``, the edges of
``u`` leave with ``u``; ``v_i`` had degree ≤ 2 counting ``u`` and the vertices ``v_h`` with
``h > i`` (not yet pruned when it was) and at least one copy to ``u``, so at most one copy to a
vertex other than ``v_1 .. v_{i-1}`` is left: the Nemesis deletes it (it is incident with ``v_i``,
so Blizzard may). (iii) From ``v_i`` he can then only move to some ``v_h`` with ``h < i``, where
(ii) applies again, with a smaller index; the ``v``'s are not exits, so he never escapes. ∎

**Blizzard trap regions** (Theorem 13). A set ``Z`` of non-exit vertices holding every neighbour
of the start, each member with at most one edge copy to a vertex outside ``Z``, proves that the
Storm wins: after each of his moves the trapper stands in ``Z`` and the Storm deletes that copy
(incident with him), so he never leaves ``Z`` and never reaches an exit.

>>> from escapology.nemesis.model import Instance
>>> g = Instance.from_edges([("s","a"),("a","x"),("a","b"),("b","y")], exits={"x","y"}, start="s").graph()
>>> doc = {"format": "nemesis-strategy", "version": 1, "player": "nemesis", "root": 1, "nodes": [
...     {"at": "a", "trapped": True}, {"at": "s", "answers": [[0, "a", "x"]]}]}
>>> NemesisChecker.from_document(g, False, g.start, doc).run()
>>> check_trap_region(g, g.start, ["s", "a", "b"])
(True, 'the Storm keeps the trapper in a region of 3 vertices')
>>> check_trap_region(g, g.start, ["a", "b"])
(False, 'a has 2 edge copies leaving the region (at most 1)')
"""

from __future__ import annotations

from typing import Any

from escapology.core.wording import plural
from escapology.nemesis.checkers.base import MASK, Names, PositionChains, Rejected, mix
from escapology.nemesis.model import Graph
from escapology.nemesis.checkers.node_table import NodeTable


#: How many vertices of the fugitive's component the trap rule tries first (see trap_rule).
TRAP_BALL = 24


class NemesisChecker:
    """``L`` of the module docstring for one strategy; :meth:`run` raises :class:`Rejected`.

    The strategy is a :class:`~escapology.nemesis.checkers.node_table.NodeTable` and its root
    (:meth:`from_document` reads a document in memory; ``escapology.nemesis.checkers.check.check_strategy_file``
    streams one from a file). ``L`` is memoised in flat arrays
    (:class:`~escapology.nemesis.checkers.base.PositionChains`): a few dozen bytes per position."""

    def __init__(self, g: Graph, blizzard: bool, start: int, table: NodeTable, root: Any) -> None:
        self.g, self.blizzard, self.start = g, blizzard, start
        self.names = Names(g)
        self.table = table
        if type(root) is not int or not 0 <= root < len(table):
            raise Rejected(f"the root {root!r} is not a node")
        self.root = root
        self.cur = list(g.mult)
        self.alive = sum(1 for k in g.mult if k > 0)
        self.visited = [False] * g.n
        self._state = [0] * g.n  # trap_rule's marks: values below its current stamp mean nothing
        self._deg = [0] * g.n
        self._stamp = 0
        self.memo = PositionChains(len(table))
        self.mix_v = [mix(v) for v in range(g.n)]
        self.mix_e = [mix(e) for e in range(g.m)]

    @classmethod
    def from_document(cls, g: Graph, blizzard: bool, start: int, doc: dict[str, Any]) -> NemesisChecker:
        """The checker of a strategy document held in memory."""
        return cls(g, blizzard, start, NodeTable.read(doc["nodes"], Names(g)), doc["root"])

    def run(self) -> None:
        g = self.g
        if self.table.at[self.root] != self.start:
            raise Rejected(f"the root node {self.root} is at {g.names[self.table.at[self.root]]}, "
                           f"not at the start {g.names[self.start]}")
        verdict = self._solve()
        if verdict is not True:
            raise Rejected(verdict)

    def _where(self, j: int, s: int) -> str:
        g = self.g
        at = g.names[self.table.at[j]]
        if s < 0:
            return f"at the start {at} (node {j})"
        line = []
        for v, c in self.memo.items(s):
            line.append(g.names[v])
            if c >= 0:
                line.append(f"(delete {self.names.edge_label(c)})")
        return f"at {at} (node {j}), after {' '.join(line)}"

    def trap_rule(self, p: int) -> int | None:
        """None when the trap rule holds at ``p`` in the current state; else an exit it leaves.

        First within the :data:`TRAP_BALL` vertices of ``p``'s component nearest to ``p`` (the
        pocket he is trapped in is usually small), then, if that does not decide, on the whole
        component. *The ball decides soundly*: pruning only inside the ball is a valid beginning
        of the whole pruning (the same degree test, with vertices outside never pruned), so its
        pruned set ``P_B`` lies in the whole one ``P`` (the pruning's result does not depend on
        the order); ``p``'s component avoiding ``P`` lies in the one avoiding ``P_B``. So when the
        latter stays inside the ball and meets no exit, the rule holds; in every other case the
        whole component is pruned."""
        if self._trap_pass(p, TRAP_BALL) is None:
            return None
        return self._trap_pass(p, self.g.n)

    def _trap_pass(self, p: int, most: int) -> int | None:
        """The trap rule on the first ``most`` vertices of ``p``'s component of ``K`` (breadth
        first; non-exit vertices): None when it holds there, else an exit or a vertex outside.

        One pass finds the members with their degrees; the pruning and the final search mark
        vertices in :attr:`_state` with this call's values (member, pruned, reached), so nothing
        is cleared between calls. With ``most >= n`` it is the rule itself."""
        g, cur, vis, is_exit, adj = self.g, self.cur, self.visited, self.g.is_exit, self.g.adj
        state, deg = self._state, self._deg
        member = self._stamp = self._stamp + 3
        pruned, reached = member + 1, member + 2
        state[p] = member
        order = [p]
        for v in order:
            d = 0
            for x, e in adj[v]:
                k = cur[e]
                if k and not vis[x]:
                    d += k
                    if state[x] < member and not is_exit[x] and len(order) < most:
                        state[x] = member
                        order.append(x)
            deg[v] = d
        queue = [v for v in order if deg[v] <= 2 and v != p]
        while queue:
            v = queue.pop()
            if state[v] == pruned:
                continue
            state[v] = pruned
            for x, e in adj[v]:
                k = cur[e]
                if k and state[x] == member:  # members are not visited; pruned ones are done
                    deg[x] -= k
                    if deg[x] <= 2 and x != p:
                        queue.append(x)
        state[p] = reached
        stack = [p]
        while stack:
            v = stack.pop()
            for x, e in adj[v]:
                if cur[e] and not vis[x]:
                    if is_exit[x]:
                        return x
                    sx = state[x]
                    if sx == member:
                        state[x] = reached
                        stack.append(x)
                    elif sx < member:  # in the component, outside the ball
                        return x
        return None

    def _frame(self, j: int, left: int, c_in: int, zd: int, zv: int, s: int) -> Any:
        """The obligations of ``L(j, H, V)`` at the position of step ``s``, or the answer at once
        (True or a reason)."""
        g, cur, vis, t = self.g, self.cur, self.visited, self.table
        p = t.at[j]
        if g.is_exit[p]:
            return f"{self._where(j, s)}: the fugitive is on an exit"
        if t.trapped[j]:
            x = self.trap_rule(p)
            if x is None:
                return True
            return (f"{self._where(j, s)}: node {j} claims the fugitive is trapped, but after the "
                    f"pruning the exit {g.names[x]} is still in his component")
        obligations = []
        for w, e in g.adj[p]:
            if cur[e] <= 0 or vis[w]:
                continue
            if g.is_exit[w]:
                return f"{self._where(j, s)}: the fugitive escapes {g.names[p]}->{g.names[w]}"
            i = t.answer(j, w)
            if i < 0:
                if self._into_trap(p, w):  # he is lost whatever the Nemesis deletes: no answer needed
                    continue
                return f"{self._where(j, s)}: no answer to the fugitive's move {g.names[p]}->{g.names[w]}"
            c, k = t.ans_edge[i], t.ans_node[i]
            if c < 0:
                if (any(cur[f] > 0 for _, f in g.adj[w]) if self.blizzard else self.alive > 0):
                    return (f"{self._where(j, s)}: after {g.names[p]}->{g.names[w]} the Nemesis must "
                            "delete an edge")
            elif cur[c] < 1:
                return (f"{self._where(j, s)}: after {g.names[p]}->{g.names[w]} the Nemesis deletes "
                        f"{self.names.edge_label(c)}, which is gone")
            elif self.blizzard and w not in g.ends[c]:
                return (f"{self._where(j, s)}: after {g.names[p]}->{g.names[w]} the Storm may only delete "
                        f"next to {g.names[w]}, not {self.names.edge_label(c)}")
            obligations.append((c, k))
        return [j, left, c_in, zd, zv, s, obligations, 0]

    def _into_trap(self, p: int, w: int) -> bool:
        """Whether the fugitive's move ``p -> w`` walks into a trap: the trap rule holds at ``w``
        with ``p`` left behind. Such a move needs no answer in the strategy (the linear methods
        leave out the moves into dead branches). *Sound*: the rule at ``w`` holds for the position
        in which he moves next from ``w``; the Nemesis' deletion in between only removes an edge,
        and the rule's pruning is monotone in the edges (a vertex of degree at most one keeps that
        degree when an edge goes), so it still holds after whatever the Nemesis deletes, and a
        trapped fugitive never reaches an exit."""
        self.visited[p] = True
        try:
            return self.trap_rule(w) is None
        finally:
            self.visited[p] = False

    def _enter(self, left: int, c: int) -> None:
        self.visited[left] = True
        if c >= 0:
            self.cur[c] -= 1
            if self.cur[c] == 0:
                self.alive -= 1

    def _leave(self, left: int, c: int) -> None:
        self.visited[left] = False
        if c >= 0:
            if self.cur[c] == 0:
                self.alive += 1
            self.cur[c] += 1

    def _solve(self) -> Any:
        memo, at, mix_v, mix_e = self.memo, self.table.at, self.mix_v, self.mix_e
        first = self._frame(self.root, -1, -1, 0, 0, -1)
        if not isinstance(first, list):
            return first
        stack = [first]
        answer: Any = None
        while True:
            fr = stack[-1]
            result: Any = None
            if answer is not None:
                if answer is True:
                    fr[7] += 1
                else:
                    result = answer
                answer = None
            while result is None and fr[7] < len(fr[6]):
                c, k = fr[6][fr[7]]
                p = at[fr[0]]
                zd = (fr[3] + mix_e[c]) & MASK if c >= 0 else fr[3]
                zv = fr[4] ^ mix_v[p]
                if not memo.seen(k, zd, zv, fr[5], p, c):
                    s = memo.step(fr[5], p, c)
                    self._enter(p, c)
                    child = self._frame(k, p, c, zd, zv, s)
                    if isinstance(child, list):
                        stack.append(child)
                        break
                    self._leave(p, c)
                    if child is not True:
                        result = child
                        break
                    memo.put(k, zd, zv, s)
                fr[7] += 1
            else:
                if result is None:
                    result = True
            if result is None:
                continue
            if result is True and fr[5] >= 0:
                memo.put(fr[0], fr[3], fr[4], fr[5])
            stack.pop()
            if fr[1] >= 0:
                self._leave(fr[1], fr[2])
            if not stack:
                return result
            answer = result


def check_trap_region(g: Graph, start: int, region: Any) -> tuple[bool, str]:
    """Check a Blizzard trap region (module docstring): ``(accepted, message)``."""
    if not isinstance(region, list) or not all(isinstance(v, str) for v in region):
        return False, "a trap region is a list of vertex names"
    names = Names(g)
    try:
        zone = {names.vertex(v, "the trap region") for v in region}
    except Rejected as exc:
        return False, str(exc)
    if g.is_exit[start]:
        return False, "the trapper starts on an exit"
    for v in sorted(zone):
        if g.is_exit[v]:
            return False, f"the trap region holds the exit {g.names[v]}"
        out = sum(g.mult[e] for w, e in g.adj[v] if w not in zone)
        if out > 1:
            return False, f"{g.names[v]} has {out} edge copies leaving the region (at most 1)"
    for w, _ in g.adj[start]:
        if w not in zone:
            return False, f"the start's neighbour {g.names[w]} is outside the region"
    return True, f"the Storm keeps the trapper in a region of {plural(len(zone), 'vertex')}"
