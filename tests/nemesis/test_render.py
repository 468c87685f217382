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
