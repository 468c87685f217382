"""Coverage-guided fuzzing of every game's reader with atheris (libFuzzer for Python).

Not a test module (pytest ignores ``tests/fuzz``, see pyproject.toml): importing it instruments
the escapology modules it loads, which must happen only in a process of its own.

Run it by hand for as long as you like (``-max_total_time=600``, ``-runs=N``; see libFuzzer's
options), or briefly from the test suite (``tests/core/test_fuzz.py``)::

    .venv/bin/python tests/fuzz/atheris_readers.py -max_total_time=60 -rss_limit_mb=4096

One input is ``[game byte][suffix byte][file bytes]``: the first byte picks the game, the second
the file suffix the reader sees (the formats differ by suffix: GraphML, pzprv3, ...), the rest is
written to a file and read with the game's protocol ``load``. The property is the one
``tests/core/test_fuzz.py`` checks through the command line: whatever the bytes, the reader
returns an instance or raises :class:`~escapology.core.errors.InputError` (a user's mistake, exit
2) or :class:`~escapology.core.limits.LimitReached` (exit 3); anything else is a crash libFuzzer
reports with the input that caused it. The seed corpus is the shipped examples, built in memory.
"""

from __future__ import annotations

import importlib
import os
import sys
import tempfile
from pathlib import Path

import atheris

with atheris.instrument_imports(include=["escapology"]):
    from escapology.core.errors import InputError
    from escapology.core.limits import LimitReached

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
GAMES = ["labyrinth", "amazeing", "forest", "nemesis", "chess", "roma"]
SUFFIXES = [".lp", ".json", ".txt", ".graphml", ".gml", ".edgelist", ".pzprv3", ".xml", ".csv"]
LOADERS = {}
with atheris.instrument_imports(include=["escapology"]):
    # The readers import their modules lazily: load every example once here, so that every module a
    # reader uses is imported (and instrumented: coverage guides the fuzzing) before it starts.
    for game in GAMES:
        LOADERS[game] = importlib.import_module(f"escapology.{game}.api").load
        for example in sorted((EXAMPLES / game).iterdir()):
            try:
                LOADERS[game](example)
            except (InputError, LimitReached):
                pass

WORKDIR = Path(tempfile.mkdtemp(prefix="escapology-fuzz-"))


def seed_corpus(directory: Path) -> None:
    """Write every shipped example, framed as an input, into ``directory``."""
    directory.mkdir(parents=True, exist_ok=True)
    for g, game in enumerate(GAMES):
        for path in sorted((EXAMPLES / game).iterdir()):
            if path.suffix in SUFFIXES:
                framed = bytes([g, SUFFIXES.index(path.suffix)]) + path.read_bytes()
                (directory / f"{game}-{path.name}").write_bytes(framed)


def one_input(data: bytes) -> None:
    if len(data) < 2:
        return
    game = GAMES[data[0] % len(GAMES)]
    path = WORKDIR / f"input{SUFFIXES[data[1] % len(SUFFIXES)]}"
    path.write_bytes(data[2:])
    try:
        LOADERS[game](path)
    except (InputError, LimitReached):
        pass


def main(argv: list[str]) -> None:
    corpus = [a for a in argv[1:] if not a.startswith("-")]
    if not corpus:  # no corpus directory given: start from the examples
        seeds = WORKDIR / "corpus"
        seed_corpus(seeds)
        argv = [*argv, str(seeds)]
    atheris.Setup(argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main(sys.argv)
