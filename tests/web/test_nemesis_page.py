"""Nemesis' page in Chromium: load, solve, step through the line of play, shade the winning
starts, play the fugitive against the solver's Nemesis, herd the solver's cat, and a screenshot
of the graph."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from webtools import board_screenshot  # noqa: E402


def test_load_solve_step_and_play(page, server, tmp_path: Path) -> None:
    page.goto(f"{server.url}/#nemesis")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#examples", "small.lp")
    page.wait_for_selector("#board svg[data-testid='nemesis-board']")
    assert page.locator("#board .vertex").count() == 8
    assert page.locator("#board circle.exit").count() == 2
    assert page.locator("#board circle.fugitive").count() == 1

    page.click("#solve")
    page.wait_for_selector("#answer[data-status='solved']")
    assert "winner\nnemesis" in page.inner_text("#answer")
    assert page.locator("#answer .verdict-valid").count() == 1
    page.click("#last")
    assert "trapped" in page.inner_text("#message")
    assert page.locator("#board .edge line[stroke-dasharray]").count() >= 1  # the deleted edges

    page.select_option("#nem-game", "blizzard")
    page.click("#nem-starts")
    page.wait_for_function("document.querySelector('#message').textContent.includes('winning start')")
    assert page.locator("#board circle.winning").count() >= 1

    page.click("#nem-new")
    page.wait_for_selector("#board .vertex.clickable")
    first = page.locator("#board .vertex.clickable").first
    first.click()
    page.wait_for_function("document.querySelector('#nem-log').textContent.includes('you move to')")
    log = page.inner_text("#nem-log")
    assert "the Nemesis deletes" in log or "reaches an exit" in log
    board_screenshot(page, tmp_path / "nemesis.png")

    page.click("#paste-box summary")  # Cat Herding on a small graph: the person herds, the solver's cat runs
    page.fill("#paste", "edge(1,2). edge(2,3). edge(3,4). edge(4,5). edge(5,1). edge(1,3). start(1).")
    page.click("#paste-load")
    page.wait_for_function("document.querySelector('#instance-info').textContent.includes('vertices 5')")
    page.select_option("#nem-game", "cat")
    page.select_option("#nem-side", "nemesis")
    page.click("#nem-new")
    page.wait_for_selector("#board .edge.clickable")
    page.locator("#board .edge.clickable").first.click()
    page.wait_for_function("document.querySelector('#nem-log').textContent.includes('you delete')")
    assert "the cat moves" in page.inner_text("#nem-log") or "isolated" in page.inner_text("#message")
    page.click("#nem-starts")
    page.wait_for_function("document.querySelector('#message').textContent.startsWith('the cat number')")
    assert page.locator("#board .cat-value").count() == 5
