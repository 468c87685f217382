"""Enchanted Forest (Schwahn and Thielen, "The Complexity of Escaping Labyrinths and Enchanted
Forests", FUN 2018, §3): fewest turns with known dice (Theorem 6), best move with unknown dice.

The protocol of every game (:mod:`escapology.core.protocol`): :func:`load`, :func:`solve`,
:func:`check`, :func:`generate`, :func:`render`; the frontier solver's own answer is
:func:`solve_frontier`, unknown dice are :class:`Odds`.

>>> from escapology.forest import Board, Instance, solve, check
>>> b = Board.from_edges([(0, 1), (1, 2), (2, 3), (3, 0), (2, 4)], special=[4])
>>> inst = Instance(b, start=0, target=4, rolls=((1, 2), (2, 1)))
>>> result = solve(inst)
>>> result.turns, check(inst, result.certificate).ok
(1, True)
"""

from escapology.core.lazy import lazy_package

# imported on first use (the command line and `import escapology.forest` stay light)
__getattr__, __dir__ = lazy_package(__name__, {
    ".asp": ["solve_asp"],
    ".checker": ["check_fewest", "check_plan"],
    ".dice": ["Odds", "monte_carlo"],
    ".generator": ["grid_forest", "random_board"],
    ".io": ["instance_to_facts", "load_instance", "parse_instance", "read_map_xml"],
    ".matrix": ["solve_matrix"],
    ".model": ["Board", "Instance"],
    ".plan": ["Solution", "Turn", "plan_from_json", "solution_to_json"],
    ".render": ["render_svg", "text_board"],
    ".simulate": ["solve_simulation"],
    ".solver": {"solve_frontier": "solve"},
    ".walks": ["WalkEngine"],
    ".api": ["Result", "check", "generate", "load", "render", "solve"],
}, deprecated={"load_instance": f"{__name__}.load"})

__all__ = [
    "Result",
    "check",
    "generate",
    "load",
    "render",
    "solve_frontier",
    "Board",
    "Instance",
    "Odds",
    "Solution",
    "Turn",
    "WalkEngine",
    "check_fewest",
    "check_plan",
    "grid_forest",
    "instance_to_facts",
    "load_instance",
    "monte_carlo",
    "parse_instance",
    "plan_from_json",
    "random_board",
    "read_map_xml",
    "render_svg",
    "solution_to_json",
    "solve",
    "solve_asp",
    "solve_matrix",
    "solve_simulation",
    "text_board",
]
