"""Pictures (SVG/PNG) and a text board for grid instances.

>>> from escapology.nemesis.generator import grid
>>> print(text_board(grid(3, 3), {"r0c0", "r0c1", "r1c1"}))
W W .
. S .
. . .
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from escapology.core.svg import Svg
from escapology.nemesis.model import Instance

_CELL = re.compile(r"r(\d+)c(\d+)")
_EXIT = re.compile(r"x([nswe])(\d+)_(\d+)")


def _grid_shape(inst: Instance) -> tuple[int, int] | None:
    cells = [_CELL.fullmatch(v) for v in inst.vertices if v not in inst.exits]
    if not cells or not all(cells):
        return None
    rows = 1 + max(int(m.group(1)) for m in cells if m)
    cols = 1 + max(int(m.group(2)) for m in cells if m)
    return rows, cols


def text_board(inst: Instance, winning: set[str] | None = None) -> str | None:
    """For grid instances (vertices ``r{i}c{j}``): ``S`` start, ``W`` winning start, ``.`` other."""
    shape = _grid_shape(inst)
    if shape is None:
        return None
    rows, cols = shape
    lines = []
    for i in range(rows):
        row = []
        for j in range(cols):
            v = f"r{i}c{j}"
            if v == inst.start:
                row.append("S")
            elif v not in inst.vertices:
                row.append(" ")
            elif winning is not None and v in winning:
                row.append("W")
            else:
                row.append(".")
        lines.append(" ".join(row))
    return "\n".join(lines)


def layout(inst: Instance) -> dict[str, tuple[float, float]]:
    """Grid coordinates for grid instances, otherwise networkx's spring layout (seeded)."""
    pos: dict[str, tuple[float, float]] = {}
    if _grid_shape(inst) is not None:
        off = {"n": (-0.7, 0.0), "s": (0.7, 0.0), "w": (0.0, -0.7), "e": (0.0, 0.7)}
        ok = True
        for v in inst.vertices:
            m = _CELL.fullmatch(v)
            x = _EXIT.fullmatch(v)
            if m:
                pos[v] = (float(m.group(2)), float(m.group(1)))
            elif x:
                di, dj = off[x.group(1)]
                pos[v] = (int(x.group(3)) + dj, int(x.group(2)) + di)
            else:
                ok = False
        if ok:
            return pos
    import networkx as nx

    g = nx.Graph()
    g.add_nodes_from(inst.vertices)
    g.add_edges_from(inst.edges)
    raw = nx.spring_layout(g, seed=0)
    return {v: (float(p[0]) * 5, float(p[1]) * 5) for v, p in raw.items()}


def _strategy_path(strategy: Any, start: str | None) -> list[str]:
    path = [start] if start else []
    n = strategy
    while isinstance(n, dict):
        if "moves" in n:
            if not n["moves"]:
                break
            m = n["moves"][0]
            path.append(m["move"])
            n = m.get("then")
        elif "move" in n:
            path.append(n["move"])
            nxt = n.get("then")
            n = nxt.get("otherwise") if isinstance(nxt, dict) else None
        else:
            break
    return path


def render_svg(
    inst: Instance,
    output: str | Path,
    *,
    winning: set[str] | None = None,
    strategy: dict[str, Any] | None = None,
) -> Path:
    """Draw exits (green squares), the start (red), the winning starts (blue) and the main line of
    a strategy (orange); an edge's multiplicity is written on it when above one."""
    pos = layout(inst)
    xs = [p[0] for p in pos.values()] or [0.0]
    ys = [p[1] for p in pos.values()] or [0.0]
    scale, pad = 50.0, 40.0
    minx, miny = min(xs), min(ys)

    def at(v: str) -> tuple[float, float]:
        x, y = pos[v]
        return pad + (x - minx) * scale, pad + (y - miny) * scale

    svg = Svg(2 * pad + (max(xs) - minx) * scale, 2 * pad + (max(ys) - miny) * scale)
    svg.rect(0, 0, svg.width, svg.height, fill="white")
    for (a, b), k in inst.edges.items():
        (x1, y1), (x2, y2) = at(a), at(b)
        svg.line(x1, y1, x2, y2, stroke="#555", stroke_width=1 + k)
        if k > 1:
            svg.text((x1 + x2) / 2, (y1 + y2) / 2 - 4, str(k), size=10, fill="#a00")
    if strategy:
        path = [v for v in _strategy_path(strategy, inst.start) if v in pos]
        if len(path) > 1:
            svg.polyline([at(v) for v in path], fill="none", stroke="orange", stroke_width=5, stroke_opacity=0.8)
    for v in inst.vertices:
        x, y = at(v)
        if v in inst.exits:
            svg.rect(x - 8, y - 8, 16, 16, fill="#2a2", stroke="black")
        else:
            fill = "#9cf" if winning and v in winning else "#eee"
            if v == inst.start:
                fill = "#e33"
            svg.circle(x, y, 10, fill=fill, stroke="black")
        svg.text(x, y + 22, v, size=9)
    return svg.save(output)
