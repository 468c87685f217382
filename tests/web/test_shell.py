"""The page's shell in Chromium, whatever the game: no console errors, links, keys, buttons before
an instance is loaded, small screens."""

from __future__ import annotations

from pathlib import Path

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


# roles whose element a person operates: each needs a name (the browser's own computation)
CONTROLS = {"button", "textbox", "combobox", "spinbutton", "checkbox", "radio", "slider", "link", "listbox",
            "searchbox", "switch", "menuitem", "tab"}


def _first_example(page, server, game: str) -> str:
    return page.request.get(f"{server.url}/api/games/{game}/instances").json()["examples"][0]


def _open_example(page, server, game: str) -> None:
    page.goto(f"{server.url}/#{game}?example={_first_example(page, server, game)}")
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector("#board[data-loaded] svg", state="attached")


def _unnamed_controls(page) -> dict[str, list[str]]:
    """The controls without a name, as the browser's accessibility tree has them, by the part of
    the page they are in: "shell" or "game" (the game module's controls and board)."""
    cdp = page.context.new_cdp_session(page)
    found: dict[str, list[str]] = {"shell": [], "game": []}
    for node in cdp.send("Accessibility.getFullAXTree")["nodes"]:
        role = node.get("role", {}).get("value")
        if node.get("ignored") or role not in CONTROLS or (node.get("name") or {}).get("value", "").strip():
            continue
        handle = cdp.send("DOM.resolveNode", {"backendNodeId": node["backendDOMNodeId"]})["object"]["objectId"]
        where = cdp.send("Runtime.callFunctionOn", {"objectId": handle, "returnByValue": True, "functionDeclaration":
                         "function() { return [this.closest('#game-controls, #board') ? 'game' : 'shell', this.outerHTML.slice(0, 120)]; }"})
        part, html = where["result"]["value"]
        found[part].append(f"{role}: {html}")
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_control_has_a_name_and_the_board_a_description(page, server, game: str) -> None:
    _open_example(page, server, game)
    page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")  # paste, generate, ...
    svg = page.locator("#board svg").first
    assert svg.get_attribute("role") == "img" and svg.get_attribute("aria-label")
    assert svg.locator(":scope > title").count() == 1
    desc = svg.locator(":scope > desc").text_content()
    assert "instance " in desc and page.locator("#board").get_attribute("data-loaded") in desc, desc
    unnamed = _unnamed_controls(page)
    assert not unnamed["shell"], unnamed["shell"]
    assert not unnamed["game"], unnamed["game"]  # the game module's controls and board (games/*.js)


def test_the_board_description_follows_the_step(page, server) -> None:
    _open_example(page, server, "labyrinth")
    page.click("#solve")
    page.wait_for_selector("#answer[data-status='solved']")
    page.click("#next")
    desc = page.locator("#board svg > desc").text_content()
    assert "small.lp" in desc and "step 1 of 3: push(" in desc, desc


@pytest.mark.parametrize("game", GAMES)
def test_a_400_pixel_screen(page, server, game: str, tmp_path: Path) -> None:
    page.set_viewport_size({"width": 400, "height": 800})
    _open_example(page, server, game)
    page.click("#solve")
    page.wait_for_selector("#answer[data-status]", timeout=60_000)
    page.locator("#board").click(position={"x": 2, "y": 2})
    page.keyboard.press("End")  # the end of the certificate, where there is one
    page.screenshot(path=str(tmp_path / f"{game}-400.png"), full_page=True)  # (the docs' are mid-game: board_screenshot)
    assert page.evaluate("document.documentElement.scrollWidth") <= 400
    header = page.locator("header").bounding_box()
    assert header["width"] <= 400
    # the shell's tap targets: at least 24 px either way (the games' boards draw their own)
    small = page.evaluate("""() => [...document.querySelectorAll(
        'header a, #instance-panel button, #instance-panel select, #instance-panel input, summary,'
        + ' #stepper button, #solve-panel button, #solve-panel select, #solve-panel input')]
      .filter((e) => e.getClientRects().length)
      .map((e) => [e.id || e.textContent.trim().slice(0, 20), e.getBoundingClientRect()])
      .filter(([, r]) => r.width < 24 || r.height < 24)
      .map(([name, r]) => `${name}: ${Math.round(r.width)}x${Math.round(r.height)}`)""")
    assert not small, small


def test_a_page_left_behind_stays_quiet(page, server) -> None:
    """The bots of the aMAZEing page play on by themselves: after the reader went to another game,
    their page sends nothing more and draws nothing (ctx.active), the new page stays as it is."""
    page.goto(f"{server.url}/#amazeing")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#examples", _first_example(page, server, "amazeing"))
    page.wait_for_selector("#board svg[data-testid='amazeing-board']")
    page.click("#am-watch")
    page.wait_for_function("document.querySelectorAll('#am-moves li').length >= 1")
    sent: list[str] = []

    def request(r) -> None:
        if "/api/games/amazeing/" in r.url:
            sent.append(r.url)

    page.on("request", request)
    page.click("#games a[data-game='labyrinth']")
    page.select_option("#examples", "small.lp")
    page.wait_for_function("document.querySelector('#lab-status').textContent.startsWith('Your move')")
    page.wait_for_timeout(1500)  # three turns of the bots, were they still playing
    assert page.locator("#board > .pk-wrap").evaluate_all("ws => ws.map((w) => w.dataset.game)") == ["lab"]
    assert page.inner_text("#lab-status").startswith("Your move: push 1 of at most 6")
    assert page.inner_text("#message") == ""
    page.remove_listener("request", request)  # the page serves the next test too
    assert len(sent) <= 1, sent  # at most the request out when the page was left, answered to nobody
