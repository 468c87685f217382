"""How a board game names its fields: stated once per game, used by its text, JSON, pictures and web page.

Four games are played on rectangular boards, and each already had a convention fixed by its input
format, which this module only states (every printed coordinate follows it, so that what a
checker's message names is what the picture's axis labels show):

========== ================= ====== ============================ =====================
game       a field is        base   rows counted                 input it comes from
========== ================= ====== ============================ =====================
labyrinth  ``(x,y)``         1      ``x`` from the bottom        ``field(x,y).`` facts
amazeing   ``(row,column)``  0      from the top                 the JSON ``[row, column]``
chess      ``(x, y)``        1      ``y`` from the bottom        the ``x y`` lines
roma       ``(row,column)``  0      from the top                 the JSON ``cells`` and the grids
========== ================= ====== ============================ =====================

(The Enchanted Forest and Nemesis are played on graphs: a field or vertex is named by its label in
the input, as given.)

A :class:`Grid` converts between the game's pair and the *drawn* position ``(i, j)``, the row from
the top and the column from the left, counted from 0, which is how pictures and pages lay a board
out:

>>> LAB = Grid(base=1, names=("x", "y"), rows_up=True)
>>> LAB.name(3, 2), LAB.drawn(3, 2, rows=4), LAB.at(1, 1, rows=4)
('(3,2)', (1, 1), (3, 2))
>>> CHESS = Grid(base=1, names=("x", "y"), rows_up=True, column_first=True, separator=", ")
>>> CHESS.name(1, 3), CHESS.drawn(1, 3, rows=8), CHESS.at(5, 0, rows=8)
('(1, 3)', (5, 0), (1, 3))
>>> [CHESS.row_label(i, 8) for i in range(8)][:3], [CHESS.column_label(j) for j in range(3)]
(['8', '7', '6'], ['1', '2', '3'])
>>> Grid(base=0).describe()
'a field is (row,column), rows counted from 0 at the top, columns from 0 at the left'
>>> CHESS.describe()
'a field is (x, y): y its row, counted from 1 at the bottom, x its column, from 1 at the left'

The invariants, for every grid and every board of ``rows`` rows: ``at`` and ``drawn`` are inverse
bijections between ``range(rows) x range(cols)`` and the game's pairs, and the label of drawn row
``i`` and column ``j`` are the row and column numbers of ``at(i, j)`` (tests/core/test_coordinates.py).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Grid"]


@dataclass(frozen=True)
class Grid:
    """A game's names for the fields of a ``rows x cols`` board.

    ``names`` are the two coordinates in the order they are written; ``base`` the number of the
    first row and column; ``rows_up`` whether rows are counted from the bottom; ``column_first``
    whether the pair starts with the column (chess's ``(x, y)``) rather than the row;
    ``separator`` what stands between the two numbers.
    """

    base: int = 0
    names: tuple[str, str] = ("row", "column")
    rows_up: bool = False
    column_first: bool = False
    separator: str = ","

    def name(self, a: int, b: int) -> str:
        """The field ``(a, b)`` (the game's own pair) as every message writes it."""
        return f"({a}{self.separator}{b})"

    def at(self, i: int, j: int, rows: int) -> tuple[int, int]:
        """The game's pair of the field drawn in row ``i`` from the top and column ``j`` from the left."""
        row = (rows - 1 - i if self.rows_up else i) + self.base
        col = j + self.base
        return (col, row) if self.column_first else (row, col)

    def drawn(self, a: int, b: int, rows: int) -> tuple[int, int]:
        """Where the field ``(a, b)`` is drawn: its row from the top and column from the left, from 0."""
        row, col = (b, a) if self.column_first else (a, b)
        row -= self.base
        return (rows - 1 - row if self.rows_up else row), col - self.base

    def name_drawn(self, i: int, j: int, rows: int) -> str:
        """:meth:`name` of the field drawn at ``(i, j)``."""
        return self.name(*self.at(i, j, rows))

    def row_label(self, i: int, rows: int) -> str:
        """The number beside drawn row ``i`` (``i`` from the top, from 0)."""
        return str((rows - 1 - i if self.rows_up else i) + self.base)

    def column_label(self, j: int) -> str:
        """The number under drawn column ``j`` (from the left, from 0)."""
        return str(j + self.base)

    def describe(self) -> str:
        """One sentence for legends, help and docs."""
        first, second = self.names
        pair = f"({first}{self.separator}{second})"
        end = "bottom" if self.rows_up else "top"
        if self.names == ("row", "column"):
            return f"a field is {pair}, rows counted from {self.base} at the {end}, columns from {self.base} at the left"
        row, col = (second, first) if self.column_first else (first, second)
        return (f"a field is {pair}: {row} its row, counted from {self.base} at the {end}, {col} its column, "
                f"from {self.base} at the left")

    def to_json(self) -> dict[str, object]:
        """The convention for the web pages, which write fields with the same rule."""
        return {"base": self.base, "names": list(self.names), "rows_up": self.rows_up,
                "column_first": self.column_first, "separator": self.separator}
