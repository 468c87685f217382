"""The first-push split (escapology.labyrinth.first_push): the parts' answers assembled give the plain
exhaustive search's answer, with a plan the checker accepts, on many small random instances."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from escapology.core.results import Status
from escapology.labyrinth import check, generate
from escapology.labyrinth.exhaustive import solve_exhaustive
from escapology.labyrinth.model import Push
from escapology.labyrinth.result import SolveResult
from escapology.labyrinth.first_push import assemble, parts, solve_split


def _exhaustive(instances, end):
    return [solve_exhaustive(q) for q in instances]


@settings(max_examples=40, deadline=None)
@given(size=st.integers(2, 4), seed=st.integers(0, 10_000), steps=st.integers(0, 3))
def test_split_answers_as_the_exhaustive_search(size: int, seed: int, steps: int) -> None:
    inst = generate(size=size, seed=seed, max_steps=steps)
    plain = solve_exhaustive(inst)
    split = solve_split(inst, run=_exhaustive, engine="exhaustive", first_look=None)
    assert (split.status, split.pushes, split.optimal) == (plain.status, plain.pushes, plain.optimal)
    if plain.status is Status.SOLVED and plain.pushes and plain.pushes < steps:
        # an incumbent one push longer (on the goal, the avatar rides with it): the parts are bounded
        longer = [*plain.plan, Push(1, "e")]
        split = solve_split(inst, run=_exhaustive, engine="exhaustive", incumbent=longer)
        assert split.stats["incumbent"] == len(longer)
    assert (split.status, split.pushes, split.optimal) == (plain.status, plain.pushes, plain.optimal)
    if split.status is Status.SOLVED:
        assert check(inst, split.certificate).ok


def test_parts_are_distinct_and_one_step_shorter() -> None:
    inst = generate(size=6, seed=2)
    got = parts(inst)
    assert got and all(p.instance.max_steps == inst.max_steps - 1 for p in got)
    assert len({(p.instance.connections, p.instance.init, p.instance.goal) for p in got}) == len(got)


def test_a_part_that_did_not_answer_leaves_the_answer_unproven() -> None:
    inst = generate(size=4, seed=7, max_steps=3)
    split = parts(inst)
    answers = _exhaustive([p.instance for p in split], None)
    solved = [k for k, a in enumerate(answers) if a.status is Status.SOLVED]
    if not solved or inst.init == inst.goal:
        return
    partial: list[SolveResult | None] = [a if k == solved[-1] else None for k, a in enumerate(answers)]
    got = assemble(inst, split, partial)
    assert got.status is Status.SOLVED and got.lower_bound == 1 and check(inst, got.certificate).ok
    assert got.optimal == (got.pushes == 1)
