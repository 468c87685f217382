"""The native Labyrinth engine: the fewest pushes, proven by iterative deepening (Rust).

The search runs in the Rust crate ``native/`` (the extension module ``escapology._native``): a beam
search finds some plan quickly, then iterative deepening proves lower bounds depth by depth over
worker threads, with the pruning rules 1-6, a transposition table and kept walks. Each rule's
soundness argument is in the doc comment of ``native/src/labyrinth/search.rs`` (the helpers that
decide each rule: ``native/src/labyrinth/rules/``, one file per concept) and in
``docs/labyrinth.md``.

This module only converts: the instance to the crate's plain data (connections by field,
positions ``row * n + col``), the crate's push codes ``4 * (line - 1) + d`` (d: east, west, north,
south) back to :class:`~escapology.labyrinth.model.Push`, and Python's deadline, Ctrl-C and
progress display to the crate's monitor. The GIL is released while the search runs; the checker
(:mod:`escapology.labyrinth.checker`) shares no code with it.
"""

from __future__ import annotations

import os
import time
from typing import Any

from escapology import _native
from escapology.core.limits import Deadline
from escapology.core.progress import search_progress
from escapology.core.results import Status
from escapology.labyrinth.model import Instance, Push
from escapology.labyrinth.result import SolveResult, check_goal

_DIRS = "ewns"
_MAX_DEPTH = 1 << 31  # the crate counts depths in machine words; no search gets near this


def decode(codes: list[int]) -> list[Push]:
    """Pushes from the crate's codes ``4 * (line - 1) + d`` with d in east, west, north, south.

    >>> decode([0, 7])
    [Push(line=1, direction='e'), Push(line=2, direction='s')]
    """
    return [Push(k // 4 + 1, _DIRS[k % 4]) for k in codes]


def encode(push: Push) -> int:
    """The crate's code of a push.

    >>> encode(Push(2, "s"))
    7
    """
    return 4 * (push.line - 1) + _DIRS.index(push.direction)


def default_workers() -> int:
    """Worker threads for the exact search: the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def max_side() -> int:
    """The largest board side the native engine takes."""
    return int(_native.LABYRINTH_MAX_SIDE)


def solve_native(inst: Instance, *, timeout: float | None = None, progress: bool | None = None,
                 workers: int | None = None, deadline: Deadline | None = None,
                 node_limit: int | None = None, goal: str = "fewest", whole_depths: bool = False) -> SolveResult:
    """The plan with the fewest pushes, proven optimal unless the time runs out.

    Under a timeout (``timeout`` seconds from now, or ``deadline``) the best plan found so far is
    returned with ``optimal = False`` and the proven ``lower_bound``; without any plan the status is
    ``unknown``. ``workers`` threads share the exact search (default: every core this process may
    use; 1 makes the run deterministic). Ctrl-C raises ``KeyboardInterrupt`` within 50 ms.

    ``node_limit`` makes the answer *reproducible*: the exact search stops after about that many
    nodes, on one thread, and no decision depends on the clock (beams are bounded by their width
    and depth, not by time), so the same instance and limit give the same answer on any machine
    at any load (a ``timeout`` still applies on top, and is then the one thing that may differ).

    ``goal="any"`` answers with the first plan within ``max_steps`` the engine finds (usually the
    beam's, and the shortest when the deepening has to find one) or proves that there is none;
    ``lower_bound`` is then what was proven by the time the plan turned up.

    ``whole_depths`` (a short look whose work others continue, as the split's first look): the
    search also stops at the end of a depth when the next one is not expected to end before the
    time limit (this depth's time times its growth over the one before), so that no depth is
    left half searched.

    >>> from escapology.labyrinth import load
    >>> from escapology.core.examples import example
    >>> r = solve_native(load(example("labyrinth", "small.lp")))
    >>> r.status.value, r.pushes, r.optimal
    ('solved', 3, True)
    """
    goal = check_goal(goal)
    start = time.perf_counter()
    deadline = deadline if deadline is not None else Deadline(timeout)
    n = inst.n
    if n > max_side():
        raise ValueError(f"the native engine takes boards of side up to {max_side()}, not {n}")
    threads = default_workers() if workers is None else max(1, workers)
    with search_progress("labyrinth", enabled=progress) as bar:

        def report(depth: int, mode: str, nodes: int, lower: int, best: int) -> None:
            fields: dict[str, Any] = {"mode": mode, "nodes": nodes}
            if mode != "beam":
                fields["depth"] = depth
            if best >= 0:
                fields["best"] = best
            bar.update(**fields)

        out = _native.labyrinth_solve(n, bytes(inst.connections), inst.init_position, inst.goal_position,
                                      min(inst.max_steps, _MAX_DEPTH), threads, deadline.remaining(),
                                      report if bar.shown else None, node_limit, goal == "any", whole_depths)
    stats: dict[str, Any] = {"engine": "native", "nodes": out["nodes"], "workers": out["workers"],
                             "beam_pushes": out["beam_pushes"], "beam_width": out["beam_width"],
                             "seconds": round(time.perf_counter() - start, 4)}
    lower = out["lower_bound"]
    if out["plan"] is not None:
        plan = decode(out["plan"])
        return SolveResult(Status.SOLVED, plan, len(plan) <= lower, min(lower, len(plan)), stats, goal)
    if lower > inst.max_steps:
        return SolveResult(Status.UNSOLVABLE, None, True, lower, stats, goal)
    return SolveResult(Status.UNKNOWN, None, False, lower, stats, goal)
