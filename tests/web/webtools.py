"""Helpers of the web tests: a real server on 127.0.0.1 (uvicorn in a thread, its own results store
and worker processes), screenshots checked for a drawn board."""

from __future__ import annotations

import asyncio
import os
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Coroutine, Iterator, TypeVar

import pytest

from escapology.web.settings import Settings

CHROMIUM = "/usr/bin/chromium"


T = TypeVar("T")


def run_async(coro: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(coro)`` in a thread of its own: the session's Playwright (conftest.py's
    ``browser``) leaves this thread's event loop marked as running, where asyncio.run refuses to start."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Served:
    """A running server: ``url``, its ``settings`` and its ``app``."""

    def __init__(self, settings: Settings) -> None:
        import uvicorn

        from escapology.web.app import create_app

        self.settings = settings
        self.app = create_app(settings)
        self.url = f"http://127.0.0.1:{settings.port}"
        config = uvicorn.Config(self.app, host="127.0.0.1", port=settings.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> "Served":
        self.thread.start()
        deadline = time.monotonic() + 60
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.05)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(30)


def serve(tmp: Path, **overrides: object) -> Served:
    options = {"port": free_port(), "store": tmp / "escapology.db", "solve_timeout": 30.0, "max_solves": 2}
    options.update(overrides)
    return Served(Settings(**options))  # type: ignore[arg-type]


def board_screenshot(page: object, path: Path, *, docs: bool = False, narrow: int = 400) -> None:
    """Save a screenshot of the page as it is (1280 px wide) and, at the same position, one of the
    whole page ``narrow`` px wide (a phone: ``<stem>-400.png``); check both: the board drawn (its
    area not blank: several colours) and, narrow, no horizontal scroll. The page is put back to its
    width after. With ``docs`` the two are the docs' pictures (:func:`keep_for_docs`:
    ``web-<stem>.png`` at three quarters, ``web-<stem>-400.png`` at full size)."""
    size = page.viewport_size  # type: ignore[attr-defined]
    page.evaluate("window.scrollTo(0, 0)")  # type: ignore[attr-defined]
    page.screenshot(path=str(path), full_page=False)  # type: ignore[attr-defined]
    board_drawn(page, path.with_name(path.stem + "-board.png"))
    assert path.stat().st_size > 5000
    small = path.with_name(f"{path.stem}-{narrow}.png")
    page.set_viewport_size({"width": narrow, "height": 800})  # type: ignore[attr-defined]
    try:
        settle(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= narrow  # type: ignore[attr-defined]
        page.screenshot(path=str(small), full_page=True)  # type: ignore[attr-defined]
        board_drawn(page, small.with_name(small.stem + "-board.png"))
    finally:
        page.set_viewport_size(size)  # type: ignore[attr-defined]
        settle(page)
    if docs:
        keep_for_docs(path, f"web-{path.stem}.png", scale=0.75)
        keep_for_docs(small, f"web-{small.stem}.png")


def settle(page: object) -> None:
    """After a change of the window's size: the boards drawn to the width there is are drawn again
    150 ms after it (playkit.onResize); two frames more for the layout."""
    page.wait_for_timeout(300)  # type: ignore[attr-defined]
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")  # type: ignore[attr-defined]


def board_drawn(page: object, crop: Path) -> None:
    """The board (``#board``) as a picture in ``crop``: not blank (more than 8 colours)."""
    from PIL import Image

    page.locator("#board").screenshot(path=str(crop))  # type: ignore[attr-defined]
    with Image.open(crop) as im:
        colours = im.convert("RGB").getcolors(maxcolors=1 << 20)
    assert colours is not None and len(colours) > 8, f"the board in {crop} looks blank"


def keep_for_docs(path: Path, name: str, scale: float = 1.0) -> None:
    """With ``ESCAPOLOGY_SCREENSHOTS=DIR`` (the docs' pictures: ``docs/img``), a copy of the
    screenshot ``path`` there as ``name``, scaled and with at most 128 colours (chosen by the fast
    octree: the median cut, Pillow's default, merges the few saturated ones, the red goal and the
    blue avatar, into the browns and greys that fill the page)."""
    from PIL import Image

    keep = os.environ.get("ESCAPOLOGY_SCREENSHOTS")
    if keep:
        with Image.open(path) as im:
            small = im.convert("RGB").resize((round(im.width * scale), round(im.height * scale)), Image.LANCZOS)
            small.quantize(colors=128, method=Image.Quantize.FASTOCTREE).save(Path(keep) / name, optimize=True)

