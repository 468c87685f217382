"""``escapology batch --ray HOST:PORT`` and ``--ray auto`` against a real Ray head: ``ray start
--head`` on 127.0.0.1 with two CPUs, as a user starts one (skipped when Ray is not installed), the
memory limit on Ray answered as in the local pool, and the Labyrinth's split of the first pushes
with every part run on the head.

The head runs with ``--block`` in a session of its own, so that ending that session (SIGTERM, then
SIGKILL after a few seconds for any process left with this run's token) stops this cluster and
nothing else: ``ray stop`` would also stop the private clusters of other tests running alongside.
The head and its clients share a private Ray folder (``RAY_TMPDIR``): ``ray start`` writes its
address there for ``--ray auto``, so a head of another test process (pytest-xdist may start this
module in two workers) is never the one found. All that uses the head is one test, so that one
head per worker at most is started.
The head does not drain itself on SIGTERM (``RAY_GRACEFUL_SHUTDOWN_DRAIN_TIMEOUT_S=0``): its GCS,
ended by the same signal, would have it wait 30 s for nothing.
Ray >= 2.59 turns token authentication on for clusters ``ray start`` makes on a machine; the head
and the clients run with ``RAY_AUTH_MODE=token`` and one token of this test run in
``RAY_AUTH_TOKEN``, as the docs tell users to do (nothing read from or written to ``~/.ray``).
"""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Iterator

import pytest

from escapology.batch.store import Store

from .conftest import ESCAPOLOGY, EXAMPLES, KEEP, RAY_ENGINES, RAY_INPUTS, rows

pytest.importorskip("ray", reason="Ray is an optional extra (pip install 'escapology[ray]')")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


TOKEN = secrets.token_hex(32)
#: this process's Ray folder: short, as Ray's socket paths under it must be (at most 107 bytes)
RAY_TMP = tempfile.mkdtemp(prefix="ray-", dir="/tmp")


def _env() -> dict[str, str]:
    return dict(os.environ, RAY_AUTH_MODE="token", RAY_AUTH_TOKEN=TOKEN, RAY_USAGE_STATS_ENABLED="0",
                RAY_TMPDIR=RAY_TMP)


def _ours() -> list[int]:
    """The live processes that carry this run's token: the head, what it started and any client
    of it (Linux /proc; zombies left out)."""
    mark = f"RAY_AUTH_TOKEN={TOKEN}".encode()
    out = []
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            if mark in (proc / "environ").read_bytes().split(b"\0") and \
                    (proc / "stat").read_text().rpartition(")")[2].split()[0] != "Z":
                out.append(int(proc.name))
        except (OSError, IndexError):
            pass
    return out


def _end_head(proc: subprocess.Popen, grace: float = 10.0) -> None:
    """SIGTERM to the head's session (``ray start`` leads it); SIGKILL to whatever of it is left
    after ``grace`` seconds; fails when a process of it survives."""
    os.killpg(proc.pid, signal.SIGTERM)
    end = time.monotonic() + grace
    while (left := _ours()) and time.monotonic() < end:
        time.sleep(0.1)
    for pid in left:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    proc.wait(timeout=30)
    end = time.monotonic() + 30
    while (left := _ours()) and time.monotonic() < end:
        time.sleep(0.1)
    assert not left, f"processes of the Ray head left: {left}"


@pytest.fixture(scope="module")
def head(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A Ray head on 127.0.0.1 with 2 CPUs, started by ``ray start``; yields its address."""
    port = _free_port()
    log = tmp_path_factory.mktemp("ray-head") / "head.log"
    ray_cli = Path(sys.executable).with_name("ray")
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            [str(ray_cli), "start", "--head", "--node-ip-address", "127.0.0.1", "--port", str(port),
             "--num-cpus", "2", "--include-dashboard", "false", "--disable-usage-stats", "--block"],
            stdout=out, stderr=subprocess.STDOUT, env=dict(_env(), RAY_GRACEFUL_SHUTDOWN_DRAIN_TIMEOUT_S="0"),
            start_new_session=True)
    try:
        deadline = time.monotonic() + 180
        while b"will now block" not in log.read_bytes():
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"ray start did not come up:\n{log.read_text(errors='replace')[-3000:]}")
            time.sleep(0.5)
        yield f"127.0.0.1:{port}"
    finally:
        _end_head(proc)  # this head and the processes it started, only
        shutil.rmtree(RAY_TMP, ignore_errors=True)


def _batch(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([*ESCAPOLOGY, "batch", *args], cwd=cwd, env=_env(), capture_output=True, text=True,
                          timeout=600)


def test_a_ray_head_runs_batches_the_split_and_the_memory_limit(head: str, tmp_path: Path,
                                                                local_pool_rows: list[tuple]) -> None:
    # one test, so that one head serves all three (a head costs seconds of CPU to start and end)
    batch_by_address_and_auto(head, tmp_path, local_pool_rows)
    labyrinth_split_across_the_head(head, tmp_path)
    memory_limit_on_the_head(head, tmp_path)


def batch_by_address_and_auto(head: str, tmp_path: Path, local_pool_rows: list[tuple]) -> None:
    """``batch --ray HOST:PORT`` and ``--ray auto`` write the rows the local pool writes."""
    inputs = [str(p) for p in RAY_INPUTS]
    engine_args = [a for e in RAY_ENGINES for a in ("--engine", e)]
    by_address = _batch(*inputs, *engine_args, "--store", str(tmp_path / "head.db"), "--timeout", "60",
                        "--ray", head, cwd=tmp_path)
    assert by_address.returncode == 0, by_address.stderr
    got = rows(tmp_path / "head.db")
    assert got and all(r[KEEP.index("status")] == "solved" for r in got)
    assert got == local_pool_rows

    # --ray auto finds the cluster that `ray start` made on this machine
    auto = _batch(*inputs, *engine_args, "--store", str(tmp_path / "auto.db"), "--timeout", "60", "--ray", "auto",
                  cwd=tmp_path)
    assert auto.returncode == 0, auto.stderr
    assert rows(tmp_path / "auto.db") == got


#: a client of the head (a process of its own: Ray reads the token settings when it is imported)
#: splitting a board's first pushes: every part on the head without the first look, which may
#: prove a small board at once
SPLIT = """
import json, sys
from escapology.labyrinth import generate
from escapology.labyrinth.ray_split import solve_on_ray

print(json.dumps(solve_on_ray(generate(size=6, seed=5, min_pushes=4), sys.argv[1], first_look=None, k=1).to_json()))
"""


def labyrinth_split_across_the_head(head: str, tmp_path: Path) -> None:
    """The Labyrinth's split shares the states after the first pushes across the head."""
    import json

    from escapology.labyrinth import check, generate, solve

    done = subprocess.run([sys.executable, "-c", SPLIT, head], cwd=tmp_path, env=_env(), capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    split = json.loads(done.stdout.strip().splitlines()[-1])
    assert split["stats"]["split"] == "states" and split["stats"]["tasks"] >= split["stats"]["parts"] > 1
    assert not split["stats"]["stopped"] and split["stats"]["cpus"] == 2 and split["stats"]["ray"] == head
    inst = generate(size=6, seed=5, min_pushes=4)
    plain = solve(inst, workers=1)
    assert (split["status"], len(split["pushes"]), split["optimal"]) == (plain.status.value, plain.pushes, plain.optimal)
    assert check(inst, split).ok


def memory_limit_on_the_head(head: str, tmp_path: Path) -> None:
    """The memory limit on Ray is "unknown" with the same error as in the local pool."""
    for where, args in (("local", ["--jobs", "1"]), ("ray", ["--ray", head])):
        done = _batch(str(EXAMPLES / "chess"), "--engine", "exact", "--memory", "1", "--timeout", "60",
                      "--store", str(tmp_path / f"{where}.db"), *args, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        with Store(tmp_path / f"{where}.db") as db:
            rows = db.rows()
        assert rows and {(r["status"], r["error"]) for r in rows} == {
            ("unknown", "memory limit: the worker passed 1 MiB")}, where


def test_an_unreachable_head_is_a_clear_error(tmp_path: Path) -> None:
    port = _free_port()
    done = _batch(str(EXAMPLES / "chess"), "--store", str(tmp_path / "x.db"), "--ray", f"127.0.0.1:{port}",
                  cwd=tmp_path)
    assert done.returncode == 2
    assert f"--ray 127.0.0.1:{port}: cannot reach the Ray cluster" in done.stderr
    assert "Traceback" not in done.stderr


def test_auto_pointing_to_a_stopped_cluster_is_a_clear_error(tmp_path: Path) -> None:
    # `auto` means RAY_ADDRESS when set (else the address file of the last `ray start`, or the one
    # cluster running here: which of these another test process has is not ours to control), here
    # the address of a cluster that has stopped: Ray would wait for it without end
    port = _free_port()
    env = dict(os.environ, RAY_ADDRESS=f"127.0.0.1:{port}")
    done = subprocess.run([*ESCAPOLOGY, "batch", str(EXAMPLES / "chess"), "--store", str(tmp_path / "x.db"),
                           "--ray", "auto"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    # Ray writes the address with this machine's IP address for 127.0.0.1
    assert "--ray auto: cannot reach the Ray cluster: nothing answers at " in done.stderr
    assert f":{port} (where RAY_ADDRESS or the last `ray start` on this machine points)" in done.stderr
    assert "Traceback" not in done.stderr
