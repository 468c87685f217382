"""Roma (Rome, ろーま): the arrow puzzle in which every path leads to Rome.

Goergen, Fernau, Oest, Wolf, "All Paths Lead to Rome" (2022): completing a board is NP-complete,
counting completions #P-complete, the fewest preset arrows for uniqueness Sigma_2^P-complete
(Theorem 11), and a 2^O(n) row-sweep dynamic programme over Catalan structures (Theorem 13).

>>> from escapology.roma import decode_url, solve, check
>>> p = decode_url("https://puzz.link/p?roma/3/3/70og4a322c5")
>>> r = solve(p)
>>> r.unique, r.solution, check(p, r.solution)
(True, ('>v<', 'vv^', '>>O'), [])
"""

from escapology.roma.bruteforce import all_solutions
from escapology.roma.checker import Violation, check, is_solution
from escapology.roma.dp import count_dp
from escapology.roma.generator import Generated, generate
from escapology.roma.grade import grade
from escapology.roma.graph import GraphRoma, solve_graph
from escapology.roma.hints import HintResult, minimal_hints, minimal_hints_any
from escapology.roma.io import (
    Entry,
    decode_rome,
    decode_url,
    encode_url,
    format_facts,
    format_text,
    read_facts,
    read_puzzles,
    read_pzprv3,
    read_text,
    write_pzprv3,
)
from escapology.roma.model import DIRECTIONS, GOAL, Puzzle, Solution
from escapology.roma.render import render, render_svg, text_board
from escapology.roma.sat import RomaSat, SolveResult, count, solve

__all__ = [
    "DIRECTIONS", "GOAL", "Entry", "Generated", "GraphRoma", "HintResult", "Puzzle", "RomaSat",
    "Solution", "SolveResult", "Violation", "all_solutions", "check", "count", "count_dp",
    "decode_url", "encode_url", "format_facts", "format_text", "generate", "grade", "is_solution",
    "minimal_hints", "minimal_hints_any", "decode_rome", "read_facts", "read_puzzles", "read_pzprv3", "read_text", "render",
    "render_svg", "solve", "solve_graph", "text_board", "write_pzprv3",
]
