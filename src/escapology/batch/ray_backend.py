"""The Ray backend: the same tasks on a Ray cluster, the rows flowing back into the same store.

``--ray ADDRESS`` connects to a running cluster (``host:port`` of its head, or ``auto`` for the one
``ray start`` made on this machine); ``--ray local`` starts a private one in this process with
``--jobs`` CPUs. One actor per CPU (``--jobs`` caps them) plays the part of a local worker: it loads
the engines once, runs :func:`~escapology.batch.task.run_task` for one task at a time and stops
itself at the memory limit (:class:`~escapology.batch.task.MemoryWatch`). Each task carries its
file's text, so that nodes without the files can run it; every node needs escapology installed (the
same version: the rows record it). A task still running ``2 x (timeout + grace)`` after it started
(the solve and the check) has its actor killed and is recorded "unknown"; an actor that passes the
memory limit notes its task in a bookkeeping actor (:class:`MemoryHits`) before it exits, so that
the task is "unknown" (memory limit) as in the local pool; any other dead actor's task is a "failed"
row. Ray is pinned in requirements.lock (``make`` installs it); a plain install has it as the extra
``escapology[ray]``.
"""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path
from typing import Any, Callable, Iterable

from escapology.batch.pool import grace_seconds
from escapology.batch.task import MemoryWatch, Task, base_row, run_task
from escapology.core.ray_cluster import connect

__all__ = ["RayPool", "connect"]


class MemoryHits:
    """A Ray actor holding the numbers of the tasks whose actor passed the memory limit (an actor
    that ends itself there cannot say so otherwise: Ray reports only that it died)."""

    def __init__(self) -> None:
        self.hits: set[int] = set()

    def hit(self, number: int) -> None:
        self.hits.add(number)

    def take(self, number: int) -> bool:
        found = number in self.hits
        self.hits.discard(number)
        return found


class TaskActor:
    """A Ray actor: a worker process that keeps the engines it loaded."""

    def __init__(self, memory: float | None, hits: Any) -> None:
        self.hits = hits
        self.number: int | None = None
        self.watch = MemoryWatch(memory, on_limit=self._note_limit)

    def _note_limit(self) -> None:
        import ray  # optional (escapology[ray]): connect() says when it is missing; loaded in a Ray worker

        if self.number is not None:
            ray.get(self.hits.hit.remote(self.number), timeout=10)

    def run(self, task: Task, number: int) -> dict[str, Any]:
        self.number = number
        with self.watch:
            row = run_task(task)
        while self.watch.tripped:  # past the limit: the watch is ending this process (as locally)
            time.sleep(1)
        return row


def _with_text(task: Task) -> Task:
    """The task with its file's text, for a node that may not have the file."""
    if task.text is not None or task.data is not None:
        return task
    try:
        return dataclasses.replace(task, data=Path(task.path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return task


class RayPool:
    """Run tasks on the Ray cluster at ``address`` (``local``: a private one with ``jobs`` CPUs)."""

    def __init__(self, address: str, *, jobs: int | None = None, timeout: float | None = None,
                 memory: float | None = None) -> None:
        self.address = address
        self.jobs = jobs
        self.timeout = timeout
        self.memory = memory

    def run(self, tasks: Iterable[Task], record: Callable[[dict[str, Any]], None],
            started: Callable[[Task], None] | None = None) -> None:
        """Run every task on the cluster; ``record(row)`` as each finishes."""
        pending = [_with_text(t) for t in tasks]
        ray = connect(self.address, self.jobs)
        actor_class = ray.remote(num_cpus=1)(TaskActor)
        try:
            hits = ray.remote(num_cpus=0)(MemoryHits).remote()
            slots = self.jobs or max(1, int(ray.cluster_resources().get("CPU", 1)))
            idle = [actor_class.remote(self.memory, hits) for _ in range(min(slots, len(pending)))]
            running: dict[Any, tuple[Any, Task, float, int]] = {}
            pending.reverse()
            grace = grace_seconds(self.timeout)
            number = 0
            while pending or running:
                while idle and pending:
                    actor, task = idle.pop(), pending.pop()
                    number += 1
                    running[actor.run.remote(task, number)] = (actor, task, time.monotonic(), number)
                    if started is not None:
                        started(task)
                ready, _ = ray.wait(list(running), num_returns=1, timeout=0.5)
                for ref in ready:
                    actor, task, start, n = running.pop(ref)
                    try:
                        record(ray.get(ref))
                        idle.append(actor)
                    except ray.exceptions.RayError as exc:
                        row = base_row(task)
                        if self.memory is not None and ray.get(hits.take.remote(n)):
                            row.update(status="unknown", seconds=round(time.monotonic() - start, 6),
                                       error=f"memory limit: the worker passed {self.memory:g} MiB")
                            row["peak_memory"] = self.memory
                        else:
                            row["error"] = f"the Ray worker died: {str(exc).strip().splitlines()[0]}"
                        record(row)
                        idle.append(actor_class.remote(self.memory, hits))
                if grace is None:
                    continue
                now = time.monotonic()
                for ref, (actor, task, start, _n) in list(running.items()):
                    if now > start + 2 * (self.timeout + grace):  # type: ignore[operator]
                        running.pop(ref)
                        ray.kill(actor)
                        row = base_row(task)
                        row.update(status="unknown", seconds=round(now - start, 6),
                                   error=f"killed at the time limit ({self.timeout:g} s)")
                        record(row)
                        idle.append(actor_class.remote(self.memory, hits))
        finally:
            ray.shutdown()
