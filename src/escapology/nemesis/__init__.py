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

from escapology.core.lazy import lazy_package

# imported on first use (the command line and `import escapology.nemesis` stay light)
__getattr__, __dir__ = lazy_package(__name__, {
    ".cat": ["CatSearch", "cat_numbers", "cat_value"],
    ".checker": ["check_strategy"],
    ".escape_tree": ["check_escape_tree", "find_escape_tree", "tree_condition", "tree_strategy"],
    ".exact": {"Search": "Search", "SolveResult": "SolveResult", "plain_winner": "plain_winner", "winning_starts": "winning_starts", "solve_graph": "solve"},
    ".generator": ["grid", "random_graph", "random_subcubic", "random_tree"],
    ".io": ["detect", "format_instance", "load_instance", "parse_instance", "read_graph_file"],
    ".linear": ["NotApplicable", "blizzard_trap_region", "blizzard_winner", "blizzard_winning_set", "simplify",
                "subcubic_winner", "tree_winner"],
    ".model": ["Graph", "Instance"],
    ".reductions": ["lsat_to_escape_tree", "merge_exits", "nemesis_to_cat", "parse_dimacs", "two_exits",
                    "escape_tree_theorem3", "multigraph_to_simple", "nemesis_to_cat_corollary6", "pmr3sat_to_nemesis",
                    "qsat_to_multigraph", "two_exits_theorem9"],
    ".render": ["text_board"],
    ".api": ["Result", "check", "generate", "load", "render", "solve"],
}, deprecated={"load_instance": f"{__name__}.load"})

__all__ = [
    "Result", "check", "generate", "load", "render", "solve", "solve_graph",
    "CatSearch", "cat_numbers", "cat_value", "check_strategy", "check_escape_tree", "find_escape_tree",
    "tree_condition", "tree_strategy", "blizzard_trap_region", "Search", "SolveResult", "plain_winner", "winning_starts", "grid",
    "random_graph", "random_subcubic", "random_tree", "detect", "format_instance", "load_instance",
    "parse_instance", "read_graph_file", "NotApplicable", "blizzard_winner", "blizzard_winning_set",
    "simplify", "subcubic_winner", "tree_winner", "Graph", "Instance", "lsat_to_escape_tree",
    "merge_exits", "nemesis_to_cat", "parse_dimacs", "two_exits",
    "escape_tree_theorem3", "multigraph_to_simple", "nemesis_to_cat_corollary6", "pmr3sat_to_nemesis",
    "qsat_to_multigraph", "two_exits_theorem9",
]
