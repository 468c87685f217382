"""The play API (escapology.forest.play): the turns it allows are exactly those of the plain
simulation (every walk spelled out), its walks are legal turns, and no turn is played after the end."""

import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent))  # the helpers beside this file (importlib mode)

from strategies import instances  # noqa: E402

from escapology.core.errors import InputError  # noqa: E402
from escapology.forest import check  # noqa: E402
from escapology.forest.certificate import Plan  # noqa: E402
from escapology.forest.play import Game, GameOver, IllegalTurn, turn_walks  # noqa: E402
from escapology.forest.simulate import turns_from  # noqa: E402


@settings(max_examples=150, deadline=None)
@given(instances(max_fields=7, max_die=3, max_rolls=3), st.data())
def test_the_turns_allowed_are_the_simulation_s_and_their_walks_are_legal(inst, data) -> None:  # type: ignore[no-untyped-def]
    game = Game(inst, inst.start)
    if game.over:
        with pytest.raises(GameOver, match="^the game is over: the target is reached$"):
            game.push(inst.start)
        return
    roll = inst.rolls[0]
    plain = turns_from(inst.board, inst.start, roll)
    assert game.ends() == sorted(plain)
    to = data.draw(st.integers(0, inst.board.n - 1))
    if to not in plain:
        if plain:
            with pytest.raises(IllegalTurn, match="cannot end on field"):
                game.push(to)
        else:
            with pytest.raises(GameOver, match="allows no turn"):
                game.push(to)
        return
    after = game.push(to)
    assert (after.position, after.played) == (to, 1)
    turn = turn_walks(inst, inst.start, roll, to)
    if to == inst.start:
        assert turn is None
        return
    one = inst.__class__(inst.board, inst.start, to, (roll,))
    assert check(one, Plan((turn,))).ok


def test_the_end_of_the_game() -> None:
    from escapology.forest import load

    inst = load("edge(1,2). edge(2,3). edge(3,4). start(1). target(4). die(2).")
    field = inst.board.index
    game = Game.start(inst, turns=2)
    assert game.over is None and game.next_roll is None
    with pytest.raises(IllegalTurn, match="give the roll"):
        game.push(field[2])
    with pytest.raises(IllegalTurn, match="the die has faces 1..2"):
        game.push(field[2], (3, 1))
    once = game.push(field[2], (1, 2))
    twice = once.push(field[2], (2, 2))
    assert twice.over == "the 2 turns are played" and not twice.won
    with pytest.raises(GameOver, match="^the game is over: the 2 turns are played$"):
        twice.push(field[2], (2, 2))
    won = game.push(field[4], (1, 2))
    assert won.won and won.over == "the target is reached"
    with pytest.raises(GameOver, match="the target is reached"):
        won.push(field[3], (1, 1))
    known = inst.with_rolls(((1, 2),))
    with pytest.raises(IllegalTurn, match="turn 1 takes the known roll 1,2, not 2,2"):
        Game.start(known).push(field[2], (2, 2))
    with pytest.raises(InputError, match="as many turns as rolls"):
        Game(known, 0, turns=5)


def test_generate_refuses_a_board_past_the_readers_limits_before_allocating_it() -> None:
    """A 20000 x 20000 grid (400 M fields) grew a library call to 24 GB before the OS killed it."""
    import pytest

    from escapology import forest
    from escapology.core.errors import InputError

    with pytest.raises(InputError, match="400,000,000 fields"):
        forest.generate(size=20000)
    with pytest.raises(InputError, match="at most 1,000,000 fields"):
        forest.generate(kind="random", size=2_000_000)
    assert forest.generate(size=6).board.n == 36
