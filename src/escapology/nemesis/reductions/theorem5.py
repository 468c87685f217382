"""Theorem 5 on multigraphs (§4.3): QSAT -> Nemesis, with the electric gadget.

As the paper builds it: the race of §4.2 over the variables in the order of the quantifier prefix
(:mod:`~escapology.nemesis.reductions.race`), any CNF (a positive literal hangs its clause from the
variable's ``t`` vertex, a negative one from its ``f`` vertex), and the electric gadget at the entry
of every universal variable's cycle: a fuse (one copy) as the second edge of each side and the two
unbreakable derivation paths of length 2 crossing over. Variables the prefix leaves free are
existential and come first (the QDIMACS convention); the prefix may have any number of blocks.

**Theorem.** The fugitive (from ``s``) wins iff the QBF is true. *Proof.* By the race
(:mod:`~escapology.nemesis.reductions.race`, parts (a)–(c)), the fugitive sets each existential
variable when he chooses a side of its cycle and the Nemesis sets each universal one through its
gadget at no cost in the race, in the prefix's order, each seeing the choices made before. The
fugitive escapes iff his path touches every clause, i.e. iff the assignment they build together
satisfies the CNF: the QSAT game, which the existential player wins iff the QBF is true.

>>> from escapology.core.dimacs import read_qdimacs
>>> built = qsat_to_multigraph(read_qdimacs("p cnf 2 2\\na 1 0\\ne 2 0\\n1 2 0\\n-1 -2 0\\n"))
>>> built.params["universal"], built.params["K"], built.instance.edges[("t1_1", "t1_2")]
(1, 3, 1)
"""

from __future__ import annotations

from escapology.core.dimacs import QBF
from escapology.core.errors import InputError
from escapology.nemesis.reductions.common import Built, check_literals
from escapology.nemesis.reductions.race import build_race


def prefix_order(qbf: QBF) -> tuple[list[int], set[int]]:
    """The variables in path order (free ones first) and the universal ones."""
    quantified = [v for _, block, _ in qbf.prefix for v in block]
    seen = set(quantified)
    order = [v for v in range(1, qbf.nvars + 1) if v not in seen] + quantified
    universals = {v for q, block, _ in qbf.prefix if q == "a" for v in block}
    return order, universals


def qsat_to_multigraph(qbf: QBF) -> Built:
    """The multigraph of §4.3 for a prenex CNF QBF (see the module docstring)."""
    if qbf.nvars < 1:
        raise InputError("the formula needs at least one variable")
    clauses = check_literals(qbf.nvars, [list(c) for c in qbf.clauses])
    order, universals = prefix_order(qbf)
    return build_race(order, clauses, universals,
                      question="the fugitive (from s) wins iff the QBF is true",
                      what="the Theorem 5 multigraph")
