"""The independent checkers of Nemesis, Blizzard and Cat Herding certificates, by the player whose
strategy it is (they never call a solver).

:func:`check_strategy` reads a strategy document (:mod:`escapology.nemesis.strategy.document`;
trees of the earlier format are converted) and replays the rules of §2 against every reply of the
opponent: a fugitive strategy in :mod:`escapology.nemesis.checkers.fugitive`, a Nemesis strategy in
:mod:`escapology.nemesis.checkers.nemesis`; :func:`check_strategy_file` streams a large Nemesis
strategy from its file; :func:`check_cat` checks Cat Herding certificates and :func:`check_herder`
a herder strategy alone (:mod:`escapology.nemesis.checkers.cat`).

>>> from escapology.nemesis.model import Instance
>>> g = Instance.from_edges([("s","a"),("a","x"),("a","y")], exits={"x","y"}, start="s").graph()
>>> strategy = {"format": "nemesis-strategy", "version": 1, "player": "fugitive", "root": 3,
...             "nodes": [{"at": "x"}, {"at": "y"}, {"at": "a", "otherwise": 0, "replies": [["a", "x", 1]]},
...                       {"at": "s", "otherwise": 2}]}
>>> check_strategy(g, "nemesis", g.start, strategy)
(True, 'the fugitive wins against every reply')
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from escapology.nemesis.checkers import cat
from escapology.nemesis.checkers.base import Names, Rejected
from escapology.nemesis.checkers.fugitive import FugitiveChecker
from escapology.nemesis.checkers.nemesis import NemesisChecker
from escapology.nemesis.checkers.node_table import NodeTable
from escapology.nemesis.model import Graph
from escapology.nemesis.strategy.document import StrategyFormatError, as_document
from escapology.nemesis.strategy.stream import StreamedDocument


def check_strategy(g: Graph, game: str, start: int | None, strategy: Any) -> tuple[bool, str]:
    """Check a fugitive or Nemesis strategy from ``start``; returns ``(accepted, message)``."""
    if start is None:
        return False, "no start vertex"
    try:
        doc = as_document(strategy, g.names[start])
    except StrategyFormatError as exc:
        return False, str(exc)
    blizzard = game == "blizzard"
    try:
        if doc["player"] == "nemesis":
            NemesisChecker.from_document(g, blizzard, start, doc).run()
            return True, "the Nemesis wins against every non-revisiting fugitive"
        if g.is_exit[start]:
            return True, "the fugitive starts on an exit"
        FugitiveChecker(g, blizzard, start, doc).run()
        return True, "the fugitive wins against every reply"
    except Rejected as exc:
        return False, str(exc)


def check_strategy_file(g: Graph, game: str, start: int | None, path: str | Path) -> tuple[bool, str]:
    """:func:`check_strategy` for a Nemesis strategy document in a file, read one node at a time
    into flat arrays (:mod:`escapology.nemesis.strategy.stream`,
    :class:`~escapology.nemesis.checkers.node_table.NodeTable`): the same checker, the same verdicts,
    in some 70 bytes per node instead of a kilobyte, for strategies of tens of millions of nodes.
    A file that is not JSON raises :class:`~escapology.core.errors.InputError`."""
    if start is None:
        return False, "no start vertex"
    doc = StreamedDocument(path)
    try:
        header = as_document({**doc.header, "nodes": []}, g.names[start])
    except StrategyFormatError as exc:
        return False, str(exc)
    if header["player"] != "nemesis":
        return False, "check_strategy_file reads Nemesis strategies; give a fugitive's to check_strategy"
    try:
        table = NodeTable.read(doc.nodes(), Names(g))
        NemesisChecker(g, game == "blizzard", start, table, header["root"]).run()
    except Rejected as exc:
        return False, str(exc)
    return True, "the Nemesis wins against every non-revisiting fugitive"


def check_cat(g: Graph, start: int, certificate: Any, *, speed: int | None = None) -> tuple[bool, str]:
    """See :func:`escapology.nemesis.checkers.cat.check_cat`."""
    return cat.check_cat(g, start, certificate, speed=speed)


def check_herder(g: Graph, start: int, herder: Any, bound: int, *, speed: int | None = None) -> tuple[bool, str]:
    """See :func:`escapology.nemesis.checkers.cat.check_herder`."""
    return cat.check_herder(g, start, herder, bound, speed=speed)
