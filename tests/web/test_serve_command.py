"""``escapology serve`` as a user starts it: it binds to 127.0.0.1 by default, says so, and
answers; it stops on SIGTERM."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

httpx = pytest.importorskip("httpx", reason="httpx is not installed")

sys.path.insert(0, str(Path(__file__).parent))
from webtools import free_port  # noqa: E402


def test_serve_binds_to_loopback_and_says_so(tmp_path: Path) -> None:
    port = free_port()
    store = tmp_path / "web.db"
    proc = subprocess.Popen([sys.executable, "-m", "escapology", "serve", "--port", str(port), "--store", str(store),
                             "--max-solves", "1"], stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    try:
        line = proc.stderr.readline()  # type: ignore[union-attr]
        assert f"http://127.0.0.1:{port}/" in line and "this machine only" in line and str(store) in line
        deadline = time.monotonic() + 60
        while True:
            try:
                games = httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=5).json()
                break
            except httpx.HTTPError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise
                time.sleep(0.1)
        assert [g["name"] for g in games] == ["labyrinth", "amazeing", "forest", "nemesis", "chess", "roma"]
        page = httpx.get(f"http://127.0.0.1:{port}/", timeout=5)
        assert page.status_code == 200 and '<script type="module" src="/static/js/main.js">' in page.text
        assert httpx.get(f"http://127.0.0.1:{port}/static/js/games/labyrinth.js", timeout=5).status_code == 200
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(30)
    assert store.is_file()
    assert os.path.getsize(store) > 0
