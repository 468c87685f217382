"""A small load test on 127.0.0.1: 50 small solves sent at once are all answered (solved, the
checker agreeing), none lost, while the server keeps answering other requests."""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

import pytest

httpx = pytest.importorskip("httpx", reason="httpx is not installed")

from escapology.labyrinth import generate  # noqa: E402
from escapology.web.views.labyrinth import to_text  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))
from webtools import run_async, serve  # noqa: E402

SOLVES = 50
BUDGET = 180.0  # seconds for the whole test, a bound, not a measurement


async def _run(url: str, texts: list[str]) -> tuple[list[dict], list[float]]:
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        pings: list[float] = []
        done = asyncio.Event()

        async def ping() -> None:
            while not done.is_set():
                start = time.monotonic()
                r = await client.get("/api/games")
                assert r.status_code == 200
                pings.append(time.monotonic() - start)
                await asyncio.sleep(0.05)

        async def one(i: int, text: str) -> dict:
            r = await client.post("/api/games/labyrinth/solve", json={"text": text, "name": f"load-{i}.lp"})
            assert r.status_code == 200, r.text
            job = r.json()["job"]
            while True:
                state = (await client.get(f"/api/jobs/{job}")).json()
                if state["state"] in ("done", "cancelled", "failed"):
                    return state
                await asyncio.sleep(0.1)

        pinger = asyncio.create_task(ping())
        answers = await asyncio.wait_for(asyncio.gather(*(one(i, t) for i, t in enumerate(texts))), BUDGET)
        done.set()
        await pinger
        return answers, pings


def test_fifty_concurrent_small_solves(tmp_path: Path) -> None:
    texts = [to_text(generate(size=5, seed=seed)) for seed in range(SOLVES)]
    with serve(tmp_path, max_solves=2) as served:
        answers, pings = run_async(_run(served.url, texts))
        stored = served.app.state.store.call("solved", "labyrinth", 1000)
    assert len(answers) == SOLVES
    assert all(a["state"] == "done" for a in answers)
    statuses = {a["answer"]["status"] for a in answers}
    assert statuses <= {"solved", "unsolvable"}, statuses
    assert all(a["answer"]["verdict"] in ("valid", "unchecked") for a in answers)
    assert len({a["answer"]["content_hash"] for a in answers}) == len(stored) == len(set(texts))
    assert len(pings) >= 3 and max(pings) < 10.0  # the server answered throughout
