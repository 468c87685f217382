"""Shared pieces of the batch tests: the examples, a store in a temporary folder, instance files."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
ESCAPOLOGY = [sys.executable, "-m", "escapology"]

#: what the Ray tests (test_ray.py, test_ray_cluster.py) run: four games' examples, five engines
RAY_INPUTS = [EXAMPLES / "labyrinth", EXAMPLES / "chess", EXAMPLES / "roma/urls.txt", EXAMPLES / "forest"]
RAY_ENGINES = ["native", "clingo", "exact", "glucose4", "fast"]
#: the columns of a row that a run elsewhere gives alike (not its times, host or memory)
KEEP = ("content_hash", "game", "engine", "options", "status", "certificate", "verdict", "size", "part")


@pytest.fixture
def store(tmp_path: Path) -> Path:
    return tmp_path / "escapology.db"


def rows(store: Path) -> list[tuple]:
    """The rows of ``store``, their columns :data:`KEEP`, sorted."""
    from escapology.batch.store import Store

    with Store(store) as db:
        return sorted(tuple(r[k] for k in KEEP) for r in db.rows())


@pytest.fixture(scope="session")
def local_pool_rows(tmp_path_factory: pytest.TempPathFactory) -> list[tuple]:
    """The rows of :data:`RAY_INPUTS` with :data:`RAY_ENGINES` from the local pool of two workers:
    what a run on Ray must give (made once for the Ray tests of a session)."""
    from escapology.batch.runner import run_batch

    store = tmp_path_factory.mktemp("local-pool") / "local.db"
    summary = run_batch(RAY_INPUTS, engines=RAY_ENGINES, store=store, jobs=2, timeout=60)
    assert summary.done == summary.total > 0 and summary.counts["solved"] == summary.total
    return rows(store)


def labyrinth_files(folder: Path, count: int, size: int = 12) -> list[Path]:
    """``count`` distinct generated Labyrinth instances of ``size`` x ``size`` (some take seconds
    with the native engine: with a short --timeout each task lasts about that long)."""
    from escapology.labyrinth import generate
    from escapology.labyrinth.io import format_instance

    folder.mkdir(parents=True, exist_ok=True)
    files = []
    for seed in range(count):
        path = folder / f"lab{seed:03d}.lp"
        path.write_text(format_instance(generate(size=size, seed=seed)), encoding="utf-8")
        files.append(path)
    return files


def children(pid: int) -> list[int]:
    """The child processes of ``pid`` (Linux /proc)."""
    out = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            out += [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            pass
    return out


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/status")
    try:
        return "State:\tZ" not in status.read_text()
    except OSError:
        return False


def all_gone(pids: list[int], seconds: float = 10.0) -> bool:
    """Whether every process of ``pids`` has ended within ``seconds`` (multiprocessing's resource
    tracker, a child too, leaves shortly after its parent)."""
    import time

    end = time.monotonic() + seconds
    while any(alive(p) for p in pids):
        if time.monotonic() > end:
            return False
        time.sleep(0.05)
    return True
