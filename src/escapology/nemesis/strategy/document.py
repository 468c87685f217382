"""Nemesis and Blizzard strategies as documents with shared nodes (format ``nemesis-strategy``, version 1).

A strategy is a table of nodes; a node refers to others by their index in the table, and a node
may be referred to from many places (the sub-strategy is written once). Every reference points to
an *earlier* node, so the table is acyclic and read in one pass; the root is usually the last node.

**Fugitive strategy** (``"player": "fugitive"``, the fugitive wins). A node is the fugitive standing
on ``at`` just after the Nemesis' deletion (the root: on the start, before any deletion)::

    {"at": "u", "otherwise": 3, "replies": [["a", "b", 5], ...]}
    {"at": "x"}                                    # x is an exit: he has escaped

If the Nemesis has just deleted a copy of the edge a-b he moves to the vertex of node 5 and play
goes on from node 5; after any other deletion he moves to the vertex of node ``otherwise``. The
root answers no deletion (it has no ``replies``).

**Nemesis strategy** (``"player": "nemesis"``). A node is the fugitive on ``at``, to move, in the
game without revisits (Remark 7; the vertices he has left are behind him)::

    {"at": "p", "answers": [[7, "a", "b"], [9, "c", "d"]]}
    {"at": "p", "answers": [[7]]}                  # no edge copy is left to delete
    {"at": "p", "trapped": true}

``[7, "a", "b"]`` answers his move to the vertex of node 7 by deleting a copy of a-b; play goes on
from node 7. ``trapped`` claims the *trap rule* of :mod:`escapology.nemesis.checkers.nemesis`: once
the vertices he has left are removed and the non-exit vertices of degree at most 2 (other than his)
are pruned repeatedly, no exit is left in his component.

:data:`SCHEMA` is the JSON Schema of the document (also in docs/nemesis.md). The strategy trees of
earlier versions (``{"move": ..., "then": ...}`` and ``{"position": ..., "moves": ...}``) are still
read: :func:`as_document` converts them.

:class:`Strategy` is the typed certificate of a Nemesis or Blizzard answer (``Result.certificate``):
the document's player, root and node table, with :meth:`Strategy.to_json` the document itself.
:func:`player`, :func:`strategy_size` and :func:`principal_line` take a :class:`Strategy` or the
document (or an earlier tree).

>>> doc = fugitive_document([{"at": "x"}, {"at": "y"}, {"at": "a", "otherwise": 0,
...     "replies": [["a", "x", 1]]}, {"at": "s", "otherwise": 2}], root=3)
>>> doc["format"], doc["version"], doc["player"], strategy_size(doc)
('nemesis-strategy', 1, 'fugitive', 4)
>>> principal_line(doc)
['a', 'x']
>>> old = {"move": "a", "then": {"replies": [{"delete": ["a", "x"], "then": {"move": "y"}}],
...        "otherwise": {"move": "x"}}}
>>> as_document(old, "s")["nodes"]
[{'at': 'x'}, {'at': 'y'}, {'at': 'a', 'otherwise': 0, 'replies': [['a', 'x', 1]]}, {'at': 's', 'otherwise': 2}]
"""

from __future__ import annotations

import json
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, Literal, TextIO

from escapology.core.files import OutputFile
from escapology.core.wording import plural

FORMAT = "nemesis-strategy"
VERSION = 1

_NAME: dict[str, Any] = {"type": "string"}
_REF: dict[str, Any] = {"type": "integer", "minimum": 0}


def _tuple(*items: dict[str, Any]) -> dict[str, Any]:
    return {"type": "array", "items": list(items), "minItems": len(items), "additionalItems": False}


#: The JSON Schema (draft-07) of a strategy document; the checker adds what a schema cannot say
#: (names of the graph's vertices and edges, references to earlier nodes, one answer per case).
SCHEMA: dict[str, Any] = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "escapology Nemesis/Blizzard strategy, shared nodes, version 1",
    "type": "object",
    "required": ["format", "version", "player", "root", "nodes"],
    "properties": {
        "format": {"const": FORMAT},
        "version": {"const": VERSION},
        "player": {"enum": ["fugitive", "nemesis"]},
        "root": _REF,
        "nodes": {"type": "array", "items": {"anyOf": [
            {"$ref": "#/definitions/fugitive_node"}, {"$ref": "#/definitions/nemesis_node"},
            {"$ref": "#/definitions/trapped_node"}]}},
    },
    "definitions": {
        "fugitive_node": {
            "type": "object",
            "required": ["at"],
            "additionalProperties": False,
            "properties": {
                "at": _NAME,
                "otherwise": _REF,
                "replies": {"type": "array", "items": _tuple(_NAME, _NAME, _REF)},
            },
        },
        "nemesis_node": {
            "type": "object",
            "required": ["at", "answers"],
            "additionalProperties": False,
            "properties": {
                "at": _NAME,
                "answers": {"type": "array", "items": {"anyOf": [_tuple(_REF), _tuple(_REF, _NAME, _NAME)]}},
            },
        },
        "trapped_node": {
            "type": "object",
            "required": ["at", "trapped"],
            "additionalProperties": False,
            "properties": {"at": _NAME, "trapped": {"const": True}},
        },
    },
}


class StrategyFormatError(ValueError):
    """The object is not a strategy document nor a strategy tree of the earlier format."""


Player = Literal["fugitive", "nemesis"]


@dataclass(frozen=True)
class Strategy:
    """The winner's strategy, Nemesis' and Blizzard's certificate: a strategy document (format
    ``nemesis-strategy``, version 1) as a typed object. ``player`` is the side it wins for
    (``"fugitive"`` or ``"nemesis"``), ``nodes`` the node table (held as it is, not copied: a
    strategy can have millions of nodes), ``root`` the index of the node play starts from.

    :meth:`to_json` is the document ``solve`` writes (under ``strategy`` and ``certificate``);
    :meth:`from_json` reads it back, checking its header (format, version, player, an integer root
    that is a node of a list of nodes); the nodes themselves are judged by the checker, against
    the graph. A strategy tree of the earlier format is converted (:func:`as_document`); a
    fugitive's tree names no start, which its document needs: give ``start``.

    >>> s = Strategy.from_json({"format": "nemesis-strategy", "version": 1, "player": "fugitive",
    ...     "root": 2, "nodes": [{"at": "x"}, {"at": "a", "otherwise": 0}, {"at": "s", "otherwise": 1}]})
    >>> s, s.size, s.principal_line()
    (Strategy(player='fugitive', root=2, nodes=<3 nodes>), 3, ['a', 'x'])
    >>> Strategy.from_json(s.to_json()) == s, s.to_json()["nodes"] is s.nodes
    (True, True)
    >>> Strategy.from_json({"position": "p", "trapped": True}).to_json()
    {'format': 'nemesis-strategy', 'version': 1, 'player': 'nemesis', 'root': 0, 'nodes': [{'at': 'p', 'trapped': True}]}
    >>> Strategy.from_json({"format": "nemesis-strategy", "version": 1, "player": "nemesis", "root": 4, "nodes": []})
    Traceback (most recent call last):
    ...
    escapology.nemesis.strategy.document.StrategyFormatError: root 4 is not a node (the table has 0 nodes)
    """

    player: Player
    root: int
    nodes: list[dict[str, Any]] = field(hash=False, repr=False)

    def __post_init__(self) -> None:
        if self.player not in ("fugitive", "nemesis"):
            raise StrategyFormatError(f"'player' is fugitive or nemesis, not {self.player!r}")
        if not isinstance(self.nodes, list):
            raise StrategyFormatError("a strategy document has a list 'nodes'")
        if not isinstance(self.root, int) or isinstance(self.root, bool) or not 0 <= self.root < len(self.nodes):
            raise StrategyFormatError(f"root {self.root!r} is not a node (the table has {plural(len(self.nodes), 'node')})")

    def __repr__(self) -> str:
        return f"Strategy(player={self.player!r}, root={self.root!r}, nodes=<{plural(len(self.nodes), 'node')}>)"

    @property
    def size(self) -> int:
        """The number of nodes (:func:`strategy_size`)."""
        return len(self.nodes)

    def principal_line(self) -> list[str]:
        """The main line of play (:func:`principal_line`)."""
        return principal_line(self.to_json())

    def to_json(self) -> dict[str, Any]:
        """The document: ``{"format", "version", "player", "root", "nodes"}``, its nodes the very
        list this strategy holds."""
        return {"format": FORMAT, "version": VERSION, "player": self.player, "root": self.root, "nodes": self.nodes}

    @classmethod
    def from_json(cls, data: Any, start: str | None = None) -> "Strategy":
        """The strategy of a document (its header checked: :class:`StrategyFormatError`, a
        :class:`ValueError`, says what is wrong), or of a strategy tree of the earlier format
        (converted; a fugitive's tree needs the ``start`` it is played from)."""
        if isinstance(data, Strategy):
            return data
        if not is_document(data) and start is None and player(data) == "fugitive":
            raise StrategyFormatError("a fugitive strategy tree of the earlier format needs its start: "
                                      "Strategy.from_json(tree, start=...)")
        doc = as_document(data, start or "")
        if doc.get("format") != FORMAT:  # pragma: no cover - as_document gives documents only
            raise StrategyFormatError(f"'format' is {FORMAT!r}")
        return cls(doc["player"], doc["root"], doc["nodes"])


def fugitive_document(nodes: list[dict[str, Any]], root: int) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "player": "fugitive", "root": root, "nodes": nodes}


def nemesis_document(nodes: list[dict[str, Any]], root: int) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "player": "nemesis", "root": root, "nodes": nodes}


def is_document(obj: Any) -> bool:
    return isinstance(obj, dict) and obj.get("format") == FORMAT


def player(strategy: Any) -> str | None:
    """``"fugitive"`` or ``"nemesis"`` for a :class:`Strategy`, a document or an earlier tree, else None."""
    if isinstance(strategy, Strategy):
        return strategy.player
    if is_document(strategy):
        return strategy.get("player")
    if isinstance(strategy, dict):
        if "position" in strategy:
            return "nemesis"
        if "move" in strategy:
            return "fugitive"
    return None


def as_document(strategy: Any, start: str) -> dict[str, Any]:
    """The strategy as a document: a document is returned as it is (after checking its header),
    a :class:`Strategy` as its document, a tree of the earlier format is converted (shared
    sub-trees stay shared)."""
    if isinstance(strategy, Strategy):
        return strategy.to_json()
    if is_document(strategy):
        if strategy.get("version") != VERSION:
            raise StrategyFormatError(f"strategy format version {strategy.get('version')!r} is not supported "
                                      f"(this version reads {VERSION})")
        if strategy.get("player") not in ("fugitive", "nemesis"):
            raise StrategyFormatError("'player' is fugitive or nemesis")
        if not isinstance(strategy.get("nodes"), list) or not isinstance(strategy.get("root"), int):
            raise StrategyFormatError("a strategy document has a list 'nodes' and an integer 'root'")
        return strategy
    who = player(strategy)
    if who == "fugitive":
        return _fugitive_from_tree(strategy, start)
    if who == "nemesis":
        return _nemesis_from_tree(strategy)
    raise StrategyFormatError("not a strategy: expected a document with \"format\": \"nemesis-strategy\" "
                              "(or a tree with 'move' or 'position')")


def _fugitive_from_tree(tree: dict[str, Any], start: str) -> dict[str, Any]:
    """Convert ``{"move": w, "then": {"replies": [...], "otherwise": ...}}`` trees, post-order."""
    nodes: list[dict[str, Any]] = []
    ids: dict[int, int] = {}

    def children(f: Any) -> list[Any]:
        if not isinstance(f, dict) or not isinstance(f.get("move"), str):
            raise StrategyFormatError(f"a fugitive node needs a 'move': {str(f)[:80]}")
        then = f.get("then")
        if then is None:
            return []
        if not isinstance(then, dict) or not isinstance(then.get("replies", []), list):
            raise StrategyFormatError(f"'then' holds 'replies' and 'otherwise': {str(then)[:80]}")
        out = [r.get("then") if isinstance(r, dict) else None for r in then.get("replies", [])]
        if then.get("otherwise") is not None:
            out.append(then["otherwise"])
        return out

    def convert(f: dict[str, Any]) -> dict[str, Any]:
        node: dict[str, Any] = {"at": f["move"]}
        then = f.get("then")
        if then is not None:
            if then.get("otherwise") is not None:
                node["otherwise"] = ids[id(then["otherwise"])]
            replies = []
            for r in then.get("replies", []):
                d = r.get("delete")
                if not (isinstance(d, list) and len(d) == 2):
                    raise StrategyFormatError(f"a deletion is a pair of vertex names, not {d!r}")
                replies.append([d[0], d[1], ids[id(r["then"])]])
            if replies:
                node["replies"] = replies
        return node

    _number_post_order(tree, children, convert, nodes, ids)
    nodes.append({"at": start, "otherwise": ids[id(tree)]})
    return fugitive_document(nodes, len(nodes) - 1)


def _nemesis_from_tree(tree: dict[str, Any]) -> dict[str, Any]:
    """Convert ``{"position": p, "moves": [{"move": w, "delete": [a, b], "then": ...}]}`` trees."""
    nodes: list[dict[str, Any]] = []
    ids: dict[int, int] = {}

    def moves(n: Any) -> list[dict[str, Any]]:
        if not isinstance(n, dict) or not isinstance(n.get("position"), str):
            raise StrategyFormatError(f"a Nemesis node needs a 'position': {str(n)[:80]}")
        if n.get("trapped"):
            return []
        ms = n.get("moves", [])
        if not isinstance(ms, list) or not all(isinstance(m, dict) for m in ms):
            raise StrategyFormatError(f"'moves' is a list of answers: {str(ms)[:80]}")
        return ms

    def convert(n: dict[str, Any]) -> dict[str, Any]:
        if n.get("trapped"):
            return {"at": n["position"], "trapped": True}
        answers = []
        for m in moves(n):
            then = m.get("then")
            if then.get("position") != m.get("move"):
                raise StrategyFormatError(f"the answer to the move to {m.get('move')} goes on at "
                                          f"{then.get('position')}")
            d = m.get("delete")
            if d is None:
                answers.append([ids[id(then)]])
            elif isinstance(d, list) and len(d) == 2:
                answers.append([ids[id(then)], d[0], d[1]])
            else:
                raise StrategyFormatError(f"a deletion is a pair of vertex names, not {d!r}")
        return {"at": n["position"], "answers": answers}

    _number_post_order(tree, lambda n: [m.get("then") for m in moves(n)], convert, nodes, ids)
    return nemesis_document(nodes, ids[id(tree)])


def _number_post_order(tree: Any, children: Callable[[Any], list[Any]], convert: Callable[[Any], dict[str, Any]],
                       nodes: list[dict[str, Any]], ids: dict[int, int]) -> None:
    """Append ``convert(t)`` to ``nodes`` for every distinct sub-tree ``t`` of ``tree`` (by
    identity), children before parents, and record its index in ``ids[id(t)]``: when ``convert``
    runs, every child's index is known (a table never refers forward). Iterative: trees of
    hundreds of thousands of levels do not reach the recursion limit."""
    stack: list[tuple[Any, bool]] = [(tree, False)]
    while stack:
        t, expanded = stack.pop()
        if id(t) in ids:
            continue
        if not expanded:
            stack.append((t, True))
            stack.extend((c, False) for c in children(t) if id(c) not in ids)
            continue
        ids[id(t)] = len(nodes)
        nodes.append(convert(t))


def strategy_size(strategy: Any) -> int:
    """The number of nodes (a :class:`Strategy`'s or a document's table; an earlier tree's
    distinct sub-trees)."""
    if isinstance(strategy, Strategy):
        return strategy.size
    if is_document(strategy):
        return len(strategy["nodes"])
    seen: set[int] = set()
    stack = [strategy]
    while stack:
        n = stack.pop()
        if not isinstance(n, dict) or id(n) in seen:
            continue
        seen.add(id(n))
        for key in ("then", "otherwise"):
            stack.append(n.get(key))
        for r in n.get("replies", []) + n.get("moves", []):
            stack.append(r.get("then") if isinstance(r, dict) else None)
    return len(seen)


def principal_line(strategy: Any) -> list[str]:
    """The fugitive's moves when the Nemesis' deletions fall under ``otherwise``; for a Nemesis
    strategy, the first answered move each turn with her deletion (a :class:`Strategy`, a document
    or an earlier tree)."""
    if isinstance(strategy, Strategy):
        strategy = strategy.to_json()
    if not is_document(strategy):
        try:
            strategy = as_document(strategy, "")
        except StrategyFormatError:
            return []
    nodes = strategy["nodes"]
    line: list[str] = []
    i: Any = strategy["root"]
    for _ in range(len(nodes) + 1):
        node = nodes[i] if isinstance(i, int) and 0 <= i < len(nodes) else None
        if not isinstance(node, dict):
            break
        if strategy["player"] == "fugitive":
            i = node.get("otherwise")
            if isinstance(i, int) and 0 <= i < len(nodes):
                line.append(str(nodes[i].get("at")))
        else:
            answers = node.get("answers") or []
            if not answers or not isinstance(answers[0], list):
                break
            i = answers[0][0]
            if not (isinstance(i, int) and 0 <= i < len(nodes)):
                break
            deleted = f" (delete {answers[0][1]}-{answers[0][2]})" if len(answers[0]) == 3 else ""
            line.append(f"{nodes[i].get('at')}{deleted}")
    return line


def write_json(obj: Any, out: TextIO, chunk: int = 1 << 16) -> None:
    """Write ``obj`` as one line of JSON to ``out`` as it is encoded (no copy of the whole text)."""
    buf: list[str] = []
    size = 0
    for piece in json.JSONEncoder(separators=(", ", ": "), ensure_ascii=False).iterencode(obj):
        buf.append(piece)
        size += len(piece)
        if size >= chunk:
            out.write("".join(buf))
            buf.clear()
            size = 0
    out.write("".join(buf))
    out.write("\n")


@contextmanager
def whole_file(path: str | Path) -> Iterator[Path]:
    """The path to write to for ``path`` to be written whole or not at all: the shared writer of
    every ``-o FILE`` (:class:`~escapology.core.files.OutputFile`: a temporary file beside it that
    replaces it when the block ends normally and is removed otherwise; a device or a pipe, such as
    ``/dev/null``, written in place; a new file's mode as ``open()`` gives it)."""
    with OutputFile(path, binary=True) as out:
        yield out.path


def write_document(doc: dict[str, Any], path: str | Path) -> None:
    """``doc`` written to the file ``path`` by :func:`write_json`, whole or not at all."""
    with whole_file(path) as part, open(part, "w", encoding="utf-8") as fh:
        write_json(doc, fh)
