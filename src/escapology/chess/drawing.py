"""Pictures of small boards: both pieces, the fields each reaches, and the witness.

Row ``y = n`` is drawn at the top, as on a chess board, rows ``y`` numbered on the left and
columns ``x`` under the board. In the text board ``A`` and ``B`` are the pieces, ``x`` a field Bob
ends on with 0-2 moves, ``o`` a field Alice ends on with 1-2 moves (and Bob does not), ``*`` the
witness's safe field (unless it is Alice's own), ``.`` the rest; its legend line says so.

>>> from escapology.chess.model import Instance
>>> from escapology.chess.solver import solve
>>> inst = Instance(3, (1, 3), (3, 1), ((1, 0), (0, 1), (1, 1)))
>>> print(text_board(inst, solve(inst)))
3 A o x
2 . . x
1 . . B
  1 2 3
(A Alice, B Bob, x Bob reaches, o Alice reaches, . other field; field (x, y) = (column, row))
"""

from __future__ import annotations

from typing import Any

import numpy as np

from escapology.chess.model import COORDINATES, Instance, Outcome
from escapology.chess.reach import reach_board
from escapology.chess.solver import Solution, explain, solution_of
from escapology.core.errors import InputError
from escapology.core.svg import LegendEntry, Svg, axis_labels, with_legend
from escapology.core.textboard import Key, glyph_board

MAX_TEXT = 60
MAX_SVG = 200


def _safe(sol: Solution | None) -> tuple[int, int] | None:
    if sol is not None and sol.outcome is Outcome.DRAW:
        return tuple(sol.witness["field"])  # type: ignore[return-value]
    return None


#: the key to :func:`text_board` (its legend names those the board shows)
TEXT_KEYS = (Key("A", "Alice"), Key("B", "Bob"), Key("x", "Bob reaches"), Key("o", "Alice reaches"),
             Key("*", "safe field"), Key(".", "other field"))


def text_picture(inst: Instance, answer: Any = None) -> str:
    """What ``render`` prints: the board (``n <= 60``) with its legend and, with an answer (a
    :class:`Solution` or the JSON of ``solve``), its witness in words."""
    if inst.n > MAX_TEXT:
        raise InputError(f"n = {inst.n} is too large to print; use --output FILE.svg (n <= 200)")
    sol = solution_of(answer)
    return text_board(inst, sol) + ("\n" + explain(inst, sol) if sol is not None else "")


def text_board(inst: Instance, sol: Solution | None = None) -> str:
    """The board as text (at most ``MAX_TEXT`` columns), see the module docstring: columns ``x``
    numbered under it and rows ``y`` left of it (:data:`~escapology.chess.model.COORDINATES`), then
    the legend."""
    n = inst.n
    if n > MAX_TEXT:
        raise InputError(f"the board is too large to print: n = {n} > {MAX_TEXT}")
    bob = reach_board(inst, inst.bob)
    alice = reach_board(inst, inst.alice)
    safe = _safe(sol)
    rows = []
    for i in range(n):
        cells = []
        for j in range(n):
            f = x, y = COORDINATES.at(i, j, n)
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
        rows.append(cells)
    return glyph_board(rows, COORDINATES, TEXT_KEYS)


ALICE = "#2060d0"
BOB = "#c02020"
BOB_REACH = "#e05050"
BOB_REACH_SWATCH = "#eb9a8a"  # BOB_REACH at 45 % over the board
SAFE = "#109030"


def render_svg(inst: Instance, sol: Solution | None = None, *, cell: float | None = None) -> Svg:
    """An SVG picture with a legend: Bob's reach shaded red, Alice's reach dotted blue, the safe
    field boxed green, and the witness's moves as arrows: Alice's capture (blue), her moves to the
    safe field (green), her teleport (green, dashed), or Bob's capture of every field (red)."""
    n = inst.n
    if n > MAX_SVG:
        raise InputError(f"the board is too large to draw: n = {n} > {MAX_SVG}")
    if cell is None:
        cell = max(4.0, min(40.0, 400.0 / n))
    margin = max(cell, 16.0)
    size = n * cell + 2 * margin
    foot = max(cell, 16.0)
    svg = Svg(size, size + foot)
    svg.rect(0, 0, size, size + foot, fill="white")

    def corner(x: int, y: int) -> tuple[float, float]:
        return margin + (x - 1) * cell, margin + (n - y) * cell

    def centre(x: int, y: int) -> tuple[float, float]:
        cx, cy = corner(x, y)
        return cx + cell / 2, cy + cell / 2

    bob = reach_board(inst, inst.bob)
    alice = reach_board(inst, inst.alice)
    shown_bob = shown_alice = False
    for x in range(1, n + 1):
        for y in range(1, n + 1):
            cx, cy = corner(x, y)
            shade = "#f0d9b5" if (x + y) % 2 else "#fbf1e1"
            svg.rect(cx, cy, cell, cell, fill=shade, stroke="#bbb", stroke_width=0.5 if cell >= 8 else 0)
            if bob[x, y] and (x, y) != inst.bob:
                svg.rect(cx, cy, cell, cell, fill=BOB_REACH, fill_opacity=0.45)
                shown_bob = True
            if alice[x, y] and (x, y) != inst.alice:
                svg.circle(cx + cell / 2, cy + cell / 2, cell * 0.12, fill=ALICE)
                shown_alice = True
    font = max(6.0, cell * 0.55)
    if n <= 40:
        axis_labels(svg, COORDINATES, n, n, left=margin, top=margin, cell=cell, gap=margin / 2,
                    size=max(7.0, font * 0.6), fill=None)
    entries: list[LegendEntry] = [("text:A", ALICE, "Alice"), ("text:B", BOB, "Bob")]
    if shown_bob:
        entries.append(("square", BOB_REACH_SWATCH, "Bob ends his turn here (0-2 moves)"))
    if shown_alice:
        entries.append(("dot", ALICE, "Alice ends her turn here (1-2 moves)"))
    safe = _safe(sol)
    if safe is not None:
        cx, cy = corner(*safe)
        svg.rect(cx + 1, cy + 1, cell - 2, cell - 2, fill="none", stroke=SAFE, stroke_width=max(1.5, cell * 0.12))
        entries.append(("box", SAFE, "safe field: Bob cannot reach it"))
    width = max(1.5, cell * 0.1)
    head = max(5.0, cell * 0.4)
    w = sol.witness if sol is not None and sol.outcome is not None else {}

    def arrows(path: list, colour: str, dash: str | None = None, opacity: float | None = None) -> None:
        pts = [centre(*f) for f in path]
        for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
            d = max(1e-9, ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5)
            ux, uy = (x2 - x1) / d, (y2 - y1) / d
            s = cell * 0.3
            svg.arrow(x1 + ux * s, y1 + uy * s, x2 - ux * s, y2 - uy * s, colour=colour, width=width,
                      head=head, dash=dash, opacity=opacity)

    if sol is not None and sol.outcome is Outcome.ALICE and len(w.get("path", [])) >= 2:
        arrows(w["path"], ALICE)
        entries.append(("arrow", ALICE, "Alice's capturing moves"))
    elif sol is not None and sol.outcome is Outcome.DRAW and len(w.get("path", [])) >= 2:
        if w.get("how") == "teleport":
            arrows(w["path"], SAFE, dash="5,3")
            entries.append(("dashed arrow", SAFE, "Alice's teleport to the safe field"))
        else:
            arrows(w["path"], SAFE)
            entries.append(("arrow", SAFE, "Alice's moves to the safe field"))
    elif sol is not None and sol.outcome is Outcome.BOB and w.get("captures"):
        for c in w["captures"]:
            arrows(c["path"], BOB, opacity=0.55)
        entries.append(("arrow", BOB, "Bob's capture, for each field Alice can end on"))
    for f, label, colour in ((inst.alice, "A", ALICE), (inst.bob, "B", BOB)):
        x, y = centre(*f)
        svg.circle(x, y, max(3.0, cell * 0.4), fill=colour, stroke="black", stroke_width=1)
        if cell >= 10:
            svg.text(x, y, label, size=font, fill="white", font_weight="bold")
    caption = "no answer" if sol is None or sol.outcome is None else f"outcome: {sol.outcome.value}"
    svg.text(size / 2, size + foot / 2, caption, size=12)
    return with_legend(svg, entries, min_width=360)


def covered_share(inst: Instance) -> float:
    """The share of fields Bob ends on (by brute force; small boards only)."""
    return float(np.mean(reach_board(inst, inst.bob)[1:, 1:]))
