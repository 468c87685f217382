"""``--ray local``: a private Ray cluster started in the process gives the same rows as a local run,
and ``labyrinth solve --ray local`` the plain solve's answer (Ray is an optional extra: skipped when
it is not installed). The split of the Labyrinth's first pushes with every part on Ray is tested
against a ``ray start`` head in test_ray_cluster.py."""

from __future__ import annotations

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
