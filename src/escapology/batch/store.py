"""The results store: one SQLite table, one row per (instance content, game, engine, options).

Every finished task is written in its own transaction (WAL journal), so a batch killed at any point
(``kill -9`` included) leaves every row it had written and loses only the tasks in flight. A row's
key is (``content_hash``, ``game``, ``engine``, ``options``): a batch skips the tasks whose key is
stored (:meth:`Store.done_keys`) and ``--force`` writes over them.

The columns (:data:`COLUMNS`), also the keys of ``escapology results`` (CSV header, JSON objects):

``content_hash`` SHA-256 of the instance's text; ``game``; ``engine``; ``engine_version``;
``options`` the ``solve`` keywords and limits as JSON (``{"engine": ..., "memory": MiB, "timeout": s}``);
``path`` and ``part`` where the instance was read (``part`` counts the instances of a file of
several); ``size`` the instance's size (:attr:`escapology.games.Game.size`); ``status`` solved,
unsolvable, unknown or failed; ``answer`` the rest of the game's JSON answer (``to_json()`` less the
certificate and stats); ``certificate`` as JSON; ``verdict`` the independent checker's (valid,
rejected or unchecked) with ``verdict_detail``; ``seconds`` (load and solve) and ``check_seconds``;
``peak_memory`` in MiB; ``nodes`` (when the engine counts them); ``stats`` the engine's counters as
JSON; ``error`` why a task failed or was stopped; ``finished_at`` (UTC, ISO 8601).

A store is checked when it is opened (SQLite's ``PRAGMA quick_check``): a damaged file is an
:class:`~escapology.core.errors.InputError` (exit 2) that says what SQLite found, and
`salvage_rows` (``escapology results STORE --salvage NEW``) copies the rows still readable.
"""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterable

from escapology.core.errors import InputError
from escapology.core.resources import Closing

__all__ = ["COLUMNS", "Store", "salvage_rows", "to_csv", "to_json"]

COLUMNS: tuple[str, ...] = (
    "content_hash", "game", "engine", "engine_version", "options", "path", "part", "size", "status",
    "answer", "certificate", "verdict", "verdict_detail", "seconds", "check_seconds", "peak_memory", "nodes",
    "stats", "error", "finished_at",
)
KEY = ("content_hash", "game", "engine", "options")

_TYPES = {"part": "INTEGER", "size": "INTEGER", "seconds": "REAL", "check_seconds": "REAL",
          "peak_memory": "REAL", "nodes": "INTEGER"}
_SCHEMA = ("CREATE TABLE IF NOT EXISTS results (\n  "
           + ",\n  ".join(f"{c} {_TYPES.get(c, 'TEXT')}{' NOT NULL' if c in KEY + ('status',) else ''}"
                          for c in COLUMNS)
           + f",\n  PRIMARY KEY ({', '.join(KEY)})\n)")


class Store(Closing):
    """A results store at ``path`` (created when missing).

    >>> import tempfile, os
    >>> store = Store(os.path.join(tempfile.mkdtemp(), "escapology.db"))
    >>> store.record({"content_hash": "ab", "game": "chess", "engine": "exact", "options": "{}",
    ...               "status": "solved", "seconds": 0.5})
    >>> [(r["game"], r["status"], r["seconds"]) for r in store.rows()], store.done_keys()
    ([('chess', 'solved', 0.5)], {('ab', 'chess', 'exact', '{}')})
    >>> store.close()
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        try:
            self._db = sqlite3.connect(self.path, timeout=30.0, isolation_level=None)
            self._db.row_factory = sqlite3.Row
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute(_SCHEMA)
            damage = [r[0] for r in self._db.execute("PRAGMA quick_check")]
        except sqlite3.DatabaseError as exc:
            raise _damaged(self.path, str(exc)) from None
        if damage != ["ok"]:
            self._db.close()
            raise _damaged(self.path, "; ".join(str(d) for d in damage[:3]))
        missing = [c for c in COLUMNS if c not in {r[1] for r in self._db.execute("PRAGMA table_info(results)")}]
        if missing:
            raise InputError(f"not a results store of this version (no column {missing[0]})", file=str(path))

    def done_keys(self) -> set[tuple[str, str, str, str]]:
        """The keys (content_hash, game, engine, options) of every stored row."""
        return {tuple(r) for r in self._db.execute(f"SELECT {', '.join(KEY)} FROM results")}  # type: ignore[misc]

    def record(self, row: dict[str, Any]) -> None:
        """Write one task's row in one transaction, replacing the row of the same key."""
        values = {c: row.get(c) for c in COLUMNS}
        values["finished_at"] = values["finished_at"] or datetime.now(timezone.utc).isoformat(timespec="seconds")
        names = ", ".join(COLUMNS)
        marks = ", ".join(f":{c}" for c in COLUMNS)
        updates = ", ".join(f"{c} = excluded.{c}" for c in COLUMNS if c not in KEY)
        with self._db:  # BEGIN ... COMMIT, ROLLBACK on an exception (Ctrl-C included)
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute(f"INSERT INTO results ({names}) VALUES ({marks}) "
                             f"ON CONFLICT ({', '.join(KEY)}) DO UPDATE SET {updates}", values)

    def rows(self) -> list[dict[str, Any]]:
        """Every row, in the order (game, path, part, engine)."""
        cur = self._db.execute(f"SELECT {', '.join(COLUMNS)} FROM results ORDER BY game, path, part, engine, options")
        return [dict(r) for r in cur]

    def __len__(self) -> int:
        return int(self._db.execute("SELECT COUNT(*) FROM results").fetchone()[0])

    def close(self) -> None:
        self._db.close()


def _damaged(path: Path, said: str) -> InputError:
    """The error of a store SQLite cannot read: what it said and how to recover."""
    return InputError(f"not a results store, or a damaged one (SQLite: {said}); "
                      f"'escapology results {path} --salvage NEW.db' copies the rows still readable into a new store",
                      file=str(path))


def salvage_rows(damaged: str | Path, into: str | Path) -> tuple[int, int]:
    """Copy every row of the store ``damaged`` that SQLite can still read into a new store ``into``
    (which must not exist): ``(copied, unreadable)``. Rows are read one by one by their rowid, so a
    damaged page loses only the rows on it (and the index is not needed)."""
    damaged, into = Path(damaged), Path(into)
    if not damaged.is_file():
        raise InputError("no such results store", file=str(damaged))
    if into.exists():
        raise InputError("exists already: salvage writes a new store", file=str(into))
    try:
        src = sqlite3.connect(f"file:{damaged}?mode=ro", uri=True)
    except sqlite3.DatabaseError as exc:
        raise InputError(f"cannot be opened at all (SQLite: {exc})", file=str(damaged)) from None
    copied = unreadable = 0
    try:
        last = _last_rowid(src)
        with Store(into) as out:
            for rowid in range(1, last + 1):
                try:
                    row = src.execute(f"SELECT {', '.join(COLUMNS)} FROM results WHERE rowid = ?", (rowid,)).fetchone()
                except sqlite3.DatabaseError:
                    unreadable += 1
                    continue
                if row is None:
                    continue
                values = dict(zip(COLUMNS, row))
                if any(values[k] is None for k in KEY + ("status",)):
                    unreadable += 1
                    continue
                out.record(values)
                copied += 1
    finally:
        src.close()
    return copied, unreadable


def _last_rowid(db: sqlite3.Connection) -> int:
    """The largest rowid of the results table, by the table's b-tree, else by a scan until the
    first unreadable page (0 when nothing can be read)."""
    try:
        return int(db.execute("SELECT max(rowid) FROM results").fetchone()[0] or 0)
    except sqlite3.DatabaseError:
        pass
    last = 0
    try:
        for (rowid,) in db.execute("SELECT rowid FROM results"):
            last = max(last, int(rowid))
    except sqlite3.DatabaseError:
        pass
    return last


def open_existing(path: str | Path) -> Store:
    """A store that must exist already (``results``, ``report``)."""
    if not Path(path).is_file():
        raise InputError("no such results store (run 'escapology batch' first)", file=str(path))
    return Store(path)


def to_csv(rows: Iterable[dict[str, Any]]) -> str:
    """The rows as CSV with the header :data:`COLUMNS` (empty fields for nulls)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({c: row.get(c) for c in COLUMNS})
    return out.getvalue()


def to_json(rows: Iterable[dict[str, Any]]) -> str:
    """The rows as a JSON array of objects with the keys :data:`COLUMNS`."""
    return json.dumps([{c: row.get(c) for c in COLUMNS} for row in rows], ensure_ascii=False, indent=1) + "\n"
