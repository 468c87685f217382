"""The main path of §4.2–4.3: variable cycles in a row, clause exits hung from them by long paths, a
main exit at the end whose multiplicity makes the fugitive's walk a race (Theorems 4 and 5).

Layout (names as written in the instance; ``v`` a variable, ``h`` a clause, both 1-based):

* the start ``s``, the cycles of the variables in the given order, each joined to the next at a
  shared vertex ``j1, j2, ...``, and the last regular vertex ``r``;
* the cycle of ``v`` has ``4K`` edges: two sides of ``2K`` edges from its entry to its exit,
  ``t{v}_1 ... t{v}_{2K-1}`` (the *true* side) and ``f{v}_1 ... f{v}_{2K-1}`` (the *false* side);
  the middle vertices ``t{v}_K``, ``f{v}_K`` are the paper's ``t_i``, ``f_i`` and are named ``t{v}``
  and ``f{v}``. Every ``s``-``r`` path through the cycles has length ``D = 2nK``;
* the clause vertex ``c{h}`` with its exit ``e{h}`` (``L + 1`` copies), and for each literal of the
  clause a path of ``L`` edges from ``t{v}`` (positive literal) or ``f{v}`` (negative) to ``c{h}``;
* the main exit ``e`` joined to ``r`` by ``D - m + 1`` copies;
* for a universal variable (§4.3) the *electric gadget*: the second edge of each side is a fuse
  (one copy): ``u = t{v}_1``, ``v = t{v}_2``, ``ū = f{v}_1``, ``v̄ = f{v}_2`` in the paper's names,
  with the unbreakable derivation paths ``ū - d{v} - v`` and ``u - nd{v} - v̄``.

Every other edge is unbreakable: ``N`` copies, ``N`` one more than the number of vertices (Remark 7:
a fugitive who wins does so within ``|V|`` rounds, so ``N`` copies cannot all be deleted).

Constants: ``K`` is one more than the most clauses any variable appears in (the paper: "larger than
the maximum number of clauses in which any given variable appears"), at least 2, and at least 3
with a universal variable so that the fuse ends before ``t{v}`` (§4.3 "increasing the value of K by
a constant factor"); ``L = 2nK + 1`` ("larger than 2nK").

**The race (the property both theorems use).** Count rounds: the fugitive moves, then the Nemesis
deletes. (a) *Clause exits.* When the fugitive stands on ``t{v}`` after his move ``k``, a clause ``h``
joined to ``t{v}`` is ``L + 1`` moves from him; the Nemesis has deletions ``k, ..., k + L`` before
he could cross ``c{h}e{h}``, exactly ``L + 1``; so unless ``c{h}e{h}`` was hit before or at deletion
``k`` he escapes, and once hit one copy short it is harmless (entering the path, he gives her the
``L`` deletions the edge still needs, and coming back costs him ``L`` more moves than the ``D``
the race allows). Hitting needs time: ``t{v}`` is ``K`` moves past the choice of a side, more
than the clauses it touches. (b) *The main exit.* A fugitive following a side per cycle stands
on ``r`` after ``D`` moves; the Nemesis has had ``D`` deletions when he would cross ``re``. She
needs ``D - m + 1`` of them for ``re`` plus one for every clause his path touches: if it touches all
``m`` clauses she is one short and he escapes; if it misses one she has just enough. Any other
route is longer than ``D`` (a clause path alone has ``L > D`` edges) and revisiting never helps
(Remark 7). (c) *The electric gadget.* If the Nemesis has chosen ``v`` true and the fugitive
steps on ``ū``, she deletes the fuse ``ū v̄``; he takes ``ū - d{v} - v``, one move late, and she spent
one deletion: the race is unchanged. If he steps on ``u`` she lets him be: the detour ``u - nd{v} -
v̄`` would cost him a move for free. Symmetrically for false. Deleting a fuse early lets him take
the other side for free (one deletion lost, no move lost). Hence the Nemesis sets every universal
variable, the fugitive every existential one, in the order of the path.

Consequences: with only existential variables the fugitive wins iff the CNF is satisfiable
(Theorem 4); with the prefix's universals he wins iff the QBF is true (Theorem 5, multigraphs).
Both are checked by the exact solver in ``tests/nemesis/test_paper_reductions.py``.
"""

from __future__ import annotations

from escapology.nemesis.model import Instance
from escapology.nemesis.reductions.common import Built, GraphBuilder, refuse_large


def race_constants(order: list[int], clauses: list[list[int]], *, universal: bool) -> tuple[int, int]:
    """``(K, L)`` for these variables and clauses (see the module docstring)."""
    occurrences = dict.fromkeys(order, 0)
    for c in clauses:
        for v in {abs(lit) for lit in c}:
            occurrences[v] += 1
    K = max(max(occurrences.values(), default=0) + 1, 3 if universal else 2)
    return K, 2 * len(order) * K + 1


def race_size(order: list[int], clauses: list[list[int]], universals: set[int], K: int, L: int) -> int:
    """The number of vertices :func:`build_race` writes."""
    n = len(order)
    return n * 2 * (2 * K - 1) + n + 1 + 2 * len(universals) + sum(2 + len(c) * (L - 1) for c in clauses) + 1


def build_race(order: list[int], clauses: list[list[int]], universals: set[int], *, question: str,
               what: str) -> Built:
    """The race of the module docstring over the variables of ``order`` (left to right); the
    variables of ``universals`` get the electric gadget. ``clauses`` are lists of non-zero literals
    over ``order``'s variables, without repeats."""
    n, m = len(order), len(clauses)
    K, L = race_constants(order, clauses, universal=bool(universals))
    D = 2 * n * K
    count = race_size(order, clauses, universals, K, L)
    refuse_large(count, count * 2, what)
    N = count + 1
    b = GraphBuilder()
    ends = ["s"] + [f"j{p}" for p in range(1, n)] + ["r"]
    b.vertex("s")
    for p, v in enumerate(order):
        for side in "tf":
            inner = [f"{side}{v}" if k == K else f"{side}{v}_{k}" for k in range(1, 2 * K)]
            b.path([ends[p], *inner, ends[p + 1]], N)
        if v in universals:
            for side in "tf":
                b.edges[Instance.key(f"{side}{v}_1", f"{side}{v}_2")] = 1  # the fuse: one copy
            b.path([f"f{v}_1", f"d{v}", f"t{v}_2"], N)
            b.path([f"t{v}_1", f"nd{v}", f"f{v}_2"], N)
    for h, clause in enumerate(clauses, 1):
        c = b.vertex(f"c{h}")
        for i, lit in enumerate(clause, 1):
            end = f"t{lit}" if lit > 0 else f"f{-lit}"
            b.path([end, *(f"c{h}_{i}_{k}" for k in range(1, L)), c], N)
        b.edge(c, b.exit(f"e{h}"), L + 1)
    b.edge("r", b.exit("e"), D - m + 1)
    inst = b.instance("s")
    assert len(inst.vertices) == count, (len(inst.vertices), count)
    literals = sum(len(c) for c in clauses)
    return Built(inst, question, params={"K": K, "L": L, "N": N, "D": D, "main_exit_copies": D - m + 1,
                                         "variables": n, "clauses": m, "universal": len(universals)},
                 bound={"vertices": 4 * n * K + 2 * len(universals) + (L + 1) * literals + 1})
