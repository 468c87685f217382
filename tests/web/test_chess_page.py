"""Teleport chess' page in Chromium: load a position, solve it, step through Alice's witness,
set up a new position by clicking (the verdict follows), and a screenshot of the board."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from webtools import board_screenshot  # noqa: E402


def test_load_solve_step_and_set_up(page, server, tmp_path: Path) -> None:
    page.goto(f"{server.url}/#chess")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#examples", "alice.txt")
    page.wait_for_selector("#board svg[data-testid='chess-board']")
    assert page.locator("#board .square").count() == 64
    assert page.locator("#board .piece").count() == 2

    page.click("#solve")
    page.wait_for_selector("#answer[data-status='solved']")
    assert "outcome\nalice" in page.inner_text("#answer")
    assert page.locator("#answer .verdict-valid").count() == 1
    page.click("#last")
    assert "Alice captures Bob" in page.inner_text("#message")
    assert page.locator("#board line.witness").count() == 2
    board_screenshot(page, tmp_path / "chess.png")

    page.select_option("#chess-who", "bob")  # set up: Bob to the corner, the verdict follows
    page.click("#board .square[data-field='8,8']", force=True)
    page.wait_for_function("document.querySelector('#paste').value.split('\\n')[1] === '1 3 8 8'")
    page.wait_for_selector("#answer[data-status='solved']")
