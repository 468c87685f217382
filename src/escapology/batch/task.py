"""One task of a batch: one instance with one engine, under its own time and memory limit.

:func:`run_task` is what a worker process (or a Ray actor) does with a :class:`Task`, through the
protocol of the task's game only (:mod:`escapology.core.protocol`): ``load``, ``solve`` with the
engine's keywords, ``to_json``, and the game's independent ``check`` of the certificate as the store
keeps it (the JSON, read back). It returns the store's row (:data:`escapology.batch.store.COLUMNS`)
and never raises for a bad instance: a malformed file or an engine's error is a "failed" row with
the reason.

``seconds`` is the time of ``load`` and ``solve`` (the checker's is ``check_seconds``);
``peak_memory`` the peak resident memory of the process during the task, in MiB (the high-water
mark is reset before each task where Linux allows it, ``/proc/self/clear_refs``; elsewhere it is
the process's peak so far); ``nodes`` the engine's ``stats["nodes"]`` when it counts them.
"""

from __future__ import annotations

import dataclasses
import inspect
import json
import os
import tempfile
import threading
import time
from dataclasses import dataclass, field
from functools import lru_cache
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any, Callable

from escapology import __version__
from escapology.core.cli_support import memory_options
from escapology.core.errors import InputError
from escapology.core import memory as memory_limit
from escapology.core.limits import Deadline, LimitReached, MemoryLimitError
from escapology.games import GAMES, Game

__all__ = ["Task", "run_task", "engine_version", "options_key", "EXIT_MEMORY", "MemoryWatch", "limit_worker"]

#: the exit code of a worker that :class:`MemoryWatch` stopped at the memory limit
EXIT_MEMORY = 86


@dataclass(frozen=True)
class Task:
    """An instance (``path``, or ``text`` for one of several in a file) with one engine."""

    key: int
    game: str
    engine: str
    path: str
    part: int = 1
    content_hash: str = ""
    text: str | None = None
    timeout: float | None = None
    memory: float | None = None
    error: str | None = None  # the input's problem, known before running (a "failed" row)
    options: dict[str, Any] = field(default_factory=dict)
    data: str | None = None  # the file's text, for a worker on a machine without the file (Ray)

    @property
    def options_json(self) -> str:
        return options_key(self.options)


def options_key(options: dict[str, Any]) -> str:
    """The options as the store keeps them: JSON with sorted keys.

    >>> options_key({"timeout": 10, "engine": "native"})
    '{"engine": "native", "timeout": 10}'
    """
    return json.dumps(options, sort_keys=True)


def game(name: str) -> Game:
    return next(g for g in GAMES if g.name == name)


@lru_cache(maxsize=None)
def engine_version(game_name: str, engine: str) -> str:
    """escapology's version and that of each library the engine runs on.

    >>> engine_version("labyrinth", "clingo").startswith("escapology ")
    True
    """
    parts = [f"escapology {__version__}"]
    for lib in game(game_name).engine(engine).libraries:
        try:
            parts.append(f"{lib} {version(lib)}")
        except PackageNotFoundError:
            parts.append(f"{lib} (not installed)")
    return ", ".join(parts)


def base_row(task: Task) -> dict[str, Any]:
    """The row's identity and the defaults of a task that did not answer."""
    return {
        "content_hash": task.content_hash, "game": task.game, "engine": task.engine,
        "engine_version": engine_version(task.game, task.engine) if task.game else "",
        "options": task.options_json, "path": task.path, "part": task.part, "size": None,
        "status": "failed", "answer": None, "certificate": None, "verdict": None, "verdict_detail": None,
        "seconds": None, "check_seconds": None, "peak_memory": None, "nodes": None, "stats": None,
        "error": task.error,
    }


def solve_keywords(solve: Callable[..., Any], task: Task) -> dict[str, Any]:
    """The keywords of ``solve`` for the task's engine: the engine's own, the memory limit where the
    engine takes one, and one thread (``workers=1``) where it has several: ``--jobs`` is the
    batch's parallelism."""
    kwargs = dict(game(task.game).engine(task.engine).options)
    kwargs.update(memory_options(solve, task.memory))
    if "workers" in inspect.signature(solve).parameters:
        kwargs["workers"] = 1
    return kwargs


def run_task(task: Task, on_solved: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """Run ``task`` and return its row; ``on_solved(row)`` is called between solving and checking
    (the pool then gives the checker its own time)."""
    row = base_row(task)
    if task.error is not None:
        return row
    module = game(task.game).protocol()
    reset_peak_memory()
    start = time.perf_counter()
    deadline = Deadline(task.timeout)
    try:
        inst = _load(module, task, deadline)
        row["size"] = game(task.game).size(inst)
        result = module.solve(inst, timeout=deadline.remaining(), **solve_keywords(module.solve, task))
        answer = json.loads(json.dumps(result.to_json()))
        stats = json.loads(json.dumps(result.stats, default=str))
    except LimitReached:
        row.update(status="unknown", error="the time limit was reached while reading the instance")
    except MemoryLimitError as exc:
        row.update(status="unknown", error=f"memory limit: {exc}")
    except MemoryError:
        row.update(status="unknown", error="memory limit: out of memory")
    except InputError as exc:
        row.update(error=str(exc) if exc.file else f"{_name(task)}: {exc.message}")
    except Exception as exc:  # an engine's error is this row's failure, not the batch's
        if memory_limit.is_out_of_memory(exc):  # a C++ library's std::bad_alloc
            row.update(status="unknown", error="memory limit: out of memory")
        else:
            row.update(error=f"{type(exc).__name__}: {exc}")
    else:
        row.update(status=answer.get("status", "unknown"), stats=json.dumps(stats, sort_keys=True),
                   nodes=_nodes(stats, answer), certificate=json.dumps(answer.get("certificate")),
                   answer=json.dumps({k: v for k, v in answer.items() if k not in ("certificate", "stats")},
                                     sort_keys=True))
    row["seconds"] = round(time.perf_counter() - start, 6)
    row["peak_memory"] = peak_memory_mib()
    if row["status"] in ("solved", "unsolvable"):
        if on_solved is not None:
            on_solved(dict(row))
        _check(module, inst, answer, row)
    return row


def _name(task: Task) -> str:
    return task.path if task.text is None else f"{task.path}#{task.part}"


def _load(module: Any, task: Task, deadline: Deadline) -> Any:
    if task.text is None and task.data is not None and not os.path.isfile(task.path):

        with tempfile.TemporaryDirectory() as tmp:  # the same name: some readers go by the suffix
            copy = Path(tmp) / Path(task.path).name
            copy.write_text(task.data, encoding="utf-8")
            return _load(module, dataclasses.replace(task, path=str(copy), data=None), deadline)
    source: str | Path = Path(task.path) if task.text is None else task.text
    if "deadline" in inspect.signature(module.load).parameters:
        return module.load(source, deadline=deadline)
    return module.load(source)


def _nodes(stats: dict[str, Any], answer: dict[str, Any]) -> int | None:
    nodes = stats.get("nodes", answer.get("nodes"))
    return int(nodes) if isinstance(nodes, (int, float)) else None


def _check(module: Any, inst: Any, answer: dict[str, Any], row: dict[str, Any]) -> None:
    """The verdict of the game's independent checker on the answer as stored: ``valid``,
    ``rejected`` or ``unchecked`` (no certificate to check: an unsolvable answer the game's checker
    cannot confirm, or an answer without one)."""
    if answer.get("certificate") is None and not (row["status"] == "unsolvable"
                                                  and game(row["game"]).checks_unsolvable):
        row.update(verdict="unchecked", verdict_detail="the answer carries no certificate to check")
        return
    start = time.perf_counter()
    try:
        verdict = module.check(inst, answer)
    except Exception as exc:  # a checker that cannot read the certificate rejects it
        row.update(verdict="rejected", verdict_detail=f"the checker failed: {type(exc).__name__}: {exc}")
    else:
        row.update(verdict="valid" if verdict.ok else "rejected", verdict_detail=verdict.summary)
    row["check_seconds"] = round(time.perf_counter() - start, 6)


def reset_peak_memory() -> None:
    """Reset this process's peak resident memory (Linux ``clear_refs``; elsewhere nothing)."""
    try:
        with open("/proc/self/clear_refs", "w") as fh:
            fh.write("5")
    except OSError:
        pass


def peak_memory_mib() -> float | None:
    """This process's peak resident memory since :func:`reset_peak_memory`, in MiB."""
    try:
        with open("/proc/self/status") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return round(int(line.split()[1]) / 1024, 1)
    except (OSError, ValueError, IndexError):
        pass
    try:
        import resource  # Unix only: its ImportError (Windows) is caught below

        return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    except (ImportError, OSError):
        return None


def resident_memory() -> int:
    """This process's resident memory now, in bytes (0 where ``/proc`` is missing)."""
    try:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def limit_worker(mib: float | None) -> int | None:
    """Bound this worker process to ``mib`` MiB as ``--memory`` bounds a command
    (:func:`escapology.core.memory.limit`: its peak resident memory stays under it): an allocation
    past it fails -- in Python a :class:`MemoryError`, the task's row "unknown" (memory limit) and
    the worker goes on; in the native extension the worker ends with :data:`EXIT_MEMORY`, which the
    pool records the same way. A limit below what the worker takes at its start is left to
    :class:`MemoryWatch` (which then ends it at its first task). Returns the limit set (bytes)."""
    if mib is None:
        return None
    try:
        return memory_limit.limit(mib, native=memory_limit.NativeFailure(b"", b"", EXIT_MEMORY))
    except MemoryLimitError:
        return None


class MemoryWatch:
    """A thread that ends this process (exit code :data:`EXIT_MEMORY`) when its resident memory
    passes ``mib``: the hard memory limit of a worker, for the engines that do not check one
    themselves. The pool records the task as "unknown" (memory limit) and starts a new worker.
    ``on_limit`` runs just before the exit, for a driver that cannot see the exit code (Ray)."""

    def __init__(self, mib: float | None, interval: float = 0.02,
                 on_limit: Callable[[], None] | None = None) -> None:
        self.limit = None if mib is None else int(mib * (1 << 20))
        self.interval = interval
        self.on_limit = on_limit
        self.tripped = False  # set once the limit is passed, just before the exit
        self._running = threading.Event()
        if self.limit is not None:
            threading.Thread(target=self._watch, daemon=True, name="memory-watch").start()

    def _watch(self) -> None:
        while True:
            self._running.wait()
            if resident_memory() > self.limit:  # type: ignore[operator]
                self.tripped = True
                if self.on_limit is not None:
                    try:
                        self.on_limit()
                    except Exception:  # noqa: BLE001 - the exit below is what matters
                        pass
                os._exit(EXIT_MEMORY)
            time.sleep(self.interval)

    def __enter__(self) -> "MemoryWatch":
        self._running.set()
        return self

    def __exit__(self, *exc: object) -> None:
        self._running.clear()
