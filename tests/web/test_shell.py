"""The page's shell in Chromium, whatever the game: no console errors, links, keys, buttons before
an instance is loaded, small screens."""

from __future__ import annotations

import pytest


def test_the_console_errors_are_caught(page, server, page_errors) -> None:
    page.goto(f"{server.url}/")
    page.wait_for_selector("body[data-ready='1']")
    assert page_errors.seen == []  # the home page (its favicon too) loads without an error
    page.evaluate("console.error('a made error')")
    page.evaluate("setTimeout(() => { throw new Error('a made exception'); })")
    page.wait_for_timeout(200)
    assert any("a made error" in m for m in page_errors.seen)
    assert any("a made exception" in m for m in page_errors.seen)
    page_errors.allow("a made (error|exception)")


GAMES = ["labyrinth", "amazeing", "forest", "nemesis", "chess", "roma"]


@pytest.mark.parametrize("game", GAMES)
def test_every_button_before_an_instance_says_load_one_first(page, server, game: str) -> None:
    page.goto(f"{server.url}/#{game}")
    page.wait_for_selector("body[data-ready='1']")
    buttons = page.locator("#game-controls button")
    for i in range(buttons.count()):
        page.evaluate("document.getElementById('message').textContent = ''")
        buttons.nth(i).click()
        assert page.inner_text("#message") == "load an instance first", buttons.nth(i).inner_text()
    page.evaluate("(() => { const b = document.getElementById('solve'); b.disabled = false; b.click(); })()")
    assert page.inner_text("#message") == "load an instance first"
    assert page.is_hidden("#error")


def test_the_keys_step_through_the_certificate(page, server) -> None:
    page.goto(f"{server.url}/#labyrinth")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#examples", "small.lp")
    page.keyboard.press("ArrowRight")  # no certificate yet: nothing happens, nothing breaks
    page.click("#solve")
    page.wait_for_selector("#answer[data-status='solved']")
    assert "← → a step back, forward" in page.inner_text("#keys")
    label = lambda: page.inner_text("#step-label")  # noqa: E731
    page.locator("#board").click(position={"x": 2, "y": 2})  # the focus leaves the Solve button
    page.keyboard.press("ArrowRight")
    assert label().endswith("(1/3)")
    page.keyboard.press("End")
    assert label().endswith("(3/3)")
    page.keyboard.press("ArrowLeft")
    assert label().endswith("(2/3)")
    page.keyboard.press("Home")
    assert label().endswith("(0/3)")
    page.focus("#timeout")  # a field keeps its keys
    page.keyboard.press("ArrowRight")
    page.keyboard.press("End")
    assert label().endswith("(0/3)")
    page.focus("#next")  # a button does not
    page.keyboard.press("ArrowRight")
    assert label().endswith("(1/3)")
    page.keyboard.press("Alt+ArrowRight")  # the browser's, not the page's
    assert label().endswith("(1/3)")
