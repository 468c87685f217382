"""Helpers of the web tests: a real server on 127.0.0.1 (uvicorn in a thread, its own results store
and worker processes), screenshots checked for a drawn board."""

from __future__ import annotations

import os
import socket
import threading
import time
from pathlib import Path
from typing import Iterator

import pytest

from escapology.web.settings import Settings

CHROMIUM = "/usr/bin/chromium"


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


def board_screenshot(page: object, path: Path) -> None:
    """Save a screenshot of the page and check that the board is drawn: a PNG of the page whose
    board area is not blank (several colours)."""
    from PIL import Image

    page.screenshot(path=str(path), full_page=False)  # type: ignore[attr-defined]
    board = page.locator("#board")  # type: ignore[attr-defined]
    crop = path.with_name(path.stem + "-board.png")
    board.screenshot(path=str(crop))
    with Image.open(crop) as im:
        colours = im.convert("RGB").getcolors(maxcolors=1 << 20)
    assert colours is not None and len(colours) > 8, f"the board in {crop} looks blank"
    assert path.stat().st_size > 5000
    keep_for_docs(path, f"web-{path.stem}.png", scale=0.75)


def keep_for_docs(path: Path, name: str, scale: float = 1.0) -> None:
    """With ``ESCAPOLOGY_SCREENSHOTS=DIR`` (the docs' pictures: ``docs/img``), a copy of the
    screenshot ``path`` there as ``name``, scaled and with at most 128 colours."""
    from PIL import Image

    keep = os.environ.get("ESCAPOLOGY_SCREENSHOTS")
    if keep:
        with Image.open(path) as im:
            small = im.convert("RGB").resize((round(im.width * scale), round(im.height * scale)), Image.LANCZOS)
            small.quantize(colors=128).save(Path(keep) / name, optimize=True)

