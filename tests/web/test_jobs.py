"""The job loop follows and cancels a solve whose worker reports progress faster than the loop's tick
(issue 31: a native Labyrinth solve sent progress every 0.2 s, the loop ticked every 0.25 s, and
every report skipped the cancel check and the page's progress event)."""

from __future__ import annotations

import asyncio
import multiprocessing
import sys
import threading
import time
from pathlib import Path

from escapology.web.jobs import TICK, Job, Jobs
from escapology.web.worker import Call

sys.path.insert(0, str(Path(__file__).parent))
from webtools import run_async  # noqa: E402


class _Process:
    """A worker process that stays alive: its sentinel is a pipe end nobody writes to."""

    def __init__(self) -> None:
        self.sentinel, self._keep = multiprocessing.Pipe(duplex=False)
        self.exitcode = None

    def is_alive(self) -> bool:
        return True


class _FloodingWorker:
    """A worker whose search reports every 20 ms until stopped."""

    def __init__(self) -> None:
        self.conn, self._child = multiprocessing.Pipe()
        self.process = _Process()
        self.running = True
        self.thread = threading.Thread(target=self._flood, daemon=True)

    def _flood(self) -> None:
        nodes = 0
        while self.running:
            nodes += 1000
            try:
                self._child.send(("progress", "j1", {"search": "depth 5", "nodes": nodes}))
            except OSError:
                return
            time.sleep(0.02)


def test_cancel_and_progress_events_while_the_worker_floods_progress() -> None:
    async def scenario() -> tuple[Job, list[str], float]:
        jobs = Jobs(1, 1, record=lambda row: asyncio.sleep(0))
        worker = _FloodingWorker()
        replaced: list[str] = []

        async def replace(w, job, state, reason):  # the pool would kill the worker and start another
            worker.running = False
            replaced.append(state)
            jobs._finish(job, state, reason=reason)
            return w

        jobs._replace = replace  # type: ignore[method-assign]
        job = Job("j1", Call("escapology.web.views.labyrinth:nothing", {}), limit=30.0)
        worker.thread.start()
        drive = asyncio.get_running_loop().create_task(jobs._drive(job, worker))  # type: ignore[arg-type]
        await asyncio.sleep(6 * TICK)
        asked = time.monotonic()
        job.cancel_requested = True
        await asyncio.wait_for(drive, timeout=10)
        return job, replaced, time.monotonic() - asked

    # (the drive ended within wait_for's 10 s, a third of the job's time limit of 30 s: the cancel
    # was seen by a pass of the loop, not at the limit)
    job, replaced, took = run_async(scenario())
    print(f"cancel seen after {took:.2f} s")
    assert replaced == ["cancelled"] and job.state == "cancelled"
    progress = [e for e in job.events if e["event"] == "progress"]
    assert len(progress) >= 3  # the page was told while the worker flooded
    assert progress[-1]["search"]["nodes"] > progress[0]["search"]["nodes"]
