"""Drawing Roma puzzles the way they are printed: thin cell grid, thick box borders, a circle for
each Roma cell, given arrows in black and solved arrows in blue; the pictures and the text board
number the rows and columns from 0 at the top left, as every message names a cell
(:data:`~escapology.roma.model.COORDINATES`). The text board is the puzzle as printed (and read back
by ``check``), a given arrow in brackets:

>>> from escapology.roma.model import Puzzle
>>> print(text_board(Puzzle.from_labels(["AB", "AB"], ["O.", ".<"]), ["O<", "^<"]))
    0   1
  +---+---+
0 | O | < |
  +   +   +
1 | ^ |[<]|
  +---+---+
(^< arrow, [>] given arrow (the others solved), O Roma cell, +-| box border; cell (row,column))
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from escapology.core.svg import LegendEntry, Svg, axis_labels, with_legend
from escapology.core.textboard import Key, fields_of, frame, legend
from escapology.roma.model import COORDINATES, DIRECTIONS, EMPTY, GOAL, Puzzle

CELL = 40.0
MARGIN = 12.0
#: the band left of and above the board holding the rows' and columns' numbers (:data:`COORDINATES`)
LABELS = 14.0
_ANGLE = {"^": 0, ">": 90, "v": 180, "<": 270}


def text_board(puzzle: Puzzle, solution: Sequence[str] | None = None) -> str:
    """The puzzle as text: ``|`` and ``---`` mark box borders, each cell shows its arrow (of
    ``solution``, else the givens), a given arrow in brackets (``[>]``), a Roma cell ``O``; rows
    numbered left of it and columns above it from 0 (:data:`COORDINATES`), then the legend.
    ``check`` reads the arrows back (:func:`escapology.roma.io.board_rows`)."""
    R, C, b = puzzle.rows, puzzle.cols, puzzle.boxes
    grid = solution if solution is not None else puzzle.givens
    lines = []
    for r in range(R + 1):
        s = "+"
        for c in range(C):
            wall = r in (0, R) or b[r - 1][c] != b[r][c]
            s += ("---" if wall else "   ") + "+"
        lines.append(s)
        if r == R:
            break
        s = "|"
        for c in range(C):
            ch = grid[r][c] if grid[r][c] != EMPTY else " "
            s += f"[{ch}]" if puzzle.givens[r][c] in DIRECTIONS and ch in DIRECTIONS else f" {ch} "
            s += "|" if c == C - 1 or b[r][c] != b[r][c + 1] else " "
        lines.append(s)
    keys = SOLVED_KEYS if solution is not None else GIVEN_KEYS
    framed = frame(lines, COORDINATES, R, C, row_lines=range(1, 2 * R, 2), column_at=range(2, 4 * C, 4))
    return "\n".join([*framed, legend(keys, lines, fields=fields_of(COORDINATES, "cell"))])


#: the keys to :func:`text_board`'s legend: of a solved grid, and of the puzzle alone
SOLVED_KEYS = (Key("^v<>", "arrow"), Key("[]", "given arrow (the others solved)", show="[>]"), Key("O", "Roma cell"),
               Key("+-|", "box border"))
GIVEN_KEYS = (Key("^v<>", "arrow"), Key("[]", "given arrow", show="[>]"), Key("O", "Roma cell"),
              Key("+-|", "box border"))


def _arrow(svg: Svg, x: float, y: float, d: str, colour: str) -> None:
    """An arrow centred on ``(x, y)`` pointing in direction ``d``."""
    s = CELL
    shaft = [(-0.07, 0.3), (0.07, 0.3), (0.07, -0.05), (-0.07, -0.05)]
    head = [(-0.25, -0.02), (0.0, -0.33), (0.25, -0.02)]
    g = f'<g transform="translate({x:.2f},{y:.2f}) rotate({_ANGLE[d]})" fill="{colour}">'
    pts = lambda ps: " ".join(f"{px * s:.2f},{py * s:.2f}" for px, py in ps)  # noqa: E731
    svg.raw(g + f'<polygon points="{pts(shaft)}"/><polygon points="{pts(head)}"/></g>')


SOLVED = "#1f5fbf"


def render_svg(puzzle: Puzzle, solution: Sequence[str] | None = None) -> Svg:
    """The picture of ``puzzle``, with ``solution``'s arrows in blue when given, and a legend."""
    R, C, b = puzzle.rows, puzzle.cols, puzzle.boxes
    W, H = C * CELL + 2 * MARGIN + LABELS, R * CELL + 2 * MARGIN + LABELS
    svg = Svg(W, H)
    svg.rect(0, 0, W, H, fill="white")
    x0 = y0 = MARGIN + LABELS
    axis_labels(svg, COORDINATES, R, C, left=x0, top=y0, cell=CELL, gap=LABELS * 0.75, size=11, fill="#777",
                columns_above=True)
    for r in range(1, R):
        svg.line(x0, y0 + r * CELL, x0 + C * CELL, y0 + r * CELL, stroke="#bbbbbb", stroke_width=1)
    for c in range(1, C):
        svg.line(x0 + c * CELL, y0, x0 + c * CELL, y0 + R * CELL, stroke="#bbbbbb", stroke_width=1)
    thick = dict(stroke="black", stroke_width=3, stroke_linecap="square")
    for r in range(R):
        for c in range(C - 1):
            if b[r][c] != b[r][c + 1]:
                x = x0 + (c + 1) * CELL
                svg.line(x, y0 + r * CELL, x, y0 + (r + 1) * CELL, **thick)
    for r in range(R - 1):
        for c in range(C):
            if b[r][c] != b[r + 1][c]:
                y = y0 + (r + 1) * CELL
                svg.line(x0 + c * CELL, y, x0 + (c + 1) * CELL, y, **thick)
    svg.rect(x0, y0, C * CELL, R * CELL, fill="none", stroke="black", stroke_width=4)
    used = set()
    for r in range(R):
        for c in range(C):
            cx, cy = x0 + (c + 0.5) * CELL, y0 + (r + 0.5) * CELL
            g = puzzle.givens[r][c]
            if g == GOAL:
                svg.circle(cx, cy, CELL * 0.33, fill="white", stroke="black", stroke_width=2.5)
                used.add("goal")
            elif g in DIRECTIONS:
                _arrow(svg, cx, cy, g, "black")
                used.add("given")
            elif solution is not None and solution[r][c] in DIRECTIONS:
                _arrow(svg, cx, cy, solution[r][c], SOLVED)
                used.add("solved")
    entries: list[LegendEntry] = [("line", "black", "box border")]
    if R > 1 or C > 1:
        entries.append(("line", "#bbbbbb", "cell border"))
    if "goal" in used:
        entries.append(("ring", "black", "Roma (every arrow path ends here)"))
    if "given" in used:
        entries.append(("arrow", "black", "given arrow"))
    if "solved" in used:
        entries.append(("arrow", SOLVED, "arrow of the solution"))
    return with_legend(svg, entries, min_width=300)


def render(puzzle: Puzzle, path: str | Path, solution: Sequence[str] | None = None, *, scale: float = 2.0) -> Path:
    """Write the picture to ``path`` (``.svg``, or ``.png`` at ``scale``)."""
    return render_svg(puzzle, solution).save(path, scale=scale)


#: the name the package exports it under (escapology.roma.render is the protocol's)
render_file = render
