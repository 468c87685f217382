"""docs/tutorial.md cannot rot: every ``$ command`` it shows is run, and what it prints is compared
with the lines shown under it.

How a code block of the tutorial is read: a line ``$ COMMAND`` is a command (run by ``bash`` in a
scratch folder that holds a link to the project's ``examples/``, with ``escapology`` on the
``PATH``, standard error merged into standard output as a terminal shows them); the lines after it,
up to the next ``$`` line or the end of the block, are its output. In the shown output

- a line ``...`` stands for any number of lines, and ``...`` inside a line for any part of it;
- timings (``0.004 s``, ``5.8 ms``, ``"time_ms": 0.77``, ``"seconds": 0.01``) match any timing.

A command exits 0 unless its line ends with the comment ``# exit N``. ``escapology serve`` runs
until it is stopped, so it is the one command not run (the web app has its own tests,
``tests/web``). The commands of one section (``## ...``) run in order in one folder, so a later
command reads what an earlier one wrote. Every picture ``img/tutorial-NAME.svg`` the tutorial
shows must be what a shown ``render ... -o NAME.svg`` writes: the same texts (titles, axis numbers,
legend), compared as sets of strings so that a change of layout alone does not fail the test.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

import escapology

ROOT = Path(__file__).resolve().parents[2]
TUTORIAL = ROOT / "docs" / "tutorial.md"
IMG = ROOT / "docs" / "img"

#: commands shown but not run, and why
NOT_RUN = {"escapology serve": "runs until stopped; the web app is tested in tests/web"}

TIMING = [
    (re.compile(r"\b\d+(?:\.\d+)? ?(?:ms|s)\b"), "<time>"),
    (re.compile(r'("(?:seconds|time_ms)": )[0-9.eE+-]+'), r"\1<time>"),
]
EXIT = re.compile(r"#\s*exit (\d+)\s*$")
FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.S | re.M)


def sections(text: str) -> dict[str, str]:
    """The tutorial's ``## `` sections by heading (the text before the first is ``"intro"``)."""
    parts = re.split(r"^## (.+)$", text, flags=re.M)
    out = {"intro": parts[0]}
    for head, body in zip(parts[1::2], parts[2::2]):
        out[head.strip()] = body
    return out


def parse_blocks(section: str) -> list[tuple[str, list[str]]]:
    """Every ``$`` command of a section with the output lines shown under it (in its own code
    block), in order."""
    found: list[tuple[str, list[str]]] = []
    for block in FENCE.findall(section):
        current: list[str] | None = None
        for line in block.splitlines():
            if line.startswith("$ "):
                current = []
                found.append((line[2:], current))
            elif current is not None:
                current.append(line)
    return found


def normalise(text: str) -> str:
    for pattern, repl in TIMING:
        text = pattern.sub(repl, text)
    return "\n".join(line.rstrip() for line in text.splitlines())


def pattern_of(shown: list[str]) -> re.Pattern[str]:
    """A regular expression for the shown output, with its elisions."""
    parts = []
    for line in normalise("\n".join(shown)).splitlines():
        if line.strip() == "...":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            parts.append(".*?".join(re.escape(piece) for piece in line.split("...")) + r"\n")
    return re.compile("".join(parts))


def svg_texts(path: Path) -> Counter[str]:
    """The strings of an SVG's ``<text>`` elements (its titles, numbers and legend)."""
    texts: Counter[str] = Counter()
    for el in ET.parse(path).iter():
        if el.tag.rsplit("}", 1)[-1] == "text":
            s = "".join(el.itertext()).strip()
            if s:
                texts[s] += 1
    return texts


@pytest.fixture(scope="module")
def shell(tmp_path_factory):
    """``PATH`` and environment under which ``escapology`` is this checkout's, as the tutorial types it."""
    bin_dir = tmp_path_factory.mktemp("bin")
    wrapper = bin_dir / "escapology"
    wrapper.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m escapology "$@"\n', encoding="utf-8")
    wrapper.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "CLICOLOR_FORCE")}
    src = str(Path(escapology.__file__).resolve().parents[1])
    env.update(PATH=f"{bin_dir}{os.pathsep}{env.get('PATH', '')}", PYTHONUNBUFFERED="1", COLUMNS="80",
               NO_COLOR="1", TERM="dumb",
               PYTHONPATH=os.pathsep.join(p for p in (src, env.get("PYTHONPATH")) if p))
    return env


def test_the_comparison_allows_the_documented_elisions_only():
    shown = ["solved: 4 turns", "...", "turn 4 ... 29", "% 3 pushes; 0.004 s"]
    assert pattern_of(shown).fullmatch(normalise("solved: 4 turns\na\nb\nturn 4 roll 2,3: walk 3 16-22-23 29\n% 3 pushes; 12 ms") + "\n")
    assert pattern_of(shown).fullmatch(normalise("solved: 4 turns\nturn 4 to 29\n% 3 pushes; 1.5 s") + "\n")
    assert not pattern_of(shown).fullmatch(normalise("solved: 5 turns\nturn 4 to 29\n% 3 pushes; 1 s") + "\n")
    assert not pattern_of(shown).fullmatch(normalise("solved: 4 turns\nturn 4 to 29\n% 4 pushes; 1 s") + "\n")
    assert not pattern_of(shown).fullmatch(normalise("solved: 4 turns\nturn 4 to 29\n% 3 pushes; 1 s\nmore") + "\n")
    assert pattern_of(['{"unique": true, "time_ms": 0.77}']).fullmatch(normalise('{"unique": true, "time_ms": 12.5}') + "\n")
    assert not pattern_of(['{"unique": true, "time_ms": 0.77}']).fullmatch(normalise('{"unique": false, "time_ms": 0.77}') + "\n")


TEXT = TUTORIAL.read_text(encoding="utf-8")
SECTIONS = {head: body for head, body in sections(TEXT).items() if parse_blocks(body)}


def test_the_tutorial_shows_commands_for_every_game():
    names = " ".join(SECTIONS)
    for game in ("Labyrinth", "aMAZEing", "Enchanted Forest", "Nemesis", "Teleport chess", "Roma"):
        assert game in names, f"no section with commands for {game}"


@pytest.mark.parametrize("head", list(SECTIONS))
def test_every_command_prints_what_the_tutorial_shows(head, shell, tmp_path):
    (tmp_path / "examples").symlink_to(ROOT / "examples", target_is_directory=True)
    for command, shown in parse_blocks(SECTIONS[head]):
        if command.split("#")[0].strip() in NOT_RUN:
            continue
        want = EXIT.search(command)
        run = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=shell,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=120)
        assert run.returncode == (int(want.group(1)) if want else 0), f"$ {command}\n{run.stdout}"
        got = normalise(run.stdout)
        got += "\n" if got else ""
        assert pattern_of(shown).fullmatch(got), (
            f"docs/tutorial.md, section {head!r}: $ {command}\n--- shown ---\n" + "\n".join(shown)
            + f"\n--- printed ---\n{run.stdout}")
    for picture in re.findall(r"img/tutorial-([\w-]+)\.svg", SECTIONS[head]):
        written = tmp_path / f"{picture}.svg"
        assert written.exists(), f"section {head!r} shows img/tutorial-{picture}.svg but no command writes {picture}.svg"
        assert svg_texts(written) == svg_texts(IMG / f"tutorial-{picture}.svg"), (
            f"docs/img/tutorial-{picture}.svg is not what the tutorial's command draws today: run it again "
            f"with -o docs/img/tutorial-{picture}.svg")
