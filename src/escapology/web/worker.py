"""The worker processes of the web app: each runs one call at a time, in its own process.

A call is either a batch :class:`~escapology.batch.task.Task` (a solve: the batch runner's
:func:`~escapology.batch.task.run_task`, which loads, solves and checks through the protocol and
returns the results store's row) or a named function of :mod:`escapology.web.views` with keyword
arguments (a computation of a game's page that may take long: a reply in a game, winning starts,
a hint). The parent kills a worker to cancel its call or at the time limit and starts another.
"""

from __future__ import annotations

import importlib
import os
import time
from multiprocessing.connection import Connection
from typing import Any

from escapology.batch.pool import requests, start_worker
from escapology.batch.task import Task, run_task
from escapology.core.errors import InputError
from escapology.core.progress import listen

__all__ = ["Call", "worker_main", "run_call"]


class Call:
    """``module:function`` of :mod:`escapology.web.views` with its keyword arguments."""

    __slots__ = ("target", "kwargs")

    def __init__(self, target: str, kwargs: dict[str, Any]) -> None:
        self.target = target
        self.kwargs = kwargs


def run_call(call: Call) -> dict[str, Any]:
    """Run ``call``: ``{"ok": value}``, or ``{"error": reason}`` for bad input."""
    module_name, _, name = call.target.partition(":")
    if not module_name.startswith("escapology.web.views."):
        return {"error": f"not a view function: {call.target}"}
    function = getattr(importlib.import_module(module_name), name)
    try:
        return {"ok": function(**call.kwargs)}
    except InputError as exc:
        return {"error": str(exc)}
    except (ValueError, KeyError, TypeError, IndexError, RecursionError) as exc:
        return {"error": f"{type(exc).__name__}: {exc}"}


#: how much lower a worker's CPU priority is than the server's (``nice``)
WORKER_NICENESS = 5
#: the shortest time between two progress messages of a worker, seconds
PROGRESS_EVERY = 0.2


class _Forward:
    """Send a search's progress (:func:`escapology.core.progress.listen`) to the parent, at most
    every :data:`PROGRESS_EVERY` seconds: ``("progress", key, {"search": what, **fields})``."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.key: str | None = None
        self.last = 0.0
        self.fields: dict[str, Any] = {}

    def __call__(self, what: str, fields: dict[str, Any]) -> None:
        self.fields.update(fields)
        now = time.monotonic()
        if self.key is not None and now - self.last >= PROGRESS_EVERY:
            self.last = now
            shown = {k: v for k, v in self.fields.items() if isinstance(v, (int, float, str))}
            self.conn.send(("progress", self.key, {"search": what, **shown}))


def worker_main(conn: Connection, parent: int) -> None:
    """A worker's loop: receive ``(key, task_or_call)``, send ``("progress", key, fields)`` while
    a search reports, ``("checking", key, None)`` when a solve's checker starts and
    ``("done", key, answer)`` at the end; ``None`` ends it."""
    if not start_worker(parent):
        return
    try:  # the server's own process answers first: it stays responsive while the workers search
        os.nice(WORKER_NICENESS)
    except OSError:
        pass
    forward = _Forward(conn)
    listen(forward)
    for key, work in requests(conn):
        forward.key, forward.fields, forward.last = key, {}, 0.0
        if isinstance(work, Task):
            answer: Any = run_task(work, on_solved=lambda row, k=key: conn.send(("checking", k, None)))
        else:
            answer = run_call(work)
        forward.key = None
        conn.send(("done", key, answer))
