"""Enchanted Forest (Schwahn and Thielen, "The Complexity of Escaping Labyrinths and Enchanted
Forests", FUN 2018, §3): fewest turns with known dice (Theorem 6), best move with unknown dice.

The protocol of every game (:mod:`escapology.core.protocol`): :func:`load`, :func:`solve`,
:func:`check`, :func:`generate`, :func:`render`; the frontier solver's own answer is
:func:`solve_frontier`, unknown dice are :class:`Odds`. The certificate of ``solve`` is a
:class:`Plan` (:mod:`.certificate`).

>>> from escapology.forest import Board, Instance, solve, check
>>> b = Board.from_edges([(0, 1), (1, 2), (2, 3), (3, 0), (2, 4)], special=[4])
>>> inst = Instance(b, start=0, target=4, rolls=((1, 2), (2, 1)))
>>> result = solve(inst)
>>> result.turns, check(inst, result.certificate).ok
(1, True)
"""

import warnings

import lazy_loader

# imported on first use (PEP 562, lazy_loader): `import escapology.forest` and the command line stay light
_getattr, __dir__, _ = lazy_loader.attach(__name__, submod_attrs={
    "asp": ["solve_asp"],
    "certificate": ["Plan", "PlanTurn", "Repeat"],
    "checker": ["check_fewest", "check_plan"],
    "dice": ["Odds", "monte_carlo"],
    "generator": ["grid_forest", "random_board"],
    "io": ["instance_to_facts", "parse_instance", "read_map_xml"],
    "matrix": ["solve_matrix"],
    "model": ["Board", "Instance", "Turn"],
    "plan": ["Solution", "plan_from_json", "solution_to_json"],
    "drawing": ["render_svg", "text_board"],
    "simulate": ["solve_simulation"],
    "solver": ["solve_frontier"],
    "walks": ["WalkEngine"],
    "api": ["Result", "check", "generate", "load", "render", "solve"],
})


def __getattr__(name: str) -> object:
    """The package's names, imported on first use; ``load_instance`` (replaced by :func:`load`)
    is kept for one release and warns."""
    if name == "load_instance":
        warnings.warn(f"{__name__}.load_instance is deprecated: use {__name__}.load", DeprecationWarning, stacklevel=2)
        from escapology.forest.io import load_instance  # the deprecated name: resolved when asked for

        return load_instance
    return _getattr(name)


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
    "Plan",
    "PlanTurn",
    "Repeat",
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
