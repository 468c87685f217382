"""The linear-time algorithms of the Nemesis paper (Bergé, Dailly, Gerard, FUN 2026).

- :func:`simplify` (§3.1): split exits, prune regular vertices of degree ≤ 2, drop the components
  without the fugitive. The winner never changes (see :mod:`escapology.nemesis.engines.exact_python`, step 3).
- :func:`tree_winner` (Lemma 11 / Theorem 1, trees): on a graph whose non-exit part is a forest,
  the fugitive just arrived at ``u`` (Nemesis to move) wins iff ``u`` is *good*: an exit, or with at
  least two good branches (an exit child counts once per edge copy; multiple edges between non-exit
  vertices are cycles and rejected). Proof: two good branches are
  vertex-disjoint, one deletion spoils at most one of them; with at most one, the Nemesis cuts it and
  every remaining branch is bad (induction on the height).
- :func:`subcubic_winner` (Lemma 12 / Theorem 1, maximum degree 3): after the fugitive moves
  ``s -> u`` and ``s`` is removed, prune (§3.1); the fugitive wins iff the pruned component of ``u``
  (exits split into leaves) is a tree — then it is a binary escape tree, every non-root vertex having
  degree 3 and ``u`` degree 2. A cycle left there means a Nemesis win: she traps him on it by
  deleting, each round, the one edge that leaves it (the end of Lemma 12's proof). The tests
  cross-check it against the exact solver on 10,000 random graphs of maximum degree 3, and on the
  multigraphs of degree ≤ 3 they meet.
- :func:`blizzard_winning_set` (Theorem 13): ``W`` is the least set holding the exits and every
  vertex with at least two edge copies into ``W``. From ``s`` the fugitive wins iff ``s`` has a
  neighbour in ``W``: he walks down the ranks (the Nemesis deletes one of the ≥ 2 copies to lower
  ranks, he takes another, never revisiting); from outside ``W`` the Nemesis deletes the ≤ 1 copy into
  ``W`` each round (deletions keep non-members outside).

All run in O(n + m) (the subcubic test runs at most three linear passes) on explicit stacks and
queues: nothing recurses, so depth is no limit. Their answers carry certificates the checker reads:
the fugitive's strategy (trees and Blizzard, and the escape tree's strategy for maximum degree 3),
the Nemesis' strategy on trees (:func:`tree_nemesis_strategy`) and Blizzard's trap region
(:func:`blizzard_trap_region`).

>>> from escapology.nemesis.model import Instance
>>> g = Instance.from_edges([("s","a"),("a","x"),("a","y")], exits={"x","y"}, start="s").graph()
>>> tree_winner(g)[0], subcubic_winner(g)[0], blizzard_winner(g)[0]
('fugitive', 'fugitive', 'fugitive')
"""

from __future__ import annotations

from collections import deque
from typing import Any

from escapology.nemesis.engines.escape_tree import escape_tree_strategy
from escapology.nemesis.model import Graph, Instance
from escapology.nemesis.strategy.document import fugitive_document, nemesis_document


class NotApplicable(ValueError):
    """The graph is outside the class the algorithm is for (not a tree, degree above 3)."""


# -- §3.1 simplification ---------------------------------------------------------------------


def simplify(inst: Instance) -> Instance:
    """The simplified instance of §3.1 (same winner from the same start).

    >>> inst = Instance.from_edges([("s","a"),("a","b"),("b","x"),("a","c"),("c","x"),("a","x"),
    ...                             ("a","y")], exits={"x", "y"}, start="s")
    >>> sorted(simplify(inst).edges.items())
    [(('a', 's'), 1), (('a', 'x'), 1), (('a', 'y'), 1)]
    """
    if inst.start is None:
        raise ValueError("simplify needs a start")
    g = inst.graph()
    s = g.start
    assert s is not None
    deg = [sum(g.mult[e] for _, e in g.adj[v]) for v in range(g.n)]
    removed = [False] * g.n
    queue = deque(v for v in range(g.n) if not g.is_exit[v] and v != s and deg[v] <= 2)
    while queue:
        v = queue.popleft()
        if removed[v]:
            continue
        removed[v] = True
        for w, e in g.adj[v]:
            if not removed[w] and not g.is_exit[w]:
                deg[w] -= g.mult[e]
                if deg[w] <= 2 and w != s:
                    queue.append(w)
    # component of s through non-exit, non-removed vertices
    comp = {s}
    stack = [s]
    while stack:
        v = stack.pop()
        for w, _ in g.adj[v]:
            if not removed[w] and not g.is_exit[w] and w not in comp:
                comp.add(w)
                stack.append(w)
    out = Instance(start=inst.start)
    names = set(inst.vertices)
    for v in sorted(comp):
        out.vertices.append(g.names[v])
    for v in sorted(comp):
        for w, e in g.adj[v]:
            if w in comp and v < w:
                out.edges[Instance.key(g.names[v], g.names[w])] = g.mult[e]
            elif g.is_exit[w]:
                # split the exit: one private exit per (vertex, exit) pair; keep the name when
                # the exit has no other kept neighbour
                kept = [u for u, _ in g.adj[w] if u in comp]
                x = g.names[w] if len(kept) == 1 else _fresh(f"{g.names[w]}_{g.names[v]}", names)
                names.add(x)
                if x not in out.vertices:
                    out.vertices.append(x)
                out.exits.add(x)
                out.edges[Instance.key(g.names[v], x)] = g.mult[e]
    return out


def _fresh(base: str, used: set[str]) -> str:
    name, i = base, 1
    while name in used:
        i += 1
        name = f"{base}_{i}"
    return name


# -- trees (Lemma 11) ------------------------------------------------------------------------


def _check_forest(g: Graph) -> None:
    """Raise NotApplicable unless the non-exit part, exits split, has no cycle."""
    parent = list(range(g.n))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for e, (a, b) in enumerate(g.ends):
        if g.is_exit[a] or g.is_exit[b]:
            continue
        if g.mult[e] > 1:
            raise NotApplicable("a multiple edge between non-exit vertices is a cycle")
        ra, rb = find(a), find(b)
        if ra == rb:
            raise NotApplicable("the graph is not a tree (the non-exit part has a cycle)")
        parent[ra] = rb


def tree_winner(g: Graph, start: int | None = None) -> tuple[str, dict[str, Any] | None]:
    """Winner on a tree (non-exit part a forest, exits split), with the winner's strategy document:
    the fugitive's along a binary escape tree, or the Nemesis' (:func:`tree_nemesis_strategy`).

    Raises :class:`NotApplicable` when the non-exit part has a cycle.
    """
    _check_forest(g)
    s = g.start if start is None else start
    assert s is not None
    if g.is_exit[s]:
        return "fugitive", fugitive_document([{"at": g.names[s]}], 0)
    good, branches, children = _good_vertices(g, s)
    for w, _ in g.adj[s]:
        if g.is_exit[w]:
            return "fugitive", fugitive_document([{"at": g.names[w]}, {"at": g.names[s], "otherwise": 0}], 1)
    for w, _ in g.adj[s]:
        if good.get(w):
            kids: dict[int, list[int]] = {}
            stack = [w]
            while stack:  # the escape tree below w: two good branches per vertex
                v = stack.pop()
                kids[v] = [x for x, _ in branches[v][:2]]
                stack.extend(x for x in kids[v] if not g.is_exit[x])
            return "fugitive", escape_tree_strategy(g, s, w, kids)
    return "nemesis", tree_nemesis_strategy(g, s, branches, children)


def _good_vertices(g: Graph, s: int) -> tuple[dict[int, bool], dict[int, list[tuple[int, int]]], dict[int, list[int]]]:
    """Rooted at ``s``: which vertices are good, their good branches ``(child, edge)`` (an exit
    once per copy, at most twice) and their non-exit children, bottom-up on an explicit stack."""
    order: list[tuple[int, int]] = []  # (vertex, parent) in DFS preorder
    stack = [(s, -1)]
    seen = {s}
    children: dict[int, list[int]] = {}
    while stack:
        v, p = stack.pop()
        order.append((v, p))
        children[v] = []
        for w, _ in g.adj[v]:
            if not g.is_exit[w] and w != p and w not in seen:
                seen.add(w)
                children[v].append(w)
                stack.append((w, v))
    good: dict[int, bool] = {}
    branches: dict[int, list[tuple[int, int]]] = {}
    for v, p in reversed(order):
        br: list[tuple[int, int]] = []
        for w, e in g.adj[v]:
            if g.is_exit[w]:
                br.extend([(w, e)] * min(g.mult[e], 2))
            elif w != p and good.get(w):
                br.append((w, e))
        branches[v] = br
        good[v] = len(br) >= 2
    return good, branches, children


def tree_nemesis_strategy(
    g: Graph, s: int, branches: dict[int, list[tuple[int, int]]], children: dict[int, list[int]]
) -> dict[str, Any]:
    """The Nemesis' strategy on a tree when no neighbour of ``s`` is good or an exit (Lemma 12):
    when the fugitive arrives on ``w`` (not good: at most one good branch), she deletes that branch's
    edge (else an edge at ``w``); every branch left below him is bad, and so on down. One node per
    vertex below ``s``, in post-order on an explicit stack."""
    nodes: list[dict[str, Any]] = []
    ids: dict[int, int] = {}

    def deletion(w: int) -> list[str]:
        if branches[w]:
            return g.edge_name(branches[w][0][1])
        near = [e for _, e in g.adj[w]]
        return g.edge_name(near[0]) if near else []

    stack: list[tuple[int, bool]] = [(s, False)]
    while stack:
        v, expanded = stack.pop()
        if not expanded:
            stack.append((v, True))
            stack.extend((c, False) for c in children[v])
            continue
        ids[v] = len(nodes)
        nodes.append({"at": g.names[v], "answers": [[ids[c], *deletion(c)] for c in children[v]]})
    return nemesis_document(nodes, ids[s])


# -- maximum degree 3 (Lemma 12) --------------------------------------------------------------


def subcubic_winner(g: Graph, start: int | None = None) -> tuple[str, list[tuple[str, str]] | None]:
    """Winner on a graph of maximum degree 3 (copies counted), with the binary escape tree.

    Returns ``(winner, tree_edges)``: the edges of the binary escape tree (the first edge leaves
    the start) when the fugitive wins. Raises :class:`NotApplicable` above degree 3.
    """
    s = g.start if start is None else start
    assert s is not None
    for v in range(g.n):
        if not g.is_exit[v] and sum(g.mult[e] for _, e in g.adj[v]) > 3:
            raise NotApplicable(f"vertex {g.names[v]} has degree above 3")
    if g.is_exit[s]:
        return "fugitive", []
    for u, e in g.adj[s]:
        if g.is_exit[u]:
            return "fugitive", [(g.names[s], g.names[u])]
    for u, e0 in g.adj[s]:
        tree = _escape_component(g, s, u)
        if tree is not None:
            return "fugitive", [(g.names[s], g.names[u])] + [
                (g.names[a], g.names[b]) for a, b in (g.ends[e] for e in tree)
            ]
    return "nemesis", None


def subcubic_strategy(g: Graph, tree_edges: list[tuple[str, str]], start: int | None = None) -> dict[str, Any]:
    """The fugitive's strategy (Lemma 11) along the escape tree :func:`subcubic_winner` gave."""
    s = g.start if start is None else start
    assert s is not None
    if not tree_edges:
        return fugitive_document([{"at": g.names[s]}], 0)
    u = g.index[tree_edges[0][1]]
    nbrs: dict[int, list[int]] = {}
    for a, b in tree_edges[1:]:
        x, y = g.index[a], g.index[b]
        nbrs.setdefault(x, []).append(y)
        nbrs.setdefault(y, []).append(x)
    kids: dict[int, list[int]] = {}
    seen = {u}
    stack = [u]
    while stack:
        v = stack.pop()
        kids[v] = []
        for w in nbrs.get(v, []):
            if g.is_exit[w]:
                kids[v].extend([w] * min(2, g.mult[g.edge_id(g.names[v], g.names[w]) or 0]))
            elif w not in seen:
                seen.add(w)
                kids[v].append(w)
                stack.append(w)
    return escape_tree_strategy(g, s, u, kids)


def _escape_component(g: Graph, s: int, u: int) -> list[int] | None:
    """After ``s -> u``: the pruned component of ``u`` if it is a binary escape tree, else None."""
    deg: dict[int, int] = {}
    removed = {s}
    # degrees in G - s
    comp = {u}
    stack = [u]
    while stack:
        v = stack.pop()
        for w, e in g.adj[v]:
            if w != s and not g.is_exit[w] and w not in comp:
                comp.add(w)
                stack.append(w)
    for v in comp:
        deg[v] = sum(g.mult[e] for w, e in g.adj[v] if w != s)
    queue = [v for v in comp if v != u and deg[v] <= 2]
    while queue:
        v = queue.pop()
        if v in removed:
            continue
        removed.add(v)
        for w, e in g.adj[v]:
            if w in deg and w not in removed:
                deg[w] -= g.mult[e]
                if deg[w] <= 2 and w != u:
                    queue.append(w)
    if deg[u] < 2:
        return None
    comp2 = {u}
    stack = [u]
    edges: list[int] = []
    internal = 0
    while stack:
        v = stack.pop()
        for w, e in g.adj[v]:
            if w in removed:
                continue
            if g.is_exit[w]:
                edges.append(e)
                continue
            if w not in comp2:
                comp2.add(w)
                stack.append(w)
            if v < w:
                internal += g.mult[e]
                edges.append(e)
    if internal != len(comp2) - 1:
        return None
    return edges


# -- Blizzard (Theorem 13) ------------------------------------------------------------------


def blizzard_winning_set(g: Graph) -> tuple[set[int], dict[int, int]]:
    """``W`` and the rank of each member (exits rank 0), computed with counters in O(n + m)."""
    rank: dict[int, int] = {}
    count = [0] * g.n
    queue: deque[int] = deque()
    for v in range(g.n):
        if g.is_exit[v]:
            rank[v] = 0
            queue.append(v)
    while queue:
        v = queue.popleft()
        for w, e in g.adj[v]:
            if w in rank:
                continue
            count[w] += g.mult[e]
            if count[w] >= 2:
                rank[w] = rank[v] + 1
                queue.append(w)
    return set(rank), rank


def blizzard_winner(g: Graph, start: int | None = None) -> tuple[str, dict[str, Any] | None]:
    """Blizzard's winner from ``start`` by Theorem 13, with the fugitive's strategy document (he
    walks down the ranks); when the Storm wins, her certificate is :func:`blizzard_trap_region`."""
    s = g.start if start is None else start
    assert s is not None
    if g.is_exit[s]:
        return "fugitive", fugitive_document([{"at": g.names[s]}], 0)
    _, rank = blizzard_winning_set(g)
    best = _lower(g, s, rank, below=None)
    if not best:
        return "nemesis", None
    first = best[0][0]
    nodes: list[dict[str, Any]] = []
    ids: dict[int, int] = {}
    stack: list[tuple[int, bool]] = [(first, False)]
    while stack:
        w, expanded = stack.pop()
        if w in ids:
            continue
        if g.is_exit[w]:
            ids[w] = len(nodes)
            nodes.append({"at": g.names[w]})
            continue
        (a, ea), (b, _) = _lower(g, w, rank, below=rank[w])
        if not expanded:
            stack.append((w, True))
            stack.extend((x, False) for x in (a, b) if x not in ids)
            continue
        node: dict[str, Any] = {"at": g.names[w], "otherwise": ids[a]}
        if a != b:
            node["replies"] = [[*g.edge_name(ea), ids[b]]]
        ids[w] = len(nodes)
        nodes.append(node)
    nodes.append({"at": g.names[s], "otherwise": ids[first]})
    return "fugitive", fugitive_document(nodes, len(nodes) - 1)


def blizzard_trap_region(g: Graph, start: int | None = None) -> list[str] | None:
    """The Storm's certificate when she wins (Theorem 13): the vertices outside ``W``, each with at
    most one edge copy into ``W``, holding every neighbour of the start (checked by
    :func:`escapology.nemesis.checkers.nemesis.check_trap_region`); None when the trapper wins."""
    s = g.start if start is None else start
    assert s is not None
    W, _ = blizzard_winning_set(g)
    if g.is_exit[s] or any(w in W for w, _ in g.adj[s]):
        return None
    return [g.names[v] for v in range(g.n) if v not in W]


def _lower(g: Graph, v: int, rank: dict[int, int], below: int | None) -> list[tuple[int, int]]:
    """The two lowest-ranked edge copies from ``v`` into ``W`` (of rank below ``below``), one entry
    per copy; the trapper on ``v`` takes the first unless the Storm deletes it."""
    out: list[tuple[int, int]] = []
    for w, e in sorted(g.adj[v], key=lambda t: (rank.get(t[0], 1 << 30), t[0])):
        if w in rank and (below is None or rank[w] < below):
            out.extend([(w, e)] * min(g.mult[e], 2))
    return out[:2]
