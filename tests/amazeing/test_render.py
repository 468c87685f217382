"""aMAZEing pictures: one panel per turn (shift and walk) after the start, a legend, --scale."""

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from escapology.amazeing.api import load as load_position  # the protocol reads positions (the CLI helper is gone)
from escapology.amazeing.io import plan_from_json
from escapology.amazeing.render import plan_svg, replay_plan, svg_board
from escapology.amazeing.solver import Turn
from escapology.cli import app
from escapology.core.svg import png_size

runner = CliRunner()
PUBLISHED = Path(__file__).resolve().parents[2] / "examples" / "amazeing" / "published.json"
# the published example's 3-turn plan (escapology amazeing solve ... -f json)
PLAN = {"plan": [{"shift": "N1", "tile": "└", "path": [[0, 0]]}, {"shift": "N1", "tile": "┴", "path": [[0, 0]]},
                 {"shift": "N3", "tile": "─", "path": [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4], [1, 4], [1, 5], [2, 5]]}]}


def _titles(svg: str) -> list[str]:
    return re.findall(r">(start|turn \d+: [^<]*)<", svg)


def test_one_panel_per_turn_plus_the_start_with_a_legend():
    pos = load_position(PUBLISHED)
    turns = plan_from_json(pos, PLAN)
    text = plan_svg(pos, turns).svg()
    titles = _titles(text)
    assert len(titles) == len(turns) + 1 and titles[0] == "start"
    assert titles[1] == "turn 1: shift N1 └, stay" and titles[3] == "turn 3: shift N3 ─, walk 7 steps"
    for label in ("movable tile", "fixed tile", "passage", "treasure", "player 1 (red)", "target of player 1",
                  "player 2 (yellow)", "shiftable line", "line shifted this turn", "where the spare went in", "walk"):
        assert f">{label}<" in text, label
    final = replay_plan(pos, turns)[-1][0]
    assert final.players[0].cell == final.target_cell(0)


def test_a_position_alone_has_a_legend_without_turn_marks():
    text = svg_board(load_position(PUBLISHED)).svg()
    assert ">fixed tile<" in text and ">walk<" not in text and "line shifted this turn" not in text


def test_long_plans_are_capped():
    pos = load_position(PUBLISHED)
    turns, p = [], pos
    for _ in range(12):
        shift = p.legal_shifts()[0]
        turns.append(Turn(shift, p.spare, ()))
        p = p.apply(shift)
    text = plan_svg(pos, turns, max_panels=5).svg()
    assert len(_titles(text)) == 5 and "steps 4-11 of 12 are not drawn" in text


def test_render_cli_plan_panels_and_scale(tmp_path):
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps(PLAN))
    svg = tmp_path / "p.svg"
    res = runner.invoke(app, ["amazeing", "render", str(PUBLISHED), "--plan", str(plan), "-o", str(svg)])
    assert res.exit_code == 0, res.output
    assert len(_titles(svg.read_text())) == 4
    sizes = []
    for scale in ("1", "2.5"):
        png = tmp_path / f"p{scale}.png"
        res = runner.invoke(app, ["amazeing", "render", str(PUBLISHED), "-o", str(png), "--scale", scale])
        assert res.exit_code == 0, res.output
        sizes.append(png_size(png.read_bytes())[0])
    assert abs(sizes[1] - 2.5 * sizes[0]) <= 2
