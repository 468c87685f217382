"""Boards as bitsets on Python integers: the fast engine behind the solvers.

A board is four integers ``(north, east, south, west)``; bit ``r * cols + c`` of ``east`` is set when
the tile on ``(r, c)`` is open to the east. Sets of cells (where a player may stand, where the
target tile is) are integers too. A shift moves the bits of one line by one step (``<< 1`` or
``>> 1`` for a row, ``<< cols`` or ``>> cols`` for a column) and inserts the spare's bit at the
entry end; a flood fill over open passages is a handful of shifts and masks per step.

>>> from escapology.amazeing.model import Position, Shift, mask
>>> pos = Position.from_glyphs(["─┐", "·│"], spare="─", fixed="none")
>>> g = Geometry(2, 2, pos.fixed)
>>> board = g.encode(pos.tiles)
>>> g.flood(board, 1)   # from (0,0): east to (0,1), south to (1,1)
11
>>> board2, out = g.shift(board, g.index[Shift("N", 0)], mask("│"))
>>> g.decode(board2)[0], out
(5, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from escapology.amazeing.model import E, N, S, W, Shift, line_cells

Board = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class LineShift:
    """One shift as bit operations: the line's mask, the step, the entry and exit bits."""

    shift: Shift
    line: int  # mask of the line's cells
    step: int  # >0: bits move left by step; <0: right by -step
    entry: int  # cell index where the spare goes in
    exit: int  # cell index pushed out
    reverse: int  # index of the reversing shift in Geometry.shifts


class Geometry:
    """The fixed geometry of an ``rows x cols`` board with a given fixed-tile pattern."""

    def __init__(self, rows: int, cols: int, fixed: tuple[bool, ...]) -> None:
        self.rows, self.cols = rows, cols
        self.size = rows * cols
        self.full = (1 << self.size) - 1
        last_col = sum(1 << (r * cols + cols - 1) for r in range(rows))
        self.not_last_col = self.full & ~last_col
        shifts: list[Shift] = []
        for side in "NESW":
            for i in range(cols if side in "NS" else rows):
                s = Shift(side, i)
                cells = line_cells(rows, cols, s)
                if not any(fixed[c] for c in cells):
                    shifts.append(s)
        self.index = {s: k for k, s in enumerate(shifts)}
        self.shifts: list[LineShift] = []
        for s in shifts:
            cells = line_cells(rows, cols, s)
            step = {"N": cols, "S": -cols, "W": 1, "E": -1}[s.side]
            self.shifts.append(
                LineShift(
                    s,
                    sum(1 << c for c in cells),
                    step,
                    cells[0],
                    cells[-1],
                    self.index[s.reverse()],
                )
            )

    # ----- conversion -----------------------------------------------------------------------
    def encode(self, tiles: tuple[int, ...] | list[int]) -> Board:
        """The four side masks of a row-major tuple of tile masks."""
        rev = tiles[::-1]
        n, e, s, w = (int("0" + "".join("1" if t & side else "0" for t in rev), 2) for side in (N, E, S, W))
        return n, e, s, w

    def decode(self, board: Board) -> list[int]:
        """The row-major tile masks of a board."""
        return [self.tile(board, i) for i in range(self.size)]

    @staticmethod
    def tile(board: Board, cell: int) -> int:
        """The tile mask on ``cell``."""
        n, e, s, w = board
        return (
            (N if n >> cell & 1 else 0)
            | (E if e >> cell & 1 else 0)
            | (S if s >> cell & 1 else 0)
            | (W if w >> cell & 1 else 0)
        )

    # ----- moves ----------------------------------------------------------------------------
    @staticmethod
    def shift_bits(x: int, ls: LineShift, bit: int) -> tuple[int, int]:
        """Shift the bits of ``x`` on the line; ``bit`` enters; return ``(new x, bit pushed out)``."""
        line = x & ls.line
        out = line >> ls.exit & 1
        if ls.step > 0:
            moved = (line << ls.step) & ls.line
        else:
            moved = (line >> -ls.step) & ls.line
        return (x & ~ls.line) | moved | (bit << ls.entry), out

    def shift(self, board: Board, k: int, tile: int) -> tuple[Board, int]:
        """Insert ``tile`` with shift number ``k``; return the new board and the pushed-out tile."""
        ls = self.shifts[k]
        n, o1 = self.shift_bits(board[0], ls, 1 if tile & N else 0)
        e, o2 = self.shift_bits(board[1], ls, 1 if tile & E else 0)
        s, o3 = self.shift_bits(board[2], ls, 1 if tile & S else 0)
        w, o4 = self.shift_bits(board[3], ls, 1 if tile & W else 0)
        return (n, e, s, w), (N if o1 else 0) | (E if o2 else 0) | (S if o3 else 0) | (W if o4 else 0)

    def shift_cells(self, cells: int, k: int) -> int:
        """Move a set of player cells with shift ``k`` (a pushed-out player wraps onto the entry)."""
        ls = self.shifts[k]
        moved, out = self.shift_bits(cells, ls, 0)
        return moved | (out << ls.entry)

    def edges(self, board: Board) -> tuple[int, int]:
        """Masks of cells with an open passage to the east and to the south neighbour."""
        n, e, s, w = board
        return e & (w >> 1) & self.not_last_col, s & (n >> self.cols)

    def flood(self, board: Board, cells: int, edges: tuple[int, int] | None = None) -> int:
        """Every cell reachable from the set ``cells`` through open passages."""
        east, south = edges if edges is not None else self.edges(board)
        b = self.cols
        reach = cells
        frontier = cells
        while frontier:
            grow = ((frontier & east) << 1) | ((frontier >> 1) & east)
            grow |= ((frontier & south) << b) | ((frontier >> b) & south)
            frontier = grow & ~reach
            reach |= frontier
        return reach


@lru_cache(maxsize=64)
def cells_of(bits: int) -> list[int]:
    """The cells of a set of cells (bit ``i`` set: cell ``i``), in increasing order.

    >>> cells_of(0b1010)
    [1, 3]
    """
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def geometry(rows: int, cols: int, fixed: tuple[bool, ...]) -> Geometry:
    """The (cached) :class:`Geometry` of a board shape and fixed-tile pattern."""
    return Geometry(rows, cols, fixed)
