"""An independent checker for Nemesis and Blizzard strategies (it never calls the solver).

It replays the rules of §2 itself (see :mod:`escapology.nemesis.strategy` for the formats):

- a **fugitive strategy** is checked against *every* deletion the Nemesis may make (any edge copy
  for Nemesis, an edge copy incident with the fugitive for Blizzard), revisits allowed: every
  move must use an edge that still exists and every line must end on an exit. A deletion of an
  edge that the chosen sub-strategy never moves along cannot change whether its moves are legal,
  so all such deletions are checked at once (the sub-strategy is checked with the edge present,
  which lets the Nemesis delete it later: a superset of her options);
- a **Nemesis strategy** is checked against every fugitive move that does not revisit a vertex
  (Remark 7: revisits never help him): each move must be answered with a legal deletion and no
  line may reach an exit.

>>> from escapology.nemesis.model import Instance
>>> g = Instance.from_edges([("s","a"),("a","x"),("a","y")], exits={"x","y"}, start="s").graph()
>>> check_strategy(g, "nemesis", g.start, {"move": "a", "then": {"replies": [
...     {"delete": ["a", "x"], "then": {"move": "y"}}], "otherwise": {"move": "x"}}})
(True, 'the fugitive wins against every reply')
>>> check_strategy(g, "nemesis", g.start, {"move": "a", "then": {"replies": [], "otherwise": {"move": "x"}}})[0]
False
"""

from __future__ import annotations

import sys
from typing import Any

from escapology.nemesis.model import Graph

Mult = tuple[int, ...]


class Rejected(Exception):
    pass


def _edge(g: Graph, names: Any) -> int:
    if not (isinstance(names, list) and len(names) == 2 and all(isinstance(x, str) for x in names)):
        raise Rejected(f"a deletion must be a pair of vertex names, not {names!r}")
    e = g.edge_id(names[0], names[1])
    if e is None:
        raise Rejected(f"there is no edge {names[0]}-{names[1]}")
    return e


def check_strategy(g: Graph, game: str, start: int | None, strategy: Any) -> tuple[bool, str]:
    """Check either kind of strategy; returns ``(accepted, message)``."""
    if start is None:
        return False, "no start vertex"
    if not isinstance(strategy, dict):
        return False, "a strategy is a JSON object"
    try:
        if "position" in strategy:
            _check_nemesis(g, game == "blizzard", start, strategy)
            return True, "the Nemesis wins against every non-revisiting fugitive"
        _check_fugitive(g, game == "blizzard", start, strategy)
        return True, "the fugitive wins against every reply"
    except Rejected as exc:
        return False, str(exc)
    except RecursionError:
        return False, "strategy too deep to check"


def _check_fugitive(g: Graph, blizzard: bool, start: int, root: dict[str, Any]) -> None:
    used_cache: dict[tuple[int, int], frozenset[int]] = {}
    done: set[tuple[int, int, tuple[int, ...]]] = set()

    def edge_to(pos: int, name: Any) -> tuple[int, int]:
        if not isinstance(name, str) or name not in g.index:
            raise Rejected(f"unknown vertex {name!r} in a move")
        w = g.index[name]
        for x, e in g.adj[pos]:
            if x == w:
                return w, e
        raise Rejected(f"no edge from {g.names[pos]} to {name}")

    def used_f(node: Any, pos: int) -> frozenset[int]:
        """Edges the fugitive may move along in this sub-strategy."""
        k = (id(node), pos)
        if k in used_cache:
            return used_cache[k]
        if not isinstance(node, dict) or "move" not in node:
            raise Rejected(f"a fugitive node needs a 'move': {str(node)[:80]}")
        w, e = edge_to(pos, node["move"])
        out = {e}
        if not g.is_exit[w]:
            nn = node.get("then")
            if not isinstance(nn, dict):
                raise Rejected(f"the move to {g.names[w]} (not an exit) needs 'then'")
            out |= used_f(nn.get("otherwise"), w)
            for r in nn.get("replies", []):
                out |= used_f(r.get("then"), w)
        res = frozenset(out)
        used_cache[k] = res
        return res

    def f(node: dict[str, Any], pos: int, mult: Mult) -> None:
        used = used_f(node, pos)
        key = (id(node), pos, tuple(mult[e] for e in sorted(used)))
        if key in done:
            return
        w, e = edge_to(pos, node["move"])
        if mult[e] <= 0:
            raise Rejected(f"the move {g.names[pos]}->{g.names[w]} uses a deleted edge")
        if not g.is_exit[w]:
            nemesis(node["then"], w, mult)
        done.add(key)

    def nemesis(nn: dict[str, Any], w: int, mult: Mult) -> None:
        replies: dict[int, dict[str, Any]] = {}
        for r in nn.get("replies", []):
            c = _edge(g, r.get("delete"))
            if c in replies:
                raise Rejected(f"the deletion {g.names[g.ends[c][0]]}-{g.names[g.ends[c][1]]} is listed twice")
            replies[c] = r.get("then")
        other = nn.get("otherwise")
        other_used = used_f(other, w)
        options = [e for _, e in g.adj[w]] if blizzard else range(len(mult))
        checked_default = False
        any_option = False
        for c in options:
            if mult[c] <= 0:
                continue
            any_option = True
            nxt = list(mult)
            nxt[c] -= 1
            if c in replies:
                f(replies[c], w, tuple(nxt))
            elif c in other_used:
                f(other, w, tuple(nxt))
            elif not checked_default:
                f(other, w, mult)  # every unused deletion at once (see module docstring)
                checked_default = True
        if not any_option:
            f(other, w, mult)

    if g.is_exit[start]:
        raise Rejected("the start is an exit")
    f(root, start, g.mult)


def _check_nemesis(g: Graph, blizzard: bool, start: int, root: dict[str, Any]) -> None:
    done: set[tuple[int, Mult, frozenset[int]]] = set()

    def reachable(pos: int, mult: Mult, visited: frozenset[int]) -> bool:
        seen = {pos}
        stack = [pos]
        while stack:
            v = stack.pop()
            if g.is_exit[v]:
                return True
            for x, e in g.adj[v]:
                if mult[e] and x not in seen and x not in visited:
                    seen.add(x)
                    stack.append(x)
        return False

    def node(n: Any, pos: int, mult: Mult, visited: frozenset[int]) -> None:
        key = (id(n), mult, visited)
        if key in done:
            return
        if not reachable(pos, mult, visited):
            done.add(key)
            return  # the fugitive cannot reach an exit without revisiting: he has lost
        if not isinstance(n, dict) or n.get("position") != g.names[pos]:
            raise Rejected(f"expected a Nemesis node at position {g.names[pos]}")
        answers = {}
        for m in n.get("moves", []):
            answers[m.get("move")] = m
        vis2 = visited | {pos}
        for w, e in g.adj[pos]:
            if not mult[e] or w in visited:
                continue
            if g.is_exit[w]:
                raise Rejected(f"the fugitive escapes {g.names[pos]}->{g.names[w]}")
            m = answers.get(g.names[w])
            if m is None:
                raise Rejected(f"no answer to the fugitive's move {g.names[pos]}->{g.names[w]}")
            nxt = list(mult)
            if m.get("delete") is not None:
                c = _edge(g, m["delete"])
                if nxt[c] <= 0:
                    raise Rejected(f"deletes a deleted edge {m['delete']}")
                if blizzard and w not in g.ends[c]:
                    raise Rejected(f"Blizzard deletes only at the fugitive ({g.names[w]}), not {m['delete']}")
                nxt[c] -= 1
            elif any(nxt[c] for c in ([f for _, f in g.adj[w]] if blizzard else range(len(nxt)))):
                raise Rejected(f"the Nemesis must delete an edge after {g.names[pos]}->{g.names[w]}")
            node(m.get("then"), w, tuple(nxt), vis2)
        done.add(key)

    node(root, start, g.mult, frozenset())


def check_cat(g: Graph, start: int, certificate: Any, *, speed: int | None = None) -> tuple[bool, str]:
    """Check a Cat Herding certificate (see :func:`escapology.nemesis.cat.cat_certificate`).

    The herder strategy must isolate the cat within ``value`` deletions against every cat move and
    the cat strategy must survive at least ``value`` deletions against every deletion (anywhere).
    """
    try:
        value = certificate["value"]
        hn, hroot = certificate["herder"]["nodes"], certificate["herder"]["root"]
        cn, croot = certificate["cat"]["nodes"], certificate["cat"]["root"]
    except (KeyError, TypeError):
        return False, "a certificate holds value, herder and cat"

    def targets(pos: int, mult: Mult) -> set[int]:
        if speed == 1:
            return {w for w, e in g.adj[pos] if mult[e]}
        seen, stack = {pos}, [pos]
        while stack:
            v = stack.pop()
            for w, e in g.adj[v]:
                if mult[e] and w not in seen:
                    seen.add(w)
                    stack.append(w)
        return seen - {pos}

    def isolated(pos: int, mult: Mult) -> bool:
        return not any(mult[e] for _, e in g.adj[pos])

    def get(nodes: list, i: Any, pos: int) -> dict:
        if not isinstance(i, int) or not 0 <= i < len(nodes) or not isinstance(nodes[i], dict):
            raise Rejected(f"bad node reference {i!r}")
        n = nodes[i]
        if n.get("cat") != g.names[pos]:
            raise Rejected(f"node {i} is for the cat on {n.get('cat')}, not {g.names[pos]}")
        return n

    memo_h: dict[tuple[Any, int, Mult], int] = {}

    def herder_max(i: Any, pos: int, mult: Mult) -> int:
        if isolated(pos, mult):
            return 0
        key = (i, pos, mult)
        if key in memo_h:
            return memo_h[key]
        n = get(hn, i, pos)
        e = _edge(g, n.get("delete"))
        if mult[e] <= 0:
            raise Rejected(f"the herder deletes a deleted edge {n.get('delete')}")
        lst = list(mult)
        lst[e] -= 1
        after = tuple(lst)
        best = 1
        for w in targets(pos, after):
            nxt = n.get("after", {}).get(g.names[w], "missing")
            if nxt == "missing":
                raise Rejected(f"the herder strategy does not answer the cat's move to {g.names[w]}")
            best = max(best, 1 + herder_max(nxt, w, after))
        memo_h[key] = best
        return best

    memo_c: dict[tuple[Any, int, Mult], int] = {}

    def cat_min(i: Any, pos: int, mult: Mult) -> int:
        if isolated(pos, mult):
            return 0
        key = (i, pos, mult)
        if key in memo_c:
            return memo_c[key]
        n = get(cn, i, pos)
        replies = {}
        for r in n.get("replies", []):
            replies[_edge(g, r.get("delete"))] = r
        worst = None
        for e in range(len(mult)):
            if not mult[e]:
                continue
            lst = list(mult)
            lst[e] -= 1
            after = tuple(lst)
            ts = targets(pos, after)
            if not ts:
                v = 1
            else:
                r = replies.get(e)
                if r is None or r.get("move") not in g.index or g.index[r["move"]] not in ts:
                    raise Rejected(f"the cat strategy has no legal answer to deleting {g.edge_name(e)}")
                w = g.index[r["move"]]
                v = 1 + cat_min(r.get("then"), w, after)
            worst = v if worst is None else min(worst, v)
        assert worst is not None
        memo_c[key] = worst
        return worst

    try:
        hi = herder_max(hroot, start, g.mult)
        lo = cat_min(croot, start, g.mult)
    except Rejected as exc:
        return False, str(exc)
    if hi > value:
        return False, f"the herder strategy lets the cat survive {hi} > {value} deletions"
    if lo < value:
        return False, f"the cat strategy survives only {lo} < {value} deletions"
    return True, f"value {value}: the herder isolates the cat within it and the cat survives it"


if sys.getrecursionlimit() < 20000:  # one frame per move
    sys.setrecursionlimit(20000)
