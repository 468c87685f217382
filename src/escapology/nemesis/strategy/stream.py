"""Strategy documents read from a file without holding them in memory (``nemesis-strategy`` v1).

A Nemesis strategy on the 12 x 12 grid has some 14 million nodes (850 MB of JSON); read whole,
as Python objects, it takes more than 10 GiB before any checking starts. :class:`StreamedDocument`
reads the document's top-level scalars (``format``, ``version``, ``player``, ``root``) and then
hands out its nodes one at a time, parsed by the C backend of ijson, so that a checker can store
them in flat arrays (:class:`escapology.nemesis.checkers.node_table.NodeTable`).

JSON puts no order on an object's keys: the scalars written before ``"nodes"`` are read by
parsing up to it; any written after it (the writers put ``"root"`` last, known last) are found,
when first asked for, by one more pass over the file for each (the C parser skips what it does
not need, about 2 s per 200 MB).

>>> import json, tempfile, os
>>> doc = {"format": "nemesis-strategy", "version": 1, "player": "nemesis",
...        "nodes": [{"at": "a", "trapped": True}], "root": 0}
>>> with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as fh:
...     json.dump(doc, fh)
>>> d = StreamedDocument(fh.name)
>>> d.header["player"], d.header["root"], list(d.nodes())
('nemesis', 0, [{'at': 'a', 'trapped': True}])
>>> os.unlink(fh.name)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

from escapology.core.errors import InputError

#: The top-level keys whose values are read before the nodes.
HEADER_KEYS = ("format", "version", "player", "root")
_SCALARS = ("string", "number", "boolean", "null")


def _ijson() -> Any:
    import ijson  # ijson: only strategies read as a stream need it

    return ijson


class StreamedDocument:
    """A strategy document in a file: :attr:`header` (the top-level scalars) and :meth:`nodes`."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._front: dict[str, Any] = {}
        self._header: dict[str, Any] | None = None
        ijson = _ijson()
        try:
            with open(self.path, "rb") as fh:
                self._read_header(ijson.parse(fh, use_float=True))
        except ijson.JSONError as exc:
            raise InputError(f"not JSON: {exc}", file=str(self.path)) from None

    def get(self, key: str) -> Any:
        """The top-level scalar ``key`` (None when absent): read before the nodes at once, after
        them by one more pass over the file (made only when asked for)."""
        if key in self._front:
            return self._front[key]
        return self.header.get(key)

    @property
    def header(self) -> dict[str, Any]:
        """The top-level scalars of :data:`HEADER_KEYS` the document has (one more pass over the
        file for each written after the nodes, made once)."""
        if self._header is None:
            header = dict(self._front)
            ijson = _ijson()
            try:
                for key in HEADER_KEYS:
                    if key not in header:
                        with open(self.path, "rb") as fh:
                            for value in ijson.items(fh, key, use_float=True):
                                header[key] = value
                                break
            except ijson.JSONError as exc:
                raise InputError(f"not JSON: {exc}", file=str(self.path)) from None
            self._header = header
        return self._header

    def _read_header(self, events: Iterator[tuple[str, str, Any]]) -> None:
        """The scalars at the top level before ``"nodes"`` (the parse stops there)."""
        first = next(events, None)
        if first is None or first[1] != "start_map":
            raise InputError("a strategy document is a JSON object", file=str(self.path))
        for prefix, event, value in events:
            if prefix == "" and event == "map_key" and value == "nodes":
                return
            if prefix in HEADER_KEYS and event in _SCALARS:
                self._front[prefix] = value

    def nodes(self) -> Iterator[Any]:
        """The items of ``"nodes"``, one at a time (plain dicts, lists, str, int, float, bool)."""
        ijson = _ijson()
        try:
            with open(self.path, "rb") as fh:
                yield from ijson.items(fh, "nodes.item", use_float=True)
        except ijson.JSONError as exc:
            raise InputError(f"not JSON: {exc}", file=str(self.path)) from None


def streamed_nemesis_document(path: str | Path, min_bytes: int = 0) -> StreamedDocument | None:
    """``path`` as a :class:`StreamedDocument` when it is a regular file of at least ``min_bytes``
    holding a bare Nemesis strategy document (``format`` and ``player`` say so), else None. The
    writers put both before the nodes, so deciding reads only the file's first bytes."""
    p = Path(path)
    try:
        if not p.is_file() or p.stat().st_size < min_bytes:
            return None
        doc = StreamedDocument(p)
    except (OSError, InputError):
        return None
    try:
        nemesis = doc.get("format") == "nemesis-strategy" and doc.get("player") == "nemesis"
    except (OSError, InputError):
        return None
    return doc if nemesis else None
