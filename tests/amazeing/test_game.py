"""Full games: collecting cards in order, returning home, turn order; the pictures."""

from dataclasses import replace

import pytest

from escapology.amazeing.game import HOME, bot_player, collect, play_game, play_turn, start_game
from escapology.amazeing.generator import published_position
from escapology.amazeing.model import Player, Position, Shift, mask
from escapology.amazeing.drawing import svg_board, text_board
from escapology.amazeing.versus import Move


def corridor() -> Position:
    # a loop around a closed centre: every cell of the ring is reachable from every other
    return Position.from_glyphs(
        ["┌─┐", "│·│", "└─┘"], spare="─", fixed="none",
        treasures={"A": 2, "B": 8}, players=(Player("red", 0, None, ("A", "B"), 0), Player("blue", 6, None, (), 6)),
    )


def test_cards_in_order_then_home():
    pos = start_game(corridor())
    assert pos.players[0].target == "A" and pos.players[0].cards == ("B",)
    assert pos.players[1].target == HOME + "blue"
    # red: shift row 1 with an I tile turned north-south, walk along the top to A
    pos, event = play_turn(pos, Move(Shift("W", 1), mask("│"), 2))
    assert event == "found A" and pos.players[0].target == "B" and pos.to_move == 1


def test_walking_to_an_unreachable_cell_is_refused():
    pos = start_game(corridor())
    with pytest.raises(ValueError, match="not reachable"):
        play_turn(pos, Move(Shift("W", 1), mask("─"), 8))


def test_collect_does_nothing_off_target():
    pos = start_game(corridor())
    assert collect(pos, 0) == (pos, None)


def test_bots_finish_a_published_game():
    pos = start_game(published_position(seed=11, players=2, cards=2))
    result = play_game(pos, [bot_player(0.2), bot_player(0.2)], max_turns=150)
    assert result.winner is not None
    winner = result.position.players[result.winner]
    assert winner.cell == winner.home and winner.cards == ()
    assert sum(1 for _, _, e in result.moves if e and e.startswith("found")) >= 2
    assert [w for w, _, _ in result.moves[:4]] == [0, 1, 0, 1]


def test_pictures_show_every_piece():
    pos = published_position(seed=1, players=4)
    svg = svg_board(pos, walk=[0, 1], legend=False).to_string()
    assert svg.count("<circle") == 8 and svg.count("<polyline") == 1  # 4 players and their 4 targets
    svg = svg_board(pos, walk=[0, 1]).to_string()
    assert all(f">player {i} (" in svg and f">target of player {i}<" in svg for i in range(1, 5))
    assert all(f">{t}<" in svg for t in pos.treasures)
    text = text_board(replace(pos, last_shift=Shift("N", 1)))
    board, key = text.split("\n(")[0], text.split("\n(")[1].splitlines()[0]
    assert "spare" in board and "S1 is forbidden" in text and board.count("→") == 3  # the shiftable rows
    assert "↓↑→← shiftable line" in key and "1-4 player" in key
