"""Coordinates are stated once per game (core.coordinates.Grid, each game's model.COORDINATES) and
every view follows them: the pictures' axis labels, the messages, the docs and the web's list."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from escapology.core.coordinates import Grid
from escapology.games import GAMES

ROOT = Path(__file__).resolve().parents[2]
GRIDS = st.builds(Grid, base=st.sampled_from([0, 1]), rows_up=st.booleans(), column_first=st.booleans(),
                  separator=st.sampled_from([",", ", "]))


@given(GRIDS, st.integers(1, 12), st.integers(1, 12), st.data())
def test_at_and_drawn_are_inverse_and_agree_with_the_labels(grid: Grid, rows: int, cols: int, data) -> None:
    i = data.draw(st.integers(0, rows - 1))
    j = data.draw(st.integers(0, cols - 1))
    a, b = grid.at(i, j, rows)
    assert grid.drawn(a, b, rows) == (i, j)
    row, col = (b, a) if grid.column_first else (a, b)
    assert (str(row), str(col)) == (grid.row_label(i, rows), grid.column_label(j))
    assert grid.name_drawn(i, j, rows) == f"({a}{grid.separator}{b})"


def test_every_pair_of_a_board_is_named_once() -> None:
    grid = Grid(base=1, rows_up=True, column_first=True)
    pairs = {grid.at(i, j, 5) for i in range(5) for j in range(4)}
    assert len(pairs) == 20 and pairs == {(x, y) for x in range(1, 5) for y in range(1, 6)}


GRID_GAMES = {"labyrinth": "(x,y)", "amazeing": "(row,column)", "chess": "(x, y)", "roma": "(row,column)"}


@pytest.mark.parametrize("game", [g for g in GAMES])
def test_each_board_game_states_its_coordinates_and_its_page_says_the_same(game) -> None:
    coords = game.coordinates()
    if game.name not in GRID_GAMES:  # played on graphs: fields and vertices are named by their labels
        assert coords is None
        return
    assert coords.describe().startswith(f"a field is {GRID_GAMES[game.name]}")
    page = (ROOT / "docs" / f"{game.name}.md").read_text(encoding="utf-8")
    assert coords.describe() in page, f"docs/{game.name}.md does not state: {coords.describe()}"
    json.dumps(coords.to_json())  # what /api/games sends


def _svg_texts(svg: str) -> list[str]:
    return re.findall(r"<text[^>]*>([^<]*)</text>", svg)


def test_amazeing_picture_and_checker_name_cells_alike() -> None:
    from escapology import amazeing
    from escapology.amazeing.model import COORDINATES

    pos = amazeing.generate(seed=2)
    svg = amazeing.render(pos).svg()
    texts = _svg_texts(svg)
    for j in range(pos.cols):
        assert COORDINATES.column_label(j) in texts
    result = amazeing.solve(pos, max_turns=4)
    plan = result.to_json()["plan"]
    last = plan[-1]["path"][-1]  # [row, column], as the JSON writes it
    assert COORDINATES.name(*last) in result.to_text()


def test_roma_checker_names_the_cell_the_picture_numbers() -> None:
    from escapology import roma
    from escapology.roma.model import COORDINATES

    puzzle = roma.load("https://puzz.link/p?roma/3/3/70og4a322c5")
    grid = ["..." for _ in range(puzzle.rows)]
    verdict = roma.check(puzzle, grid)
    assert not verdict.ok
    named = re.findall(r"\((\d+),(\d+)\)", verdict.errors[0])
    assert named, verdict.errors
    r, c = map(int, named[0])
    assert 0 <= r < puzzle.rows and 0 <= c < puzzle.cols  # counted from 0, as the picture's labels
    texts = _svg_texts(roma.render(puzzle).svg())
    assert COORDINATES.row_label(r, puzzle.rows) in texts and COORDINATES.column_label(c) in texts


def test_chess_messages_use_the_pictures_numbers() -> None:
    from escapology import chess
    from escapology.chess.model import COORDINATES

    inst = chess.load(ROOT / "examples" / "chess" / "alice.txt")
    from escapology.chess.solver import explain

    text = explain(inst, chess.solve(inst))
    assert COORDINATES.name(*inst.alice) in text
    texts = _svg_texts(chess.render(inst).svg())
    assert [str(k) for k in range(1, inst.n + 1)] == sorted(set(texts) & {str(k) for k in range(1, inst.n + 1)},
                                                            key=int)
