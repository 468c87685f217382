"""The Enchanted Forest's page in Chromium: load the example, solve the known rolls, step through
the plan, play a turn with entered dice (the moves with their chances, the best ringed), the real
board from its coordinates when ../shared has it, and a screenshot."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from webtools import board_screenshot  # noqa: E402


def test_load_solve_step_and_roll(page, server, tmp_path: Path) -> None:
    page.goto(f"{server.url}/#forest")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#examples", "glade.lp")
    page.wait_for_selector("#board svg[data-testid='forest-board']")
    assert page.locator("#board .field").count() == 30
    assert page.locator("#board .pawn").count() == 1

    page.click("#solve")
    page.wait_for_selector("#answer[data-status='solved']")
    assert page.locator("#answer .verdict-valid").count() == 1
    page.click("#last")
    assert "the target is reached in turn 4" in page.inner_text("#message")
    assert page.locator("#board .walk").count() == 1

    page.fill("#forest-x", "3")
    page.fill("#forest-y", "4")
    page.click("#forest-show")
    page.wait_for_selector("#board .field.option")
    assert page.locator("#board circle.best").count() == 1
    assert page.inner_text("#message").startswith("best move: field")
    page.click("#board .field.option:has(circle.best)")
    page.wait_for_function("document.querySelector('#message').textContent.startsWith('moved to field')"
                           " || document.querySelector('#message').textContent.includes('target is reached')")
    assert page.input_value("#forest-turns") == "9"
    board_screenshot(page, tmp_path / "forest.png")


def test_the_real_board_from_its_coordinates(page, server) -> None:
    import pytest

    shared = server.settings.shared
    if shared is None or not (shared / "enchanted_forest" / "map_graph_with_coords.xml").is_file():
        pytest.skip("../shared/enchanted_forest is not here")
    page.goto(f"{server.url}/#forest")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#shared", "map_graph_with_coords.xml")
    page.wait_for_selector("#board svg[data-testid='forest-board']")
    assert page.locator("#board .field").count() == 118
