"""Pictures in notebooks (issue 33): every game's instance and result, and the picture type, have
``_repr_svg_`` (:mod:`escapology.core.pictures`), which draws what ``render`` draws: the instance,
and a result's certificate on its instance."""

from __future__ import annotations

import dataclasses
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from escapology.core.pictures import Drawable, DrawnResult, render_svg
from escapology.core.svg import Svg
from escapology.games import GAMES

sys.path.insert(0, str(Path(__file__).parent))
from shipped import EXAMPLE, EXAMPLES  # noqa: E402

NS = "{http://www.w3.org/2000/svg}"
SVG = f"{NS}svg"


def parsed(text: str | None) -> ET.Element:
    """The SVG document ``text`` (a well-formed XML document whose root is an ``<svg>``)."""
    assert isinstance(text, str)
    root = ET.fromstring(text)
    assert root.tag == SVG
    return root


def texts(svg: str | None) -> list[str]:
    return [t.text or "" for t in parsed(svg).iter(f"{NS}text")]


#: the words a solved result's picture has and its instance's has not, from the certificate
MARKS = {
    "labyrinth": lambda r: [f"step {k}: {fact}" for k, fact in enumerate(r.facts().split(), 1)],
    "amazeing": lambda r: ["walk"],  # the last turn's walk, on the board after the plan
    "forest": lambda r: [f"turn {k}: roll {t.roll[0]}+{t.roll[1]}" for k, t in enumerate(r.certificate, 1)],
    "nemesis": lambda r: [f"line of play: {r.answer['start']} →", "deleted edge"],
    "chess": lambda r: [f"outcome: {r.certificate.outcome.value}"],
    "roma": lambda r: ["arrow of the solution"],
}


def solved(game_name: str):
    game = next(g for g in GAMES if g.name == game_name)
    module = game.protocol()
    inst = module.load(EXAMPLES / EXAMPLE[game_name])
    return module, inst, module.solve(inst, timeout=60)


@pytest.mark.parametrize("name", [g.name for g in GAMES])
def test_an_instance_is_drawn_as_render_draws_it(name):
    module, inst, _ = solved(name)
    assert isinstance(inst, Drawable)
    picture = inst._repr_svg_()
    parsed(picture)
    assert picture == module.render(inst).to_string()


@pytest.mark.parametrize("name", [g.name for g in GAMES])
def test_a_result_is_drawn_with_its_certificate_on_its_instance(name):
    module, inst, result = solved(name)
    assert isinstance(result, DrawnResult)
    assert result.status.value == "solved" and result.certificate is not None
    assert result.instance is inst  # solve says which instance it answered
    picture = result._repr_svg_()
    parsed(picture)
    assert picture == module.render(inst, result.certificate).to_string()
    assert picture != inst._repr_svg_()  # the certificate is drawn: not the bare instance
    # what the certificate adds to the picture's words (legend and titles), read off the certificate
    added = set(texts(picture)) - set(texts(inst._repr_svg_()))
    for mark in MARKS[name](result):
        assert any(t.startswith(mark) for t in added), (mark, added)


def test_the_certificate_shows_in_the_picture():
    """A closer look inside two pictures: Labyrinth's plan draws one panel per push, titled with
    the push, in order; Roma's solution draws a blue arrow in every cell the puzzle left empty."""
    _, inst, result = solved("labyrinth")
    pushes = result.facts().split()
    assert len(pushes) == len(result.certificate) >= 1
    panels = [t for t in texts(result._repr_svg_()) if t.startswith("step ")]
    assert panels == [f"step {k}: {fact}" for k, fact in enumerate(pushes, 1)]

    _, puzzle, answer = solved("roma")
    from escapology.roma.drawing import SOLVED

    def solved_arrows(svg: str | None) -> int:
        return sum(1 for g in parsed(svg).iter(f"{NS}g") if g.get("fill") == SOLVED and g.get("transform"))

    empty = sum(row.count(".") for row in puzzle.givens)
    assert empty > 0
    assert solved_arrows(puzzle._repr_svg_()) == 0
    assert solved_arrows(answer._repr_svg_()) == empty


def test_a_result_without_certificate_shows_its_instance():
    module, inst, _ = solved("labyrinth")
    none = dataclasses.replace(inst, max_steps=0)
    result = module.solve(none)
    assert result.status.value == "unsolvable" and result.certificate is None
    assert result._repr_svg_() == none._repr_svg_() == module.render(none).to_string()


def test_a_result_made_without_its_instance_has_no_picture():
    from escapology.chess.solver import solve as solve_exact

    _, inst, _ = solved("chess")
    bare = solve_exact(inst)  # the engine itself: it does not know the instance
    assert bare.instance is None and bare._repr_svg_() is None


def test_no_inline_picture_of_what_is_too_large_or_cannot_be_drawn():
    chess = next(g for g in GAMES if g.name == "chess").protocol()
    large = chess.generate(size=150)  # render draws it (about 2 MB), but not unasked
    assert large._repr_svg_() is None and render_svg(large, game="chess") is None
    assert chess.render(large).to_string().startswith("<svg")
    huge = chess.generate(size=500)  # render refuses it (InputError): no picture
    assert huge._repr_svg_() is None
    nemesis = next(g for g in GAMES if g.name == "nemesis").protocol()
    assert nemesis.generate(kind="grid", size=20)._repr_svg_() is None  # 400 cells, about 1,200 with edges
    assert nemesis.generate(kind="grid", size=5)._repr_svg_() is not None


def test_the_documented_limits_of_inline_pictures():
    """docs/index.md and escapology.core.pictures state the largest boards a notebook draws by
    itself: each game's registry entry draws the largest and not one step larger (the instances
    are made, not drawn)."""
    from escapology.roma import Puzzle

    inline = {g.name: g.inline_picture for g in GAMES}
    modules = {g.name: g.protocol() for g in GAMES}
    cases = {
        "labyrinth": (modules["labyrinth"].generate(size=30), modules["labyrinth"].generate(size=31)),
        "amazeing": (modules["amazeing"].generate(size=50), modules["amazeing"].generate(size=51)),
        "forest": (modules["forest"].generate(rows=50, cols=50), modules["forest"].generate(rows=50, cols=51)),
        "nemesis": (modules["nemesis"].generate(kind="grid", size=9), modules["nemesis"].generate(kind="grid", size=10)),
        "chess": (modules["chess"].generate(size=100), modules["chess"].generate(size=101)),
        "roma": tuple(Puzzle.from_labels([[0] * cols] * 100, ["." * cols] * 100) for cols in (100, 101)),
    }
    for name, (largest, larger) in cases.items():
        assert inline[name](largest) and not inline[name](larger), name
    grid = cases["nemesis"][0]
    assert len(grid.vertices) + len(grid.edges) <= 300 < len(cases["nemesis"][1].vertices) + len(cases["nemesis"][1].edges)


def test_a_generalized_roma_graph_has_no_picture():
    from escapology.roma import load

    graph = load(EXAMPLES / "roma" / "graph.lp")
    assert not isinstance(graph, Drawable)
    assert render_svg(graph, game="roma") is None  # render refuses: no picture, no traceback


def test_the_picture_type_shows_itself():
    svg = Svg(20, 10)
    svg.rect(0, 0, 20, 10, fill="white")
    assert svg._repr_svg_() == svg.to_string()
    parsed(svg._repr_svg_())


def test_ipython_displays_them_as_svg():
    """IPython's display formatter (what a notebook cell's output goes through) finds the
    pictures: ``image/svg+xml`` beside the text form."""
    formatters = pytest.importorskip("IPython.core.formatters")
    display = formatters.DisplayFormatter()
    module, inst, result = solved("roma")
    for thing in (inst, result, module.render(inst, result)):
        data, _ = display.format(thing)
        assert "text/plain" in data
        assert data["image/svg+xml"] == thing._repr_svg_()
    data, _ = display.format(next(g for g in GAMES if g.name == "chess").protocol().generate(size=150))
    assert "image/svg+xml" not in data
