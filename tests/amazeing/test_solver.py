"""The fast SP-Labyrinth solver against the plain exhaustive one, and its plans against the checker."""

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from escapology.amazeing.bruteforce import fewest_turns_bruteforce
from escapology.amazeing.checker import check_plan
from escapology.amazeing.generator import published_position, random_position
from escapology.amazeing.model import Player, Position, Shift, mask
from escapology.amazeing.solver import Turn, fewest_turns
from escapology.core.limits import Deadline
from escapology.core.results import Status


@settings(max_examples=120, deadline=None)
@given(
    rows=st.integers(2, 4),
    cols=st.integers(2, 4),
    seed=st.integers(0, 10**6),
    fixed=st.sampled_from(["standard", "none"]),
    shapes=st.sampled_from(["IILLT", "ILT", "LLT", "II"]),
    history=st.integers(-1, 20),
)
def test_fast_solver_equals_bruteforce(rows, cols, seed, fixed, shapes, history):
    pos = random_position(rows, cols, seed=seed, fixed=fixed, shapes=shapes)
    shifts = pos.legal_shifts()
    if not shifts:
        return
    if history >= 0:  # a previous shift whose direct reversal is forbidden now
        pos = replace(pos, last_shift=shifts[history % len(shifts)])
    limit = 2 if rows * cols > 9 else 3 if rows * cols > 4 else 4
    expected = fewest_turns_bruteforce(pos, max_turns=limit)
    sol = fewest_turns(pos, max_turns=limit)
    assert sol.turns == expected
    if expected is None:
        assert sol.status is Status.UNSOLVABLE
    else:
        assert sol.status is Status.SOLVED
        assert len(sol.plan) == expected
        assert check_plan(pos, sol.plan) == []


def test_published_positions_plans_check():
    for seed in range(10):
        pos = published_position(seed)
        sol = fewest_turns(pos, max_turns=3)
        assert sol.status is Status.SOLVED
        assert check_plan(pos, sol.plan) == []


def test_no_direct_reversal_changes_the_answer():
    # Only row 1 moves (rows 0 and 2 are fixed). Without history the target is one turn away
    # (E1); right after W1 that is the forbidden direct reversal and three turns are needed.
    board = ["┤┐┴", "┘└┬", "│┘┤"]
    kw = dict(spare="┐", fixed=["xxx", "...", "xxx"], treasures={"A": 8}, players=(Player("red", 0, "A"),))
    free = Position.from_glyphs(board, **kw)
    blocked = Position.from_glyphs(board, **kw, last_shift=Shift("W", 1))
    assert Shift("E", 1) not in blocked.legal_shifts()
    assert fewest_turns(free).turns == fewest_turns_bruteforce(free, max_turns=4) == 1
    sol = fewest_turns(blocked)
    assert sol.turns == fewest_turns_bruteforce(blocked, max_turns=4) == 3
    assert sol.plan[0].shift != Shift("E", 1)
    assert check_plan(blocked, sol.plan) == []


def test_wraparound_player_rides_to_the_inserted_tile():
    pos = Position.from_glyphs(["│││"], spare="─", fixed="none", treasures={"A": 0}, players=(Player("p", 2, "A"),))
    after = pos.apply(Shift("W", 0), mask("─"))
    assert after.players[0].cell == 0  # pushed out at the east end, put on the inserted tile
    assert after.treasures["A"] == 1


def test_target_on_the_spare_is_inserted_first():
    pos = Position.from_glyphs(["──", "──"], spare="│", fixed="none", treasures={"A": -1}, players=(Player("p", 0, "A"),))
    sol = fewest_turns(pos)
    assert sol.turns == 1 and check_plan(pos, sol.plan) == []


def test_checker_rejects_wrong_plans():
    pos = published_position(3)
    sol = fewest_turns(pos, max_turns=3)
    plan = sol.plan
    assert check_plan(pos, plan[:-1])  # stops short of the target
    bad = [Turn(Shift("N", 0), plan[0].tile, plan[0].path)] + plan[1:]
    assert any("cannot be shifted" in e for e in check_plan(pos, bad))
    rev = plan[0].shift.reverse()
    spare = pos.apply(plan[0].shift, plan[0].tile).spare
    twice = [plan[0], Turn(rev, spare, ())]
    assert any("undoes" in e for e in check_plan(pos, twice))


def test_timeout_answers_unknown():
    # the target lies on a closed fixed tile, so only the deadline can stop an 8-turn search
    pos = published_position(5)
    tiles = list(pos.tiles)
    tiles[2 * 7 + 2] = 0
    pos = replace(pos, tiles=tuple(tiles), treasures={**pos.treasures, "Z": 16},
                  players=(replace(pos.players[0], target="Z"),))
    sol = fewest_turns(pos, max_turns=8, deadline=Deadline(0))
    assert sol.status is Status.UNKNOWN and sol.turns is None and sol.plan == []
    assert fewest_turns(pos, max_turns=3).status is Status.UNSOLVABLE
