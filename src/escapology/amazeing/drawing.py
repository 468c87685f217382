"""Text and SVG/PNG pictures of a position: tiles, fixed tiles, the spare, players and treasures.

In the text picture each tile is a 3x3 block of characters: walls are ``█`` (``▓`` on fixed
tiles), open sides are blank, the centre shows a player's number or a treasure's letter.
Arrows mark the lines that can be shifted; the numbers beside and above the board count rows and
columns as every message does (:data:`~escapology.amazeing.model.COORDINATES`: from 0 at the top left);
a legend line names the glyphs shown.

>>> from escapology.amazeing.model import Position, Player
>>> pos = Position.from_glyphs(["┌┐", "└┘"], spare="│", fixed="none",
...     treasures={"A": 3}, players=(Player("red", 0, "A"),))
>>> print(text_board(pos))
     0  1
     ↓  ↓    spare
    ██████    █ █
0 → █1   █ ←  █ █
    █ ██ █    █ █
    █ ██ █
1 → █   A█ ←
    ██████
     ↑  ↑
(█ wall, ↓↑→← shiftable line, 1 player, A treasure, spare tile; cell (row,column))
1 red on (0,0), target A on (1,1)
"""

from __future__ import annotations

import string
from pathlib import Path
from typing import Any, Iterable, Sequence

from escapology.amazeing.model import COORDINATES, E, N, S, W, Position, Shift, glyph
from escapology.core.textboard import Key, fields_of, frame, legend
from escapology.core.svg import LegendEntry, Svg, axis_labels, panel_grid, pick_panels, with_legend
from escapology.core.wording import plural

PLAYER_COLOURS = ("#d62728", "#e6b800", "#2ca02c", "#1f77b4")


def _block(tile: int, centre: str, wall: str) -> list[str]:
    o = lambda side: " " if tile & side else wall  # noqa: E731
    return [wall + o(N) + wall, o(W) + centre + o(E), wall + o(S) + wall]


def _centre(pos: Position, cell: int) -> str:
    for i, p in enumerate(pos.players):
        if p.cell == cell:
            return str(i + 1)
    for name, c in pos.treasures.items():
        if c == cell:
            return name[0]
    return " "


#: the key to :func:`text_board` (its legend names those the board shows)
TEXT_KEYS = (Key("█", "wall"), Key("▓", "fixed tile's wall"), Key("↓↑→←", "shiftable line"),
             Key("123456789", "player"), Key(string.ascii_letters, "treasure"), Key("spare", "tile", word=True))


def text_board(pos: Position, shown: Iterable[int] | None = None) -> str:
    """The position as text: 3x3 characters per tile, arrows at the shiftable lines, rows and
    columns numbered (:data:`~escapology.amazeing.model.COORDINATES`), the legend, then the players.

    ``shown``: the players whose targets (secret cards in a game) are printed; ``None`` prints
    every target (a puzzle position), ``[seat]`` only one player's own."""
    visible = None if shown is None else set(shown)
    width = 2 + 3 * pos.cols + 2  # the arrows' columns left and right of the tiles
    arrows_n = "  " + "".join(" ↓ " if pos.shiftable(Shift("N", c)) else "   " for c in range(pos.cols))
    arrows_s = "  " + "".join(" ↑ " if pos.shiftable(Shift("S", c)) else "   " for c in range(pos.cols))
    body = [arrows_n.ljust(width + 1) + "spare"]
    spare_blk = _block(pos.spare, next((n[0] for n, c in pos.treasures.items() if c == -1), " "), "█")
    for r in range(pos.rows):
        blocks = []
        for c in range(pos.cols):
            cell = r * pos.cols + c
            blocks.append(_block(pos.tiles[cell], _centre(pos, cell), "▓" if pos.fixed[cell] else "█"))
        movable = pos.shiftable(Shift("W", r))
        for k in range(3):
            row = ("→ " if movable and k == 1 else "  ") + "".join(b[k] for b in blocks)
            row += " ←" if movable and k == 1 else ""
            if r == 0:
                row = row.ljust(width) + "  " + spare_blk[k]
            body.append(row.rstrip())
    body.append(arrows_s.rstrip())
    lines = frame(body, COORDINATES, pos.rows, pos.cols, row_lines=range(2, 3 * pos.rows, 3),
                  column_at=range(3, 3 * pos.cols + 2, 3))
    lines.append(legend(TEXT_KEYS, body, fields=fields_of(COORDINATES, "cell")))
    for i, p in enumerate(pos.players):
        where = f"{i + 1} {p.name} on {pos.name(p.cell)}"
        if p.target is not None and visible is not None and i not in visible:
            where += ", target hidden"
        elif p.target is not None:
            t = pos.treasures[p.target]
            where += f", target {p.target} " + ("on the spare" if t == -1 else f"on {pos.name(t)}")
        if p.cards:
            where += f", {plural(len(p.cards), 'more card')}"
        lines.append(where)
    if pos.last_shift is not None:
        lines.append(f"last shift {pos.last_shift} (its reversal {pos.last_shift.reverse()} is forbidden)")
    return "\n".join(lines)


MOVABLE = "#8c6d4f"
FIXED = "#5b4636"
PASSAGE = "#f3e5c0"
TREASURE = "#7a1f1f"
SHIFTABLE = "#d98c80"
SHIFT = "#c0392b"
BAND = "#f39c12"
WALK = "#1f77b4"
GADGET = "#6a3d9a"
MAX_PANELS = 24  # a longer plan shows its first 23 turns and its last


def _draw_tile(svg: Svg, x: float, y: float, size: float, tile: int, fixed: bool) -> None:
    svg.rect(x, y, size, size, fill=FIXED if fixed else MOVABLE, stroke="#3b2a1e", stroke_width=0.5)
    w = size * 0.36
    m = (size - w) / 2
    path = PASSAGE
    svg.rect(x + m, y + m, w, w, fill=path)
    if tile & N:
        svg.rect(x + m, y, w, m + 0.5, fill=path)
    if tile & S:
        svg.rect(x + m, y + m + w - 0.5, w, m + 0.5, fill=path)
    if tile & W:
        svg.rect(x, y + m, m + 0.5, w, fill=path)
    if tile & E:
        svg.rect(x + m + w - 0.5, y + m, m + 0.5, w, fill=path)


def _shift_marks(svg: Svg, pos: Position, size: float, margin: float, shift: Shift | None) -> None:
    """Small triangles at both ends of every shiftable line; for ``shift``, its line banded and a
    bold arrow where the spare went in."""
    a = size * 0.15
    for c in range(pos.cols):
        if pos.shiftable(Shift("N", c)):
            cx = margin + (c + 0.5) * size
            svg.polygon([(cx - a, margin - 2 * a), (cx + a, margin - 2 * a), (cx, margin - 0.4 * a)], fill=SHIFTABLE)
            y = margin + pos.rows * size
            svg.polygon([(cx - a, y + 2 * a), (cx + a, y + 2 * a), (cx, y + 0.4 * a)], fill=SHIFTABLE)
    for r in range(pos.rows):
        if pos.shiftable(Shift("W", r)):
            cy = margin + (r + 0.5) * size
            svg.polygon([(margin - 2 * a, cy - a), (margin - 2 * a, cy + a), (margin - 0.4 * a, cy)], fill=SHIFTABLE)
            x = margin + pos.cols * size
            svg.polygon([(x + 2 * a, cy - a), (x + 2 * a, cy + a), (x + 0.4 * a, cy)], fill=SHIFTABLE)
    if shift is None:
        return
    i = shift.index
    W_, H_ = pos.cols * size, pos.rows * size
    reach = margin * 0.95
    if shift.is_column:
        x = margin + i * size
        svg.rect(x, margin, size, H_, fill=BAND, fill_opacity=0.25, stroke=BAND, stroke_width=2)
        cx = x + size / 2
        if shift.side == "N":
            svg.arrow(cx, margin - reach, cx, margin - 1, colour=SHIFT, width=size * 0.08, head=size * 0.3)
        else:
            svg.arrow(cx, margin + H_ + reach, cx, margin + H_ + 1, colour=SHIFT, width=size * 0.08, head=size * 0.3)
    else:
        y = margin + i * size
        svg.rect(margin, y, W_, size, fill=BAND, fill_opacity=0.25, stroke=BAND, stroke_width=2)
        cy = y + size / 2
        if shift.side == "W":
            svg.arrow(margin - reach, cy, margin - 1, cy, colour=SHIFT, width=size * 0.08, head=size * 0.3)
        else:
            svg.arrow(margin + W_ + reach, cy, margin + W_ + 1, cy, colour=SHIFT, width=size * 0.08, head=size * 0.3)


def _board(pos: Position, size: float, walk: Sequence[int] | None, shift: Shift | None, title: str | None) -> Svg:
    margin = size * 0.6
    top = size * 0.5 if title else 0.0
    width = margin * 2 + size * pos.cols + size * 1.8
    height = margin * 2 + size * pos.rows + top
    svg = Svg(width, height)
    svg.rect(0, 0, width, height, fill="white")
    if title:
        svg.text(margin + pos.cols * size / 2, top * 0.55, title, size=max(10.0, size * 0.36))
    body = Svg(width, height - top)
    for cell, tile in enumerate(pos.tiles):
        r, c = pos.rc(cell)
        _draw_tile(body, margin + c * size, margin + r * size, size, tile, pos.fixed[cell])
    # the cells' coordinates, beyond the shift marks (which end 0.3 cells from the board; the
    # arrow of a shift is drawn over its label)
    axis_labels(body, COORDINATES, pos.rows, pos.cols, left=margin, top=margin, cell=size, gap=size * 0.45,
                size=size * 0.2, fill="#777", columns_above=True)
    _shift_marks(body, pos, size, margin, shift)
    _gadget_labels(body, pos, size, margin)
    # spare
    sx = margin + pos.cols * size + size * 0.6
    _draw_tile(body, sx, margin, size, pos.spare, False)
    body.text(sx + size / 2, margin + size + size * 0.3, "spare", size=size * 0.25)
    # targets (a ring in the player's colour) and treasures
    cells = {}
    for name, cell in pos.treasures.items():
        if cell == -1:
            x, y = sx, margin
        else:
            r, c = pos.rc(cell)
            x, y = margin + c * size, margin + r * size
        cells[name] = (x, y)
    for i, p in enumerate(pos.players):
        if p.target is not None and p.target in cells:
            x, y = cells[p.target]
            body.circle(x + size / 2, y + size / 2, size * 0.3 - i * size * 0.05, fill="none",
                        stroke=PLAYER_COLOURS[i % 4], stroke_width=size * 0.06)
    for name, (x, y) in cells.items():
        body.text(x + size / 2, y + size / 2, name, size=size * 0.32, fill=TREASURE, font_weight="bold")
    if walk and len(walk) > 1:
        pts = [(margin + (pos.rc(c)[1] + 0.5) * size, margin + (pos.rc(c)[0] + 0.5) * size) for c in walk]
        body.polyline(pts, stroke=WALK, stroke_width=size * 0.08, stroke_opacity=0.8, stroke_linejoin="round")
    # players
    for i, p in enumerate(pos.players):
        r, c = pos.rc(p.cell)
        off = (i - (len(pos.players) - 1) / 2) * size * 0.14
        body.circle(
            margin + (c + 0.5) * size + off,
            margin + (r + 0.5) * size + size * 0.22,
            size * 0.13,
            fill=PLAYER_COLOURS[i % 4],
            stroke="black",
            stroke_width=0.6,
        )
    svg.group(body, 0, top)
    return svg


def _gadget_labels(svg: Svg, pos: Position, size: float, margin: float) -> None:
    """The named rectangles of a reduced board (``Position.labels``): a frame and its name (a
    frame one cell wide, a variable column, is named at its top; a gadget at its left)."""
    for text, top, left, bottom, right in pos.labels:
        x, y = margin + left * size, margin + top * size
        w, h = (right - left + 1) * size, (bottom - top + 1) * size
        svg.rect(x, y, w, h, fill="none", stroke=GADGET, stroke_width=size * 0.06, stroke_dasharray=f"{size * 0.2:g}")
        if left == right and bottom > top:  # a column: name it above the board
            svg.text(x + w / 2, margin * 0.45, text, size=size * 0.4, fill=GADGET, font_weight="bold")
        else:
            svg.text(x + size * 0.5, y + min(h, size) / 2, text, size=size * 0.4, fill=GADGET, font_weight="bold")


def legend_entries(pos: Position, *, walk: bool = False, shift: bool = False) -> list[LegendEntry]:
    """The legend of a picture of ``pos`` (with a walk and a shift when they are drawn)."""
    entries: list[LegendEntry] = [("square", MOVABLE, "movable tile"), ("square", PASSAGE, "passage")]
    if any(pos.fixed):
        entries.insert(1, ("square", FIXED, "fixed tile"))
    if pos.treasures:
        entries.append(("text:A", TREASURE, "treasure"))
    for i, p in enumerate(pos.players):
        entries.append(("dot", PLAYER_COLOURS[i % 4], f"player {i + 1} ({p.name})"))
        if p.target is not None:
            entries.append(("ring", PLAYER_COLOURS[i % 4], f"target of player {i + 1}"))
    if pos.legal_shifts():
        entries.append(("text:▶", SHIFTABLE, "shiftable line"))
    if shift:
        entries.append(("band", BAND, "line shifted this turn"))
        entries.append(("arrow", SHIFT, "where the spare went in"))
    if walk:
        entries.append(("line", WALK, "walk"))
    if pos.labels:
        entries.append(("text:C", GADGET, "gadget (reduction)"))
    return entries


def svg_board(
    pos: Position,
    *,
    size: float = 40,
    walk: list[int] | None = None,
    shift: Shift | None = None,
    legend: bool = True,
) -> Svg:
    """An SVG picture of the position (and, optionally, a walk drawn as a line through cells and the
    shift that led to it), with a legend unless ``legend=False``."""
    svg = _board(pos, size, walk, shift, None)
    if not legend:
        return svg
    return with_legend(svg, legend_entries(pos, walk=bool(walk and len(walk) > 1), shift=shift is not None),
                       min_width=420)


def replay_plan(pos: Position, turns: Sequence[Any], player: int = 0) -> list[tuple[Position, Any]]:
    """The start and the position after every turn (shift, then walk of ``player``), with the turn."""
    out: list[tuple[Position, Any]] = [(pos, None)]
    for t in turns:
        pos = pos.apply(t.shift, t.tile)
        if t.path:
            pos = pos.move_player(player, t.path[-1])
        out.append((pos, t))
    return out


def plan_svg(
    pos: Position,
    turns: Sequence[Any],
    *,
    player: int = 0,
    size: float | None = None,
    columns: int | None = None,
    max_panels: int = MAX_PANELS,
) -> Svg:
    """The start and one panel per turn of a plan (the shifted line, where the spare went in, the
    walk), wrapped into rows, with one legend; a plan of more than ``max_panels - 1`` turns shows its
    first turns and its last, with a note.

    >>> from escapology.amazeing.model import Position, Player, Shift
    >>> from escapology.amazeing.model import Turn
    >>> pos = Position.from_glyphs(["┌┐", "└┘"], spare="│", fixed="none",
    ...     treasures={"A": 3}, players=(Player("red", 0, "A"),))
    >>> text = plan_svg(pos, [Turn(Shift("N", 1), 0b0101, (0,))]).svg()
    >>> text.count("turn 1: "), "where the spare went in" in text
    (1, True)
    """
    frames = replay_plan(pos, turns, player)
    keep, note = pick_panels(len(frames), max_panels)
    if size is None:
        size = max(14.0, min(32.0, 220.0 / max(pos.rows, pos.cols)))
    panels = []
    for i in keep:
        p, t = frames[i]
        if t is None:
            title = "start"
            walk = None
        else:
            steps = max(0, len(t.path) - 1)
            moved = f"walk {plural(steps, 'step')}" if steps else "stay"
            title = f"turn {i}: shift {t.shift} {glyph(t.tile)}, {moved}"
            walk = list(t.path)
        panels.append(_board(p, size, walk, None if t is None else t.shift, title))
    grid = panel_grid(panels, columns)
    shown = [frames[i][1] for i in keep]
    walked = any(t is not None and len(t.path) > 1 for t in shown)
    entries = legend_entries(pos, walk=walked, shift=len(frames) > 1)
    return with_legend(grid, entries, note=note, min_width=420)


def save_picture(pos: Position, path: str | Path, *, scale: float = 2.0, **kwargs: object) -> Path:
    """Write the SVG (or PNG, by suffix, at ``scale``) picture of ``pos`` to ``path``."""
    return svg_board(pos, **kwargs).save(path, scale=scale)  # type: ignore[arg-type]
