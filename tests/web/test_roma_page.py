"""Roma's page in Chromium, solved by hand as a game: through the keyboard to the end (with an
undo and a redo), the end message and the moves refused after it, a full but wrong grid marked,
a hint undone; puzz.link URLs imported and exported; the legend and the board's numbers; the
solver's answer row by row; screenshots."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from webtools import board_screenshot  # noqa: E402

URL = "https://puzz.link/p?roma/3/3/70og4a322c5"  # solution >v< / vv^ / >>O, four cells to fill
URL_4X4 = "https://puzz.link/p?roma/4/4/l9glso4c5b2d1c"  # examples/roma/urls.txt




def open_url(page, server, url: str = URL) -> None:
    page.goto(f"{server.url}/#roma")
    page.wait_for_selector("body[data-ready='1']")
    page.fill("#roma-url", url)
    page.click("#roma-import")
    page.wait_for_selector("#roma-legend")


def wait_turn(page, starts: str) -> None:
    page.wait_for_function("document.querySelector('#roma-status').textContent.startsWith(%r)" % starts)


def moves(page) -> list[str]:
    return page.locator("#roma-moves li").all_inner_texts()


def arrow(page, cell: str) -> str | None:
    found = page.locator(f"#board .cell[data-cell='{cell}'] .arrow")
    return found.text_content() if found.count() else None


def keys(page, *names: str) -> None:
    for k in names:
        page.keyboard.press(k)


def test_solved_by_the_keyboard_with_undo_and_redo(page, server, tmp_path: Path) -> None:
    open_url(page, server)
    wait_turn(page, "Your move: 4 cells to fill; the cursor is on (0,0)")
    assert page.locator("#board .cell").count() == 9
    assert page.locator("#board .cell.given").count() == 5
    assert sorted(page.locator("#board .axis-label").all_text_contents()) == ["0", "0", "1", "1", "2", "2"]
    legend = page.inner_text("#roma-legend")
    for words in ("box border", "cell border", "Roma (every arrow path ends here)", "given arrow", "your arrow",
                  "the cursor"):
        assert words in legend
    assert "from every cell the arrows lead to a Roma cell" in page.inner_text("#roma-help")

    keys(page, "w")  # (0,0) is given
    assert "(0,0) is given" in page.inner_text("#message")
    keys(page, "ArrowRight", "s")  # (0,1) down
    assert arrow(page, "0,1") == "↓"
    keys(page, "ArrowDown", "ArrowRight", "<")  # (1,2) left: wrong, undone, redone, undone
    assert arrow(page, "1,2") == "←"
    assert moves(page) == ["(0,1) ↓", "(1,2) ←"]
    keys(page, "u")
    assert arrow(page, "1,2") is None and moves(page) == ["(0,1) ↓"]
    keys(page, "Control+y")
    assert arrow(page, "1,2") == "←"
    keys(page, "Control+z")
    keys(page, "^")  # (1,2) up
    board_screenshot(page, tmp_path / "roma.png", docs=True)
    keys(page, "ArrowDown", "ArrowLeft", "ArrowLeft", "d")  # (2,0) right
    wait_turn(page, "Your move: 1 cell to fill; the cursor is on (2,0)")
    keys(page, "ArrowRight", ".")  # (2,1) empty stays empty: nothing to clear
    assert len(moves(page)) == 3
    keys(page, ">")  # the last cell: the checker ends the puzzle
    wait_turn(page, "Puzzle over: solved: every path leads to Rome (4 moves)")
    assert page.inner_text("#message").startswith("solved")
    assert moves(page) == ["(0,1) ↓", "(1,2) ↑", "(2,0) →", "(2,1) →"]
    # over: keys and clicks are refused, the grid stays
    keys(page, "Backspace")
    assert "the puzzle is solved" in page.inner_text("#message")
    page.click("#board .cell[data-cell='0,1']")
    assert "the puzzle is solved" in page.inner_text("#message")
    assert arrow(page, "2,1") == "→" and arrow(page, "0,1") == "↓" and len(moves(page)) == 4
    board_screenshot(page, tmp_path / "roma-solved.png")
    page.click("#roma-undo")
    wait_turn(page, "Your move: 1 cell to fill")
    page.click("#roma-redo")
    wait_turn(page, "Puzzle over: solved")
    page.click("#roma-clear")  # a new start, undone
    wait_turn(page, "Your move: 4 cells to fill")
    keys(page, "u")
    wait_turn(page, "Puzzle over: solved")

    # a full grid that breaks a rule is marked and does not end the puzzle
    keys(page, "u", "ArrowDown", "ArrowDown", "a")  # the cursor from (0,1) to (2,1), left: a loop with (2,0)
    wait_turn(page, "The grid is full but not right yet")
    page.wait_for_selector("#board rect.error")
    assert page.inner_text("#message").startswith("the arrows from (2,1) run in a loop of 2 cells")
    assert "breaks a rule" in page.inner_text("#roma-legend")


def test_hint_clear_import_export_and_the_solver(page, server) -> None:
    open_url(page, server)
    page.click("#roma-hint")
    page.wait_for_function("document.querySelector('#message').textContent.startsWith('hint: cell')")
    assert page.locator("#board rect.hint").count() == 1
    # the message names the hinted cell as the board's numbers do (roma.model.COORDINATES: from 0)
    hinted = page.locator("#board g.cell:has(rect.hint)").get_attribute("data-cell")
    assert page.inner_text("#message").startswith(f"hint: cell ({hinted})")
    assert moves(page)[0].startswith(f"hint: ({hinted}) ")
    assert page.locator(f"#board .cell[data-cell='{hinted}'] .arrow").count() == 1
    page.keyboard.press("u")
    assert moves(page) == [] and page.locator(f"#board .cell[data-cell='{hinted}'] .arrow").count() == 0
    page.click(f"#board .cell[data-cell='{hinted}']")  # a click turns the arrow: '.' -> '^'
    assert arrow(page, hinted) == "↑"
    page.click("#roma-clear")
    assert moves(page) == [f"({hinted}) ↑", "clear: back to the givens"]
    assert arrow(page, hinted) is None

    page.click("#roma-export")
    page.wait_for_selector("#roma-pzprv3")
    assert page.input_value("#roma-url") == URL
    assert page.input_value("#roma-pzprv3").startswith("pzprv3\nroma\n3\n3\n")
    page.fill("#roma-url", URL_4X4)
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('#board .cell').length === 16")
    assert moves(page) == []
    page.click("#roma-export")
    page.wait_for_function("document.querySelector('#roma-url').value === %r" % URL_4X4)

    page.click("#solve")
    page.wait_for_selector("#answer[data-status='solved']")
    assert page.locator("#answer .verdict-valid").count() == 1
    wait_turn(page, "Your move")  # the board stays on your grid after the solve
    page.click("#last")
    assert page.inner_text("#step-label").startswith("solution, 4 rows")
    assert page.locator("#board .cell:not(.given) .arrow").count() == 16 - page.locator("#board .cell.given").count()
    assert "arrow of the solution" in page.inner_text("#roma-legend")
    page.click("#board .cell[data-cell='0,0']")
    assert "the solver's answer" in page.inner_text("#message")
    page.keyboard.press("Escape")
    wait_turn(page, "Your move")
    assert page.locator("#board .cell:not(.given) .arrow").count() == 0
