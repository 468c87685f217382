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

from escapology.forest.asp import solve_asp
from escapology.forest.checker import check_fewest, check_plan
from escapology.forest.dice import Odds, monte_carlo
from escapology.forest.generator import grid_forest, random_board
from escapology.forest.io import instance_to_facts, load_instance, parse_instance, read_map_xml
from escapology.forest.matrix import solve_matrix
from escapology.forest.model import Board, Instance
from escapology.forest.plan import Solution, Turn, plan_from_json, solution_to_json
from escapology.forest.render import render_svg, text_board
from escapology.forest.simulate import solve_simulation
from escapology.forest.solver import solve as solve_frontier
from escapology.forest.walks import WalkEngine

# the protocol last: `render` must name the function, not the submodule render.py
from escapology.forest.api import Result, check, generate, load, render, solve

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
