"""``--ray local``: a private Ray cluster started in the process gives the same rows as a local run,
and ``labyrinth solve --ray local`` the plain solve's answer (Ray is an optional extra: skipped when
it is not installed). The split of the Labyrinth's first pushes with every part on Ray is tested
against a ``ray start`` head in test_ray_cluster.py."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from escapology.batch.runner import run_batch

from .conftest import RAY_ENGINES, RAY_INPUTS, rows

pytest.importorskip("ray", reason="Ray is an optional extra (pip install 'escapology[ray]')")


def test_a_private_local_ray_with_two_workers_answers_as_the_local_pool(tmp_path: Path,
                                                                         local_pool_rows: list[tuple]) -> None:
    summary = run_batch(RAY_INPUTS, engines=RAY_ENGINES, store=tmp_path / "ray.db", jobs=2, timeout=60, ray="local")
    assert summary.done == summary.total > 0 and summary.counts["solved"] == summary.total
    assert rows(tmp_path / "ray.db") == local_pool_rows


def test_labyrinth_solve_on_a_private_ray_answers_as_the_plain_solve(tmp_path: Path) -> None:
    import json

    from typer.testing import CliRunner

    from escapology.cli import app
    from escapology.labyrinth import check, generate, load, solve
    from escapology.labyrinth.io import format_instance

    path = tmp_path / "board.lp"
    path.write_text(format_instance(generate(size=6, seed=5, min_pushes=4)), encoding="utf-8")
    result = CliRunner().invoke(app, ["labyrinth", "solve", str(path), "-f", "json", "--ray", "local", "--workers", "2"])
    assert result.exit_code == 0, result.output
    answer = json.loads(result.output.strip().splitlines()[-1])
    assert answer["stats"]["ray"] == "local" and answer["stats"]["cpus"] == 2  # --workers: the private cluster's CPUs
    inst = load(path)
    plain = solve(inst, workers=1)
    assert (answer["status"], len(answer["pushes"]), answer["optimal"]) == (plain.status.value, plain.pushes, plain.optimal)
    assert check(inst, answer).ok


def test_a_labyrinth_part_that_ray_cancels_while_it_runs_frees_its_thread() -> None:
    """The split's calls to a node's threaded actor (``ray_split.PartSearcher``): a complete search
    that would never end (the avatar's field has no opening, so no plan exists and every push
    sequence is searched) stops when Ray cancels its call, and the actor's two threads take the
    next calls."""
    import dataclasses

    from escapology.core.ray_cluster import connect
    from escapology.labyrinth import generate
    from escapology.labyrinth.ray_split import _nodes, _Ray, split

    inst = generate(size=9, seed=2, min_pushes=3)
    walled = list(inst.connections)
    walled[inst.init_position] = 0
    inst = dataclasses.replace(inst, connections=tuple(walled))
    endless = ("part", inst.n, bytes(inst.connections), split(inst, 1).parts[0].state, 12, None, None, 4)
    ray = connect("local", 2)
    try:
        backend = _Ray(ray, _nodes(ray))
        ray.get([actor.__ray_ready__.remote() for actor in backend.actors])
        long = [backend.submit(endless) for _ in range(2)]
        time.sleep(2)  # both running on the actor's two threads
        for ticket in long:
            backend.cancel(ticket)
        short = [backend.submit(("part", *endless[1:4], 2, None, None, 3)) for _ in range(2)]
        for ticket in short:  # (without the cancellation these would wait for ever: the threads are busy)
            assert backend.wait([ticket], 120) == [ticket]
            assert backend.get(ticket)[0] == "exhausted"
    finally:
        ray.shutdown()


def test_a_failed_connection_under_token_authentication_names_the_token(monkeypatch) -> None:
    """With RAY_AUTH_MODE=token, a wrong token makes Ray retry for some 20 s and then fail like an
    unreachable head (seen against a `ray start` head): the error says to compare the tokens."""
    import ray

    from escapology.core import ray_cluster
    from escapology.core.errors import InputError

    def refuse(**kw):
        raise ConnectionError("Failed to connect to Ray cluster at 127.0.0.1:6391")

    monkeypatch.setenv("RAY_AUTH_MODE", "token")
    monkeypatch.setattr(ray_cluster, "_listening", lambda address, asked: None)
    monkeypatch.setattr(ray, "init", refuse)
    with pytest.raises(InputError, match="a wrong token looks like this too") as err:
        ray_cluster.connect("127.0.0.1:6391")
    assert "ray get-auth-token" in str(err.value)
