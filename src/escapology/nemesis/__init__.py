"""Nemesis, Blizzard and Cat Herding: escape while the opponent deletes edges.

Source: P. Bergé, A. Dailly, Y. Gerard, "Nemesis, an Escape Game in Graphs", FUN 2026;
Cat Herding after Ashmore, Dyer, Marbach, Milley.

The protocol of every game (:mod:`escapology.core.protocol`): :func:`load`, :func:`solve`,
:func:`check`, :func:`generate`, :func:`render`; the exact search on a :class:`Graph` is
:func:`solve_graph`. The code is in rooms by role: ``engines/`` (the searches and the linear
methods), ``checkers/`` (the independent checkers, which import no engine), ``strategy/`` (the
strategy documents and the other certificates), ``reductions/`` (the paper's reductions); see "Code
map" in ``docs/nemesis.md``.

``Result.certificate`` is typed (:data:`Certificate`): the winner's :class:`Strategy`, Cat
Herding's :class:`CatCertificate` (the herder's and the cat's :class:`HerdingStrategy`), its
:class:`HerderBound` (``solve(..., exceeds=K)`` answering no) or Blizzard's :class:`TrapRegion`,
each with ``to_json``/``from_json``.

>>> from escapology.nemesis import Strategy, load, solve, check
>>> inst = load("edge(s,a). edge(a,x). edge(a,y). exit(x). exit(y). start(s).")
>>> r = solve(inst)
>>> r.winner, check(inst, r.certificate).ok
('fugitive', True)
>>> Strategy.from_json(r.to_json()["certificate"]) == r.certificate
True
"""

import warnings

import lazy_loader

# imported on first use (PEP 562, lazy_loader): `import escapology.nemesis` and the command line stay light
_lazy_getattr, _lazy_dir, _ = lazy_loader.attach(__name__, submod_attrs={
    "api": ["Result", "check", "generate", "load", "render", "solve"],
    "model": ["Graph", "Instance"],
    "strategy.document": ["Strategy", "StrategyFormatError"],
    "strategy.certificate": ["CatCertificate", "Certificate", "HerderBound", "HerdingStrategy", "TrapRegion",
                             "certificate_from_json"],
    "io": ["detect", "format_instance", "load_instance", "parse_instance", "read_graph_file"],
    "generator": ["grid", "random_graph", "random_subcubic", "random_tree"],
    "drawing": ["text_board"],
    "engines.exact": ["SolveResult", "solve_graph", "winning_starts"],
    "engines.exact_python": ["Search", "plain_winner"],
    "engines.cat": ["CatSearch", "cat_numbers", "cat_value"],
    "engines.cat_threshold": ["ThresholdAnswer", "cat_exceeds"],
    "engines.escape_tree": ["find_escape_tree", "tree_condition", "tree_strategy"],
    "engines.linear": ["NotApplicable", "blizzard_trap_region", "blizzard_winner", "blizzard_winning_set", "simplify",
                       "subcubic_winner", "tree_winner"],
    "checkers.check": ["check_strategy"],
    "checkers.escape_tree": ["check_escape_tree"],
    "reductions": ["lsat_to_escape_tree", "merge_exits", "nemesis_to_cat", "parse_dimacs", "two_exits",
                   "escape_tree_theorem3", "multigraph_to_simple", "nemesis_to_cat_corollary6", "pmr3sat_to_nemesis",
                   "qsat_to_multigraph", "two_exits_theorem9"],
})

#: names kept for one release, and what replaces them: taking one from the package warns (once, then
#: it is cached); the modules keep the function without a warning, and ``dir()`` does not list them
DEPRECATED = {"load_instance": f"{__name__}.load"}


def __getattr__(name: str) -> object:
    value = _lazy_getattr(name)
    if name in DEPRECATED:
        warnings.warn(f"{__name__}.{name} is deprecated: use {DEPRECATED[name]}", DeprecationWarning, stacklevel=2)
    return value


def __dir__() -> list[str]:
    return [name for name in _lazy_dir() if name not in DEPRECATED]


__all__ = [
    "Result", "Certificate", "Strategy", "StrategyFormatError", "CatCertificate", "HerderBound", "HerdingStrategy",
    "TrapRegion",
    "certificate_from_json", "check", "generate", "load", "render", "solve", "solve_graph",
    "CatSearch", "cat_numbers", "cat_value", "ThresholdAnswer", "cat_exceeds",
    "check_strategy", "check_escape_tree", "find_escape_tree",
    "tree_condition", "tree_strategy", "blizzard_trap_region", "Search", "SolveResult", "plain_winner", "winning_starts", "grid",
    "random_graph", "random_subcubic", "random_tree", "detect", "format_instance", "load_instance",
    "parse_instance", "read_graph_file", "NotApplicable", "blizzard_winner", "blizzard_winning_set",
    "simplify", "subcubic_winner", "tree_winner", "Graph", "Instance", "lsat_to_escape_tree",
    "merge_exits", "nemesis_to_cat", "parse_dimacs", "two_exits",
    "escape_tree_theorem3", "multigraph_to_simple", "nemesis_to_cat_corollary6", "pmr3sat_to_nemesis",
    "qsat_to_multigraph", "two_exits_theorem9",
]
