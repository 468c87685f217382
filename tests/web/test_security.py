"""What keeps other pages away from the served app (issue 32): a foreign ``Host`` is refused (DNS
rebinding), every response carries the security headers, job ids cannot be guessed."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

httpx = pytest.importorskip("httpx", reason="httpx is not installed")

from escapology.web.security import CSP, allowed_hosts, new_job_id  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))
from webtools import serve  # noqa: E402

SMALL = "field(1..2,1..2). init_on(1,1). goal_on(2,2). connect(1,1,e). connect(2,2,w). max_steps(1).\n"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    with serve(tmp_path_factory.mktemp("security"), allowed_hosts=("escapology.test",)) as s:
        yield s


def test_the_allow_list_names_loopback_host_and_extras() -> None:
    assert set(allowed_hosts("127.0.0.1")) == {"127.0.0.1", "localhost", "::1", "[::1]"}
    assert "192.168.1.5" in allowed_hosts("192.168.1.5")
    assert allowed_hosts("0.0.0.0") == ["*"] and allowed_hosts("::") == ["*"]
    assert "*" not in allowed_hosts("0.0.0.0", ["box.lan"]) and "box.lan" in allowed_hosts("0.0.0.0", ["box.lan"])


def test_a_foreign_host_is_refused_and_the_served_ones_answer(served) -> None:  # type: ignore[no-untyped-def]
    port = served.url.rsplit(":", 1)[1].rstrip("/")
    with httpx.Client(base_url=served.url, timeout=30) as client:
        assert client.get("/api/games").status_code == 200  # Host: 127.0.0.1:port
        for host in (f"localhost:{port}", f"escapology.test:{port}"):
            assert client.get("/api/games", headers={"Host": host}).status_code == 200, host
        for host in (f"attacker.example:{port}", "attacker.example", f"127.0.0.1.attacker.example:{port}"):
            r = client.get("/api/games", headers={"Host": host})
            assert r.status_code == 400, host
            r = client.post("/api/games/labyrinth/solve", headers={"Host": host}, json={"text": SMALL})
            assert r.status_code == 400, host


@pytest.mark.parametrize("path", ["/", "/api/games", "/static/js/main.js", "/favicon.ico", "/api/jobs/nothing"])
def test_every_response_carries_the_security_headers(served, path: str) -> None:  # type: ignore[no-untyped-def]
    r = httpx.get(served.url.rstrip("/") + path, timeout=30)
    assert r.headers["content-security-policy"] == CSP
    assert r.headers["x-frame-options"] == "DENY"
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "no-referrer"
    assert "frame-ancestors 'none'" in CSP and "script-src 'self';" in CSP and "unsafe" not in CSP


def test_job_ids_are_128_random_bits(served) -> None:  # type: ignore[no-untyped-def]
    ids = {new_job_id() for _ in range(1000)}
    assert len(ids) == 1000 and all(re.fullmatch(r"[0-9a-f]{32}", i) for i in ids)
    with httpx.Client(base_url=served.url, timeout=60) as client:
        jobs = [client.post("/api/games/labyrinth/solve", json={"text": SMALL, "name": "small.lp"}).json()["job"]
                for _ in range(2)]
    assert all(re.fullmatch(r"[0-9a-f]{32}", j) for j in jobs) and jobs[0] != jobs[1]


EXAMPLES = {"labyrinth": "small.lp", "amazeing": "published.json", "forest": "glade.lp", "nemesis": "small.lp",
            "chess": "teleport.txt", "roma": "example-6x6.txt"}


@pytest.mark.parametrize("game", sorted(EXAMPLES))
def test_every_page_works_under_its_content_security_policy(browser, server, page_errors, game: str) -> None:  # type: ignore[no-untyped-def]
    """The policy enforced (the other browser tests bypass it to run their own scripts): the page
    loads an example, draws it, solves it and steps once, with no violation (Chromium reports each
    as a console error, which fails the test) -- locators only, no script of the test's."""
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    context.on("page", page_errors.watch)
    violations: list[str] = []
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    pg.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
    try:
        pg.goto(f"{server.url}/#{game}?example={EXAMPLES[game]}")
        pg.locator("#board svg").first.wait_for()
        pg.locator("#solve:not([disabled])").click()
        pg.locator("#answer[data-status]").wait_for()
        pg.locator("#answer[data-status='solved']").or_(pg.locator("#answer[data-status='unsolvable']")).wait_for()
        if pg.locator("#next").is_visible():
            pg.locator("#next").click()
    finally:
        context.close()
    assert not violations, violations
    assert not page_errors.unexpected(), page_errors.unexpected()
