"""``solve --goal any`` (the ASP Competition's decision task): a plan within ``max_steps`` exactly
when one exists, accepted by the independent checker, never shorter than the proven minimum."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from escapology.cli import app
from escapology.core.results import Status
from escapology.labyrinth import check, generate, load, solve
from escapology.labyrinth.exhaustive import solve_exhaustive


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(size=st.integers(2, 5), seed=st.integers(0, 100_000), steps=st.integers(0, 4))
def test_any_plan_exists_exactly_when_the_exhaustive_search_finds_one(size: int, seed: int, steps: int) -> None:
    inst = generate(size=size, seed=seed, max_steps=steps)
    plain = solve_exhaustive(inst)
    got = solve(inst, goal="any", workers=1)
    assert got.goal == "any" and got.to_json()["goal"] == "any"
    assert got.status is plain.status
    if got.status is Status.SOLVED:
        assert plain.pushes is not None and got.pushes is not None
        assert plain.pushes <= got.pushes <= inst.max_steps
        assert got.lower_bound <= plain.pushes
        assert check(inst, got.certificate).ok
    else:
        assert got.optimal and got.lower_bound == inst.max_steps + 1


def test_goal_any_on_real_instances_gives_checked_plans_no_shorter_than_the_minimum(single_search) -> None:
    for name in ("0005", "0130", "0157", "0166"):
        inst, fewest = single_search(name)
        got = solve(inst, goal="any", timeout=60)
        assert got.status is Status.SOLVED and check(inst, got.certificate).ok
        assert fewest.optimal and fewest.pushes is not None and got.pushes is not None
        assert fewest.pushes <= got.pushes <= inst.max_steps
        assert not got.optimal or got.pushes == fewest.pushes  # proven optimal only when it is


def test_the_command_line_says_which_goal_was_asked(tmp_path) -> None:
    from escapology.labyrinth.io import format_instance

    path = tmp_path / "board.lp"
    path.write_text(format_instance(generate(size=6, seed=5)), encoding="utf-8")
    runner = CliRunner()
    answers = {}
    for goal in ("fewest", "any"):
        out = runner.invoke(app, ["labyrinth", "solve", str(path), "-f", "json", "--goal", goal])
        assert out.exit_code == 0, out.output
        answers[goal] = json.loads(out.output.strip().splitlines()[-1])
        assert answers[goal]["goal"] == goal
        assert {"status", "pushes", "optimal", "lower_bound", "stats", "certificate"} <= set(answers[goal])
        assert check(load(path), answers[goal]).ok
    default = json.loads(runner.invoke(app, ["labyrinth", "solve", str(path), "-f", "json"]).output.strip().splitlines()[-1])
    assert default["goal"] == "fewest" and default["optimal"]
    assert runner.invoke(app, ["labyrinth", "solve", str(path), "--goal", "most"]).exit_code == 2
