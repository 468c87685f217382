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
