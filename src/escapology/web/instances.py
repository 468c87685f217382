"""Instances as the web app receives them: text (pasted, uploaded, generated, from the examples or
the shared real instances) with an optional file name, read through the game's ``load``.

Text is always read as text, never as a path on the server: it is handed to ``load`` with a final
newline (the protocol reads a string holding a newline as the text itself). A file name whose suffix
the game reads by suffix (GraphML, GML, XML, JSON) is honoured by writing the text under that name
in a private temporary folder. Whatever the reader raises is the instance's fault, reported as
:class:`BadInstance` (the API's 422) with the reason.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import re
import tempfile
from pathlib import Path
from typing import Any

from escapology.core.errors import InputError
from escapology.core.limits import Deadline, LimitReached
from escapology.games import GAMES, Game

__all__ = ["BadInstance", "content_hash", "game_named", "listing", "load_text", "read_listed", "safe_name"]

#: suffixes that some game's reader goes by
SUFFIXES = (".graphml", ".gml", ".xml", ".json", ".edgelist", ".csv", ".pzprv3", ".cnf", ".qdimacs")
#: the files each game offers from the examples folder (by suffix) and from ../shared
_SHARED = {"labyrinth": ("instances/labyrinth", "*.asp"), "forest": ("enchanted_forest", "*.xml"),
           "roma": ("instances/roma", "puzzles.jsonl")}
#: examples that are no instance of the game: the formulas the reductions read (``escapology reduce``),
#: and Roma's generalised graph, which loads but has no picture for the page
_EXAMPLE_SKIP = {"amazeing": (".cnf", ".qdimacs"), "nemesis": (".cnf", ".qdimacs"), "roma": ("graph.lp",)}


class BadInstance(Exception):
    """The text is no instance of the game: ``reason`` says why (file and line where known)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def game_named(name: str) -> Game:
    for g in GAMES:
        if g.name == name:
            return g
    raise KeyError(name)


def safe_name(name: str | None, default: str = "instance") -> str:
    """A file name without folders or odd characters.

    >>> safe_name("../../etc/passwd"), safe_name("my board.lp"), safe_name(None)
    ('passwd', 'my_board.lp', 'instance')
    """
    base = re.sub(r"[^A-Za-z0-9._-]+", "_", Path((name or "").replace("\\", "/")).name).strip("._")
    return base[:80] or default


def content_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def load_text(game: Game, text: str, name: str | None = None, *, timeout: float | None = 20.0) -> Any:
    """The game's instance from ``text``; :class:`BadInstance` with the reason when it is none."""
    module = game.protocol()
    kwargs: dict[str, Any] = {}
    if "deadline" in inspect.signature(module.load).parameters:
        kwargs["deadline"] = Deadline(timeout)
    fname = safe_name(name)
    try:
        if Path(fname).suffix.lower() in SUFFIXES:
            with tempfile.TemporaryDirectory(prefix="escapology-web-") as tmp:
                path = Path(tmp) / fname
                path.write_text(text, encoding="utf-8")
                return module.load(path, **kwargs)
        return module.load(text if text.endswith("\n") else text + "\n", **kwargs)
    except LimitReached:
        raise BadInstance(f"{fname}: reading took longer than {timeout:g} s") from None
    except InputError as exc:
        raise BadInstance(_without_tmp(str(exc), fname)) from None
    except RecursionError:
        raise BadInstance(f"{fname}: nested too deeply") from None
    except Exception as exc:  # a reader's crash on odd input is still the input's problem
        raise BadInstance(f"{fname}: {type(exc).__name__}: {exc}") from None


def _without_tmp(message: str, fname: str) -> str:
    """The reason with the temporary folder left out and ``<text>`` named by the file."""
    message = re.sub(r"/\S*escapology-web-[^/\s]*/", "", message)
    return message.replace("<text>", fname)


def listing(game: str, examples: Path | None, shared: Path | None) -> dict[str, list[str]]:
    """The names of the shipped examples and of the shared real instances of ``game``."""
    out: dict[str, list[str]] = {"examples": [], "shared": []}
    if examples is not None and (examples / game).is_dir():
        skip = _EXAMPLE_SKIP.get(game, ())
        out["examples"] = sorted(p.name for p in (examples / game).iterdir()
                                 if p.is_file() and not p.name.endswith(skip))
    if shared is not None and game in _SHARED:
        folder, pattern = _SHARED[game]
        files = sorted((shared / folder).glob(pattern)) if (shared / folder).is_dir() else []
        if game == "roma" and files:  # one puzzle a line: offer each puzzle
            out["shared"] = [f"puzzles.jsonl#{i}" for i in range(1, 1 + _jsonl_count(files[0]))]
        else:
            out["shared"] = [p.name for p in files]
    return out


def _jsonl_count(path: Path) -> int:
    return sum(1 for line in path.read_text(encoding="utf-8").splitlines() if line.strip())


def read_listed(game: str, source: str, name: str, examples: Path | None, shared: Path | None) -> tuple[str, str]:
    """``(text, name)`` of a listed example or shared instance; :class:`KeyError` when unlisted."""
    if name not in listing(game, examples, shared).get(source, []):
        raise KeyError(name)
    if source == "examples":
        assert examples is not None
        return (examples / game / name).read_text(encoding="utf-8"), name
    assert shared is not None
    folder, _ = _SHARED[game]
    if game == "roma":

        number = int(name.rpartition("#")[2])
        lines = [line for line in (shared / folder / "puzzles.jsonl").read_text(encoding="utf-8").splitlines()
                 if line.strip()]
        entry = json.loads(lines[number - 1])
        return _roma_url(entry) + "\n", f"{entry.get('id', f'puzzle-{number}')}.txt"
    return (shared / folder / name).read_text(encoding="utf-8"), name


def _roma_url(entry: dict[str, Any]) -> str:
    """A shared Roma puzzle as a puzz.link URL: its own when it has one; else (a penpa-edit URL,
    which Roma's reader does not take) the URL of its ``regions`` and ``givens``, which every
    entry of the collection also holds."""
    url = str(entry.get("orig_url") or entry.get("pzprjs_url") or "")
    if re.match(r"https?://(puzz\.link|pzv\.jp)/", url) or not ("regions" in entry and "givens" in entry):
        return url
    from escapology.roma.io import encode_url  # the Roma reader: only for these entries
    from escapology.roma.model import Puzzle  # (as above)

    return encode_url(Puzzle.from_labels(entry["regions"], entry["givens"]))
