"""The built wheel, installed outside the checkout: what a research user gets from ``pip install``.

The fixture builds the wheel with maturin exactly as ``make wheel`` does (same cargo folder,
``native/target/wheel``: when the crate has not changed since the last build nothing compiles; a
wheel left in ``dist/`` is never reused, since its age says nothing sound about the sources it was
built from), creates a fresh virtual environment in a temporary folder outside the checkout and
installs the wheel into it with pip (``--no-deps``, no index). The third-party dependencies are not
installed again: a ``.pth`` file in the new environment's site-packages appends the running
interpreter's site-packages to ``sys.path``, after the new environment's own. Python processes the
``.pth`` files of a site-packages directory only (``site.addsitedir``), not those of a directory a
``.pth`` line appends, so the checkout's editable install (a ``.pth`` there naming ``src/``) does
not leak in; :func:`test_the_installed_package_is_the_wheels` asserts it, with a control ``.pth``
of our own beside it.

Then, from a folder outside the checkout: ``escapology demo``, ``escapology batch`` over the
installed examples and ``escapology results``, and ``escapology serve`` with its index page, every
static file and the examples it offers. Run alone: ``pytest -m wheel``.

Building from the sdist compiles the crate from nothing (about a minute on two cores), too long for
``make test``: :func:`test_sdist_builds_the_same_wheel` runs with ``ESCAPOLOGY_SDIST_CHECK=1``.
"""

from __future__ import annotations

import importlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import sysconfig
import time
import urllib.error
import urllib.parse
import urllib.request
import zipfile
from pathlib import Path

import pytest

from escapology.games import available_games

pytestmark = pytest.mark.wheel

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "escapology"
WHEEL_TARGET = ROOT / "native" / "target" / "wheel"  # the Makefile's WHEEL_TARGET
BIN = Path(sys.executable).parent
GAMES = [g.name for g in available_games()]
#: what the wheel does not hold byte for byte (built anew) or at all (Python's caches)
NOT_COMPARED = ("__pycache__", ".pyc", ".so")

#: the content types the app must send, by suffix (Python's mimetypes says text/javascript from 3.12
#: on, and on 3.11 where the system's mime.types says so)
CONTENT_TYPES = {".html": ("text/html",), ".css": ("text/css",), ".js": ("text/javascript", "application/javascript"),
                 ".svg": ("image/svg+xml",)}


def clean_env(venv: Path) -> dict[str, str]:
    """The environment of a user of ``venv``: no PYTHONPATH (the test runs with the checkout's
    ``src`` on it), the environment's ``bin`` first on PATH."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON") and k != "VIRTUAL_ENV"}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["VIRTUAL_ENV"] = str(venv)
    return env


def run(args: list[str], *, cwd: Path, env: dict[str, str], timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


def build_wheel(out: Path) -> Path:
    """The wheel of the checkout, built by maturin into ``out`` (as ``make wheel``)."""
    maturin = BIN / "maturin"
    if shutil.which("cargo") is None or not maturin.exists():
        pytest.skip("building the wheel needs cargo and the pinned maturin (requirements.lock)")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([str(maturin), "build", "--release", "--locked", "--interpreter", sys.executable,
                           "--target-dir", str(WHEEL_TARGET), "--out", str(out)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, done.stderr[-3000:]
    wheels = list(out.glob("escapology-*-abi3-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def install(wheel: Path, venv: Path, control: Path) -> Path:
    """A fresh virtual environment ``venv`` with ``wheel`` installed by pip and the running
    interpreter's site-packages appended; returns its site-packages."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    py = venv / "bin" / "python"
    # pip from this environment installs into the new one (--python), seeing nothing else
    done = run([sys.executable, "-m", "pip", "--python", str(py), "install", "--no-deps", "--no-index",
                "--no-cache-dir", "--disable-pip-version-check", "--quiet", str(wheel)],
               cwd=venv, env=clean_env(venv))
    assert done.returncode == 0, done.stderr
    site = Path(run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                    cwd=venv, env=clean_env(venv)).stdout.strip())
    assert site.is_relative_to(venv)
    # the control: a directory holding a .pth that would add `leaked` if .pth files of appended
    # directories were processed
    control.mkdir()
    (control / "control.pth").write_text(f"{control / 'leaked'}\n")
    (control / "leaked").mkdir()
    ours = sysconfig.get_paths()
    deps = list(dict.fromkeys([ours["purelib"], ours["platlib"]]))
    (site / "_escapology_test_deps.pth").write_text("".join(f"{p}\n" for p in (*deps, control)))
    return site


class Installed:
    """The fresh environment with the wheel: its folder, site-packages, a work folder and env."""

    def __init__(self, wheel: Path, venv: Path, site: Path, work: Path, control: Path) -> None:
        self.wheel, self.venv, self.site, self.work, self.control = wheel, venv, site, work, control
        self.package = site / "escapology"
        self.env = clean_env(venv)

    def escapology(self, *args: str, timeout: float = 300) -> subprocess.CompletedProcess:
        return run([str(self.venv / "bin" / "escapology"), *args], cwd=self.work, env=self.env, timeout=timeout)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    base = tmp_path_factory.mktemp("wheel")
    assert not base.resolve().is_relative_to(ROOT), "the temporary folder must be outside the checkout"
    wheel = build_wheel(base / "dist")
    venv = base / "venv"
    site = install(wheel, venv, base / "control")
    work = base / "work"
    work.mkdir()
    return Installed(wheel, venv, site, work, base / "control")


def package_files(folder: Path) -> set[str]:
    """The files under ``folder`` (following the link to the examples), relative, without caches."""
    out = set()
    for dirpath, dirnames, filenames in os.walk(folder, followlinks=True):
        dirnames[:] = [d for d in dirnames if d != "__pycache__"]
        for name in filenames:
            if not name.endswith(NOT_COMPARED):
                out.add(str((Path(dirpath) / name).relative_to(folder)))
    return out


def test_the_wheel_holds_every_file_of_the_package(installed: Installed) -> None:
    """Every file of ``src/escapology`` (the modules, the .lp encodings, the web app's static
    files, the examples) is installed, byte for byte, and the native extension with them."""
    ours, theirs = package_files(PACKAGE), package_files(installed.package)
    assert ours - theirs == set(), "missing from the wheel"
    assert theirs - ours == set(), "in the wheel but not in the checkout"
    for rel in sorted(ours):
        assert (installed.package / rel).read_bytes() == (PACKAGE / rel).read_bytes(), rel
    for must in ("_native.abi3.so", "labyrinth/encoding.lp", "forest/forest.lp", "web/static/index.html",
                 "examples/labyrinth/small.lp", "examples/roma/example-6x6.txt"):
        assert (installed.package / must).is_file(), must
    assert not (installed.package / "examples").is_symlink()
    assert not (installed.site / "examples").exists()  # nothing beside the package in site-packages
    # a folder per game, and the notebook of the tutorial (docs/tutorial.md, "In a notebook")
    assert sorted(p.name for p in (installed.package / "examples").iterdir()) == sorted([*GAMES, "tutorial.ipynb"])


PROBE = """
import importlib.metadata, json, sys
import escapology, escapology._native, typer
from escapology.core.examples import EXAMPLES
from escapology.web.settings import default_examples
print(json.dumps({"escapology": escapology.__file__, "native": escapology._native.__file__,
                  "typer": typer.__file__, "path": sys.path, "prefix": sys.prefix,
                  "dist": str(importlib.metadata.distribution("escapology").locate_file("")),
                  "version": importlib.metadata.version("escapology"),
                  "examples": str(EXAMPLES), "web_examples": str(default_examples())}))
"""


def editable_paths() -> list[Path]:
    """The folders the running interpreter's ``.pth`` files add (the editable install's among them)."""
    out = []
    for site in {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}:
        for pth in Path(site).glob("*.pth"):
            for line in pth.read_text(encoding="utf-8").splitlines():
                if line.strip() and not line.startswith(("#", "import")) and Path(line.strip()).is_dir():
                    out.append(Path(line.strip()).resolve())
    return out


def test_the_installed_package_is_the_wheels(installed: Installed) -> None:
    """``import escapology`` in the new environment finds the wheel's copy, not the checkout's: no
    ``sys.path`` entry in the checkout or added by a ``.pth`` of the appended site-packages (the
    editable install's, and our control's), while the dependencies come from there."""
    done = run([str(installed.venv / "bin" / "python"), "-c", PROBE], cwd=installed.work, env=installed.env)
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout)
    assert Path(got["prefix"]) == installed.venv
    for key in ("escapology", "native", "examples", "web_examples"):
        assert Path(got[key]).is_relative_to(installed.package), (key, got[key])
    assert Path(got["dist"]).resolve() == installed.site.resolve()
    assert got["version"] == installed.wheel.name.split("-")[1]
    deps = Path(sysconfig.get_paths()["purelib"])
    assert Path(got["typer"]).is_relative_to(deps)
    path = [Path(p).resolve() for p in got["path"] if p]
    assert path.index(installed.site.resolve()) < path.index(deps.resolve())
    # the dependencies' folders are the running interpreter's, which may be the checkout's .venv
    appended = {Path(p).resolve() for p in (sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"])}
    assert not [p for p in path if p.is_relative_to(ROOT) and p not in appended], "the checkout leaked into sys.path"
    assert (installed.control / "leaked").resolve() not in path, "a .pth of an appended folder was processed"
    leaks = [p for p in editable_paths() if p in path]
    assert leaks == [], f"the running interpreter's .pth files leaked: {leaks}"


def test_demo_answers_every_game(installed: Installed) -> None:
    done = installed.escapology("demo")
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    out = done.stdout
    assert "demo failed" not in out and "REJECTED" not in out
    for game in GAMES:
        example = importlib.import_module(f"escapology.{game}.cli").EXAMPLE
        assert f" {game} " in out, f"no section for {game}"
        assert f"{example.name}: " in out, f"{game}'s demo did not read its shipped example {example.name}"
    # every game's answer went through its checker
    assert len(re.findall(r"checker: (valid|accepted)", out)) >= len(GAMES), out


def test_batch_over_the_installed_examples(installed: Installed) -> None:
    examples = installed.package / "examples"
    store = installed.work / "batch.db"
    done = installed.escapology("batch", str(examples), "--store", str(store), "--jobs", "2",
                                "--timeout", "120", "--format", "json")
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    summary = json.loads(done.stdout)
    assert summary["tasks"] > 0 and summary["done"] == summary["tasks"] == summary["solved"], summary
    assert summary["failed"] == summary["rejected"] == summary["unknown"] == 0, summary
    # only the formulas of the reductions and the tutorial's notebook are no game's instance
    assert all(Path(p).suffix in (".cnf", ".qdimacs", ".ipynb") for p in summary["ignored"]), summary["ignored"]
    done = installed.escapology("results", str(store), "--format", "json")
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)
    assert len(rows) == summary["done"]
    assert {r["game"] for r in rows} == set(GAMES)
    for r in rows:
        assert Path(r["path"]).is_relative_to(examples), r["path"]
        assert (r["status"], r["verdict"]) == ("solved", "valid"), (r["path"], r["status"], r["verdict"])


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fetch(url: str, data: bytes | None = None) -> tuple[int, str, bytes]:
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"} if data else {})
    try:
        with urllib.request.urlopen(request, timeout=60) as r:
            return r.status, r.headers.get("content-type", ""), r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get("content-type", ""), e.read()


def references(url: str, body: bytes) -> set[str]:
    """The same-site URLs an HTML page (``src``, ``href``) or an ES module (static ``import``s)
    names, absolute."""
    text = body.decode("utf-8")
    if url.endswith(".js"):
        found = re.findall(r"""^\s*import\b[^;]*?\bfrom\s*["']([^"']+)["']""", text, re.M | re.S)
    else:
        found = re.findall(r'(?:src|href)="([^"#][^"]*)"', text)
    here = urllib.parse.urlsplit(url).netloc
    return {u for u in (urllib.parse.urljoin(url, ref) for ref in found) if urllib.parse.urlsplit(u).netloc == here}


@pytest.fixture
def server(installed: Installed):
    port = free_port()
    log = (installed.work / "serve.log").open("w+")
    proc = subprocess.Popen([str(installed.venv / "bin" / "escapology"), "serve", "--port", str(port),
                             "--store", str(installed.work / "web.db"), "--max-solves", "1"],
                            cwd=installed.work, env=installed.env, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120  # a bound on waiting, not an assertion on the time taken
        while True:
            if proc.poll() is not None:
                log.seek(0)
                pytest.fail(f"escapology serve exited with {proc.returncode}: {log.read()[-2000:]}")
            try:
                fetch(url + "/api/games")
                break
            except (urllib.error.URLError, ConnectionError):
                assert time.monotonic() < deadline, "escapology serve did not answer"
                time.sleep(0.2)
        yield url
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=30)
        log.close()


def test_web_app_serves_its_pages_and_examples(installed: Installed, server: str) -> None:
    """The index page, every file it references (crawled: the stylesheets, the modules and what
    they import), every file of the installed ``static/`` and the examples of every game."""
    status, ctype, body = fetch(server + "/")
    assert status == 200 and ctype.startswith("text/html"), (status, ctype)
    seen: dict[str, tuple[int, str]] = {}
    todo = references(server + "/", body)
    assert server + "/static/js/main.js" in todo and server + "/static/app.css" in todo, todo
    while todo:
        url = todo.pop()
        status, ctype, body = fetch(url)
        seen[url] = (status, ctype)
        assert status == 200, (url, status)
        suffix = ".svg" if url.endswith("/favicon.ico") else Path(url).suffix
        assert ctype.startswith(CONTENT_TYPES[suffix]), (url, ctype)
        todo |= references(url, body) - set(seen)
    assert any(u.endswith("/static/js/svg.js") for u in seen), "the modules' imports were not followed"
    static = installed.package / "web" / "static"
    files = sorted(p for p in static.rglob("*") if p.is_file())
    assert len(files) == len(package_files(PACKAGE / "web" / "static"))
    for path in files:
        status, ctype, body = fetch(f"{server}/static/{path.relative_to(static)}")
        assert status == 200 and body == path.read_bytes(), path
        assert ctype.startswith(CONTENT_TYPES[path.suffix]), (path, ctype)
    for game in GAMES:
        status, _, body = fetch(f"{server}/api/games/{game}/instances")
        assert status == 200, (game, status)
        names = json.loads(body)["examples"]
        assert names and all((installed.package / "examples" / game / n).is_file() for n in names), (game, names)
        status, _, body = fetch(f"{server}/api/games/{game}/instances/examples/{names[0]}")
        assert status == 200, (game, status, body[:300])
        text = json.loads(body)["text"]
        assert text == (installed.package / "examples" / game / names[0]).read_text(encoding="utf-8")
        status, _, body = fetch(f"{server}/api/games/{game}/load",
                                json.dumps({"text": text, "name": names[0]}).encode())
        assert status == 200, (game, status, body[:300])
        assert json.loads(body)["game"] == game


@pytest.mark.skipif(os.environ.get("ESCAPOLOGY_SDIST_CHECK") != "1",
                    reason="compiles the crate from nothing (~1 min): set ESCAPOLOGY_SDIST_CHECK=1")
def test_sdist_builds_the_same_wheel(installed: Installed, tmp_path: Path) -> None:
    """``maturin sdist``, then ``pip wheel`` from it (offline, in a cargo folder of its own): the
    same files as the wheel built from the checkout, the same bytes but for the compiled
    extension and the build's own records, and its demo answers."""
    done = run([str(BIN / "maturin"), "sdist", "--out", str(tmp_path / "sdist")], cwd=ROOT,
               env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    assert done.returncode == 0, done.stderr
    (sdist,) = (tmp_path / "sdist").glob("escapology-*.tar.gz")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env |= {"CARGO_TARGET_DIR": str(tmp_path / "target"), "PATH": f"{BIN}{os.pathsep}{env.get('PATH', '')}"}
    done = run([sys.executable, "-m", "pip", "wheel", str(sdist), "--no-deps", "--no-build-isolation",
                "--no-index", "--no-cache-dir", "--disable-pip-version-check", "-w", str(tmp_path / "wheels")],
               cwd=tmp_path, env=env, timeout=1800)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    (built,) = (tmp_path / "wheels").glob("escapology-*.whl")
    ours, theirs = zipfile.ZipFile(installed.wheel), zipfile.ZipFile(built)
    assert set(ours.namelist()) == set(theirs.namelist())
    own = re.compile(r"(\.so|/RECORD|/WHEEL|\.cyclonedx\.json)$")  # compiled anew, or the build's records
    differ = [n for n in ours.namelist() if not own.search(n) and ours.read(n) != theirs.read(n)]
    assert differ == []
    venv = tmp_path / "venv"
    install(built, venv, tmp_path / "control")
    done = run([str(venv / "bin" / "escapology"), "demo"], cwd=tmp_path, env=clean_env(venv))
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
