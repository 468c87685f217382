"""The Enchanted Forest's page in Chromium: the known rolls played to a win with the keyboard and
to a loss with rolls entered on the page (which the solve uses too), the solver's plan played on
from a turn, unknown dice to a loss and a win, undo and redo, the end refusing further turns, the
legend and the help, chances as percentages whose labels do not overlap on the real board, and
screenshots mid-game."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from webtools import board_screenshot  # noqa: E402



def open_forest(page, server, source: str = "examples", name: str = "glade.lp") -> None:
    page.goto(f"{server.url}/#forest")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option(f"#{source}", name)
    page.wait_for_selector("#board svg[data-testid='forest-board']")
    page.wait_for_function("document.querySelector('#forest-status').textContent.startsWith('Turn 1 of')")


def status(page) -> str:
    return page.inner_text("#forest-status")


def wait_status(page, start: str) -> None:
    page.wait_for_function(f"document.querySelector('#forest-status').textContent.startsWith({start!r})")


def wait_turn(page, k: int, of: int) -> None:
    """Turn k's fields are offered (the list beside the board is filled)."""
    wait_status(page, f"Turn {k} of {of}: roll")
    page.wait_for_selector("#forest-options button")


def played(page) -> int:
    return page.locator("#forest-moves li:not(.undone)").count()


def labels_apart(page) -> int:
    """The chance labels on the board: none overlaps another; their number."""
    boxes = page.eval_on_selector_all(
        "#board .chance-label rect",
        "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; })")
    for i, (x, y, w, h) in enumerate(boxes):
        for (x2, y2, w2, h2) in boxes[:i]:
            apart = x + w <= x2 + 0.5 or x2 + w2 <= x + 0.5 or y + h <= y2 + 0.5 or y2 + h2 <= y + 0.5
            assert apart, (boxes[i], (x2, y2, w2, h2))
    return len(boxes)


def test_known_rolls_to_a_win_with_the_keyboard(page, server, tmp_path: Path) -> None:
    open_forest(page, server)
    assert page.locator("#board .field").count() == 30
    assert page.locator("#board .pawn").count() == 1
    wait_turn(page, 1, 8)
    assert status(page) == "Turn 1 of 8: roll 4+2. Pick a ringed field to end the turn on."
    assert page.inner_text("#forest-info") == "From field 0 the target can be reached in 4 turns with the rolls left."
    legend = page.inner_text("#forest-legend")
    for words in ("start", "target", "special field", "path", "your pawn", "the turn can end here", "the best of them",
                  "keyboard cursor"):
        assert words in legend, words
    assert "A turn rolls two dice" in page.inner_text("#forest-help")
    page.click("#forest-keys-box summary")
    assert "d: roll the dice" in page.inner_text("#forest-keys")
    assert page.locator("#board .chance-label").count() == 7 and labels_apart(page) == 7

    page.focus("#forest-host")  # the cursor starts on the pawn, field 0
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # field 1: no turn ends there
    assert "the turn cannot end on field 1" in page.inner_text("#message")
    page.keyboard.press("ArrowDown")
    assert page.inner_text("#forest-cursor") == "cursor on field 7 (Enter ends the turn there)"
    page.keyboard.press("Enter")
    wait_turn(page, 2, 8)
    assert page.inner_text("#forest-moves") == "turn 1: roll 4+2, walk 0 → 7"
    page.keyboard.press("u")  # undo, redo
    wait_turn(page, 1, 8)
    page.keyboard.press("Control+y")
    wait_turn(page, 2, 8)
    page.keyboard.press("1")  # the best field: the fewest turns after it
    wait_turn(page, 3, 8)
    best = page.locator("#forest-options button.best").inner_text()  # "1. field 4: 1 more"
    field = best.split("field ")[1].split(":")[0]
    page.focus(f"#board .field.option:has(circle.best)")  # Tab's target: Enter ends the turn there
    page.keyboard.press("Enter")
    wait_turn(page, 4, 8)
    assert page.inner_text("#forest-moves").splitlines()[-1].endswith(f"→ {field}")
    board_screenshot(page, tmp_path / "forest.png", docs=True)  # mid-game: three turns walked, the fourth offered
    page.keyboard.press("1")
    wait_status(page, "Target reached")
    assert status(page) == "Target reached in 4 turns: the fewest possible. The game is over."
    assert page.get_attribute("#forest-status", "data-kind") == "good"
    assert page.locator("#board .field.option").count() == 0
    page.keyboard.press("1")  # refused after the end
    assert "the game is over (the target is reached)" in page.inner_text("#message")
    page.keyboard.press("Control+z")
    wait_turn(page, 4, 8)
    page.keyboard.press("r")
    wait_status(page, "Target reached in 4 turns")
    assert played(page) == 4


def test_rolls_entered_are_solved_and_played_to_a_loss(page, server, tmp_path: Path) -> None:
    open_forest(page, server)
    page.fill("#forest-rolls", "1 2, 1 2")
    page.click("#forest-use-rolls")
    page.wait_for_function("document.querySelector('#instance-info').textContent.startsWith('glade-rolls.lp')")
    wait_turn(page, 1, 2)
    assert page.inner_text("#forest-info") == "From field 0 the target cannot be reached with the rolls left."
    assert "roll(1,1,2)." in page.input_value("#paste") and "roll(3," not in page.input_value("#paste")
    page.click("#solve")  # the solve takes the rolls entered
    page.wait_for_selector("#answer[data-status='unsolvable']")
    assert page.input_value("#forest-rolls") == "1 2, 1 2"

    page.locator("#forest-options button").first.click()
    wait_turn(page, 2, 2)
    board_screenshot(page, tmp_path / "forest-lost.png")  # a turn walked, the last offered: none reaches the target
    page.locator("#board .field.option").last.click()
    wait_status(page, "Lost")
    assert status(page).startswith("Lost: the 2 known rolls are used up and the pawn is on field ")
    assert page.get_attribute("#forest-status", "data-kind") == "bad"
    page.keyboard.press("1")
    assert "the game is over (lost)" in page.inner_text("#message")
    assert played(page) == 2
    page.click("#forest-undo")
    wait_turn(page, 2, 2)
    page.click("#forest-redo")
    wait_status(page, "Lost")
    page.click("#forest-restart")
    wait_turn(page, 1, 2)
    assert played(page) == 0


def test_the_solvers_plan_played_on(page, server) -> None:
    open_forest(page, server)
    page.click("#solve")
    page.wait_for_selector("#answer[data-status='solved']")
    assert page.locator("#answer .verdict-valid").count() == 1
    page.click("#last")
    assert "the target is reached in turn 4" in page.inner_text("#message")
    assert page.locator("#board .walk").count() == 1
    assert status(page) == "The solver's plan: turn 4, roll 2+3, ends on field 29."
    page.click("#first")
    page.click("#next")
    page.click("#next")
    page.click("#forest-adopt")  # play on from the plan's second turn
    wait_turn(page, 3, 8)
    assert played(page) == 2
    page.keyboard.press("1")
    wait_turn(page, 4, 8)
    page.keyboard.press("1")
    wait_status(page, "Target reached in 4 turns: the fewest possible.")


def test_unknown_dice_to_a_loss_and_a_win(page, server) -> None:
    open_forest(page, server)
    page.fill("#forest-rolls", "")
    page.click("#forest-use-rolls")
    wait_status(page, "Turn 1 of 10: roll the dice (or enter them).")
    labels = "e => [...e.labels].map((l) => l.textContent.trim())"  # each die its own label
    assert page.eval_on_selector("#forest-x", labels) == ["die 1"]
    assert page.eval_on_selector("#forest-y", labels) == ["die 2"]
    page.keyboard.press("1")
    assert "roll the dice first" in page.inner_text("#message")
    page.fill("#forest-turns", "2")
    for turn in (1, 2):
        page.fill("#forest-x", "1")
        page.fill("#forest-y", "2")
        page.click("#forest-show")
        wait_turn(page, turn, 2)
        labels = page.locator("#board .chance-label text").all_text_contents()
        assert labels and all(t.endswith("%") for t in labels), labels
        title = page.locator("#board .chance-label title").first.text_content()
        assert re.fullmatch(r"field \d+: chance \d+(/\d+)? \([\d.]+%\) to reach the target in the turns after this one",
                            title), title
        if turn == 1:
            assert page.is_disabled("#forest-turns") is False
            assert "with 2 turns left" in page.inner_text("#forest-info")
        page.locator("#board .field.option").first.click()
        page.wait_for_function(f"document.querySelectorAll('#forest-moves li').length === {turn}")
    wait_status(page, "Lost")
    assert status(page).startswith("Lost: the 2 turns are played and the pawn is on field ")
    page.click("#forest-show")
    assert "the game is over" in page.inner_text("#message")

    page.click("#forest-restart")
    wait_status(page, "Turn 1 of 2: roll the dice")
    page.keyboard.press("d")  # thrown dice
    wait_turn(page, 1, 2)
    assert page.input_value("#forest-x") != "" and page.input_value("#forest-y") != ""
    page.fill("#forest-x", "2")  # a double jumps to a special field: the target is one
    page.fill("#forest-y", "2")
    page.click("#forest-show")
    page.wait_for_function("document.querySelector('#forest-status').textContent.includes('roll 2+2')")
    page.wait_for_selector("#forest-options button")
    assert page.locator("#forest-options button.best").inner_text() == "1. field 29: 100%"
    page.keyboard.press("1")
    wait_status(page, "Target reached")
    assert status(page) == "Target reached in 1 turn of 2. The game is over."
    assert page.locator("#board .walk").count() == 1  # the jump, dashed
    assert page.get_attribute("#board .walk", "stroke-dasharray") == "6 4"


def test_the_real_board_from_its_coordinates(page, server, tmp_path: Path) -> None:
    shared = server.settings.shared
    if shared is None or not (shared / "enchanted_forest" / "map_graph_with_coords.xml").is_file():
        pytest.skip("../shared/enchanted_forest is not here")
    open_forest(page, server, "shared", "map_graph_with_coords.xml")
    assert page.locator("#board .field").count() == 118
    assert "green on the real board" in page.inner_text("#forest-legend")
    page.fill("#forest-x", "3")
    page.fill("#forest-y", "5")
    page.click("#forest-show")
    wait_turn(page, 1, 10)
    assert labels_apart(page) >= 5
    titles = page.locator("#board .chance-label title").all_text_contents()
    assert all(re.search(r"chance \d+/\d+ \(", t) for t in titles), titles  # the exact fractions on hover
    page.fill("#forest-rolls", "3 5, 2 2, 6 1")
    page.click("#forest-use-rolls")
    wait_turn(page, 1, 3)
    assert page.inner_text("#instance-info").startswith("map_graph_with_coords-rolls.lp")
    assert "green on the real board" in page.inner_text("#forest-legend")  # the colours stay
    page.keyboard.press("1")
    wait_turn(page, 2, 3)
    assert labels_apart(page) >= 10  # a double: the walks and the jumps to the trees
    board_screenshot(page, tmp_path / "forest-real.png")
