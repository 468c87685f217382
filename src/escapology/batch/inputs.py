"""What a batch runs: the instances named by files, directories and list files.

An input is

- a file that a game recognises (:func:`escapology.games.recognise`, the rule of
  ``escapology solve FILE``): one instance, or several when the game splits it (a file of puzz.link
  URLs holds one Roma puzzle per line, :func:`escapology.roma.split`);
- a directory: every file below it that a game recognises (hidden files and folders, and the store's
  own files, are left out; the others are counted in :attr:`Inputs.ignored`);
- a list file: a text file whose every line (blank lines and ``#`` comments aside) names an existing
  file or directory, relative to the list file's folder; each line is an input.

A file named explicitly (an argument, or a line of a list file) that no game recognises, or that
cannot be read, is an :class:`Item` with an ``error``: the batch records it as a "failed" row and
goes on. Each item carries the SHA-256 of its own text (:attr:`Item.content_hash`), so that the
same instance under another name is the same row of the store.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Iterable, Iterator, Sequence

from escapology.core.errors import InputError
from escapology.core.reading import read_text_file
from escapology.games import recognise

__all__ = ["Item", "Inputs", "collect", "content_hash"]

#: files a directory walk never reads: the store (SQLite and its journals) and its exports
STORE_SUFFIXES = (".db", ".db-wal", ".db-shm", ".db-journal", ".sqlite", ".html")


@dataclass(frozen=True)
class Item:
    """One instance to run: ``part`` is its position in ``path`` (1 for a file of one instance);
    ``text`` is what ``load`` reads when the file holds several (``None``: ``load`` reads
    ``path``); ``error`` says why it cannot run (``game`` is then ``""``)."""

    path: str
    part: int
    game: str
    content_hash: str
    text: str | None = None
    error: str | None = None


@dataclass
class Inputs:
    """The items of a batch, and the files of its directories that no game recognises."""

    items: list[Item] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)


def content_hash(text: str | bytes) -> str:
    """The SHA-256 of an instance's text (UTF-8), in hex."""
    data = text.encode("utf-8") if isinstance(text, str) else text
    return hashlib.sha256(data).hexdigest()


def collect(inputs: Sequence[str | os.PathLike[str]], *, skip: Iterable[str | os.PathLike[str]] = ()) -> Inputs:
    """The items of ``inputs`` in order, each file once (``skip``: files never read, e.g. the store).

    >>> got = collect(["examples/chess/teleport.txt", "examples/chess"])
    >>> [(Path(i.path).name, i.game) for i in got.items]
    [('teleport.txt', 'chess'), ('alice.txt', 'chess'), ('bob.txt', 'chess')]
    """
    out = Inputs()
    seen = {os.path.realpath(s) for s in skip}
    for path, explicit in _files(inputs, seen):
        _add_file(out, path, explicit)
    return out


def _files(inputs: Iterable[str | os.PathLike[str]], seen: set[str], depth: int = 0
           ) -> Iterator[tuple[str, bool]]:
    """``(file, named explicitly)`` for every input, directories walked, list files expanded."""
    for given in inputs:
        path = os.fspath(given)
        if os.path.isdir(path):
            for file in _walk(path):
                if _first_visit(file, seen):
                    yield file, False
            continue
        if not _first_visit(path, seen):
            continue
        listed = _list_entries(path) if depth < 8 and os.path.isfile(path) else None
        if listed is None:
            yield path, True
        else:
            yield from _files(listed, seen, depth + 1)


def _first_visit(path: str, seen: set[str]) -> bool:
    real = os.path.realpath(path)
    if real in seen:
        return False
    seen.add(real)
    return True


def _walk(root: str) -> Iterator[str]:
    """The files below ``root`` in sorted order, hidden ones and the store's files left out."""
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if not name.startswith(".") and not name.endswith(STORE_SUFFIXES):
                yield os.path.join(folder, name)


def _list_entries(path: str) -> list[str] | None:
    """The paths a list file names (relative to its folder), or ``None`` when ``path`` is not a
    list file: one that a game recognises, is not text, or has a line naming nothing that exists."""
    try:
        text = read_text_file(path)
    except InputError:
        return None
    lines = [ln.strip() for ln in text.splitlines()]
    lines = [ln for ln in lines if ln and not ln.startswith("#")]
    if not lines or len(lines) > 1_000_000:
        return None
    base = os.path.dirname(path)
    entries = []
    for ln in lines:
        entry = os.path.join(base, os.path.expanduser(ln))
        try:
            if not os.path.exists(entry):
                return None
        except (OSError, ValueError):
            return None
        entries.append(entry)
    if recognise(text) is not None:
        return None
    return entries


def _add_file(out: Inputs, path: str, explicit: bool) -> None:
    try:
        text = read_text_file(path)
    except InputError as exc:
        if explicit:
            out.items.append(Item(path, 1, "", _bytes_hash(path), error=str(exc)))
        else:
            out.ignored.append(path)
        return
    game = recognise(text)
    if game is None:
        if explicit:
            out.items.append(Item(path, 1, "", content_hash(text),
                                  error=f"{path}: not an instance of any game escapology knows"))
        else:
            out.ignored.append(path)
        return
    split = getattr(game.protocol(), "split", None)
    parts = split(text) if callable(split) and not isinstance(split, ModuleType) else [text]
    if len(parts) == 1 and parts[0] == text:
        out.items.append(Item(path, 1, game.name, content_hash(text)))
        return
    for k, part in enumerate(parts, start=1):
        out.items.append(Item(path, k, game.name, content_hash(part), text=part))


def _bytes_hash(path: str) -> str:
    try:
        with open(path, "rb") as fh:
            return content_hash(fh.read())
    except OSError:
        return content_hash(os.path.abspath(path))


