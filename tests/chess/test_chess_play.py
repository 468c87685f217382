"""The play API (escapology.chess.play) against the rules written out here and in chess_reference:
every move it allows is legal and every legal move is allowed, the game ends as the rules say, and
the solver's replies keep a won position won."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # the helpers beside this file (importlib mode)

from chess_reference import outcome as reference_outcome
from chess_reference import turn_ends
from chess_strategies import instances
from hypothesis import given, settings
from hypothesis import strategies as st

from escapology.chess import Instance, Outcome
from escapology.chess.play import GameOver, IllegalMove, Move, Position, reply, value
from escapology.core.errors import InputError


def _legal_by_rules(pos: Position) -> set[tuple[str, tuple[int, int] | None]]:
    """Every legal (kind, field) for the mover, from the rules with plain sets: a move by one of
    the input's vectors onto the board, a teleport to a free field before any move, the end."""
    n = pos.inst.n
    here = pos.alice if pos.mover == "alice" else pos.bob
    vectors = set(pos.inst.vectors)
    board = {(x, y) for x in range(1, n + 1) for y in range(1, n + 1)}
    out: set[tuple[str, tuple[int, int] | None]] = {("end", None)}
    out |= {("move", f) for f in board if (f[0] - here[0], f[1] - here[1]) in vectors}
    if not pos.moves:
        out |= {("teleport", f) for f in board - {pos.alice, pos.bob}}
    return out


@st.composite
def positions(draw, max_n: int = 5):
    """A game in progress: Alice's or Bob's turn, with no move or one move made."""
    inst = draw(instances(max_n=max_n))
    mover = draw(st.sampled_from(["alice", "bob"]))
    pos = Position(inst, inst.alice, inst.bob, mover)
    steps = [(v, f) for v, f in pos.steps() if f != (inst.bob if mover == "alice" else inst.alice)]
    if steps and draw(st.booleans()):
        v, f = draw(st.sampled_from(steps))
        pos = pos.push(Move.step(f))
    return pos


@settings(max_examples=300, deadline=None)
@given(positions())
def test_the_legal_moves_are_exactly_those_of_the_rules(pos: Position) -> None:
    allowed = {(m.kind, m.to) for m in pos.legal_moves()}
    assert allowed == _legal_by_rules(pos)
    for m in pos.legal_moves():
        assert pos.is_legal(m)
        pos.push(m)  # accepted


@settings(max_examples=200, deadline=None)
@given(positions(), st.data())
def test_an_illegal_move_is_refused_with_the_reason(pos: Position, data: st.DataObject) -> None:
    n = pos.inst.n
    kind = data.draw(st.sampled_from(["move", "teleport"]))
    to = data.draw(st.tuples(st.integers(0, n + 1), st.integers(0, n + 1)))
    if (kind, to) in _legal_by_rules(pos):
        return
    assert not pos.is_legal(Move(kind, to))
    with pytest.raises(IllegalMove) as err:
        pos.push(Move(kind, to))
    assert str(err.value)


def _play_out(pos: Position, data: st.DataObject) -> Position:
    while not pos.is_over:
        moves = [m for m in pos.legal_moves() if m.kind != "teleport"] + [
            m for m, _ in zip((m for m in pos.legal_moves() if m.kind == "teleport"), range(3))]
        pos = pos.push(data.draw(st.sampled_from(moves)))
    return pos


@settings(max_examples=200, deadline=None)
@given(instances(max_n=5), st.data())
def test_a_game_ends_as_the_rules_say(inst: Instance, data: st.DataObject) -> None:
    end = _play_out(Position.start(inst), data)
    assert end.mover is None and len(end.events) <= 4
    captures = [e for e in end.events if e.kind == "move" and e.captures]
    if captures:
        assert end.outcome is Outcome(captures[-1].who) and end.alice == end.bob
        assert end.captured == ("bob" if captures[-1].who == "alice" else "alice")
    else:
        assert end.outcome is Outcome.DRAW and end.events[-1].who == "bob"
    with pytest.raises(GameOver, match="the game is over: "):
        end.push(Move.end())
    assert list(end.legal_moves()) == []


def _after_reply(pos: Position) -> Position:
    for m in reply(pos):
        pos = pos.push(m)
    return pos


@settings(max_examples=300, deadline=None)
@given(instances(max_n=5))
def test_alice_s_reply_keeps_her_won_or_drawn_position(inst: Instance) -> None:
    expected = reference_outcome(inst.n, inst.alice, inst.bob, inst.vectors)
    start = Position.start(inst)
    assert value(start).value == expected
    after = _after_reply(start)
    if expected == "alice":
        assert after.outcome is Outcome.ALICE
    elif expected == "draw":  # she ends on a field Bob cannot reach with 0-2 moves, whatever he does
        assert after.mover == "bob"
        assert after.alice not in turn_ends(inst.n, after.bob, inst.vectors)
        assert value(after) is Outcome.DRAW
    else:
        assert after.mover == "bob"


@settings(max_examples=150, deadline=None)
@given(instances(max_n=4))
def test_bob_s_reply_captures_alice_wherever_he_can(inst: Instance) -> None:
    """Alice ends her turn anywhere but on Bob's field (staying, moving, teleporting); the solver's
    Bob captures her exactly when the rules let him."""
    n = inst.n
    for x in range(1, n + 1):
        for y in range(1, n + 1):
            if (x, y) == inst.bob:
                continue
            pos = Position(inst, (x, y), inst.bob, "bob")
            end = _after_reply(pos)
            can = (x, y) in turn_ends(n, inst.bob, inst.vectors)
            assert end.outcome is (Outcome.BOB if can else Outcome.DRAW)
            assert value(pos) is end.outcome


def test_a_position_that_cannot_occur_is_refused() -> None:
    inst = Instance(4, (1, 4), (2, 2), ((1, 0), (0, 1), (1, 1), (-1, -1)))
    with pytest.raises(InputError, match="same field"):
        Position(inst, (2, 2), (2, 2))
    with pytest.raises(InputError, match="at most one vector"):
        Position.of(inst, alice=[1, 4], bob=[2, 2], moves=[[1, 0], [1, 0]])
    with pytest.raises(InputError, match="mover is alice or bob"):
        Position.of(inst, alice=[1, 4], bob=[2, 2], mover="carol")
    with pytest.raises(InputError, match="a field is"):
        Position.of(inst, alice=[0, 4], bob=[2, 2])
    moved = Position.start(inst).push(Move.step((2, 4)))
    with pytest.raises(IllegalMove, match="whole turn"):
        moved.push(Move.teleport((4, 4)))
    with pytest.raises(IllegalMove, match="this turn has begun"):
        reply(moved)


def test_the_web_view_plays_by_the_play_api() -> None:
    """The page's turn (escapology.web.views.chess) is the play API's: the same events and end."""
    from escapology.web.views.chess import turn

    inst = Instance(4, (1, 4), (2, 2), ((1, 0), (0, 1), (1, 1), (-1, -1)))
    page = turn(inst, alice=[1, 4], bob=[2, 2], side="alice", mover="alice", moves=[], action="end")
    pos = _after_reply(Position.start(inst).push(Move.end()))
    assert page["events"] == [e.to_json() for e in pos.events]
    assert page["outcome"] == pos.outcome.value and page["note"] == pos.note
    solver = turn(inst, alice=[1, 4], bob=[2, 2], side="bob", mover="alice", moves=[], action="solver")
    assert solver["events"] == [e.to_json() for e in _after_reply(Position.start(inst)).events]
