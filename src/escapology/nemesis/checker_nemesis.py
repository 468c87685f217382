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
>>> NemesisChecker(g, False, g.start, doc).run()
>>> check_trap_region(g, g.start, ["s", "a", "b"])
(True, 'the Storm keeps the trapper in a region of 3 vertices')
>>> check_trap_region(g, g.start, ["a", "b"])
(False, 'a has 2 edge copies leaving the region (at most 1)')
"""

from __future__ import annotations

from typing import Any

from escapology.nemesis.checker_base import (
    MASK,
    Names,
    PositionMemo,
    Rejected,
    chain_items,
    mix,
    same_deletions_and_visits,
)
from escapology.nemesis.model import Graph


class NemesisChecker:
    """``L`` of the module docstring for one document; :meth:`run` raises :class:`Rejected`."""

    def __init__(self, g: Graph, blizzard: bool, start: int, doc: dict[str, Any]) -> None:
        self.g, self.blizzard, self.start = g, blizzard, start
        self.names = Names(g)
        self._read(doc)
        self.cur = list(g.mult)
        self.alive = sum(1 for k in g.mult if k > 0)
        self.visited = [False] * g.n
        self.memo = PositionMemo(same_deletions_and_visits)

    def _read(self, doc: dict[str, Any]) -> None:
        nodes, names = doc["nodes"], self.names
        n = len(nodes)
        self.at = at = [0] * n
        self.trapped = [False] * n
        self.answers: list[dict[int, tuple[int, int]]] = [{} for _ in range(n)]
        for i, nd in enumerate(nodes):
            where = f"node {i}"
            if not isinstance(nd, dict) or "at" not in nd or not set(nd) <= {"at", "answers", "trapped"}:
                raise Rejected(f"{where}: a Nemesis node is {{\"at\", \"answers\"}} or {{\"at\", \"trapped\"}}, "
                               f"not {str(nd)[:80]}")
            at[i] = names.vertex(nd["at"], where)
            if nd.get("trapped") is not None:
                if nd["trapped"] is not True or "answers" in nd:
                    raise Rejected(f"{where}: 'trapped' is true and comes without answers")
                self.trapped[i] = True
                continue
            answers = nd.get("answers")
            if not isinstance(answers, list):
                raise Rejected(f"{where}: 'answers' is a list of [node, a, b] or [node]")
            table = self.answers[i]
            for a in answers:
                if not (isinstance(a, list) and len(a) in (1, 3)):
                    raise Rejected(f"{where}: an answer is [node, a, b] or [node], not {a!r}")
                k = names.ref(a[0], i, n)
                c = names.named_edge(a[1], a[2], where) if len(a) == 3 else -1
                if at[k] in table:
                    raise Rejected(f"{where}: the move to {self.g.names[at[k]]} is answered twice")
                table[at[k]] = (c, k)
        root = doc["root"]
        if not 0 <= root < n:
            raise Rejected(f"the root {root} is not a node")
        self.root = root

    def run(self) -> None:
        g = self.g
        if self.at[self.root] != self.start:
            raise Rejected(f"the root node {self.root} is at {g.names[self.at[self.root]]}, "
                           f"not at the start {g.names[self.start]}")
        verdict = self._solve()
        if verdict is not True:
            raise Rejected(verdict)

    def _where(self, j: int, chain: Any) -> str:
        steps = chain_items(chain)
        g = self.g
        if not steps:
            return f"at the start {g.names[self.at[j]]} (node {j})"
        line = []
        for v, c in steps:
            line.append(g.names[v])
            if c >= 0:
                line.append(f"(delete {self.names.edge_label(c)})")
        return f"at {g.names[self.at[j]]} (node {j}), after {' '.join(line)}"

    def trap_rule(self, p: int) -> int | None:
        """None when the trap rule holds at ``p`` in the current state; else an exit it leaves."""
        g, cur, vis, is_exit = self.g, self.cur, self.visited, self.g.is_exit
        comp = {p}
        order = [p]
        i = 0
        while i < len(order):
            v = order[i]
            i += 1
            for x, e in g.adj[v]:
                if cur[e] > 0 and not vis[x] and not is_exit[x] and x not in comp:
                    comp.add(x)
                    order.append(x)
        deg = {v: sum(cur[e] for x, e in g.adj[v] if cur[e] > 0 and not vis[x]) for v in order}
        queue = [v for v in order if v != p and deg[v] <= 2]
        pruned: set[int] = set()
        while queue:
            v = queue.pop()
            if v in pruned:
                continue
            pruned.add(v)
            for x, e in g.adj[v]:
                if cur[e] > 0 and x in comp and x not in pruned:
                    deg[x] -= cur[e]
                    if deg[x] <= 2 and x != p:
                        queue.append(x)
        seen = {p}
        stack = [p]
        while stack:
            v = stack.pop()
            for x, e in g.adj[v]:
                if cur[e] > 0 and not vis[x]:
                    if is_exit[x]:
                        return x
                    if x not in pruned and x not in seen:
                        seen.add(x)
                        stack.append(x)
        return None

    def _frame(self, j: int, left: int, c_in: int, zd: int, zv: int, chain: Any) -> Any:
        """The obligations of ``L(j, H, V)``, or the answer at once (True or a reason)."""
        g, cur, vis = self.g, self.cur, self.visited
        p = self.at[j]
        if g.is_exit[p]:
            return f"{self._where(j, chain)}: the fugitive is on an exit"
        moves = [(w, e) for w, e in g.adj[p] if cur[e] > 0 and not vis[w]]
        if self.trapped[j]:
            x = self.trap_rule(p)
            if x is None:
                return True
            return (f"{self._where(j, chain)}: node {j} claims the fugitive is trapped, but after the "
                    f"pruning the exit {g.names[x]} is still in his component")
        obligations = []
        table = self.answers[j]
        for w, _ in moves:
            if g.is_exit[w]:
                return f"{self._where(j, chain)}: the fugitive escapes {g.names[p]}->{g.names[w]}"
            answer = table.get(w)
            if answer is None:
                return f"{self._where(j, chain)}: no answer to the fugitive's move {g.names[p]}->{g.names[w]}"
            c, k = answer
            if c < 0:
                if (any(cur[f] > 0 for _, f in g.adj[w]) if self.blizzard else self.alive > 0):
                    return (f"{self._where(j, chain)}: after {g.names[p]}->{g.names[w]} the Nemesis must "
                            "delete an edge")
            elif cur[c] < 1:
                return (f"{self._where(j, chain)}: after {g.names[p]}->{g.names[w]} the Nemesis deletes "
                        f"{self.names.edge_label(c)}, which is gone")
            elif self.blizzard and w not in g.ends[c]:
                return (f"{self._where(j, chain)}: after {g.names[p]}->{g.names[w]} the Storm may only delete "
                        f"next to {g.names[w]}, not {self.names.edge_label(c)}")
            obligations.append((c, k))
        return [j, left, c_in, zd, zv, chain, obligations, 0]

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
        memo = self.memo
        first = self._frame(self.root, -1, -1, 0, 0, None)
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
                p = self.at[fr[0]]
                zd = (fr[3] + mix(c)) & MASK if c >= 0 else fr[3]
                zv = fr[4] ^ mix(p)
                chain = ((p, c), fr[5])
                value = memo.get((k, zd, zv), chain)
                if value is None:
                    self._enter(p, c)
                    child = self._frame(k, p, c, zd, zv, chain)
                    if isinstance(child, list):
                        stack.append(child)
                        break
                    memo.put((k, zd, zv), chain, child)
                    self._leave(p, c)
                    value = child
                if value is True:
                    fr[7] += 1
                else:
                    result = value
            else:
                if result is None:
                    result = True
            if result is None:
                continue
            memo.put((fr[0], fr[3], fr[4]), fr[5], result)
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
    return True, f"the Storm keeps the trapper in a region of {len(zone)} vertices"
