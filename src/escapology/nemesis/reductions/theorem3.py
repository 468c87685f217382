"""Theorem 3 (§4.1): LINEAR 3-SAT -> "is ``r`` the root of a binary escape tree?", maximum degree 4.

As the paper builds it (its Figs. 5–6), names in brackets:

* *variable gadget* of ``x_i``: the root ``X_i`` [``v{i}``] with one exit child and two children
  ``x_i`` [``p{i}``] and ``x̄_i`` [``n{i}``]; each of these has two children ``x_i^1``, ``x_i^2``
  [``p{i}_1``, ``p{i}_2``] (resp. [``n{i}_1``, ``n{i}_2``]), each with two exit children;
* *clause gadget* of ``c_j``: two adjacent vertices ``C_j^1``, ``C_j^2`` [``c{j}_1``, ``c{j}_2``], each
  with an exit child;
* *connections*: ``C_j^1`` takes the first literal of ``c_j``, ``C_j^2`` the second and third; a
  literal is joined to the **opposite** side of its variable: literal ``x_i`` to ``x̄_i^1`` at its
  first occurrence and to ``x̄_i^2`` at its second (in the order ``c_1, ..., c_m``), literal ``¬x_i``
  to ``x_i^1`` / ``x_i^2``;
* *the spine*: ``r, X'_1, ..., X'_n, C'_1, ..., C'_m`` [``r, xp1, ..., cp1, ...``] with ``X'_i — X_i``
  and ``C'_j — C_j^1``; ``r`` and ``C'_m`` have an exit each. The start is ``r``.

**Theorem 3.** ``r`` is the root of a binary escape tree iff the formula is satisfiable.
*Proof (the paper's).* (⇒) From a satisfying assignment: the spine with the exits of ``r`` and
``C'_m``; at ``X'_i`` the branch ``X_i`` with its exit and the subtree of ``x_i`` (true) or ``x̄_i``
(false); at ``C'_j`` the branch ``C_j^1`` with its exit and, if the first literal is true, the
(unused, opposite) vertex it is joined to with its two exits, else ``C_j^2`` with its exit and the
vertex of a true literal among the second and third. (⇐) In a tree ``T`` rooted at ``r``: (i) the
spine is in ``T`` (its vertices have degree 3 and every vertex but ``r`` has three tree-edges);
(ii) so are all ``X_i`` and ``C_j^1``; (iii) ``C_j^1`` or ``C_j^2`` has a child in a variable gadget;
(iv) ``X_i`` has ``x_i`` or ``x̄_i`` as a child; (v) a vertex ``x_i^k`` hangs from a clause only if
``x_i`` is not a child of ``X_i`` (else ``T`` has a cycle). Setting ``x_i`` true iff ``x_i`` is a
child of ``X_i`` satisfies every clause: the literal a clause hangs from is true by (v).

The degree is at most 4 when every literal occurs at most twice and every clause has at most three
literals (LSAT guarantees both); those are the conditions :func:`escape_tree_theorem3` checks, the
rest of the LSAT definition (clauses meeting at most one other clause) is not needed by the proof.

**Size.** ``17n + 5m + 3`` vertices: the paper counts ``16n + 4m + 3``, leaving out the ``n + m``
spine vertices ``X'_i``, ``C'_j`` (its gadgets alone have 16 and 4 vertices).

>>> b = escape_tree_theorem3([[1, 2], [-1, -2, 3]])
>>> len(b.instance.vertices), b.params["paper_order"], b.params["max_degree"], b.instance.start
(64, 59, 4, 'r')
"""

from __future__ import annotations

from escapology.core.errors import InputError
from escapology.nemesis.reductions.common import Built, GraphBuilder, check_literals, refuse_large


def escape_tree_theorem3(clauses: list[list[int]], nvars: int | None = None) -> Built:
    """The graph of Theorem 3 with start (and root) ``r`` (see the module docstring)."""
    n = max((abs(lit) for c in clauses for lit in c), default=0) if nvars is None else nvars
    if n < 1:
        raise InputError("the formula needs at least one variable")
    clauses = check_literals(n, clauses)
    seen: dict[int, int] = {}
    for j, c in enumerate(clauses, 1):
        if len(c) > 3:
            raise InputError(f"clause {j} has {len(c)} literals: LINEAR 3-SAT clauses have at most 3")
        for lit in c:
            seen[lit] = seen.get(lit, 0) + 1
            if seen[lit] > 2:
                raise InputError(f"literal {lit} occurs a third time in clause {j}: the gadget of Theorem 3 "
                                 "has two slots per literal (LSAT literals occur at most twice)")
    vertices = 17 * n + 5 * len(clauses) + 3
    refuse_large(vertices, 2 * vertices, "the Theorem 3 graph")
    b = GraphBuilder()
    b.edge("r", b.exit("r_e"))
    spine = ["r"] + [f"xp{i}" for i in range(1, n + 1)] + [f"cp{j}" for j in range(1, len(clauses) + 1)]
    b.path(spine, 1)
    b.edge(spine[-1], b.exit(f"{spine[-1]}_e"))  # C'_m's exit (X'_n's when there is no clause)
    for i in range(1, n + 1):
        root = f"v{i}"
        b.edge(f"xp{i}", root)
        b.edge(root, b.exit(f"{root}_e"))
        for side in (f"p{i}", f"n{i}"):
            b.edge(root, side)
            for k in (1, 2):
                leaf = f"{side}_{k}"
                b.edge(side, leaf)
                b.edge(leaf, b.exit(f"{leaf}_e1"))
                b.edge(leaf, b.exit(f"{leaf}_e2"))
    occurrence: dict[int, int] = {}
    for j, c in enumerate(clauses, 1):
        c1, c2 = f"c{j}_1", f"c{j}_2"
        b.edge(f"cp{j}", c1)
        b.edge(c1, c2)
        b.edge(c1, b.exit(f"{c1}_e"))
        b.edge(c2, b.exit(f"{c2}_e"))
        for pos, lit in enumerate(c):
            occurrence[lit] = occurrence.get(lit, 0) + 1
            opposite = f"n{lit}" if lit > 0 else f"p{-lit}"
            b.edge(c1 if pos == 0 else c2, f"{opposite}_{occurrence[lit]}")
    inst = b.instance("r")
    m = len(clauses)
    return Built(inst, "r is the root of a binary escape tree iff the formula is satisfiable",
                 params={"variables": n, "clauses": m, "paper_order": 16 * n + 4 * m + 3,
                         "max_degree": inst.max_degree()},
                 bound={"vertices": 17 * n + 5 * m + 3})
