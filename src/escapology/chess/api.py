"""Teleport chess's side of the protocol (:mod:`escapology.core.protocol`): load, solve, check,
generate, render. The game's value is ``Result.outcome`` (alice, draw or bob); the certificate
is ``{"outcome": ..., "witness": {...}}``; the old list of errors is :func:`violations`.

>>> from escapology.chess import load, solve, check, generate
>>> inst = load("4\\n1 4 2 2\\n1 0\\n0 1\\n1 1\\n-1 -1\\n")
>>> result = solve(inst, timeout=10)
>>> result.status.value, result.outcome.value
('solved', 'draw')
>>> check(inst, result.certificate).ok
True
>>> check(inst, {"outcome": "alice", "witness": {"moves": [], "path": [[1, 4]]}}).ok
False
>>> generate(size=6, seed=1) == generate(size=6, seed=1)
True
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from escapology.chess.checker import violations
from escapology.chess.io import parse_instance
from escapology.chess.model import Instance, Witness
from escapology.chess.solver import Solution, answer_of as _answer, solution_of, solve as solve_exact
from escapology.core.errors import InputError
from escapology.core.limits import Deadline
from escapology.core.pictures import answering
from escapology.core.protocol import AnswerData, ContradictoryAnswer, Text, Verdict, every_copy, read_source
from escapology.core.svg import Svg

__all__ = ["load", "solve", "check", "generate", "render", "violations", "Result", "Solution", "solution_of"]

#: The name every game's package gives its :class:`~escapology.core.protocol.Result`
#: (``escapology.<game>.Result``); ``Solution`` stays the class's own name.
Result = Solution


def load(source: str | Path | Text, *, deadline: Deadline | None = None) -> Instance:
    """An instance from a path, ``"-"`` or the text itself (``n``, ``ax ay bx by``, n lines ``dx dy``).
    The reader is linear in the text and does not poll ``deadline``."""
    text, name = read_source(source)
    return parse_instance(text, file=name)


def solve(inst: Instance, deadline: Deadline | None = None, *, engine: str = "exact", timeout: float | None = None,
          memory: float | None = None) -> Solution:
    """The game's value with its witness (:func:`escapology.chess.solver.solve`, the one engine,
    ``exact``); ``memory`` is not used (the solver needs O(n) memory)."""
    if engine != "exact":
        raise InputError(f"unknown engine {engine!r}; teleport chess has one: exact")
    return answering(solve_exact(inst, deadline, timeout=timeout), inst)


def certificate_of(inst: Instance, data: Any, file: str) -> Solution:
    """What ``render --certificate FILE`` draws: the answer of ``solve --format json`` (an
    :class:`InputError` naming ``file`` when it is not one)."""
    answer = solution_of(data, file=file)
    if answer is None:
        raise InputError("not an answer of 'solve --format json'", file=file)
    return answer


@every_copy("outcome", "witness")
def check(inst: Instance, certificate: Witness | Solution | AnswerData, *, file: str | None = None) -> Verdict:
    """Verify an answer (``Result.certificate``, the result, or the ``to_json()`` object):
    the outcome with its witness, re-derived independently (:func:`violations`). Text (not a JSON
    answer) is an :class:`InputError` naming ``file``."""
    if isinstance(certificate, str):
        raise InputError("not a JSON answer of 'solve --format json'", file=file)
    try:
        answer = _answer(certificate)
    except ContradictoryAnswer as exc:
        return Verdict.reject(str(exc))
    if answer is None:
        return Verdict.reject("there is no answer to check (the time limit was reached)")
    if isinstance(answer, dict) and answer.get("status", "solved") != "solved":
        return Verdict.reject(f"the answer is {answer['status']}: there is no witness to check")
    outcome = answer.get("outcome") if isinstance(answer, dict) else None
    return Verdict.from_errors(violations(inst, answer), f"valid: outcome {outcome} verified")


def generate(*, size: int | None = None, seed: int = 0, kind: str = "random", spread: int | None = None) -> Instance:
    """A ``size`` x ``size`` board with ``size`` vectors (default 8) of the given ``kind``
    (see :mod:`escapology.chess.generator`)."""
    from escapology.chess.generator import generate as generate_kind  # generate only: not on `chess solve`'s path

    return generate_kind(8 if size is None else size, kind, seed=seed, spread=spread)


def render(inst: Instance, certificate: Witness | Solution | AnswerData | None = None) -> Svg:
    """The board with Bob's reach and, when given, the answer's witness."""
    from escapology.chess.drawing import render_svg  # the drawing code: only render needs it, not `chess solve`

    return render_svg(inst, solution_of(certificate))
