"""Choosing an engine: ``solve(instance, engine="native" | "clingo" | "exhaustive")``."""

from __future__ import annotations

from typing import Callable

from escapology.labyrinth.model import Instance
from escapology.labyrinth.result import SolveResult, check_goal


def _native(inst: Instance, timeout: float | None, progress: bool | None,
            workers: int | None = None, node_limit: int | None = None, goal: str = "fewest") -> SolveResult:
    from escapology.labyrinth.native import solve_native

    return solve_native(inst, timeout=timeout, progress=progress, workers=workers, node_limit=node_limit,
                        goal=goal)


def _clingo(inst: Instance, timeout: float | None, progress: bool | None) -> SolveResult:
    from escapology.labyrinth.clingo_engine import solve_clingo

    return solve_clingo(inst, timeout=timeout, progress=progress)


def _exhaustive(inst: Instance, timeout: float | None, progress: bool | None) -> SolveResult:
    from escapology.labyrinth.exhaustive import solve_exhaustive

    return solve_exhaustive(inst)


ENGINES: dict[str, Callable[[Instance, float | None, bool | None], SolveResult]] = {
    "native": _native,
    "clingo": _clingo,
    "exhaustive": _exhaustive,
}


def solve(inst: Instance, *, engine: str = "native", timeout: float | None = None,
          progress: bool | None = False, workers: int | None = None,
          node_limit: int | None = None, goal: str = "fewest") -> SolveResult:
    """The plan with the fewest pushes for ``inst`` (``goal="any"``: the first plan within
    ``max_steps`` the engine finds, or the proof that there is none).

    ``engine`` is ``native`` (the dedicated search in Rust, default), ``clingo`` (escapology's ASP encoding
    run by clingo, a cross-check) or ``exhaustive`` (plain breadth-first search, tiny boards only).
    ``workers`` (native only) is the number of threads of the exact search, by default every core.
    ``node_limit`` (native only) bounds the exact search by nodes instead of time and makes the
    answer reproducible (see :func:`escapology.labyrinth.native.solve_native`).
    ``progress=None`` shows a progress display when stderr is a terminal.

    >>> from escapology.labyrinth.model import Instance
    >>> inst = Instance.from_grid(["╷╴", "└ "], init=(1, 1), goal=(2, 2), max_steps=2)
    >>> solve(inst).facts()
    'push(1,n,1).'
    """
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}; choose one of {', '.join(ENGINES)}")
    goal = check_goal(goal)
    if engine == "native":
        return _native(inst, timeout, progress, workers, node_limit, goal)
    result = ENGINES[engine](inst, timeout, progress)  # a shortest plan is a plan within max_steps too
    result.goal = goal
    return result
