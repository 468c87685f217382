"""Positions as links: the URL's fragment names the game, the instance (a listed one by its name,
any other by its compressed text), the stored answer, the step of its certificate and the game's
own position; opening the URL in a new page shows the same."""

from __future__ import annotations

import re

LAB_HOOKS = """
export function setup(ctx) { window.testCtx = ctx; }
export function draw() {}
export function position() { return window.testPosition ?? null; }
export function restore(ctx, data) { document.body.dataset.restored = JSON.stringify(data); }
"""


def _open(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']")


def _wait_hash(page, fragment: str) -> str:
    page.wait_for_function("(f) => location.hash.includes(f)", arg=fragment)
    return page.url


def test_an_example_and_a_step_reload_in_a_new_page(page, server) -> None:
    _open(page, f"{server.url}/#labyrinth")
    page.select_option("#examples", "small.lp")
    url = _wait_hash(page, "example=small.lp")
    assert url.endswith("#labyrinth?example=small.lp")
    page.click("#solve")
    page.wait_for_selector("#answer[data-status='solved']")
    page.click("#next")
    page.click("#next")
    url = _wait_hash(page, "step=2")
    assert re.search(r"#labyrinth\?example=small\.lp&answer=[a-z]+&step=2$", url), url
    message = page.inner_text("#message")

    other = page.context.new_page()
    _open(other, url)
    other.wait_for_selector("#answer[data-status='solved']")
    assert other.input_value("#examples") == "small.lp"
    assert other.inner_text("#instance-info").startswith("small.lp")
    assert other.inner_text("#step-label").endswith("(2/3)")
    assert other.inner_text("#message") == message
    assert "valid plan with 3 pushes" in other.inner_text("#answer")
    assert other.url == url  # restoring does not change the link
    other.click("#first")
    assert _wait_hash(other, "answer=").endswith("answer=" + url.split("answer=")[1].split("&")[0])


def test_the_old_instance_name_and_an_unknown_answer(page, server) -> None:
    _open(page, f"{server.url}/#nemesis?instance=small.lp")
    page.wait_for_selector("#board[data-loaded='small.lp']")
    assert page.is_visible("#page") and page.is_hidden("#home")
    assert page.input_value("#examples") == "small.lp"
    _wait_hash(page, "example=small.lp")

    _open(page, f"{server.url}/#roma?example=example-6x6.txt&answer=nobody")
    page.wait_for_function("document.querySelector('#message').textContent.includes('not in this server')")


def test_pasted_text_travels_compressed(page, server) -> None:
    text = ("% a small board, pasted\n" + "field(1..3,1..3). init_on(1,1). goal_on(3,3).\n"
            + "".join(f"connect({x},{y},e). connect({x},{y},n).\n" for x in (1, 2, 3) for y in (1, 2, 3)) + "max_steps(2).\n")
    _open(page, f"{server.url}/#labyrinth")
    page.click("#paste-box summary")
    page.fill("#paste", text)
    page.click("#paste-load")
    url = _wait_hash(page, "text=")
    packed = url.split("text=")[1].split("&")[0]
    assert re.fullmatch(r"[A-Za-z0-9_-]+", packed) and len(packed) < len(text)  # deflate-raw, base64url
    assert url.endswith("&name=pasted.txt")

    other = page.context.new_page()
    _open(other, url)
    other.wait_for_selector("#board[data-loaded='pasted.txt']")
    assert other.input_value("#paste") == text
    assert other.input_value("#examples") == ""


def test_the_game_position_hook(page, server) -> None:
    page.context.route("**/static/js/games/labyrinth.js",
               lambda route: route.fulfill(body=LAB_HOOKS, content_type="text/javascript"))
    _open(page, f"{server.url}/#labyrinth")
    page.select_option("#examples", "small.lp")
    _wait_hash(page, "example=small.lp")
    page.evaluate("window.testPosition = {pushes: [[1, 'e']], turn: 'mine'}; window.testCtx.setPosition();")
    url = _wait_hash(page, "&pos=")

    other = page.context.new_page()
    _open(other, url)
    other.wait_for_selector("body[data-restored]")
    assert other.get_attribute("body", "data-restored") == '{"pushes":[[1,"e"]],"turn":"mine"}'


def test_an_instance_solved_before_is_named_by_its_hash(page, server) -> None:
    _open(page, f"{server.url}/#roma")
    page.select_option("#examples", "example-6x6.txt")
    page.click("#solve")
    page.wait_for_selector("#answer[data-status='solved']")
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    page.click("#solved-box summary")
    page.locator("#solved button", has_text="example-6x6.txt").first.click()
    page.wait_for_selector("#answer[data-status='solved']")
    page.keyboard.press("End")
    url = _wait_hash(page, "&step=")
    assert re.search(r"#roma\?solved=[0-9a-f]+&answer=glucose4&step=[1-9]", url), url

    other = page.context.new_page()
    _open(other, url)
    other.wait_for_selector("#answer[data-status='solved']")
    assert other.inner_text("#step-label") == page.inner_text("#step-label")
    assert other.inner_text("#instance-info").startswith("example-6x6.txt")
