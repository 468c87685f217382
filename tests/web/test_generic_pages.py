"""The pages of the games without moves of their own yet (Enchanted Forest, aMAZEing) in
Chromium: load the shipped example, solve it with live progress, and see the certificate drawn
by the game's own ``render`` (the plan step by step, as SVG), with a screenshot."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from webtools import board_screenshot  # noqa: E402


@pytest.mark.parametrize("game, example", [("amazeing", "published.json")])
def test_load_solve_and_see_the_certificate(page, server, tmp_path: Path, game: str, example: str) -> None:
    page.goto(f"{server.url}/#{game}")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#examples", example)
    page.wait_for_selector("#board svg")
    before = page.inner_html("#board")
    page.click("#solve")
    page.wait_for_selector("#answer[data-status]")
    status = page.get_attribute("#answer", "data-status")
    assert status in ("solved", "unsolvable"), page.inner_text("#answer")
    if status == "solved":
        assert page.locator("#answer .verdict-valid").count() == 1
        page.wait_for_function("(b) => document.querySelector('#board').innerHTML !== b", arg=before)
    board_screenshot(page, tmp_path / f"{game}.png")
