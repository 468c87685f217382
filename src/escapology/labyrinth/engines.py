"""Choosing an engine: ``solve(instance, engine="native" | "clingo" | "exhaustive")``.

The engines are listed once, in :data:`escapology.labyrinth.spec.ENGINES` (name, function, one-line
description); each name there points at one of the functions below, which all take the instance
and the same keywords (``timeout``, ``progress``, ``workers``, ``node_limit``, ``memory``) and pass
on the ones their engine uses.
"""

from __future__ import annotations

from escapology.core.limits import Deadline, MemoryLimit
from escapology.labyrinth.exhaustive import solve_exhaustive
from escapology.labyrinth.model import Instance
from escapology.labyrinth.result import SolveResult, check_goal
from escapology.labyrinth.spec import ENGINES


def native(inst: Instance, *, timeout: float | None = None, progress: bool | None = False,
           workers: int | None = None, node_limit: int | None = None,
           memory: MemoryLimit | float | None = None, goal: str = "fewest") -> SolveResult:
    """The dedicated search in Rust (:func:`escapology.labyrinth.native.solve_native`)."""
    from escapology.labyrinth.native import solve_native  # the extension: loaded when this engine runs

    return solve_native(inst, timeout=timeout, progress=progress, workers=workers, node_limit=node_limit,
                        goal=goal)


def clingo(inst: Instance, *, timeout: float | None = None, progress: bool | None = False,
           workers: int | None = None, node_limit: int | None = None,
           memory: MemoryLimit | float | None = None) -> SolveResult:
    """The project's ASP encoding run by clingo (:func:`escapology.labyrinth.clingo_engine.solve_clingo`)."""
    from escapology.labyrinth.clingo_engine import solve_clingo  # clingo is heavy: loaded when this engine runs

    return solve_clingo(inst, timeout=timeout, progress=progress)


def exhaustive(inst: Instance, *, timeout: float | None = None, progress: bool | None = False,
               workers: int | None = None, node_limit: int | None = None,
               memory: MemoryLimit | float | None = None) -> SolveResult:
    """Breadth-first search over push sequences (:func:`escapology.labyrinth.exhaustive.solve_exhaustive`),
    stopping with ``unknown`` at the ``timeout`` or when its states fill ``memory``."""
    return solve_exhaustive(inst, deadline=Deadline(timeout), memory=memory)


def solve(inst: Instance, *, engine: str = "native", timeout: float | None = None,
          progress: bool | None = False, workers: int | None = None,
          node_limit: int | None = None, memory: MemoryLimit | float | None = None,
          goal: str = "fewest") -> SolveResult:
    """The plan with the fewest pushes for ``inst`` (``goal="any"``: the first plan within
    ``max_steps`` the engine finds, or the proof that there is none).

    ``engine`` names one of :data:`~escapology.labyrinth.spec.ENGINES`: ``native`` (the dedicated
    search in Rust, default), ``clingo`` (escapology's ASP encoding run by clingo, a cross-check) or
    ``exhaustive`` (plain breadth-first search, tiny boards only). ``workers`` (native only) is the
    number of threads of the exact search, by default every core. ``node_limit`` (native only)
    bounds the exact search by nodes instead of time and makes the answer reproducible (see
    :func:`escapology.labyrinth.native.solve_native`). ``progress=None`` shows a progress display
    when stderr is a terminal.

    >>> from escapology.labyrinth.model import Instance
    >>> inst = Instance.from_grid(["╷╴", "└ "], init=(1, 1), goal=(2, 2), max_steps=2)
    >>> solve(inst).facts()
    'push(1,n,1).'
    """
    chosen = next((e for e in ENGINES if e.name == engine), None)
    if chosen is None:
        raise ValueError(f"unknown engine {engine!r}; choose one of {', '.join(e.name for e in ENGINES)}")
    goal = check_goal(goal)
    if engine == "native":
        return native(inst, timeout=timeout, progress=progress, workers=workers, node_limit=node_limit,
                      memory=memory, goal=goal)
    # the other engines find a shortest plan, which is a plan within max_steps too
    result = chosen.load()(inst, timeout=timeout, progress=progress, workers=workers, node_limit=node_limit,
                           memory=memory)
    result.goal = goal
    return result
