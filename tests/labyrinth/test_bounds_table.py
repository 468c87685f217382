"""``benchmarks/labyrinth.py --table``: the table of bounds is written row by row, a second run skips
the rows done, ``--improve`` replaces a row only when the new one is better, every plan is checked
before it is written, and a file that is not such a table is refused with a clear error.

Three of the quickest shared instances are copied into a temporary folder (skipped without
``../shared``)."""

from __future__ import annotations

import csv
import importlib.util
import shutil
import sys
from pathlib import Path

import pytest

from escapology.core.results import Status
from escapology.labyrinth import check_plan, load
from escapology.labyrinth.model import Push
from escapology.labyrinth.result import SolveResult

ROOT = Path(__file__).resolve().parents[2]
QUICK = ("asptools-ntdb__0005.asp", "asptools-ntdb__0003.asp", "asptools-ntdb__0029.asp")


def _load():
    spec = importlib.util.spec_from_file_location("labyrinth_benchmark", ROOT / "benchmarks" / "labyrinth.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


bench = _load()


@pytest.fixture
def folder(shared_dir: Path, tmp_path: Path) -> Path:
    d = tmp_path / "instances"
    d.mkdir()
    for name in QUICK:
        shutil.copy(shared_dir / name, d / name)
    return d


def rows(path: Path) -> list[dict[str, str]]:
    with path.open(newline="") as f:
        return list(csv.DictReader(f))


def run(folder: Path, table: Path, *extra: str) -> None:
    bench.main(["--all", "--dir", str(folder), "--table", str(table), "--workers", "1", "--timeout", "30", *extra])


def plan_ok(folder: Path, row: dict[str, str]) -> bool:
    pushes = [(int(p[:-1]), p[-1], s) for s, p in enumerate(row["plan"].split(), 1)]
    return check_plan(load(folder / row["instance"]), pushes).ok


def fake_solve(result: SolveResult):
    calls = []

    def solve(inst, **kwargs):
        calls.append(kwargs)
        return result

    return solve, calls


def test_the_table_has_a_checked_row_per_instance_with_its_command(folder: Path, tmp_path: Path):
    table = tmp_path / "bounds.csv"
    run(folder, table)
    got = rows(table)
    assert list(got[0]) == bench.COLUMNS
    assert sorted(r["instance"] for r in got) == sorted(QUICK)
    for r in got:
        assert r["proven"] == "yes" and r["lower_bound"] == r["best_pushes"] and plan_ok(folder, r)
        assert (r["engine"], r["workers"], r["ray"], r["timeout"]) == ("native", "1", "", "30")
        assert r["command"].startswith("escapology labyrinth solve ")
        assert str(folder / r["instance"]) in r["command"] and "--workers 1 --timeout" not in r["command"]
        assert "--timeout 30 --workers 1" in r["command"]
        assert int(r["nodes"]) > 0 and float(r["seconds"]) >= 0
    # the 4x4 example of the problem page: minimum 2 (README of ../shared)
    assert next(r for r in got if r["instance"] == QUICK[0])["best_pushes"] == "2"


def test_a_second_run_skips_the_rows_done_and_a_stopped_run_resumes(folder: Path, tmp_path: Path, monkeypatch):
    table = tmp_path / "bounds.csv"
    run(folder, table, "--limit", "1")  # a run stopped after its first instance
    assert len(rows(table)) == 1
    first = table.read_text()
    run(folder, table)
    assert table.read_text().startswith(first) and len(rows(table)) == 3
    assert table.read_text().count("instance,N,") == 1
    done = table.read_text()
    solve, calls = fake_solve(SolveResult(Status.UNKNOWN, None, False, 1, {"nodes": 1}))
    monkeypatch.setattr(bench, "solve", solve)
    run(folder, table)
    assert calls == [] and table.read_text() == done
    # --improve reruns only unproven rows: here all are proven
    run(folder, table, "--improve")
    assert calls == [] and table.read_text() == done


def _unproven(row: dict[str, str], lb: int, best: int | None) -> dict[str, str]:
    return {**row, "proven": "no", "lower_bound": str(lb), "best_pushes": "" if best is None else str(best),
            "plan": "", "date": "2000-01-01"}


def test_improve_replaces_a_row_only_when_the_new_one_is_better(folder: Path, tmp_path: Path, monkeypatch):
    table = tmp_path / "bounds.csv"
    run(folder, table)
    proven = {r["instance"]: r for r in rows(table)}
    name = QUICK[2]
    minimum = int(proven[name]["best_pushes"])
    # an unproven row (bound 1, no plan) is replaced by the proven one of a new run
    bench.write_table(table, [_unproven(proven[name], 1, None) if r["instance"] == name else r
                              for r in proven.values()])
    run(folder, table, "--improve")
    again = {r["instance"]: {**r, "seconds": "-"} for r in rows(table)}
    assert again == {k: {**r, "seconds": "-"} for k, r in proven.items()}
    assert [r["instance"] for r in rows(table)] == list(proven)  # the order is kept
    # a new run no better (bound 1, no plan) leaves an unproven row as it was
    old = _unproven(proven[name], minimum - 1, minimum + 3)
    bench.write_table(table, [old if r["instance"] == name else r for r in proven.values()])
    before = table.read_text()
    solve, calls = fake_solve(SolveResult(Status.UNKNOWN, None, False, 1, {"nodes": 7}))
    monkeypatch.setattr(bench, "solve", solve)
    run(folder, table, "--improve")
    assert len(calls) == 2 and table.read_text() == before  # the warm-up and the one unproven row
    # a tighter bound is better, and so is a shorter plan; a tighter bound with a longer plan is not
    assert bench.better({**old, "lower_bound": str(minimum)}, old)
    assert bench.better({**old, "best_pushes": str(minimum + 1)}, old)
    assert not bench.better({**old, "lower_bound": str(minimum), "best_pushes": str(minimum + 4)}, old)
    assert not bench.better(old, old)
    assert not bench.better(proven[name], proven[name])


def test_improve_with_positional_instances_and_best(folder: Path, tmp_path: Path, monkeypatch):
    table = tmp_path / "bounds.csv"
    run(folder, table)
    got = rows(table)
    bench.write_table(table, [_unproven(r, 1, 8 if i < 2 else 9) for i, r in enumerate(got)])
    solve, calls = fake_solve(SolveResult(Status.UNKNOWN, None, False, 1, {"nodes": 7}))
    monkeypatch.setattr(bench, "solve", solve)
    run(folder, table, "--improve", "--best", "8")
    assert len(calls) == 1 + 2
    calls.clear()
    bench.main(["--dir", str(folder), "--table", str(table), "--improve", "--workers", "1", "0029"])
    assert len(calls) == 1 + 1


def test_an_invalid_plan_stops_the_run_before_it_is_written(folder: Path, tmp_path: Path, monkeypatch):
    table = tmp_path / "bounds.csv"
    bad = SolveResult(Status.SOLVED, [Push(1, "e")], True, 1, {"nodes": 3})
    monkeypatch.setattr(bench, "solve", fake_solve(bad)[0])
    with pytest.raises(SystemExit, match="invalid plan"):
        run(folder, table)
    assert not table.exists() or rows(table) == []


@pytest.mark.parametrize(("text", "message"), [
    ("name,value\nx,1\n", "line 1: unknown header"),
    (",".join(bench.COLUMNS) + "\nasptools-ntdb__0005.asp,4,2\n", "line 2: 3 fields, expected 15"),
    (",".join(bench.COLUMNS) + "\n" + ",".join(["a.asp", "4", "2", "two", "2", "yes", "1", "0.1", "native", "1", "",
                                                 "60", "2026-11-29", "1w 2n", "cmd"]) + "\n",
     "line 2: a number is not one"),
    (",".join(bench.COLUMNS) + "\n" + ",".join(["a.asp", "4", "2", "2", "2", "maybe", "1", "0.1", "native", "1", "",
                                                 "60", "2026-11-29", "1w 2n", "cmd"]) + "\n",
     "line 2: proven is 'maybe'"),
    (",".join(bench.COLUMNS) + "\n" + 2 * (",".join(["a.asp", "4", "2", "2", "2", "yes", "1", "0.1", "native", "1",
                                                      "", "60", "2026-11-29", "1w 2n", "cmd"]) + "\n"),
     "line 3: a.asp appears twice"),
    (",".join(bench.COLUMNS) + "\na.asp,4,2,2", "line 2: the last line is incomplete"),
    ("\x00\xff\xfe binary", "cannot be read as text"),
])
def test_a_file_that_is_not_a_bounds_table_is_refused_clearly(folder: Path, tmp_path: Path, monkeypatch,
                                                            text: str, message: str):
    table = tmp_path / "bounds.csv"
    table.write_bytes(text.encode("latin-1"))
    solve, calls = fake_solve(SolveResult(Status.UNKNOWN, None, False, 1, {}))
    monkeypatch.setattr(bench, "solve", solve)
    with pytest.raises(bench.TableError) as err:
        run(folder, table)
    assert message in str(err.value) and str(table) in str(err.value)
    assert "benchmarks/labyrinth.py --table" in str(err.value)
    assert calls == [] and table.read_bytes() == text.encode("latin-1")  # nothing solved, nothing written


def test_markdown_gives_the_summary_and_a_row_per_instance(folder: Path, tmp_path: Path, capsys):
    table = tmp_path / "bounds.csv"
    run(folder, table)
    got = rows(table)
    bench.write_table(table, [_unproven(got[0], 5, 7), *got[1:]])
    capsys.readouterr()
    bench.main(["--table", str(table), "--markdown"])
    out = capsys.readouterr().out
    assert "proven: **2/3**" in out and "gap best - lower bound on the unproven: 1x 2" in out
    assert out.count("\n| ") == 2 + 3  # header, rule, a row each


def test_the_options_before_the_table_still_work(folder: Path, tmp_path: Path, capsys):
    record = tmp_path / "record.jsonl"
    bench.main(["--all", "--dir", str(folder), "--engines", "native", "--workers", "1", "--record", str(record)])
    assert len(record.read_text().splitlines()) == 3
    assert "3/3 solved with a valid plan, 3/3 proven optimal" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        bench.main(["--markdown"])  # needs --table


def test_journal_rows_sum_the_sessions_of_the_split(shared_dir: Path, tmp_path: Path, monkeypatch):
    # the split on a Local backend in place of Ray (the journal's own tests: tests/labyrinth/test_ray_split.py)
    from escapology.labyrinth import ray_split

    def on_local(inst, address, *, engine, timeout, jobs, journal):
        assert address == "local" and jobs == 1
        return ray_split.solve_split(inst, ray_split.Local(), timeout=timeout, k=1, first_look=None, journal=journal)

    monkeypatch.setattr(ray_split, "solve_on_ray", on_local)
    folder = tmp_path / "instances"
    folder.mkdir()
    shutil.copy(shared_dir / "asptools-ntdb__0130.asp", folder)
    table, journals = tmp_path / "bounds.csv", tmp_path / "journals"
    bench.main(["0130", "--dir", str(folder), "--table", str(table), "--workers", "1", "--journal", str(journals)])
    (row,) = rows(table)
    assert row["proven"] == "yes" and row["ray"] == "local" and plan_ok(folder, row)
    assert "--journal" in row["command"] and row["command"].startswith("python benchmarks/labyrinth.py")
    assert (journals / "asptools-ntdb__0130.jsonl").read_text().count('"part"') > 0
