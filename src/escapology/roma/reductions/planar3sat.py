"""``escapology reduce roma-planar3sat``: a 3-CNF in, a Roma puzzle out whose number of solutions is
the formula's number of models (Theorems 2 and 10 of the paper, parsimonious; the crossing-free
design of ``../shared/designs/roma-crossing-free-reduction.md``, built anew).

The formula side is :mod:`.layout` (variables on one line, clauses above and below without
crossings, made monotone by copies), the board side :mod:`.board` with the pieces of
:mod:`.gadgets`; each module proves its step. Formulas whose incidence graph is not planar have no
such drawing and would need Lichtenstein's crossover on the line, which is not built: they are
refused (docs/roma.md says why and what it would cost).

**Limits** (refused with :class:`~escapology.core.errors.InputError`, exit 2): at most
:data:`MAX_VARIABLES` variables, clauses of at most three literals, and a board of at most
:data:`~escapology.roma.io.MAX_SIDE` rows and columns (what every Roma reader takes).

>>> text, facts = reduce_text("p cnf 2 1\\n1 -2 0\\n", command="escapology reduce roma-planar3sat f.cnf")
>>> text.splitlines()[:2]
['# escapology reduce roma-planar3sat f.cnf', '# its number of solutions is the number of models of the formula (2 variables, 1 clause)']
>>> facts["rows"], facts["cols"]
(12, 20)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import networkx as nx

from escapology.core.dimacs import read_dimacs
from escapology.core.errors import InputError
from escapology.core.wording import plural
from escapology.roma.io import MAX_SIDE, encode_url, format_text
from escapology.roma.model import Puzzle
from escapology.roma.reductions.board import BLOCK, build_board
from escapology.roma.reductions.layout import LineFormula, monotone_line
from escapology.roma.reductions.planarize import normalise_clauses

#: The most variables of a formula (the order search tries up to 8! orders).
MAX_VARIABLES = 8
#: The most literals in a clause.
MAX_CLAUSE_LENGTH = 3


@dataclass(frozen=True)
class Reduction:
    """The puzzle, the line formula it was drawn from, and the formula it encodes."""

    puzzle: Puzzle
    line: LineFormula
    n_vars: int
    clauses: list[list[int]]


def planar3sat_to_roma(n_vars: int, clauses: list[list[int]]) -> Reduction:
    """The Roma puzzle of a CNF (see the module docstring); :class:`InputError` beyond the limits
    or when the incidence graph is not planar."""
    if n_vars > MAX_VARIABLES:
        raise InputError(f"{n_vars} variables: roma-planar3sat takes at most {MAX_VARIABLES}")
    long = next((cl for cl in clauses if len(cl) > MAX_CLAUSE_LENGTH), None)
    if long is not None:
        raise InputError(f"the clause {' '.join(map(str, long))} has {len(long)} literals: "
                         f"roma-planar3sat takes a 3-CNF")
    cls = [list(c) for c in dict.fromkeys(tuple(sorted(c, key=abs)) for c in normalise_clauses(clauses))]
    occurrences = sum(len(c) for c in cls)
    if 4 * n_vars + BLOCK * occurrences > MAX_SIDE:
        raise InputError(f"{len(cls)} clauses with {occurrences} literals need a board wider than "
                         f"{MAX_SIDE} columns (at least {BLOCK} per literal), the most a Roma reader takes")
    _require_planar(n_vars, cls)
    line = monotone_line(n_vars, cls)
    puzzle = build_board(line).puzzle
    if puzzle.rows > MAX_SIDE or puzzle.cols > MAX_SIDE:
        raise InputError(f"the board would be {puzzle.rows}x{puzzle.cols}: a Roma reader takes at most "
                         f"{MAX_SIDE} rows and columns")
    return Reduction(puzzle, line, n_vars, cls)


def _require_planar(n_vars: int, clauses: list[list[int]]) -> None:
    """Refuse a formula whose incidence graph is not planar (no line drawing exists: a drawing is
    a planar embedding of the incidence graph)."""
    g = nx.Graph()
    g.add_nodes_from(("x", v) for v in range(1, n_vars + 1))
    g.add_edges_from((("x", abs(lit)), ("c", j)) for j, cl in enumerate(clauses) for lit in cl)
    if not nx.check_planarity(g)[0]:
        raise InputError("the formula's incidence graph is not planar: it needs Lichtenstein's crossovers "
                         "on the variable line, which roma-planar3sat does not build (docs/roma.md)")


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
        "rows": p.rows, "cols": p.cols, "slots": red.line.n_slots, "url": encode_url(p),
        "summary": f"Roma board {p.rows}x{p.cols} ({red.line.n_slots} variables on the line): its number of "
                   "solutions ('escapology roma count') is the number of models of the formula",
    }
