"""Solves as jobs: a bounded pool of worker processes, a queue, progress events and cancelling.

:class:`Jobs` keeps ``max_solves`` worker processes (:mod:`escapology.web.worker`) and runs one job
on each at a time; at most ``max_queued`` more wait (then :class:`Busy`: the server answers 503).
Every job has a list of events (``queued``, ``solving``, ``progress`` every quarter second with
the seconds elapsed and the search's own counters where its engine reports them (nodes, depth,
...: :func:`escapology.core.progress.listen` in the worker), ``checking``, then ``done`` with the
answer, ``cancelled`` or ``failed``) that the page follows as server-sent events.
Cancelling a running job kills its worker (a new one takes its place); a worker still busy
:func:`~escapology.batch.pool.grace_seconds` after the time limit is killed the same way and the
solve answers ``unknown``. A finished solve's row goes to the results store
(:class:`~escapology.web.store.WebStore`).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import time
from dataclasses import dataclass, field
from multiprocessing.connection import wait
from typing import Any, Awaitable, Callable

from escapology.batch.pool import grace_seconds, report
from escapology.batch.task import Task, base_row
from escapology.web.security import new_job_id
from escapology.web.worker import Call, worker_main

__all__ = ["Busy", "Job", "Jobs"]

#: how often a running job reports the seconds elapsed
TICK = 0.25


class Busy(Exception):
    """Too many jobs wait already."""


@dataclass
class Job:
    """One solve (a :class:`Task`) or one call of a page (a :class:`Call`)."""

    id: str
    work: Task | Call
    limit: float
    created: float = field(default_factory=time.monotonic)
    state: str = "queued"  # queued, solving, checking, done, cancelled, failed
    answer: Any = None
    events: list[dict[str, Any]] = field(default_factory=list)
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    cancel_requested: bool = False
    #: the search's last progress fields (nodes, depth, ...), as its engine reports them
    search: dict[str, Any] = field(default_factory=dict)
    finished: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def over(self) -> bool:
        return self.state in ("done", "cancelled", "failed")

    def emit(self, kind: str, **data: Any) -> None:
        self.events.append({"event": kind, "elapsed": round(time.monotonic() - self.created, 3), **data})
        self.changed.set()

    def summary(self) -> dict[str, Any]:
        return {"id": self.id, "state": self.state, "answer": self.answer,
                "elapsed": round(time.monotonic() - self.created, 3)}


class _Worker:
    def __init__(self, ctx: Any) -> None:
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=worker_main, args=(child, os.getpid()), daemon=True)
        self.process.start()
        child.close()

    def stop(self) -> None:
        try:
            if self.process.is_alive():
                self.process.kill()
            self.process.join(5)
        finally:
            self.conn.close()


class Jobs:
    """The pool; ``record(row)`` stores every finished solve's row."""

    def __init__(self, workers: int, max_queued: int, record: Callable[[dict[str, Any]], Awaitable[None]]) -> None:
        self.size = max(1, workers)
        self.max_queued = max_queued
        self.record = record
        self.jobs: dict[str, Job] = {}
        self._ctx = multiprocessing.get_context("spawn")
        self._idle: asyncio.Queue[_Worker] | None = None
        self._all: list[_Worker] = []
        self._waiting = 0
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        self._idle = asyncio.Queue()
        for _ in range(self.size):
            worker = await asyncio.to_thread(_Worker, self._ctx)
            self._all.append(worker)
            self._idle.put_nowait(worker)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for w in self._all:
            try:
                w.conn.send(None)
            except OSError:
                pass
        for w in self._all:
            await asyncio.to_thread(w.process.join, 1.0)
            w.stop()
        self._all = []

    def submit(self, work: Task | Call, limit: float) -> Job:
        """Queue ``work`` with the time limit ``limit`` (seconds); :class:`Busy` when the queue is full."""
        if self._waiting >= self.max_queued:
            raise Busy(f"{self._waiting} solves are waiting already (the limit is {self.max_queued}); try again later")
        job = Job(new_job_id(), work, limit)
        self.jobs[job.id] = job
        self._forget_old()
        job.emit("queued", waiting=self._waiting)
        self._waiting += 1
        task = asyncio.get_running_loop().create_task(self._run(job))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return job

    async def run(self, work: Call, limit: float) -> Any:
        """Submit ``work`` and wait for its answer."""
        job = self.submit(work, limit)
        await job.finished.wait()
        return job

    def cancel(self, job_id: str) -> Job | None:
        job = self.jobs.get(job_id)
        if job is not None and not job.over:
            job.cancel_requested = True
            job.changed.set()
        return job

    def _forget_old(self, keep: int = 500) -> None:
        if len(self.jobs) > keep:
            for key in [k for k, j in self.jobs.items() if j.over][: len(self.jobs) - keep]:
                del self.jobs[key]

    async def _run(self, job: Job) -> None:
        assert self._idle is not None
        try:
            worker = await self._next_worker(job)
        finally:
            self._waiting -= 1
        if worker is None:
            self._finish(job, "cancelled")
            return
        try:
            worker = await self._drive(job, worker)
        except Exception as exc:  # the pool's own failure: the job ends, a fresh worker takes over
            worker = await self._replace(worker, job, "failed", f"{type(exc).__name__}: {exc}")
        finally:
            if worker is not None:
                self._idle.put_nowait(worker)

    async def _next_worker(self, job: Job) -> _Worker | None:
        """An idle worker, or ``None`` when the job is cancelled while it waits."""
        assert self._idle is not None
        while True:
            if job.cancel_requested:
                return None
            try:
                return await asyncio.wait_for(self._idle.get(), TICK)
            except asyncio.TimeoutError:
                continue

    async def _drive(self, job: Job, worker: _Worker) -> _Worker | None:
        """Run the job on ``worker``; returns the worker to reuse (a new one when it was killed)."""
        phase_start = time.monotonic()
        job.state = "solving"
        try:
            worker.conn.send((job.id, job.work))
        except OSError:  # the worker died while idle
            return await self._replace(worker, job, "failed", "the worker died before the solve started")
        job.emit("solving")
        grace = grace_seconds(job.limit) or 0.0
        next_event = time.monotonic() + TICK
        # Every pass, whatever the worker sent, checks the cancel request, the worker's life and the
        # time limit, and at most every TICK seconds tells the page: a worker that reports its
        # search more often than TICK must not keep the job from being cancelled or followed.
        while True:
            ready = await asyncio.to_thread(wait, [worker.conn, worker.process.sentinel], TICK)
            if worker.conn in ready:
                kind, answer = report(worker.conn)
                if kind == "progress":
                    job.search = answer
                elif kind == "checking":
                    job.state, phase_start = "checking", time.monotonic()
                    job.emit("checking")
                elif kind == "done":
                    await self._done(job, answer)
                    return worker
            if job.cancel_requested:
                return await self._replace(worker, job, "cancelled", "cancelled by the user")
            if worker.process.sentinel in ready or not worker.process.is_alive():
                return await self._replace(worker, job, "failed", f"the worker died (exit code {worker.process.exitcode})")
            now = time.monotonic()
            if now > phase_start + job.limit + grace:
                return await self._replace(worker, job, "failed", f"killed at the time limit ({job.limit:g} s)")
            if now >= next_event:
                next_event = now + TICK
                job.emit("progress", phase=job.state, **({"search": job.search} if job.search else {}))

    async def _replace(self, worker: _Worker, job: Job, state: str, reason: str) -> _Worker:
        """Kill ``worker``, end ``job`` (the page hears of it before the new worker has started) and
        start a worker in its place."""
        await asyncio.to_thread(worker.stop)
        if worker in self._all:
            self._all.remove(worker)
        if isinstance(job.work, Task) and state == "failed":
            row = base_row(job.work)
            row.update(status="unknown", error=reason)
            await self._done(job, row)
        else:
            self._finish(job, state, reason=reason)
        fresh = await asyncio.to_thread(_Worker, self._ctx)
        self._all.append(fresh)
        return fresh

    async def _done(self, job: Job, answer: Any) -> None:
        if isinstance(job.work, Task):
            try:
                await self.record(answer)
            except Exception as exc:  # a store that cannot write must not lose the answer
                job.emit("warning", message=f"the results store did not take the answer: {exc}")
        job.answer = answer
        self._finish(job, "done")

    def _finish(self, job: Job, state: str, reason: str | None = None) -> None:
        job.state = state
        job.emit(state, **({"reason": reason} if reason else {}))
        job.finished.set()
