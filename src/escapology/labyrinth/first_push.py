"""One hard instance split by its first push, the parts solved apart (on a Ray cluster:
``escapology labyrinth solve --ray ADDRESS``) and the answer with its proof assembled from them.

**The split.** Let ``I`` be an instance whose avatar does not start on the goal, with
``max_steps >= 1``. A plan of ``k >= 1`` pushes starts with a push ``p``; the avatar then walks from
where its field went to some position ``r`` reachable on the board after ``p``, and the remaining
``k - 1`` pushes are a plan of the *part* ``I(p, r)``: the board after ``p`` (every field renamed by
the position it stands on), the avatar on ``r``, the goal where its field went, ``max_steps - 1``
steps, and no walk before the first push, which is exactly the game's rule for an instance.
Conversely, ``p`` followed by any plan of ``I(p, r)`` is a plan of ``I`` (walking to ``r`` after ``p``
is legal). Hence

    OPT(I) = 1 + min over the parts of OPT(I(p, r)),

``I`` is unsolvable exactly when every part is, and a proven lower bound ``L`` of each part gives
``OPT(I) >= 1 + min L``: the plan assembled from the best part is proven optimal when that bound
reaches its length (:func:`assemble`). Parts with the same board, avatar and goal are solved once.
The checker replays the assembled plan like any other (:func:`escapology.labyrinth.check`).

**The bound.** A part need not be solved to the end: given a plan of ``U`` pushes (the
*incumbent*, from a short first look of the engine at the whole instance), only plans of at most
``U - 1`` pushes can improve it, so each part is asked for ``min(max_steps - 1, U - 2)`` steps. A
part with no plan within ``m`` steps has the lower bound ``m + 1``, so when no part improves,
``OPT(I) >= 1 + (U - 2 + 1) = U`` and the incumbent is proven optimal.

>>> from escapology.labyrinth import generate, solve
>>> inst = generate(size=5, seed=4)
>>> answer = solve_split(inst, run=lambda parts, end: [solve(q, workers=1) for q in parts], first_look=None)
>>> plain = solve(inst)
>>> (answer.status, answer.pushes, answer.optimal) == (plain.status, plain.pushes, plain.optimal)
True
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from escapology.core.results import Status
from escapology.labyrinth.engines import solve
from escapology.labyrinth.model import Board, Instance, Push, all_pushes
from escapology.labyrinth.result import SolveResult

__all__ = ["Part", "parts", "assemble", "solve_split", "solve_on_ray"]


@dataclass(frozen=True)
class Part:
    """The instance left after the first push ``push`` and a walk to the avatar's position ``r``."""

    push: Push
    instance: Instance


def parts(inst: Instance, max_steps: int | None = None) -> list[Part]:
    """The distinct parts ``I(p, r)`` of ``inst`` (see the module docstring), in push order, each
    with ``max_steps`` steps (default ``inst.max_steps - 1``)."""
    n = inst.n
    steps = inst.max_steps - 1 if max_steps is None else max_steps
    board0 = Board.initial(inst)
    seen: set[tuple[Any, ...]] = set()
    out = []
    for push in all_pushes(n):
        board = board0.push(push)
        connections = tuple(inst.connections[board.ids[pos]] for pos in range(n * n))
        goal = inst.field_of(board.where(inst.goal_position))
        for r in sorted(board.reachable({board.where(inst.init_position)})):
            key = (connections, r, goal)
            if key in seen:
                continue
            seen.add(key)
            out.append(Part(push, Instance(n, connections, inst.field_of(r), goal, steps,
                                           name=f"{inst.name} after {push.fact(1)}")))
    return out


def assemble(inst: Instance, split: Sequence[Part], answers: Sequence[SolveResult | None],
             stats: dict[str, Any] | None = None, incumbent: Sequence[Push] | None = None) -> SolveResult:
    """The answer for ``inst`` from its parts' answers (``None``: a part that did not run) and the
    ``incumbent`` plan, if any: the shortest plan, proven optimal when the parts' lower bounds
    reach it."""
    best: list[Push] | None = None if incumbent is None else list(incumbent)
    lower = inst.max_steps + 1
    for part, answer in zip(split, answers):
        if answer is None:
            lower = min(lower, 1)
            continue
        if answer.status is Status.SOLVED and answer.plan is not None:
            if best is None or 1 + len(answer.plan) < len(best):
                best = [part.push, *answer.plan]
        # no plan of the part within its steps: at least that many plus one
        part_lower = part.instance.max_steps + 1 if answer.status is Status.UNSOLVABLE else answer.lower_bound
        lower = min(lower, 1 + part_lower)
    stats = {**(stats or {}), "parts": len(split), "parts_answered": sum(a is not None for a in answers),
             "nodes": sum(int(a.stats.get("nodes", 0)) for a in answers if a is not None)}
    if best is not None:
        lower = min(lower, len(best))
        return SolveResult(Status.SOLVED, best, lower == len(best), lower, stats)
    if lower > inst.max_steps:
        return SolveResult(Status.UNSOLVABLE, None, True, lower, stats)
    return SolveResult(Status.UNKNOWN, None, False, lower, stats)


Runner = Callable[[list[Instance], float | None], list[SolveResult | None]]


def solve_split(inst: Instance, *, run: Runner, timeout: float | None = None, engine: str = "native",
                first_look: float | None = 1.0, incumbent: Sequence[Push] | None = None) -> SolveResult:
    """Solve ``inst`` by its parts: ``run(instances, end)`` answers each part's instance (``None``
    for one it could not), ``end`` the :func:`time.time` at which to stop (``None``: no limit).
    ``first_look`` seconds of the engine on the whole instance give the incumbent (an answer proven
    then needs no split; ``None``: no first look), unless an ``incumbent`` plan is given. An avatar
    already on the goal, or no step allowed, needs no split either."""
    if inst.init == inst.goal or inst.max_steps == 0:
        return solve(inst, engine=engine, timeout=timeout, workers=1)
    start = time.perf_counter()
    end = None if timeout is None else time.time() + timeout
    if incumbent is None and first_look is not None:
        look = first_look if timeout is None else min(first_look, timeout / 10)
        first = solve(inst, engine=engine, timeout=look, workers=1)
        if first.status is not Status.UNKNOWN and first.optimal:
            first.stats["split"] = "not needed: the first look proved the answer"
            return first
        incumbent = first.plan if first.status is Status.SOLVED else None
    incumbent = None if incumbent is None else list(incumbent)
    steps = inst.max_steps - 1 if incumbent is None else min(inst.max_steps - 1, len(incumbent) - 2)
    split = parts(inst, steps) if steps >= 0 else []
    answers = run([p.instance for p in split], end) if split else []
    stats = {"engine": engine, "split": "first push", "incumbent": None if incumbent is None else len(incumbent),
             "seconds": round(time.perf_counter() - start, 4)}
    return assemble(inst, split, answers, stats, incumbent)


def _solve_part(instance: Instance, engine: str, end: float | None) -> SolveResult:
    """One part, single-threaded, until the wall-clock ``end`` (a Ray task)."""
    remaining = None if end is None else max(0.0, end - time.time())
    return solve(instance, engine=engine, timeout=remaining, workers=1)


def solve_on_ray(inst: Instance, address: str, *, engine: str = "native", timeout: float | None = None,
                 jobs: int | None = None, first_look: float | None = 1.0, goal: str = "fewest") -> SolveResult:
    """:func:`solve_split` with the parts as tasks of the Ray cluster at ``address`` (``local``: a
    private one with ``jobs`` CPUs); a part still running at the time limit is cancelled."""
    from escapology.core.ray_cluster import connect  # Ray is imported only when a cluster is asked for

    if goal == "any":
        # the first plan within max_steps: the engine's beam almost always has one at once
        look = solve(inst, engine=engine, timeout=timeout, workers=1, goal="any")
        if look.status is not Status.UNKNOWN:
            return look
    ray = connect(address, jobs)
    try:
        remote = ray.remote(num_cpus=1)(_solve_part)

        def run(instances: list[Instance], end: float | None) -> list[SolveResult | None]:
            refs = [remote.remote(q, engine, end) for q in instances]
            answers: dict[Any, SolveResult | None] = {}
            waiting = list(refs)
            while waiting:
                left = None if end is None else max(0.0, end - time.time()) + 1.0
                done, waiting = ray.wait(waiting, num_returns=1, timeout=left)
                if not done:
                    break
                answers[done[0]] = ray.get(done[0])
            for ref in waiting:
                ray.cancel(ref, force=True)
            return [answers.get(ref) for ref in refs]

        result = solve_split(inst, run=run, timeout=timeout, engine=engine, first_look=first_look)
        result.stats["ray"] = address
        result.goal = goal
        return result
    finally:
        ray.shutdown()
