"""The local backend: a pool of worker processes that load the engines once and run many tasks.

Each worker is a process of its own (``spawn``) that imports a game's protocol on its first task
of that game and keeps it; the parent sends one :class:`~escapology.batch.task.Task` at a time over a
pipe and gets the row back. The limits are per task:

- time: the engines stop themselves at ``timeout`` (the protocol's ``timeout=``); a worker still
  busy ``grace`` seconds later is killed and the task recorded "unknown" (killed at the time limit).
  The checker gets the same time again, on its own clock; a checker killed there leaves the answer
  "unchecked".
- memory: the engines that plan their allocations refuse beyond ``memory`` (MiB); each worker's
  data segment is bounded (:func:`~escapology.batch.task.limit_worker`, as ``--memory`` bounds a
  command), so that an allocation past the limit fails (the task "unknown", memory limit); and a
  thread in each worker (:class:`~escapology.batch.task.MemoryWatch`) ends the worker when its
  resident memory passes it all the same; the task is recorded "unknown" (memory limit).

A worker that dies (killed, crashed) is replaced; its task is a "failed" row with the reason. The
workers ignore Ctrl-C and die with the parent (``PR_SET_PDEATHSIG``), so that the parent decides:
on Ctrl-C it stops them and returns, and a ``kill -9`` of the parent leaves no worker running.
"""

from __future__ import annotations

import collections
import ctypes
import multiprocessing
import os
import signal
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Any, Callable, Iterable, Iterator

from escapology.batch.task import EXIT_MEMORY, MemoryWatch, Task, base_row, limit_worker, run_task

__all__ = ["LocalPool", "die_with_parent", "grace_seconds", "report", "requests", "start_worker"]

Record = Callable[[dict[str, Any]], None]


def grace_seconds(timeout: float | None) -> float | None:
    """How long after ``timeout`` a busy worker is killed: 2 s plus a tenth of the limit."""
    return None if timeout is None else 2.0 + 0.1 * timeout


def die_with_parent() -> None:
    """Ask Linux to kill this process when its parent dies (no-op elsewhere): the batch pool's and
    the web app's worker processes never outlive the process that started them."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def start_worker(parent: int) -> bool:
    """Set up a worker process (the batch pool's or the web app's): Ctrl-C is its parent's to
    handle, and it dies with its parent (:func:`die_with_parent`). False when the parent ``parent``
    died before that: the worker ends at once."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with_parent()
    return os.getppid() == parent


def requests(conn: Connection) -> Iterator[Any]:
    """What the parent sends a worker over ``conn``, one message at a time, until it sends ``None``
    or the pipe closes."""
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        yield message


def report(conn: Connection) -> tuple[str, Any]:
    """A worker's next report ``(kind, key, payload)`` as ``(kind, payload)``; ``("died", None)``
    when its pipe broke."""
    try:
        kind, _key, payload = conn.recv()
    except (EOFError, OSError):
        return "died", None
    return kind, payload


def worker_main(conn: Connection, memory: float | None, parent: int) -> None:
    """A worker's loop: receive a task, send ``("checking", key, row)`` after solving and
    ``("done", key, row)`` at the end; ``None`` ends it."""
    if not start_worker(parent):
        return
    watch = MemoryWatch(memory)
    limit_worker(memory)  # after the watch's thread: its stack is the worker's own
    for task in requests(conn):
        with watch:
            row = run_task(task, on_solved=lambda r, k=task.key: conn.send(("checking", k, r)))
        conn.send(("done", task.key, row))


@dataclass
class _Busy:
    task: Task
    started: float
    phase_start: float
    partial: dict[str, Any] | None = None  # the row before checking


class _Worker:
    def __init__(self, ctx: Any, memory: float | None) -> None:
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=worker_main, args=(child, memory, os.getpid()), daemon=True)
        self.process.start()
        child.close()
        self.busy: _Busy | None = None

    def stop(self) -> None:
        if self.process.is_alive():
            self.process.kill()
        self.process.join(5)
        self.conn.close()


class LocalPool:
    """``jobs`` worker processes; :meth:`run` runs tasks and hands each row to ``record``."""

    def __init__(self, jobs: int, *, memory: float | None = None, timeout: float | None = None) -> None:
        self.jobs = max(1, jobs)
        self.memory = memory
        self.timeout = timeout
        self._ctx = multiprocessing.get_context("spawn")
        self._workers: list[_Worker] = []

    def run(self, tasks: Iterable[Task], record: Record, started: Callable[[Task], None] | None = None) -> None:
        """Run every task; ``record(row)`` as each finishes (in the order they finish). Returns when
        all are done; on :class:`KeyboardInterrupt` the workers are stopped and it propagates."""
        pending = collections.deque(tasks)
        try:
            self._workers = [_Worker(self._ctx, self.memory) for _ in range(min(self.jobs, len(pending)))]
            while pending or any(w.busy for w in self._workers):
                for w in self._workers:
                    if w.busy is None and pending:
                        task = pending.popleft()
                        now = time.monotonic()
                        w.conn.send(task)
                        w.busy = _Busy(task, now, now)
                        if started is not None:
                            started(task)
                self._wait(record)
        finally:
            self.close()

    def _wait(self, record: Record) -> None:
        """Handle what the workers sent or how they ended, and the limits that passed."""
        busy = [w for w in self._workers if w.busy]
        ready = set(wait([w.conn for w in busy] + [w.process.sentinel for w in busy], timeout=self._next_limit()))
        for i, w in enumerate(self._workers):
            if w.busy is None:
                continue
            if w.conn in ready:
                kind, row = report(w.conn)
                if kind == "checking":
                    w.busy.partial, w.busy.phase_start = row, time.monotonic()
                    continue
                if kind == "done":
                    w.busy = None
                    record(row)
                    continue
            if w.process.sentinel in ready or not w.process.is_alive():
                w.process.join(1)
                record(self._lost(w, _death(w.process.exitcode)))
                self._replace(i)
            elif self._overdue(w):
                record(self._lost(w, None))
                self._replace(i)

    def _next_limit(self) -> float:
        grace = grace_seconds(self.timeout)
        if grace is None:
            return 1.0
        ends = [w.busy.phase_start + self.timeout + grace for w in self._workers if w.busy]  # type: ignore[operator]
        return max(0.01, min([*ends, time.monotonic() + 1.0]) - time.monotonic())

    def _overdue(self, w: _Worker) -> bool:
        grace = grace_seconds(self.timeout)
        return grace is not None and w.busy is not None and \
            time.monotonic() > w.busy.phase_start + self.timeout + grace  # type: ignore[operator]

    def _lost(self, w: _Worker, death: str | None) -> dict[str, Any]:
        """The row of a task whose worker died (``death``) or was killed at the time limit."""
        assert w.busy is not None
        busy, w.busy = w.busy, None
        if busy.partial is not None:  # the answer is known; the checker did not finish
            row = busy.partial
            row["verdict"] = "unchecked"
            row["verdict_detail"] = (f"the checker was stopped: {death}" if death
                                     else "the checker did not finish within the time limit")
            return row
        row = base_row(busy.task)
        row["seconds"] = round(time.monotonic() - busy.started, 6)
        if death is None:
            row.update(status="unknown", error=f"killed at the time limit ({self.timeout:g} s)")
        elif death == "memory":
            row.update(status="unknown", error=f"memory limit: the worker passed {self.memory:g} MiB")
            row["peak_memory"] = self.memory
        else:
            row["error"] = f"the worker died: {death}"
        return row

    def _replace(self, i: int) -> None:
        self._workers[i].stop()
        self._workers[i] = _Worker(self._ctx, self.memory)

    def close(self) -> None:
        """Stop every worker (kill: a task in flight is lost, the store keeps what was recorded)."""
        for w in self._workers:
            try:
                if w.busy is None and w.process.is_alive():
                    w.conn.send(None)
            except OSError:
                pass
        deadline = time.monotonic() + 1.0
        for w in self._workers:
            if w.busy is None:
                w.process.join(max(0.0, deadline - time.monotonic()))
            w.stop()
        self._workers = []


def _death(code: int | None) -> str:
    if code == EXIT_MEMORY:
        return "memory"
    if code is not None and code < 0:
        try:
            return f"signal {signal.Signals(-code).name}"
        except ValueError:
            return f"signal {-code}"
    return f"exit code {code}"
