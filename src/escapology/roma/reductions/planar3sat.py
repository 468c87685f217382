"""``escapology reduce roma-planar3sat``: a 3-CNF in, a Roma puzzle out whose number of solutions is
the formula's number of models (Theorems 2 and 10 of the paper, parsimonious; the crossing-free
design of ``../shared/designs/roma-crossing-free-reduction.md``, built anew, with Lichtenstein's
crossover for the formulas that need it).

The formula side is :mod:`.layout` (variables on one line, clauses above and below without
crossings, made monotone by copies), the board side :mod:`.board` with the pieces of
:mod:`.gadgets`; each module proves its step. A formula whose incidence graph is not planar (or
that has no drawing with one slot per variable even after a split) is first routed by
:mod:`.crossings`: each crossing of two clauses becomes Lichtenstein's crossover drawn on the line
as a swap, which keeps the number of models. Every step keeps the number of models, so the count
of the board is the count of the input.

**Limits** (refused with :class:`~escapology.core.errors.InputError`, exit 2): at most
:data:`MAX_VARIABLES` variables, clauses of at most three literals, at most
:data:`~.crossings.MAX_SWAPS` swaps, and a board within what every Roma reader takes
(:func:`escapology.roma.io.size_problem`: at most :data:`~escapology.roma.io.MAX_CELLS` cells),
checked before the board is drawn.

>>> text, facts = reduce_text("p cnf 2 1\\n1 -2 0\\n", command="escapology reduce roma-planar3sat f.cnf")
>>> text.splitlines()[:2]
['# escapology reduce roma-planar3sat f.cnf', '# its number of solutions is the number of models of the formula (2 variables, 1 clause)']
>>> facts["rows"], facts["cols"], facts["swaps"]
(12, 20, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import networkx as nx

from escapology.core.dimacs import read_dimacs
from escapology.core.errors import InputError
from escapology.core.wording import plural
from escapology.roma.io import encode_url, format_text, size_problem
from escapology.roma.model import Puzzle
from escapology.roma.reductions.board import BLOCK, board_size, build_board
from escapology.roma.reductions.crossings import route
from escapology.roma.reductions.layout import LineFormula, monotone_copies, monotone_line
from escapology.roma.reductions.planarize import normalise_clauses

#: The most variables of a formula (the order searches try up to 8! orders).
MAX_VARIABLES = 8
#: The most literals in a clause.
MAX_CLAUSE_LENGTH = 3


@dataclass(frozen=True)
class Reduction:
    """The puzzle, the line formula it was drawn from, the formula it encodes, and the swaps
    (crossovers) its drawing needed."""

    puzzle: Puzzle
    line: LineFormula
    n_vars: int
    clauses: list[list[int]]
    swaps: int = 0


def planar3sat_to_roma(n_vars: int, clauses: list[list[int]], *, max_cells: int | None = None) -> Reduction:
    """The Roma puzzle of a CNF (see the module docstring); :class:`InputError` beyond the limits.
    ``max_cells`` (the benchmark's, to measure boards the readers refuse) replaces
    :data:`~escapology.roma.io.MAX_CELLS` for the board's size."""
    if n_vars > MAX_VARIABLES:
        raise InputError(f"{n_vars} variables: roma-planar3sat takes at most {MAX_VARIABLES}")
    long = next((cl for cl in clauses if len(cl) > MAX_CLAUSE_LENGTH), None)
    if long is not None:
        raise InputError(f"the clause {' '.join(map(str, long))} has {len(long)} literals: "
                         f"roma-planar3sat takes a 3-CNF")
    cls = [list(c) for c in dict.fromkeys(tuple(sorted(c, key=abs)) for c in normalise_clauses(clauses))]
    occurrences = sum(len(c) for c in cls)
    # every literal is a leg: five columns each, on a board at least 12 rows high
    if (problem := size_problem(12, 4 * n_vars + BLOCK * occurrences)) is not None:
        raise InputError(f"{len(cls)} clauses with {occurrences} literals need a board with at least "
                         f"{BLOCK} columns per literal: {problem}")
    swaps = 0
    try:
        if not _planar(n_vars, cls):
            raise InputError("not planar")
        line = monotone_line(n_vars, cls)
    except InputError:  # no drawing with one slot per variable: route the crossings through swaps
        d = route(n_vars, cls)
        line, swaps = monotone_copies(d.order, d.clauses, d.pages), d.swaps
    rows, cols = board_size(line)
    if (problem := size_problem(rows, cols, max_cells)) is not None:
        raise InputError(f"the board would be {rows}x{cols}"
                         + (f" with {swaps} crossover{'s' if swaps != 1 else ''}" if swaps else "")
                         + f": {problem}, what every Roma reader takes")
    puzzle = build_board(line).puzzle
    return Reduction(puzzle, line, n_vars, cls, swaps)


def _planar(n_vars: int, clauses: list[list[int]]) -> bool:
    """Whether the formula's incidence graph is planar (else it has no drawing without crossovers:
    a drawing is a planar embedding of the incidence graph)."""
    g = nx.Graph()
    g.add_nodes_from(("x", v) for v in range(1, n_vars + 1))
    g.add_edges_from((("x", abs(lit)), ("c", j)) for j, cl in enumerate(clauses) for lit in cl)
    return bool(nx.check_planarity(g)[0])


def reduce_text(text: str, *, file: str | None = None, command: str) -> tuple[str, dict[str, Any]]:
    """The registry's entry (:mod:`escapology.core.reductions`): DIMACS CNF in, the Roma text grid
    (its first line the command, its second what the count means) and its facts out."""
    n, clauses = read_dimacs(text, file=file)
    try:
        red = planar3sat_to_roma(n, clauses)
    except InputError as exc:
        raise exc.with_file(file) from None
    p = red.puzzle
    header = (f"# {command}\n# its number of solutions is the number of models of the formula "
              f"({plural(n, 'variable')}, {plural(len(clauses), 'clause')})\n")
    return header + format_text(p) + "\n", {
        "rows": p.rows, "cols": p.cols, "slots": red.line.n_slots, "swaps": red.swaps, "url": encode_url(p),
        "summary": f"Roma board {p.rows}x{p.cols} ({red.line.n_slots} variables on the line"
                   + (f", {plural(red.swaps, 'crossover')}" if red.swaps else "")
                   + "): its number of solutions ('escapology roma count') is the number of models of the formula",
    }
