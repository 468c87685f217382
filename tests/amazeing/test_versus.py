"""SP-Versus (Definition 2): the bounded search against plain minimax, and the bot."""

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from escapology.amazeing.bruteforce import forced_win_bruteforce
from escapology.amazeing.generator import published_position, random_position
from escapology.amazeing.solver import fewest_turns
from escapology.amazeing.versus import forced_win, peeking_bot_move
from escapology.core.results import Status


@settings(max_examples=40, deadline=None)
@given(
    shape=st.sampled_from([(2, 3), (3, 2), (2, 2), (3, 3)]),
    seed=st.integers(0, 10**6),
    turns=st.sampled_from([1, 2]),
)
def test_forced_win_equals_minimax(shape, seed, turns):
    rows, cols = shape
    pos = random_position(rows, cols, seed=seed, players=2, shapes="IILT")
    if (rows, cols) == (3, 3) and turns == 2:
        pos = replace(pos, spare=0b0101)  # an I spare keeps the minimax small
    if not pos.legal_shifts():
        return
    res = forced_win(pos, turns)
    assert (res.status is Status.SOLVED) == forced_win_bruteforce(pos, turns)


def test_winning_move_really_reaches_the_target():
    for seed in range(20):
        pos = published_position(seed, players=2)
        res = forced_win(pos, 1)
        if res.move is not None:
            after = pos.apply(res.move.shift, res.move.tile)
            assert res.move.to == after.target_cell(0)
            assert res.move.to in after.reachable(after.players[0].cell)


def test_racing_differs_from_solo_and_matches_minimax():
    """Deterministic corpus: 2-turn forced wins that need the second turn exist, and so do
    positions where she needs 2 turns alone but the opponent's turn in between spoils every plan."""
    deep = spoiled = 0
    for seed in range(60):
        pos = random_position(2, 3, seed=seed, players=2, shapes="IILT")
        one, two = forced_win(pos, 1), forced_win(pos, 2)
        assert (two.status is Status.SOLVED) == forced_win_bruteforce(pos, 2)
        solo = fewest_turns(pos, max_turns=2).turns
        if one.status is Status.UNSOLVABLE and two.status is Status.SOLVED:
            deep += 1
        if solo == 2 and two.status is Status.UNSOLVABLE:
            spoiled += 1
        if two.status is Status.SOLVED:
            assert solo is not None and solo <= 2  # racing is never easier than playing alone
    assert deep > 0 and spoiled > 0


def test_bot_takes_an_immediate_win_and_returns_legal_moves():
    for seed in range(6):
        pos = published_position(seed, players=2)
        move = peeking_bot_move(pos, budget=0.3)
        assert move.shift in pos.legal_shifts()
        after = pos.apply(move.shift, move.tile)
        assert move.to in after.reachable(after.players[0].cell)
        if forced_win(pos, 1).move is not None:
            assert move.to == after.target_cell(0)
