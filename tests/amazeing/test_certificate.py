"""The aMAZEing Labyrinth's certificate type: ``Plan`` round trips, and ``check``/``render`` take it."""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from escapology.amazeing import Plan, PlanTurn, check, generate, load, render, solve
from escapology.amazeing.model import Shift
from escapology.cli import app
from escapology.core.results import Status

PUBLISHED = Path(__file__).resolve().parents[2] / "examples" / "amazeing" / "published.json"


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.sampled_from([None, 3, 4]))
def test_solved_plans_round_trip_through_json(seed, size):
    pos = generate(seed=seed, size=size)
    result = solve(pos, max_turns=3, timeout=30)
    if result.status is not Status.SOLVED:
        assert result.certificate is None and result.to_json()["certificate"] is None
        return
    plan = result.certificate
    assert isinstance(plan, Plan) and len(plan) == result.turns
    assert Plan.from_json(plan.to_json()) == plan
    assert Plan.from_json(json.loads(json.dumps(plan.to_json()))) == plan
    data = result.to_json()
    assert data["certificate"] == data["plan"] == plan.to_json()  # `plan` is the alias of `certificate`
    assert Plan.of(pos, plan.on(pos)) == plan
    assert check(pos, plan).ok


def test_a_plan_is_a_sequence_of_turns_and_its_slices_are_plans():
    pos = load(PUBLISHED)
    plan = solve(pos, max_turns=4).certificate
    assert isinstance(plan[0], PlanTurn) and isinstance(plan[:1], Plan) and list(plan) == list(plan.turns)
    assert check(pos, plan).ok and not check(pos, plan[:1]).ok
    assert check(pos, list(plan)).ok  # a list of its turns is that plan
    assert render(pos, plan).to_string().startswith("<svg")


def test_shape_errors_name_the_turn():
    good = {"shift": "N1", "tile": "└", "path": [[0, 0]]}
    cases = [
        ([good, {"shift": "N1"}], 'turn 2 needs "shift" and "tile"'),
        ([{"shift": "Q1", "tile": "└"}], "turn 1: bad shift 'Q1'"),
        ([good, good, {"shift": "N1", "tile": "X"}], "turn 3: unknown tile glyph 'X'"),
        ([{"shift": "N1", "tile": "└", "path": [[0]]}], "turn 1: a path is a list of cells [row, col]"),
        ({"shift": "N1"}, "a plan is a list of turns"),
    ]
    pos = load(PUBLISHED)
    for data, message in cases:
        with pytest.raises(ValueError) as info:
            Plan.from_json(data)
        assert str(info.value).startswith(message), str(info.value)
        if isinstance(data, list):  # the checker rejects it with the same words
            verdict = check(pos, data)
            assert not verdict.ok and verdict.errors[0].startswith(message)


def test_a_plan_that_does_not_fit_the_board_is_read_and_rejected():
    plan = Plan((PlanTurn(Shift("N", 1), "└", ((0, 0), (9, 0))),))
    assert Plan.from_json(plan.to_json()) == plan  # no position needed to read it
    verdict = check(load(PUBLISHED), plan)
    assert not verdict.ok and verdict.errors == ["turn 1: cell (9,0) is outside the board"]


def test_check_a_plan_read_back_from_the_file_solve_wrote(tmp_path):
    answer = tmp_path / "x.json"
    res = CliRunner().invoke(app, ["amazeing", "solve", str(PUBLISHED), "-o", str(answer), "-f", "json"])
    assert res.exit_code == 0, res.output
    written = json.loads(answer.read_text())
    plan = Plan.from_json(written["certificate"])
    pos = load(PUBLISHED)
    assert plan == solve(pos).certificate and plan.to_json() == written["plan"]
    assert check(pos, plan).ok and check(pos, written).ok and check(pos, written["plan"]).ok
