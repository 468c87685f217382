"""The Labyrinth's page in Chromium: load the shipped example, solve it with live progress, step
through the plan and play on from it, play to a win with the keyboard and to a loss with the
mouse and the arrows' buttons, undo and redo, the end refusing further pushes, the legend and the
help, and a screenshot of the board mid-game."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from webtools import board_screenshot  # noqa: E402



def open_small(page, server) -> None:
    page.goto(f"{server.url}/#labyrinth")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#examples", "small.lp")
    page.wait_for_selector("#board svg[data-testid]", state="attached")
    page.wait_for_function("document.querySelector('#lab-status').textContent.startsWith('Your move: push 1 of at most 6')")


def status(page) -> str:
    return page.inner_text("#lab-status")


def moves(page) -> list[str]:
    return page.locator("#lab-moves li:not(.undone)").all_inner_texts()


def wait_moves(page, k: int) -> None:
    page.wait_for_function(f"document.querySelectorAll('#lab-moves li:not(.undone)').length === {k}")


def test_load_solve_step_and_play_on(page, server, tmp_path: Path) -> None:
    open_small(page, server)
    assert page.locator("#board .push-arrow").count() == 4 * 6
    assert page.locator("#board .avatar").count() == 1
    assert page.locator("#board .goal").count() == 1
    # rows numbered from 1 at the bottom, as field(x,y) and the messages count (labyrinth.model.COORDINATES)
    labels = page.locator("#board .axis-label").all_text_contents()
    assert labels[:6] == ["6", "5", "4", "3", "2", "1"] and labels[6:] == ["1", "2", "3", "4", "5", "6"]
    legend = page.inner_text("#lab-legend")
    for words in ("connection", "avatar", "goal", "push arrow", "keyboard cursor", "row numbers x from the bottom"):
        assert words in legend
    assert "Push a row (east or west)" in page.inner_text("#lab-help") and "max_steps" in page.inner_text("#lab-help")
    page.click("#lab-keys-box summary")  # the keys, folded until asked for
    keys = page.inner_text("#lab-keys")
    assert "Shift+↑ or Shift+↓: push the cursor's column north or south" in keys and "u or Ctrl+Z: undo" in keys
    # every push arrow is a button of at least 24x24 pixels
    for box in (page.locator("#board .push-arrow .pk-hit").nth(k).bounding_box() for k in (0, 5, 11, 23)):
        assert box["width"] >= 24 and box["height"] >= 24, box

    page.click("#solve")
    page.wait_for_selector("#answer[data-status='solved']")
    assert "valid plan with 3 pushes" in page.inner_text("#answer")
    assert page.inner_text("#step-label").startswith("start (0/3)")
    for step in range(1, 4):
        page.click("#next")
        assert page.inner_text("#step-label").endswith(f"({step}/3)")
    assert "goal reached after push 3" in page.inner_text("#message")
    assert page.locator("#board .avatar").count() > 1  # the avatar walked: its reachable set
    assert status(page).startswith("The solver's plan: after push 3")
    page.click("[data-push='1e']", force=True)  # the plan is shown, not the game: no push (aria-disabled)
    assert "go back to your game" in page.inner_text("#message") and moves(page) == []

    page.click("#prev")  # play on from the plan's second push
    page.click("#lab-adopt")
    wait_moves(page, 2)
    assert status(page).startswith("Your move: push 3 of at most 6")
    board_screenshot(page, tmp_path / "labyrinth.png", docs=True)  # mid-game: two pushes made
    page.click("[data-push='2n']")  # the plan's third push wins
    page.wait_for_function("document.querySelector('#lab-status').textContent.startsWith('Goal reached')")
    assert status(page) == "Goal reached in 3 pushes: the fewest possible. The game is over."
    assert page.get_attribute("#lab-status", "data-kind") == "good"
    page.click("[data-push='1e']", force=True)  # refused after the end (aria-disabled)
    assert "the game is over" in page.inner_text("#message")
    assert len(moves(page)) == 3
    page.click("#lab-check")
    page.wait_for_function("document.querySelector('#message').textContent.startsWith('valid')")


def test_win_with_the_keyboard_undo_redo(page, server) -> None:
    open_small(page, server)
    page.focus("#lab-host")  # the cursor starts on the avatar, field (4,2)
    assert page.inner_text("#lab-cursor") == "cursor on field (4,2)"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.inner_text("#lab-cursor") == "cursor on field (4,4)"
    page.keyboard.press("Shift+ArrowUp")  # push(4,n,1).
    wait_moves(page, 1)
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Shift+ArrowLeft")  # push(5,w,2).
    wait_moves(page, 2)
    assert moves(page) == ["column 4 north – push(4,n,1).", "row 5 west – push(5,w,2)."]
    page.keyboard.press("u")
    wait_moves(page, 1)
    assert status(page).startswith("Your move: push 2 of at most 6")
    page.keyboard.press("Control+y")
    wait_moves(page, 2)
    page.keyboard.press("Control+z")
    wait_moves(page, 1)
    page.keyboard.press("r")
    wait_moves(page, 2)
    # onto the arrows above the board, column 2: Enter pushes it south; undo it
    for key in ("ArrowLeft", "ArrowLeft", "ArrowUp", "ArrowUp"):
        page.keyboard.press(key)
    assert page.inner_text("#lab-cursor") == "cursor on the arrow: push column 2 south (Enter)"
    page.keyboard.press("Enter")
    wait_moves(page, 3)
    assert moves(page)[-1] == "column 2 south – push(2,s,3)."
    page.keyboard.press("u")
    wait_moves(page, 2)
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Shift+ArrowUp")  # push(2,n,3). replaces the undone push
    page.wait_for_function("document.querySelector('#lab-status').textContent.startsWith('Goal reached')")
    assert status(page) == "Goal reached in 3 pushes; solve the instance to learn the fewest. The game is over."
    assert page.locator("#lab-moves li").count() == 3  # the undone push is gone from the list
    page.keyboard.press("Shift+ArrowLeft")  # refused after the end
    assert "the game is over" in page.inner_text("#message")
    assert len(moves(page)) == 3


def test_loss_when_the_pushes_run_out(page, server) -> None:
    open_small(page, server)
    page.click("[data-push='1e']")
    wait_moves(page, 1)
    page.focus("[data-push='1e']")  # Tab's target: Enter and Space push the focused arrow
    page.keyboard.press("Enter")
    wait_moves(page, 2)
    page.keyboard.press(" ")
    wait_moves(page, 3)
    for k in (4, 5):
        page.click("[data-push='1e']")
        wait_moves(page, k)
    assert status(page) == "Your move: push 6 of at most 6. The goal is not reachable yet."
    page.click("[data-push='1e']")
    page.wait_for_function("document.querySelector('#lab-status').textContent.startsWith('Lost')")
    assert status(page) == ("Lost: all 6 pushes are used and the avatar cannot reach the goal. Undo or restart.")
    assert page.get_attribute("#lab-status", "data-kind") == "bad"
    page.click("[data-push='2n']", force=True)
    assert "the game is over (no pushes left)" in page.inner_text("#message")
    assert len(moves(page)) == 6
    page.click("#lab-undo")
    wait_moves(page, 5)
    page.click("#lab-redo")
    wait_moves(page, 6)
    page.locator("#lab-moves li").nth(1).click()  # back to the position after the second push
    wait_moves(page, 2)
    assert page.locator("#lab-moves li.undone").count() == 4
    page.click("#lab-restart")
    wait_moves(page, 0)
    assert status(page).startswith("Your move: push 1 of at most 6")


def test_generate_then_reload_shows_the_solved_instance(page, server) -> None:
    page.goto(f"{server.url}/#labyrinth")
    page.wait_for_selector("body[data-ready='1']")
    page.click("#generate-box summary")
    page.fill("#generate-form input[name=size]", "5")
    page.fill("#generate-form input[name=seed]", "7")
    page.click("#generate")
    page.wait_for_function("document.querySelector('#instance-info').textContent.includes('board side 5')")
    page.click("#solve")
    page.wait_for_selector("#answer[data-status]")
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    # the store is written by its own thread: wait for this instance's row, not for any row
    page.wait_for_selector("#solved li:has-text('seed7-size5')", state="attached")
    page.click("#solved-box summary")
    texts = page.locator("#solved li").all_inner_texts()
    assert any(t.startswith("labyrinth-density0.42-seed7-size5.lp: solved (valid)") for t in texts), texts
    page.locator("#solved li", has_text="seed7-size5").first.click()
    page.wait_for_selector("#answer[data-status='solved']")
    assert page.is_visible("#stepper")  # the stored plan, step by step


def test_live_progress_and_cancel(page, server) -> None:
    page.goto(f"{server.url}/#labyrinth")
    page.wait_for_selector("body[data-ready='1']")
    page.click("#generate-box summary")
    page.fill("#generate-form input[name=size]", "14")
    page.fill("#generate-form input[name=seed]", "5")
    page.fill("#generate-form input[name=max_steps]", "14")
    page.click("#generate")
    page.wait_for_function("document.querySelector('#instance-info').textContent.includes('board side 14')")
    page.select_option("#engine", "exhaustive")
    page.click("#solve")
    page.wait_for_function("document.querySelector('#solve-status').textContent.startsWith('solving, ')")
    assert page.is_enabled("#cancel")
    page.click("#cancel")
    page.wait_for_function("document.querySelector('#solve-status').textContent.startsWith('cancelled')")
    assert page.is_enabled("#solve") and not page.is_enabled("#cancel")
