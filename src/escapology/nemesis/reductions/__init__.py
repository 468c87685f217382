"""Reductions of Bergé, Dailly, Gerard, "Nemesis, an Escape Game in Graphs" (FUN 2026), one module
per theorem, each run by ``escapology reduce NAME`` (:mod:`escapology.core.reductions`) and checked
by solving its output (``tests/nemesis/test_paper_reductions.py``, ``benchmarks/nemesis_reductions.py``).

The paper's constructions:

* :func:`escape_tree_theorem3` — Theorem 3, LINEAR 3-SAT -> binary escape tree, maximum degree 4
  (``nemesis-escape-tree``);
* :func:`pmr3sat_to_nemesis` — Theorem 4, planar monotone rectilinear 3SAT -> planar multigraph
  (``nemesis-pmr3sat``; the embedding format is :mod:`~escapology.nemesis.reductions.embedding`);
* :func:`qsat_to_multigraph` — Theorem 5 on multigraphs, the electric gadget (``nemesis-qsat``);
* :func:`multigraph_to_simple` — Lemma 14, the same on simple graphs (``nemesis-qsat-simple``);
* :func:`two_exits_theorem9` — Theorem 9, two exits (``nemesis-two-exits``);
* :func:`nemesis_to_cat_corollary6` — Corollary 6, Cat Herding (``nemesis-cat``).

The project's own constructions (:mod:`~escapology.nemesis.reductions.ours`): :func:`merge_exits`,
:func:`two_exits`, :func:`nemesis_to_cat`, :func:`lsat_to_escape_tree` (``nemesis-lsat-escape-tree-ours``)
and the lenient :func:`parse_dimacs`.
"""

from escapology.nemesis.reductions.common import Built
from escapology.nemesis.reductions.corollary6 import nemesis_to_cat_corollary6
from escapology.nemesis.reductions.embedding import Embedded, embed, read_embedded
from escapology.nemesis.reductions.lemma14 import multigraph_to_simple
from escapology.nemesis.reductions.ours import Clause, lsat_to_escape_tree, merge_exits, nemesis_to_cat, parse_dimacs, two_exits
from escapology.nemesis.reductions.theorem3 import escape_tree_theorem3
from escapology.nemesis.reductions.theorem4 import pmr3sat_to_nemesis
from escapology.nemesis.reductions.theorem5 import qsat_to_multigraph
from escapology.nemesis.reductions.theorem9 import two_exits_theorem9

__all__ = [
    "Built", "Clause", "Embedded", "embed", "escape_tree_theorem3", "lsat_to_escape_tree", "merge_exits", "multigraph_to_simple",
    "nemesis_to_cat", "nemesis_to_cat_corollary6", "parse_dimacs", "pmr3sat_to_nemesis", "qsat_to_multigraph",
    "read_embedded", "two_exits", "two_exits_theorem9",
]
