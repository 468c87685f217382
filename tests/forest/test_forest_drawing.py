"""Forest pictures: a legend of the marks and of every turn's roll, --scale."""

import json
import re

from typer.testing import CliRunner

from escapology.core.svg import png_size
from escapology.forest.cli import app
from escapology.forest.io import parse_instance
from escapology.forest.plan import plan_from_json
from escapology.forest.drawing import LEGEND_TURNS, render_svg
from forest.conftest import EXAMPLE

runner = CliRunner()


def _plan(inst):
    res = runner.invoke(app, ["solve", str(EXAMPLE), "-f", "json"])
    return plan_from_json(inst, json.loads(res.output))


def test_legend_names_the_marks_and_each_turns_roll():
    inst = parse_instance(EXAMPLE.read_text())
    text = render_svg(inst, _plan(inst)).svg()
    for label in ("start", "target", "special field", "field", "path", "a turn's number where it ends",
                  "turn 1: roll 4+2", "turn 2: roll 6+4", "turn 3: roll 4+6", "turn 4: roll 2+3"):
        assert f">{label}<" in text, label
    assert "30 fields, 33 edges, die 1..6; 4 turns" in text


def test_without_a_plan_no_turns_in_the_legend():
    text = render_svg(parse_instance(EXAMPLE.read_text())).svg()
    assert ">start<" in text and "turn 1" not in text and "where it ends" not in text


def test_many_turns_are_listed_up_to_a_cap():
    inst = parse_instance(EXAMPLE.read_text())
    plan = _plan(inst) * 8
    text = render_svg(inst, plan).svg()
    assert f">turn {LEGEND_TURNS}: roll" in text and f">turn {LEGEND_TURNS + 1}: roll" not in text
    note = " ".join(re.findall(r'font-style="italic"[^>]*>([^<]*)<', text))
    assert f"the rolls of turns {LEGEND_TURNS + 1}-32 are not listed" in note


def test_render_cli_scale(tmp_path):
    widths = []
    for scale in ("1", "2"):
        out = tmp_path / f"f{scale}.png"
        r = runner.invoke(app, ["render", str(EXAMPLE), "-o", str(out), "--scale", scale])
        assert r.exit_code == 0, r.output
        widths.append(png_size(out.read_bytes())[0])
    assert abs(widths[1] - 2 * widths[0]) <= 2
