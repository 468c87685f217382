"""Corollary 6 (§4.5): Nemesis -> Cat Herding (cat of speed 1), as the paper states it, with the
one gadget the project's Cat Herding convention needs.

The paper: take the instance with two exits (Theorem 9, :func:`~escapology.nemesis.reductions.theorem9.two_exits_theorem9`;
an instance that already has two exits and at least 3 edge copies is taken as it is), let ``m`` be
its number of edge copies (``cat_s(G) <= m``: the herder deletes one per round), and attach a clique
``K_{2m}`` to each exit, the exit being one of its vertices. The exits become ordinary vertices: Cat
Herding has none. The question: does the cat, from ``s``, stay free for more than ``2m`` rounds?

**The convention.** The paper's proof lets the cat move first (as the fugitive does in Nemesis).
In Cat Herding as the literature and this project play it (:mod:`escapology.nemesis.engines.cat`) the
herder deletes first, which gives her a free deletion: on ``s - a, a - t1, a - t2`` the fugitive
wins but the herder deletes ``sa`` and the cat is caught at once. So one more clique ``K_{2m}`` (the
*decoy*, vertices ``z_q1 ... z_q2m``) is joined to ``s`` by the single edge ``s - z_q1``: unless her
first deletion is that edge, the cat steps into the decoy. Her first move is thus forced and
wasted, and the game continues as Nemesis from ``s`` with the fugitive to move.

**Corollary 6.** The cat (speed 1, from ``s``) stays free for more than ``2m`` rounds iff the
fugitive wins the source instance. *Proof.* (Clique lemma) A cat of speed 1 in ``K_q`` moving each
round to a neighbour of largest degree is caught at ``w`` only if ``w`` had degree 1 when it was
chosen, so all neighbours of the previous vertex ``u`` had lost every edge but the one to ``u``; that
takes at least ``2q - 4`` deletions in the clique (for one neighbour: the ``q - 2`` other edges of
``u`` and of ``w``; more neighbours take more). With ``q = 2m`` and ``m >= 3``, ``2q - 4 = 4m - 4 > 2m``
(the other extreme, all ``q - 1`` vertices neighbours of ``u``, takes ``(q - 1)(q - 2)/2 >= 2q - 4``
deletions, and the count is concave in between). A cat entering a clique within ``m`` rounds is
not caught on its entry vertex either (it keeps ``>= q - 1 - m`` clique edges), so it is free after
round ``2m``. (⇐) If the
herder skips ``s - z_q1`` the cat enters the decoy; otherwise the cat plays the fugitive's winning
strategy in the two-exit instance and reaches a clique. (⇒) If the Nemesis wins, the herder deletes
``s - z_q1``, plays her strategy to keep the cat from both exits, then deletes the rest of the
cat's component, all within the ``m`` edges of ``G``: the cat is caught by round ``1 + m <= 2m``.

>>> from escapology.nemesis.model import Instance
>>> i = Instance.from_edges([("s", "a"), ("a", "x"), ("a", "y"), ("a", "b"), ("b", "x")], exits={"x", "y"}, start="s")
>>> b = nemesis_to_cat_corollary6(i)
>>> b.params["m"], b.params["threshold"], len(b.instance.vertices), b.instance.exits
(5, 10, 33, set())
"""

from __future__ import annotations

from escapology.core.errors import InputError
from escapology.nemesis.model import Instance
from escapology.nemesis.reductions.common import Built, GraphBuilder, fresh_name, refuse_large
from escapology.nemesis.reductions.theorem9 import two_exits_theorem9


def _clique(b: GraphBuilder, names: list[str]) -> None:
    for i, u in enumerate(names):
        for v in names[i + 1:]:
            b.edge(u, v)


def nemesis_to_cat_corollary6(inst: Instance) -> Built:
    """The Cat Herding instance of Corollary 6 (see the module docstring); the threshold is
    ``params["threshold"]`` (``2m``)."""
    if inst.start is None:
        raise InputError("the reduction needs a start")
    two = inst
    edges = {k: c for k, c in inst.edges.items() if not (k[0] in inst.exits and k[1] in inst.exits)}
    if len(inst.exits) != 2 or sum(edges.values()) < 3 or inst.start in inst.exits:
        two = two_exits_theorem9(inst).instance
        edges = dict(two.edges)
    m = sum(edges.values())
    q = 2 * m
    refuse_large(len(two.vertices) + 3 * q, m + 1 + 3 * q * (q - 1) // 2, "the Corollary 6 instance")
    b = GraphBuilder()
    used = set(two.vertices)
    for v in two.vertices:
        b.vertex(v)
    for (u, v), k in edges.items():
        b.edge(u, v, k)
    for x in sorted(two.exits):
        _clique(b, [x] + [fresh_name(f"{x}_q{i}", used) for i in range(1, q)])
    decoy = [fresh_name(f"z_q{i}", used) for i in range(1, q + 1)]
    _clique(b, decoy)
    assert two.start is not None
    b.edge(two.start, decoy[0])
    return Built(b.instance(two.start),
                 f"the cat (speed 1, herder first) from {two.start} stays free for more than {q} rounds "
                 "iff the fugitive wins the source instance",
                 params={"m": m, "threshold": q, "clique": q, "two_exit_vertices": len(two.vertices)},
                 bound={"vertices": len(two.vertices) + 3 * q})
