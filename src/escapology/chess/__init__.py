"""Teleport chess (Alice and Bob, one turn each): exact win/draw/loss for boards up to 100,000².

>>> from escapology.chess import Instance, solve, check
>>> inst = Instance(4, (1, 4), (2, 2), ((1, 0), (0, 1), (1, 1), (-1, -1)))
>>> sol = solve(inst)
>>> sol.outcome.value, check(inst, sol.to_json())
('draw', [])
"""

from escapology.chess.checker import check
from escapology.chess.draw import covered_in_row, find_safe_field, reach_bound
from escapology.chess.generator import KINDS, generate
from escapology.chess.io import detect, format_instance, parse_instance, read_instance
from escapology.chess.model import MAX_N, MIN_N, Instance, Outcome
from escapology.chess.reach import Path, find_path, reaches
from escapology.chess.render import render_svg, text_board
from escapology.chess.slides import solve_bruteforce, solve_montecarlo
from escapology.chess.solver import Solution, explain, solve

__all__ = [
    "Instance",
    "Outcome",
    "Path",
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
    "generate",
    "solve_bruteforce",
    "solve_montecarlo",
    "render_svg",
    "text_board",
]
