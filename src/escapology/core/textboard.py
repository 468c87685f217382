"""Text boards readable on their own: every game's terminal board goes through these functions.

A board's text (its *body*: lines of glyphs, with whatever walls or paths the game draws between
them) is framed by :func:`frame` with the number of every row left of it and the number of every
column above it (below it when rows are counted from the bottom, as on a chess board and in the
pictures of those games), both as the game's :class:`~escapology.core.coordinates.Grid` numbers
them; :func:`legend` writes one line naming every glyph the board shows (built from the glyphs
actually used, so that a key never lists what is not there) and how a field is named.
:func:`glyph_board` does both for a board of one glyph per field.

>>> from escapology.core.coordinates import Grid
>>> keys = [Key("@", "avatar"), Key("*", "goal"), Key(".", "field")]
>>> print(glyph_board([["@", "."], [".", "*"]], Grid(base=1, names=("x", "y"), rows_up=True), keys))
2 @ .
1 . *
  1 2
(@ avatar, * goal, . field; field (x,y) = (row,column))

Column numbers that do not fit side by side over their columns are written downwards, the last
digit nearest the board (a board of one character per field and ten columns or more):

>>> print("\\n".join(frame(["abcdefghijk"], Grid(), 1, 11, row_lines=[0], column_at=range(11))))
            1
  01234567890
0 abcdefghijk
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from escapology.core.coordinates import Grid

__all__ = ["Key", "column_lines", "fields_of", "frame", "glyph_board", "legend"]


@dataclass(frozen=True)
class Key:
    """One entry of a legend: ``glyphs`` the characters (or one word, e.g. ``"spare"``) it explains,
    ``meaning`` what they stand for (no commas: the legend separates its entries with them); the
    legend writes those the board shows (:meth:`written`).
    ``show`` is written instead of the glyphs found on the board (e.g. ``"[>]"`` for a bracketed
    arrow); ``word``: ``glyphs`` is one word, looked for as a whole."""

    glyphs: str
    meaning: str
    show: str | None = None
    word: bool = False

    def found(self, text: str) -> str:
        """The glyphs of this key that ``text`` holds, in the key's order ("" for none)."""
        if self.word:
            return self.glyphs if self.glyphs in text else ""
        return "".join(g for g in self.glyphs if g in text)

    def written(self, text: str) -> str:
        """What the legend writes for the glyphs ``text`` holds ("" for none): :attr:`show`, else
        the glyphs (those of a key of letters or digits apart: ``1/2``, runs of three or more as ranges:
        ``A-H``).

        >>> Key("ABCDEFGHIJ", "treasure").written("A B C D G I J"), Key("┌┐└┘", "corner").written("┘└")
        ('A-D/G/I/J', '└┘')
        """
        found = self.found(text)
        if not found or self.show or self.word:
            return (self.show or found) if found else ""
        out, k = [], 0
        while k < len(found):
            end = k
            while (end + 1 < len(found) and found[end + 1].isalnum() and found[k].isalnum()
                   and ord(found[end + 1]) == ord(found[end]) + 1):
                end += 1
            out += [f"{found[k]}-{found[end]}"] if end - k >= 2 else list(found[k:end + 1])
            k = end + 1
        return ("/" if self.glyphs.isalnum() else "").join(out)


def column_lines(labels: Sequence[str], column_at: Sequence[int]) -> list[str]:
    """The lines numbering columns: one line, each label centred on its column (``column_at[j]``, a
    position in the body's lines) when all fit with a blank between neighbours; otherwise the labels
    written downwards, one character a line, right-aligned so that the last digits share the last line."""
    starts = [c - len(s) // 2 for s, c in zip(labels, column_at)]
    fits = all(s >= 0 for s in starts) and all(
        a + len(s) < b for a, s, b in zip(starts, labels, starts[1:]))
    if fits:
        line = ""
        for s, a in zip(labels, starts):
            line = line.ljust(a) + s
        return [line]
    depth = max((len(s) for s in labels), default=0)
    lines = []
    for k in range(depth):
        chars = [" "] * (max(column_at, default=-1) + 1)
        for s, c in zip(labels, column_at):
            chars[c] = s.rjust(depth)[k]
        lines.append("".join(chars).rstrip())
    return lines


def frame(body: Sequence[str], grid: Grid, rows: int, cols: int, *, row_lines: Sequence[int],
          column_at: Iterable[int]) -> list[str]:
    """``body`` with the numbers of its ``rows`` rows and ``cols`` columns as ``grid`` names them:
    drawn row ``i`` (from the top, from 0) is numbered left of the body's line ``row_lines[i]``,
    drawn column ``j`` (from the left) over or under the character ``column_at[j]`` of the lines.
    The numbers stand above the body, or below it when ``grid`` counts rows from the bottom."""
    columns = list(column_at)
    assert len(row_lines) == rows and len(columns) == cols, (len(row_lines), rows, len(columns), cols)
    labels = {line: grid.row_label(i, rows) for i, line in enumerate(row_lines)}
    width = max((len(s) for s in labels.values()), default=0)
    out = [f"{labels.get(k, ''):>{width}} {line}".rstrip() for k, line in enumerate(body)]
    head = [(" " * (width + 1) + s).rstrip() for s in column_lines([grid.column_label(j) for j in range(cols)],
                                                                       columns)]
    return out + head if grid.rows_up else head + out


def legend(keys: Sequence[Key], shown: str | Iterable[str], *, fields: str | None = None) -> str:
    """One line naming every glyph of ``keys`` that ``shown`` (the boards' text) holds, in the keys'
    order, then ``fields`` (how a field is named: :func:`fields_of` a grid, or the game's words).
    A word's key (``Key(..., word=True)``) explains the word, and no other key its letters.

    >>> legend([Key("x", "Bob reaches"), Key("o", "Alice reaches"), Key("┌┐└┘", "a corner")], "x ┐ ┌")
    '(x Bob reaches, ┌┐ a corner)'
    >>> legend([Key("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", "treasure"),
    ...         Key("spare", "tile", word=True)], "spare  A", fields="cell (row,column)")
    '(A treasure, spare tile; cell (row,column))'
    """
    full = shown if isinstance(shown, str) else "\n".join(shown)
    text = full
    for key in keys:
        if key.word:
            text = text.replace(key.glyphs, " ")
    parts = []
    for key in keys:
        written = key.written(full if key.word else text)
        if written:
            parts.append(f"{written} {key.meaning}")
    body = ", ".join(parts)
    if fields:
        body = f"{body}; {fields}" if body else fields
    return f"({body})"


def fields_of(grid: Grid, noun: str = "field") -> str:
    """How ``grid`` names a field (or a ``noun``), for a legend: ``field (x,y) = (row,column)``.

    >>> fields_of(Grid(), "cell"), fields_of(Grid(base=1, names=("x", "y"), column_first=True, separator=", "))
    ('cell (row,column)', 'field (x, y) = (column, row)')
    """
    first, second = grid.names
    pair = f"({first}{grid.separator}{second})"
    if grid.names == ("row", "column"):
        return f"{noun} {pair}"
    order = ("column", "row") if grid.column_first else ("row", "column")
    return f"{noun} {pair} = ({order[0]}{grid.separator}{order[1]})"


def glyph_board(cells: Sequence[Sequence[str]], grid: Grid, keys: Sequence[Key], *, gap: str = " ",
                fields: str | None = None) -> str:
    """A board of one glyph per field (``cells[i][j]``: drawn row ``i`` from the top, column ``j``
    from the left), the glyphs ``gap`` apart, framed (:func:`frame`) and with its legend."""
    rows = len(cells)
    cols = max((len(r) for r in cells), default=0)
    body = [gap.join(r).rstrip() for r in cells]
    pitch = 1 + len(gap)
    lines = frame(body, grid, rows, cols, row_lines=range(rows), column_at=range(0, pitch * cols, pitch))
    return "\n".join([*lines, legend(keys, body, fields=fields_of(grid) if fields is None else fields)])
