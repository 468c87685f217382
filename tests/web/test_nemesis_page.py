"""Nemesis' page in Chromium, played as a game: to a win and to a loss on both sides, with the
keyboard (number keys, Tab and Enter), undo and redo, the end message and the moves refused after
it; the legend, the labels inside their circles, a grid drawn as a grid, the solver's line of play
with its struck edges, the winning starts, Cat Herding with the "thinking" line; screenshots."""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from webtools import board_screenshot  # noqa: E402

from escapology.nemesis import load, solve  # noqa: E402

FORK = "edge(s,a). edge(a,x). edge(a,y). exit(x). exit(y). start(s)."  # the fugitive wins: two exits at a
DEAD_END = "edge(s,a). edge(a,x). exit(x). start(s)."  # the Nemesis wins: she deletes a-x
CAT_GRAPH = "edge(1,2). edge(2,3). edge(3,4). edge(4,5). edge(5,1). edge(1,3). start(1)."




def open_page(page, server) -> None:
    page.goto(f"{server.url}/#nemesis")
    page.wait_for_selector("body[data-ready='1']")


def paste(page, facts: str) -> None:
    if not page.locator("#paste").is_visible():
        page.click("#paste-box summary")
    page.fill("#paste", facts)
    page.evaluate("document.querySelectorAll('#board svg').forEach((svg) => { svg.dataset.stale = '1'; })")
    page.click("#paste-load")
    page.wait_for_selector("#board svg[data-testid='nemesis-board']:not([data-stale])")
    page.wait_for_selector("#nem-legend")


def turn(page) -> str:
    return page.inner_text("#nem-status")


def wait_turn(page, starts: str) -> None:
    page.wait_for_function("document.querySelector('#nem-status').textContent.startsWith(%r)" % starts)


def moves(page) -> list[str]:
    return page.locator("#nem-moves li").all_inner_texts()


def key_of(page, vertex: str) -> str:
    """The number key of a vertex the fugitive may move to (its green badge)."""
    return page.locator(f"#board .vertex.clickable[data-vertex='{vertex}'] .choice-number").text_content()


def test_fugitive_wins_and_loses_with_the_number_keys(page, server, tmp_path: Path) -> None:
    open_page(page, server)
    paste(page, FORK)
    wait_turn(page, "Your move, the fugitive at s")
    assert page.locator("#board .vertex.clickable").count() == 1
    page.keyboard.press(key_of(page, "a"))
    wait_turn(page, "Your move, the fugitive at a")
    assert len(moves(page)) == 1
    first = moves(page)[0]
    assert first.startswith("you: s → a; the Nemesis deletes a-")
    left = "y" if first.endswith("a-x") else "x"
    assert page.locator("#board .edge.deleted").count() == 1
    assert page.locator("#board .cross").count() == 2  # the deleted edge struck through with a cross
    assert page.locator("#board .deletion-round").all_text_contents() == ["1"]
    page.keyboard.press(key_of(page, left))
    wait_turn(page, "Game over: you win")
    assert "the fugitive reaches an exit" in turn(page)
    assert "you win" in page.inner_text("#message")
    assert len(moves(page)) == 2
    # over: no vertex to choose, a number key or a click is refused with a word
    assert page.locator("#board .vertex.clickable").count() == 0
    page.keyboard.press("1")
    page.click("#board .vertex[data-vertex='s']")
    assert "the game is over" in page.inner_text("#message")
    assert len(moves(page)) == 2
    # undo and redo, by the keys and the buttons
    page.keyboard.press("u")
    wait_turn(page, "Your move, the fugitive at a")
    assert len(moves(page)) == 1
    page.keyboard.press("Control+y")
    wait_turn(page, "Game over: you win")
    page.click("#nem-undo")
    page.click("#nem-undo")
    wait_turn(page, "Your move, the fugitive at s")
    assert moves(page) == []
    assert page.is_disabled("#nem-undo")
    page.click("#nem-redo")
    wait_turn(page, "Your move, the fugitive at a")

    paste(page, DEAD_END)  # the Nemesis deletes a-x after his first move
    wait_turn(page, "Your move, the fugitive at s")
    page.keyboard.press("1")
    wait_turn(page, "Game over: you lose")
    assert "trapped" in turn(page)
    assert moves(page) == ["you: s → a; the Nemesis deletes a-x"]
    page.keyboard.press("1")
    assert "the game is over" in page.inner_text("#message")
    board_screenshot(page, tmp_path / "nemesis-lost.png")


def test_nemesis_wins_and_loses_with_tab_and_enter(page, server) -> None:
    open_page(page, server)
    paste(page, DEAD_END)
    page.select_option("#nem-side", "nemesis")
    wait_turn(page, "Your move, the Nemesis: delete any edge")
    assert moves(page) == ["the fugitive: s → a"]  # the solver's fugitive opens
    assert page.locator("#board .edge.clickable").count() == 2
    page.locator("#board .edge.clickable").first.focus()
    for _ in range(3):  # Tab through the edges that may be deleted, to a-x
        if page.evaluate("document.activeElement.dataset.edge") == "a-x":
            break
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.edge") == "a-x"
    page.keyboard.press("Enter")
    wait_turn(page, "Game over: you win")
    assert moves(page) == ["the fugitive: s → a; you delete a-x"]
    page.keyboard.press("u")  # back to the choice, then delete a-s instead: he walks a-x out
    wait_turn(page, "Your move, the Nemesis")
    page.click("#board .edge.clickable[data-edge='a-s']")
    wait_turn(page, "Game over: you lose")
    assert moves(page) == ["the fugitive: s → a; you delete a-s", "the fugitive: a → x"]
    page.keyboard.press("Control+z")
    wait_turn(page, "Your move, the Nemesis")
    page.keyboard.press("Control+Shift+z")
    wait_turn(page, "Game over: you lose")

    paste(page, FORK)  # two exits at a: whatever she deletes, he escapes
    wait_turn(page, "Your move, the Nemesis")
    page.locator("#board .edge.clickable[data-edge='a-x']").focus()
    page.keyboard.press("Enter")
    wait_turn(page, "Game over: you lose")
    assert "the fugitive reaches an exit" in turn(page)
    assert moves(page) == ["the fugitive: s → a; you delete a-x", "the fugitive: a → y"]
    page.click("#board .edge[data-edge='a-s']")
    assert "the game is over" in page.inner_text("#message")


def test_small_graph_legend_labels_solve_and_starts(page, server, tmp_path: Path) -> None:
    open_page(page, server)
    page.select_option("#examples", "small.lp")
    page.wait_for_selector("#board svg[data-testid='nemesis-board']")
    wait_turn(page, "Your move, the fugitive at 5")
    assert page.locator("#board .vertex").count() == 8
    assert page.locator("#board circle.exit").count() == 2
    assert page.locator("#board circle.fugitive").count() == 1
    legend = page.inner_text("#nem-legend")
    for words in ("exit", "the fugitive (the start", "vertex", "edge", "you may move here"):
        assert words in legend
    assert "Each round he moves along one edge" in page.inner_text("#nem-help")
    # every name inside its circle (or beside it when too long)
    overflow = page.evaluate("""() => [...document.querySelectorAll('#board .vertex')].filter((g) => {
        const t = g.querySelector('.vertex-name'); const c = g.querySelector('circle:not(.choice)');
        return !t.classList.contains('beside') && t.getBBox().width > 2 * c.r.baseVal.value; }).length""")
    assert overflow == 0
    # the clickable neighbours ringed green, the winning starts filled blue: two colours
    page.keyboard.press("1")
    wait_turn(page, "Your move, the fugitive at")
    assert len(moves(page)) == 1
    board_screenshot(page, tmp_path / "nemesis.png", docs=True)
    page.keyboard.press("Control+z")
    wait_turn(page, "Your move, the fugitive at 5")
    assert moves(page) == []
    page.keyboard.press("r")
    wait_turn(page, "Your move, the fugitive at")
    assert len(moves(page)) == 1

    page.click("#solve")
    page.wait_for_selector("#answer[data-status='solved']")
    assert "winner\nnemesis" in page.inner_text("#answer")
    assert page.locator("#answer .verdict-valid").count() == 1
    page.click("#last")
    assert "trapped" in page.inner_text("#message")
    assert page.locator("#board .edge.deleted line[stroke-dasharray]").count() == 2  # the deleted edges, dashed
    assert page.locator("#board .cross").count() == 4  # and crossed
    assert "deleted edge, numbered by the round" in page.inner_text("#nem-legend")
    assert page.is_visible("#nem-back")
    page.keyboard.press("1")
    assert "the solver's line of play" in page.inner_text("#message")
    page.keyboard.press("Escape")
    wait_turn(page, "Your move, the fugitive at")
    assert len(moves(page)) == 1

    page.select_option("#nem-game", "blizzard")
    wait_turn(page, "Your move, the fugitive at 5")
    page.click("#nem-starts")
    page.wait_for_function("document.querySelector('#message').textContent.includes('winning start')")
    assert page.locator("#board circle.winning").count() >= 1
    ring = page.locator("#board .vertex.clickable circle.choice").first.get_attribute("stroke")
    shade = page.locator("#board circle.winning").first.get_attribute("fill")
    assert ring != shade
    assert "the fugitive wins from here" in page.inner_text("#nem-legend")
    board_screenshot(page, tmp_path / "nemesis-starts.png")


def test_grid_drawn_as_a_grid(page, server, tmp_path: Path) -> None:
    open_page(page, server)
    page.select_option("#examples", "grid7.lp")
    wait_turn(page, "Your move, the fugitive at r3c3")
    at = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#board .vertex')].map((g) => {
        const c = g.querySelector('circle:not(.choice)');
        return [g.dataset.vertex, [c.cx.baseVal.value, c.cy.baseVal.value]]; }))""")
    assert at["r0c0"][1] == at["r0c6"][1] < at["r6c0"][1]  # rows downwards
    assert at["r0c0"][0] == at["r6c0"][0] < at["r0c6"][0]  # columns to the right
    assert at["xn0_3"][1] < at["r0c3"][1]  # an exit beside the cell it leaves from
    overflow = page.evaluate("""() => [...document.querySelectorAll('#board .vertex')].filter((g) => {
        const t = g.querySelector('.vertex-name'); const c = g.querySelector('circle:not(.choice)');
        return !t.classList.contains('beside') && t.getBBox().width > 2 * c.r.baseVal.value; }).length""")
    assert overflow == 0
    assert page.locator("#board .vertex.clickable").count() == 4
    board_screenshot(page, tmp_path / "nemesis-grid.png")

    # names too long for their circles go beside them, within the picture
    paste(page, "edge(start_here,crossroads). edge(crossroads,north_gate). edge(crossroads,south_gate). "
                "edge(crossroads,a). edge(a,b). edge(b,north_gate). exit(north_gate). exit(south_gate). start(start_here).")
    beside = page.evaluate("""() => { const svg = document.querySelector('#board svg[data-testid=nemesis-board]');
        const w = svg.viewBox.baseVal.width;
        return [...svg.querySelectorAll('.vertex-name.beside')].map((t) => {
            const b = t.getBBox(); return [t.textContent, b.x >= 0 && b.x + b.width <= w]; }); }""")
    assert sorted(name for name, _ in beside) == ["crossroads", "north_gate", "south_gate", "start_here"]
    assert all(inside for _, inside in beside)


def test_cat_herding_thinking_and_end(page, server) -> None:
    open_page(page, server)
    paste(page, CAT_GRAPH)
    page.select_option("#nem-game", "cat")
    page.select_option("#nem-side", "nemesis")
    wait_turn(page, "Your move, the herder")

    def slow(route) -> None:  # the real reply, one and a half seconds late: the page shows it is waiting
        response = route.fetch()
        time.sleep(1.5)
        route.fulfill(response=response)

    page.route("**/api/games/nemesis/play/reply", slow)
    page.locator("#board .edge.clickable").first.focus()
    page.keyboard.press("Enter")
    wait_turn(page, "The cat is thinking… 1 s")
    page.unroute("**/api/games/nemesis/play/reply")
    page.wait_for_function("!document.querySelector('#nem-status').textContent.includes('thinking')")
    assert moves(page)[0].startswith("you delete ")
    assert "the cat: 1 → " in moves(page)[0] or "isolated" in turn(page)
    for _ in range(12):  # delete edges until the cat is isolated
        if turn(page).startswith("Game over"):
            break
        page.locator("#board .edge.clickable").first.focus()
        page.keyboard.press("Enter")
        page.wait_for_function("['Your move', 'Game over'].some((w) => "
                               "document.querySelector('#nem-status').textContent.startsWith(w))")
    wait_turn(page, "Game over: you")
    # the verdict: a win when the cat is isolated within its number from the start (the herder's best)
    best = solve(load(CAT_GRAPH), game="cat").answer["per_vertex"]["1"]
    made = int(re.search(r"isolated after (\d+) deletion", turn(page)).group(1))
    assert made == len(moves(page))
    assert turn(page).startswith("Game over: you win" if made <= best else "Game over: you lose")
    assert str(best) in turn(page)
    page.click("#nem-starts")
    page.wait_for_function("document.querySelector('#message').textContent.startsWith('the cat number')")
    assert page.locator("#board .cat-value").count() == 5
    assert "the cat number from this vertex" in page.inner_text("#nem-legend")
