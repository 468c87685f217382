"""Roma (Rome, ろーま): the arrow puzzle in which every path leads to Rome.

Goergen, Fernau, Oest, Wolf, "All Paths Lead to Rome" (2022): completing a board is NP-complete,
counting completions #P-complete, the fewest preset arrows for uniqueness Sigma_2^P-complete
(Theorem 11), and a 2^O(n) row-sweep dynamic programme over Catalan structures (Theorem 13).

The protocol of every game (:mod:`escapology.core.protocol`): :func:`load`, :func:`solve`,
:func:`check`, :func:`generate`, :func:`render`. The engines under their own names:
:func:`solve_sat` (the SAT answer), :func:`violations` (every broken rule), :func:`generate_puzzle`
(with grade and minimality), :func:`render_file` (write a picture).

>>> from escapology.roma import load, solve, check
>>> p = load("https://puzz.link/p?roma/3/3/70og4a322c5")
>>> r = solve(p)
>>> r.unique, r.certificate, check(p, r.certificate).ok
(True, ('>v<', 'vv^', '>>O'), True)
"""

import lazy_loader

# imported on first use (PEP 562, lazy_loader): `import escapology.<pkg>` and the command line stay light
__getattr__, __dir__, _ = lazy_loader.attach(__name__, submod_attrs={
    "bruteforce": ["all_solutions"],
    "checker": ["Violation", "is_solution", "violations"],
    "dp": ["count_dp"],
    "generator": ["Generated", "generate_puzzle"],
    "grade": ["grade"],
    "graph": ["GraphRoma", "solve_graph"],
    "hints": ["HintResult", "RedundantGivens", "minimal_hints", "minimal_hints_any", "redundant_givens"],
    "branch": ["count_branch", "solve_branch"],
    "boards": ["format_graph_facts", "hex_board", "tri_board"],
    "io": ["Entry", "decode_rome", "decode_url", "encode_url", "format_facts", "format_text", "read_facts", "read_puzzles", "read_pzprv3", "read_text", "write_pzprv3"],
    "model": ["Arrows", "DIRECTIONS", "GOAL", "Puzzle", "Solution"],
    "drawing": ["render_file", "render_svg", "text_board"],
    "sat": ["RomaSat", "SolveResult", "count", "solve_sat"],
    "api": ["GraphResult", "Result", "check", "generate", "load", "render", "solve", "split"],
})

__all__ = [
    "Arrows", "DIRECTIONS", "GOAL", "Entry", "Generated", "GraphResult", "GraphRoma", "HintResult", "Puzzle", "RedundantGivens",
    "Result", "count_branch", "format_graph_facts", "hex_board", "redundant_givens", "solve_branch", "tri_board",
    "RomaSat", "Solution", "SolveResult", "Violation", "all_solutions", "check", "count", "count_dp",
    "decode_url", "encode_url", "format_facts", "format_text", "generate", "generate_puzzle", "grade",
    "is_solution", "load", "minimal_hints", "minimal_hints_any", "decode_rome", "read_facts", "read_puzzles",
    "read_pzprv3", "read_text", "render", "render_file", "render_svg", "solve", "solve_graph", "solve_sat", "split",
    "text_board", "violations", "write_pzprv3",
]
