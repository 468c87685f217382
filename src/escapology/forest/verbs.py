"""Enchanted Forest's own pieces of the four verbs (:mod:`escapology.core.commands`), named by
:data:`escapology.forest.spec.SPEC`: the command's solve, the plan ``render`` reads and what it
draws, what ``generate`` writes. Imported when a command runs them, so that the description
itself stays light."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from escapology.core.errors import InputError
from escapology.forest import api
from escapology.forest.certificate import Plan

if TYPE_CHECKING:
    from escapology.forest.model import Instance, Turn


def solve(inst: Instance, **options: Any) -> api.Result:
    """The command's solve: a board without rolls (a board map) says what to give."""
    if not inst.rolls:
        raise InputError("no rolls: give roll/3 facts or --rolls (or use `escapology forest odds` for unknown dice)")
    return api.solve(inst, **options)


def plan_of(inst: Instance, data: Any, file: str) -> list[Turn]:
    """The plan ``render --certificate`` draws: what ``solve`` wrote (JSON, or its text); a plan
    that does not fit the board is bad input."""
    from escapology.forest.plan import plan_from_json, plan_from_text  # numpy: render only

    if isinstance(data, str):
        data = plan_from_text(inst, data, file=file)
        if data["status"] != "solved":
            return []
    return plan_from_json(inst, data, file=file)


def text_picture(inst: Instance, plan: Plan | list[Turn] | None) -> str:
    """The board as text (``S``, ``T``, the turns' ends) and one line per turn: of the plan
    ``render --solve`` solved (a :class:`Plan`) or the turns ``plan_of`` read."""
    from escapology.forest.plan import describe_turn  # numpy: render only
    from escapology.forest.drawing import text_board  # the drawing code: only render needs it

    turns = plan.on(inst) if isinstance(plan, Plan) else plan or []
    return "\n".join([text_board(inst, turns), *("  " + describe_turn(inst, i, t) for i, t in enumerate(turns, 1))])


def dumps(inst: Instance) -> str:
    from escapology.forest.io import instance_to_facts  # numpy: generate only

    return instance_to_facts(inst)
