"""Pictures (SVG/PNG) and a text board for grid instances.

>>> from escapology.nemesis.generator import grid
>>> print(text_board(grid(3, 3), {"r0c0", "r0c1", "r1c1"}))
  0 1 2
0 W W .
1 . S .
2 . . .
(S start, W a start the fugitive wins from, . vertex; vertex r<row>c<column>, 12 exits not drawn)
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from escapology.core.coordinates import Grid
from escapology.core.svg import LegendEntry, Svg, with_legend
from escapology.core.textboard import Key, glyph_board
from escapology.core.wording import plural
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


#: how the text board numbers a grid's rows and columns: vertex ``r{i}c{j}`` is drawn in row ``i``
#: and column ``j``, from 0 at the top left (the vertices' own names: Nemesis has no other)
GRID_NAMES = Grid(base=0)
#: the key to :func:`text_board` (its legend names those the board shows)
TEXT_KEYS = (Key("S", "start"), Key("W", "a start the fugitive wins from"), Key(".", "vertex"))


def text_board(inst: Instance, winning: set[str] | None = None) -> str | None:
    """For grid instances (vertices ``r{i}c{j}``): ``S`` start, ``W`` winning start, ``.`` other,
    blank where the grid has no vertex; rows and columns numbered as the vertices' names number them
    (:data:`GRID_NAMES`), then the legend. ``None`` for other graphs."""
    shape = _grid_shape(inst)
    if shape is None:
        return None
    rows, cols = shape
    cells = []
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
        cells.append(row)
    exits = f", {plural(len(inst.exits), 'exit')} not drawn" if inst.exits else ""
    return glyph_board(cells, GRID_NAMES, TEXT_KEYS, fields=f"vertex r<row>c<column>{exits}")


def layout(inst: Instance) -> dict[str, tuple[float, float]]:
    """Grid coordinates for grid instances, otherwise networkx's spring layout: of the seeds
    tried (:data:`LAYOUT_SEEDS`, small graphs), the first where no two vertices overlap and no edge
    passes a vertex it does not join, else the one with the fewest such faults (the picture bends
    the edges still passing one: :func:`edge_routes`)."""
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
    seeds = range(LAYOUT_SEEDS) if len(inst.vertices) <= MAX_CHECKED_VERTICES else range(1)
    best: tuple[tuple[int, int], dict[str, tuple[float, float]]] | None = None
    for seed in seeds:
        raw = nx.spring_layout(g, seed=seed)
        out = {v: (float(p[0]) * 5, float(p[1]) * 5) for v, p in raw.items()}
        if len(seeds) == 1:
            return out
        faults = _layout_faults(inst, {v: (x * SCALE, y * SCALE) for v, (x, y) in out.items()})
        if best is None or faults < best[0]:
            best = (faults, out)
        if faults == (0, 0):
            break
    assert best is not None
    return best[1]


#: a vertex's radius and the nearest an edge (or an arrow along it) passes to a vertex it does not
#: join, in pixels; pixels per unit of :func:`layout` (a grid's cells are wider)
RADIUS = 10.0
CLEARANCE = RADIUS + 4.0
SCALE, GRID_SCALE = 50.0, 64.0
#: the spring layout's seeds tried, and the largest graph whose layout and edges are checked
LAYOUT_SEEDS = 12
MAX_CHECKED_VERTICES = 400
MAX_CHECKED_EDGES = 2000


def _distances(points: "Any", route: list[tuple[float, float]]) -> "Any":
    """The distance of each of ``points`` (an n x 2 array) to the polyline ``route``."""
    import numpy as np  # numpy: only a picture's geometry needs it

    best = np.full(len(points), np.inf)
    for (ax, ay), (bx, by) in zip(route, route[1:]):
        a = np.array([ax, ay])
        d = np.array([bx - ax, by - ay])
        length = float(d @ d)
        t = np.zeros(len(points)) if length == 0 else np.clip((points - a) @ d / length, 0.0, 1.0)
        best = np.minimum(best, np.hypot(*(points - (a + t[:, None] * d)).T))
    return best


def _passes(names: list[str], points: "Any", route: list[tuple[float, float]], ends: tuple[str, ...]) -> float:
    """How near ``route`` comes to a vertex other than ``ends`` (infinity when there is none)."""
    d = _distances(points, route)
    others = [i for i, v in enumerate(names) if v not in ends]
    return float(d[others].min()) if others else float("inf")


def _layout_faults(inst: Instance, px: dict[str, tuple[float, float]]) -> tuple[int, int]:
    """(vertex pairs that overlap, edges that pass a vertex they do not join), in pixels ``px``."""
    import numpy as np  # (numpy, as above)

    names = list(px)
    points = np.array([px[v] for v in names])
    overlaps = 0
    for i in range(len(names)):
        near = np.hypot(*(points[i + 1:] - points[i]).T) < 2.5 * RADIUS
        overlaps += int(near.sum())
    passing = sum(1 for a, b in inst.edges if _passes(names, points, [px[a], px[b]], (a, b)) < CLEARANCE)
    return overlaps, passing


def _bezier(a: tuple[float, float], c: tuple[float, float], b: tuple[float, float], n: int = 24) -> list[tuple[float, float]]:
    return [((1 - t) ** 2 * a[0] + 2 * t * (1 - t) * c[0] + t * t * b[0],
             (1 - t) ** 2 * a[1] + 2 * t * (1 - t) * c[1] + t * t * b[1]) for t in (i / n for i in range(n + 1))]


#: how far a bent edge's control point lies from its chord, in chord lengths, in the order tried
_BENDS = (0.3, -0.3, 0.5, -0.5, 0.75, -0.75, 1.0, -1.0, 1.4, -1.4, 2.0, -2.0)


def edge_routes(inst: Instance, px: dict[str, tuple[float, float]]) -> dict[tuple[str, str], list[tuple[float, float]]]:
    """How each edge is drawn between the vertices at pixels ``px``: the straight segment, or, when
    that passes within :data:`CLEARANCE` of a vertex it does not join (so that a move along it
    would read as a move onto that vertex), a curve bent around it (a polyline of a quadratic
    Bezier curve, the least bend that clears every vertex). Graphs above
    :data:`MAX_CHECKED_VERTICES` vertices or :data:`MAX_CHECKED_EDGES` edges are drawn straight."""
    import numpy as np  # (numpy, as above)

    routes = {(a, b): [px[a], px[b]] for a, b in inst.edges}
    if len(px) > MAX_CHECKED_VERTICES or len(routes) > MAX_CHECKED_EDGES:
        return routes
    names = list(px)
    points = np.array([px[v] for v in names])
    for (a, b), straight in routes.items():
        if _passes(names, points, straight, (a, b)) >= CLEARANCE:
            continue
        (x1, y1), (x2, y2) = straight
        mx, my, dx, dy = (x1 + x2) / 2, (y1 + y2) / 2, x2 - x1, y2 - y1
        tried = []
        for h in _BENDS:
            route = _bezier((x1, y1), (mx - dy * h, my + dx * h), (x2, y2))
            # how near it comes to the other vertices, and to their names (written below them)
            tried.append((_passes(names, points, route, (a, b)),
                          _passes(names, points + (0.0, 22.0), route, (a, b)), route))
        # the least bend that keeps well clear (a vertex's diameter, off the names), else clear, else the clearest
        routes[(a, b)] = next((r for d, n, r in tried if d >= 2 * RADIUS and n >= 8), None) \
            or next((r for d, _, r in tried if d >= CLEARANCE), None) or max(tried, key=lambda t: t[0])[2]
    return routes


def _along(route: list[tuple[float, float]], frac: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """The point ``frac`` of the way along ``route`` and the unit direction there."""
    lengths = [math.dist(p, q) for p, q in zip(route, route[1:])]
    goal = frac * sum(lengths)
    for (p, q), d in zip(zip(route, route[1:]), lengths):
        if goal <= d and d > 0:
            t = goal / d
            return (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])), ((q[0] - p[0]) / d, (q[1] - p[1]) / d)
        goal -= d
    p, q = route[-2], route[-1]
    d = math.dist(p, q) or 1.0
    return q, ((q[0] - p[0]) / d, (q[1] - p[1]) / d)


def _trimmed(route: list[tuple[float, float]], start: float, end: float) -> list[tuple[float, float]]:
    """``route`` without its first ``start`` and last ``end`` pixels (an arrow between two discs)."""
    total = sum(math.dist(p, q) for p, q in zip(route, route[1:])) or 1.0
    a, b = start / total, 1 - end / total
    if a >= b:
        return [_along(route, 0.5)[0]] * 2
    head, _ = _along(route, a)
    tail, _ = _along(route, b)
    inner, walked = [], 0.0
    for p, q in zip(route, route[1:]):
        walked += math.dist(p, q)
        if a * total < walked < b * total:
            inner.append(q)
    return [head, *inner, tail]


def _label_spot(route: list[tuple[float, float]], px: dict[str, tuple[float, float]],
                taken: list[tuple[tuple[float, float], float]], room: float, side: float = 1.0) -> tuple[float, float]:
    """Where a label of radius ``room`` goes beside ``route``: near its middle, on either side,
    clear of every vertex disc and of the labels ``taken`` (``(centre, radius)``: the vertices'
    names, the labels placed before); the clearest spot when none is clear."""
    best, best_gap = None, -math.inf
    for frac in (0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8):
        (mx, my), (ux, uy) = _along(route, frac)
        for off in (side * (room + 5), -side * (room + 5), side * (room + 12), -side * (room + 12)):
            spot = (mx + uy * off, my - ux * off)
            gap = min([math.dist(spot, p) - RADIUS - room for p in px.values()]
                      + [math.dist(spot, t) - r - room for t, r in taken] + [math.inf])
            if gap >= 2:
                return spot
            if gap > best_gap:
                best, best_gap = spot, gap
    assert best is not None
    return best


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
    scale, pad = (GRID_SCALE if _grid_shape(inst) else SCALE), 40.0
    minx, miny = min(xs), min(ys)
    px = {v: (pad + (x - minx) * scale, pad + (y - miny) * scale) for v, (x, y) in pos.items()}

    def at(v: str) -> tuple[float, float]:
        return px[v]

    svg = Svg(2 * pad + (max(xs) - minx) * scale, 2 * pad + (max(ys) - miny) * scale)
    svg.rect(0, 0, svg.width, svg.height, fill="white")
    strategy = json_of(strategy)
    cat = isinstance(strategy, dict) and ("certificate" in strategy or "herder" in strategy)
    who = "cat" if cat else "fugitive"
    line = line_of_play(strategy, inst.start, set(inst.exits)) if strategy else Line()
    key = Instance.key
    routes = edge_routes(inst, px)
    deleted: dict[tuple[str, str], list[int]] = {}
    for i, (a, b) in zip(line.rounds, line.deletions):
        deleted.setdefault(key(a, b), []).append(i)
    multi = False
    # the vertices' names and the labels placed so far, each (centre, radius): a label keeps clear of them
    labels = [(_label_at(inst, at, v), max(6.0, 2.6 * len(v))) for v in inst.vertices]
    for (a, b), k in inst.edges.items():
        route = routes[(a, b)]
        left = k - len(deleted.get((a, b), []))
        style = (dict(stroke=EDGE, stroke_width=1 + left) if left > 0
                 else dict(stroke="#aaa", stroke_width=2, stroke_dasharray="5,4"))
        if len(route) == 2:
            (x1, y1), (x2, y2) = route
            svg.line(x1, y1, x2, y2, **style)
        else:
            svg.polyline(route, **style)
        if k > 1:
            multi = True
            (mx, my), _ = _along(route, 0.5)
            svg.text(mx, my - 4, str(k), size=10, fill="#a00")
    rounds = []
    path = [v for v in line.path if v in pos]
    for r, (u, v) in enumerate(zip(path, path[1:]), start=1):
        route = routes.get((u, v)) or list(reversed(routes.get((v, u)) or [at(v), at(u)]))
        shaft = _trimmed(route, RADIUS + 1, RADIUS + 2)
        svg.arrow_along(shaft, colour=PATH, width=4, head=13, opacity=0.9)
        spot = _label_spot(route, px, labels, 7)  # the round, beside the arrow, clear of every vertex
        labels.append((spot, 7.0))
        rounds.append((spot, str(r)))
    struck = []
    for (a, b), numbers in deleted.items():
        route = routes[(a, b)]
        (mx, my), (ux, uy) = _along(route, 0.5)
        c = 6.0
        for sx in (1, -1):  # a cross on the edge
            svg.line(mx - c * ux - sx * c * uy, my - c * uy + sx * c * ux,
                     mx + c * ux + sx * c * uy, my + c * uy - sx * c * ux, stroke=STRUCK, stroke_width=2.5)
        label = ",".join(str(i) for i in numbers)
        r = 7 + 3 * (len(label) - 1)
        spot = _label_spot(route, px, labels, r, side=-1.0)
        labels.append((spot, float(r)))
        struck.append((spot, r, label))
    for v in inst.vertices:
        x, y = at(v)
        if v in inst.exits:
            svg.circle(x, y, RADIUS, fill=EXIT, stroke="black")
        else:
            fill = WINNING if winning and v in winning else VERTEX
            if v == inst.start:
                fill = START
            svg.circle(x, y, RADIUS, fill=fill, stroke="black")
        svg.text(*_label_at(inst, at, v), v, size=9)
    for (nx, ny), r, label in struck:  # the labels last: no vertex hides one
        svg.rect(nx - r, ny - 7, 2 * r, 14, rx=7, fill="white", stroke=STRUCK, stroke_width=1.2)
        svg.text(nx, ny, label, size=10, fill=STRUCK, font_weight="bold")
    for (mx, my), label in rounds:
        svg.circle(mx, my, 7, fill=PATH, stroke="white", stroke_width=1)
        svg.text(mx, my, label, size=9, fill="black", font_weight="bold")
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
