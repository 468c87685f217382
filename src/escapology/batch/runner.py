"""A batch run: instances x engines as tasks, the stored ones skipped, the rest run into the store.

>>> import tempfile, os
>>> db = os.path.join(tempfile.mkdtemp(), "escapology.db")
>>> summary = run_batch(["examples/chess"], store=db, jobs=1, timeout=30)
>>> summary.counts["solved"], summary.skipped, summary.interrupted
(3, 0, False)
>>> run_batch(["examples/chess"], store=db, jobs=1, timeout=30).skipped
3
"""

from __future__ import annotations

import json
import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from escapology.batch.inputs import Inputs, collect
from escapology.batch.pool import LocalPool
from escapology.batch.ray_backend import RayPool
from escapology.batch.store import Store
from escapology.batch.task import Task, options_key, run_task
from escapology.core.errors import InputError
from escapology.core.wording import plural
from escapology.games import GAMES, Game

__all__ = ["BatchSummary", "plan_tasks", "run_batch", "default_store", "select_engines", "outcome"]

#: the store's name when ``--store`` is not given: beside the inputs
STORE_NAME = "escapology.db"


@dataclass
class BatchSummary:
    """What a batch did: ``counts`` of the rows written this run by :func:`outcome` (solved,
    unknown, failed), ``rejected`` answers the checker rejected (counted as failed), ``skipped`` tasks found in the store, ``notes`` for people."""

    store: Path
    total: int = 0
    skipped: int = 0
    rejected: int = 0
    counts: Counter = field(default_factory=Counter)
    ignored: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    interrupted: bool = False

    @property
    def done(self) -> int:
        return sum(self.counts.values())


def outcome(row: dict[str, Any]) -> str:
    """How a row counts in the progress and the report: ``solved`` (an answer, solved or proven
    unsolvable, that the checker did not reject), ``unknown`` (a limit was reached: also a plan whose
    optimality was not proven, ``"optimal": false`` in the answer, as Labyrinth's at its time limit)
    or ``failed`` (an error, or an answer the checker rejected).

    >>> outcome({"status": "solved", "verdict": "valid", "answer": '{"optimal": false}'})
    'unknown'
    """
    if row["status"] in ("solved", "unsolvable"):
        if row.get("verdict") == "rejected":
            return "failed"
        return "unknown" if unproven(row) else "solved"
    return "unknown" if row["status"] == "unknown" else "failed"


def unproven(row: dict[str, Any]) -> bool:
    """A solved row whose answer says its plan is not proven optimal."""
    if row["status"] != "solved" or not row.get("answer"):
        return False
    return json.loads(row["answer"]).get("optimal") is False


def default_store(inputs: Sequence[str | os.PathLike[str]]) -> Path:
    """``escapology.db`` in the folder the inputs share (a directory input counts as that folder),
    or in the working directory when that folder cannot be written (read-only collections)."""
    folders = [os.path.abspath(p if os.path.isdir(p) else os.path.dirname(os.path.abspath(p))) for p in inputs]
    try:
        common = os.path.commonpath(folders) if folders else os.getcwd()
    except ValueError:  # different drives
        common = os.getcwd()
    if not os.access(common, os.W_OK):
        common = os.getcwd()
    return Path(common) / STORE_NAME


def select_engines(names: Sequence[str] | None, games: Sequence[Game] = GAMES) -> dict[str, list[str]]:
    """The engines to run per game: each name is ``ENGINE`` (every game that has an engine of that
    name) or ``GAME:ENGINE``; without names, every game's default engine. A game none of whose
    engines is named runs none.

    >>> select_engines(["native", "clingo", "roma:maplechrono"])["labyrinth"]
    ['native', 'clingo']
    >>> select_engines(None)["roma"], select_engines(["native"])["roma"]
    (['glucose4'], [])
    >>> select_engines(["fastest"])
    Traceback (most recent call last):
    ...
    escapology.core.errors.InputError: --engine: no game has an engine 'fastest' (labyrinth: native, clingo, exhaustive; amazeing: search; forest: fast, matrix, simulation, asp; nemesis: exact, exact-python, linear, linear-python; chess: exact; roma: glucose4, maplechrono, minisat22, branch)
    """
    if not names:
        return {g.name: [g.engines[0].name] for g in games}
    chosen: dict[str, list[str]] = {g.name: [] for g in games}
    for name in names:
        game_name, _, engine = name.rpartition(":")
        matches = [g for g in games if (not game_name or g.name == game_name) and any(e.name == engine for e in g.engines)]
        if not matches:
            listing = "; ".join(f"{g.name}: {', '.join(e.name for e in g.engines)}" for g in games)
            raise InputError(f"no game has an engine {name!r} ({listing})", file="--engine")
        for g in matches:
            if engine not in chosen[g.name]:
                chosen[g.name].append(engine)
    return chosen


def plan_tasks(inputs: Inputs, engines: dict[str, list[str]], *, timeout: float | None = None,
               memory: float | None = None) -> tuple[list[Task], list[str]]:
    """One task per (item, engine of its game), and the notes on games that run no engine."""
    timeout = None if timeout is None else float(timeout)  # the same key for 20 and 20.0
    memory = None if memory is None else float(memory)
    tasks: list[Task] = []
    unrun: Counter = Counter()
    by_name = {g.name: g for g in GAMES}
    for item in inputs.items:
        if item.error is not None:
            tasks.append(Task(len(tasks), "", "", item.path, item.part, item.content_hash, error=item.error,
                              options={"memory": memory, "timeout": timeout}))
            continue
        if not engines.get(item.game):
            unrun[item.game] += 1
        for engine in engines.get(item.game, []):
            options = {**by_name[item.game].engine(engine).options, "memory": memory, "timeout": timeout}
            tasks.append(Task(len(tasks), item.game, engine, item.path, item.part, item.content_hash,
                              item.text, timeout, memory, options=options))
    notes = [f"{game}: {plural(n, 'instance')} not run: none of the engines named is this game's "
             f"(its engines: {', '.join(e.name for e in by_name[game].engines)})" for game, n in unrun.items()]
    return tasks, notes


def run_batch(inputs: Sequence[str | os.PathLike[str]], *, engines: Sequence[str] | None = None,
              jobs: int | None = None, timeout: float | None = None, memory: float | None = None,
              store: str | os.PathLike[str] | None = None, force: bool = False, ray: str | None = None,
              progress: Any = None) -> BatchSummary:
    """Run every (instance, engine) task of ``inputs`` not yet in ``store`` (all with ``force``)
    and write each row as it finishes; ``jobs`` worker processes (default: the CPUs), or the Ray
    cluster at ``ray``. ``progress`` is an object with ``start(total, skipped)``,
    ``task_started(task)`` and ``task_done(row)`` (:class:`escapology.batch.progress.BatchProgress`).
    A :class:`KeyboardInterrupt` stops the batch cleanly: the summary says ``interrupted``."""
    if not inputs:
        raise InputError("give at least one file, directory or list file", file="INPUTS")
    for given in inputs:
        if not os.path.exists(given):
            raise InputError("no such file or directory", file=os.fspath(given))
    chosen = select_engines(engines)
    store_path = Path(store) if store is not None else default_store(inputs)
    found = collect(inputs, skip=[store_path])
    tasks, notes = plan_tasks(found, chosen, timeout=timeout, memory=memory)
    tasks = _unique(tasks)
    summary = BatchSummary(store_path, total=len(tasks), ignored=found.ignored, notes=notes)
    with Store(store_path) as db:
        if not force:
            done = db.done_keys()
            todo = [t for t in tasks if (t.content_hash, t.game, t.engine, options_key(t.options)) not in done]
            summary.skipped = len(tasks) - len(todo)
            tasks = todo

        def record(row: dict[str, Any]) -> None:
            db.record(row)
            summary.counts[outcome(row)] += 1
            summary.rejected += row.get("verdict") == "rejected"
            if progress is not None:
                progress.task_done(row)

        if progress is not None:
            progress.start(summary.total, summary.skipped)
        try:
            for task in [t for t in tasks if t.error is not None]:
                record(run_task(task))
            runnable = [t for t in tasks if t.error is None]
            if runnable:
                _backend(ray, jobs, timeout, memory).run(runnable, record, getattr(progress, "task_started", None))
        except KeyboardInterrupt:
            summary.interrupted = True
    return summary


def _unique(tasks: list[Task]) -> list[Task]:
    """The tasks with distinct keys (the same content twice, under two names, runs once)."""
    seen: set[tuple[str, str, str, str]] = set()
    out = []
    for t in tasks:
        key = (t.content_hash, t.game, t.engine, options_key(t.options))
        if key not in seen:
            seen.add(key)
            out.append(t)
    return out


def _backend(ray: str | None, jobs: int | None, timeout: float | None, memory: float | None) -> Any:
    if ray is not None:
        return RayPool(ray, jobs=jobs, timeout=timeout, memory=memory)

    return LocalPool(jobs or os.cpu_count() or 1, timeout=timeout, memory=memory)

