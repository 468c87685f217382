"""Strategies as JSON-ready trees, extracted from the exact solver's tables.

**Fugitive strategy** (the fugitive wins). A fugitive node, fugitive to move::

    {"move": "w"}                                  # w is an exit: the game is won
    {"move": "w", "then": NEMESIS_REPLIES}

    NEMESIS_REPLIES = {"replies": [{"delete": ["a", "b"], "then": FUGITIVE_NODE}, ...],
                       "otherwise": FUGITIVE_NODE}

After the fugitive reaches ``w`` the Nemesis deletes one edge copy; a listed deletion leads to its
node, *every other* deletion to ``otherwise``. The checker verifies all of them.

**Nemesis strategy** (the Nemesis wins)::

    {"position": "p", "moves": [{"move": "w", "delete": ["a", "b"], "then": NODE}, ...]}
    {"position": "p", "trapped": true}             # no exit reachable without revisiting

Every move of the fugitive that does not revisit a vertex is answered (Remark 7: revisiting never
helps the fugitive, see :mod:`escapology.nemesis.exact`).
"""

from __future__ import annotations

from typing import Any

from escapology.nemesis.exact import Mult, Search


class StrategyTooLarge(Exception):
    """The explicit strategy tree would exceed the node budget."""


def fugitive_strategy(sr: Search, start: int, mult: Mult) -> dict[str, Any]:
    """The fugitive's winning strategy from ``start`` (the search must have proven the win)."""
    g = sr.g
    r = sr.f_turn(start, mult)
    assert r[0], "the fugitive does not win here"
    cache: dict[Any, dict[str, Any]] = {}

    def fnode(entry: tuple) -> dict[str, Any]:
        _, w, e, nkey, _sup, key = entry
        if key in cache:
            return cache[key]
        node: dict[str, Any] = {"move": g.names[w]}
        if nkey is not None:
            node["then"] = nnode(sr.tn[nkey], w)
        cache[key] = node
        return node

    def action(act: tuple, w: int) -> dict[str, Any]:
        kind, val = act
        if kind == "exit":
            a, b = g.ends[val]
            return {"move": g.names[b if a == w else a]}
        return fnode(sr.tf[val])

    def nnode(entry: tuple, w: int) -> dict[str, Any]:
        _, tried, _sup, key = entry
        ck = ("n", key)
        if ck in cache:
            return cache[ck]
        default = tried[0]
        replies = []
        listed = set()
        for c, act, _s in tried[1:]:
            replies.append({"delete": g.edge_name(c), "then": action(act, w)})
            listed.add(c)
        if default[0] is not None:
            listed.add(default[0])
        for c in sorted(default[2]):
            if c in listed:
                continue
            for c2, act, s in tried[1:]:
                if c not in s:
                    replies.append({"delete": g.edge_name(c), "then": action(act, w)})
                    break
            listed.add(c)
        node = {"replies": replies, "otherwise": action(default[1], w)}
        cache[ck] = node
        return node

    return fnode(r)


def nemesis_strategy(sr: Search, start: int, *, max_nodes: int = 200_000) -> dict[str, Any]:
    """The Nemesis' winning strategy from ``start`` against every non-revisiting fugitive."""
    g = sr.g
    adj, is_exit = g.adj, g.is_exit
    cache: dict[tuple[int, Mult], dict[str, Any]] = {}
    count = [0]

    reachable = g.exit_reachable

    def node(pos: int, mult: Mult, real: Mult) -> dict[str, Any]:
        key = (pos, mult, real)
        if key in cache:
            return cache[key]
        count[0] += 1
        if count[0] > max_nodes:
            raise StrategyTooLarge(f"more than {max_nodes} nodes")
        if not reachable(pos, mult):
            out: dict[str, Any] = {"position": g.names[pos], "trapped": True}
            cache[key] = out
            return out
        after = list(mult)
        for _, e in adj[pos]:
            after[e] = 0
        after_t = tuple(after)
        moves = []
        for w, e in adj[pos]:
            if not mult[e]:
                continue
            if is_exit[w]:
                raise AssertionError("the fugitive escapes: the search was wrong")
            r = sr.n_turn(w, after_t)
            if r[0]:
                raise AssertionError("the fugitive wins after this move: the search was wrong")
            c = r[1]
            if c is None or not after_t[c]:
                if sr.blizzard:
                    opts = [f for _, f in adj[w] if real[f]]
                else:
                    opts = [f for f in range(len(real)) if real[f]]
                c = opts[0] if opts else None
            nxt = list(after_t)
            nreal = list(real)
            if c is not None:
                nreal[c] -= 1
                if nxt[c]:
                    nxt[c] -= 1
            moves.append(
                {
                    "move": g.names[w],
                    "delete": g.edge_name(c) if c is not None else None,
                    "then": node(w, tuple(nxt), tuple(nreal)),
                }
            )
        out = {"position": g.names[pos], "moves": moves}
        cache[key] = out
        return out

    return node(start, tuple(g.mult), tuple(g.mult))


def strategy_size(strategy: dict[str, Any]) -> int:
    """The number of nodes of a strategy tree (shared sub-trees counted once)."""
    seen: set[int] = set()
    stack = [strategy]
    while stack:
        n = stack.pop()
        if id(n) in seen:
            continue
        seen.add(id(n))
        for key in ("then", "otherwise"):
            if isinstance(n.get(key), dict):
                stack.append(n[key])
        for r in n.get("replies", []) + n.get("moves", []):
            if isinstance(r.get("then"), dict):
                stack.append(r["then"])
    return len(seen)


def principal_line(strategy: dict[str, Any]) -> list[str]:
    """The fugitive's moves when the Nemesis always takes the ``otherwise`` branch.

    For a Nemesis strategy: the first listed fugitive move each time, with her deletions.
    """
    line: list[str] = []
    n: Any = strategy
    while isinstance(n, dict):
        if "move" in n and "moves" not in n:
            line.append(n["move"])
            n = n.get("then", {}).get("otherwise") if n.get("then") else None
        elif n.get("moves"):
            m = n["moves"][0]
            d = m.get("delete")
            line.append(m["move"] + (f" (delete {d[0]}-{d[1]})" if d else ""))
            n = m["then"]
        else:
            break
    return line
