"""Drawing a forest board and the turns of a plan: SVG/PNG, and a text board for grid forests.

Fields are drawn where the input puts them (``pos/3`` facts, the map's pixel coordinates, the grid
of :func:`~escapology.forest.generator.grid_forest`), otherwise where networkx's Kamada-Kawai (small
boards) or spring layout puts them. Special fields are blue, the start green, the target red; every
turn of a plan is a coloured polyline (a dashed line for a jump or a very long walk); the legend
names the colours and every turn's roll.

>>> from escapology.forest.generator import grid_forest
>>> print(text_board(grid_forest(2, 3, seed=0, rolls=0)))
S---o---o
0   1   2
|
*---o---T
3   4   5
(S start, T target, * special field, o field, -| path; under each field its number)
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from escapology.core.svg import LegendEntry, Svg, with_legend
from escapology.core.textboard import Key, legend
from escapology.core.wording import plural
from escapology.forest.model import Instance, Turn
from escapology.forest.walks import expand_walk, walk_length

COLOURS = ["#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6", "#9a6324", "#000075", "#808000"]
DRAW_STEPS = 2000  # walks longer than this are drawn as a dashed line from start to end
LEGEND_TURNS = 24  # the legend names the roll of at most this many turns
EDGE = "#cdbf9c"
FIELD = "#f4f1e8"
SPECIAL = "#5b8fd6"
START = "#3cb44b"
TARGET = "#d62728"


def layout(inst: Instance) -> dict[int, tuple[float, float]]:
    """Positions of all fields (the input's, else a networkx layout), y growing downwards."""
    b = inst.board
    if b.positions and len(b.positions) == b.n:
        return dict(b.positions)
    import networkx as nx  # networkx (~200 ms): only a board without stored positions needs a layout

    g = nx.Graph()
    g.add_nodes_from(range(b.n))
    g.add_edges_from(b.edges())
    if b.n <= 300:
        pos = nx.kamada_kawai_layout(g)
    else:
        pos = nx.spring_layout(g, seed=0, iterations=30)
    scale = max(4.0, b.n**0.5 * 1.5)
    return {v: (float(p[0]) * scale, float(p[1]) * scale) for v, p in pos.items()}


def render_svg(inst: Instance, plan: Sequence[Turn] = ()) -> Svg:
    """The board with the plan's turns drawn on it, and a legend naming every turn's roll."""
    b = inst.board
    pos = layout(inst)
    xs = [p[0] for p in pos.values()]
    ys = [p[1] for p in pos.values()]
    span = max(max(xs) - min(xs), max(ys) - min(ys), 1e-9)
    unit = 800.0 / span if span > 0 else 1.0
    unit = min(unit, 60.0)
    margin = 30.0
    r = max(3.0, min(12.0, unit * 0.22))

    def at(v: int) -> tuple[float, float]:
        x, y = pos[v]
        return (margin + (x - min(xs)) * unit, margin + (y - min(ys)) * unit)

    width = 2 * margin + (max(xs) - min(xs)) * unit
    height = 2 * margin + (max(ys) - min(ys)) * unit
    svg = Svg(width, height)
    svg.rect(0, 0, width, height, fill="white")
    for u, v in b.edges():
        (x1, y1), (x2, y2) = at(u), at(v)
        svg.line(x1, y1, x2, y2, stroke=EDGE, stroke_width=max(1.0, r * 0.45))
    turn_entries: list[LegendEntry] = []
    long_walk = False
    for i, turn in enumerate(plan):
        colour = COLOURS[i % len(COLOURS)]
        off = (i % 5 - 2) * r * 0.15
        roll = f"turn {i + 1}: roll {turn.roll[0]}+{turn.roll[1]}"
        if turn.jump is not None:
            (x1, y1), (x2, y2) = at(turn.jump[0]), at(turn.jump[1])
            svg.line(x1, y1, x2, y2, stroke=colour, stroke_width=2, stroke_dasharray="6,4")
            turn_entries.append(("dashed", colour, f"{roll}, a double: jump"))
            continue
        turn_entries.append(("line", colour, roll))
        for walk in turn.walks or []:
            if walk_length(walk) <= DRAW_STEPS:
                pts = [(at(v)[0] + off, at(v)[1] + off) for v in expand_walk(walk)]
                svg.polyline(pts, stroke=colour, stroke_width=max(2.0, r * 0.3), stroke_opacity=0.85,
                             stroke_linejoin="round")
            else:
                long_walk = True
                last = walk[-1]
                end = int(last["fields"][-1]) if isinstance(last, dict) else int(last)
                (x1, y1), (x2, y2) = at(int(walk[0])), at(end)
                svg.line(x1, y1, x2, y2, stroke=colour, stroke_width=2, stroke_dasharray="2,3")
    for v in range(b.n):
        x, y = at(v)
        fill = FIELD
        if v in b.special:
            fill = SPECIAL
        if v == inst.start:
            fill = START
        if v == inst.target:
            fill = TARGET
        svg.circle(x, y, r, fill=fill, stroke="#333", stroke_width=1)
        if b.n <= 400:
            svg.text(x, y, str(inst.label(v)), size=max(5.0, r * 0.9))
    for i, turn in enumerate(plan):
        x, y = at(turn.end)
        svg.text(x + r * 1.3, y - r * 1.3, str(i + 1), size=max(7.0, r), fill=COLOURS[i % len(COLOURS)], font_weight="bold")
    entries: list[LegendEntry] = [("dot", START, "start"), ("dot", TARGET, "target")]
    if set(b.special) - {inst.start, inst.target}:
        entries.append(("dot", SPECIAL, "special field"))
    entries += [("dot", FIELD, "field"), ("line", EDGE, "path")]
    if plan:
        entries.append(("text:1", COLOURS[0], "a turn's number where it ends"))
    entries += turn_entries[:LEGEND_TURNS]
    if long_walk:
        entries.append(("dashed", "#555", "a walk too long to draw: start to end"))
    note = f"{b.n} fields, {b.m} edges, die 1..{b.die}; {plural(len(plan), 'turn')}"
    if len(turn_entries) > LEGEND_TURNS:
        note += f"; the rolls of turns {LEGEND_TURNS + 1}-{len(plan)} are not listed (colours repeat every {len(COLOURS)})"
    return with_legend(svg, entries, note=note, min_width=420)


def save(inst: Instance, plan: Sequence[Turn], path: str | Path, *, scale: float = 2.0) -> Path:
    """Write the drawing to ``path`` (``.png`` through cairosvg at ``scale``, otherwise SVG)."""
    return render_svg(inst, plan).save(path, scale=scale)


#: the key to :func:`text_board`'s glyphs (its legend names those the board shows)
TEXT_KEYS = (Key("S", "start"), Key("T", "target"), Key("*", "special field"), Key("o", "field"),
             Key("1234567890", "where that turn ends"), Key("-|", "path"))


def text_board(inst: Instance, plan: Sequence[Turn] = ()) -> str:
    """A text drawing for boards whose fields sit on an integer grid (else a one-line summary).

    ``S`` start, ``T`` target, ``*`` special, ``o`` other fields, digits where a turn of the plan
    ends (turn 10 shows ``0``); under each field its number (the field's label, as every message names it), and a legend.
    """
    b = inst.board
    pos = b.positions or {}
    on_grid = len(pos) == b.n and all(float(x).is_integer() and float(y).is_integer() for x, y in pos.values())
    if on_grid:  # and every edge joins lattice neighbours
        on_grid = all(abs(pos[u][0] - pos[v][0]) + abs(pos[u][1] - pos[v][1]) == 1 for u, v in b.edges())
    if not on_grid:
        special = ", ".join(str(inst.label(v)) for v in sorted(b.special))
        return (
            f"{b.n} fields, {b.m} edges, die 1..{b.die}, start {inst.label(inst.start)}, "
            f"target {inst.label(inst.target)}, special: {special or '-'}"
        )
    cell = {(int(x), int(y)): v for v, (x, y) in pos.items()}
    x0, y0 = min(x for x, _ in cell), min(y for _, y in cell)
    cols = max(x for x, _ in cell) - x0 + 1
    rows = max(y for _, y in cell) - y0 + 1
    pitch = max(4, 1 + max(len(str(inst.label(v))) for v in range(b.n)))
    ends = {turn.end: str((i + 1) % 10) for i, turn in enumerate(plan)}
    width = pitch * (cols - 1) + pitch
    glyphs = [[" "] * width for _ in range(rows)]
    names = [[" "] * width for _ in range(rows)]
    below = [[" "] * width for _ in range(rows)]
    for (x, y), v in cell.items():
        i, j = y - y0, pitch * (x - x0)
        ch = "o"
        if v in b.special:
            ch = "*"
        if v in ends:
            ch = ends[v]
        if v == inst.start:
            ch = "S"
        if v == inst.target:
            ch = "T"
        glyphs[i][j] = ch
        label = str(inst.label(v))
        names[i][j:j + len(label)] = list(label)
        for w in b.adj[v]:
            xw, yw = pos[w]
            if int(yw) == y and int(xw) == x + 1:
                glyphs[i][j + 1:j + pitch] = ["-"] * (pitch - 1)
            elif int(xw) == x and int(yw) == y + 1:
                below[i][j] = "|"
    lines, drawn = [], []
    for i in range(rows):
        drawn.append("".join(glyphs[i]).rstrip())
        lines += [drawn[-1], "".join(names[i]).rstrip()]
        if i + 1 < rows:
            lines.append("".join(below[i]).rstrip())
            drawn.append(lines[-1])
    return "\n".join([*lines, legend(TEXT_KEYS, drawn, fields="under each field its number")])
