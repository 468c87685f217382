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
    # one Chromium for the session (each test still has a context of its own: no cookies, storage
    # or pages shared); launched for each module it took about a second of CPU and two of waiting.
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

        pg.on("console", console)  # type: ignore[attr-defined]
        pg.on("pageerror", lambda exc: self.seen.append(f"pageerror: {exc}"))  # type: ignore[attr-defined]
        pg.on("response", response)  # type: ignore[attr-defined]

    def unexpected(self) -> list[str]:
        return [m for m in self.seen if not any(p.search(m) for p in self.allowed)]


@pytest.fixture
def page_errors() -> PageErrors:
    return PageErrors()


@pytest.fixture
def page(browser: object, server: Served, page_errors: PageErrors) -> Iterator[object]:
    # bypass_csp: the tests' own scripts (wait_for_function, evaluate) run as strings, which the
    # app's Content-Security-Policy forbids; tests/web/test_security.py plays the pages under it
    context = browser.new_context(viewport={"width": 1280, "height": 860}, bypass_csp=True)  # type: ignore[attr-defined]
    context.on("page", page_errors.watch)  # every page of the context, also a second one
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    yield pg
    context.close()
    unexpected = page_errors.unexpected()
    assert not unexpected, "errors in the page:\n" + "\n".join(unexpected)
