"""Teleport chess (Alice and Bob, one turn each): exact win/draw/loss for boards up to 100,000².

The protocol of every game (:mod:`escapology.core.protocol`): :func:`load`, :func:`solve`,
:func:`check`, :func:`generate`, :func:`render`; the checker's list of errors is :func:`violations`.

>>> from escapology.chess import Instance, solve, check
>>> inst = Instance(4, (1, 4), (2, 2), ((1, 0), (0, 1), (1, 1), (-1, -1)))
>>> sol = solve(inst)
>>> sol.outcome.value, check(inst, sol.to_json()).ok
('draw', True)
"""

import lazy_loader

# imported on first use (PEP 562, lazy_loader): `import escapology.<pkg>` and the command line stay light
__getattr__, __dir__, _ = lazy_loader.attach(__name__, submod_attrs={
    "checker": ["violations"],
    "draw": ["covered_in_row", "find_safe_field", "reach_bound"],
    "generator": ["KINDS"],
    "io": ["detect", "format_instance", "parse_instance", "read_instance"],
    "model": ["MAX_N", "MIN_N", "Instance", "Outcome", "Witness"],
    "reach": ["Path", "find_path", "reaches"],
    "drawing": ["render_svg", "text_board"],
    "slides": ["solve_bruteforce", "solve_montecarlo"],
    "solver": ["Solution", "explain"],
    "api": ["Result", "check", "generate", "load", "render", "solve"],
})

__all__ = [
    "Instance",
    "Outcome",
    "Witness",
    "Path",
    "Result",
    "Solution",
    "MIN_N",
    "MAX_N",
    "KINDS",
    "parse_instance",
    "read_instance",
    "format_instance",
    "detect",
    "find_path",
    "reaches",
    "find_safe_field",
    "covered_in_row",
    "reach_bound",
    "solve",
    "explain",
    "check",
    "violations",
    "generate",
    "load",
    "render",
    "solve_bruteforce",
    "solve_montecarlo",
    "render_svg",
    "text_board",
]
