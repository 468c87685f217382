"""Labyrinth pictures: one panel per push with the avatar's reachable set, the pushed line, a legend."""

import re
from pathlib import Path

from escapology.core.svg import png_size
from escapology.labyrinth.io import parse_instance
from escapology.labyrinth.model import Board, Push
from escapology.labyrinth.drawing import AVATAR, plan_svg, replay

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "labyrinth" / "small.lp"
PLAN = [Push(4, "n"), Push(5, "w"), Push(2, "n")]  # the example's 3-push plan


def _inst():
    return parse_instance(EXAMPLE.read_text(), file=str(EXAMPLE))


def _titles(svg: str) -> list[str]:
    return re.findall(r">(start|step \d+: push\(\d+,[nesw],\d+\)\.)<", svg)


def test_one_panel_per_push_plus_the_start_and_a_legend():
    text = plan_svg(_inst(), PLAN).svg()
    assert _titles(text) == ["start", "step 1: push(4,n,1).", "step 2: push(5,w,2).", "step 3: push(2,n,3)."]
    for label in ("connection", "fields the avatar can reach", "goal", "pushed line", "push direction"):
        assert f">{label}<" in text
    assert ">goal reached<" in text
    assert text.count('fill-opacity="0.3"') == 3  # one band per pushed line


def test_each_panel_shows_the_reachable_set_of_the_model():
    inst = _inst()
    frames = replay(inst, PLAN)
    board = Board.initial(inst)
    assert frames[0].reach == {inst.init_position}
    for f, push in zip(frames[1:], PLAN):
        board = board.push(push)
        assert f.board == board and f.reach == board.reachable(f.reach)
    text = plan_svg(inst, PLAN).svg()
    assert text.count(f'fill="{AVATAR}"') == sum(len(f.reach) for f in frames) + 1  # + the legend's dot
    assert frames[-1].goal in frames[-1].reach


def test_the_start_alone_and_no_push_marks_in_the_legend():
    text = plan_svg(_inst()).svg()
    assert _titles(text) == ["start"] and ">avatar<" in text and "pushed line" not in text


def test_long_plans_are_capped_with_a_note():
    pushes = [Push(1 + i % 6, "nesw"[i % 4]) for i in range(40)]
    text = plan_svg(_inst(), pushes, max_panels=10).svg()
    titles = _titles(text)
    assert len(titles) == 10 and titles[-1] == "step 40: push(4,w,40)."
    assert "steps 9-39 of 40 are not drawn" in text


def test_png_scale(tmp_path):
    pic = plan_svg(_inst(), PLAN)
    w1, h1 = png_size(pic.png(scale=1))
    w3, _ = png_size(pic.save(tmp_path / "p.png", scale=3).read_bytes())
    assert w1 == round(pic.width) and abs(w3 - 3 * w1) <= 2
