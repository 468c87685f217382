"""Enchanted Forest's side of the protocol (:mod:`escapology.core.protocol`): load, solve (the
fewest turns with known rolls, Theorem 6), check, generate, render. The certificate of ``solve``
is a :class:`~escapology.forest.certificate.Plan`. Unknown dice stay :class:`Odds`.

>>> from escapology.forest import load, solve, check, generate
>>> inst = load("edge(1,2). edge(2,3). edge(3,4). start(1). target(4). roll(1,1,2).")
>>> result = solve(inst, timeout=10)
>>> result.status.value, result.turns
('solved', 1)
>>> check(inst, result.certificate).ok, check(inst, result.to_json()).ok
(True, True)
>>> generate(size=4, seed=1) == generate(size=4, seed=1)
True
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from escapology.core.errors import InputError
from escapology.core.limits import Deadline, MemoryLimit
from escapology.core.protocol import AnswerData, ContradictoryAnswer, Text, TurnsResult, Verdict, every_copy, own_certificate, read_source
from escapology.core.results import Status
from escapology.core.wording import plural
from escapology.forest.certificate import Plan, PlanTurn

if TYPE_CHECKING:
    from escapology.core.svg import Svg
    from escapology.forest.model import Instance, Roll, Turn
    from escapology.forest.plan import Solution

# The board's modules need numpy: each function below imports what it uses when it runs, so that
# the command line (which imports this module to describe the verbs) starts without numpy.

__all__ = ["Result", "load", "solve", "check", "generate", "render", "ENGINES", "METHODS"]

_GRAPH_SUFFIXES = (".graphml", ".gml", ".edgelist", ".edges")


def _is_text(s: str) -> bool:
    return "(" in s or s.lstrip().startswith("<")


def load(source: str | Path | Text, *, deadline: Deadline | None = None, start: str | None = None,
         target: str | None = None, rolls: str | Sequence[Roll] | None = None, die: int | None = None,
         special: str | None = None) -> Instance:
    """An instance from ASP facts, the board map XML (``../shared/enchanted_forest/map_graph.xml``)
    or a GraphML/GML/edge-list file: a path, ``"-"``, the text itself (facts or XML), or a
    :class:`~escapology.core.protocol.Text` already read (a graph file's text is read by its
    name's suffix). The keyword options override the file, as the command line's options do. The
    limits are those of :mod:`escapology.forest.io` (``MAX_EDGES``, ...); ``deadline`` is polled
    while reading."""
    if isinstance(source, Text):
        text, name = source
    elif (isinstance(source, Path) or (source != "-" and "\n" not in source and not _is_text(source))) \
            and Path(source).suffix.lower() in _GRAPH_SUFFIXES:
        name, text = str(source), None  # networkx reads the file itself
        if not Path(name).is_file():
            raise InputError("no such file", file=name)
    else:
        text, name = read_source(source, is_text=_is_text)
    from escapology.forest import io as fio  # numpy (see above)

    return fio.load_instance(name, text=text, start=start, target=target, rolls=rolls, die=die, special=special,
                             deadline=deadline)


@dataclass
class Result(TurnsResult[Plan]):
    """The fewest turns with the known rolls: the protocol's :class:`Result` with the certificate
    :class:`~escapology.forest.certificate.Plan`.

    ``certificate`` is the plan when solved; an unsolvable answer has none, and :func:`check`
    confirms it from the ``to_json()`` object or the result. ``plan`` is the plan found (empty
    unless solved), ``turns`` its length, ``solution`` the engine's own answer.
    """

    instance: Instance
    solution: Solution

    @property
    def stats(self) -> dict[str, Any]:
        return self.solution.stats

    @property
    def plan(self) -> Plan:
        """The engine's plan as the certificate type, with the fields' labels (empty unless solved)."""
        return Plan.of(self.instance, self.solution.plan)

    def to_json(self) -> dict[str, Any]:
        """The object of ``escapology forest solve --format json``: ``certificate`` is
        :meth:`Plan.to_json <escapology.forest.certificate.Plan.to_json>` (``None`` unless solved);
        ``plan`` is its documented alias, the key of the first versions (``[]`` when there is no
        plan); ``start``, ``target`` (labels) and ``method`` (the engine's) besides."""
        from escapology.forest.plan import solution_to_json  # numpy (see above)

        out = solution_to_json(self.instance, self.solution)
        out["certificate"] = out["plan"] if self.status is Status.SOLVED else None
        return out

    def to_text(self) -> str:
        """What ``escapology forest solve`` prints: the fewest turns and one line per turn (the
        whole plan, which :func:`check` reads back, unless a walk is too long to spell out), or
        ``unsolvable`` / ``unknown``."""
        from escapology.forest.plan import describe_turn  # numpy (see above)

        inst, sol = self.instance, self.solution
        if sol.status is Status.SOLVED:
            head = (f"solved: {plural(sol.turns, 'turn')} from {inst.label(inst.start)} "
                    f"to {inst.label(inst.target)} ({plural(len(inst.rolls), 'roll')} known)")
            return "\n".join([head, *("  " + describe_turn(inst, i, t) for i, t in enumerate(sol.plan, start=1))])
        if sol.status is Status.UNSOLVABLE:
            return f"unsolvable: no prefix of the {plural(len(inst.rolls), 'roll')} ends on {inst.label(inst.target)}"
        return "unknown"

    def note(self) -> str | None:
        """Nothing for standard error: the text answer says it all."""
        return None


#: The engines (``engine=``), the default first; :data:`escapology.forest.spec.ENGINES` describes them.
ENGINES = ("fast", "matrix", "simulation", "asp")
#: The old name of :data:`ENGINES` (``method=`` is a deprecated alias of ``engine=``).
METHODS = ENGINES


def solve(inst: Instance, *, engine: str | None = None, timeout: float | None = None,
          memory: MemoryLimit | float | None = None, method: str | None = None) -> Result:
    """The fewest turns from start to target with the known rolls, with a plan.

    ``engine`` is ``fast`` (frontier propagation, by numpy steps or by blocks on the chains of
    boards with long cycles; default), ``matrix`` (the paper's Theorem 6, sparse Boolean
    matrices), ``simulation`` (plain) or ``asp`` (clingo, small dice). ``memory`` (MiB, or a
    :class:`~escapology.core.limits.MemoryLimit`; default what the machine has available) bounds
    the matrix method's matrices (a product that would not fit is refused with a
    :class:`~escapology.core.limits.MemoryLimitError` naming its estimate) and the walks the
    simulation lists (it answers ``unknown``). ``method`` is the deprecated old name of ``engine``.
    """
    if method is not None:
        warnings.warn("solve(method=...) is deprecated: use engine=...", DeprecationWarning, stacklevel=2)
        if engine is not None and engine != method:
            raise ValueError(f"engine={engine!r} and method={method!r} disagree: give engine= only")
        engine = method
    engine = engine or "fast"
    if not inst.rolls:
        raise InputError("no rolls are known: give roll/3 facts or rolls=... (or use Odds for unknown dice)")
    if engine == "matrix":
        from escapology.forest.matrix import solve_matrix  # numpy's sparse matrices: only this engine

        return Result(inst, solve_matrix(inst, timeout=timeout, memory=memory))
    if engine == "simulation":
        from escapology.forest.simulate import solve_simulation  # imported for this engine only

        return Result(inst, solve_simulation(inst, timeout=timeout, memory=memory))
    if engine == "asp":
        from escapology.forest.asp import solve_asp as run  # clingo: only this engine
    elif engine == "fast":
        from escapology.forest.solver import solve as run  # the default engine, imported when it runs
    else:
        raise ValueError(f"unknown engine {engine!r}; choose one of {', '.join(ENGINES)}")
    return Result(inst, run(inst, timeout=timeout))


def _claim(inst: Instance, certificate: Any, file: str | None = None) -> list[Turn] | None | str:
    """The turns on ``inst``'s board of the plan claimed (``None`` for a claim of "unsolvable"),
    or why there is nothing to check."""
    from escapology.forest.plan import Turn, plan_from_text  # numpy (see above)

    if isinstance(certificate, str):  # the text answer of solve
        try:
            certificate = plan_from_text(inst, certificate, file=file)
        except InputError as exc:
            return str(exc)
    if isinstance(certificate, Result):
        if certificate.status is Status.UNSOLVABLE:
            return None
        certificate = certificate.certificate
    elif isinstance(certificate, dict):
        status = certificate.get("status", "solved")
        if status == "unsolvable":
            return None
        if status != "solved":
            return f"the answer is {status}: there is no plan to check"
        if "plan" not in certificate and "certificate" not in certificate:
            return "the JSON object has no 'plan'"
        try:
            certificate = own_certificate(certificate, "plan", counted="turns")
        except ContradictoryAnswer as exc:
            return str(exc)
    if certificate is None:
        return "there is no plan to check"
    if isinstance(certificate, (list, tuple)) and all(isinstance(t, Turn) for t in certificate):
        return list(certificate)  # the engine's own turns
    if isinstance(certificate, (list, tuple)) and all(isinstance(t, PlanTurn) for t in certificate):
        certificate = Plan(tuple(certificate))
    try:
        plan = certificate if isinstance(certificate, Plan) else Plan.from_json(certificate)
        return plan.on(inst)
    except ValueError as exc:
        return str(exc)


@every_copy("plan")
def check(inst: Instance, certificate: Plan | Result | AnswerData, *, fewest: bool = True,
          file: str | None = None) -> Verdict:
    """Check a plan (``Result.certificate``, a :class:`~escapology.forest.certificate.Plan`, its JSON, the ``to_json()`` object, or the text that
    ``solve`` printed, :meth:`Result.to_text`): legal turns with the known rolls ending on the
    target and, with ``fewest``, no shorter plan; a result or answer "unsolvable" is confirmed as
    such. When ``inst`` knows no rolls (a board map), the plan's rolls are used. ``file`` names
    where a text answer came from (its errors name the file and line). A plan that does not fit
    ``inst`` (a field it lacks: the certificate of another instance) is rejected."""
    from escapology.forest.checker import check_fewest, check_plan  # numpy (see above)
    from escapology.forest.plan import with_plan_rolls  # numpy (see above)

    claim = _claim(inst, certificate, file)
    if isinstance(claim, str):
        return Verdict.reject(claim)
    if claim is None:
        problem = check_fewest(inst, None)
        return Verdict.from_errors([problem] if problem else [], f"valid: unsolvable with the {len(inst.rolls)} rolls")
    try:
        inst = with_plan_rolls(inst, claim)
    except ValueError as exc:
        return Verdict.reject(str(exc))
    problem = check_plan(inst, claim)
    if problem is None and fewest:
        problem = check_fewest(inst, len(claim))
    return Verdict.from_errors([problem] if problem else [], f"valid: {plural(len(claim), 'turn')}{', the fewest' if fewest else ''}")


def _within_limits(fields: int, edges: int, what: str) -> None:
    """Refuse a board the readers would refuse, before anything is allocated for it."""
    from escapology.forest.io import MAX_EDGES, MAX_FIELDS  # the readers' module (numpy): generating only

    if fields > MAX_FIELDS or edges > MAX_EDGES:
        raise InputError(f"{what} has {fields:,} fields and up to {edges:,} edges; a board has at most "
                         f"{MAX_FIELDS:,} fields and {MAX_EDGES:,} edges")


def generate(*, size: int | None = None, seed: int = 0, kind: str = "grid", rolls: int = 20, die: int = 6,
             specials: int | None = None, rows: int | None = None, cols: int | None = None,
             fields: int | None = None, edges: int | None = None) -> Instance:
    """A board with ``rolls`` known rolls: ``kind="grid"`` a grid forest of ``size`` x ``size``
    fields (else ``rows`` x ``cols``, default 6 x 8), ``kind="random"`` a random connected graph on
    ``size`` fields (else ``fields``, default 40) with ``edges`` edges (default about ``1.5 size``)."""
    from escapology.forest.generator import grid_forest, random_board  # generating only

    if kind == "grid":
        r, c = (size, size) if size is not None else (rows or 6, cols or 8)
        _within_limits(r * c, max(0, 2 * r * c - r - c), f"a {r} x {c} grid")
        return grid_forest(r, c, specials=specials, die=die, rolls=rolls, seed=seed)
    if kind == "random":
        n = size if size is not None else fields or 40
        m = edges if edges is not None else min(n * (n - 1) // 2, max(n - 1, 3 * n // 2))
        _within_limits(n, m, f"a random board of {n:,} fields and {m:,} edges")
        return random_board(n, m, specials=specials, die=die, rolls=rolls, seed=seed)
    raise ValueError(f"unknown kind {kind!r}; choose grid or random")


def render(inst: Instance, certificate: Plan | Result | AnswerData | None = None) -> Svg:
    """The board with the plan's turns drawn on it."""
    from escapology.forest.drawing import render_svg  # the drawing code: only render needs it

    turns: list[Turn] = []
    if certificate is not None:
        claim = _claim(inst, certificate)
        if isinstance(claim, str):
            raise InputError(claim)
        turns = claim or []
    return render_svg(inst, turns)

