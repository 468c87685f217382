"""Binary escape trees on general graphs (NP-complete, Theorem 3): an exact SAT search.

A *binary escape tree* from the start ``s`` is a tree of the graph rooted at ``s`` in which ``s``
has one child, every other internal vertex exactly two children and every leaf is an exit (an
exit may end several branches, once per edge copy; a vertex with an edge of multiplicity ≥ 2 to an
exit may use it as both branches). The fugitive follows it: each deletion spoils at most one of
the two vertex-disjoint branches below him, so he takes the other and wins (Theorem 3's strategy).

Encoding (python-sat, cardinality constraints by pysat's encodings): ``in_v``, ``par_{u,v}`` (u is
the parent of v), ``leaf_{u,x,k}`` (k-th copy of exit edge ux is a branch of u); every vertex in the
tree but ``s`` has exactly one parent; ``s`` exactly one child; every other vertex in the tree
exactly two; acyclicity by order-encoded levels (``par_{u,v}`` implies level(v) > level(u)).

>>> from escapology.nemesis.model import Instance
>>> g = Instance.from_edges([("s","a"),("a","x"),("a","b"),("b","x"),("b","y")],
...                         exits={"x","y"}, start="s").graph()
>>> t = find_escape_tree(g)
>>> sorted(t.items())
[('a', ['b', 'x']), ('b', ['x', 'y']), ('s', ['a'])]
>>> check_escape_tree(g, t)
(True, 'a binary escape tree')
"""

from __future__ import annotations

from typing import Any

from escapology.core.limits import Deadline, LimitReached
from escapology.nemesis.model import Graph


def find_escape_tree(
    g: Graph, start: int | None = None, *, deadline: Deadline | None = None
) -> dict[str, list[str]] | None:
    """A binary escape tree as ``{vertex: [children]}`` (names), or None when none exists."""
    from pysat.card import CardEnc, EncType
    from pysat.formula import IDPool
    from pysat.solvers import Solver

    s = g.start if start is None else start
    assert s is not None
    pool = IDPool()
    clauses: list[list[int]] = []
    nonexit = [v for v in range(g.n) if not g.is_exit[v]]
    L = len(nonexit)
    inv = {v: pool.id(("in", v)) for v in nonexit}
    clauses.append([inv[s]])
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
            elif v != s:
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
            clauses.append(c + ([-guard] if guard is not None else []))

    for v in nonexit:
        if v == s:
            card(children[v], 1, None)
        else:
            card(children[v], 2, inv[v])
            card(parents[v], 1, inv[v])
            for x in parents[v]:
                clauses.append([-x, inv[v]])
            clauses.append([-inv[v]] + parents[v])
    if any(c == [] for c in clauses):
        return None
    with Solver(name="cadical153", bootstrap_with=clauses) as solver:
        if deadline is not None and deadline.remaining() is not None:
            import threading

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


def check_escape_tree(g: Graph, tree: Any, start: int | None = None) -> tuple[bool, str]:
    """Check that ``tree`` (``{vertex: [children]}``) is a binary escape tree of ``g`` from ``start``."""
    s = g.start if start is None else start
    if s is None or not isinstance(tree, dict):
        return False, "a tree is an object {vertex: [children]}"
    name_s = g.names[s]
    seen = {name_s}
    stack = [name_s]
    while stack:
        u = stack.pop()
        ch = tree.get(u)
        if not isinstance(ch, list):
            return False, f"internal vertex {u} has no list of children"
        want = 1 if u == name_s else 2
        if len(ch) != want:
            return False, f"{u} has {len(ch)} children, needs {want}"
        used: dict[str, int] = {}
        for c in ch:
            e = g.edge_id(u, c)
            if e is None:
                return False, f"no edge {u}-{c}"
            used[c] = used.get(c, 0) + 1
            if used[c] > g.mult[e]:
                return False, f"edge {u}-{c} used more often than its multiplicity"
            if g.is_exit[g.index[c]]:
                continue
            if c in seen:
                return False, f"vertex {c} appears twice"
            seen.add(c)
            stack.append(c)
    extra = set(tree) - seen
    if extra:
        return False, f"vertices outside the tree: {sorted(extra)}"
    return True, "a binary escape tree"


def tree_strategy(g: Graph, tree: dict[str, list[str]], start: int | None = None) -> dict[str, Any]:
    """The fugitive strategy that follows a binary escape tree (for the independent checker)."""
    s = g.start if start is None else start
    assert s is not None

    def branch_edges(u: str, c: str) -> list[list[str]]:
        out = [[u, c]]
        stack = [c]
        while stack:
            v = stack.pop()
            for w in tree.get(v, []) if not g.is_exit[g.index[v]] else []:
                out.append([v, w])
                stack.append(w)
        return out

    def go(u: str, c: str) -> dict[str, Any]:
        if g.is_exit[g.index[c]]:
            return {"move": c}
        a, b = tree[c]
        first, second = go(c, a), go(c, b)
        seen: set[tuple[str, str]] = set()
        replies = []
        for x, y in branch_edges(c, a):
            k = (min(x, y), max(x, y))
            if k not in seen:
                seen.add(k)
                replies.append({"delete": [x, y], "then": second})
        return {"move": c, "then": {"replies": replies, "otherwise": first}}

    name_s = g.names[s]
    return go(name_s, tree[name_s][0])
