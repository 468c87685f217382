"""The Labyrinth's page in Chromium: load the shipped example, solve it with live progress, step
through the plan, push by hand, and a screenshot of the board."""

from __future__ import annotations

from pathlib import Path

import sys

sys.path.insert(0, str(Path(__file__).parent))
from webtools import board_screenshot  # noqa: E402


def test_load_solve_step_and_play(page, server, tmp_path: Path) -> None:
    page.goto(f"{server.url}/#labyrinth")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#examples", "small.lp")
    page.wait_for_selector("#board svg[data-testid]", state="attached")
    assert page.locator("#board .push-arrow").count() == 4 * 6
    assert page.locator("#board .avatar").count() == 1
    assert page.locator("#board .goal").count() == 1
    # rows numbered from 1 at the bottom, as field(x,y) and the messages count (labyrinth.model.COORDINATES)
    labels = page.locator("#board .axis-label").all_text_contents()
    assert labels[:6] == ["6", "5", "4", "3", "2", "1"] and labels[6:] == ["1", "2", "3", "4", "5", "6"]

    page.click("#solve")
    page.wait_for_selector("#answer[data-status='solved']")
    assert "valid plan with 3 pushes" in page.inner_text("#answer")
    assert page.is_visible("#stepper")
    assert page.inner_text("#step-label").startswith("start (0/3)")
    for step in range(1, 4):
        page.click("#next")
        assert page.inner_text("#step-label").endswith(f"({step}/3)")
    assert "goal reached after push 3" in page.inner_text("#message")
    assert page.locator("#board .avatar").count() > 1  # the avatar walked: its reachable set
    board_screenshot(page, tmp_path / "labyrinth.png")

    page.click("[data-push='1e']")  # play: push row 1 east
    page.wait_for_function("document.querySelector('#lab-plan').textContent.includes('push(1,e,1).')")
    assert "1 of at most 6 pushes" in page.inner_text("#message")
    page.click("#lab-check")
    page.wait_for_function("document.querySelector('#message').textContent.startsWith('rejected')")


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
