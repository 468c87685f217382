"""The game bot reads no hidden information: its move does not change when the opponent's secret
cards do; the text board of a game shows only the player's own target unless asked."""

import random
from dataclasses import replace

from typer.testing import CliRunner

from escapology.amazeing.bot import bot_move, cards_left, opponent_targets
from escapology.amazeing.game import HOME, play_turn, start_game
from escapology.amazeing.generator import published_position
from escapology.amazeing.model import rotations
from escapology.amazeing.drawing import text_board
from escapology.cli import app


def with_other_cards(pos, who, rng):
    """The position with player ``who``'s secret cards redealt (same stack height)."""
    p = pos.players[who]
    mine = {pos.players[pos.to_move].target, *pos.players[pos.to_move].cards}
    names = [n for n in pos.treasures if not n.startswith(HOME) and n not in mine]
    rng.shuffle(names)
    if cards_left(p) == 0:
        return pos
    cards = names[: cards_left(p)]
    ps = list(pos.players)
    ps[who] = replace(p, target=cards[0], cards=tuple(cards[1:]))
    return replace(pos, players=tuple(ps))


def test_the_move_does_not_depend_on_the_opponents_cards():
    rng = random.Random(5)
    for seed in range(6):
        pos = start_game(published_position(seed, players=2, cards=3))
        for _ in range(3):  # a few turns into the game
            move = bot_move(pos, budget=0.2)
            for _ in range(2):
                other = with_other_cards(pos, 1 - pos.to_move, rng)
                assert bot_move(other, budget=0.2) == move
            pos, _ = play_turn(pos, move)


def test_moves_are_legal_and_an_immediate_collect_is_taken():
    for seed in range(6):
        pos = start_game(published_position(seed, players=2, cards=2))
        move = bot_move(pos, budget=0.2)
        after = pos.apply(move.shift, move.tile)
        assert move.to in after.reachable(after.players[0].cell)
        collect_now = any(
            after2.target_cell(0) in after2.reachable(after2.players[0].cell)
            for s in pos.legal_shifts()
            for after2 in (pos.apply(s, t) for t in rotations(pos.spare))
        )
        if collect_now:
            assert move.to == after.target_cell(0)


def test_the_opponents_target_distribution():
    pos = start_game(published_position(2, players=2, cards=2))
    dist = opponent_targets(pos, 0, 1)
    assert abs(sum(dist.values()) - 1) < 1e-9
    me = pos.players[0]
    assert me.target not in dist and not set(me.cards) & set(dist)
    assert pos.players[1].target in dist  # his real target is possible, not singled out
    assert len(dist) == 24 - 2
    home = replace(pos.players[1], target=HOME + pos.players[1].name, cards=())
    pos = replace(pos, players=(pos.players[0], home))
    assert opponent_targets(pos, 0, 1) == {HOME + home.name: 1.0}


def test_the_text_board_hides_other_targets():
    pos = start_game(published_position(2, players=2, cards=2))
    mine = text_board(pos, [0])
    assert f"target {pos.players[0].target}" in mine and "target hidden" in mine
    assert f"target {pos.players[1].target} " not in mine
    everyone = text_board(pos)
    assert f"target {pos.players[1].target} " in everyone and "hidden" not in everyone


def test_play_shows_only_the_own_target_unless_asked():
    runner = CliRunner()
    pos = start_game(published_position(3, players=2, cards=1))
    args = ["amazeing", "play", "--seed", "3", "--cards", "1", "--max-turns", "1"]
    res = runner.invoke(app, args, input="N1 0\n")
    assert res.exit_code == 0 and "2 yellow on (0,6), target hidden" in res.output
    assert f"target {pos.players[0].target} " in res.output
    res = runner.invoke(app, args + ["--show-all-targets"], input="N1 0\n")
    assert res.exit_code == 0 and "hidden" not in res.output
    assert f"target {pos.players[1].target} " in res.output


def test_native_move_values_match_the_rules_engine():
    """The native one-ply values against a plain count with the rules engine (model.py)."""
    from escapology import _native
    from escapology.amazeing import native
    from escapology.amazeing.model import Shift

    if not native.available():
        return
    rng = random.Random(3)
    for seed in (1, 6):
        pos = start_game(published_position(seed, players=2, cards=2))
        view = replace(pos, players=(pos.players[0], replace(pos.players[1], target=None, cards=())))
        args = native.race_arguments(view)
        names = sorted(n for n in pos.treasures if not n.startswith(HOME))[:5]
        targets = [(pos.treasures[n], 0.2) for n in names]
        values = _native.amazeing_move_values(view.rows, view.cols, args["fixed"], args["tiles"], args["spare"],
                                              args["forbidden"], args["me"], args["opp"], args["my_target"], targets)
        for side, index, tile, threat, cells in rng.sample(values, 3):
            after = pos.apply(Shift(side, index), tile)
            replies = [(s, t) for s in after.legal_shifts() for t in rotations(after.spare)]
            reached = set()
            for s, t in replies:
                r = after.apply(s, t)
                his = r.reachable(r.players[1].cell)
                reached |= {n for n in names if r.treasures[n] in his}
            assert abs(threat - 0.2 * len(reached)) < 1e-9
            for cell, share in rng.sample(cells, min(2, len(cells))):
                mine = after.move_player(0, cell)
                good = 0
                for s, t in replies:
                    r = mine.apply(s, t)
                    good += any(
                        r2.target_cell(0) in r2.reachable(r2.players[0].cell)
                        for s2 in r.legal_shifts() for r2 in (r.apply(s2, t2) for t2 in rotations(r.spare))
                    )
                assert abs(share - good / len(replies)) < 1e-9


def test_the_python_scoring_reads_no_hidden_information_either(monkeypatch):
    """Without the native values (no extension, or boards over 64 cells) the Python scoring runs."""
    from escapology.amazeing import bot

    monkeypatch.setattr(bot, "_native_values_available", lambda view: False)
    rng = random.Random(7)
    for seed in range(3):
        pos = start_game(published_position(seed, players=2, cards=3))
        move = bot_move(pos, budget=0.2)
        after = pos.apply(move.shift, move.tile)
        assert move.to in after.reachable(after.players[pos.to_move].cell)
        assert bot_move(with_other_cards(pos, 1, rng), budget=0.2) == move
