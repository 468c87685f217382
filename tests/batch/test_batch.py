"""Batch runs through the protocol: every game's examples with checker verdicts, the store's skip and
--force, bad input as failed rows, per-task limits, kill -9 and Ctrl-C with resumption."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import time
from pathlib import Path

from typer.testing import CliRunner

from escapology.batch.runner import run_batch
from escapology.batch.store import Store
from escapology.cli import app
from escapology.games import GAMES

from .conftest import ESCAPOLOGY, EXAMPLES, ROOT, all_gone, children, labyrinth_files

runner = CliRunner()


def rows(store: Path) -> list[dict]:
    with Store(store) as db:
        return db.rows()


def test_every_games_examples_in_one_batch_are_answered_and_checked(store: Path) -> None:
    summary = run_batch([EXAMPLES], store=store, jobs=2, timeout=120)
    got = rows(store)
    assert {r["game"] for r in got} == {g.name for g in GAMES}
    assert summary.counts["solved"] == len(got) == summary.total and not summary.interrupted
    for r in got:
        assert r["status"] == "solved" and r["verdict"] == "valid", r
        assert r["engine"] == next(g for g in GAMES if g.name == r["game"]).engines[0].name
        assert r["engine_version"].startswith("escapology ")
        assert r["seconds"] > 0 and r["peak_memory"] > 0 and r["size"] > 0
        assert json.loads(r["certificate"]) is not None
        assert len(r["content_hash"]) == 64
    # the Roma file of URLs is one row per puzzle
    assert sorted(r["part"] for r in got if r["path"].endswith("urls.txt")) == [1, 2, 3, 4, 5]


def test_stored_tasks_are_skipped_unless_forced(store: Path) -> None:
    inputs = [EXAMPLES / "chess", EXAMPLES / "labyrinth/small.lp"]
    first = run_batch(inputs, engines=["exact", "native", "clingo"], store=store, jobs=1, timeout=60)
    assert (first.total, first.skipped, first.done) == (5, 0, 5)  # 3 chess, 1 labyrinth x 2
    stamps = {(r["path"], r["engine"]): r["finished_at"] for r in rows(store)}
    again = run_batch(inputs, engines=["exact", "native", "clingo"], store=store, jobs=1, timeout=60)
    assert (again.skipped, again.done) == (5, 0)
    other_limit = run_batch(inputs, engines=["exact"], store=store, jobs=1, timeout=30)
    assert (other_limit.skipped, other_limit.done) == (0, 3)  # other options: another row
    time.sleep(1.1)  # finished_at counts seconds
    forced = run_batch(inputs, engines=["exact", "native", "clingo"], store=store, jobs=1, timeout=60, force=True)
    assert (forced.skipped, forced.done) == (0, 5)
    after = rows(store)
    assert len(after) == 8
    assert all(r["finished_at"] > stamps[(r["path"], r["engine"])] for r in after if '"timeout": 60' in r["options"])


def test_bad_input_is_a_failed_row_and_the_batch_goes_on(tmp_path: Path, store: Path) -> None:
    (tmp_path / "broken.lp").write_text("field(1..3,1..3). connect(1,1,q). init_on(9,9).\n")
    (tmp_path / "notes.txt").write_text("hello\n")
    summary = run_batch([tmp_path / "broken.lp", tmp_path / "notes.txt", EXAMPLES / "chess/bob.txt"],
                        store=store, jobs=1, timeout=30)
    got = {Path(r["path"]).name: r for r in rows(store)}
    assert summary.counts == {"failed": 2, "solved": 1}
    assert got["broken.lp"]["status"] == "failed" and "broken.lp" in got["broken.lp"]["error"]
    assert got["notes.txt"]["status"] == "failed" and "not an instance" in got["notes.txt"]["error"]
    assert got["bob.txt"]["verdict"] == "valid"


def test_time_and_memory_limits_are_per_task(store: Path) -> None:
    grid = store.parent / "grid13.lp"  # the 13 x 13 centre: a Nemesis strategy of over 10^6 nodes
    assert runner.invoke(app, ["nemesis", "generate", "grid", "--size", "13", "-o", str(grid)]).exit_code == 0
    summary = run_batch([grid, EXAMPLES / "chess/bob.txt"], store=store, jobs=1, timeout=2.0)  # bob.txt needs ~0.1 s; 2 s leaves room on a loaded machine
    got = {Path(r["path"]).name: r for r in rows(store)}
    assert got["grid13.lp"]["status"] == "unknown" and got["grid13.lp"]["seconds"] < 20
    assert got["bob.txt"]["status"] == "solved"  # the next task has its own time
    assert summary.counts["unknown"] == 1
    low = run_batch([EXAMPLES / "chess/bob.txt"], store=store.with_name("m.db"), jobs=1, timeout=30, memory=2)
    (row,) = rows(store.with_name("m.db"))
    assert row["status"] == "unknown" and row["error"].startswith("memory limit"), row
    assert low.counts["unknown"] == 1


def test_engines_of_several_games_and_unknown_engine(store: Path) -> None:
    result = runner.invoke(app, ["batch", str(EXAMPLES / "labyrinth/small.lp"), "-e", "warp", "--store", str(store)])
    assert result.exit_code == 2 and "no game has an engine 'warp'" in result.output
    result = runner.invoke(app, ["batch", str(EXAMPLES / "missing.lp"), "--store", str(store)])
    assert result.exit_code == 2 and "missing.lp: no such file or directory" in result.output


def _batch(args: list[str], **kw) -> subprocess.Popen:
    return subprocess.Popen([*ESCAPOLOGY, "batch", *args], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, **kw)


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _wait_for_rows(store: Path, n: int, proc: subprocess.Popen, limit: float = 120) -> int:
    end = time.monotonic() + limit
    while time.monotonic() < end and proc.poll() is None:
        if store.exists():
            try:
                with sqlite3.connect(store) as db:
                    k = db.execute("SELECT COUNT(*) FROM results").fetchone()[0]
                if k >= n:
                    return k
            except sqlite3.OperationalError:
                pass
        time.sleep(0.05)
    raise AssertionError(f"the batch did not write {n} rows: {proc.poll()} {proc.stderr.read() if proc.stderr else ''}")


def test_kill_9_in_the_middle_then_resume(tmp_path: Path, store: Path) -> None:
    files = labyrinth_files(tmp_path / "lab", 16)
    args = [str(tmp_path / "lab"), "--jobs", "2", "--timeout", "3", "--store", str(store)]
    proc = _batch(args)
    _wait_for_rows(store, 3, proc)
    workers = children(proc.pid)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    # the workers die with the batch (not after their task: some run up to 3 s)
    assert workers and all_gone(workers, seconds=1.0)
    with sqlite3.connect(store) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    kept = {(r["content_hash"], r["finished_at"]) for r in rows(store)}
    assert 3 <= len(kept) < len(files)
    done = _batch(args)
    out, err = done.communicate(timeout=300)
    assert done.returncode == 0, err
    assert f"{len(kept)} already in the store" in out
    after = rows(store)
    assert len(after) == len(files)
    assert kept <= {(r["content_hash"], r["finished_at"]) for r in after}  # finished tasks not redone


def test_ctrl_c_stops_cleanly_and_the_next_run_resumes(tmp_path: Path, store: Path) -> None:
    # 18 x 18: 12 of the 16 last the whole --timeout (of 12 x 12 boards 14 answer at once, and on a
    # loaded machine the batch could end before the signal came)
    files = labyrinth_files(tmp_path / "lab", 16, size=18)
    args = [str(tmp_path / "lab"), "--jobs", "2", "--timeout", "0.4", "--store", str(store)]
    for _attempt in range(3):
        # SIGINT as a terminal's foreground job has it: `make test` started in the background of a
        # non-interactive shell inherits it ignored, and Python then installs no Ctrl-C handler
        proc = _batch(args, start_new_session=True, preexec_fn=_default_sigint)
        _wait_for_rows(store, 2, proc)
        workers = children(proc.pid)
        os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C does: the whole foreground group
        out, err = proc.communicate(timeout=60)
        if proc.returncode != 0 or len(rows(store)) < len(files):
            break
        # the whole batch ended before the signal came (this process was kept waiting on a loaded
        # machine): nothing was interrupted, so try again from an empty store
        for leftover in (store, store.with_name(store.name + "-wal"), store.with_name(store.name + "-shm")):
            leftover.unlink(missing_ok=True)
    assert proc.returncode == 130, err
    assert "interrupted" in err and "Traceback" not in err
    assert workers and all_gone(workers)
    kept = len(rows(store))
    assert 2 <= kept < len(files)
    done = _batch(args)
    out, err = done.communicate(timeout=300)
    assert done.returncode == 0 and f"{kept} already in the store" in out, err
    assert len(rows(store)) == len(files)
