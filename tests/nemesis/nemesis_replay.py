"""A plain replay of strategy documents, written apart from the checker: no memo, no shortcut,
every reply of the opponent tried in turn. Small instances only (its time is exponential).

The format rules (references to earlier nodes, known names, deletions that are edges, one answer
per deletion or move, the root on the start) are those of docs/nemesis.md; a broken rule rejects.
"""

from __future__ import annotations

from typing import Any

from escapology.nemesis.model import Graph


class Broken(Exception):
    pass


def _edge(g: Graph, u: int, v: int) -> int | None:
    for w, e in g.adj[u]:
        if w == v:
            return e
    return None


def _vertex(g: Graph, name: Any) -> int:
    if not isinstance(name, str) or name not in g.index:
        raise Broken(f"unknown vertex {name!r}")
    return g.index[name]


def _named_edge(g: Graph, a: Any, b: Any) -> int:
    e = _edge(g, _vertex(g, a), _vertex(g, b))
    if e is None:
        raise Broken(f"no edge {a}-{b}")
    return e


def _ref(x: Any, i: int) -> int:
    if not isinstance(x, int) or isinstance(x, bool) or not 0 <= x < i:
        raise Broken(f"bad reference {x!r} from node {i}")
    return x


def replay_fugitive(g: Graph, game: str, doc: dict[str, Any]) -> bool:
    """Whether the fugitive strategy wins every play of the real game (revisits allowed)."""
    blizzard = game == "blizzard"
    if g.is_exit[g.start]:
        return True
    try:
        nodes = doc["nodes"]
        at, other, replies = [], [], []
        for i, nd in enumerate(nodes):
            if not set(nd) <= {"at", "otherwise", "replies"}:
                raise Broken("bad keys")
            at.append(_vertex(g, nd["at"]))
            other.append(_ref(nd["otherwise"], i) if nd.get("otherwise") is not None else None)
            table: dict[int, int] = {}
            for a, b, k in nd.get("replies", []):
                c = _named_edge(g, a, b)
                if c in table:
                    raise Broken("a deletion answered twice")
                table[c] = _ref(k, i)
            replies.append(table)
        root = doc["root"]
        if at[root] != g.start or replies[root] or other[root] is None:
            raise Broken("bad root")
        first = other[root]
        if _edge(g, g.start, at[first]) is None:
            raise Broken("no first edge")
    except (Broken, KeyError, TypeError, ValueError, IndexError):
        return False

    def wins(k: int, mult: list[int]) -> bool:
        w = at[k]
        if g.is_exit[w]:
            return True
        options = [c for c in range(g.m) if mult[c] > 0 and (not blizzard or w in g.ends[c])]
        if not options:
            return False
        for c in options:
            succ = replies[k].get(c, other[k])
            if succ is None:
                return False
            mult[c] -= 1
            e = _edge(g, w, at[succ])
            ok = e is not None and mult[e] > 0 and wins(succ, mult)
            mult[c] += 1
            if not ok:
                return False
        return True

    return wins(first, list(g.mult))


def trap_rule(g: Graph, p: int, mult: list[int], visited: set[int]) -> bool:
    """The trap rule, done the slow way: remove prunable vertices one at a time, then search."""
    alive = {v for v in range(g.n) if v not in visited}
    while True:
        for v in sorted(alive):
            if v == p or g.is_exit[v]:
                continue
            if sum(mult[e] for w, e in g.adj[v] if w in alive) <= 2:
                alive.discard(v)
                break
        else:
            break
    seen, todo = {p}, [p]
    while todo:
        v = todo.pop()
        if g.is_exit[v]:
            return False
        for w, e in g.adj[v]:
            if mult[e] > 0 and w in alive and w not in seen:
                seen.add(w)
                todo.append(w)
    return True


def replay_nemesis(g: Graph, game: str, doc: dict[str, Any]) -> bool:
    """Whether the Nemesis strategy wins every play of the game without revisits."""
    blizzard = game == "blizzard"
    try:
        nodes = doc["nodes"]
        at, trapped, answers = [], [], []
        for i, nd in enumerate(nodes):
            if not set(nd) <= {"at", "answers", "trapped"}:
                raise Broken("bad keys")
            at.append(_vertex(g, nd["at"]))
            trapped.append(nd.get("trapped") is True)
            if nd.get("trapped") is not None and (nd["trapped"] is not True or "answers" in nd):
                raise Broken("bad trapped")
            table: dict[int, tuple[int | None, int]] = {}
            for a in nd.get("answers", []) if not trapped[-1] else []:
                k = _ref(a[0], i)
                c = _named_edge(g, a[1], a[2]) if len(a) == 3 else None
                if len(a) not in (1, 3) or at[k] in table:
                    raise Broken("bad answer")
                table[at[k]] = (c, k)
            if not trapped[-1] and not isinstance(nd.get("answers"), list):
                raise Broken("no answers")
            answers.append(table)
        root = doc["root"]
        if at[root] != g.start:
            raise Broken("bad root")
    except (Broken, KeyError, TypeError, ValueError, IndexError):
        return False

    def wins(j: int, mult: list[int], visited: set[int]) -> bool:
        p = at[j]
        if g.is_exit[p]:
            return False
        if trapped[j]:
            return trap_rule(g, p, mult, visited)
        for w, e in g.adj[p]:
            if mult[e] == 0 or w in visited:
                continue
            if g.is_exit[w]:
                return False
            if w not in answers[j]:  # a move into a trap needs no answer (docs/nemesis.md)
                if trap_rule(g, w, mult, visited | {p}):
                    continue
                return False
            c, k = answers[j][w]
            if c is None:
                if any(mult[f] > 0 for f in range(g.m) if not blizzard or w in g.ends[f]):
                    return False
            else:
                if mult[c] == 0 or (blizzard and w not in g.ends[c]):
                    return False
                mult[c] -= 1
            ok = wins(k, mult, visited | {p})
            if c is not None:
                mult[c] += 1
            if not ok:
                return False
        return True

    return wins(doc["root"], list(g.mult), set())


def replay(g: Graph, game: str, doc: dict[str, Any]) -> bool:
    return (replay_nemesis if doc["player"] == "nemesis" else replay_fugitive)(g, game, doc)


def fugitive_wins_without_revisits(g: Graph, game: str, p: int, mult: list[int], visited: set[int]) -> bool:
    """Plain minimax of the game without revisits, the fugitive to move at ``p``."""
    blizzard = game == "blizzard"
    for w, e in g.adj[p]:
        if mult[e] == 0 or w in visited:
            continue
        if g.is_exit[w]:
            return True
        seen = visited | {p}
        options = [c for c in range(g.m) if mult[c] > 0 and (not blizzard or w in g.ends[c])]
        good = True
        for c in options or [None]:
            if c is not None:
                mult[c] -= 1
            ok = fugitive_wins_without_revisits(g, game, w, mult, seen)
            if c is not None:
                mult[c] += 1
            if not ok:
                good = False
                break
        if good:
            return True
    return False
