"""A small SVG builder and SVG/PNG output shared by every game's ``render``.

>>> svg = Svg(20, 10)
>>> svg.rect(0, 0, 20, 10, fill="white")
>>> svg.text(10, 5, "A", size=4)
>>> svg.to_string().startswith('<svg xmlns="http://www.w3.org/2000/svg"')
True

Every picture follows one protocol: :meth:`Svg.svg` (the SVG text), :meth:`Svg.png` (PNG bytes at a
scale) and :meth:`Svg.save` (by the file's suffix). :func:`legend` draws the key to a picture's
colours and marks the same way in every game; :func:`with_legend` puts one under a picture and
:func:`panel_grid` lays out the panels of a certificate drawn step by step.

>>> pic = with_legend(svg, [("dot", "#1f6feb", "avatar"), ("ring", "#c0392b", "goal")])
>>> "avatar" in pic.svg() and "goal" in pic.svg()
True
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    from escapology.core.coordinates import Grid


# xml.sax.saxutils.escape/quoteattr, without importing xml.sax (it pulls urllib.request: slow start-up)
def escape(data: str) -> str:
    """``&``, ``<`` and ``>`` as entities."""
    return data.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def quoteattr(data: str) -> str:
    """``data`` as a quoted XML attribute value (the same output as ``xml.sax.saxutils.quoteattr``)."""
    data = escape(data).replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    if '"' in data:
        return "'%s'" % data if "'" not in data else '"%s"' % data.replace('"', "&quot;")
    return '"%s"' % data

#: The swatch kinds of a legend entry ``(kind, colour, label)``; a kind ``"text:X"`` shows ``X``.
SWATCHES = ("square", "box", "ring", "dot", "line", "dashed", "arrow", "dashed arrow", "struck", "band")

LegendEntry = tuple[str, str, str]

FONT = "DejaVu Sans, Arial, sans-serif"


def _attrs(attrs: dict[str, object]) -> str:
    parts = []
    for key, value in attrs.items():
        if value is None:
            continue
        parts.append(f"{key.rstrip('_').replace('_', '-')}={quoteattr(str(value))}")
    return " ".join(parts)


class Svg:
    """An SVG document built element by element (coordinates in user units)."""

    def __init__(self, width: float, height: float, *, scale: float = 1.0) -> None:
        self.width = width
        self.height = height
        self.scale = scale
        self._items: list[str] = []

    def raw(self, element: str) -> None:
        """Append an element written by hand."""
        self._items.append(element)

    def rect(self, x: float, y: float, w: float, h: float, **attrs: object) -> None:
        self._items.append(f"<rect {_attrs(dict(x=x, y=y, width=w, height=h, **attrs))}/>")

    def line(self, x1: float, y1: float, x2: float, y2: float, **attrs: object) -> None:
        attrs.setdefault("stroke", "black")
        self._items.append(f"<line {_attrs(dict(x1=x1, y1=y1, x2=x2, y2=y2, **attrs))}/>")

    def circle(self, cx: float, cy: float, r: float, **attrs: object) -> None:
        self._items.append(f"<circle {_attrs(dict(cx=cx, cy=cy, r=r, **attrs))}/>")

    def polyline(self, points: list[tuple[float, float]], **attrs: object) -> None:
        attrs.setdefault("fill", "none")
        pts = " ".join(f"{x:g},{y:g}" for x, y in points)
        self._items.append(f"<polyline {_attrs(dict(points=pts, **attrs))}/>")

    def polygon(self, points: list[tuple[float, float]], **attrs: object) -> None:
        pts = " ".join(f"{x:g},{y:g}" for x, y in points)
        self._items.append(f"<polygon {_attrs(dict(points=pts, **attrs))}/>")

    def text(self, x: float, y: float, content: str, *, size: float = 12, **attrs: object) -> None:
        attrs.setdefault("text_anchor", "middle")
        attrs.setdefault("dominant_baseline", "central")
        attrs.setdefault("font_family", FONT)
        a = _attrs(dict(x=x, y=y, font_size=size, **attrs))
        self._items.append(f"<text {a}>{escape(content)}</text>")

    def arrow(
        self,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        *,
        colour: str = "black",
        width: float = 2.0,
        head: float | None = None,
        dash: str | None = None,
        opacity: float | None = None,
    ) -> None:
        """A straight arrow from (x1, y1) to (x2, y2): a shaft and a filled head at the end.

        >>> s = Svg(10, 10); s.arrow(0, 5, 10, 5, colour="red")
        >>> s.svg().count("<polygon"), s.svg().count("<line")
        (1, 1)
        """
        head = head if head is not None else 3.0 + 2.5 * width
        length = math.hypot(x2 - x1, y2 - y1)
        if length < 1e-9:
            return
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        h = min(head, length * 0.6)
        bx, by = x2 - ux * h, y2 - uy * h
        self.line(x1, y1, bx + ux * 0.5, by + uy * 0.5, stroke=colour, stroke_width=width,
                  stroke_dasharray=dash, stroke_opacity=opacity)
        w = h * 0.5
        self.polygon([(x2, y2), (bx - uy * w, by + ux * w), (bx + uy * w, by - ux * w)], fill=colour,
                     fill_opacity=opacity)

    def arrow_along(
        self,
        points: Sequence[tuple[float, float]],
        *,
        colour: str = "black",
        width: float = 2.0,
        head: float | None = None,
        opacity: float | None = None,
    ) -> None:
        """An arrow along a polyline (an edge drawn bent): the shaft follows ``points`` and the
        head sits at the last one, pointing along the last stretch; two points draw :meth:`arrow`.

        >>> s = Svg(10, 10); s.arrow_along([(0, 0), (5, 5), (10, 0)], colour="red")
        >>> s.svg().count("<polygon"), s.svg().count("<polyline")
        (1, 1)
        """
        pts = [p for i, p in enumerate(points) if i == 0 or p != points[i - 1]]
        if len(pts) < 2:
            return
        if len(pts) == 2:
            (x1, y1), (x2, y2) = pts
            self.arrow(x1, y1, x2, y2, colour=colour, width=width, head=head, opacity=opacity)
            return
        head = head if head is not None else 3.0 + 2.5 * width
        (px, py), (x2, y2) = pts[-2], pts[-1]
        length = math.hypot(x2 - px, y2 - py)
        ux, uy = (x2 - px) / length, (y2 - py) / length
        h = min(head, sum(math.dist(p, q) for p, q in zip(pts, pts[1:])) * 0.6)
        bx, by = x2 - ux * h, y2 - uy * h
        shaft = [p for p in pts[:-1] if (p[0] - bx) * ux + (p[1] - by) * uy < 0] + [(bx + ux * 0.5, by + uy * 0.5)]
        self.polyline(shaft, stroke=colour, stroke_width=width, stroke_opacity=opacity)
        w = h * 0.5
        self.polygon([(x2, y2), (bx - uy * w, by + ux * w), (bx + uy * w, by - ux * w)], fill=colour,
                     fill_opacity=opacity)

    def group(self, other: "Svg", dx: float = 0, dy: float = 0) -> None:
        """Place another drawing at offset (dx, dy)."""
        self._items.append(f'<g transform="translate({dx:g},{dy:g})">')
        self._items.extend(other._items)
        self._items.append("</g>")

    def to_string(self) -> str:
        w, h = self.width * self.scale, self.height * self.scale
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:g}" height="{h:g}" '
            f'viewBox="0 0 {self.width:g} {self.height:g}">'
        )
        return "\n".join([head, *self._items, "</svg>"]) + "\n"

    def _repr_svg_(self) -> str:
        """The SVG text, which a notebook (IPython's display) shows as the picture.

        >>> Svg(3, 2)._repr_svg_() == Svg(3, 2).to_string()
        True
        """
        return self.to_string()

    def svg(self) -> str:
        """The SVG text (the same as :meth:`to_string`).

        >>> Svg(3, 2).svg() == Svg(3, 2).to_string()
        True
        """
        return self.to_string()

    def png(self, scale: float = 2.0) -> bytes:
        """The picture as PNG bytes (cairosvg), ``scale`` times the SVG's size in pixels.

        >>> data = Svg(30, 10).png(scale=2)
        >>> data[:4], png_size(data)
        (b'\\x89PNG', (60, 20))
        """
        import cairosvg  # cairosvg (~180 ms, cairo through cffi): only PNG output needs it

        return cairosvg.svg2png(bytestring=self.to_string().encode("utf-8"), scale=scale)

    def save(self, path: str | Path, scale: float = 2.0) -> Path:
        """Write to ``path``: PNG (at ``scale``) if it ends in ``.png``, SVG otherwise.

        >>> import tempfile, pathlib
        >>> d = pathlib.Path(tempfile.mkdtemp())
        >>> png_size(Svg(30, 10).save(d / "a.png", scale=3).read_bytes())
        (90, 30)
        >>> Svg(30, 10).save(d / "a.svg").read_text().startswith("<svg")
        True
        """
        return write_image(self.to_string(), path, scale=scale)


def axis_labels(svg: Svg, grid: "Grid", rows: int, cols: int, *, left: float, top: float, cell: float,
                gap: float, size: float, fill: str | None = "#555", columns_above: bool = False) -> None:
    """Number a board's rows (left of it) and columns (below it, or above with ``columns_above``) as
    the game's :class:`~escapology.core.coordinates.Grid` names its fields, so that a field a message
    names can be found in the picture. The board's top-left corner is ``(left, top)``, its fields
    ``cell`` wide; the labels stand ``gap`` away from its edges.

    >>> from escapology.core.coordinates import Grid
    >>> s = Svg(40, 40); axis_labels(s, Grid(base=1, rows_up=True), 2, 2, left=10, top=10, cell=10,
    ...                             gap=5, size=6)
    >>> [t.split(">")[1].split("<")[0] for t in s.svg().split("<text")[1:]]
    ['2', '1', '1', '2']
    """
    for i in range(rows):
        svg.text(left - gap, top + (i + 0.5) * cell, grid.row_label(i, rows), size=size, fill=fill)
    y = top - gap if columns_above else top + rows * cell + gap
    for j in range(cols):
        svg.text(left + (j + 0.5) * cell, y, grid.column_label(j), size=size, fill=fill)


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height of PNG ``data``, read from its header."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def write_image(svg_text: str, path: str | Path, *, scale: float = 1.0) -> Path:
    """Write SVG text to ``path``, converting to PNG (cairosvg, at ``scale``) when the suffix is
    ``.png`` (the file written whole, with a new file's mode: :mod:`escapology.core.files`)."""
    from escapology.core.files import write_bytes, write_text  # the one writer of every -o

    path = Path(path)
    if path.suffix.lower() == ".png":
        import cairosvg  # cairosvg (~180 ms, cairo through cffi): only PNG output needs it

        return write_bytes(path, cairosvg.svg2png(bytestring=svg_text.encode("utf-8"), scale=scale))
    return write_text(path, svg_text)


# ----- legends ------------------------------------------------------------------------------

def text_width(text: str, size: float) -> float:
    """An estimate of the width of ``text`` at font ``size`` (DejaVu Sans averages ~0.56 em)."""
    return 0.56 * size * len(text)


def _entry_width(entry: LegendEntry, size: float) -> float:
    return 2.0 * size + 0.4 * size + text_width(entry[2], size) + 1.2 * size


def _legend_rows(entries: Sequence[LegendEntry], width: float, size: float) -> list[list[LegendEntry]]:
    rows: list[list[LegendEntry]] = [[]]
    used = 0.0
    for e in entries:
        w = _entry_width(e, size)
        if rows[-1] and used + w > width:
            rows.append([])
            used = 0.0
        rows[-1].append(e)
        used += w
    return rows if rows[0] else []


def legend_height(entries: Sequence[LegendEntry], width: float, *, size: float = 11) -> float:
    """The height :func:`legend` needs for ``entries`` within ``width``."""
    return len(_legend_rows(entries, width, size)) * 1.6 * size


def swatch(svg: Svg, x: float, y: float, kind: str, colour: str, size: float = 11) -> None:
    """One legend swatch in the box ``(x, y)`` .. ``(x + 2 size, y + size)``."""
    w, h = 2.0 * size, size
    cx, cy = x + w / 2, y + h / 2
    if kind.startswith("text:"):
        svg.text(cx, cy, kind[5:], size=size * 0.95, fill=colour, font_weight="bold")
    elif kind == "square":
        svg.rect(cx - h / 2, y, h, h, fill=colour, stroke="#444", stroke_width=0.6)
    elif kind == "box":
        svg.rect(cx - h / 2 + 1, y + 1, h - 2, h - 2, fill="none", stroke=colour, stroke_width=2)
    elif kind == "ring":
        svg.circle(cx, cy, h * 0.4, fill="none", stroke=colour, stroke_width=2)
    elif kind == "dot":
        svg.circle(cx, cy, h * 0.35, fill=colour, stroke="#222", stroke_width=0.6)
    elif kind == "line":
        svg.line(x, cy, x + w, cy, stroke=colour, stroke_width=3, stroke_linecap="round")
    elif kind == "dashed":
        svg.line(x, cy, x + w, cy, stroke=colour, stroke_width=2.5, stroke_dasharray="4,3")
    elif kind == "band":
        svg.rect(x, y + h * 0.15, w, h * 0.7, fill=colour, fill_opacity=0.35, stroke=colour, stroke_width=1.5)
    elif kind == "arrow":
        svg.arrow(x, cy, x + w, cy, colour=colour, width=2, head=6)
    elif kind == "dashed arrow":
        svg.arrow(x, cy, x + w, cy, colour=colour, width=2, head=6, dash="4,2")
    elif kind == "struck":
        svg.line(x, cy, x + w, cy, stroke="#999", stroke_width=2.5, stroke_dasharray="3,2")
        d = h * 0.32
        for sx in (1, -1):
            svg.line(cx - d, cy - sx * d, cx + d, cy + sx * d, stroke=colour, stroke_width=2.2)
    else:
        raise ValueError(f"unknown legend swatch {kind!r}; one of {', '.join(SWATCHES)} or text:X")


def legend(
    svg: Svg, x: float, y: float, entries: Sequence[LegendEntry], *, width: float = 600, size: float = 11
) -> float:
    """Draw ``entries`` (``(swatch kind, colour, label)``) from ``(x, y)``, wrapping at ``width``;
    return the height used. Every game's legend is drawn by this function, so all look alike.

    >>> s = Svg(200, 40)
    >>> legend(s, 0, 0, [("square", "#cfe8ff", "reachable"), ("struck", "red", "deleted edge")], width=300)
    17.6
    >>> "reachable" in s.svg() and "deleted edge" in s.svg()
    True
    """
    rows = _legend_rows(entries, width, size)
    for r, row in enumerate(rows):
        cx = x
        top = y + r * 1.6 * size + 0.3 * size
        for e in row:
            kind, colour, label = e
            swatch(svg, cx, top, kind, colour, size)
            svg.text(cx + 2.4 * size, top + size / 2, label, size=size, text_anchor="start", fill="#222")
            cx += _entry_width(e, size)
    return len(rows) * 1.6 * size


def with_legend(
    picture: Svg,
    entries: Sequence[LegendEntry],
    *,
    size: float = 11,
    note: str | None = None,
    min_width: float = 0,
) -> Svg:
    """``picture`` with a legend (and an optional one-line ``note``) underneath, on white."""
    pad = 0.8 * size
    width = max(picture.width, min_width)
    inner = width - 2 * pad
    entries = list(dict.fromkeys(entries))  # each entry once, in order
    lh = legend_height(entries, inner, size=size)
    notes = wrap(note, inner, size * 0.95) if note else []
    nh = 1.5 * size * len(notes)
    height = picture.height + (lh + nh + pad if (lh or nh) else 0)
    out = Svg(width, height, scale=picture.scale)
    out.rect(0, 0, width, height, fill="white")
    out.group(picture, (width - picture.width) / 2, 0)
    y = picture.height
    if lh or nh:
        out.line(pad, y + 0.3 * pad, width - pad, y + 0.3 * pad, stroke="#ddd", stroke_width=1)
        y += 0.4 * pad
    for text in notes:
        out.text(pad, y + 0.8 * size, text, size=size * 0.95, text_anchor="start", fill="#555", font_style="italic")
        y += 1.5 * size
    legend(out, pad, y, entries, width=inner, size=size)
    return out


def wrap(text: str, width: float, size: float) -> list[str]:
    """``text`` broken at spaces into lines that fit ``width`` at font ``size``.

    >>> wrap("a bb ccc dddd", 40, 10)
    ['a bb', 'ccc', 'dddd']
    """
    lines: list[str] = []
    for word in text.split(" "):
        if lines and text_width(lines[-1] + " " + word, size) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


# ----- panels -------------------------------------------------------------------------------

def panel_grid(panels: Sequence[Svg], columns: int | None = None, *, gap: float = 0) -> Svg:
    """Panels of equal size side by side, wrapped into rows (``columns`` per row; by default all of
    up to 3 panels in one row, else about a square: ceil(sqrt(n)), at most 6).

    >>> g = panel_grid([Svg(10, 10) for _ in range(5)])
    >>> g.width, g.height
    (30, 20)
    """
    if not panels:
        return Svg(1, 1)
    n = len(panels)
    if columns is None:
        columns = n if n <= 3 else min(6, math.ceil(math.sqrt(n)))
    cols = min(columns, n)
    rows = (n + cols - 1) // cols
    w = max(p.width for p in panels)
    h = max(p.height for p in panels)
    out = Svg(w * cols + gap * (cols - 1), h * rows + gap * (rows - 1))
    out.rect(0, 0, out.width, out.height, fill="white")
    for i, panel in enumerate(panels):
        out.group(panel, (i % cols) * (w + gap), (i // cols) * (h + gap))
    return out


def pick_panels(count: int, cap: int) -> tuple[list[int], str | None]:
    """Which of ``count`` panels (0 = the start) to draw when at most ``cap`` fit: the first
    ``cap - 1`` and the last, with a note naming the steps left out.

    >>> pick_panels(4, 10)
    ([0, 1, 2, 3], None)
    >>> pick_panels(100, 5)
    ([0, 1, 2, 3, 99], 'steps 4-98 of 99 are not drawn (at most 5 panels)')
    """
    if count <= cap:
        return list(range(count)), None
    keep = list(range(cap - 1)) + [count - 1]
    return keep, f"steps {cap - 1}-{count - 2} of {count - 1} are not drawn (at most {cap} panels)"
