"""Nemesis, Blizzard and Cat Herding: escape while the opponent deletes edges.

Source: P. Bergé, A. Dailly, Y. Gerard, "Nemesis, an Escape Game in Graphs", FUN 2026;
Cat Herding after Ashmore, Dyer, Marbach, Milley.

>>> from escapology.nemesis import parse_instance, solve, check_strategy
>>> inst = parse_instance("edge(s,a). edge(a,x). edge(a,y). exit(x). exit(y). start(s).")
>>> g = inst.graph()
>>> r = solve(g)
>>> r.winner, check_strategy(g, "nemesis", g.start, r.strategy)[0]
('fugitive', True)
"""

from escapology.nemesis.cat import CatSearch, cat_numbers, cat_value
from escapology.nemesis.checker import check_strategy
from escapology.nemesis.escape_tree import check_escape_tree, find_escape_tree, tree_strategy
from escapology.nemesis.exact import Search, SolveResult, plain_winner, solve, winning_starts
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

__all__ = [
    "CatSearch", "cat_numbers", "cat_value", "check_strategy", "check_escape_tree", "find_escape_tree",
    "tree_strategy", "Search", "SolveResult", "plain_winner", "solve", "winning_starts", "grid",
    "random_graph", "random_subcubic", "random_tree", "detect", "format_instance", "load_instance",
    "parse_instance", "read_graph_file", "NotApplicable", "blizzard_winner", "blizzard_winning_set",
    "simplify", "subcubic_winner", "tree_winner", "Graph", "Instance", "lsat_to_escape_tree",
    "merge_exits", "nemesis_to_cat", "parse_dimacs", "two_exits",
]
