"""Theorem 4 (§4.2): PLANAR MONOTONE RECTILINEAR 3SAT -> Nemesis on a planar multigraph.

As the paper builds it: the variables' cycles along the main path in the embedding's order, a
clause vertex per clause with its exit edge of ``L + 1`` copies, joined by paths of ``L`` edges to
the ``t`` vertices of its variables (all-positive clause) or their ``f`` vertices (all-negative),
the main exit at ``r`` with ``2nK - m + 1`` copies, every other edge unbreakable
(:mod:`~escapology.nemesis.reductions.race` gives the layout and proves the race).

**Theorem.** The fugitive, starting on ``s``, wins iff the formula is satisfiable. *Proof.* With
no universal variable the race of :mod:`~escapology.nemesis.reductions.race` gives the fugitive the
choice of a side per cycle, i.e. an assignment, and he escapes iff his path touches all ``m``
clauses, i.e. iff the assignment satisfies every clause (a positive clause touches the ``t``
vertices of its variables, which the path visits exactly for the true ones; a negative clause
the ``f`` vertices).

**Planarity.** Draw the cycles on the axis as in the embedding, the true sides up and the false
sides down. An all-positive clause's paths leave ``t`` vertices upwards to its vertex drawn on
its bar; two bars on the same side never cross a leg (the embedding is valid), so the clause paths
of one side are drawn without crossings, and the two sides are separated by the cycles. Checked
by networkx's planarity test in ``tests/nemesis/test_paper_reductions.py``.

**Size** (the paper: "lower than 4nK" on the main path, ``3(L + 1)m`` for the clause paths; the
bound checked is ``4nK + 3(L + 1)m + 1``, the one being the main exit): ``n(4K - 1) + 1`` vertices
on the cycles, ``2 + |c|(L - 1)`` per clause ``c``, one main exit. Clauses have at most 3 literals.

>>> from escapology.nemesis.reductions.embedding import embed
>>> built = pmr3sat_to_nemesis(embed(2, [[1, 2], [-1]]))
>>> built.params["K"], built.params["L"], built.params["main_exit_copies"], built.within_bound()
(3, 13, 11, True)
"""

from __future__ import annotations

from escapology.core.errors import InputError
from escapology.nemesis.reductions.common import Built, check_literals
from escapology.nemesis.reductions.embedding import Embedded, check_embedding, check_monotone
from escapology.nemesis.reductions.race import build_race


def pmr3sat_to_nemesis(formula: Embedded) -> Built:
    """The Nemesis instance of Theorem 4 for an embedded monotone formula (see the module docstring)."""
    if formula.nvars < 1:
        raise InputError("the formula needs at least one variable")
    if sorted(formula.order) != list(range(1, formula.nvars + 1)):
        raise InputError(f"the order must list each of the variables 1..{formula.nvars} once")
    clauses = check_literals(formula.nvars, [list(c) for c in formula.clauses])
    check_monotone(clauses)
    check_embedding(formula.order, clauses, formula.levels)
    for j, c in enumerate(clauses, 1):
        if len(c) > 3:
            raise InputError(f"clause {j} has {len(c)} literals: PMR3SAT clauses have at most 3")
    built = build_race(list(formula.order), clauses, set(),
                       question="the fugitive (from s) wins iff the formula is satisfiable",
                       what="the Theorem 4 instance")
    n, m, K, L = len(formula.order), len(clauses), built.params["K"], built.params["L"]
    built.bound = {"vertices": 4 * n * K + 3 * (L + 1) * m + 1}  # the paper's count, plus the main exit
    return built
