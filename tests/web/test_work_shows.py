"""Work that shows itself: a solve's status ticks at least twice a second with the search's fields,
a slow move of play shows "thinking…" with its seconds, and Cancel stops a long native search (the
Labyrinth's, Nemesis') while the server keeps answering. How long the cancel took is printed, not
asserted (tests assert no wall-clock times): the page must say "cancelled" well before the solve's
time limit, which only the cancel can have ended (on the 2-core VM it takes 0.1-0.5 s)."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Iterator

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from webtools import Served, serve  # noqa: E402

# every change of an element's text, with the page's clock: window.changes[id] = [[ms, text], ...]
RECORD = """(id) => {
  window.changes = window.changes || {};
  const log = window.changes[id] = [];
  const node = document.getElementById(id);
  new MutationObserver(() => log.push([performance.now(), node.hidden ? "" : node.textContent]))
    .observe(node, { childList: true, characterData: true, subtree: true, attributes: true });
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with serve(tmp_path_factory.mktemp("work"), solve_timeout=60.0) as served:
        yield served


def _generate(page, game: str, **options: object) -> None:
    page.goto(f"{page.url.split('#')[0]}#{game}")
    page.wait_for_selector("body[data-ready='1']")
    page.click("#generate-box summary")
    for name, value in options.items():
        field = page.locator(f"#generate-form [name={name}]")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(str(value))
        else:
            field.fill(str(value))
    page.click("#generate")
    page.wait_for_function("document.querySelector('#board').dataset.loaded?.includes('seed')")


#: seconds the page may take to say "cancelled": a bound far below the solves' time limit (60 s), so
#: that only the cancel can have ended the search, not a measurement
CANCELLED_BY = 20


def _cancel_within(page, seconds: float) -> float:
    page.click("#cancel")
    asked = time.monotonic()
    page.wait_for_function("document.querySelector('#solve-status').textContent.startsWith('cancelled')",
                           timeout=seconds * 1000)
    return time.monotonic() - asked


def _server_still_answers(page, server) -> None:
    assert page.request.get(f"{server.url}/api/games").ok


def test_a_long_labyrinth_search_ticks_and_is_cancelled(page, server) -> None:
    page.goto(server.url)
    _generate(page, "labyrinth", size=40, seed=1)
    assert "board side 40" in page.inner_text("#instance-info")
    page.select_option("#engine", "native")
    page.fill("#timeout", "60")
    page.evaluate(RECORD, "solve-status")
    page.click("#solve")
    page.wait_for_function("document.querySelector('#solve-status').textContent.includes('nodes')")
    page.wait_for_timeout(2000)
    changes = page.evaluate("window.changes['solve-status']")
    solving = [(t, s) for t, s in changes if s.startswith("solving, ")]
    window = [t for t, _ in solving if t >= solving[-1][0] - 1500]
    assert len(window) >= 3, solving  # at least twice a second
    assert max(b - a for a, b in zip(window, window[1:])) < 600, window
    text = page.inner_text("#solve-status")
    assert text.startswith("solving, ") and " s (labyrinth: " in text and "nodes" in text, text

    took = _cancel_within(page, CANCELLED_BY)
    print(f"cancelled after {took:.2f} s")
    assert page.is_enabled("#solve") and not page.is_enabled("#cancel")
    _server_still_answers(page, server)
    page.select_option("#examples", "small.lp")  # a second, small solve is answered
    page.click("#solve")
    page.wait_for_selector("#answer[data-status='solved']", timeout=20_000)


def test_a_long_nemesis_search_is_cancelled(page, server) -> None:
    page.goto(server.url)
    _generate(page, "nemesis", kind="random", size=60, seed=1, p=0.1)  # the exact search runs for minutes
    page.select_option("#engine", "exact")
    page.fill("#timeout", "60")
    page.click("#solve")
    page.wait_for_function("document.querySelector('#solve-status').textContent.startsWith('solving, 1.')")
    took = _cancel_within(page, CANCELLED_BY)
    print(f"cancelled after {took:.2f} s")
    _server_still_answers(page, server)
    page.select_option("#examples", "small.lp")
    page.click("#solve")
    page.wait_for_selector("#answer[data-status='solved']", timeout=20_000)


def test_a_slow_move_shows_thinking_with_its_seconds(page, server) -> None:
    page.goto(server.url)
    _generate(page, "nemesis", kind="grid", size=13, seed=1, exits=3)  # every start: about 1.5 s (9x9 took that before the automorphisms made it 0.2 s)
    page.evaluate(RECORD, "busy")
    assert page.is_hidden("#busy")
    page.click("#nem-starts")
    page.wait_for_function("document.querySelector('#message').textContent.includes('winning start')")
    shown = [s for _, s in page.evaluate("window.changes['busy']") if s]
    assert shown and all(s.startswith("thinking… ") and s.endswith(" s") for s in shown), shown
    assert len(set(shown)) >= 3, shown  # the seconds count on
    assert page.is_hidden("#busy")
