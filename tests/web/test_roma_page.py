"""Roma's page in Chromium: a puzz.link URL pasted, solved by hand with the checker's marks and a
hint, the solver's answer row by row, and a screenshot of the grid."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from webtools import board_screenshot  # noqa: E402

URL = "https://puzz.link/p?roma/3/3/70og4a322c5"  # solution >v< / vv^ / >>O


def test_paste_play_hint_solve_and_step(page, server, tmp_path: Path) -> None:
    page.goto(f"{server.url}/#roma")
    page.wait_for_selector("body[data-ready='1']")
    page.click("#paste-box summary")
    page.fill("#paste", URL)
    page.click("#paste-load")
    page.wait_for_selector("#board svg[data-testid='roma-board']")
    assert page.locator("#board .cell").count() == 9
    assert page.locator("#board .cell.given").count() >= 1

    free = page.locator("#board .cell.clickable").first.get_attribute("data-cell")
    page.click(f"#board .cell[data-cell='{free}']")  # '.' -> '^'
    assert page.locator(f"#board .cell[data-cell='{free}'] .arrow").text_content() == "↑"
    page.click("#roma-check")
    page.wait_for_function("document.querySelector('#message').textContent.length > 0")
    page.click("#roma-hint")
    page.wait_for_function("document.querySelector('#message').textContent.startsWith('hint: cell')")
    assert page.locator("#board rect.hint").count() == 1
    # the message names the hinted cell as the board's numbers do (roma.model.COORDINATES: from 0)
    hinted = page.locator("#board g.cell:has(rect.hint)").get_attribute("data-cell")
    assert page.inner_text("#message").startswith(f"hint: cell ({hinted})")
    assert sorted(page.locator("#board .axis-label").all_text_contents()) == ["0", "0", "1", "1", "2", "2"]

    page.click("#solve")
    page.wait_for_selector("#answer[data-status='solved']")
    assert page.locator("#answer .verdict-valid").count() == 1
    page.click("#last")
    assert page.inner_text("#step-label").startswith("solution, 3 rows")
    page.click("#roma-check")
    page.wait_for_function("document.querySelector('#message').textContent.startsWith('solved')")
    board_screenshot(page, tmp_path / "roma.png")
