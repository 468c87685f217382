import pytest

from escapology.labyrinth.checker import check_plan
from escapology.labyrinth import load
from escapology.labyrinth.io import parse_plan
from escapology.labyrinth.model import Instance

# 3x3: the avatar on (1,1) can go north once the middle column brings a north-south piece
INST = Instance.from_grid(["╷╷╷", "  │", "╵ ┘"], init=(1, 1), goal=(3, 3), max_steps=3)


def plan(text):
    return parse_plan(text)


def test_problem_page_example_both_solutions(shared_dir):
    inst = load(shared_dir / "asptools-ntdb__0005.asp")
    assert check_plan(inst, plan("push(1,w,1). push(3,s,2).")).ok
    assert check_plan(inst, plan("push(1,w,1). push(2,n,2).")).ok
    assert not check_plan(inst, plan("push(1,w,1).")).ok
    # order matters: the same pushes the other way round do not work
    assert not check_plan(inst, plan("push(3,s,1). push(1,w,2).")).ok


@pytest.mark.parametrize(
    "text, ok, fragment",
    [
        ("push(1,w,1). push(1,w,1).", False, "two pushes at step 1"),
        ("push(1,w,1). push(2,e,3).", False, "step 2 is missing"),
        ("push(1,w,2).", False, "step 1 is missing"),
        ("push(4,w,1).", False, "outside 1..3"),
        ("push(0,n,1).", False, "outside 1..3"),
        ("push(1,x,1).", False, "unknown direction 'x'"),
        ("push(1,e,1). push(1,e,2). push(1,e,3). push(1,e,4).", False, "more than max_steps = 3"),
        ("", False, "empty plan is valid only when"),
    ],
)
def test_violations_are_named(text, ok, fragment):
    verdict = check_plan(INST, plan(text))
    assert verdict.ok is ok
    assert fragment in verdict.summary


def test_walking_needs_both_facing_connections_and_no_wrap():
    # avatar at (1,1) with an east arm; (1,2) has no west arm: not connected
    inst = Instance.from_grid(["  ", "╶╶"], init=(1, 1), goal=(1, 2), max_steps=2)
    assert not check_plan(inst, [(2, "n", 1)]).ok
    # walking never crosses the board's edge: (1,2) east arm and (1,1) west arm do not meet by wrap
    inst = Instance.from_grid(["  ", "╴╶"], init=(1, 1), goal=(1, 2), max_steps=2)
    assert not check_plan(inst, [(2, "n", 1)]).ok
    # but a push that wraps the fields around brings them together
    assert check_plan(inst, [(1, "e", 1)]).ok


def test_the_avatar_walks_after_every_push():
    # avatar and goal are connected from the start, but a plan must push first; a far push keeps them so
    inst = Instance.from_grid(["   ", "   ", "╶╴ "], init=(1, 1), goal=(1, 2), max_steps=1)
    assert check_plan(inst, [(3, "e", 1)]).ok
    # pushing row 1 east moves both fields along, still side by side
    assert check_plan(inst, [(1, "e", 1)]).ok


def test_empty_plan_when_avatar_starts_on_goal():
    inst = Instance.from_grid(["  ", "  "], init=(1, 1), goal=(1, 1), max_steps=0)
    assert check_plan(inst, []).ok


def test_goal_and_avatar_ride_with_their_fields():
    # the avatar's field is pushed onto the goal's row next to it
    inst = Instance.from_grid(["╶╴", "  "], init=(2, 1), goal=(2, 2), max_steps=1)
    assert check_plan(inst, [(1, "s", 1)]).ok is False  # column 1 south moves the avatar away
    assert check_plan(inst, [(1, "e", 1)]).ok  # row 1 is not the avatar's row: still connected
