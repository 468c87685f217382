"""Readers refuse what contradicts itself (issue 32): each case was answered before, as if sound."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
SMALL_LP = "field(1..2,1..2). init_on(1,1). goal_on(2,2). connect(1,1,e). connect(2,2,w). max_steps(1).\n"


def _amazeing_two_treasures() -> str:
    data = json.loads((EXAMPLES / "amazeing" / "published.json").read_text())
    data["treasures"]["B"] = data["treasures"]["A"]
    return json.dumps(data)


def _roma_url() -> str:
    return next(line for line in (EXAMPLES / "roma" / "urls.txt").read_text().splitlines() if line.startswith("http"))


CASES = {
    "roma: a cell in two boxes": ("roma", "r.lp", (EXAMPLES / "roma" / "example-6x6.lp").read_text()
                                  + "box(1,1,1). box(1,1,5).\n", "is in two boxes"),
    "roma: two arrows on a cell": ("roma", "r.lp", (EXAMPLES / "roma" / "example-6x6.lp").read_text()
                                   + "arrow(6,6,up). arrow(6,6,down).\n", "has two arrows"),
    "roma: a URL with junk after its last cell": ("roma", "u.txt", _roma_url() + "junkjunk\n",
                                                  "goes on after its last cell"),
    "amazeing: two treasures on one tile": ("amazeing", "t.json", _amazeing_two_treasures(), "a tile holds one treasure"),
    "forest: a map cell without a value": ("forest", "m.xml", "<map><index/></map>", "has no value"),
    "forest: two map cells of one value": ("forest", "m.xml", '<map><index value="1"><branch>2</branch></index>'
                                           '<index value="2"><branch>1</branch></index><index value="1"/></map>',
                                           "two <index> cells have the value 1"),
    "labyrinth: an unterminated block comment": ("labyrinth", "c.lp", SMALL_LP + "%* never closed\n",
                                                 "c.lp:2: a block comment"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_reader_refuses_it_with_the_file(case: str, tmp_path: Path) -> None:
    game, name, text, says = CASES[case]
    path = tmp_path / name
    path.write_text(text)
    out = subprocess.run([sys.executable, "-m", "escapology", game, "solve", str(path), "--rolls", "3,4"]
                         if game == "forest" else [sys.executable, "-m", "escapology", game, "solve", str(path)],
                         capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert out.returncode == 2, (case, out.stdout, out.stderr)
    assert says in out.stderr and str(path) in out.stderr and "Traceback" not in out.stderr, out.stderr


def test_an_empty_roma_solution_names_its_file(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("\n")
    out = subprocess.run([sys.executable, "-m", "escapology", "roma", "check", str(EXAMPLES / "roma" / "example-6x6.txt"),
                          str(empty)], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert out.returncode == 2 and f"{empty}: the solution is empty" in out.stderr, out.stderr


def test_solve_on_a_formula_points_to_reduce() -> None:
    for formula in ("nemesis/pmr3sat.cnf", "amazeing/qbf.qdimacs"):
        out = subprocess.run([sys.executable, "-m", "escapology", "solve", str(EXAMPLES / formula)], capture_output=True,
                             text=True, timeout=120, cwd=ROOT)
        assert out.returncode == 2 and "escapology reduce NAME FORMULA" in out.stderr, out.stderr
