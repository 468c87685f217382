"""The API without a browser: bad input is a 422 with the reason, a large body a 413, solves are
answered, time-limited and cancelled (their worker replaced), the store keeps them."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

httpx = pytest.importorskip("httpx", reason="httpx is not installed")

from escapology.games import GAMES  # noqa: E402
from escapology.labyrinth import generate  # noqa: E402
from escapology.web.views.labyrinth import to_text  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))
from webtools import serve  # noqa: E402

SMALL = "field(1..2,1..2). init_on(1,1). goal_on(2,2). connect(1,1,e). connect(2,2,w). max_steps(1).\n"


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    with serve(tmp_path_factory.mktemp("api"), solve_timeout=3.0, max_request_bytes=64 << 10) as served:
        with httpx.Client(base_url=served.url, timeout=60) as client:
            client.served = served  # type: ignore[attr-defined]
            yield client


def _wait(api, job: str, limit: float = 60.0) -> dict:  # type: ignore[no-untyped-def]
    end = time.monotonic() + limit
    while time.monotonic() < end:
        state = api.get(f"/api/jobs/{job}").json()
        if state["state"] in ("done", "cancelled", "failed"):
            return state
        time.sleep(0.05)
    raise AssertionError(f"job {job} did not end in {limit} s")


@pytest.mark.parametrize("game", [g.name for g in GAMES])
def test_a_bad_instance_is_a_422_with_the_reason(api, game: str) -> None:
    """The server refuses what the game's own ``load`` refuses, with its reason, and only that."""
    from escapology.core.errors import InputError

    module = next(g for g in GAMES if g.name == game).protocol()
    refused = 0
    for text in ("", "this is not an instance of anything (", "{\"game\": 3}", "\x00\x01", "edge(a,b"):
        try:
            module.load(text + "\n")
            expected = 200
        except InputError:
            expected = 422
        r = api.post(f"/api/games/{game}/load", json={"text": text, "name": "bad.txt"})
        assert r.status_code == expected, (game, text, r.text)
        if expected == 422:
            refused += 1
            assert isinstance(r.json()["detail"], str) and r.json()["detail"].startswith("bad.txt")
            r = api.post(f"/api/games/{game}/solve", json={"text": text, "name": "bad.txt"})
            assert r.status_code == 422, (game, text, r.text)
    assert refused >= 3


def test_text_is_never_read_as_a_server_path(api) -> None:
    r = api.post("/api/games/labyrinth/load", json={"text": "/etc/passwd", "name": "x"})
    assert r.status_code == 422 and "root:" not in r.text


def test_a_large_body_is_a_413(api) -> None:
    r = api.post("/api/games/labyrinth/load", json={"text": "%" * (70 << 10)})
    assert r.status_code == 413


def test_unknown_engine_option_and_action_are_refused(api) -> None:
    assert api.post("/api/games/labyrinth/solve", json={"text": SMALL, "engine": "magic"}).status_code == 422
    assert api.post("/api/games/labyrinth/generate", json={"options": {"size": 10_000}}).status_code == 422
    assert api.post("/api/games/labyrinth/generate", json={"options": {"colour": 1}}).status_code == 422
    assert api.post("/api/games/labyrinth/play/fly", json={"text": SMALL}).status_code == 404
    r = api.post("/api/games/labyrinth/play/move", json={"text": SMALL, "args": {"plan": [], "push": [9, "n"]}})
    assert r.status_code == 422 and "outside the board" in r.json()["detail"]
    assert api.get("/api/games/nogame/instances").status_code == 422
    assert api.get("/api/jobs/nojob").status_code == 404


def test_a_solve_is_answered_checked_and_stored(api) -> None:
    r = api.post("/api/games/labyrinth/solve", json={"text": SMALL, "name": "tiny.lp"})
    state = _wait(api, r.json()["job"])
    answer = state["answer"]
    assert answer["status"] == "solved" and answer["verdict"] == "valid"
    assert answer["certificate"] == [[1, "n", 1]]
    assert api.post("/api/games/labyrinth/check", json={"text": SMALL, "certificate": answer}).json()["valid"]
    stored = api.get("/api/games/labyrinth/solved").json()
    assert any(row["name"] == "tiny.lp" and row["status"] == "solved" for row in stored)
    digest = r.json()["content_hash"]
    assert api.get(f"/api/games/labyrinth/solved/{digest}").json()["text"] == SMALL


def test_the_event_stream_ends_with_the_answer(api) -> None:
    job = api.post("/api/games/labyrinth/solve", json={"text": SMALL}).json()["job"]
    with api.stream("GET", f"/api/jobs/{job}/events") as stream:
        events = [line.split(": ", 1)[1] for line in stream.iter_lines() if line.startswith("event: ")]
    assert events[0] == "queued" and events[-1] == "done" and "solving" in events


def test_cancel_stops_the_worker_and_the_next_solve_runs(api) -> None:
    hard = to_text(generate(size=14, seed=5, max_steps=14))
    job = api.post("/api/games/labyrinth/solve", json={"text": hard, "engine": "exhaustive"}).json()["job"]
    time.sleep(0.5)
    api.delete(f"/api/jobs/{job}")
    assert _wait(api, job, 20)["state"] == "cancelled"
    again = api.post("/api/games/labyrinth/solve", json={"text": SMALL}).json()["job"]
    assert _wait(api, again)["answer"]["status"] == "solved"


def test_the_time_limit_answers_unknown(api) -> None:
    hard = to_text(generate(size=14, seed=6, max_steps=14))
    r = api.post("/api/games/labyrinth/solve", json={"text": hard, "engine": "exhaustive", "timeout": 1000})
    assert r.json()["timeout"] == 3.0  # the server's limit
    state = _wait(api, r.json()["job"], 30)
    assert state["state"] == "done" and state["answer"]["status"] in ("unknown", "solved", "unsolvable")


def test_the_favicon_is_served(api) -> None:
    answer = api.get("/favicon.ico")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("image/svg+xml")
    assert answer.text.startswith("<svg")
