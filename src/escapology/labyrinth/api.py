"""The Labyrinth's side of the protocol (:mod:`escapology.core.protocol`): load, solve, check,
generate, render.

>>> from escapology.labyrinth import load, solve, check, generate, render
>>> inst = load("field(1..2,1..2). init_on(1,1). goal_on(2,2). connect(1,1,e). connect(2,2,w). max_steps(1).")
>>> result = solve(inst, timeout=10)
>>> result.status.value, result.to_json()["certificate"]
('solved', [[1, 'n', 1]])
>>> check(inst, result.certificate).summary
'valid plan with 1 push'
>>> check(inst, [[1, "e", 1]]).errors
['after push 1 the goal is not reachable from the avatar']
>>> generate(size=4, seed=3) == generate(size=4, seed=3)
True
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from escapology.core.errors import InputError
from escapology.core.limits import Deadline, MemoryLimit
from escapology.core.pictures import answering
from escapology.core.protocol import AnswerData, ContradictoryAnswer, Text, Verdict, every_copy, own_certificate, read_source
from escapology.core.svg import Svg
from escapology.core.wording import plural
from escapology.labyrinth.checker import check_plan
from escapology.labyrinth.engines import solve as _solve_engine
from escapology.labyrinth.io import PushFact, parse_instance, parse_plan
from escapology.labyrinth.generator import generate_instance, generate_with_min_pushes
from escapology.labyrinth.model import Instance, Plan, Push
from escapology.labyrinth.result import SolveResult, check_goal

__all__ = ["load", "solve", "check", "generate", "render", "SolveResult", "plan_triples", "check_plan"]


def load(source: str | Path | Text, *, deadline: Deadline | None = None) -> Instance:
    """An instance from a path, ``"-"`` (standard input) or the facts themselves (text holding a
    ``(`` or a newline); :class:`~escapology.core.errors.InputError` names file and line. The limits
    are those of :func:`~escapology.labyrinth.io.parse_instance`; ``deadline`` is polled while
    reading."""
    text, name = read_source(source, is_text=lambda s: "(" in s)
    return parse_instance(text, file=name, deadline=deadline)


def solve(inst: Instance, *, engine: str = "native", timeout: float | None = None,
          progress: bool | None = False, workers: int | None = None, node_limit: int | None = None,
          memory: MemoryLimit | float | None = None, ray: str | None = None, goal: str = "fewest") -> SolveResult:
    """The plan with the fewest pushes (:func:`escapology.labyrinth.engines.solve`), after checking
    what the chosen engine would allocate against ``memory`` (MiB, or a
    :class:`~escapology.core.limits.MemoryLimit`; default what the machine has available): the native
    engine (whose beam, table and search states are known in advance) is refused with a :class:`~escapology.core.limits.MemoryLimitError` when it would need
    more; the exhaustive engine stops with ``unknown`` when its states fill the limit (and at the
    ``timeout``). With ``ray`` (an address: ``host:port``, ``auto`` or ``local``), the first pushes
    are shared across that Ray cluster (:func:`escapology.labyrinth.ray_split.solve_on_ray`: the
    states after the first pushes, searched depth by depth, with ``workers`` CPUs for ``local``)
    and the proof is assembled from all parts.

    ``goal`` is ``"fewest"`` (default: the plan with the fewest pushes, proven when the time allows)
    or ``"any"`` (the ASP Competition's decision task: the first plan within ``max_steps`` found,
    or the proof that there is none); the answer says which (``result.goal``, ``"goal"`` in JSON)."""
    goal = check_goal(goal)
    if ray is not None:
        # the Ray split (ray_split and socket, ~5 ms; Ray itself loads in connect): only with --ray
        from escapology.labyrinth.ray_split import solve_on_ray

        return answering(solve_on_ray(inst, ray, engine=engine, timeout=timeout, jobs=workers, goal=goal), inst)
    if engine == "native":
        # the native extension: only the native engine needs it, not `labyrinth --help` (which imports this module)
        from escapology import _native
        from escapology.labyrinth.native import default_workers  # (the extension, as above)

        threads = 1 if node_limit is not None else default_workers() if workers is None else max(1, workers)
        MemoryLimit.of(memory).check(_native.labyrinth_memory(inst.n, inst.max_steps, threads),
                                     f"the native engine on a {inst.n}x{inst.n} board with {plural(threads, 'worker')}",
                                     "use fewer --workers")
    return answering(_solve_engine(inst, engine=engine, timeout=timeout, progress=progress, workers=workers,
                                   node_limit=node_limit, memory=memory, goal=goal), inst)


def plan_triples(certificate: Any) -> list[Any] | str:
    """The plan as push facts or ``(z, d, s)`` triples, or the reason there is none."""
    if isinstance(certificate, SolveResult):
        certificate = certificate.certificate
    if isinstance(certificate, dict):
        status = certificate.get("status", "solved")
        if status != "solved":
            return f"the answer is {status}: there is no plan to check"
        try:
            certificate = own_certificate(certificate, "pushes")
        except ContradictoryAnswer as exc:
            return str(exc)
    if certificate is None:
        return "there is no plan to check"
    if isinstance(certificate, str):
        return list(parse_plan(certificate))
    if isinstance(certificate, (dict, bytes)) or not hasattr(certificate, "__iter__"):  # a list, a Plan
        return f"a plan is a list of pushes [line, direction, step], not {type(certificate).__name__}"
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


@every_copy("pushes")
def check(inst: Instance, certificate: Plan | SolveResult | AnswerData, *, file: str | None = None) -> Verdict:
    """Replay a plan (``Result.certificate``, ``[[z, d, s], ...]``, push facts as text, or the
    ``to_json()`` object) with the independent checker (:func:`~escapology.labyrinth.checker.check_plan`).

    ``file`` names where push facts came from: a violation then names that file and the fact's
    line (``plan.lp:2: ...``), and the verdict's ``details`` hold the ``step`` and ``line``."""
    if isinstance(certificate, str):
        facts = parse_plan(certificate, file=file)
        verdict = check_plan(inst, facts)
        line = verdict.details["line"]
        if verdict.ok or not (file and line):
            return verdict
        where = f"{file}:{line}: "
        return Verdict(False, [where + verdict.errors[0]], f"rejected: {where}{verdict.errors[0]}", verdict.details)
    triples = plan_triples(certificate)
    if isinstance(triples, str):
        return Verdict.reject(triples)
    return check_plan(inst, triples)


def generate(*, size: int | None = None, seed: int = 0, density: float = 0.42, max_steps: int | None = None,
             min_pushes: int | None = None) -> Instance:
    """A random ``size`` x ``size`` instance (default 10, as ``escapology labyrinth generate``);
    with ``min_pushes`` (0 or ``None``: any), the first whose fewest pushes is proven at least that
    many (:class:`~escapology.core.errors.InputError` when none is found within the generator's
    bound)."""
    n = 10 if size is None else size
    if min_pushes:
        try:
            return generate_with_min_pushes(n, min_pushes, density=density, max_steps=max_steps, seed=seed)
        except ValueError as e:  # no board with that many pushes within the generator's bound
            raise InputError(str(e)) from None
    return generate_instance(n, density=density, max_steps=max_steps, seed=seed)


def plan_of(inst: Instance, data: Any, file: str) -> Plan:
    """The plan ``render --certificate FILE`` draws: push facts or the JSON of ``solve``, in step
    order; a plan that breaks a rule (other than leaving the goal unreachable) is an
    :class:`~escapology.core.errors.InputError` naming ``file`` and the fact's line."""
    if isinstance(data, str):
        facts = parse_plan(data, file=file)
    else:
        triples = plan_triples(data)
        if isinstance(triples, str):
            raise InputError(triples, file=file)
        facts = parse_plan(" ".join(f"push({z},{d},{s})." for z, d, s in triples), file=file)
    facts = sorted(facts, key=lambda f: f.step)
    verdict = check_plan(inst, facts)
    if not verdict.ok and verdict.details["step"] is not None and "reachable" not in verdict.errors[0]:
        raise InputError(verdict.errors[0], file=file, line=verdict.details["line"])
    return Plan(tuple(Push(f.z, f.direction) for f in facts))


def render(inst: Instance, certificate: Plan | SolveResult | AnswerData | None = None) -> Svg:
    """The board, and with a plan one panel per push (:func:`~escapology.labyrinth.drawing.plan_svg`)."""
    from escapology.labyrinth.drawing import plan_svg  # the drawing code: loaded when a picture is asked for

    plan: list[Push] = []
    if certificate is not None:
        triples = plan_triples(certificate)
        if isinstance(triples, str):
            triples = []
        try:
            ordered = sorted((t.step, t.z, t.direction) if isinstance(t, PushFact) else (t[2], t[0], t[1])
                             for t in triples)
            plan = [Push(z, d) for _, z, d in ordered]
        except (TypeError, ValueError) as exc:
            raise InputError(f"not a plan: {exc}") from None
    return plan_svg(inst, plan)
