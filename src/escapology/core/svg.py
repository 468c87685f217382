"""A small SVG builder and SVG/PNG output shared by every game's ``render``.

>>> svg = Svg(20, 10)
>>> svg.rect(0, 0, 20, 10, fill="white")
>>> svg.text(10, 5, "A", size=4)
>>> svg.to_string().startswith('<svg xmlns="http://www.w3.org/2000/svg"')
True
"""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import escape, quoteattr


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
        attrs.setdefault("font_family", "DejaVu Sans, Arial, sans-serif")
        a = _attrs(dict(x=x, y=y, font_size=size, **attrs))
        self._items.append(f"<text {a}>{escape(content)}</text>")

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

    def save(self, path: str | Path) -> Path:
        """Write to ``path``: PNG if it ends in ``.png``, SVG otherwise."""
        return write_image(self.to_string(), path)


def write_image(svg_text: str, path: str | Path) -> Path:
    """Write SVG text to ``path``, converting to PNG (cairosvg) when the suffix is ``.png``."""
    path = Path(path)
    if path.suffix.lower() == ".png":
        import cairosvg

        cairosvg.svg2png(bytestring=svg_text.encode("utf-8"), write_to=str(path))
    else:
        path.write_text(svg_text, encoding="utf-8")
    return path
