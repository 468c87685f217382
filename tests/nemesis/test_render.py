"""Nemesis pictures: the deleted edges struck through and numbered in order, the path, a legend."""

import json
import math
import re
from pathlib import Path

from typer.testing import CliRunner

from escapology.core.svg import png_size
from escapology.nemesis.cli import app
from escapology.nemesis.io import parse_instance
from escapology.nemesis.drawing import STRUCK, layout, line_of_play, picture

runner = CliRunner()
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "nemesis" / "small.lp"


def _solve(game: str) -> dict:
    r = runner.invoke(app, ["solve", str(EXAMPLE), "--game", game, "--format", "json"])
    assert r.exit_code == 0, r.output
    return json.loads(r.output)


def _inst():
    return parse_instance(EXAMPLE.read_text())


def test_nemesis_line_deletions_struck_in_order():
    inst = _inst()
    strategy = _solve("nemesis")["strategy"]
    line = line_of_play(strategy, inst.start)
    assert line.path == ["5", "1", "0"] and line.deletions == [("2", "4"), ("0", "3")]
    text = picture(inst, strategy=strategy).svg()
    assert text.count('stroke-dasharray="5,4"') == 2  # both deleted edges, struck
    # the numbers sit on the edges deleted first and second
    dx = float(re.search(r'<g transform="translate\(([-\d.]+),0\)">', text).group(1))
    labels = {}
    for m in re.finditer(rf'<text x="([-\d.]+)" y="([-\d.]+)" font-size="10" fill="{STRUCK}"[^>]*>(\d+)</text>', text):
        labels[int(m.group(3))] = (float(m.group(1)) + dx, float(m.group(2)))
    pos = layout(inst)
    minx = min(p[0] for p in pos.values())
    miny = min(p[1] for p in pos.values())

    def mid(a, b):
        (x1, y1), (x2, y2) = pos[a], pos[b]
        return dx + 40 + ((x1 + x2) / 2 - minx) * 50, 40 + ((y1 + y2) / 2 - miny) * 50

    assert sorted(labels) == [1, 2]
    for i, (a, b) in enumerate(line.deletions, start=1):
        assert math.dist(labels[i], mid(a, b)) < 20
    for label in ("exit", "start (the fugitive)", "edge", "the fugitive's moves, numbered by round",
                  "deleted edge, numbered by the round it is deleted in"):
        assert f">{label}<" in text
    assert "line of play: 5 → 1 → 0; the fugitive is trapped" in text


def test_fugitive_and_cat_lines():
    inst = _inst()
    line = line_of_play(_solve("blizzard")["strategy"], inst.start, inst.exits)
    assert line.path[0] == "5" and line.path[-1] in inst.exits and line.end == "the fugitive escapes"
    assert len(line.deletions) == len(line.path) - 2  # one deletion after each move but the escape
    cat = _solve("cat")
    line = line_of_play(cat, inst.start)
    assert line.path[0] == "5" and len(line.deletions) >= 1
    text = picture(inst, strategy=cat).svg()
    assert ">the cat's moves, numbered by round<" in text and "fugitive's moves" not in text


def test_without_strategy_only_the_marks_used():
    text = picture(_inst()).svg()
    assert ">exit<" in text and ">vertex<" in text and "deleted edge" not in text and "moves" not in text


def test_render_cli_scale(tmp_path):
    s = tmp_path / "s.json"
    s.write_text(json.dumps(_solve("nemesis")))
    widths = []
    for scale in ("1", "3"):
        out = tmp_path / f"n{scale}.png"
        r = runner.invoke(app, ["render", str(EXAMPLE), "--strategy", str(s), "-o", str(out), "--scale", scale])
        assert r.exit_code == 0, r.output
        widths.append(png_size(out.read_bytes())[0])
    assert abs(widths[1] - 3 * widths[0]) <= 2


# -- geometry: no edge (or move) passes through a vertex it does not join ------------------------

def _drawn(text):
    """The vertex discs, the edges and the arrows (polylines) and the round labels of a picture."""
    body = text[text.index("<g transform="):text.index("</g>")]  # the picture, without its legend
    num = r'"([-\d.e]+)"'
    discs = [(float(x), float(y)) for x, y in re.findall(rf'<circle cx={num} cy={num} r="10(?:\.0)?"', body)]
    rounds = [(float(x), float(y)) for x, y in re.findall(rf'<circle cx={num} cy={num} r="7" fill="orange"', body)]
    lines = {"edge": [], "arrow": []}
    for m in re.finditer(r"<(line|polyline) ([^>]*)/>", body):
        attrs = dict(re.findall(r'([\w-]+)="([^"]*)"', m.group(2)))
        kind = {"#555": "edge", "#aaa": "edge", "orange": "arrow"}.get(attrs.get("stroke"))
        if kind is None:
            continue
        if m.group(1) == "line":
            pts = [(float(attrs["x1"]), float(attrs["y1"])), (float(attrs["x2"]), float(attrs["y2"]))]
        else:
            pts = [tuple(map(float, p.split(","))) for p in attrs["points"].split()]
        lines[kind].append(pts)
    return discs, lines, rounds


def _to_segment(p, a, b):
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def _assert_clear(inst, text, what):
    discs, lines, rounds = _drawn(text)
    assert len(discs) == len(inst.vertices), what
    assert len(lines["edge"]) == len(inst.edges), what
    for kind, routes in lines.items():
        for route in routes:
            # the two vertices it joins: those nearest its ends (an arrow stops short of them)
            ends = {min(range(len(discs)), key=lambda i: math.dist(discs[i], route[0])),
                    min(range(len(discs)), key=lambda i: math.dist(discs[i], route[-1]))}
            for i, c in enumerate(discs):
                if i in ends:
                    continue
                near = min(_to_segment(c, a, b) for a, b in zip(route, route[1:]))
                assert near >= 10, f"{what}: an {kind} passes {near:.1f} px from the vertex at {c}"
    for r in rounds:  # a round's number is never under a vertex: clear of every disc, and drawn after them
        assert all(math.dist(r, c) >= 17 for c in discs), f"{what}: a round label under a vertex"
    if rounds:
        last_disc = max(m.start() for m in re.finditer(r'r="10(?:\.0)?"', text))
        assert last_disc < text.index('r="7" fill="orange"'), f"{what}: vertices drawn over the rounds"


def _pictures(inst):
    from escapology.nemesis import solve

    yield picture(inst)
    for game in ("nemesis", "blizzard"):
        result = solve(inst, game=game, timeout=30)
        if result.certificate is not None:
            yield picture(inst, strategy=result.certificate)


def test_no_edge_or_move_passes_through_a_vertex_on_the_examples():
    from escapology.nemesis import load

    folder = EXAMPLE.parent
    for name in ("small.lp", "multi.lp", "grid7.lp", "escape.graphml"):
        inst = load(folder / name)
        for pic in _pictures(inst):
            _assert_clear(inst, pic.svg(), name)


def test_no_edge_or_move_passes_through_a_vertex_on_random_small_graphs():
    from escapology.nemesis.generator import random_graph, random_subcubic, random_tree

    for seed in range(12):
        for inst in (random_graph(4 + seed % 9, 0.45, seed=seed), random_tree(5 + seed, seed=seed),
                     random_subcubic(6 + seed % 7, seed=seed)):
            for pic in _pictures(inst):
                _assert_clear(inst, pic.svg(), f"seed {seed}: {sorted(inst.edges)}")


def test_an_edge_along_a_row_of_the_grid_is_bent_around_the_cells_between():
    # the grid layout is fixed: r0c0 - r0c2 runs straight through r0c1 unless it is bent
    inst = parse_instance("edge(r0c0,r0c1). edge(r0c1,r0c2). edge(r0c0,r0c2). edge(r0c2,xe0_2). exit(xe0_2). "
                          "start(r0c0).")
    s = {"position": "r0c0", "moves": [{"move": "r0c2", "then": {"position": "r0c2", "moves": []}}]}
    text = picture(inst, strategy=s).svg()
    assert "<polyline" in text
    _assert_clear(inst, text, "grid row")
