"""The Labyrinth's side of the protocol (:mod:`escapology.core.protocol`): load, solve, check,
generate, render.

>>> from escapology.labyrinth import load, solve, check, generate, render
>>> inst = load("field(1..2,1..2). init_on(1,1). goal_on(2,2). connect(1,1,e). connect(2,2,w). max_steps(1).")
>>> result = solve(inst, timeout=10)
>>> result.status.value, result.to_json()["certificate"]
('solved', [[1, 'n', 1]])
>>> check(inst, result.certificate).summary
'valid plan with 1 pushes'
>>> check(inst, [[1, "e", 1]]).errors
['after push 1 the goal is not reachable from the avatar']
>>> generate(size=4, seed=3) == generate(size=4, seed=3)
True
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from escapology.core.protocol import Verdict, read_source
from escapology.core.svg import Svg
from escapology.labyrinth.checker import check_plan
from escapology.labyrinth.engines import solve
from escapology.labyrinth.io import PushFact, parse_instance, parse_plan
from escapology.labyrinth.model import Instance, Push
from escapology.labyrinth.result import SolveResult

__all__ = ["load", "solve", "check", "generate", "render", "SolveResult"]


def load(source: str | Path) -> Instance:
    """An instance from a path, ``"-"`` (standard input) or the facts themselves (text holding a
    ``(`` or a newline); :class:`~escapology.core.errors.InputError` names file and line."""
    text, name = read_source(source, is_text=lambda s: "(" in s)
    return parse_instance(text, file=name)


def _triples(certificate: Any) -> list[Any] | str:
    """The plan as push facts or ``(z, d, s)`` triples, or the reason there is none."""
    if isinstance(certificate, SolveResult):
        certificate = certificate.certificate
    if isinstance(certificate, dict):
        status = certificate.get("status", "solved")
        if status != "solved":
            return f"the answer is {status}: there is no plan to check"
        certificate = certificate["pushes"] if "pushes" in certificate else certificate.get("certificate")
    if certificate is None:
        return "there is no plan to check"
    if isinstance(certificate, str):
        return list(parse_plan(certificate))
    out: list[Any] = []
    for s, p in enumerate(certificate, start=1):
        if isinstance(p, Push):
            out.append((p.line, p.direction, s))
        elif isinstance(p, PushFact):
            out.append(p)
        elif isinstance(p, (list, tuple)) and len(p) == 3:
            out.append(tuple(p))
        else:
            return f"push {s} is not [line, direction, step]: {p!r}"
    return out


def check(inst: Instance, certificate: Any) -> Verdict:
    """Replay a plan (``Result.certificate``, ``[[z, d, s], ...]``, push facts as text, or the
    ``to_json()`` object) with the independent checker (:func:`~escapology.labyrinth.checker.check_plan`)."""
    triples = _triples(certificate)
    if isinstance(triples, str):
        return Verdict.reject(triples)
    verdict = check_plan(inst, triples)
    return Verdict(True, [], verdict.message) if verdict.ok else Verdict.reject(verdict.message)


def generate(*, size: int | None = None, seed: int = 0, density: float = 0.42, max_steps: int | None = None,
             min_pushes: int | None = None) -> Instance:
    """A random ``size`` x ``size`` instance (default 10, as ``escapology labyrinth generate``);
    with ``min_pushes``, the first whose fewest pushes is proven at least that many."""
    from escapology.labyrinth.generator import generate_instance, generate_with_min_pushes

    n = 10 if size is None else size
    if min_pushes is not None:
        return generate_with_min_pushes(n, min_pushes, density=density, max_steps=max_steps, seed=seed)
    return generate_instance(n, density=density, max_steps=max_steps, seed=seed)


def render(inst: Instance, certificate: Any = None) -> Svg:
    """The board, and with a plan one panel per push (:func:`~escapology.labyrinth.render.plan_svg`)."""
    from escapology.core.errors import InputError
    from escapology.labyrinth.render import plan_svg

    plan: list[Push] = []
    if certificate is not None:
        triples = _triples(certificate)
        if isinstance(triples, str):
            triples = []
        try:
            ordered = sorted((t.step, t.z, t.direction) if isinstance(t, PushFact) else (t[2], t[0], t[1])
                             for t in triples)
            plan = [Push(z, d) for _, z, d in ordered]
        except (TypeError, ValueError) as exc:
            raise InputError(f"not a plan: {exc}") from None
    return plan_svg(inst, plan)
