"""A game in progress in the page's link (pos=, the play kit's position/restore): in each of the
six games a few moves (one undone), the address opened in a fresh page shows the same moves,
whose turn it is and the board, the link unchanged, and undo (and redo) go on from there; a
damaged pos= says so and leaves the game at its start."""

from __future__ import annotations

import json
import re
import time

PASTE_NEMESIS = ("edge(s,a). edge(a,b). edge(b,c). edge(c,d). edge(d,x). edge(p,q). edge(q,r). edge(r,t). "
                 "exit(x). start(s).")
CAT_GRAPH = "edge(1,2). edge(2,3). edge(3,4). edge(4,5). edge(5,1). edge(1,3). start(1)."
ROMA_URL = "https://puzz.link/p?roma/3/3/70og4a322c5"  # solution >v< / vv^ / >>O, four cells to fill

# What a page shows of its game: the moves listed (with the undone ones' class), the status line,
# and the board's details named by [selector, attribute or "text"] pairs.
SHOWN = """([prefix, details]) => JSON.stringify({
  moves: [...document.querySelectorAll(`#${prefix}-moves li`)].map((li) => [li.textContent, li.className]),
  status: document.querySelector(`#${prefix}-status`).textContent,
  board: details.map(([sel, attr]) => [...document.querySelectorAll(sel)].map((e) =>
    attr === "text" ? e.textContent : e.getAttribute(attr))),
})"""


def _open(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']")


def _paste(page, text: str) -> None:
    page.click("#paste-box summary")
    page.fill("#paste", text)
    page.click("#paste-load")


def _status(page, prefix: str, starts: str) -> None:
    page.wait_for_function("([p, s]) => document.querySelector(`#${p}-status`).textContent.startsWith(s)", arg=[prefix, starts])


def _done(page, prefix: str, k: int) -> None:
    """k moves are on the board (the list's entries not undone)."""
    page.wait_for_function("([p, k]) => document.querySelectorAll(`#${p}-moves li:not(.undone)`).length === k", arg=[prefix, k])


def _href(page) -> str:
    """The page's address as the page has it (location.href; Playwright's page.url may lag behind a
    history.replaceState)."""
    return page.evaluate("location.href")


def _settled_url(page) -> str:
    """The page's address once it names the game's position and has stopped changing (the link is
    written after every move, compressed: a promise)."""
    page.wait_for_function("location.hash.includes('pos=')")
    last, since = _href(page), time.monotonic()
    while time.monotonic() - since < 0.8:
        time.sleep(0.1)
        if _href(page) != last:
            last, since = _href(page), time.monotonic()
    return last


def _positions(page, *urls: str) -> list[str]:
    """The game positions (pos=) of the addresses, unpacked (what a failed comparison shows)."""
    unpack = "(p) => import('/static/js/link.js').then((link) => link.unpack(p))"
    return [page.evaluate(unpack, u.split("pos=")[1].split("&")[0]) for u in urls]


def _shown(page, prefix: str, details: list[list[str]]) -> dict:
    shown = json.loads(page.evaluate(SHOWN, [prefix, details]))
    shown["status"] = re.sub(r"; the cursor is on \(\d+,\d+\)", "", shown["status"])  # Roma's: no part of the game
    return shown


def _shows(page, prefix: str, details: list[list[str]], want: dict, timeout: float = 60) -> None:
    """Wait until the page shows `want` (as _shown has it)."""
    deadline = time.monotonic() + timeout
    while (now := _shown(page, prefix, details)) != want:
        assert time.monotonic() < deadline, f"the page shows\n{now}\nnot\n{want}"
        time.sleep(0.1)


def _same_in_a_fresh_page(page, prefix: str, details: list[list[str]]):
    """The page's address opened in a new page of the same browser: it shows what the page shows,
    and its address is the same. Returns the new page."""
    url = _settled_url(page)
    before = _shown(page, prefix, details)
    assert before["moves"] and before["board"], before
    other = page.context.new_page()
    _open(other, url)
    _shows(other, prefix, details, before)
    assert _href(other) == url, _positions(page, url, _href(other))  # restoring does not change the link
    return other


def _both(pages, *keys: str) -> None:
    for pg in pages:
        for key in keys:
            pg.keyboard.press(key)


def _same(page, other, prefix: str, details: list[list[str]], status: str) -> None:
    """Both pages show the same, their status line starting with `status`."""
    for pg in (page, other):
        _status(pg, prefix, status)
    _shows(other, prefix, details, _shown(page, prefix, details), timeout=30)


def test_labyrinth_pushes(page, server) -> None:
    details = [["#board .avatar", "cx"], ["#board .pushed", "x"], ["#board .pushed", "y"], ["#lab-plan", "text"]]
    _open(page, f"{server.url}/#labyrinth")
    page.select_option("#examples", "small.lp")
    _status(page, "lab", "Your move: push 1 of at most 6")
    for k, push in enumerate(("1e", "4n"), start=1):
        page.click(f"[data-push='{push}']")
        _done(page, "lab", k)
    page.keyboard.press("u")  # 4n undone, then dropped by another push
    _done(page, "lab", 1)
    for k, push in enumerate(("5w", "1w"), start=2):
        page.click(f"[data-push='{push}']")
        _done(page, "lab", k)
    page.keyboard.press("u")  # 1w undone: it can be redone, in the link too
    _done(page, "lab", 2)
    other = _same_in_a_fresh_page(page, "lab", details)
    assert other.locator("#lab-moves li.undone").count() == 1
    assert other.inner_text("#lab-plan") == "push(1,e,1). push(5,w,2)."
    _both((page, other), "r")
    _same(page, other, "lab", details, "Your move: push 4 of at most 6")
    _both((page, other), "u", "u")
    _same(page, other, "lab", details, "Your move: push 2 of at most 6")
    assert other.inner_text("#lab-plan") == "push(1,e,1)."


def test_forest_known_rolls(page, server) -> None:
    details = [["#board .pawn", "cx"], ["#board .pawn", "cy"], ["#board .walk", "points"]]
    _open(page, f"{server.url}/#forest")
    page.select_option("#examples", "glade.lp")
    for turn, pick in ((1, 0), (2, 1)):
        _status(page, "forest", f"Turn {turn} of 8: roll")
        page.wait_for_selector("#forest-options button")
        page.locator("#forest-options button").nth(pick).click()
        _done(page, "forest", turn)
    page.keyboard.press("u")
    _done(page, "forest", 1)
    page.wait_for_selector("#forest-options button")
    page.locator("#forest-options button").first.click()
    _done(page, "forest", 2)
    other = _same_in_a_fresh_page(page, "forest", details)
    other.wait_for_selector("#forest-options button")  # the turn's fields are offered again
    assert other.locator("#board .walk").count() == 1
    _both((page, other), "u")
    _same(page, other, "forest", details, "Turn 2 of 8: roll")


def test_forest_unknown_dice_rolled(page, server) -> None:
    _open(page, f"{server.url}/#forest")
    page.select_option("#examples", "glade.lp")
    _status(page, "forest", "Turn 1 of 8")
    page.fill("#forest-rolls", "")
    page.click("#forest-use-rolls")
    _status(page, "forest", "Turn 1 of 10: roll the dice")
    page.fill("#forest-turns", "5")
    for turn, dice in ((1, ("1", "2")), (2, ("3", "4"))):
        page.fill("#forest-x", dice[0])
        page.fill("#forest-y", dice[1])
        page.click("#forest-show")
        _status(page, "forest", f"Turn {turn} of 5: roll {dice[0]}+{dice[1]}")
        page.wait_for_selector("#forest-options button")
        if turn == 1:
            page.locator("#forest-options button").first.click()
            _done(page, "forest", 1)
    # the dice rolled for turn 2 are in the link: the fresh page offers the same fields
    other = _same_in_a_fresh_page(page, "forest", [["#board .pawn", "cx"], ["#board .field.option", "data-field"]])
    assert other.inner_text("#forest-status") == "Turn 2 of 5: roll 3+4. Pick a ringed field to end the turn on."
    _both((page, other), "u")
    _same(page, other, "forest", [["#board .pawn", "cx"]], "Turn 1 of 5: roll the dice")


def test_amazeing_turns_and_the_spare_inserted(page, server) -> None:
    details = [["#am-position", "text"], ["#am-score", "text"], ["#board .tile.reach", "data-cell"]]
    _open(page, f"{server.url}/#amazeing")
    page.select_option("#examples", "published.json")
    page.wait_for_selector("#board svg[data-testid='amazeing-board']")
    page.select_option("#am-board", "published")
    page.fill("#am-seed", "3")
    page.click("#am-new")
    _status(page, "am", "Your move")

    def turn(k: int) -> None:
        page.locator("#board .shift.clickable").first.click()
        page.wait_for_selector("#board .tile.reach")
        page.locator("#board .tile.reach").last.click()
        _done(page, "am", k)
        _status(page, "am", "Your move")

    turn(1)
    turn(2)
    page.keyboard.press("u")
    _done(page, "am", 1)
    turn(2)
    page.keyboard.press("t")  # the spare turned and inserted: the walk not chosen yet
    page.locator("#board .shift.clickable").first.click()
    _status(page, "am", "Walk:")
    other = _same_in_a_fresh_page(page, "am", details)
    assert other.locator("#board .tile.reach").count() > 0
    _both((page, other), "u")  # the insertion taken back first
    _same(page, other, "am", details, "Your move")
    _both((page, other), "u")
    _same(page, other, "am", details, "Your move")
    assert other.locator("#am-moves li.undone").count() == 1


def test_nemesis_as_the_nemesis(page, server) -> None:
    details = [["#board .edge.deleted", "data-edge"], ["#board .vertex:has(.fugitive)", "data-vertex"],
               ["#board .move-round", "text"]]
    _open(page, f"{server.url}/#nemesis")
    _paste(page, PASTE_NEMESIS)
    _status(page, "nem", "Your move, the fugitive at s")
    page.select_option("#nem-side", "nemesis")  # the solver's fugitive opens
    _status(page, "nem", "Your move, the Nemesis: delete any edge")

    def delete(edge: str, deleted: int) -> None:
        page.click(f"#board .edge.clickable[data-edge='{edge}']")
        page.wait_for_function(f"document.querySelectorAll('#board .edge.deleted').length === {deleted}")
        _status(page, "nem", "Your move, the Nemesis")

    delete("p-q", 1)
    delete("q-r", 2)
    page.keyboard.press("u")
    page.wait_for_function("document.querySelectorAll('#board .edge.deleted').length === 1")
    delete("r-t", 2)
    other = _same_in_a_fresh_page(page, "nem", details)
    assert other.input_value("#nem-side") == "nemesis"
    _both((page, other), "u")
    _same(page, other, "nem", details, "Your move, the Nemesis")
    _both((page, other), "u")  # back to the solver's opening, which stays
    _same(page, other, "nem", details, "Your move, the Nemesis")
    assert other.locator("#board .edge.deleted").count() == 0
    assert other.locator("#nem-moves li").count() == 1 and other.is_disabled("#nem-undo")


def test_cat_herding_as_the_cat(page, server) -> None:
    details = [["#board .edge.deleted", "data-edge"], ["#board .vertex:has(.fugitive)", "data-vertex"],
               ["#board .vertex.clickable", "data-vertex"]]
    _open(page, f"{server.url}/#nemesis")
    _paste(page, CAT_GRAPH)
    _status(page, "nem", "Your move")
    page.select_option("#nem-game", "cat")  # as the cat: the solver's herder deletes first
    _status(page, "nem", "Your move, the cat at 1")
    page.click("#board .vertex.clickable[data-vertex='3']")  # the cat runs to 3, the herder deletes
    page.wait_for_function("document.querySelectorAll('#nem-moves li').length === 2")
    _status(page, "nem", "Your move, the cat at 3")
    page.keyboard.press("u")  # undone: the link has it, to be redone
    page.wait_for_function("document.querySelectorAll('#nem-moves li').length === 1")
    other = _same_in_a_fresh_page(page, "nem", details)
    assert other.input_value("#nem-game") == "cat" and "deletions to come with best play" in other.inner_text("#nem-status")
    _both((page, other), "r")
    _same(page, other, "nem", details, "Your move, the cat at 3")
    _both((page, other), "u")
    _same(page, other, "nem", details, "Your move, the cat at 1")


def test_chess_as_alice_and_as_bob(page, server) -> None:
    details = [["#board .piece", "class"], ["#board .piece circle", "cx"], ["#board .piece circle", "cy"]]
    _open(page, f"{server.url}/#chess")
    page.select_option("#examples", "alice.txt")
    _status(page, "chess", "Your turn, Alice on (1, 3)")
    page.click("#board .square[data-field='4,5']")
    _status(page, "chess", "Your second move, Alice on (4, 5)")
    page.keyboard.press("u")
    _status(page, "chess", "Your turn, Alice on (1, 3)")
    page.click("#board .square[data-field='3,3']")
    _status(page, "chess", "Your second move, Alice on (3, 3)")
    page.keyboard.press("e")  # the solver's Bob plays his turn: a draw
    _status(page, "chess", "Game over: a draw: Bob cannot reach Alice on (3, 3)")
    other = _same_in_a_fresh_page(page, "chess", details)
    assert other.locator("#chess-moves li").all_inner_texts()[-1] == "Bob (the solver): stays on (6, 5)"
    _both((page, other), "u")
    _same(page, other, "chess", details, "Your second move, Alice on (3, 3)")

    _open(page, f"{server.url}/#chess")  # as Bob: the solver's Alice opens
    page.select_option("#examples", "bob.txt")
    page.select_option("#chess-side", "bob")
    _status(page, "chess", "Your turn, Bob on (3, 3)")
    page.click("#board .square[data-field='3,2']")
    _status(page, "chess", "Game over: you win: Bob captures Alice on (3, 2)")
    other = _same_in_a_fresh_page(page, "chess", details)
    assert other.input_value("#chess-side") == "bob"
    _both((page, other), "u")
    _same(page, other, "chess", details, "Your turn, Bob on (3, 3)")
    assert other.inner_text("#chess-moves") == "Alice (the solver): stays on (3, 2)"


def test_roma_arrows_hints_and_the_end(page, server) -> None:
    details = [["#board .cell .arrow", "text"], ["#board .cell rect.hint", "x"], ["#board .cell rect.hint", "y"]]
    _open(page, f"{server.url}/#roma")
    page.fill("#roma-url", ROMA_URL)
    page.click("#roma-import")
    _status(page, "roma", "Your move: 4 cells to fill")
    _both((page,), "ArrowRight", "s", "ArrowDown", "ArrowRight", "<")  # (0,1) down, (1,2) left: wrong
    _done(page, "roma", 2)
    _both((page,), "u", "w")  # (1,2) up instead
    _done(page, "roma", 2)
    page.keyboard.press("h")  # the hints fill the rest: solved
    _done(page, "roma", 3)
    page.keyboard.press("h")
    _status(page, "roma", "Puzzle over: solved: every path leads to Rome (4 moves)")
    other = _same_in_a_fresh_page(page, "roma", details)
    assert other.locator("#roma-moves li").all_inner_texts()[:2] == ["(0,1) ↓", "(1,2) ↑"]
    assert other.locator("#roma-moves li").all_inner_texts()[3].startswith("hint: ")
    _both((page, other), "u")
    _same(page, other, "roma", details, "Your move: 1 cell to fill")
    _both((page, other), "r")
    _same(page, other, "roma", details, "Puzzle over: solved")


def test_a_damaged_position_says_so_and_starts_the_game(page, server) -> None:
    _open(page, f"{server.url}/#labyrinth?example=small.lp&pos=not-a-position")
    _status(page, "lab", "Your move: push 1 of at most 6")
    page.wait_for_function("document.querySelector('#message').textContent.includes('damaged')")
    assert page.inner_text("#message") == "this link's game position (pos=) is damaged: the game starts from its beginning"
    assert page.locator("#lab-moves li").count() == 0
    page.wait_for_function("!location.hash.includes('pos=')")  # the link names the start now

    # well-formed, but not this game's: a push off the board
    packed = page.evaluate("import('/static/js/link.js').then((link) => link.pack(JSON.stringify({m: ['1e', '99n']})))")
    _open(page, f"{server.url}/#labyrinth?example=small.lp&pos={packed}")
    page.wait_for_function("document.querySelector('#message').textContent.includes('does not fit')")
    assert "push 2 (\"99n\") is not a line 1..6" in page.inner_text("#message")
    _status(page, "lab", "Your move: push 1 of at most 6")
    assert page.locator("#lab-moves li").count() == 0
    page.click("[data-push='1e']")  # the game goes on from the start
    _done(page, "lab", 1)
