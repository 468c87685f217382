"""Solving: a solve is a job in a worker process, followed as server-sent events, cancellable.

``POST /api/games/{game}/solve`` reads the instance (a bad one is a 422 at once), keeps its text
in the store and queues the solve (the batch's :class:`~escapology.batch.task.Task`: load, solve,
check in a worker); ``GET /api/jobs/{id}/events`` streams ``queued``, ``solving``, ``progress``
(every quarter second, with the seconds elapsed), ``checking`` and the end: ``done`` (with the
answer), ``cancelled`` or ``failed``; ``DELETE /api/jobs/{id}`` cancels.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, AsyncIterator

from fastapi import APIRouter, HTTPException, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import StreamingResponse

from escapology.batch.task import Task
from escapology.web.instances import BadInstance, content_hash, game_named, load_text, safe_name, SUFFIXES
from escapology.web.jobs import Job
from escapology.web.models import GameName, SolveRequest

router = APIRouter(prefix="/api")

KEEP_ALIVE = 15.0


def answer_of(row: dict[str, Any] | None) -> dict[str, Any] | None:
    """A store row as the page reads it: the game's JSON answer (``status``, ``certificate`` and
    the game's keys) with the checker's verdict, the seconds and the error."""
    if row is None:
        return None
    answer = json.loads(row["answer"]) if row.get("answer") else {}
    answer["status"] = row.get("status")
    answer["certificate"] = json.loads(row["certificate"]) if row.get("certificate") else None
    for key in ("engine", "verdict", "verdict_detail", "seconds", "check_seconds", "error", "content_hash"):
        answer[key] = row.get(key)
    return answer


def _summary(job: Job) -> dict[str, Any]:
    out = job.summary()
    if isinstance(job.work, Task):
        out["answer"] = answer_of(job.answer)
    return out


@router.post("/games/{game}/solve", summary="Queue a solve; follow it at /api/jobs/{id}/events")
async def solve(game: GameName, body: SolveRequest, request: Request) -> dict[str, Any]:
    s = request.app.state.settings
    g = game_named(game.value)
    engine = body.engine or g.engines[0].name
    if engine not in [e.name for e in g.engines]:
        raise BadInstance(f"{game.value} has no engine {engine!r} (it has {', '.join(e.name for e in g.engines)})")
    await run_in_threadpool(load_text, g, body.text, body.name, timeout=s.quick_timeout)
    digest = content_hash(body.text)
    fname = safe_name(body.name, f"{game.value}-instance")
    await request.app.state.store.run("add_instance", digest, game.value, fname, body.text)
    timeout = min(body.timeout or s.solve_timeout, s.solve_timeout)
    by_suffix = fname.lower().endswith(SUFFIXES)
    task = Task(key=0, game=game.value, engine=engine, path=f"<web>/{fname}", content_hash=digest,
                text=None if by_suffix else (body.text if body.text.endswith("\n") else body.text + "\n"),
                data=body.text if by_suffix else None, timeout=timeout,
                options={"engine": engine, "timeout": timeout})
    job = request.app.state.jobs.submit(task, timeout)
    return {"job": job.id, "content_hash": digest, "timeout": timeout}


def _job(request: Request, job_id: str) -> Job:
    job = request.app.state.jobs.jobs.get(job_id)
    if job is None:
        raise HTTPException(404, f"no job {job_id!r}")
    return job


@router.get("/jobs/{job_id}", summary="A job's state and, once done, its answer")
async def job_state(job_id: str, request: Request) -> dict[str, Any]:
    return _summary(_job(request, job_id))


@router.delete("/jobs/{job_id}", summary="Cancel a job (its worker is stopped)")
async def cancel(job_id: str, request: Request) -> dict[str, Any]:
    job = _job(request, job_id)
    request.app.state.jobs.cancel(job_id)
    return _summary(job)


@router.get("/jobs/{job_id}/events", summary="A job's progress as server-sent events")
async def events(job_id: str, request: Request) -> StreamingResponse:
    job = _job(request, job_id)

    async def stream() -> AsyncIterator[str]:
        sent = 0
        while True:
            job.changed.clear()
            while sent < len(job.events):
                event = dict(job.events[sent])
                sent += 1
                if event["event"] == "done":
                    event["answer"] = _summary(job)["answer"]
                yield f"event: {event['event']}\ndata: {json.dumps(event)}\n\n"
            if job.over:
                return
            if await request.is_disconnected():
                return
            try:
                await asyncio.wait_for(job.changed.wait(), KEEP_ALIVE)
            except asyncio.TimeoutError:
                yield ": keep-alive\n\n"

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
