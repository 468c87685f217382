"""Lemma 14 (§4.4): the multigraph of §4.3 translated into a simple graph (Theorem 5 on graphs).

As the paper builds it (its Fig. 10), with ``N`` the multiplicity of the unbreakable edges, which
is larger than the number of vertices and so than the number of rounds of any play the fugitive
wins (Remark 7):

* every regular vertex ``u`` becomes ``N`` copies ``u_k1 ... u_kN``; exits stay single;
* an unbreakable edge ``uv`` (``N`` copies or more) becomes the complete bipartite graph between
  the copies of ``u`` and those of ``v`` (``N²`` edges);
* an edge of one copy ``uv`` (a fuse of the electric gadget) becomes the matching ``u_ki v_ki``;
* an exit edge ``ut`` of ``k`` copies becomes the *exit gadget*: ``k`` new regular vertices
  ``u_t_p1 ... u_t_pk``, each joined to every copy of ``u`` and to two exits, ``t`` and a new exit
  ``t_b`` (one per gadget).

Any other multiplicity (between 2 and ``N - 1`` on an edge between regular vertices) is not of
the paper's form and is refused.

**Lemma 14.** The fugitive wins the translated graph from ``s_k1`` iff he wins the multigraph
from ``s``. *Proof, following the paper gadget by gadget.* An unbreakable edge: from any copy of
``u`` the fugitive reaches some copy of ``v``, since cutting all ``N`` of its edges takes ``N``
rounds, more than any winning play lasts. A fuse: the Nemesis deletes ``u_i v_i`` when the
fugitive stands on ``u_i``, exactly as she deletes the fuse in the multigraph; reaching another
copy ``v_j`` costs the fugitive two moves (through a copy of the previous vertex), which the
race, tight to the round, does not allow; deleting matching edges in advance is as useless as
deleting a fuse in advance (another copy is used). An exit edge of ``k`` copies: ``k`` deletions,
one exit edge at each ``p_j``, disable the gadget (the fugitive reaching ``p_j`` then has one
exit edge, deleted at once), and with fewer than ``k`` some ``p_j`` keeps both exit edges: from a
copy of ``u`` the fugitive steps on it and escapes, one move later than over the multigraph's
edge but after the same number of deletions on the gadget; deleting ``u_i p_j`` edges is useless
since he chooses among ``N`` copies of ``u``. The paper's argument relies on the tightness of the
race of §4.2–4.3, so the translation is stated for the multigraphs of
:mod:`~escapology.nemesis.reductions.theorem5` only.

Size: ``N`` times the regular vertices plus ``k + 1`` per exit gadget; ``N²`` edges per
unbreakable edge, ``N`` per fuse, ``k(N + 2)`` per exit gadget. The bound checked is
``N|V| + Σ(k + 2)`` vertices (Fig. 10's count with every vertex copied).

>>> from escapology.core.dimacs import read_qdimacs
>>> from escapology.nemesis.reductions.theorem5 import qsat_to_multigraph
>>> multi = qsat_to_multigraph(read_qdimacs("p cnf 1 1\\na 1 0\\n1 0\\n"))
>>> simple = multigraph_to_simple(multi)
>>> simple.instance.is_simple(), simple.params["N"] == multi.params["N"], simple.instance.start
(True, True, 's_k1')
"""

from __future__ import annotations

from escapology.core.errors import InputError
from escapology.nemesis.model import Instance
from escapology.nemesis.reductions.common import MAX_EDGES, Built, GraphBuilder, refuse_large


def copies(u: str, N: int) -> list[str]:
    """The names of the ``N`` copies of the regular vertex ``u``."""
    return [f"{u}_k{i}" for i in range(1, N + 1)]


def translation_size(inst: Instance, N: int) -> tuple[int, int]:
    """Vertices and edges :func:`translate` writes (refusals aside)."""
    regular = [v for v in inst.vertices if v not in inst.exits]
    vertices, edges = N * len(regular), 0
    for (a, b), k in inst.edges.items():
        ea, eb = a in inst.exits, b in inst.exits
        if ea and eb:
            continue
        if ea or eb:
            vertices += k + 1
            edges += k * (N + 2)
        else:
            edges += N * N if k >= N else N
    return vertices + len(inst.exits), edges


def translate(inst: Instance, N: int, *, max_edges: int = MAX_EDGES) -> Instance:
    """The simple graph of the module docstring for a multigraph whose edges between regular
    vertices have one copy or at least ``N`` (refused above ``max_edges`` edges)."""
    if inst.start is None:
        raise InputError("the translation needs a start")
    if inst.start in inst.exits:
        raise InputError("the start is an exit: nothing to translate")
    vertices, edges = translation_size(inst, N)
    refuse_large(vertices, edges, "the Lemma 14 graph", max_edges=max_edges)
    b = GraphBuilder()
    for v in inst.vertices:
        if v in inst.exits:
            b.exit(v)
        else:
            for c in copies(v, N):
                b.vertex(c)
    for (a, b_), k in inst.edges.items():
        ea, eb = a in inst.exits, b_ in inst.exits
        if ea and eb:
            continue
        if ea or eb:
            u, t = (b_, a) if ea else (a, b_)
            twin = b.exit(f"{u}_{t}_b")
            for j in range(1, k + 1):
                p = f"{u}_{t}_p{j}"
                for c in copies(u, N):
                    b.edge(c, p)
                b.edge(p, t)
                b.edge(p, twin)
        elif k >= N:
            for cu in copies(a, N):
                for cv in copies(b_, N):
                    b.edge(cu, cv)
        elif k == 1:
            for cu, cv in zip(copies(a, N), copies(b_, N)):
                b.edge(cu, cv)
        else:
            raise InputError(f"edge {a}-{b_} has {k} copies: Lemma 14 translates edges of one copy, "
                             f"unbreakable ones ({N} or more) and exit edges")
    return b.instance(copies(inst.start, N)[0])


def multigraph_to_simple(multi: Built, *, max_edges: int = MAX_EDGES) -> Built:
    """Lemma 14 applied to a multigraph built by :func:`~escapology.nemesis.reductions.theorem5.qsat_to_multigraph`
    (refused above ``max_edges`` edges: :data:`~escapology.nemesis.reductions.common.MAX_EDGES`, the
    limit of the files the readers take, unless the caller keeps the graph in memory)."""
    N = multi.params["N"]
    inst = multi.instance
    simple = translate(inst, N, max_edges=max_edges)
    gadgets = sum(k + 2 for (a, b), k in inst.edges.items() if (a in inst.exits) != (b in inst.exits))
    return Built(simple, multi.question.replace("(from s)", "(from s_k1)"),
                 params={**multi.params, "multigraph_vertices": len(inst.vertices)},
                 bound={"vertices": N * len(inst.vertices) + gadgets})
