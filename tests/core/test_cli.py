import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from escapology.cli import app

runner = CliRunner()


def test_version():
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output.startswith("escapology ")


def test_solve_unknown_file_is_bad_input(tmp_path):
    missing = tmp_path / "nope.lp"
    result = runner.invoke(app, ["solve", str(missing)])
    assert result.exit_code == 2
    assert "no such file" in result.output
    assert "Traceback" not in result.output


def test_solve_unrecognised_content_is_bad_input(tmp_path):
    f = tmp_path / "x.txt"
    f.write_text("this is not a puzzle\n")
    result = runner.invoke(app, ["solve", str(f)])
    assert result.exit_code == 2
    assert "not an instance of any game" in result.output


SHARED_MAP = Path(__file__).resolve().parents[2].parent / "shared" / "enchanted_forest" / "map_graph.xml"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_solve_recognises_the_enchanted_forest_board_map():
    if not SHARED_MAP.exists():
        pytest.skip("../shared/enchanted_forest is absent")
    result = runner.invoke(app, ["solve", str(SHARED_MAP)])
    assert "not an instance of any game" not in result.output
    # the board map is Enchanted Forest's; it holds no rolls, and the answer says what to give
    assert result.exit_code == 2 and "roll" in result.stderr and "escapology forest odds" in result.stderr
    piped = runner.invoke(app, ["solve", "-"], input=SHARED_MAP.read_text(encoding="utf-8"))
    assert piped.exit_code == 2 and "escapology forest odds" in piped.stderr


def test_solve_recognises_a_small_board_map_and_a_nemesis_graphml(tmp_path):
    board = tmp_path / "board.xml"
    board.write_text('<?xml version="1.0"?>\n<map>\n  <index value="0"><color>Blue</color><branch>1</branch></index>\n'
                     '  <index value="1"><color>Red</color><branch>0</branch></index>\n</map>\n', encoding="utf-8")
    r = runner.invoke(app, ["solve", str(board)])
    assert r.exit_code == 2 and "escapology forest odds" in r.stderr
    g = runner.invoke(app, ["solve", str(EXAMPLES / "nemesis" / "escape.graphml"), "--format", "json"])
    assert g.exit_code == 0, g.output
    assert json.loads(g.stdout)["winner"] in ("fugitive", "nemesis")


@pytest.mark.parametrize("example", [
    "labyrinth/small.lp", "amazeing/published.json", "forest/glade.lp", "nemesis/small.lp",
    "nemesis/escape.graphml", "chess/teleport.txt", "roma/example-6x6.txt", "roma/graph.lp",
])
def test_solve_recognises_every_shipped_example(example):
    r = runner.invoke(app, ["solve", str(EXAMPLES / example), "--format", "json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout.splitlines()[0])["status"] == "solved"


def test_a_long_argument_that_is_no_file_and_no_instance_is_one_line_exit_2():
    """``escapology solve URL``: a one-line argument too long to be a file name is tried as the
    instance; when no game takes it, the answer is one line and exit 2 (it was an OSError)."""
    from typer.testing import CliRunner

    from escapology.cli import app

    r = CliRunner().invoke(app, ["solve", "https://puzz.link/p?roma/" + "a" * 5000])
    assert r.exit_code == 2 and "Traceback" not in r.output and len(r.output.splitlines()) == 1
