"""Binary escape trees (Definition 10), found by SAT (NP-complete, Theorem 3), and the strategy
they give (Lemma 11).

A *binary escape tree* rooted at ``r`` is a full binary tree of the graph: every internal vertex,
``r`` included, has exactly two children, every leaf is an exit. Non-exit vertices appear once;
an exit may end several branches, once per edge copy (the paper splits exits, §3.1), so a vertex
with an edge of multiplicity ≥ 2 to an exit may use it as both branches. A single exit is a tree
on its own. The *tree condition* (Lemma 11) holds when the start or one of its neighbours is the
root of a binary escape tree; then the fugitive wins: he moves to the root (or, from a root on the
start, to one of its children) and, each deletion spoiling at most one of the two vertex-disjoint
branches below him, always moves on into an intact one.

Encoding (python-sat, cardinality constraints by pysat's encodings): ``in_v``, ``par_{u,v}`` (u is
the parent of v), ``leaf_{u,x,k}`` (k-th copy of exit edge ux is a branch of u); every vertex in the
tree but the root has exactly one parent, every vertex in the tree exactly two children;
acyclicity by order-encoded levels (``par_{u,v}`` implies level(v) > level(u)).

>>> from escapology.nemesis.model import Instance
>>> g = Instance.from_edges([("s","a"),("a","x"),("a","b"),("b","x"),("b","y")],
...                         exits={"x","y"}, start="s").graph()
>>> find_escape_tree(g) is None
True
>>> root, t = tree_condition(g)
>>> root, sorted(t.items())
('a', [('a', ['b', 'x']), ('b', ['x', 'y'])])
>>> from escapology.nemesis.checkers.escape_tree import check_escape_tree
>>> check_escape_tree(g, t, g.index[root])
(True, 'a binary escape tree rooted at a')

Trees are checked by :func:`escapology.nemesis.checkers.escape_tree.check_escape_tree`, which
imports nothing of this module.
"""

from __future__ import annotations

import threading
from typing import Any

from escapology.core.limits import Deadline, LimitReached
from escapology.nemesis.checkers.base import Names
from escapology.nemesis.model import Graph
from escapology.nemesis.strategy.document import fugitive_document


def find_escape_tree(
    g: Graph, root: int | None = None, *, deadline: Deadline | None = None
) -> dict[str, list[str]] | None:
    """A binary escape tree rooted at ``root`` (default: the start) as ``{vertex: [two children]}``
    (names), or None when there is none (Theorem 3's question). A root on an exit gives ``{}``."""
    from pysat.card import CardEnc, EncType  # pysat: the SAT solver loads only when a tree is looked for
    from pysat.formula import IDPool  # pysat (as above)
    from pysat.solvers import Solver  # pysat (as above)

    r = g.start if root is None else root
    assert r is not None
    if g.is_exit[r]:
        return {}
    pool = IDPool()
    clauses: list[list[int]] = []
    nonexit = [v for v in range(g.n) if not g.is_exit[v]]
    L = len(nonexit)
    inv = {v: pool.id(("in", v)) for v in nonexit}
    clauses.append([inv[r]])
    children: dict[int, list[int]] = {v: [] for v in nonexit}
    parents: dict[int, list[int]] = {v: [] for v in nonexit}
    arcs: list[tuple[int, int, int]] = []
    leaves: list[tuple[int, int, int, int]] = []
    for e, (a, b) in enumerate(g.ends):
        for u, v in ((a, b), (b, a)):
            if g.is_exit[u]:
                continue
            if g.is_exit[v]:
                for k in range(1, min(g.mult[e], 2) + 1):
                    x = pool.id(("leaf", u, e, k))
                    leaves.append((u, v, k, x))
                    children[u].append(x)
                    clauses.append([-x, inv[u]])
                    if k == 2:
                        clauses.append([-x, pool.id(("leaf", u, e, 1))])
            elif v != r:
                x = pool.id(("par", u, v))
                arcs.append((u, v, x))
                children[u].append(x)
                parents[v].append(x)
                clauses.append([-x, inv[u]])
                clauses.append([-x, inv[v]])

    def level(v: int, k: int) -> int:
        return pool.id(("lvl", v, k))  # level(v) >= k

    for v in nonexit:
        for k in range(2, L + 1):
            clauses.append([-level(v, k), level(v, k - 1)])
    for u, v, x in arcs:
        clauses.append([-x, level(v, 1)])
        for k in range(1, L):
            clauses.append([-x, -level(u, k), level(v, k + 1)])
        clauses.append([-x, -level(u, L)])

    def card(lits: list[int], bound: int, guard: int | None) -> None:
        tail = [-guard] if guard is not None else []
        if len(lits) < bound:
            clauses.append(tail)  # an empty clause when unguarded: unsatisfiable
            return
        if len(lits) == bound:
            clauses.extend([lit] + tail for lit in lits)
            return
        enc = CardEnc.equals(lits=lits, bound=bound, vpool=pool, encoding=EncType.seqcounter)
        for c in enc.clauses:
            clauses.append(c + tail)

    for v in nonexit:
        if v == r:
            card(children[v], 2, None)
        else:
            card(children[v], 2, inv[v])
            card(parents[v], 1, inv[v])
            clauses.append([-inv[v]] + parents[v])
    if any(c == [] for c in clauses):
        return None
    with Solver(name="cadical153", bootstrap_with=clauses) as solver:
        if deadline is not None and deadline.remaining() is not None:
            timer = threading.Timer(deadline.remaining() or 0.0, solver.interrupt)
            timer.start()
            try:
                ok = solver.solve_limited(expect_interrupt=True)
            finally:
                timer.cancel()
            if ok is None:
                raise LimitReached()
        else:
            ok = solver.solve()
        if not ok:
            return None
        model = set(lit for lit in solver.get_model() if lit > 0)
    tree: dict[str, list[str]] = {}
    for u, v, x in arcs:
        if x in model:
            tree.setdefault(g.names[u], []).append(g.names[v])
    for u, v, k, x in leaves:
        if x in model:
            tree.setdefault(g.names[u], []).append(g.names[v])
    return {k: sorted(v) for k, v in tree.items()}


def tree_condition(
    g: Graph, start: int | None = None, *, deadline: Deadline | None = None
) -> tuple[str, dict[str, list[str]]] | None:
    """Lemma 11's tree condition: ``(root, tree)`` with the root on the start or a neighbour of it
    (an exit neighbour is a tree on its own), or None."""
    s = g.start if start is None else start
    assert s is not None
    candidates = [s] + [w for w, _ in g.adj[s] if g.is_exit[w]] + [w for w, _ in g.adj[s] if not g.is_exit[w]]
    for r in candidates:
        tree = find_escape_tree(g, r, deadline=deadline)
        if tree is not None:
            return g.names[r], tree
    return None


def escape_tree_strategy(g: Graph, start: int, first: int, children: dict[int, list[int]]) -> dict[str, Any]:
    """The fugitive's strategy of Lemma 11 as a document: from ``start`` he moves to ``first``, the
    root of a binary escape tree (``children``: vertex id -> its two children; an exit may appear
    twice when its edge has two copies), then at every vertex ``u`` with children ``a``, ``b``
    (``a`` the branch with fewer edges) he moves to ``a`` unless the Nemesis has just deleted an
    edge of ``a``'s branch (``u-a`` or below), then to ``b``. Built in post-order on an explicit
    stack; the replies list the smaller branch, so the document has O(n log n) entries (O(n) on a
    caterpillar)."""
    names = Names(g)
    nodes: list[dict[str, Any]] = []
    node_of: dict[int, int] = {}
    size: dict[int, int] = {}

    def node_id(v: int) -> int:
        if g.is_exit[v] and v not in node_of:
            node_of[v] = len(nodes)
            nodes.append({"at": g.names[v]})
        return node_of[v]

    stack: list[tuple[int, bool]] = [(first, False)]
    while stack:
        u, expanded = stack.pop()
        if g.is_exit[u]:
            node_id(u)
            continue
        kids = children[u]
        if not expanded:
            stack.append((u, True))
            stack.extend((c, False) for c in kids if not g.is_exit[c])
            continue
        a, b = sorted(kids, key=lambda c: 0 if g.is_exit[c] else 1 + size[c])
        size[u] = sum(1 + (0 if g.is_exit[c] else size[c]) for c in kids)
        node: dict[str, Any] = {"at": g.names[u], "otherwise": node_id(a)}
        if not (a == b and g.is_exit[a]):
            branch = [names.edge(u, a)]
            inner = [a] if not g.is_exit[a] else []
            while inner:
                v = inner.pop()
                for c in children[v]:
                    branch.append(names.edge(v, c))
                    if not g.is_exit[c]:
                        inner.append(c)
            target = node_id(b)
            node["replies"] = [[*g.edge_name(e), target] for e in dict.fromkeys(branch)]
        node_of[u] = len(nodes)
        nodes.append(node)
    nodes.append({"at": g.names[start], "otherwise": node_id(first)})
    return fugitive_document(nodes, len(nodes) - 1)


def tree_strategy(g: Graph, tree: dict[str, list[str]], root: int | None = None,
                  start: int | None = None) -> dict[str, Any]:
    """The strategy of Lemma 11 along a tree found by :func:`find_escape_tree` rooted at ``root``
    (default: the start), which must be the start or a neighbour of it."""
    s = g.start if start is None else start
    r = s if root is None else root
    assert s is not None and r is not None
    kids = {g.index[u]: [g.index[c] for c in cs] for u, cs in tree.items()}
    if r == s:
        if g.is_exit[s]:
            return fugitive_document([{"at": g.names[s]}], 0)
        first = kids[s][0]
        kids.pop(s)
        return escape_tree_strategy(g, s, first, kids)
    if all(w != r for w, _ in g.adj[s]):
        raise ValueError(f"the root {g.names[r]} is neither the start nor a neighbour of it")
    return escape_tree_strategy(g, s, r, kids)
