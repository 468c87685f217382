"""roma explain: a human-style solve path whose every step is the solution's arrow, with the rule
(the grader's levels) that forces it; wrong cells of a partly filled grid named first."""

import json

from hypothesis import given, settings
from typer.testing import CliRunner

from escapology.cli import app
from escapology.core.results import Status
from escapology.roma.explain import LEVEL_NAMES, explain
from escapology.roma.io import decode_url, write_pzprv3
from escapology.roma.model import DIRECTIONS, EMPTY, Puzzle
from escapology.roma.sat import solve

from .conftest import puzzles

runner = CliRunner()
RULES = {"leaves-board", "box", "box-needs", "loop", "subset", "only-way-out", "trial", "search", "wrong"}
URL = "https://puzz.link/p?roma/3/3/70og4a322c5"


def assert_path_is_the_solution(p: Puzzle, ex, solution) -> None:
    assert ex.status is Status.SOLVED and ex.solution == tuple(solution)
    cells = [s.cell for s in ex.steps]
    open_cells = [c for c in p.cells() if p.given(c) == EMPTY]
    assert sorted(cells) == sorted(open_cells)  # every empty cell once, nothing else
    for s in ex.steps:
        assert s.arrow == solution[s.cell[0]][s.cell[1]], s
        assert s.rule in RULES and s.level in LEVEL_NAMES and s.because


def test_the_real_puzzles_are_explained_all_the_way_without_search(reals):
    for d in reals:
        p = decode_url(d["pzprjs_url"])
        ex = explain(p)
        assert_path_is_the_solution(p, ex, d["solution"])
        assert max(s.level for s in ex.steps) <= 4  # the rule levels and one-step trials suffice
    levels = {s.level for d in reals for s in explain(decode_url(d["pzprjs_url"])).steps}
    assert {1, 2, 3, 4} <= levels  # the real puzzles exercise every level


def test_a_trial_step_says_if_then_contradiction(reals):
    steps = [s for d in reals for s in explain(decode_url(d["pzprjs_url"])).steps if s.level == 4]
    assert steps
    assert all("if (" in s.because and "no arrow left" in s.because for s in steps)


@settings(max_examples=40, deadline=None)
@given(puzzles)
def test_on_random_boards_every_step_is_sound(p):
    res = solve(p)
    ex = explain(p)
    if res.solution is None:
        assert ex.status is Status.UNSOLVABLE and ex.steps == []
        return
    if res.unique:
        assert_path_is_the_solution(p, ex, res.solution)
    else:  # several solutions: the path ends at one of them
        assert ex.status is Status.SOLVED
        assert solve(p.with_givens(ex.solution), uniqueness=False).solution == ex.solution


def test_a_wrong_cell_is_named_before_any_new_cell():
    p = decode_url(URL)
    sol = explain(p).solution
    partial = [list("." * p.cols) for _ in range(p.rows)]
    partial[2][0] = next(d for d in DIRECTIONS if d != sol[2][0])  # wrong
    partial[0][1] = sol[0][1]  # right: kept, not explained again
    text = write_pzprv3(p, ["".join(r) for r in partial])
    from escapology.roma.io import read_pzprv3

    e = read_pzprv3(text)
    ex = explain(e.puzzle, e.answer)
    first = ex.steps[0]
    assert (first.cell, first.rule, first.level) == ((2, 0), "wrong", 0)
    assert all(s.rule != "wrong" for s in ex.steps[1:])
    assert (0, 1) not in [s.cell for s in ex.steps]
    assert ex.solution == tuple(sol)
    grids = [g for _, g in ex.grids()]
    assert grids[0][2][0] == EMPTY and grids[-1] == tuple(sol)  # the wrong arrow taken away, then solved


def test_cli_json_text_next_and_one_picture_per_step(tmp_path):
    res = runner.invoke(app, ["roma", "explain", URL, "-f", "json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert set(data) == {"status", "steps", "solution"}
    assert all(set(s) == {"cell", "arrow", "rule", "level", "because"} for s in data["steps"])
    assert data["solution"] == [">v<", "vv^", ">>O"]
    res = runner.invoke(app, ["roma", "explain", URL, "--next"])
    assert res.exit_code == 0 and res.stdout.count("\n") == 1 and res.stdout.startswith("1. (")
    res = runner.invoke(app, ["roma", "explain", URL, "--svg-dir", str(tmp_path)])
    assert res.exit_code == 0 and "solved in 4 steps" in res.stdout
    assert sorted(f.name for f in tmp_path.iterdir()) == [f"step-00{k}.svg" for k in range(1, 5)]


def test_cli_unsolvable_and_bad_input():
    res = runner.invoke(app, ["roma", "explain", "https://puzz.link/p?roma/2/1/0b"])  # no Roma cell
    assert res.exit_code == 0 and "unsolvable" in res.stdout
    res = runner.invoke(app, ["roma", "explain", "no-such-file.txt"])
    assert res.exit_code == 2 and "Traceback" not in res.output


def test_on_a_board_with_several_solutions_arrows_that_cannot_go_together_are_named():
    # four 1-cell boxes round the Roma cell: four solutions; (0,1) v fits one, (1,1) ^ fits one,
    # but together they are a loop of two: the later one in reading order is named wrong
    p = Puzzle.from_labels(["AB", "CD"], ["O.", ".."])
    ex = explain(p, ["Ov", ".^"])
    first = ex.steps[0]
    assert (first.cell, first.arrow, first.rule) == ((1, 1), "^", "wrong")
    assert "together with the arrows filled in before it" in first.because
    assert [s.rule for s in ex.steps[1:]].count("wrong") == 0
    assert ex.solution[0][1] == "v" and solve(p.with_givens(ex.solution), uniqueness=False).solution == ex.solution


def test_cli_time_limit_is_unknown_exit_3():
    res = runner.invoke(app, ["roma", "explain", URL, "--timeout", "0.000001", "-f", "json"])
    assert res.exit_code == 3 and json.loads(res.stdout)["status"] == "unknown"
