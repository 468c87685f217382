"""The web app's memory: the batch runs' SQLite results store, plus the text of each instance.

Solves are recorded as rows of the batch's store (:class:`escapology.batch.store.Store`, the same
columns, so ``escapology results`` and ``escapology report`` read them too); the row keeps the
instance's hash but not its text, so the web app adds a table ``web_instances`` (hash, game, name,
text) beside ``results`` in the same file: after a restart, a page lists the instances solved
before and loads them again with their answers.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import tempfile
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from escapology.batch.store import Store
from escapology.core.errors import InputError

__all__ = ["WebStore"]

_SCHEMA = """CREATE TABLE IF NOT EXISTS web_instances (
  content_hash TEXT NOT NULL,
  game TEXT NOT NULL,
  name TEXT,
  text TEXT NOT NULL,
  added_at TEXT,
  PRIMARY KEY (content_hash, game)
)"""


class WebStore:
    """The store at ``path`` (``None``: a temporary file, gone with the process). The batch's
    :class:`Store` writes the rows; a connection of its own keeps the instances' texts."""

    def __init__(self, path: Path | None) -> None:
        if path is None:
            self._tmp = tempfile.TemporaryDirectory(prefix="escapology-web-")
            path = Path(self._tmp.name) / "escapology.db"
        self.path = path
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="escapology-store")
        self._thread.submit(self._open).result()

    def _open(self) -> None:
        self._store = Store(self.path)
        try:
            self._db = sqlite3.connect(self.path, timeout=30.0, isolation_level=None)
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute(_SCHEMA)
        except sqlite3.DatabaseError as exc:
            raise InputError(f"not a results store ({exc})", file=str(self.path)) from None

    async def run(self, method: str, *args: Any) -> Any:
        """``await store.run("record", row)``: the method on the store's own thread."""
        return await asyncio.get_running_loop().run_in_executor(self._thread, getattr(self, method), *args)

    def call(self, method: str, *args: Any) -> Any:
        """The same, waiting (outside the event loop: tests, scripts)."""
        return self._thread.submit(getattr(self, method), *args).result()

    def add_instance(self, content_hash: str, game: str, name: str, text: str) -> None:
        self._db.execute("INSERT OR IGNORE INTO web_instances VALUES (?, ?, ?, ?, ?)",
                         (content_hash, game, name, text, datetime.now(timezone.utc).isoformat(timespec="seconds")))

    def record(self, row: dict[str, Any]) -> None:
        self._store.record(row)

    def instance(self, content_hash: str, game: str) -> dict[str, Any] | None:
        r = self._db.execute("SELECT name, text FROM web_instances WHERE content_hash = ? AND game = ?",
                             (content_hash, game)).fetchone()
        return None if r is None else {"name": r[0], "text": r[1]}

    def solved(self, game: str, limit: int = 50) -> list[dict[str, Any]]:
        """The latest answers of ``game`` whose instance the web app kept, newest first."""
        return self._answers("r.game = ?", (game,), limit)

    def answer(self, content_hash: str, game: str, engine: str) -> dict[str, Any] | None:
        """The latest answer of ``engine`` to the kept instance ``content_hash`` (as :meth:`solved`'s rows)."""
        found = self._answers("r.game = ? AND r.content_hash = ? AND r.engine = ?", (game, content_hash, engine), 1)
        return found[0] if found else None

    def _answers(self, where: str, args: tuple[Any, ...], limit: int) -> list[dict[str, Any]]:
        rows = self._db.execute(
            "SELECT r.content_hash, i.name, r.engine, r.status, r.verdict, r.seconds, r.finished_at, "
            "r.answer, r.certificate, r.error, r.verdict_detail FROM results r JOIN web_instances i "
            f"ON r.content_hash = i.content_hash AND r.game = i.game WHERE {where} "
            "ORDER BY r.finished_at DESC LIMIT ?", (*args, limit)).fetchall()
        return [{"content_hash": r[0], "name": r[1], "engine": r[2], "status": r[3], "verdict": r[4],
                 "seconds": r[5], "finished_at": r[6], "answer": _json(r[7]), "certificate": _json(r[8]),
                 "error": r[9], "verdict_detail": r[10]} for r in rows]

    def _close(self) -> None:
        self._store.close()
        self._db.close()

    def close(self) -> None:
        self._thread.submit(self._close).result()
        self._thread.shutdown()


def _json(text: str | None) -> Any:
    return None if text is None else json.loads(text)
