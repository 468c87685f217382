"""``--ray``: the same tasks on a Ray cluster give the same rows as a local run (Ray is an optional
extra: skipped when it is not installed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from escapology.batch.runner import run_batch
from escapology.batch.store import Store

from .conftest import EXAMPLES

pytest.importorskip("ray", reason="Ray is an optional extra (pip install 'escapology[ray]')")

KEEP = ("content_hash", "game", "engine", "options", "status", "certificate", "verdict", "size", "part")


def _rows(store: Path) -> list[tuple]:
    with Store(store) as db:
        return sorted(tuple(r[k] for k in KEEP) for r in db.rows())


def test_a_private_local_ray_with_two_workers_answers_as_the_local_pool(tmp_path: Path) -> None:
    inputs = [EXAMPLES / "labyrinth", EXAMPLES / "chess", EXAMPLES / "roma/urls.txt", EXAMPLES / "forest"]
    run_batch(inputs, engines=["native", "clingo", "exact", "glucose4", "fast"], store=tmp_path / "local.db",
              jobs=2, timeout=60)
    summary = run_batch(inputs, engines=["native", "clingo", "exact", "glucose4", "fast"], store=tmp_path / "ray.db",
                        jobs=2, timeout=60, ray="local")
    assert summary.done == summary.total > 0 and summary.counts["solved"] == summary.total
    assert _rows(tmp_path / "ray.db") == _rows(tmp_path / "local.db")


def test_labyrinth_solve_shares_the_states_after_the_first_pushes_across_a_private_ray(tmp_path: Path) -> None:
    import json

    from typer.testing import CliRunner

    from escapology.cli import app
    from escapology.labyrinth import check, generate, load, solve
    from escapology.labyrinth.ray_split import solve_on_ray
    from escapology.labyrinth.io import format_instance

    path = tmp_path / "board.lp"
    path.write_text(format_instance(generate(size=6, seed=5, min_pushes=4)), encoding="utf-8")
    result = CliRunner().invoke(app, ["labyrinth", "solve", str(path), "-f", "json", "--ray", "local", "--workers", "2"])
    assert result.exit_code == 0, result.output
    answer = json.loads(result.output.strip().splitlines()[-1])
    inst = load(path)
    plain = solve(inst, workers=1)
    assert (answer["status"], len(answer["pushes"]), answer["optimal"]) == (plain.status.value, plain.pushes, plain.optimal)
    assert check(inst, answer).ok
    # without the first look (which may prove a small board at once) every part runs on Ray
    split = solve_on_ray(inst, "local", jobs=2, first_look=None, k=1)
    assert split.stats["split"] == "states" and split.stats["tasks"] >= split.stats["parts"] > 1
    assert not split.stats["stopped"] and split.stats["cpus"] == 2
    assert (split.status, split.pushes, split.optimal) == (plain.status, plain.pushes, plain.optimal)
    assert check(inst, split.certificate).ok
