"""Pictures of small boards: both pieces, the fields each reaches, and the witness.

Row ``y = n`` is drawn at the top, as on a chess board. In the text board ``A`` and ``B`` are the
pieces, ``x`` a field Bob ends on with 0-2 moves, ``o`` a field Alice ends on with 1-2 moves
(and Bob does not), ``*`` the witness's safe field (unless it is Alice's own), ``.`` the rest.

>>> from escapology.chess.model import Instance
>>> from escapology.chess.solver import solve
>>> inst = Instance(3, (1, 3), (3, 1), ((1, 0), (0, 1), (1, 1)))
>>> print(text_board(inst, solve(inst)))
A o x
. . x
. . B
"""

from __future__ import annotations

import numpy as np

from escapology.chess.model import Instance, Outcome
from escapology.chess.reach import reach_board
from escapology.chess.solver import Solution
from escapology.core.errors import InputError
from escapology.core.svg import Svg

MAX_TEXT = 60
MAX_SVG = 200


def _safe(sol: Solution | None) -> tuple[int, int] | None:
    if sol is not None and sol.outcome is Outcome.DRAW:
        return tuple(sol.witness["field"])  # type: ignore[return-value]
    return None


def text_board(inst: Instance, sol: Solution | None = None) -> str:
    """The board as text (at most ``MAX_TEXT`` columns), see the module docstring."""
    n = inst.n
    if n > MAX_TEXT:
        raise InputError(f"the board is too large to print: n = {n} > {MAX_TEXT}")
    bob = reach_board(inst, inst.bob)
    alice = reach_board(inst, inst.alice)
    safe = _safe(sol)
    rows = []
    for y in range(n, 0, -1):
        cells = []
        for x in range(1, n + 1):
            f = (x, y)
            if f == inst.alice:
                c = "A"
            elif f == inst.bob:
                c = "B"
            elif f == safe:
                c = "*"
            elif bob[x, y]:
                c = "x"
            elif alice[x, y]:
                c = "o"
            else:
                c = "."
            cells.append(c)
        rows.append(" ".join(cells))
    return "\n".join(rows)


def render_svg(inst: Instance, sol: Solution | None = None, *, cell: int = 24) -> Svg:
    """An SVG picture: Bob's reach shaded red, Alice's reach dotted blue, the witness in green."""
    n = inst.n
    if n > MAX_SVG:
        raise InputError(f"the board is too large to draw: n = {n} > {MAX_SVG}")
    margin = cell
    size = n * cell + 2 * margin
    svg = Svg(size, size + cell)
    svg.rect(0, 0, size, size + cell, fill="white")

    def corner(x: int, y: int) -> tuple[float, float]:
        return margin + (x - 1) * cell, margin + (n - y) * cell

    def centre(x: int, y: int) -> tuple[float, float]:
        cx, cy = corner(x, y)
        return cx + cell / 2, cy + cell / 2

    bob = reach_board(inst, inst.bob)
    alice = reach_board(inst, inst.alice)
    for x in range(1, n + 1):
        for y in range(1, n + 1):
            cx, cy = corner(x, y)
            shade = "#f0d9b5" if (x + y) % 2 else "#fbf1e1"
            svg.rect(cx, cy, cell, cell, fill=shade, stroke="#bbb", stroke_width=0.5)
            if bob[x, y] and (x, y) != inst.bob:
                svg.rect(cx, cy, cell, cell, fill="#e05050", fill_opacity=0.45)
            if alice[x, y] and (x, y) != inst.alice:
                svg.circle(cx + cell / 2, cy + cell / 2, cell * 0.12, fill="#2060d0")
    font = max(6.0, cell * 0.55)
    if n <= 40:
        for i in range(1, n + 1):
            svg.text(margin + (i - 0.5) * cell, margin + n * cell + cell / 2, str(i), size=font * 0.6)
            svg.text(margin / 2, margin + (n - i + 0.5) * cell, str(i), size=font * 0.6)
    safe = _safe(sol)
    if safe is not None:
        cx, cy = corner(*safe)
        svg.rect(cx + 1, cy + 1, cell - 2, cell - 2, fill="none", stroke="#109030", stroke_width=3)
    if sol is not None and sol.outcome is not None and "path" in sol.witness:
        pts = [centre(*f) for f in sol.witness["path"]]
        if len(pts) >= 2:
            dash = "4,3" if sol.witness.get("how") == "teleport" else None
            colour = "#109030" if sol.outcome is Outcome.DRAW else "#2060d0"
            svg.polyline(pts, stroke=colour, stroke_width=2.5, stroke_dasharray=dash)
    for f, label, colour in ((inst.alice, "A", "#2060d0"), (inst.bob, "B", "#c02020")):
        x, y = centre(*f)
        svg.circle(x, y, cell * 0.4, fill=colour, stroke="black", stroke_width=1)
        svg.text(x, y, label, size=font, fill="white", font_weight="bold")
    caption = "no answer" if sol is None or sol.outcome is None else f"outcome: {sol.outcome.value}"
    svg.text(size / 2, size + cell / 2, caption, size=max(8.0, cell * 0.5))
    return svg


def covered_share(inst: Instance) -> float:
    """The share of fields Bob ends on (by brute force; small boards only)."""
    return float(np.mean(reach_board(inst, inst.bob)[1:, 1:]))
