"""Theorem 9 (§2.3): Nemesis -> Nemesis with two exits, as the paper builds it.

From ``(G, s, X)`` with ``n`` vertices: ``n + 1`` new vertices ``y1 ... y{n+1}``, every exit of ``X``
joined to every ``y``, every ``y`` joined to the two new exits ``t1`` and ``t2``; the exits of ``X``
become regular vertices; the start stays ``s``. The result has ``2n + 3`` vertices and at most
``m + (n - 1)(n + 1) + 2(n + 1)`` edges (the paper's counts; checked in :attr:`Built.bound`).

**Theorem 9.** The fugitive wins ``(G', s, {t1, t2})`` iff he wins ``(G, s, X)``. *Proof (the
paper's).* If he wins ``G``, by Remark 7 he reaches some ``x ∈ X`` within ``n`` rounds, during which
at most ``n`` edges were deleted; one of the ``n + 1`` vertices ``y`` has all its edges, so he moves
``x -> y``, and ``y`` has two exit edges of which the Nemesis deletes one. If the Nemesis wins ``G``,
her strategy keeps him from reaching ``X`` in ``G'``, and every path to ``t1``, ``t2`` goes through
``X``. (A start on an exit wins in both: from ``s ∈ X`` he steps on an intact ``y``.)

The proof never uses that ``G`` is simple, so multigraphs are accepted too (their multiplicities
kept); the point of the theorem is that the result is simple when ``G`` is. Edges between two exits
play no role (§2.1) and are dropped. Unlike the project's :func:`~escapology.nemesis.reductions.ours.two_exits`,
this works for any instance, at the price of ``n + 1`` new vertices and up to ``n² + 2n + 1`` edges.

>>> from escapology.nemesis.model import Instance
>>> i = Instance.from_edges([("s", "a"), ("a", "p"), ("a", "q"), ("a", "w")], exits={"p", "q", "w"}, start="s")
>>> b = two_exits_theorem9(i)
>>> sorted(b.instance.exits), len(b.instance.vertices), b.size()["edges"], b.within_bound()
(['t1', 't2'], 13, 34, True)
"""

from __future__ import annotations

from escapology.core.errors import InputError
from escapology.nemesis.model import Instance
from escapology.nemesis.reductions.common import Built, GraphBuilder, fresh_name, refuse_large


def two_exits_theorem9(inst: Instance) -> Built:
    """The two-exit instance of Theorem 9 (see the module docstring)."""
    if inst.start is None:
        raise InputError("the reduction needs a start")
    if not inst.exits:
        raise InputError("the instance has no exit")
    n = len(inst.vertices)
    X = [v for v in inst.vertices if v in inst.exits]
    refuse_large(2 * n + 3, len(inst.edges) + len(X) * (n + 1) + 2 * (n + 1), "the Theorem 9 instance")
    used = set(inst.vertices)
    ys = [fresh_name(f"y{i}", used) for i in range(1, n + 2)]
    t1, t2 = fresh_name("t1", used), fresh_name("t2", used)
    b = GraphBuilder()
    for v in inst.vertices:
        b.vertex(v)
    for (u, v), k in inst.edges.items():
        if u in inst.exits and v in inst.exits:
            continue
        b.edge(u, v, k)
    for y in ys:
        for x in X:
            b.edge(x, y)
        b.edge(y, b.exit(t1))
        b.edge(y, b.exit(t2))
    m = sum(inst.edges.values())
    return Built(b.instance(inst.start), "the fugitive (from the same start) wins iff he wins the source instance",
                 params={"source_vertices": n, "source_exits": len(X), "Y": n + 1},
                 bound={"vertices": 2 * n + 3, "copies": m + (n - 1) * (n + 1) + 2 * (n + 1)})
