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
