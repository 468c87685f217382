"""Counted words in every message the command line prints: ``1 turn``, ``2 turns``, and lists.

>>> plural(1, "turn"), plural(2, "turn"), plural(0, "push"), plural(3, "vertex", "vertices")
('1 turn', '2 turns', '0 pushes', '3 vertices')
>>> plural(1, "more turn"), plural(12345, "node", grouped=True), plural(2, "copy")
('1 more turn', '12,345 nodes', '2 copies')
>>> listing([0, 1, 4, 6, 7])
'0, 1, 4, 6, 7'
"""

from __future__ import annotations

from typing import Iterable

#: plurals that adding "s" or "es" does not make
IRREGULAR = {"vertex": "vertices", "matrix": "matrices", "leaf": "leaves"}


def plural_of(word: str) -> str:
    """The plural of ``word`` (of its last word: ``more turn`` -> ``more turns``)."""
    head, _, last = word.rpartition(" ")
    if last in IRREGULAR:
        many = IRREGULAR[last]
    elif last.endswith(("s", "sh", "ch", "x", "z")):
        many = last + "es"
    elif last.endswith("y") and last[-2:-1] not in ("a", "e", "i", "o", "u"):
        many = last[:-1] + "ies"
    else:
        many = last + "s"
    return f"{head} {many}" if head else many


def plural(n: int, word: str, many: str | None = None, *, grouped: bool = False) -> str:
    """``n`` and ``word``, singular for one and plural otherwise (``many``, else :func:`plural_of`);
    ``grouped`` writes thousands separators (``12,345``)."""
    count = f"{n:,}" if grouped else str(n)
    return f"{count} {word if n == 1 else many or plural_of(word)}"


def listing(items: Iterable[object]) -> str:
    """The items, separated by commas: ``0, 1, 4``."""
    return ", ".join(str(i) for i in items)
