"""Nemesis, Blizzard and Cat Herding: escape while the opponent deletes edges.

Source: P. Bergé, A. Dailly, Y. Gerard, "Nemesis, an Escape Game in Graphs", FUN 2026;
Cat Herding after Ashmore, Dyer, Marbach, Milley.

The protocol of every game (:mod:`escapology.core.protocol`): :func:`load`, :func:`solve`,
:func:`check`, :func:`generate`, :func:`render`; the exact search on a :class:`Graph` is
:func:`solve_graph`.

>>> from escapology.nemesis import load, solve, check
>>> inst = load("edge(s,a). edge(a,x). edge(a,y). exit(x). exit(y). start(s).")
>>> r = solve(inst)
>>> r.winner, check(inst, r.certificate).ok
('fugitive', True)
"""

from escapology.nemesis.cat import CatSearch, cat_numbers, cat_value
from escapology.nemesis.checker import check_strategy
from escapology.nemesis.escape_tree import check_escape_tree, find_escape_tree, tree_strategy
from escapology.nemesis.exact import Search, SolveResult, plain_winner, winning_starts
from escapology.nemesis.exact import solve as solve_graph
from escapology.nemesis.generator import grid, random_graph, random_subcubic, random_tree
from escapology.nemesis.io import detect, format_instance, load_instance, parse_instance, read_graph_file
from escapology.nemesis.linear import (
    NotApplicable,
    blizzard_winner,
    blizzard_winning_set,
    simplify,
    subcubic_winner,
    tree_winner,
)
from escapology.nemesis.model import Graph, Instance
from escapology.nemesis.reductions import (
    lsat_to_escape_tree,
    merge_exits,
    nemesis_to_cat,
    parse_dimacs,
    two_exits,
)

# the protocol last: `render` must name the function, not the submodule render.py (imported
# first, so that a later `from escapology.nemesis.render import ...` does not rebind the name)
from escapology.nemesis.render import text_board  # noqa: E402
from escapology.nemesis.api import Result, check, generate, load, render, solve

__all__ = [
    "Result", "check", "generate", "load", "render", "solve", "solve_graph",
    "CatSearch", "cat_numbers", "cat_value", "check_strategy", "check_escape_tree", "find_escape_tree",
    "tree_strategy", "Search", "SolveResult", "plain_winner", "winning_starts", "grid",
    "random_graph", "random_subcubic", "random_tree", "detect", "format_instance", "load_instance",
    "parse_instance", "read_graph_file", "NotApplicable", "blizzard_winner", "blizzard_winning_set",
    "simplify", "subcubic_winner", "tree_winner", "Graph", "Instance", "lsat_to_escape_tree",
    "merge_exits", "nemesis_to_cat", "parse_dimacs", "two_exits",
]
