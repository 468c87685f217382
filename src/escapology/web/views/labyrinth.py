"""The Labyrinth's page: the board, every push of a plan with the avatar's reachable set, and
pushes by hand.

A state is the board after some pushes: ``n``; ``cells[p]`` the connection mask (N=1, E=2, S=4,
W=8) of the field on position ``p = (x-1)*n + (y-1)`` (row ``x`` counted bottom to top);
``reach`` the positions where the avatar can stand (after the first push it walks: every field
reachable from where it stood); ``goal`` the goal field's position; ``push`` the push that led
here (``[line, direction]``), ``step``, and ``won`` when the goal is reachable after a push.
The states come from :func:`escapology.labyrinth.drawing.replay`, the replay the SVG pictures use.

>>> from escapology.labyrinth import load
>>> inst = load("field(1..2,1..2). init_on(1,1). goal_on(2,2). connect(1,1,e). connect(2,2,w). max_steps(1).")
>>> [f["reach"] for f in frames(inst, [[1, "n", 1]])], frames(inst, [[1, "n", 1]])[-1]["won"]
([[0], [2, 3]], True)
>>> move(inst, [], [1, "n"])["plan"]
[[1, 'n', 1]]
"""

from __future__ import annotations

from typing import Any

from escapology.core.errors import InputError
from escapology.labyrinth.io import format_instance
from escapology.labyrinth.model import DIRECTION_BITS, Instance, Push
from escapology.labyrinth.drawing import Frame, replay
from escapology.web.views.forms import generator_form

__all__ = ["ACTIONS", "GENERATE", "frames", "move", "state", "to_text"]

GENERATE = generator_form(
    "labyrinth", size={"label": "board side", "default": 6, "max": 40}, seed={},
    density={"label": "connection density", "min": 0.05}, max_steps={"min": 1, "max": 100})


def to_text(inst: Instance) -> str:
    return format_instance(inst)


def _state(inst: Instance, f: Frame) -> dict[str, Any]:
    return {
        "n": inst.n, "max_steps": inst.max_steps, "step": f.step,
        "cells": [f.board.connections_at(p) for p in range(inst.n * inst.n)],
        "reach": sorted(f.reach), "goal": f.goal,
        "push": None if f.push is None else [f.push.line, f.push.direction],
        "won": f.push is not None and f.goal in f.reach,
    }


def state(inst: Instance) -> dict[str, Any]:
    return _state(inst, replay(inst, [])[0])


def _plan(certificate: Any) -> list[Push]:
    """``[[line, direction, step], ...]`` (steps in any order) or ``[[line, direction], ...]``."""
    if isinstance(certificate, dict):
        certificate = certificate.get("pushes", certificate.get("certificate"))
    if certificate is None:
        return []
    if not isinstance(certificate, list):
        raise InputError("a plan is a list of [line, direction, step]")
    out = []
    for i, p in enumerate(certificate, start=1):
        if not isinstance(p, (list, tuple)) or len(p) not in (2, 3) or p[1] not in DIRECTION_BITS \
                or not isinstance(p[0], int) or isinstance(p[0], bool):
            raise InputError(f"push {i} is not [line, direction, step]: {p!r}")
        out.append((p[2] if len(p) == 3 else i, p[0], p[1]))
    return [Push(z, d) for _, z, d in sorted(out, key=lambda t: (t[0] if isinstance(t[0], int) else 0))]


def frames(inst: Instance, certificate: Any) -> list[dict[str, Any]]:
    plan = _plan(certificate)
    for p in plan:
        if not 1 <= p.line <= inst.n:
            raise InputError(f"push line {p.line} is outside the board 1..{inst.n}")
    return [_state(inst, f) for f in replay(inst, plan)]


def move(inst: Instance, plan: Any, push: Any) -> dict[str, Any]:
    """Play ``push`` (``[line, direction]``) after ``plan``: the new plan and its last state. The
    game is over once a push lets the avatar reach the goal, or after ``max_steps`` pushes: a
    push after that is refused.

    >>> from escapology.labyrinth import load
    >>> inst = load("field(1..2,1..2). init_on(1,1). goal_on(2,2). connect(1,1,e). connect(2,2,w). max_steps(2).")
    >>> move(inst, [[1, "n", 1]], [2, "e"])
    Traceback (most recent call last):
    ...
    escapology.core.errors.InputError: the goal is reached after push 1: the game is over
    """
    pushes = _plan(plan) + _plan([push])
    if len(pushes) > inst.max_steps:
        raise InputError(f"max_steps is {inst.max_steps}: no more pushes")
    states = frames(inst, [[p.line, p.direction, s] for s, p in enumerate(pushes, start=1)])
    for s in states[1:-1]:
        if s["won"]:
            raise InputError(f"the goal is reached after push {s['step']}: the game is over")
    return {"plan": [[p.line, p.direction, s] for s, p in enumerate(pushes, start=1)], "state": states[-1]}


#: the moves of play: name -> function(inst, **args); none of them needs a worker
ACTIONS = {"move": move}
SLOW: set[str] = set()
