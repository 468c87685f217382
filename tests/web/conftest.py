"""The web app under test (:mod:`webtools`) and Debian's Chromium driven by Playwright."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Iterator

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # the helpers beside this file (importlib mode)
from webtools import Served, serve  # noqa: E402

CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with serve(tmp_path_factory.mktemp("web")) as served:
        yield served


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no Chromium at {CHROMIUM} (Debian's package 'chromium'; make test installs it)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield b
        b.close()


@pytest.fixture
def page(browser: object, server: Served) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 1280, "height": 860})  # type: ignore[attr-defined]
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.set_default_timeout(30_000)
    yield pg
    context.close()
    assert not errors, f"errors in the page: {errors}"
