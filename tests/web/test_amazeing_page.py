"""The aMAZEing Labyrinth's page in Chromium: load the published position, solve it and step
through the plan; a game against the bot won with the keyboard (each turn the exact solver's
first turn, worked out here from the position the page shows) and one lost with the mouse; undo
and redo; the end refusing further turns; bot against bot after a finished game starting a new
one; the seed and cards fields with a loaded position; the scoreboard, the legend and the help;
and a screenshot mid-game."""

from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from webtools import board_screenshot  # noqa: E402



def open_published(page, server) -> None:
    page.goto(f"{server.url}/#amazeing")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#examples", "published.json")
    page.wait_for_selector("#board svg[data-testid='amazeing-board']")


def status(page) -> str:
    return page.inner_text("#am-status")


def new_game(page, seed: int, cards: int) -> None:
    page.select_option("#am-board", "published")
    page.fill("#am-seed", str(seed))
    page.fill("#am-cards", str(cards))
    page.click("#am-new")
    page.wait_for_function("document.querySelector('#am-status').textContent.startsWith('Your move')")


def rounds(page) -> int:
    return page.locator("#am-moves li:not(.undone)").count()


def solver_turn(position: str) -> tuple[str, int, tuple[int, int]]:
    """The first turn of the fewest-turns plan of the player to move (the protocol's solve): the
    shift, the quarter turns of the spare, the field to walk to."""
    from escapology.amazeing import solve
    from escapology.amazeing.io import loads
    from escapology.amazeing.model import MASKS, Shift, rotate

    pos = loads(position)
    me = pos.to_move
    turn = solve(pos, player=me, max_turns=3, timeout=20).to_json()["certificate"][0]
    quarter = [rotate(pos.spare, q) for q in range(4)].index(MASKS[turn["tile"]])
    if turn["path"]:
        r, c = turn["path"][-1]
    else:
        r, c = divmod(pos.apply(Shift.parse(turn["shift"]), MASKS[turn["tile"]]).players[me].cell, pos.cols)
    return turn["shift"], quarter, (r, c)


def test_load_solve_and_step(page, server) -> None:
    open_published(page, server)
    assert page.locator("#board .tile").count() == 49
    assert page.locator("#board .player").count() == 2
    # rows and columns numbered from 0 at the top left, as the JSON and the messages count
    assert page.locator("#board .axis-label").all_text_contents() == [str(k) for k in range(7)] * 2
    assert status(page).startswith("Start a new game against the bot")
    legend = page.inner_text("#am-legend")
    for words in ("movable tile", "fixed tile", "passage", "treasure", "player 1 (red)", "target of player 1",
                  "shiftable line", "spare tile", "keyboard cursor", "numbered from 0 at the top left"):
        assert words in legend, words
    assert "the first player home wins" in page.inner_text("#am-help")
    page.click("#am-keys-box summary")
    assert "t: turn the spare a quarter clockwise" in page.inner_text("#am-keys")
    # the loaded position has players: the seed does not apply to it, and the page says so
    assert page.input_value("#am-board") == "loaded" and page.is_disabled("#am-seed")
    assert "the seed draws a published board only" in page.inner_text("#am-board-note")
    for k in range(12):  # every shift arrow is a button of at least 24x24 pixels
        box = page.locator("#board .shift .pk-hit").nth(k).bounding_box()
        assert box["width"] >= 24 and box["height"] >= 24, box

    page.click("#solve")
    page.wait_for_selector("#answer[data-status='solved']")
    assert page.locator("#answer .verdict-valid").count() == 1
    page.click("#last")
    assert "the target is reached in turn 3" in page.inner_text("#message")
    assert page.locator("#board .walk").count() == 1
    assert status(page) == "The solver's plan: after turn 3."


def test_a_win_against_the_bot_with_the_keyboard(page, server, tmp_path: Path) -> None:
    open_published(page, server)
    new_game(page, seed=1, cards=1)
    assert page.inner_text("#am-score").splitlines()[1:] == ["● red (you)\t0 of 1\tU\tto move",
                                                            "● yellow (bot)\t0 of 1\thidden\t"]
    for k in range(1, 6):
        shift, quarter, (r, c) = solver_turn(page.text_content("#am-position"))
        page.focus(f"[data-shift='{shift}']")  # Tab's target
        for _ in range(quarter):
            page.keyboard.press("t")
        page.keyboard.press("Enter")
        page.wait_for_selector("#board .tile.reach")
        if k == 1:
            page.keyboard.press("Escape")  # take the spare out, and in again
            page.wait_for_selector("#board .tile.reach", state="detached")
            page.focus(f"[data-shift='{shift}']")
            page.keyboard.press("Enter")
            page.wait_for_selector("#board .tile.reach")
        here = re.fullmatch(r"cursor on \((\d+),(\d+)\)", page.inner_text("#am-cursor"))
        assert here, page.inner_text("#am-cursor")
        r0, c0 = int(here[1]), int(here[2])
        for _ in range(abs(r - r0)):
            page.keyboard.press("ArrowDown" if r > r0 else "ArrowUp")
        for _ in range(abs(c - c0)):
            page.keyboard.press("ArrowRight" if c > c0 else "ArrowLeft")
        assert page.inner_text("#am-cursor") == f"cursor on ({r},{c})"
        page.keyboard.press("Enter")
        page.wait_for_function(f"document.querySelectorAll('#am-moves li').length === {k}")
        page.wait_for_function("!document.querySelector('#am-status').textContent.includes('thinking')")
        if k == 1:
            board_screenshot(page, tmp_path / "amazeing.png", docs=True)  # mid-game: a turn each played
            page.keyboard.press("u")  # undo the round, redo it
            page.wait_for_function("document.querySelectorAll('#am-moves li.undone').length === 1")
            page.keyboard.press("Control+y")
            page.wait_for_function("document.querySelectorAll('#am-moves li.undone').length === 0")
        if "The game is over" in status(page):
            break
    assert status(page) == "You (red) are home first: you win! The game is over."
    assert page.get_attribute("#am-status", "data-kind") == "good"
    assert "● red (you)\t1 of 1\thome ⌂\thome: wins" in page.inner_text("#am-score")
    page.focus("[data-shift='N1']")
    page.keyboard.press("Enter")  # refused after the end
    assert "the game is over (red is home)" in page.inner_text("#message")
    page.keyboard.press("Control+z")
    page.wait_for_function("document.querySelector('#am-status').textContent.startsWith('Your move')")
    page.keyboard.press("r")
    page.wait_for_function("document.querySelector('#am-status').textContent.startsWith('You (red) are home first')")


def test_a_loss_then_bot_against_bot_starts_a_new_game(page, server) -> None:
    open_published(page, server)
    new_game(page, seed=2, cards=1)
    for k in range(1, 16):  # a careless player: the first arrow, the first field
        page.locator("#board .shift.clickable").first.click()
        page.locator("#board .tile.reach").first.click()
        page.wait_for_function(f"document.querySelectorAll('#am-moves li').length === {k}")
        page.wait_for_function("!document.querySelector('#am-status').textContent.includes('thinking')")
        if "The game is over" in status(page):
            break
    assert status(page) == "The bot (yellow) is home first: you lose. The game is over."
    assert page.get_attribute("#am-status", "data-kind") == "bad"
    assert "home: wins" in page.locator("#am-score tr[data-player='1']").inner_text()
    played = rounds(page)
    assert page.locator("#board .shift.clickable").count() == 0
    page.click("#board [data-shift='N1']", force=True)  # refused after the end (aria-disabled)
    assert "the game is over (yellow is home)" in page.inner_text("#message")
    assert rounds(page) == played

    page.click("#am-watch")  # a finished game: the bots start a new one
    page.wait_for_function("document.querySelector('#am-status').textContent.startsWith('Bot against bot')")
    page.wait_for_function("document.querySelectorAll('#am-moves li').length >= 2")
    page.click("#am-watch")
    assert page.inner_text("#am-watch") == "bot against bot"
    assert "(bot)" in page.inner_text("#am-moves") and "(you)" not in page.inner_text("#am-moves")


def test_the_loaded_positions_players_with_their_cards_cut(page, server) -> None:
    open_published(page, server)
    page.fill("#am-cards", "2")
    page.click("#am-new")  # the board select says: the loaded position
    page.wait_for_function("document.querySelector('#am-status').textContent.startsWith('Your move')")
    score = page.inner_text("#am-score")
    assert "● red (you)\t0 of 2\tT\tto move" in score and "● yellow (bot)\t0 of 2\thidden" in score
    page.check("#am-all")  # show all targets: the bot's card too
    assert "● yellow (bot)\t0 of 2\tN" in page.inner_text("#am-score")
    page.click("#board [data-shift='W1']")
    page.wait_for_selector("#board .tile.reach")
    inserted = page.inner_html("#board .tile[data-cell='7']")  # row 1, column 0: where the spare went in
    page.click("#am-rotate")  # turned after the insertion: inserted again, turned
    page.wait_for_function(f"document.querySelector(\"#board .tile[data-cell='7']\").innerHTML !== {inserted!r}")
    page.wait_for_selector("#board .tile.reach")
    page.click("#am-cancel")
    page.wait_for_selector("#board .tile.reach", state="detached")
    assert status(page).startswith("Your move (red)")
