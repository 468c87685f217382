"""The numba Labyrinth engine (the predecessor of the Rust engine, kept for side-by-side runs).

The fewest pushes, proven by iterative deepening.

The search runs over push sequences, keeping for each prefix the board and the set ``R`` of positions
the avatar can stand on (its walks are its own choice, so the union over all choices is exact, and
a larger ``R`` on the same board is never worse: every later step is monotone in ``R``).

Iterative deepening proves lower bounds: once depth ``L`` is searched completely, no plan has ``L``
pushes or fewer, so the lower bound is ``L + 1``. Before the complete search of depth ``L`` a
*focused* search (only pushes whose band meets ``R`` or the goal's component ``CG``, and repeats
of the previous push) looks for a plan of exactly ``L`` pushes; it is much smaller and usually finds
the optimum, which is then proven by the exhausted depth ``L - 1``.

Why the pruning of the complete search (``kernel.py``) loses no optimal plan. Write ``band(p)`` for
the rows (columns) ``z - 1, z, z + 1`` of the row (column) ``z`` that ``p`` pushes. Every edge a push
changes has both ends in its band, and only fields of its line move.

*Idle pushes.* If ``band(p)`` misses ``R`` (from push 2 on, when ``R`` is closed under walking), no
field of ``R`` moves and no edge at ``R`` changes, so ``R`` stays the same set: ``p`` is R-idle.

*Rule 1* (no reverse after an idle push): the pair restores the board and ``R``, so a plan using it
is not the shortest.

*Rule 2* (idle push, then the same orientation on another line): pushes of two different rows (two
different columns) commute on the board. If ``p`` is R-idle and ``q`` follows, then in the order
``q, p``: ``q(R)`` has no field on ``p``'s line (rows stay rows), so ``p`` does not move it and the
final ``R`` contains the component of ``q(R)`` on the same final board -- a superset of what ``p, q``
gives. Monotonicity carries the superset to the end. A measure that strictly drops with each such swap
(idle pushes weighted by how early they stand; ties between two idle pushes broken by line number, as
both orders then give identical states) shows that some optimal plan never shows the pattern.

*Rule 3* (the last push can be entered from ``R`` and from ``CG``): a position *enters* a line if
it lies on the line, or next to it with a connection pointing at it. If no position of ``R`` enters
the line of ``p``, no field of ``R`` moves and no edge ``p`` changes (all have an end on the line) is
usable from ``R``: ``p(R)`` is the same closed set. Likewise ``CG`` (and the goal on it) stays put.
So both must enter the line, or the two sets stay apart.

*Rule 4* (two pushes before the end, a push ``p`` whose band meets exactly one of ``R`` and ``CG``):
the other set keeps its positions and fields, so by rule 3 the last push needs a line entered from
that set and from the changed set after ``p``. ``p`` is skipped when no position of the changed set
after ``p`` enters a line the other set enters -- decided by a walk before the child is built.

*Rule 5* (two pushes before the end, a push ``p`` meeting neither ``R`` nor ``CG``): with ``q`` the last
push (whose line both sets enter, by rule 3: if no line is entered from both, no such ``p`` is
tried), ``q`` alone was already refuted by the shallower depth, so the winning path after ``p, q`` must
use a position whose field differs from the board after ``q`` alone, i.e. one of ``q(line(p))``; it
enters them from ``R_q`` and leaves them into ``C_q`` (the components after ``q`` alone), because
before and after those positions the two boards agree. ``q(line(p))`` lies within one line of
``line(p)`` -- counted around the board's edge, as pushes wrap -- so its neighbourhood lies in lines
``l - 2 .. l + 2`` (around the edge); lines where those miss ``R_q`` or ``C_q`` for every such ``q``
are skipped (``rules._near`` bounds where those positions can be). The condition ties ``p`` to
``q``: below such a ``p``, only the last pushes ``q`` whose condition lets ``p``'s line through are tried.

*Rule 6* (three pushes before the end, a push meeting neither ``R`` nor ``CG``): the same argument one
level up: with ``q, r`` the last two pushes, ``q, r`` alone was refuted, so ``p``'s changed positions
must border the avatar's set or the goal's component after ``q`` alone, or else the winning path after
``r`` must enter them from, and leave them into, the sets ``q, r`` alone give. Again the next push
``q`` must be one that lets ``p``'s line through, and when only the second condition does, the last
push ``r`` must be one that does.

*Transpositions.* Nodes three or more pushes before the end are keyed by two independent 64-bit
hashes of the board, of ``R`` and, after an ``R``-idle push, of that push (which restricts the next
by rules 1 and 2; nothing else the search does depends on the path). A node whose subtree was
exhausted with ``left`` pushes to go is stored; a node with the same key and at most ``left`` pushes
to go is skipped: with as many, its subtree is the same; with fewer, a completion would give a plan
shorter than ``depth``, and iterative deepening has refuted those.

The rules are checked against the same search with every rule off (``tests/labyrinth/test_pruning.py``)
and against plain breadth-first search and clingo (``tests/labyrinth/test_solvers.py``).
"""

from __future__ import annotations

import os
import threading
import time
from typing import Any

import numpy as np

from escapology.core.limits import Deadline
from escapology.core.progress import search_progress
from escapology.core.results import Status
from escapology.labyrinth import beam, kernel
from escapology.labyrinth.model import Board, Instance, Push
from escapology.labyrinth.result import SolveResult

_DIRS = "ewns"
_PARALLEL_AFTER = 300_000  # nodes searched before threads pay for their set-up
def _budget(n: int) -> int:
    """Kernel steps between deadline polls: about 0.05 s whatever the board size."""
    return max(2_000, 500_000_000 // (n * n))


def _decode(codes: np.ndarray) -> list[Push]:
    return [Push(int(k) // 4 + 1, _DIRS[int(k) % 4]) for k in codes]


def encode(push: Push) -> int:
    """The kernel's code of a push: ``4 * (line - 1) + d`` with d in east, west, north, south."""
    return 4 * (push.line - 1) + _DIRS.index(push.direction)


class _Search:
    """Iterative-deepening runs of the kernel, split over worker threads.

    Small searches (below depth 3, or while fewer than ``_PARALLEL_AFTER`` nodes were searched in
    all) run in one kernel. After that, every first push is a task of its own (those meeting ``R``
    or ``CG`` first, as the kernel orders them); ``workers`` threads take tasks from a shared queue
    and run the kernel, which releases the GIL, on their own arrays. With one worker the order, and
    so the plan found, is the kernel's own; with several, which of the plans of a depth turns up
    first may vary from run to run (its length does not).
    """

    def __init__(self, inst: Instance, deadline: Deadline, progress: Any, workers: int) -> None:
        self.inst = inst
        self.n = inst.n
        self.conn = np.array(inst.connections, dtype=np.uint8)
        self.ids0 = np.arange(self.n * self.n, dtype=kernel.field_dtype(self.n))
        self.deadline = deadline
        self.progress = progress
        self.workers = workers
        self.nodes = 0
        self._lock = threading.Lock()
        self._tt: dict[str, np.ndarray] | None = None
        self._generation = 0

    def _state(self, depth: int, first: int | None) -> dict[str, np.ndarray]:
        st = kernel.new_state(self.n, depth, self.ids0, self.inst.init_position, self.inst.goal_position)
        if depth >= 4:
            if self._tt is None:  # one table for the whole solve, shared by the worker threads
                self._tt = kernel.transposition_table(20 if self.n >= 8 else 14)
            st.update(self._tt)
            st["ttgen"][0] = self._generation
        if first is not None:
            st["rootmask"][:] = 0
            st["rootmask"][first] = 1
            for key, arr in st.items():  # no cache line shared with another thread's arrays
                if arr.nbytes < 4096 and key not in ("tt1", "tt2", "ttl", "ttg"):
                    pad = 128 // arr.itemsize
                    big = np.zeros(arr.size + 2 * pad, dtype=arr.dtype)
                    view = big[pad : pad + arr.size].reshape(arr.shape)
                    view[...] = arr
                    st[key] = view
        return st

    def run(self, depth: int, focused: bool, node_cap: int | None = None) -> tuple[str, list[Push] | None]:
        """Search plans of exactly ``depth`` pushes: ("found", plan), ("exhausted", None),
        ("deadline", None) or ("cap", None)."""
        if self.workers <= 1 or depth < 3 or self.nodes < _PARALLEL_AFTER:
            return self._run_tasks(depth, focused, node_cap, [None], 1)
        return self._run_tasks(depth, focused, node_cap, self._first_pushes(), self.workers)

    def _first_pushes(self) -> list[int]:
        """Every first push, those whose band meets R = {init} or the goal's component first."""
        inst, n = self.inst, self.n
        comp = Board.initial(inst).reachable([inst.goal_position])
        rows = {inst.init_position // n} | {p // n for p in comp}
        cols = {inst.init_position % n} | {p % n for p in comp}
        def touches(k: int) -> bool:
            z = k >> 2
            lines = rows if (k & 3) < 2 else cols
            return any(w in lines for w in (z - 1, z, z + 1))
        ks = list(range(4 * n))
        return [k for k in ks if touches(k)] + [k for k in ks if not touches(k)]

    def _run_tasks(self, depth: int, focused: bool, node_cap: int | None, tasks: list[int | None],
                   workers: int) -> tuple[str, list[Push] | None]:
        queue = list(reversed(tasks))
        self._generation += 1  # a fresh transposition table for this search
        stop = threading.Event()
        outcome: list[tuple[str, list[Push] | None]] = []
        start_nodes = self.nodes
        budget = _budget(self.n)
        mode = "focused" if focused else "complete"

        def work() -> None:
            while not stop.is_set():
                with self._lock:
                    if node_cap is not None and self.nodes - start_nodes >= node_cap:
                        outcome.append(("cap", None))
                        stop.set()
                        return
                    if not queue:
                        return
                    first = queue.pop()
                st = self._state(depth, first)
                spent = 0
                while True:
                    if stop.is_set():
                        return
                    if self.deadline.expired():
                        with self._lock:
                            outcome.append(("deadline", None))
                        stop.set()
                        return
                    status = kernel.run(self.n, self.conn, st, focused, budget)
                    done = int(st["state"][3])
                    with self._lock:
                        self.nodes += done - spent
                        spent = done
                        capped = node_cap is not None and self.nodes - start_nodes >= node_cap
                    if workers == 1:  # on the caller's thread: draw progress here
                        self.progress.update(depth=depth, mode=mode, nodes=self.nodes)
                    if status == kernel.FOUND:
                        d = int(st["state"][1])
                        with self._lock:
                            outcome.append(("found", _decode(st["prev"][1 : d + 1])))
                        stop.set()
                        return
                    if status == kernel.EXHAUSTED:
                        break
                    if capped:
                        with self._lock:
                            outcome.append(("cap", None))
                        stop.set()
                        return

        if workers == 1:
            work()
        else:
            threads = [threading.Thread(target=work, daemon=True) for _ in range(min(workers, len(tasks)))]
            for t in threads:
                t.start()
            while any(t.is_alive() for t in threads):
                threads[0].join(0.1) if threads[0].is_alive() else time.sleep(0.05)
                self.progress.update(depth=depth, mode=mode, nodes=self.nodes)
            for t in threads:
                t.join()
        self.progress.update(depth=depth, mode=mode, nodes=self.nodes)
        for kind in ("found", "deadline", "cap"):
            for o in outcome:
                if o[0] == kind:
                    return o
        return "exhausted", None


def default_workers() -> int:
    """Worker threads for the exact search: the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def solve_numba(inst: Instance, *, timeout: float | None = None, progress: bool | None = None,
                 workers: int | None = None) -> SolveResult:
    """The plan with the fewest pushes, proven optimal unless the time runs out.

    A beam search (``beam.py``) first finds some plan quickly; iterative deepening then proves lower
    bounds depth by depth, trying a focused search before the complete one at each depth, and widens
    the beam when a depth gets expensive. Under a timeout the best plan found so far is returned with
    ``optimal = False`` and the proven ``lower_bound``; without any plan the status is ``unknown``.
    ``workers`` threads share the exact search (default: every core this process may use; 1 makes
    the run deterministic).

    >>> from escapology.labyrinth import load
    >>> from pathlib import Path
    >>> ex = Path(__file__).parents[3] / "examples" / "labyrinth" / "small.lp"
    >>> r = solve_numba(load(ex))
    >>> r.status.value, r.pushes, r.optimal
    ('solved', 3, True)
    """
    start = time.perf_counter()
    deadline = Deadline(timeout)
    stats: dict[str, Any] = {"engine": "numba"}
    if inst.init == inst.goal:
        stats["seconds"] = round(time.perf_counter() - start, 4)
        return SolveResult(Status.SOLVED, [], True, 0, stats)
    lower = 1
    with search_progress("labyrinth", enabled=progress) as bar:
        s = _Search(inst, deadline, bar, default_workers() if workers is None else max(1, workers))
        width = 64
        t0 = time.perf_counter()
        best = _beam(inst, s.conn, inst.max_steps, width, deadline)
        while best is None and width < 4096 and not deadline.expired():
            width *= 4  # no plan yet: a wider beam before anything else
            best = _beam(inst, s.conn, inst.max_steps, width, deadline)
        beam_seconds = time.perf_counter() - t0
        stats["beam_pushes"] = None if best is None else len(best)
        for depth in range(1, inst.max_steps + 1):
            if best is not None and len(best) <= depth:
                break
            bar.update(depth=depth, lower_bound=lower, best=None if best is None else len(best))
            outcome, plan = s.run(depth, focused=True, node_cap=max(2_000_000, s.nodes // 4))
            if outcome == "found":
                best = plan
                break
            if outcome == "deadline":
                break
            t0 = time.perf_counter()
            outcome, plan = s.run(depth, focused=False)
            if outcome == "found":
                best = plan
                break
            if outcome == "deadline":
                break
            lower = depth + 1
            spent = time.perf_counter() - t0
            remaining = deadline.remaining()
            # The next depth will cost much more: wider beams may find a shorter plan first. Each
            # is about four times the last; they get up to an eighth of what this depth took (at
            # least one widening once a depth takes over half a second), so how wide they go
            # follows the cost of the search, not the speed of the machine.
            widened = False
            while (spent > 0.5 and width < 4096 and (best is None or len(best) > lower)
                   and (not widened or 4 * beam_seconds < spent / 8)
                   and (remaining is None or remaining > 32 * beam_seconds)):
                widened = True
                width *= 4
                t0 = time.perf_counter()
                limit = inst.max_steps if best is None else len(best) - 1
                wider = _beam(inst, s.conn, limit, width, deadline)
                beam_seconds = time.perf_counter() - t0
                if wider is not None and (best is None or len(wider) < len(best)):
                    best = wider
    stats["nodes"] = s.nodes
    stats["workers"] = s.workers
    stats["beam_width"] = width
    stats["seconds"] = round(time.perf_counter() - start, 4)
    if best is not None:
        return SolveResult(Status.SOLVED, best, len(best) <= lower, min(lower, len(best)), stats)
    if lower > inst.max_steps:
        return SolveResult(Status.UNSOLVABLE, None, True, lower, stats)
    return SolveResult(Status.UNKNOWN, None, False, lower, stats)


def _beam(inst: Instance, conn: np.ndarray, max_depth: int, width: int, deadline: Deadline) -> list[Push] | None:
    remaining = deadline.remaining()
    seconds = None if remaining is None else remaining / 2  # leave time for the proof
    codes = beam.find_plan(inst.n, conn, inst.init_position, inst.goal_position, max_depth, width,
                           seconds=seconds)
    return None if codes is None else _decode(np.array(codes, dtype=np.int32))
