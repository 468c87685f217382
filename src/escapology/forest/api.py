"""Enchanted Forest's side of the protocol (:mod:`escapology.core.protocol`): load, solve (the
fewest turns with known rolls, Theorem 6), check, generate, render. Unknown dice stay :class:`Odds`.

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

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from escapology.core.errors import InputError
from escapology.core.limits import Deadline, MemoryLimit
from escapology.core.protocol import TurnsResult, Verdict, read_source
from escapology.core.results import Status
from escapology.core.svg import Svg
from escapology.forest import io as fio
from escapology.forest.checker import check_fewest, check_plan
from escapology.forest.model import Instance, Roll
from escapology.forest.plan import Solution, Turn, plan_from_json, solution_to_json, with_plan_rolls

__all__ = ["Result", "load", "solve", "check", "generate", "render", "METHODS"]

METHODS = ("fast", "matrix", "simulation", "asp")

_GRAPH_SUFFIXES = (".graphml", ".gml", ".edgelist", ".edges")


def _is_text(s: str) -> bool:
    return "(" in s or s.lstrip().startswith("<")


def load(source: str | Path, *, start: str | None = None, target: str | None = None,
         rolls: str | Sequence[Roll] | None = None, die: int | None = None, special: str | None = None,
         deadline: Deadline | None = None) -> Instance:
    """An instance from ASP facts, the board map XML (``../shared/enchanted_forest/map_graph.xml``)
    or a GraphML/GML/edge-list file: a path, ``"-"``, or the text itself (facts or XML). The
    keyword options override the file, as the command line's options do. The limits are those of
    :mod:`escapology.forest.io` (``MAX_EDGES``, ...); ``deadline`` is polled while reading."""
    name = str(source)
    if isinstance(source, Path) or (name != "-" and "\n" not in name and not _is_text(name)):
        if Path(name).suffix.lower() in _GRAPH_SUFFIXES:
            if not Path(name).is_file():
                raise InputError("no such file", file=name)
            text = None
        else:
            text, name = read_source(source)
    else:
        text, name = read_source(source, is_text=_is_text)
    return fio.load_instance(name, text=text, start=start, target=target, rolls=rolls, die=die, special=special,
                             deadline=deadline)


@dataclass
class Result(TurnsResult):
    """The fewest turns with the known rolls: the protocol's :class:`Result`.

    ``certificate`` is the plan (a list of :class:`~escapology.forest.plan.Turn`); an unsolvable
    answer has none, and :func:`check` confirms it from the ``to_json()`` object or the result.
    """

    instance: Instance
    solution: Solution

    @property
    def stats(self) -> dict[str, Any]:
        return self.solution.stats

    def to_json(self) -> dict[str, Any]:
        """The object of ``escapology forest solve --format json`` with ``certificate`` (the plan)."""
        out = solution_to_json(self.instance, self.solution)
        out["certificate"] = out["plan"] if self.status is Status.SOLVED else None
        return out


def solve(inst: Instance, *, timeout: float | None = None, method: str = "fast",
          memory: MemoryLimit | float | None = None) -> Result:
    """The fewest turns from start to target with the known rolls, with a plan.

    ``method`` is ``fast`` (frontier propagation, by numpy steps or by blocks on the chains of
    boards with long cycles; default), ``matrix`` (the paper's Theorem 6, sparse Boolean
    matrices), ``simulation`` (plain) or ``asp`` (clingo, small dice). ``memory`` (MiB, or a
    :class:`~escapology.core.limits.MemoryLimit`; default what the machine has available) bounds
    the matrix method's matrices (a product that would not fit is refused with a
    :class:`~escapology.core.limits.MemoryLimitError` naming its estimate) and the walks the
    simulation lists (it answers ``unknown``).
    """
    if not inst.rolls:
        raise InputError("no rolls are known: give roll/3 facts or rolls=... (or use Odds for unknown dice)")
    if method == "matrix":
        from escapology.forest.matrix import solve_matrix

        return Result(inst, solve_matrix(inst, timeout=timeout, memory=memory))
    if method == "simulation":
        from escapology.forest.simulate import solve_simulation

        return Result(inst, solve_simulation(inst, timeout=timeout, memory=memory))
    if method == "asp":
        from escapology.forest.asp import solve_asp as run
    elif method == "fast":
        from escapology.forest.solver import solve as run
    else:
        raise ValueError(f"unknown method {method!r}; choose one of {', '.join(METHODS)}")
    return Result(inst, run(inst, timeout=timeout))


def _claim(inst: Instance, certificate: Any) -> list[Turn] | None | str:
    """The plan claimed (``None`` for a claim of "unsolvable"), or why there is nothing to check."""
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
        if "plan" not in certificate and "certificate" in certificate:
            certificate = certificate["certificate"]
    if certificate is None:
        return "there is no plan to check"
    if isinstance(certificate, (list, tuple)) and all(isinstance(t, Turn) for t in certificate):
        return list(certificate)
    try:
        return plan_from_json(inst, certificate)
    except InputError as exc:
        return exc.message


def check(inst: Instance, certificate: Any, *, fewest: bool = True) -> Verdict:
    """Check a plan (``Result.certificate``, its JSON, or the ``to_json()`` object): legal turns
    with the known rolls ending on the target and, with ``fewest``, no shorter plan; a result or
    JSON answer "unsolvable" is confirmed as such. When ``inst`` knows no rolls (a board map),
    the plan's rolls are used."""
    claim = _claim(inst, certificate)
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
    return Verdict.from_errors([problem] if problem else [], f"valid: {len(claim)} turns{', the fewest' if fewest else ''}")


def generate(*, size: int | None = None, seed: int = 0, kind: str = "grid", rolls: int = 20, die: int = 6,
             specials: int | None = None) -> Instance:
    """A board with ``rolls`` known rolls: ``kind="grid"`` a ``size`` x ``size`` grid forest (default
    6 x 8), ``kind="random"`` a random connected graph on ``size`` fields (default 40) with about
    ``1.5 size`` edges."""
    from escapology.forest.generator import grid_forest, random_board

    if kind == "grid":
        rows, cols = (6, 8) if size is None else (size, size)
        return grid_forest(rows, cols, specials=specials, die=die, rolls=rolls, seed=seed)
    if kind == "random":
        n = 40 if size is None else size
        return random_board(n, min(n * (n - 1) // 2, max(n - 1, 3 * n // 2)), specials=specials, die=die,
                            rolls=rolls, seed=seed)
    raise ValueError(f"unknown kind {kind!r}; choose grid or random")


def render(inst: Instance, certificate: Any = None) -> Svg:
    """The board with the plan's turns drawn on it."""
    from escapology.forest.render import render_svg

    turns: list[Turn] = []
    if certificate is not None:
        claim = _claim(inst, certificate)
        if isinstance(claim, str):
            raise InputError(claim)
        turns = claim or []
    return render_svg(inst, turns)

