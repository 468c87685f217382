"""The Enchanted Forest's certificate type: ``Plan`` round trips (labels, jumps, compressed walks),
and ``check``/``render`` take it."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from escapology.cli import app
from escapology.core.results import Status
from escapology.forest import Board, Instance, Plan, PlanTurn, Repeat, check, generate, render, solve
from escapology.forest.families import cycle
from forest.conftest import EXAMPLE
from forest.strategies import instances


def _round_trip(inst, result):
    plan = result.certificate
    assert isinstance(plan, Plan) and len(plan) == result.turns
    assert Plan.from_json(plan.to_json()) == plan
    assert Plan.from_json(json.loads(json.dumps(plan.to_json()))) == plan
    data = result.to_json()
    assert data["certificate"] == data["plan"] == plan.to_json()  # `plan` is the alias of `certificate`
    assert Plan.of(inst, plan.on(inst)) == plan
    assert check(inst, plan).ok


@settings(max_examples=40, deadline=None)
@given(instances(), st.booleans())
def test_solved_plans_round_trip_through_json(inst, named):
    if named:  # the fields' labels are names, not their numbers
        b = inst.board
        names = {v: f"f{v}" for v in range(b.n)}
        edges = [(names[u], names[w]) for u in range(b.n) for w in b.adj[u] if u < w]
        board = Board.from_edges(edges, special=[names[v] for v in b.special], die=b.die,
                                 fields=[names[v] for v in range(b.n)])
        inst = Instance(board, board.index[names[inst.start]], board.index[names[inst.target]], inst.rolls)
    result = solve(inst)
    if result.status is Status.SOLVED:
        _round_trip(inst, result)
    else:
        assert result.certificate is None


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_generated_boards_and_compressed_walks_round_trip(seed):
    for inst in (generate(seed=seed, kind="random", size=12), generate(seed=seed), cycle(1000, rolls=20, seed=seed)):
        result = solve(inst)
        if result.status is Status.SOLVED:
            _round_trip(inst, result)
    plan = solve(cycle(1000, rolls=20, seed=5)).certificate
    assert any(isinstance(x, Repeat) for t in plan for w in t.walks for x in w)


def test_a_plan_is_a_sequence_of_turns_and_its_slices_are_plans():
    b = Board.from_edges([(0, 1), (1, 2), (2, 3), (3, 4)], special=[4])
    inst = Instance(b, 0, 4, ((1, 2), (1, 1)))
    plan = solve(inst).certificate
    assert len(plan) == 2 and isinstance(plan[1], PlanTurn) and plan[1].jump == (1, 4)
    assert isinstance(plan[:1], Plan) and list(plan) == list(plan.turns)
    assert check(inst, plan).ok and not check(inst, plan[:1]).ok
    assert check(inst, list(plan)).ok  # a list of its turns is that plan
    assert render(inst, plan).to_string().startswith("<svg")


def test_shape_errors_name_the_turn():
    good = {"turn": 1, "roll": [1, 2], "first": 0, "walks": [[0, 1], [1, 2, 3]]}
    cases = [
        ([good, {"walks": []}], "turn 2 of the plan is not an object with a 'roll'"),
        ([good, {"roll": [1, "2"], "jump": [0, 4]}], "turn 2: 'roll' must be two integers"),
        ([{"roll": [1, 1], "jump": [0]}], "turn 1: 'jump' must be [from, to]"),
        ([{"roll": [1, 2], "first": 2, "walks": [[0, 1], [1, 2]]}], "turn 1: needs 'first' (0 or 1)"),
        ([good, {**good, "turn": 2}, {"roll": [1, 2], "first": 0, "walks": [[], [1]]}], "turn 3: a walk is a non-empty list"),
        ([good, good], "turn 2 of the plan is labelled turn 1"),
        ([{"roll": [1, 2], "first": 0, "walks": [[0, {"fields": [1]}], [1]]}], "turn 1: a repeated block needs"),
        ([{"roll": [1, 2], "first": 0, "walks": [[0, 1.5], [1]]}], "turn 1: a field is a number or a name"),
        ({"roll": [1, 2]}, "a plan is a JSON list of turns"),
    ]
    inst = Instance(Board.from_edges([(0, 1), (1, 2), (2, 3), (3, 4)], special=[4]), 0, 3, ((1, 2),))
    for data, message in cases:
        with pytest.raises(ValueError) as info:
            Plan.from_json(data)
        assert str(info.value).startswith(message), str(info.value)
        if isinstance(data, list):  # the checker rejects it with the same words
            verdict = check(inst, data)
            assert not verdict.ok and verdict.errors[0].startswith(message)


def test_a_plan_of_another_board_is_read_and_rejected():
    plan = Plan.from_json([{"roll": [1, 2], "first": 0, "walks": [["a", "b"], ["b", "c", "d"]]}])
    inst = Instance(Board.from_edges([(0, 1), (1, 2), (2, 3)]), 0, 3, ((1, 2),))
    verdict = check(inst, plan)
    assert not verdict.ok and verdict.errors == ["turn 1: unknown field 'a' in the plan"]


def test_check_a_plan_read_back_from_the_file_solve_wrote(tmp_path):
    from escapology.forest import load

    answer = tmp_path / "x.json"
    res = CliRunner().invoke(app, ["forest", "solve", str(EXAMPLE), "-o", str(answer), "-f", "json"])
    assert res.exit_code == 0, res.output
    written = json.loads(answer.read_text())
    plan = Plan.from_json(written["certificate"])
    inst = load(EXAMPLE)
    assert plan == solve(inst).certificate and plan.to_json() == written["plan"]
    assert check(inst, plan).ok and check(inst, written).ok and check(inst, written["plan"]).ok
