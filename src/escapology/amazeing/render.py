"""Text and SVG/PNG pictures of a position: tiles, fixed tiles, the spare, players and treasures.

In the text picture each tile is a 3x3 block of characters: walls are ``█`` (``▓`` on fixed
tiles), open sides are blank, the centre shows a player's number or a treasure's letter.
Arrows mark the lines that can be shifted.

>>> from escapology.amazeing.model import Position, Player
>>> pos = Position.from_glyphs(["┌┐", "└┘"], spare="│", fixed="none",
...     treasures={"A": 3}, players=(Player("red", 0, "A"),))
>>> print(text_board(pos))
   0  1      spare │
   ↓  ↓
  ██████      █ █
→ █1   █ ←    █ █
  █ ██ █      █ █
  █ ██ █
→ █   A█ ←
  ██████
   ↑  ↑
1 red on (0, 0), target A on (1, 1)
"""

from __future__ import annotations

from pathlib import Path

from escapology.amazeing.model import E, N, S, W, Position, Shift, glyph
from escapology.core.svg import Svg

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


def text_board(pos: Position) -> str:
    """The position as text: 3x3 characters per tile, arrows at the shiftable lines."""
    cols_head = "  " + "".join(f"{c:^3}" for c in range(pos.cols))
    arrows_n = "  " + "".join(" ↓ " if pos.shiftable(Shift("N", c)) else "   " for c in range(pos.cols))
    arrows_s = "  " + "".join(" ↑ " if pos.shiftable(Shift("S", c)) else "   " for c in range(pos.cols))
    pad = 2 + 3 * pos.cols + 5
    lines = [cols_head.ljust(pad) + "spare " + glyph(pos.spare), arrows_n.rstrip()]
    spare_blk = _block(pos.spare, next((n[0] for n, c in pos.treasures.items() if c == -1), " "), "█")
    for r in range(pos.rows):
        blocks = []
        for c in range(pos.cols):
            cell = r * pos.cols + c
            blocks.append(_block(pos.tiles[cell], _centre(pos, cell), "▓" if pos.fixed[cell] else "█"))
        movable = pos.shiftable(Shift("W", r))
        for k in range(3):
            left = "→ " if movable and k == 1 else "  "
            right = " ←" if movable and k == 1 else ""
            row = left + "".join(b[k] for b in blocks) + right
            if r == 0:
                row = row.ljust(pad) + " " + spare_blk[k]
            lines.append(row.rstrip())
    lines.append(arrows_s.rstrip())
    for i, p in enumerate(pos.players):
        where = f"{i + 1} {p.name} on {pos.rc(p.cell)}"
        if p.target is not None:
            t = pos.treasures[p.target]
            where += f", target {p.target} " + ("on the spare" if t == -1 else f"on {pos.rc(t)}")
        if p.cards:
            where += f", {len(p.cards)} more cards"
        lines.append(where)
    if pos.last_shift is not None:
        lines.append(f"last shift {pos.last_shift} (its reversal {pos.last_shift.reverse()} is forbidden)")
    return "\n".join(lines)


def _draw_tile(svg: Svg, x: float, y: float, size: float, tile: int, fixed: bool) -> None:
    svg.rect(x, y, size, size, fill="#5b4636" if fixed else "#8c6d4f", stroke="#3b2a1e", stroke_width=0.5)
    w = size * 0.36
    m = (size - w) / 2
    path = "#f3e5c0"
    svg.rect(x + m, y + m, w, w, fill=path)
    if tile & N:
        svg.rect(x + m, y, w, m + 0.5, fill=path)
    if tile & S:
        svg.rect(x + m, y + m + w - 0.5, w, m + 0.5, fill=path)
    if tile & W:
        svg.rect(x, y + m, m + 0.5, w, fill=path)
    if tile & E:
        svg.rect(x + m + w - 0.5, y + m, m + 0.5, w, fill=path)


def svg_board(pos: Position, *, size: float = 40, walk: list[int] | None = None) -> Svg:
    """An SVG picture of the position (and, optionally, a walk drawn as a line through cells)."""
    margin = size * 0.6
    width = margin * 2 + size * pos.cols + size * 1.8
    height = margin * 2 + size * pos.rows
    svg = Svg(width, height)
    svg.rect(0, 0, width, height, fill="white")
    for cell, tile in enumerate(pos.tiles):
        r, c = pos.rc(cell)
        _draw_tile(svg, margin + c * size, margin + r * size, size, tile, pos.fixed[cell])
    # arrows on the shiftable lines
    a = size * 0.18
    for c in range(pos.cols):
        if pos.shiftable(Shift("N", c)):
            cx = margin + (c + 0.5) * size
            svg.polygon([(cx - a, margin - 2 * a), (cx + a, margin - 2 * a), (cx, margin - 0.4 * a)], fill="#c0392b")
            y = margin + pos.rows * size
            svg.polygon([(cx - a, y + 2 * a), (cx + a, y + 2 * a), (cx, y + 0.4 * a)], fill="#c0392b")
    for r in range(pos.rows):
        if pos.shiftable(Shift("W", r)):
            cy = margin + (r + 0.5) * size
            svg.polygon([(margin - 2 * a, cy - a), (margin - 2 * a, cy + a), (margin - 0.4 * a, cy)], fill="#c0392b")
            x = margin + pos.cols * size
            svg.polygon([(x + 2 * a, cy - a), (x + 2 * a, cy + a), (x + 0.4 * a, cy)], fill="#c0392b")
    # spare
    sx = margin + pos.cols * size + size * 0.6
    _draw_tile(svg, sx, margin, size, pos.spare, False)
    svg.text(sx + size / 2, margin + size + size * 0.3, "spare", size=size * 0.25)
    # treasures
    for name, cell in pos.treasures.items():
        if cell == -1:
            x, y = sx, margin
        else:
            r, c = pos.rc(cell)
            x, y = margin + c * size, margin + r * size
        svg.text(x + size / 2, y + size / 2, name, size=size * 0.32, fill="#7a1f1f", font_weight="bold")
    if walk:
        pts = [(margin + (pos.rc(c)[1] + 0.5) * size, margin + (pos.rc(c)[0] + 0.5) * size) for c in walk]
        svg.polyline(pts, stroke="#1f77b4", stroke_width=size * 0.08, stroke_opacity=0.8)
    # players
    for i, p in enumerate(pos.players):
        r, c = pos.rc(p.cell)
        off = (i - (len(pos.players) - 1) / 2) * size * 0.14
        svg.circle(
            margin + (c + 0.5) * size + off,
            margin + (r + 0.5) * size + size * 0.22,
            size * 0.13,
            fill=PLAYER_COLOURS[i % 4],
            stroke="black",
            stroke_width=0.6,
        )
    return svg


def save_picture(pos: Position, path: str | Path, **kwargs: object) -> Path:
    """Write the SVG (or PNG, by suffix) picture of ``pos`` to ``path``."""
    return svg_board(pos, **kwargs).save(path)  # type: ignore[arg-type]
