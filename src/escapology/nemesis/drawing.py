"""Pictures (SVG/PNG) and a text board for grid instances.

>>> from escapology.nemesis.generator import grid
>>> print(text_board(grid(3, 3), {"r0c0", "r0c1", "r1c1"}))
W W .
. S .
. . .
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from escapology.core.svg import LegendEntry, Svg, with_legend
from escapology.nemesis.model import Instance
from escapology.nemesis.strategy.certificate import json_of
from escapology.nemesis.strategy.document import StrategyFormatError, as_document

_CELL = re.compile(r"r(\d+)c(\d+)")
_EXIT = re.compile(r"x([nswe])(\d+)_(\d+)")


def _grid_shape(inst: Instance) -> tuple[int, int] | None:
    cells = [_CELL.fullmatch(v) for v in inst.vertices if v not in inst.exits]
    if not cells or not all(cells):
        return None
    rows = 1 + max(int(m.group(1)) for m in cells if m)
    cols = 1 + max(int(m.group(2)) for m in cells if m)
    return rows, cols


def is_grid(inst: Instance) -> bool:
    """Whether the instance is a grid (vertices ``r{i}c{j}`` besides the exits): :func:`text_board`
    draws it."""
    return _grid_shape(inst) is not None


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
    import networkx as nx  # networkx: only the spring layout of a graph that is not a grid needs it

    g = nx.Graph()
    g.add_nodes_from(inst.vertices)
    g.add_edges_from(inst.edges)
    raw = nx.spring_layout(g, seed=0)
    return {v: (float(p[0]) * 5, float(p[1]) * 5) for v, p in raw.items()}


# as in the paper: exits are red vertices, the fugitive's vertex is black (Fig. 1)
EXIT = "#d62728"
START = "#111"
WINNING = "#9cf"
VERTEX = "#eee"
EDGE = "#555"
PATH = "orange"
STRUCK = "#6a3d9a"


@dataclass
class Line:
    """One line of play of a strategy: the fugitive's vertices, the deleted edges in the order
    they are deleted, the round of each deletion (the deletion of round ``i`` follows the
    fugitive's ``i``-th move), and how it ends."""

    path: list[str] = field(default_factory=list)
    deletions: list[tuple[str, str]] = field(default_factory=list)
    end: str = ""
    rounds: list[int] = field(default_factory=list)


def _pair(e: Any) -> tuple[str, str] | None:
    if isinstance(e, (list, tuple)) and len(e) == 2:
        return (str(e[0]), str(e[1]))
    return None


def line_of_play(strategy: Any, start: str | None, exits: frozenset[str] | set[str] = frozenset()) -> Line:
    """The line a drawing shows: a Nemesis strategy's first answered move at every turn, a fugitive
    strategy's answer to its first listed deletion (else to any other), or the Cat-and-Herder
    certificate's herder line; the fugitive's path and the deletions in the order they happen.
    ``strategy`` is a certificate (``Result.certificate``) or its JSON.

    >>> s = {"position": "5", "moves": [{"move": "1", "delete": ["2", "4"], "then":
    ...     {"position": "1", "moves": [{"move": "0", "delete": ["0", "3"], "then": {"position": "0", "trapped": True}}]}}]}
    >>> ln = line_of_play(s, "5")
    >>> ln.path, ln.deletions, ln.rounds, ln.end
    (['5', '1', '0'], [('2', '4'), ('0', '3')], [1, 2], 'the fugitive is trapped')
    """
    line = Line([start] if start else [])
    strategy = json_of(strategy)
    if not isinstance(strategy, dict):
        return line
    if "certificate" in strategy or "herder" in strategy:  # the Cat and Herder game
        cert = strategy.get("certificate", strategy)
        herder = cert.get("herder") if isinstance(cert, dict) else None
        if not isinstance(herder, dict):
            return line
        nodes = herder.get("nodes") or []
        i = herder.get("root")
        if not line.path and isinstance(cert, dict) and cert.get("start") is not None:
            line.path.append(str(cert["start"]))
        seen: set[int] = set()
        while isinstance(i, int) and 0 <= i < len(nodes) and i not in seen:
            seen.add(i)
            node = nodes[i]
            e = _pair(node.get("delete"))
            if e:
                line.deletions.append(e)
                line.rounds.append(len(line.deletions))
            after = node.get("after") or {}
            if not after:
                line.end = "the cat is isolated"
                break
            w, i = next(iter(after.items()))
            line.path.append(str(w))
        return line
    try:
        doc = as_document(strategy, start or "")
    except StrategyFormatError:
        return line
    nodes = doc["nodes"]

    def node(i: Any) -> dict[str, Any] | None:
        return nodes[i] if isinstance(i, int) and 0 <= i < len(nodes) and isinstance(nodes[i], dict) else None

    n = node(doc["root"])
    for _ in range(len(nodes) + 1):
        if n is None:
            break
        if doc["player"] == "nemesis":
            answers = n.get("answers") or []
            if n.get("trapped") or not answers or not isinstance(answers[0], list):
                line.end = "the fugitive is trapped"
                break
            nxt = node(answers[0][0])
            if nxt is None:
                break
            line.path.append(str(nxt.get("at")))
            if len(answers[0]) == 3:
                line.deletions.append((str(answers[0][1]), str(answers[0][2])))
                line.rounds.append(len(line.path) - 1)
            n = nxt
        else:
            replies = n.get("replies") or []
            if n is not node(doc["root"]) and replies and isinstance(replies[0], list) and len(replies[0]) == 3:
                line.deletions.append((str(replies[0][0]), str(replies[0][1])))
                line.rounds.append(len(line.path) - 1)
                n = node(replies[0][2])
            else:
                n = node(n.get("otherwise"))
            if n is None:
                break
            line.path.append(str(n.get("at")))
            if str(n.get("at")) in exits:
                line.end = "the fugitive escapes"
                break
    return line


def _label_at(inst: Instance, at: Any, v: str) -> tuple[float, float]:
    """Below the vertex; above it for an exit above its neighbours (a grid's north exits)."""
    x, y = at(v)
    if v in inst.exits:
        nbrs = [b if a == v else a for a, b in inst.edges if v in (a, b) and a != b]
        if nbrs:
            mx = sum(at(w)[0] for w in nbrs) / len(nbrs)
            my = sum(at(w)[1] for w in nbrs) / len(nbrs)
            d = math.hypot(x - mx, y - my)
            if d > 1e-6 and (y - my) < -0.7 * d:  # above its neighbours: label it above
                return x, y - 16
    return x, y + 22


def picture(
    inst: Instance,
    *,
    winning: set[str] | None = None,
    strategy: Any = None,
) -> Svg:
    """The graph with a legend, drawn as in the paper (exits red, the fugitive's start black): the
    winning starts, and of a strategy's line of play (see :func:`line_of_play`) the fugitive's moves
    (arrows numbered by round) and the deleted edges, struck through and numbered by the round in
    which they are deleted (round ``i``: his ``i``-th move, then her deletion). ``strategy`` is a
    certificate (``Result.certificate``) or its JSON.

    >>> from escapology.nemesis.io import parse_instance
    >>> inst = parse_instance("edge(s,a). edge(a,x). edge(s,x). exit(x). start(s).")
    >>> s = {"position": "s", "moves": [{"move": "a", "delete": ["a", "x"], "then": {"position": "a", "trapped": True}}]}
    >>> text = picture(inst, strategy=s).svg()
    >>> "deleted edge" in text and "fugitive" in text
    True
    """
    pos = layout(inst)
    xs = [p[0] for p in pos.values()] or [0.0]
    ys = [p[1] for p in pos.values()] or [0.0]
    scale, pad = (64.0 if _grid_shape(inst) else 50.0), 40.0
    minx, miny = min(xs), min(ys)

    def at(v: str) -> tuple[float, float]:
        x, y = pos[v]
        return pad + (x - minx) * scale, pad + (y - miny) * scale

    svg = Svg(2 * pad + (max(xs) - minx) * scale, 2 * pad + (max(ys) - miny) * scale)
    svg.rect(0, 0, svg.width, svg.height, fill="white")
    strategy = json_of(strategy)
    cat = isinstance(strategy, dict) and ("certificate" in strategy or "herder" in strategy)
    who = "cat" if cat else "fugitive"
    line = line_of_play(strategy, inst.start, set(inst.exits)) if strategy else Line()
    key = Instance.key
    deleted: dict[tuple[str, str], list[int]] = {}
    for i, (a, b) in zip(line.rounds, line.deletions):
        deleted.setdefault(key(a, b), []).append(i)
    multi = False
    for (a, b), k in inst.edges.items():
        (x1, y1), (x2, y2) = at(a), at(b)
        gone = len(deleted.get((a, b), []))
        left = k - gone
        if left > 0:
            svg.line(x1, y1, x2, y2, stroke=EDGE, stroke_width=1 + left)
        else:
            svg.line(x1, y1, x2, y2, stroke="#aaa", stroke_width=2, stroke_dasharray="5,4")
        if k > 1:
            multi = True
            svg.text((x1 + x2) / 2, (y1 + y2) / 2 - 4, str(k), size=10, fill="#a00")
    path = [v for v in line.path if v in pos]
    for r, (u, v) in enumerate(zip(path, path[1:]), start=1):
        (x1, y1), (x2, y2) = at(u), at(v)
        d = math.hypot(x2 - x1, y2 - y1) or 1.0
        ux, uy = (x2 - x1) / d, (y2 - y1) / d
        svg.arrow(x1 + ux * 11, y1 + uy * 11, x2 - ux * 12, y2 - uy * 12, colour=PATH, width=4, head=13,
                  opacity=0.9)
        mx, my = (x1 + x2) / 2 + uy * 12, (y1 + y2) / 2 - ux * 12  # the round, beside the arrow
        svg.circle(mx, my, 7, fill=PATH, stroke="white", stroke_width=1)
        svg.text(mx, my, str(r), size=9, fill="black", font_weight="bold")
    for (a, b), numbers in deleted.items():
        (x1, y1), (x2, y2) = at(a), at(b)
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        d = math.hypot(x2 - x1, y2 - y1) or 1.0
        ux, uy = (x2 - x1) / d, (y2 - y1) / d
        c = 6.0
        for sx in (1, -1):  # a cross on the edge
            svg.line(mx - c * ux - sx * c * uy, my - c * uy + sx * c * ux,
                     mx + c * ux + sx * c * uy, my + c * uy - sx * c * ux, stroke=STRUCK, stroke_width=2.5)
        label = ",".join(str(i) for i in numbers)
        nx, ny = mx - uy * 15, my + ux * 15
        r = 7 + 3 * (len(label) - 1)
        svg.rect(nx - r, ny - 7, 2 * r, 14, rx=7, fill="white", stroke=STRUCK, stroke_width=1.2)
        svg.text(nx, ny, label, size=10, fill=STRUCK, font_weight="bold")
    for v in inst.vertices:
        x, y = at(v)
        if v in inst.exits:
            svg.circle(x, y, 10, fill=EXIT, stroke="black")
        else:
            fill = WINNING if winning and v in winning else VERTEX
            if v == inst.start:
                fill = START
            svg.circle(x, y, 10, fill=fill, stroke="black")
        svg.text(*_label_at(inst, at, v), v, size=9)
    entries: list[LegendEntry] = []
    if inst.exits:
        entries.append(("dot", EXIT, "exit"))
    if inst.start is not None:
        entries.append(("dot", START, "start (the fugitive)"))
    others = [v for v in inst.vertices if v not in inst.exits and v != inst.start]
    if winning and any(v in winning for v in others):
        entries.append(("dot", WINNING, "the fugitive wins from here"))
    if any(not (winning and v in winning) for v in others):
        entries.append(("dot", VERTEX, "vertex"))
    entries.append(("line", EDGE, "edge"))
    if multi:
        entries.append(("text:2", "#a00", "copies of an edge"))
    if len(path) > 1:
        entries.append(("arrow", PATH, f"the {who}'s moves, numbered by round"))
    if deleted:
        entries.append(("struck", STRUCK, "deleted edge, numbered by the round it is deleted in"))
    note = None
    if strategy and (len(path) > 1 or deleted):
        note = "line of play: " + " → ".join(path) + (f"; {line.end}" if line.end else "")
    return with_legend(svg, entries, note=note, min_width=380)


def render_svg(
    inst: Instance,
    output: str | Path,
    *,
    winning: set[str] | None = None,
    strategy: Any = None,
    scale: float = 2.0,
) -> Path:
    """Write :func:`picture` to ``output`` (PNG at ``scale`` when it ends in ``.png``, else SVG)."""
    return picture(inst, winning=winning, strategy=strategy).save(output, scale=scale)
