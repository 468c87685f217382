"""Plans (the certificates of the known-rolls problem) as the solvers find them, and their forms.

A solver's :class:`Solution` holds its plan as turns with field numbers
(:class:`~escapology.forest.model.Turn`). Here: how a solver's layers become one
(:func:`plan_from_layers`), the JSON that ``solve`` writes (:func:`solution_to_json`: the plan as
its certificate :class:`~escapology.forest.certificate.Plan` writes it, field labels as in the
input, long walks compressed) and reads back (:func:`plan_from_json`), and the text that ``solve``
prints (:func:`describe_turn`, read back by :func:`plan_from_text`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Sequence

import numpy as np

from escapology.core.errors import InputError
from escapology.core.results import Status
from escapology.core.wording import plural
from escapology.forest.certificate import Plan
from escapology.forest.model import Instance, Roll, Turn
from escapology.forest.walks import WalkEngine, expand_walk, extract_walk, walk_length


@dataclass
class Solution:
    """A solver's answer: status, fewest turns (``None`` unless solved) and the plan."""

    status: Status
    turns: int | None = None
    plan: list[Turn] = field(default_factory=list)
    method: str = ""
    stats: dict[str, Any] = field(default_factory=dict)


def turn_to_json(inst: Instance, i: int, turn: Turn) -> dict[str, Any]:
    """The JSON object of turn number ``i`` (1-based), with field labels."""
    return Plan.of(inst, [turn])[0].to_json(i)


def solution_to_json(inst: Instance, sol: Solution) -> dict[str, Any]:
    """``{"status", "turns", "plan", ...}``: the contract of ``escapology forest solve --format json``
    (``plan`` is :meth:`Plan.to_json <escapology.forest.certificate.Plan.to_json>`)."""
    return {
        "status": sol.status.value,
        "turns": sol.turns,
        "plan": Plan.of(inst, sol.plan).to_json(),
        "start": inst.label(inst.start),
        "target": inst.label(inst.target),
        "method": sol.method,
    }


def plan_from_json(inst: Instance, obj: Any, *, file: str | None = None) -> list[Turn]:
    """Read a plan (a solve JSON object, or just its ``plan`` list), turning labels into fields
    (:meth:`Plan.from_json <escapology.forest.certificate.Plan.from_json>`, then
    :meth:`~escapology.forest.certificate.Plan.on`).

    Structural mistakes (missing keys, unknown fields) raise :class:`InputError`; whether the moves
    are legal is the checker's business.
    """
    if isinstance(obj, dict):
        if "plan" not in obj:
            raise InputError("the JSON object has no 'plan'", file=file)
        obj = obj["plan"]
    if not isinstance(obj, list):
        raise InputError("a plan is a JSON list of turns", file=file)
    try:
        return Plan.from_json(obj).on(inst)
    except ValueError as exc:
        raise InputError(str(exc), file=file) from None


_TURN = re.compile(r"^\s*turn\s+(\d+)\s+roll\s+(\d+),(\d+):\s*(.*?)\s*$")
_JUMP = re.compile(r"^double, jump (.+) -> (.+)$")
_WALK = re.compile(r"^walk (\d+) (.+)$")


def plan_from_text(inst: Instance, text: str, *, file: str | None = None) -> dict[str, Any]:
    """The answer that ``escapology forest solve`` printed (its text, :meth:`Result.to_text
    <escapology.forest.api.Result.to_text>`) as the object ``solve --format json`` writes:
    ``{"status": "unsolvable"}``, or ``{"status": "solved", "plan": [...]}`` with field labels, for
    :func:`plan_from_json`. A walk of more than 40 fields is abbreviated in the text (``a ... b``):
    such a plan can only be checked from the JSON (an :class:`InputError` says so), as can text
    that is no answer of ``solve``."""
    labels = {str(v): v for v in inst.board.labels}

    def fields(seq: str, line: int) -> list[Any]:
        out: list[Any] = []
        acc: str | None = None
        for piece in seq.split("-"):  # a label may itself hold '-' (a negative number)
            acc = piece if acc is None else f"{acc}-{piece}"
            if acc in labels:
                out.append(labels[acc])
                acc = None
        if acc is not None or not out:
            raise InputError(f"unknown field in the walk {seq!r}", file=file, line=line)
        return out

    lines = [(k, ln) for k, ln in enumerate(text.splitlines(), start=1) if ln.strip()]
    if not lines:
        raise InputError("no answer of 'solve' (the file is empty)", file=file)
    first, head = lines[0]
    status = head.split(":", 1)[0].strip()
    if status in ("unsolvable", "unknown"):
        return {"status": status}
    if status != "solved":
        raise InputError("not an answer of 'forest solve' (its first line is 'solved: ...' or 'unsolvable: ...')",
                         file=file, line=first)
    plan: list[dict[str, Any]] = []
    for k, ln in lines[1:]:
        m = _TURN.match(ln)
        if m is None:
            raise InputError("not a turn of the plan ('turn I  roll X,Y: ...')", file=file, line=k)
        roll, rest = [int(m.group(2)), int(m.group(3))], m.group(4)
        turn: dict[str, Any] = {"turn": int(m.group(1)), "roll": roll}
        if (j := _JUMP.match(rest)) is not None:
            turn["jump"] = [fields(j.group(1), k)[0], fields(j.group(2), k)[0]]
        else:
            walks = [_WALK.match(w if i == 0 else "walk " + w) for i, w in enumerate(rest.split(", walk "))]
            if len(walks) != 2 or any(w is None for w in walks):
                raise InputError("a turn is two walks ('walk D A-B-..., walk D ...') or a jump", file=file, line=k)
            if any(" ... " in w.group(2) for w in walks):  # type: ignore[union-attr]
                raise InputError("the text abbreviates a long walk: check the JSON answer ('solve -f json')",
                                 file=file, line=k)
            d = int(walks[0].group(1))  # type: ignore[union-attr]
            turn["first"] = 0 if roll[0] == d else 1
            turn["walks"] = [fields(w.group(2), k) for w in walks]  # type: ignore[union-attr]
        plan.append(turn)
    return {"status": "solved", "plan": plan}


def with_plan_rolls(inst: Instance, plan: Sequence[Turn]) -> Instance:
    """``inst`` with the plan's rolls when it knows none (a board map, a graph file), so that the
    checker judges the plan against the dice it claims; otherwise ``inst`` unchanged.

    Raises ``ValueError`` for a roll that is not a face of the die.
    """
    if inst.rolls or not plan:
        return inst
    for i, t in enumerate(plan, start=1):
        for v in t.roll:
            if not 1 <= v <= inst.board.die:
                raise ValueError(f"turn {i}: roll {list(t.roll)}: {v} is not a face of a die with 1..{inst.board.die}")
    return inst.with_rolls([t.roll for t in plan])


def realize_turn(engine: WalkEngine, u: int, v: int, roll: Roll) -> Turn:
    """A :class:`Turn` with ``roll`` from ``u`` to ``v`` (``ValueError`` if none exists).

    For the order ``(a, b)`` the middle field must lie in ``W_a({u}) & W_b({v})`` (walks reverse).
    Walks are preferred to the jump of a double.
    """
    n = engine.board.n
    su = np.zeros(n, dtype=bool)
    su[u] = True
    sv = np.zeros(n, dtype=bool)
    sv[v] = True
    x, y = roll
    orders = [(0, x, y)] if x == y else [(0, x, y), (1, y, x)]
    for first, a, b in orders:
        mid = engine.walk(su, a) & engine.walk(sv, b)
        if mid.any():
            w = int(np.flatnonzero(mid)[0])
            return Turn(roll, first=first, walks=[extract_walk(engine, u, w, a), extract_walk(engine, w, v, b)])
    if x == y and v in engine.board.special:
        return Turn(roll, jump=(u, v))
    raise ValueError(f"no turn with roll {roll} from {u} to {v}")


def plan_from_layers(engine: WalkEngine, inst: Instance, layers: Sequence[np.ndarray], k: int) -> list[Turn]:
    """Walk back from the target through reachable-field layers ``layers[0..k]`` and realise each turn.

    ``layers[i]`` must hold the fields reachable after exactly ``i`` turns, with the target in
    ``layers[k]``. The predecessors of ``v`` under a roll are found with the same turn operator
    because walks reverse (and any field may jump to a special ``v`` on a double).
    """
    plan: list[Turn] = []
    cur = inst.target
    n = inst.board.n
    for i in range(k, 0, -1):
        roll = inst.rolls[i - 1]
        sv = np.zeros(n, dtype=bool)
        sv[cur] = True
        pred = engine.turn(sv, roll, jumps=False) & layers[i - 1]
        if pred.any():
            u = int(np.flatnonzero(pred)[0])
        elif roll[0] == roll[1] and cur in inst.board.special and layers[i - 1].any():
            u = int(np.flatnonzero(layers[i - 1])[0])
        else:
            raise AssertionError("layers are inconsistent with the rolls")
        plan.append(realize_turn(engine, u, cur, roll))
        cur = u
    plan.reverse()
    return plan


def describe_turn(inst: Instance, i: int, turn: Turn, *, max_fields: int = 40) -> str:
    """One line of text for a turn, e.g. ``turn 1  roll 3,5: walk 5 0-1-2-3-4-5, walk 3 5-6-7-8``."""
    head = f"turn {i}  roll {turn.roll[0]},{turn.roll[1]}:"
    if turn.jump is not None:
        return f"{head} double, jump {inst.label(turn.jump[0])} -> {inst.label(turn.jump[1])}"
    parts = []
    first = turn.first or 0
    dice = [turn.roll[first], turn.roll[1 - first]]
    for d, w in zip(dice, turn.walks or []):
        if walk_length(w) <= max_fields:
            seq = "-".join(str(inst.label(v)) for v in expand_walk(w))
        else:
            seq = f"{inst.label(int(w[0]))} ... {inst.label(turn_end_of(w))} ({plural(walk_length(w), 'step')}, compressed)"
        parts.append(f"walk {d} {seq}")
    return f"{head} " + ", ".join(parts)


def turn_end_of(walk: list[Any]) -> int:
    last = walk[-1]
    return int(last["fields"][-1]) if isinstance(last, dict) else int(last)
