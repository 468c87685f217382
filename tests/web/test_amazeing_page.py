"""The aMAZEing Labyrinth's page in Chromium: load the published position, solve it, step
through the plan, play a turn against the bot (insert, rotate, walk), watch the bot play itself,
and a screenshot of the board."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from webtools import board_screenshot  # noqa: E402


def test_load_solve_step_and_play(page, server, tmp_path: Path) -> None:
    page.goto(f"{server.url}/#amazeing")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#examples", "published.json")
    page.wait_for_selector("#board svg[data-testid='amazeing-board']")
    assert page.locator("#board .tile").count() == 49
    assert page.locator("#board .player").count() == 2
    # rows and columns numbered from 0 at the top left, as the JSON and the messages count
    assert page.locator("#board .axis-label").all_text_contents() == [str(k) for k in range(7)] * 2

    page.click("#solve")
    page.wait_for_selector("#answer[data-status='solved']")
    assert page.locator("#answer .verdict-valid").count() == 1
    page.click("#last")
    assert "the target is reached in turn 3" in page.inner_text("#message")
    assert page.locator("#board .walk").count() == 1

    page.click("#am-new")
    page.wait_for_selector("#board .shift.clickable")
    page.click("#am-rotate")
    page.locator("#board .shift.clickable").first.click()
    page.wait_for_selector("#board .tile.reach")
    page.locator("#board .tile.reach").first.click()
    page.wait_for_function("document.querySelector('#am-log').textContent.includes('the bot')")
    assert page.inner_text("#am-log").startswith("you (")
    board_screenshot(page, tmp_path / "amazeing.png")

    page.click("#am-watch")  # the bot against itself: two turns, then stop
    page.wait_for_function("document.querySelector('#am-log').textContent.startsWith('bot (')")
    page.click("#am-watch")
