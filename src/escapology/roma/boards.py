"""Triangular and hexagonal Roma boards (Goergen et al., Section 5): "instead of taking quadratic
cells (and hence four directions for the arrows), one could also think of triangular cells
(hence, three directions for the arrows) or hexagonal cells (with six directions for the
arrows); the box conditions would have to be adapted, too."

Both are built as generalized Roma instances (:class:`~escapology.roma.graph.GraphRoma`): a
vertex per cell, an arc to each edge-neighbour coloured by its direction, boxes of cells, the
goals as Roma vertices and the given arrows as hints. So the SAT engine solves and counts them
(:func:`~escapology.roma.graph.solve_graph`, :func:`~escapology.roma.graph.count_graph`), the
independent checker checks them (:func:`~escapology.roma.graph.is_graph_solution`), and
:func:`format_graph_facts` writes the facts ``escapology roma graph`` reads.

**Box rule.** As on the square board: no direction twice in a box, the directions being the
board's own (three per triangle, six per hexagon). Boxes are the connected groups of equal
labels, connected along the board's own adjacency; a hexagonal box may hold up to six cells, a
triangular one up to four (two triangles of each orientation share only the left and right
directions).

**Triangular board** (``rows x cols`` triangles in rows): cell ``(r, c)`` points up (▲) when
``r + c`` is even, down (▼) otherwise; a ▲ shares its edges with its left and right neighbours
and with the ▼ below it, a ▼ with its left and right neighbours and the ▲ above it. Arrows:
``<`` ``>`` and ``v`` (▲) or ``^`` (▼).

**Hexagonal board** (rows of hexagons, odd rows shifted right by half a cell, "odd-r"): the six
directions are written ``1``..``6`` clockwise from north-east: ``1`` NE, ``2`` E, ``3`` SE,
``4`` SW, ``5`` W, ``6`` NW.

In both, ``.`` is an empty cell and ``O`` a goal.

>>> from escapology.roma.graph import count_graph, solve_graph
>>> tri = tri_board(["AB"], [".O"])            # a ▲ next to a goal (a ▼)
>>> solve_graph(tri)
{(0, 0): (0, 1)}
>>> hexa = hex_board(["CAA", "ABA", "DAA"], ["...", ".O.", "..."])  # a goal ringed by one box
>>> count_graph(hexa) > 0
True
"""

from __future__ import annotations

from typing import Callable, Hashable, Sequence

import networkx as nx

from escapology.core.errors import InputError
from escapology.core.facts import format_fact
from escapology.roma.graph import GraphRoma
from escapology.roma.model import COORDINATES

Cell = tuple[int, int]

#: Hexagonal directions ("odd-r" offset rows): code -> (name, row step, column step on an even
#: row, column step on an odd row).
HEX_DIRECTIONS: dict[str, tuple[str, int, int, int]] = {
    "1": ("NE", -1, 0, 1), "2": ("E", 0, 1, 1), "3": ("SE", 1, 0, 1),
    "4": ("SW", 1, -1, 0), "5": ("W", 0, -1, -1), "6": ("NW", -1, -1, 0),
}
#: Triangular directions: code -> (row step, column step); ``v`` only from a ▲, ``^`` only from a ▼.
TRI_DIRECTIONS: dict[str, tuple[int, int]] = {"<": (0, -1), ">": (0, 1), "v": (1, 0), "^": (-1, 0)}

MAX_SIDE = 200


def tri_neighbours(rows: int, cols: int) -> Callable[[Cell], dict[str, Cell]]:
    """The edge-neighbours of a triangle by direction."""

    def nb(cell: Cell) -> dict[str, Cell]:
        r, c = cell
        up = (r + c) % 2 == 0
        out = {}
        for d, (dr, dc) in TRI_DIRECTIONS.items():
            if (d == "v" and not up) or (d == "^" and up):
                continue
            r2, c2 = r + dr, c + dc
            if 0 <= r2 < rows and 0 <= c2 < cols:
                out[d] = (r2, c2)
        return out

    return nb


def hex_neighbours(rows: int, cols: int) -> Callable[[Cell], dict[str, Cell]]:
    """The neighbours of a hexagon ("odd-r" rows) by direction code."""

    def nb(cell: Cell) -> dict[str, Cell]:
        r, c = cell
        out = {}
        for d, (_, dr, even_dc, odd_dc) in HEX_DIRECTIONS.items():
            r2, c2 = r + dr, c + (odd_dc if r % 2 else even_dc)
            if 0 <= r2 < rows and 0 <= c2 < cols:
                out[d] = (r2, c2)
        return out

    return nb


def _build(labels: Sequence[Sequence[Hashable]], givens: Sequence[Sequence[str]],
           neighbours: Callable[[int, int], Callable[[Cell], dict[str, Cell]]], kind: str) -> GraphRoma:
    rows = len(labels)
    if rows == 0 or len(givens) != rows:
        raise InputError(f"the {kind} board needs as many rows of givens as of box labels")
    cols = len(labels[0])
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise InputError(f"a {kind} board has 1 to {MAX_SIDE} rows and columns, not {rows}x{cols}")
    if any(len(row) != cols for row in labels) or any(len(row) != cols for row in givens):
        raise InputError(f"every row of the {kind} board must have {cols} cells")
    nb = neighbours(rows, cols)
    g = nx.DiGraph()
    roma: set[Cell] = set()
    hints: dict[Cell, Cell] = {}
    for r in range(rows):
        for c in range(cols):
            cell = (r, c)
            g.add_node(cell)
            for d, other in nb(cell).items():
                g.add_edge(cell, other, colour=d)
    for r in range(rows):
        for c in range(cols):
            ch = givens[r][c]
            if ch == "O":
                roma.add((r, c))
            elif ch != ".":
                moves = nb((r, c))
                if ch not in moves:
                    raise InputError(f"cell {COORDINATES.name(r, c)}: {ch!r} is not an arrow of this {kind} cell "
                                     f"that stays on the board (use one of {' '.join(sorted(moves))}, . or O)")
                hints[(r, c)] = moves[ch]
    if not roma:
        raise InputError(f"the {kind} board has no goal (O)")
    # boxes: connected groups of equal labels, along the board's adjacency
    box: dict[Cell, int] = {}
    n = 0
    for r in range(rows):
        for c in range(cols):
            if (r, c) in box:
                continue
            box[(r, c)] = n
            stack = [(r, c)]
            while stack:
                cur = stack.pop()
                for other in nb(cur).values():
                    if other not in box and labels[other[0]][other[1]] == labels[cur[0]][cur[1]]:
                        box[other] = n
                        stack.append(other)
            n += 1
    return GraphRoma(g, roma, box, hints)  # type: ignore[arg-type]


def tri_board(labels: Sequence[Sequence[Hashable]], givens: Sequence[Sequence[str]]) -> GraphRoma:
    """A triangular Roma board: box labels and givens per triangle (see the module docstring)."""
    return _build(labels, givens, tri_neighbours, "triangular")


def hex_board(labels: Sequence[Sequence[Hashable]], givens: Sequence[Sequence[str]]) -> GraphRoma:
    """A hexagonal Roma board: box labels and givens per hexagon (see the module docstring)."""
    return _build(labels, givens, hex_neighbours, "hexagonal")


def format_graph_facts(inst: GraphRoma) -> str:
    """The facts of a generalized instance, as ``escapology roma graph`` (and ``solve``) read them;
    a cell ``(r, c)`` is the vertex ``c_r_c``.

    >>> print(format_graph_facts(tri_board(["AB"], [".O"])))
    arc(c_0_0,c_0_1,r).
    arc(c_0_1,c_0_0,l).
    roma(c_0_1).
    box(c_0_0,0).
    box(c_0_1,1).
    """
    def name(v: Hashable) -> str | int:
        if isinstance(v, tuple):
            return "c_" + "_".join(str(x) for x in v)
        return v if isinstance(v, (int, str)) else str(v)

    colour = {"<": "l", ">": "r", "^": "u", "v": "d"}
    lines = [format_fact("arc", name(v), name(w), colour.get(str(d), f"d{d}"))
             for v, w, d in sorted(inst.graph.edges(data="colour"))]
    lines += [format_fact("roma", name(v)) for v in sorted(inst.roma)]
    lines += [format_fact("box", name(v), b) for v, b in sorted(inst.boxes.items())]  # type: ignore[arg-type]
    lines += [format_fact("hint", name(v), name(w)) for v, w in sorted(inst.hints.items())]
    return "\n".join(lines)
