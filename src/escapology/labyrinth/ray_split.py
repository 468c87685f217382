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

**A run that survives a stop.** With a ``journal`` (a file; :class:`Journal`) every proven fact is
appended as it is learnt -- the first look's bound and plan, the split's ``k``, each whole depth
refuted, each part's exhausted depth, each better plan -- with the nodes and seconds so far, and
flushed to disk. A later call with the same journal (the same instance: it carries a fingerprint)
starts where the facts left off: the parts are submitted at the depth after the deepest each has
exhausted, the best plan bounds them, and the nodes and seconds add up over the sessions. What is
lost to a stop is the tasks running at the time, never a proven depth.

>>> from escapology.labyrinth import generate, solve
>>> inst = generate(size=6, seed=4)
>>> answer = solve_split(inst, Local(), k=1, first_look=None)
>>> plain = solve(inst, workers=1)
>>> (answer.status, answer.pushes, answer.optimal) == (plain.status, plain.pushes, plain.optimal)
True
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Protocol

from escapology import _native
from escapology.core.errors import InputError
from escapology.core.ray_cluster import connect
from escapology.core.results import Status
from escapology.core.wording import plural
from escapology.labyrinth.engines import solve
from escapology.labyrinth.model import Instance, Push
from escapology.labyrinth.native import decode, solve_native
from escapology.labyrinth.result import SolveResult, check_goal

__all__ = ["Part", "Split", "split", "choose_k", "search_part", "beam", "run_task", "Local", "Journal",
           "solve_split", "solve_on_ray", "PartSearcher"]

#: tasks per CPU the split aims at (the smallest ``k`` giving at least that many parts)
TASKS_PER_CPU = 8

#: the deepest split: (4n)^3 states already on the larger boards
MAX_K = 3

#: seconds of the engine's first look at the whole instance (short; it stops at the end of a depth
#: when the next would not end in time, since a depth stopped midway is searched again by the parts)
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


#: the transposition table of this process's complete searches (:func:`search_part`) and the
#: instance it holds entries of: a Ray actor runs many parts, on as many threads as its node has
#: CPUs, and the parts of one instance share it (another instance gets a fresh one: the table sees
#: only the state, and two instances' states may have equal bytes, their fields being another's
#: tiles); :data:`_TABLE_LOCK` guards the swap
_TABLE: tuple[bytes, Any] | None = None
_TABLE_LOCK = threading.Lock()

#: its entries, as the engine's own table on boards of side 8 or more (16 MiB)
TABLE_BITS = 20


def _table(n: int, connections: bytes) -> Any:
    """This process's table of the instance (:data:`_TABLE`), made on first use."""
    global _TABLE
    key = hashlib.sha256(n.to_bytes(2, "little") + connections).digest()
    with _TABLE_LOCK:
        if _TABLE is None or _TABLE[0] != key:
            _TABLE = (key, _native.LabyrinthTable(TABLE_BITS))
        return _TABLE[1]


def search_part(n: int, connections: bytes, state: bytes, depth: int, end: float | None,
                cap: int | None = None, generation: int | None = None,
                progress: Callable[[int], None] | None = None) -> tuple[str, int, list[int]]:
    """The complete search of ``depth`` more pushes below ``state``, until the wall-clock ``end``
    (:func:`time.time`; ``None``: no limit): ``(status, nodes, plan)``, status ``found``,
    ``exhausted`` or ``stopped`` (one thread, the GIL released). With a ``cap`` of nodes, the
    engine's *focused* search instead (it finds plans and proves nothing; status ``capped`` when
    the cap ends it), with a table of its own. ``progress(nodes)`` is called about every 50 ms;
    an error it raises stops the search and is raised here.

    ``generation`` (complete searches: the whole depth, ``k`` plus ``depth``): the search reads
    and writes the process's table of this instance (:data:`_TABLE`) in that generation, so that
    the parts of one whole depth searched by one process -- one after the other, or at once on
    its threads -- share their exhausted states, as the threads of the single search share its
    table (the table sees only the state, and the parts' rules are the whole's:
    ``native/src/labyrinth/state.rs``); each whole depth has its own generation, as each depth of
    the single search has."""
    seconds = None if end is None else max(0.0, end - time.time())
    table = _table(n, connections) if cap is None and generation is not None else None
    status, nodes, plan = _native.labyrinth_search_state(n, connections, state, depth, seconds,
                                                         focused=cap is not None, node_cap=cap,
                                                         table=table, generation=generation or 1,
                                                         progress=progress)
    return status, nodes, list(plan)


def beam(n: int, connections: bytes, init: int, goal: int, max_depth: int, width: int,
         end: float | None) -> tuple[str, int, list[int]]:
    """The engine's beam search of ``width`` states for a plan of at most ``max_depth`` pushes
    (the whole instance), until the wall-clock ``end``: ``("found", 0, plan)`` or ``("none", 0, [])``
    (a Ray task)."""
    seconds = None if end is None else max(0.0, end - time.time())
    plan = _native.labyrinth_beam(n, connections, init, goal, max_depth, width, seconds)
    return ("none", 0, []) if plan is None else ("found", 0, list(plan))


def run_task(task: tuple[Any, ...],
             progress: Callable[[int], None] | None = None) -> tuple[str, int, list[int]]:
    """A task of the split: ``("part", n, connections, state, depth, end, cap, generation)`` (:func:`search_part`,
    given ``progress``) or ``("beam", n, connections, init, goal, max_depth, width, end)`` (:func:`beam`)."""
    kind, *args = task
    return search_part(*args, progress=progress) if kind == "part" else beam(*args)


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


@dataclass
class Journal:
    """The proven facts of one instance's split, appended to ``path`` as they are learnt (one JSON
    object a line, flushed and synced), and read back by the next run (module docstring). The first
    line names the instance by a fingerprint of its board, avatar, goal and ``max_steps``; a journal
    of another instance is refused. A last line cut short by a stop is ignored."""

    path: Path
    key: str
    lower: int = 1
    best: list[int] | None = None
    k: int | None = None
    parts: int | None = None
    exhausted: dict[int, int] = field(default_factory=dict)
    nodes: int = 0
    seconds: float = 0.0
    sessions: int = 0

    @staticmethod
    def fingerprint(inst: Instance) -> str:
        data = json.dumps([inst.n, list(inst.connections), inst.init_position, inst.goal_position, inst.max_steps])
        return hashlib.sha256(data.encode()).hexdigest()[:16]

    @classmethod
    def open(cls, path: str | Path, inst: Instance) -> Journal:
        path = Path(path)
        journal = cls(path, cls.fingerprint(inst))
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True) if path.exists() else []
        if lines and not lines[-1].endswith("\n"):
            lines.pop()  # cut short by a stop: the fact is not proven to the journal, searched again
        for number, line in enumerate(lines, 1):
            try:
                fact = json.loads(line)
            except ValueError:
                raise InputError(f"{path}, line {number}: not a line of a split journal") from None
            if number == 1:
                if fact.get("journal") != "labyrinth split":
                    raise InputError(f"{path}: not a journal of the labyrinth split")
                if fact.get("instance") != journal.key:
                    raise InputError(f"{path}: a journal of another instance (fingerprint {fact.get('instance')}, "
                                     f"this one {journal.key})")
                continue
            journal.sessions = max(journal.sessions, fact.get("session", 0))
            journal.nodes = max(journal.nodes, fact.get("nodes", 0))
            journal.seconds = max(journal.seconds, fact.get("seconds", 0.0))
            if "lower" in fact:
                journal.lower = max(journal.lower, fact["lower"])
            if "best" in fact and (journal.best is None or len(fact["best"]) < len(journal.best)):
                journal.best = list(fact["best"])
            if "k" in fact:
                journal.k, journal.parts = fact["k"], fact["parts"]
            if "part" in fact:
                journal.exhausted[fact["part"]] = max(journal.exhausted.get(fact["part"], -1), fact["exhausted"])
        if not lines:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps({"journal": "labyrinth split", "instance": journal.key}) + "\n",
                            encoding="utf-8")
        journal.sessions += 1
        journal.write({"started": time.strftime("%Y-%m-%d %H:%M:%S")}, journal.nodes, journal.seconds)
        return journal

    @property
    def resumed(self) -> bool:
        return self.lower > 1 or self.best is not None or self.k is not None

    def write(self, fact: dict[str, Any], nodes: int, seconds: float) -> None:
        """Append ``fact`` with the nodes and seconds of all sessions so far."""
        line = json.dumps({**fact, "nodes": nodes, "seconds": round(seconds, 3), "session": self.sessions})
        with self.path.open("a", encoding="utf-8") as out:
            out.write(line + "\n")
            out.flush()
            os.fsync(out.fileno())


def _whole_depth(inst: Instance, depth: int) -> tuple[str, int, list[int]]:
    """The complete search of the whole instance at ``depth`` (one thread, the engine's table)."""
    bits = 0 if depth < 4 else 20 if inst.n >= 8 else 14
    status, nodes, plan = _native.labyrinth_search(*_native_args(inst), depth, table_bits=bits)
    return status, nodes, list(plan)


def solve_split(inst: Instance, backend: Backend, *, timeout: float | None = None, k: int | None = None,
                cpus: int = 1, first_look: float | None = FIRST_LOOK, incumbent: list[Push] | None = None,
                goal: str = "fewest", look_workers: int | None = None,
                journal: str | Path | None = None) -> SolveResult:
    """Solve ``inst`` (native engine) by the parts of a :func:`split` after ``k`` pushes (default:
    :func:`choose_k` for ``cpus``), run on ``backend`` depth by depth (module docstring).
    ``first_look`` seconds of the engine on the whole instance (on ``look_workers`` threads of
    this machine, default every core) give the incumbent and a proven lower bound (an answer it
    proves needs no split; ``None``: no first look), unless an ``incumbent`` plan is given.
    ``goal="any"``: the first plan found is the answer. With a ``journal`` (a file path, ``goal``
    fewest), the run starts from the facts a former run with that journal proved and appends its
    own (:class:`Journal`); the stats' ``nodes`` (first looks included) and ``seconds`` are then
    those of all its sessions (``sessions``; ``session_seconds`` this one's)."""
    goal = check_goal(goal)
    start = time.perf_counter()
    end = None if timeout is None else time.time() + timeout
    stats: dict[str, Any] = {"engine": "native", "split": "states"}
    log = None
    if journal is not None:
        if goal != "fewest":
            raise InputError("a journal records the proof of the fewest pushes: not with --goal any")
        log = Journal.open(journal, inst)
        stats.update(journal=str(log.path), sessions=log.sessions, resumed=log.resumed)
    before = (0, 0.0) if log is None else (log.nodes, log.seconds)

    def note(fact: dict[str, Any]) -> None:
        if log is not None:
            log.write(fact, before[0] + nodes + stats.get("first_look_nodes", 0),
                      before[1] + time.perf_counter() - start)

    def done(result: SolveResult) -> SolveResult:
        seconds = time.perf_counter() - start
        result.stats = {**result.stats, **stats, "seconds": round(seconds, 4)}
        if log is not None:
            result.stats.update(session_seconds=round(seconds, 4), seconds=round(before[1] + seconds, 4),
                                nodes=before[0] + nodes + stats.get("first_look_nodes", 0))
        result.goal = goal
        return result

    nodes = 0
    if inst.init == inst.goal or inst.max_steps == 0:
        return done(solve(inst, timeout=timeout, workers=1))
    lower = 1
    best: list[int] | None = None if incumbent is None else [4 * (p.line - 1) + "ewns".index(p.direction)
                                                             for p in incumbent]
    if log is not None and log.resumed:
        lower = log.lower
        if log.best is not None and (best is None or len(log.best) < len(best)):
            best = log.best
    elif incumbent is None and first_look is not None:
        look = first_look if timeout is None else min(first_look, timeout / 10)
        # ends with a whole depth when the next would not end in time: the parts search it again
        first = solve_native(inst, timeout=look, progress=False, workers=look_workers, goal=goal, whole_depths=True)
        stats["first_look_nodes"] = first.stats.get("nodes", 0)
        if first.status is not Status.UNKNOWN and (first.optimal or goal == "any"):
            stats["split"] = "not needed: the first look answered"
            note({"lower": first.lower_bound, "best": None if first.plan is None else
                  [4 * (p.line - 1) + "ewns".index(p.direction) for p in first.plan]})
            return done(first)
        lower = first.lower_bound
        if first.plan is not None:
            best = [4 * (p.line - 1) + "ewns".index(p.direction) for p in first.plan]
        note({"lower": lower, **({"best": best} if best is not None else {})})
    stats["incumbent"] = None if best is None else len(best)
    limit = inst.max_steps if best is None else min(inst.max_steps, len(best) - 1)

    def answer(lower: int) -> SolveResult:
        stats["nodes"] = nodes
        if best is not None:
            plan = decode(best)
            return done(SolveResult(Status.SOLVED, plan, lower >= len(plan), min(lower, len(plan)), stats))
        if lower > inst.max_steps:
            return done(SolveResult(Status.UNSOLVABLE, None, True, lower, stats))
        return done(SolveResult(Status.UNKNOWN, None, False, lower, stats))

    if log is not None and log.k is not None:
        k = log.k  # the parts of the former sessions: the same list, in the same order
    cut = split(inst, k) if k is not None else choose_k(inst, cpus)
    if log is not None and log.parts is not None and log.parts != len(cut.parts):
        raise InputError(f"{log.path}: {plural(log.parts, 'part')} after {plural(cut.k, 'push')}, but the "
                         f"split lists {len(cut.parts)} (another build?)")
    nodes += cut.nodes
    stats.update(k=cut.k, parts=len(cut.parts), tasks=0, stopped=False)
    if log is not None and log.k is None:
        note({"k": cut.k, "parts": len(cut.parts)})
    # the shortest depths on the whole instance: the parts' rules assume them refuted
    while lower <= min(limit, cut.k + 2):
        if end is not None and time.time() >= end:
            return answer(lower)
        status, spent, plan = _whole_depth(inst, lower)
        nodes += spent
        if status == "found":
            best = plan
            note({"best": best, "lower": lower})
            return answer(lower)
        lower += 1
        note({"lower": lower})
    if lower > limit or cut.plan is not None:
        # (a plan of k pushes or fewer met by the split: the depths above found it within limit)
        return answer(lower)
    # every part searched depth by depth from `lower`; exhausted[i]: its deepest exhausted depth
    k, n, conn = cut.k, inst.n, bytes(inst.connections)
    exhausted = [lower - 1 - k] * len(cut.parts)
    if log is not None:
        exhausted = [max(e, log.exhausted.get(i, e)) for i, e in enumerate(exhausted)]
        stats["resumed_parts"] = sum(log.exhausted.get(i, -1) > lower - 1 - k for i in range(len(exhausted)))
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
        running[backend.submit(("part", n, conn, cut.parts[i].state, left, end, None, k + left))] = (i, left, "complete")

    tasks = 0
    for i in range(len(cut.parts)):
        if k + exhausted[i] + 1 <= limit:
            submit(i, exhausted[i] + 1)
            tasks += 1
        else:
            exhausted[i] = max(exhausted[i], limit - k)
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
                    note({"best": best})
                    for other, (_, d, other_kind) in list(running.items()):
                        if (k + d > limit and other_kind != "beam") or goal == "any":
                            backend.cancel(other)
                            del running[other]
                if kind == "complete":  # the depths before this one are exhausted
                    exhausted[i] = max(exhausted[i], left - 1)
            elif status == "exhausted":
                exhausted[i] = left
                note({"part": i, "exhausted": left})
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


class _Cancelled(Exception):
    """Raised by a part's progress callback when Ray has cancelled its call (:class:`PartSearcher`)."""


class PartSearcher:
    """A Ray actor: one per node of the cluster, with as many threads as the node has CPUs (a
    threaded actor, ``max_concurrency``), running the split's tasks (:func:`run_task`). One
    process per node, so that the parts one node searches at one whole depth share one table
    (:func:`search_part`), as the single search's threads share theirs: with a Ray task per part
    each worker process had its own, and two workers searched 1.07-1.09 times the single search's
    nodes; now 1.00 (docs/labyrinth.md). A call Ray cancels while it runs stops within about 50 ms: the
    part's progress callback sees the cancellation flag that Ray sets for threaded actors."""

    def run(self, task: tuple[Any, ...]) -> tuple[str, int, list[int]]:
        import ray  # optional (escapology[ray]): only in a Ray worker

        context = ray.get_runtime_context()

        def poll(nodes: int) -> None:
            if context.is_canceled():
                raise _Cancelled

        try:
            return run_task(task, poll)
        except _Cancelled:
            return ("stopped", 0, [])


class _Ray:
    """Tasks as calls to the :class:`PartSearcher` of each node of a Ray cluster. A task goes to
    the node with the fewest calls per CPU, as long as that node has fewer than
    :data:`CALLS_PER_CPU` per CPU (running or queued there); the rest wait here in the order
    submitted and go out as calls end (so that a node that ends its calls early takes the next
    ones, as with Ray's own tasks). Ray runs the calls: queues, threads, placement, cancellation."""

    def __init__(self, ray: Any, nodes: list[tuple[str, int]]) -> None:
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

        self.ray = ray
        self.cpus = [cpus for _, cpus in nodes]
        actor = ray.remote(PartSearcher)
        self.actors = [actor.options(num_cpus=cpus, max_concurrency=cpus,
                                     scheduling_strategy=NodeAffinitySchedulingStrategy(node, soft=False)).remote()
                       for node, cpus in nodes]
        self.calls = [0] * len(nodes)
        self.waiting: dict[int, tuple[Any, ...]] = {}  # ticket -> task, in the order submitted
        self.sent: dict[int, tuple[Any, int]] = {}  # ticket -> (object ref, node)
        self.count = 0

    def _send(self) -> None:
        while self.waiting:
            node = min(range(len(self.actors)), key=lambda j: self.calls[j] / self.cpus[j])
            if self.calls[node] >= CALLS_PER_CPU * self.cpus[node]:
                return
            ticket = next(iter(self.waiting))
            self.sent[ticket] = (self.actors[node].run.remote(self.waiting.pop(ticket)), node)
            self.calls[node] += 1

    def submit(self, task: tuple[Any, ...]) -> int:
        self.count += 1
        self.waiting[self.count] = task
        self._send()
        return self.count

    def wait(self, handles: list[int], timeout: float | None) -> list[int]:
        refs = {self.sent[h][0]: h for h in handles if h in self.sent}
        done, _ = self.ray.wait(list(refs), num_returns=1, timeout=timeout)
        return [refs[ref] for ref in done]

    def get(self, handle: int) -> tuple[str, int, list[int]]:
        ref, node = self.sent.pop(handle)
        self.calls[node] -= 1
        self._send()
        return tuple(self.ray.get(ref))  # type: ignore[return-value]

    def cancel(self, handle: int) -> None:
        if self.waiting.pop(handle, None) is not None:
            return
        ref, node = self.sent.pop(handle)
        self.ray.cancel(ref)
        self.calls[node] -= 1
        self._send()


#: calls a node's :class:`PartSearcher` holds per CPU, running or queued there (the queued ones
#: start the moment a thread is free; more would tie tasks to a node that another could take)
CALLS_PER_CPU = 2


def _nodes(ray: Any) -> list[tuple[str, int]]:
    """The cluster's live nodes with CPUs: (node id, CPUs)."""
    found = [(node["NodeID"], int(node["Resources"].get("CPU", 0))) for node in ray.nodes() if node.get("Alive")]
    return [(node, cpus) for node, cpus in found if cpus >= 1]


def solve_on_ray(inst: Instance, address: str, *, engine: str = "native", timeout: float | None = None,
                 jobs: int | None = None, first_look: float | None = FIRST_LOOK, k: int | None = None,
                 goal: str = "fewest", journal: str | Path | None = None) -> SolveResult:
    """:func:`solve_split` with the parts as calls to one :class:`PartSearcher` per node of the
    Ray cluster at ``address`` (``local``: a private one with ``jobs`` CPUs); calls still running
    at the time limit are cancelled. With a ``journal``, the run resumes from it and records into
    it (:class:`Journal`)."""
    if engine != "native":
        raise InputError(f"--ray splits the native engine's search, not the {engine} engine's")
    ray = connect(address, jobs)
    try:
        nodes = _nodes(ray)
        if not nodes:
            raise InputError("the Ray cluster has no node with a CPU", file=f"--ray {address}")
        cpus = sum(c for _, c in nodes)
        backend = _Ray(ray, nodes)  # the actors start (and load the engine) while the first look runs
        result = solve_split(inst, backend, timeout=timeout, k=k, cpus=cpus, first_look=first_look, goal=goal,
                             journal=journal)
        result.stats["ray"] = address
        result.stats["cpus"] = cpus
        result.stats["ray_nodes"] = len(nodes)
        return result
    finally:
        ray.shutdown()
