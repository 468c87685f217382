"""One hard instance split into the states its first ``k`` pushes reach, the parts searched apart
(on a Ray cluster: ``escapology labyrinth solve --ray ADDRESS``) depth by depth, and the answer
with its proof assembled from them.

**The split.** The native engine's exact search of ``D`` pushes, cut after its first ``k`` pushes,
meets a list of *states*: the board, the avatar's set ``R`` (every position it can stand on), the
goal's position and the restriction the push that led there puts on the next (rules 1-2 of
``docs/labyrinth.md``). ``escapology._native.labyrinth_split`` lists them once each, with the
pushes that reach them; ``labyrinth_search_state`` searches ``D - k`` more pushes below one --
node for node the whole search continued below that state (``native/src/labyrinth/state.rs``,
tested there and in ``tests/labyrinth/test_ray_split.py``). So, for every ``D >= k + 3``:

- the whole finds a plan of ``D`` pushes exactly when some part finds one of ``D - k``
  (its pushes after the part's first ``k``);
- when every part is exhausted at ``D - k``, so is the whole at ``D``.

**Depth by depth.** The search's rules assume the shorter depths refuted; so the depths up to
``k + 2`` (and the first look's) are proven on the whole instance first, and then each part is
searched at ``k + 3``, ``k + 4``, ... pushes as tasks ``(part, depth)``: a part's next depth is
submitted when its last is exhausted, after the tasks already waiting (the cluster works through
one depth before the next). As in the single search, each new depth is preceded by a wider beam
on the whole instance (256, 1024, 4096 states) and by every part's focused search (capped): they
usually find the plan of the minimum, so that the complete searches of that depth need not run.
A plan of ``U`` pushes (the *incumbent*: the first look's, or the
best a part found) bounds every part: tasks of ``U`` pushes or more are cancelled and never
submitted. The lower bound is ``k + 1`` plus the least depth every part has exhausted (parts not
searched deeper because of the incumbent count as exhausted there), hence

    lower bound = min over the parts of (k + 1 + the part's deepest exhausted depth),

proven (the rules' assumption holds up to the true minimum ``m``: the part of a shortest plan the
whole search keeps finds it at ``m - k``, so no part can be exhausted there); the answer is
optimal when the bound reaches the best plan's length, and unsolvable when it passes
``max_steps`` without a plan. The checker replays the plan like any other.

>>> from escapology.labyrinth import generate, solve
>>> inst = generate(size=6, seed=4)
>>> answer = solve_split(inst, Local(), k=1, first_look=None)
>>> plain = solve(inst, workers=1)
>>> (answer.status, answer.pushes, answer.optimal) == (plain.status, plain.pushes, plain.optimal)
True
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from escapology import _native
from escapology.core.errors import InputError
from escapology.core.ray_cluster import connect
from escapology.core.results import Status
from escapology.labyrinth.engines import solve
from escapology.labyrinth.model import Instance, Push
from escapology.labyrinth.native import decode
from escapology.labyrinth.result import SolveResult, check_goal

__all__ = ["Part", "Split", "split", "choose_k", "search_part", "beam", "run_task", "Local", "solve_split",
           "solve_on_ray"]

#: tasks per CPU the split aims at (the smallest ``k`` giving at least that many parts)
TASKS_PER_CPU = 8

#: the deepest split: (4n)^3 states already on the larger boards
MAX_K = 3

#: seconds of the engine's first look at the whole instance (short: the depth it is stopped in is
#: searched again by the parts)
FIRST_LOOK = 0.25

#: the least node cap of a depth's focused searches, shared by the parts (the engine's)
FOCUS_MIN = 2_000_000

#: the beam widths tried, one per new depth (the engine's first beam is 64 wide, its widest 4096)
BEAM_WIDTH, MAX_WIDTH = 256, 4096


@dataclass(frozen=True)
class Part:
    """The state after the first pushes ``pushes`` (push codes), as the bytes the crate reads."""

    pushes: tuple[int, ...]
    state: bytes


@dataclass
class Split:
    """The parts of an instance after its first ``k`` pushes, and the nodes it took to list them;
    ``plan``: a plan of at most ``k`` pushes met on the way (then there are no parts)."""

    k: int
    parts: list[Part]
    nodes: int
    plan: list[int] | None = None


def _native_args(inst: Instance) -> tuple[int, bytes, int, int]:
    return inst.n, bytes(inst.connections), inst.init_position, inst.goal_position


def split(inst: Instance, k: int) -> Split:
    """The distinct states the exact search meets after ``k`` pushes, in its order."""
    status, nodes, plan, states = _native.labyrinth_split(*_native_args(inst), k)
    if status == "found":
        return Split(k, [], nodes, list(plan))
    return Split(k, [Part(tuple(p), bytes(s)) for p, s in states], nodes)


def choose_k(inst: Instance, cpus: int, tasks_per_cpu: int = TASKS_PER_CPU) -> Split:
    """The split with the smallest ``k`` (1 to :data:`MAX_K`) giving at least ``tasks_per_cpu``
    parts per CPU."""
    for k in range(1, MAX_K + 1):
        got = split(inst, k)
        if got.plan is not None or len(got.parts) >= tasks_per_cpu * max(1, cpus) or k == MAX_K:
            return got
    raise AssertionError("unreachable")


def search_part(n: int, connections: bytes, state: bytes, depth: int, end: float | None,
                cap: int | None = None) -> tuple[str, int, list[int]]:
    """The complete search of ``depth`` more pushes below ``state``, until the wall-clock ``end``
    (:func:`time.time`; ``None``: no limit): ``(status, nodes, plan)``, status ``found``,
    ``exhausted`` or ``stopped`` (a Ray task: one thread, the GIL released). With a ``cap`` of
    nodes, the engine's *focused* search instead (it finds plans and proves nothing; status
    ``capped`` when the cap ends it)."""
    seconds = None if end is None else max(0.0, end - time.time())
    status, nodes, plan = _native.labyrinth_search_state(n, connections, state, depth, seconds,
                                                         focused=cap is not None, node_cap=cap)
    return status, nodes, list(plan)


def beam(n: int, connections: bytes, init: int, goal: int, max_depth: int, width: int,
         end: float | None) -> tuple[str, int, list[int]]:
    """The engine's beam search of ``width`` states for a plan of at most ``max_depth`` pushes
    (the whole instance), until the wall-clock ``end``: ``("found", 0, plan)`` or ``("none", 0, [])``
    (a Ray task)."""
    seconds = None if end is None else max(0.0, end - time.time())
    plan = _native.labyrinth_beam(n, connections, init, goal, max_depth, width, seconds)
    return ("none", 0, []) if plan is None else ("found", 0, list(plan))


def run_task(task: tuple[Any, ...]) -> tuple[str, int, list[int]]:
    """A task of the split: ``("part", n, connections, state, depth, end, cap)`` (:func:`search_part`),
    ``("beam", n, connections, init, goal, max_depth, width, end)`` (:func:`beam`), or ``("warm",)``:
    load the engine (a worker started while the first look runs is ready for the parts)."""
    kind, *args = task
    if kind == "warm":
        return ("warm", 0, [])
    return search_part(*args) if kind == "part" else beam(*args)


class Backend(Protocol):
    """Where the tasks (:func:`run_task`) run: ``submit`` returns a handle, ``wait`` the handles
    done (at most ``timeout`` seconds), ``get`` a done task's answer, ``cancel`` drops a task."""

    def submit(self, task: tuple[Any, ...]) -> Any: ...

    def wait(self, handles: list[Any], timeout: float | None) -> list[Any]: ...

    def get(self, handle: Any) -> tuple[str, int, list[int]]: ...

    def cancel(self, handle: Any) -> None: ...


@dataclass
class Local:
    """Tasks run one at a time in this process, in the order submitted (tests, benchmarks)."""

    answers: dict[int, tuple[str, int, list[int]]] = field(default_factory=dict)
    waiting: dict[int, tuple[Any, ...]] = field(default_factory=dict)
    count: int = 0

    def submit(self, task: tuple[Any, ...]) -> int:
        self.count += 1
        self.waiting[self.count] = task
        return self.count

    def wait(self, handles: list[int], timeout: float | None) -> list[int]:
        first = min(handles)
        self.answers[first] = run_task(self.waiting.pop(first))
        return [first]

    def get(self, handle: int) -> tuple[str, int, list[int]]:
        return self.answers.pop(handle)

    def cancel(self, handle: int) -> None:
        self.waiting.pop(handle, None)


def _whole_depth(inst: Instance, depth: int) -> tuple[str, int, list[int]]:
    """The complete search of the whole instance at ``depth`` (one thread, the engine's table)."""
    bits = 0 if depth < 4 else 20 if inst.n >= 8 else 14
    status, nodes, plan = _native.labyrinth_search(*_native_args(inst), depth, table_bits=bits)
    return status, nodes, list(plan)


def solve_split(inst: Instance, backend: Backend, *, timeout: float | None = None, k: int | None = None,
                cpus: int = 1, first_look: float | None = FIRST_LOOK, incumbent: list[Push] | None = None,
                goal: str = "fewest", look_workers: int | None = None) -> SolveResult:
    """Solve ``inst`` (native engine) by the parts of a :func:`split` after ``k`` pushes (default:
    :func:`choose_k` for ``cpus``), run on ``backend`` depth by depth (module docstring).
    ``first_look`` seconds of the engine on the whole instance (on ``look_workers`` threads of
    this machine, default every core) give the incumbent and a proven lower bound (an answer it
    proves needs no split; ``None``: no first look), unless an ``incumbent`` plan is given.
    ``goal="any"``: the first plan found is the answer."""
    goal = check_goal(goal)
    start = time.perf_counter()
    end = None if timeout is None else time.time() + timeout
    stats: dict[str, Any] = {"engine": "native", "split": "states"}

    def done(result: SolveResult) -> SolveResult:
        result.stats = {**result.stats, **stats, "seconds": round(time.perf_counter() - start, 4)}
        result.goal = goal
        return result

    if inst.init == inst.goal or inst.max_steps == 0:
        return done(solve(inst, timeout=timeout, workers=1))
    lower = 1
    best: list[int] | None = None if incumbent is None else [4 * (p.line - 1) + "ewns".index(p.direction)
                                                             for p in incumbent]
    if incumbent is None and first_look is not None:
        look = first_look if timeout is None else min(first_look, timeout / 10)
        first = solve(inst, timeout=look, workers=look_workers, goal=goal)
        stats["first_look_nodes"] = first.stats.get("nodes", 0)
        if first.status is not Status.UNKNOWN and (first.optimal or goal == "any"):
            stats["split"] = "not needed: the first look answered"
            return done(first)
        lower = first.lower_bound
        if first.plan is not None:
            best = [4 * (p.line - 1) + "ewns".index(p.direction) for p in first.plan]
    stats["incumbent"] = None if best is None else len(best)
    limit = inst.max_steps if best is None else min(inst.max_steps, len(best) - 1)
    nodes = 0

    def answer(lower: int) -> SolveResult:
        stats["nodes"] = nodes
        if best is not None:
            plan = decode(best)
            return done(SolveResult(Status.SOLVED, plan, lower >= len(plan), min(lower, len(plan)), stats))
        if lower > inst.max_steps:
            return done(SolveResult(Status.UNSOLVABLE, None, True, lower, stats))
        return done(SolveResult(Status.UNKNOWN, None, False, lower, stats))

    cut = split(inst, k) if k is not None else choose_k(inst, cpus)
    nodes += cut.nodes
    stats.update(k=cut.k, parts=len(cut.parts), tasks=0, stopped=False)
    # the shortest depths on the whole instance: the parts' rules assume them refuted
    while lower <= min(limit, cut.k + 2):
        if end is not None and time.time() >= end:
            return answer(lower)
        status, spent, plan = _whole_depth(inst, lower)
        nodes += spent
        if status == "found":
            best = plan
            return answer(lower)
        lower += 1
    if lower > limit or cut.plan is not None:
        # (a plan of k pushes or fewer met by the split: the depths above found it within limit)
        return answer(lower)
    # every part searched depth by depth from `lower`; exhausted[i]: its deepest exhausted depth
    k, n, conn = cut.k, inst.n, bytes(inst.connections)
    exhausted = [lower - 1 - k] * len(cut.parts)
    # running tasks: (part, depth after the part's pushes, kind: complete, focused or beam)
    running: dict[Any, tuple[int, int, str]] = {}
    stopped = False
    by_depth: dict[int, int] = {}  # nodes of the parts' complete searches by the whole's depth
    focused_nodes = 0
    focused: set[int] = set()
    width = BEAM_WIDTH

    def submit(i: int, left: int) -> None:
        nonlocal width
        if k + left not in focused:
            # first at this depth: as the engine does before a costlier depth, a wider beam for a
            # plan shorter than the best (while the beam widens), then the focused search of every
            # part (queued before the complete searches of this depth), with the engine's cap (a
            # quarter of the nodes so far, at least two million) shared by the parts
            focused.add(k + left)
            if width <= MAX_WIDTH and (best is None or len(best) > k + left):
                task = ("beam", n, conn, inst.init_position, inst.goal_position, limit, width, end)
                running[backend.submit(task)] = (-1, limit - k, "beam")
                width *= 4
            cap = max(FOCUS_MIN, (nodes + stats.get("first_look_nodes", 0)) // 4) // len(cut.parts) + 1
            for j, part in enumerate(cut.parts):
                running[backend.submit(("part", n, conn, part.state, left, end, cap))] = (j, left, "focused")
        running[backend.submit(("part", n, conn, cut.parts[i].state, left, end, None))] = (i, left, "complete")

    for i in range(len(cut.parts)):
        submit(i, lower - k)
    tasks = len(cut.parts)
    while running:
        wait = None if end is None else max(0.0, end - time.time()) + 1.0
        ready = backend.wait(list(running), wait)
        if not ready:
            stopped = True
            break
        for handle in ready:
            i, left, kind = running.pop(handle)
            status, spent, plan = backend.get(handle)
            nodes += spent
            if kind == "focused":
                focused_nodes += spent
            elif kind == "complete":
                by_depth[k + left] = by_depth.get(k + left, 0) + spent
            if kind != "complete" and status != "found":
                continue  # a focused search or a beam proves nothing
            if status == "found":
                # (complete and focused tasks deeper than the best are cancelled; a beam may not beat it)
                found = plan if kind == "beam" else [*cut.parts[i].pushes, *plan]
                if best is None or len(found) < len(best):
                    best = found
                    limit = len(found) - 1
                    for other, (_, d, other_kind) in list(running.items()):
                        if (k + d > limit and other_kind != "beam") or goal == "any":
                            backend.cancel(other)
                            del running[other]
                if kind == "complete":  # the depths before this one are exhausted
                    exhausted[i] = max(exhausted[i], left - 1)
            elif status == "exhausted":
                exhausted[i] = left
                if k + left + 1 <= limit:
                    submit(i, left + 1)
                    tasks += 1
                else:
                    exhausted[i] = limit - k
            else:
                stopped = True
    for handle in running:
        backend.cancel(handle)
    stats.update(tasks=tasks, focused_tasks=len(focused) * len(cut.parts), beam_width=width // 4, stopped=stopped,
                 nodes_by_depth=dict(sorted(by_depth.items())), focused_nodes=focused_nodes)
    return answer(k + 1 + min(exhausted) if exhausted else limit + 1)


@dataclass
class _Ray:
    """Tasks on a Ray cluster (one CPU each)."""

    ray: Any
    remote: Any

    def submit(self, task: tuple[Any, ...]) -> Any:
        return self.remote.remote(task)

    def wait(self, handles: list[Any], timeout: float | None) -> list[Any]:
        done, _ = self.ray.wait(handles, num_returns=1, timeout=timeout)
        return list(done)

    def get(self, handle: Any) -> tuple[str, int, list[int]]:
        return tuple(self.ray.get(handle))  # type: ignore[return-value]

    def cancel(self, handle: Any) -> None:
        self.ray.cancel(handle, force=True)


def solve_on_ray(inst: Instance, address: str, *, engine: str = "native", timeout: float | None = None,
                 jobs: int | None = None, first_look: float | None = FIRST_LOOK, k: int | None = None,
                 goal: str = "fewest") -> SolveResult:
    """:func:`solve_split` with the parts as tasks of the Ray cluster at ``address`` (``local``: a
    private one with ``jobs`` CPUs); tasks still running at the time limit are cancelled."""
    if engine != "native":
        raise InputError(f"--ray splits the native engine's search, not the {engine} engine's")
    ray = connect(address, jobs)
    try:
        cpus = int(ray.cluster_resources().get("CPU", 1))
        backend = _Ray(ray, ray.remote(num_cpus=1)(run_task))
        for _ in range(cpus):  # workers start (and load the engine) while the first look runs
            backend.submit(("warm",))
        result = solve_split(inst, backend, timeout=timeout, k=k, cpus=cpus, first_look=first_look, goal=goal)
        result.stats["ray"] = address
        result.stats["cpus"] = cpus
        return result
    finally:
        ray.shutdown()
