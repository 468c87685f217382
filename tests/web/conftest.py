"""The web app under test (:mod:`webtools`) and Debian's Chromium driven by Playwright.

Every test's ``page`` fails at teardown when the page wrote an error to the console or raised an
uncaught exception (``pageerror``): the messages are in the failure. A test that provokes an error
on purpose (a bad instance answered with a 422, which Chromium logs as a failed resource) says so
with ``page_errors.allow("status of 422")``.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import Iterator

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # the helpers beside this file (importlib mode)
from webtools import Served, serve  # noqa: E402

CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    # one server (and results store) for the page tests of a session: each test reads back only
    # what it solved itself; started for each module it took its two worker processes (about 0.6 s
    # CPU) and some 1.5 s. A module that needs other settings has a fixture `server` of its own.
    with serve(tmp_path_factory.mktemp("web")) as served:
        yield served


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    # one Chromium for the session (and one page, see Tab); launched for each module it took about a
    # second of CPU and two of waiting.
    # While it runs, Playwright marks this thread's event loop as running between its calls:
    # asyncio.run here refuses to start, so the tests that run a loop use webtools.run_async.
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no Chromium at {CHROMIUM} (Debian's package 'chromium'; make test installs it)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield b
        b.close()


class PageErrors:
    """The console errors, uncaught exceptions and refused requests (status 400 or more) of the
    pages a test opens."""

    def __init__(self) -> None:
        self.seen: list[str] = []
        self.allowed: list[re.Pattern[str]] = []
        self._handlers: list[tuple[object, str, object]] = []

    def allow(self, pattern: str) -> None:
        """An error matching ``pattern`` (a regular expression) is expected: it does not fail the test."""
        self.allowed.append(re.compile(pattern))

    def watch(self, pg: object) -> None:
        def console(msg: object) -> None:
            if msg.type == "error":  # type: ignore[attr-defined]
                where = msg.location or {}  # type: ignore[attr-defined]
                self.seen.append(f"console: {msg.text} ({where.get('url', '?')}:{where.get('lineNumber', '?')})")  # type: ignore[attr-defined]

        def response(r: object) -> None:  # a request the server refused or failed (the icon too)
            if r.status >= 400:  # type: ignore[attr-defined]
                self.seen.append(f"response: status of {r.status} {r.url}")  # type: ignore[attr-defined]

        def pageerror(exc: object) -> None:
            self.seen.append(f"pageerror: {exc}")

        for event, handler in (("console", console), ("pageerror", pageerror), ("response", response)):
            pg.on(event, handler)  # type: ignore[attr-defined]
            self._handlers.append((pg, event, handler))

    def unwatch(self) -> None:
        """Stop watching every page :meth:`watch` was given (the session's page is used again)."""
        for pg, event, handler in self._handlers:
            try:
                pg.remove_listener(event, handler)  # type: ignore[attr-defined]
            except Exception:  # a page closed meanwhile: nothing left to remove
                pass
        self._handlers.clear()

    def unexpected(self) -> list[str]:
        return [m for m in self.seen if not any(p.search(m) for p in self.allowed)]


@pytest.fixture
def page_errors() -> PageErrors:
    return PageErrors()


VIEWPORT = {"width": 1280, "height": 860}


class Tab:
    """The session's browser context and page, handed from test to test and left by each as it was
    found: on ``about:blank``, no other page, no routes, no cookies or storage of the server's
    origin, the usual viewport. A new page costs a renderer process (0.7 s of CPU each, some 75 s
    of the page tests' 186 s on the 2-core machine); going back to the same site in the same page
    keeps it (0.15 s). A page that cannot be reset is replaced by a new context."""

    def __init__(self, browser: object) -> None:
        self.browser = browser
        self.context: object | None = None
        self.page: object | None = None

    def get(self) -> tuple[object, object]:
        if self.page is None or self.page.is_closed():  # type: ignore[attr-defined]
            self.close()
            # bypass_csp: the tests' own scripts (wait_for_function, evaluate) run as strings, which the
            # app's Content-Security-Policy forbids; tests/web/test_security.py plays the pages under it
            self.context = self.browser.new_context(viewport=VIEWPORT, bypass_csp=True)  # type: ignore[attr-defined]
            self.page = self.context.new_page()  # type: ignore[attr-defined]
        self.page.set_default_timeout(30_000)  # type: ignore[attr-defined]
        return self.context, self.page

    def reset(self, origin: str) -> None:
        ctx, pg = self.context, self.page
        try:
            for other in list(ctx.pages):  # type: ignore[attr-defined]
                if other is not pg:
                    other.close()
            ctx.unroute_all(behavior="ignoreErrors")  # type: ignore[attr-defined]
            pg.unroute_all(behavior="ignoreErrors")  # type: ignore[attr-defined]
            pg.goto("about:blank")  # type: ignore[attr-defined]
            ctx.clear_cookies()  # type: ignore[attr-defined]
            cdp = ctx.new_cdp_session(pg)  # type: ignore[attr-defined]
            cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
            cdp.detach()
            pg.set_viewport_size(VIEWPORT)  # type: ignore[attr-defined]
        except Exception:  # a crashed or stuck page: the next test gets a new context
            self.close()

    def close(self) -> None:
        if self.context is not None:
            try:
                self.context.close()  # type: ignore[attr-defined]
            except Exception:
                pass
        self.context = self.page = None


@pytest.fixture(scope="session")
def tab(browser: object) -> Iterator[Tab]:
    t = Tab(browser)
    yield t
    t.close()


@pytest.fixture
def page(tab: Tab, server: Served, page_errors: PageErrors) -> Iterator[object]:
    context, pg = tab.get()
    page_errors.watch(pg)
    context.on("page", page_errors.watch)  # type: ignore[attr-defined]  # a second page of the test too
    yield pg
    context.remove_listener("page", page_errors.watch)  # type: ignore[attr-defined]
    page_errors.unwatch()
    tab.reset(server.url)
    unexpected = page_errors.unexpected()
    assert not unexpected, "errors in the page:\n" + "\n".join(unexpected)
