"""``escapology results`` (CSV and JSON give back the store's rows) and ``escapology report`` (the
page holds the store's numbers and fetches nothing)."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from escapology.batch.report import engine_table
from escapology.batch.runner import run_batch
from escapology.batch.store import COLUMNS, Store
from escapology.cli import app

from .conftest import EXAMPLES

runner = CliRunner()


@pytest.fixture(scope="module")
def filled(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[dict]]:
    folder = tmp_path_factory.mktemp("store")
    (folder / "broken.lp").write_text("field(1..2,1..2). connect(1,1,x).\n")  # a Labyrinth instance, malformed
    (folder / "notes.txt").write_text("no game's\n")
    store = folder / "escapology.db"
    run_batch([EXAMPLES / "labyrinth/small.lp", EXAMPLES / "chess", EXAMPLES / "roma/urls.txt", folder / "broken.lp",
               folder / "notes.txt"],
              engines=["native", "clingo", "exact", "glucose4", "minisat22"], store=store, jobs=2, timeout=60)
    with Store(store) as db:
        return store, db.rows()


def _typed(value: str, like: object) -> object:
    """A CSV field read back as the store's value: CSV writes null and "" alike (empty)."""
    if value == "":
        assert like in (None, "")
        return like
    return type(like)(value) if like is not None else value


def test_csv_export_round_trip(filled: tuple[Path, list[dict]]) -> None:
    store, rows = filled
    result = runner.invoke(app, ["results", str(store), "--format", "csv"])
    assert result.exit_code == 0, result.output
    back = list(csv.DictReader(io.StringIO(result.output)))
    assert list(back[0]) == list(COLUMNS)
    assert [{k: _typed(v, r[k]) for k, v in b.items()} for b, r in zip(back, rows)] == rows


def test_json_export_round_trip(filled: tuple[Path, list[dict]], tmp_path: Path) -> None:
    store, rows = filled
    out = tmp_path / "results.json"
    result = runner.invoke(app, ["results", str(store), "-f", "json", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text()) == rows


def test_results_of_a_missing_or_foreign_store_is_bad_input(tmp_path: Path) -> None:
    result = runner.invoke(app, ["results", str(tmp_path / "none.db")])
    assert result.exit_code == 2 and "no such results store" in result.output
    (tmp_path / "text.db").write_text("not sqlite at all, just some text " * 100)
    result = runner.invoke(app, ["results", str(tmp_path / "text.db")])
    assert result.exit_code == 2 and "not a results store" in result.output


def _cells(table: str) -> list[list[str]]:
    return [[re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<td[^>]*>(.*?)</td>", tr)]
            for tr in re.findall(r"<tr>(.*?)</tr>", table, re.S)]


def test_report_holds_the_stores_numbers(filled: tuple[Path, list[dict]], tmp_path: Path) -> None:
    store, rows = filled
    out = tmp_path / "report.html"
    result = runner.invoke(app, ["report", str(store), "-o", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text()
    assert "<script" not in page and not re.search(r"""(src|href)=["']?https?:""", page)
    assert page.count("<svg") >= 4  # cactus, size, and one scatter per pair of engines (Labyrinth, Roma)
    first_table = page[page.index("<table>"):page.index("</table>")]
    got = {(c[0], c[1]): c[2:11] for c in _cells(first_table) if c}
    keys = ("instances", "solved", "unproven", "unsolvable", "unknown", "failed", "rejected", "unchecked", "answered")
    for t in engine_table(rows):
        assert got[(t["game"], t["engine"])] == [str(t[k]) for k in keys]
    assert got[("labyrinth", "native")] == ["2", "1", "0", "0", "0", "1", "0", "0", "1"]
    assert got[("(not recognised)", "(none)")][5] == "1"
    for r in rows:  # every run's time is in the per-instance table
        if r["seconds"] is not None:
            assert f"{r['status']} {r['seconds']:.3f} s" in page
    assert "minisat22" in page and "median B/A" in page
