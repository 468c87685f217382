"""The rules of The aMAZEing Labyrinth (Ravensburger), as §2 of Schwahn & Thielen describes them.

Source: F. D. Schwahn and C. Thielen, "The Complexity of Escaping Labyrinths and Enchanted
Forests", FUN 2018, LIPIcs 100:30, §2 (rules) and Definitions 1 and 2.

A board has ``rows x cols`` spots, each holding one tile. A tile is the set of its open sides,
stored as a 4-bit mask (``N=1, E=2, S=4, W=8``). Some tiles are *fixed*; a row or column that
holds no fixed tile can be *shifted*: the spare tile is inserted, in any orientation, at one end
and the tile pushed out at the other end becomes the new spare. The shift that directly undoes
the previous one is forbidden. A player standing on the pushed-out tile is put on the inserted
tile (wrap-around). Treasures ride on their tiles; a treasure pushed out rides on the spare.

Coordinates are ``(row, col)``, 0-based, row 0 at the top (north). A shift is written as the
side where the spare goes in and the line's index: ``N1`` inserts at the north end of column 1
(the column moves south), ``W3`` inserts at the west end of row 3 (the row moves east).

>>> glyph(N | E), mask("┬") == E | S | W, rotations(N | S)
('└', True, (5, 10))
>>> pos = Position.from_glyphs(["│─│", "───", "│─│"], spare="┼", fixed="none")
>>> after = pos.apply(Shift("W", 1), tile=mask("┼"))
>>> [glyph(t) for t in after.tiles[3:6]], glyph(after.spare)
(['┼', '─', '─'], '─')
>>> pos.legal_shifts()[:3]
[Shift(side='N', index=0), Shift(side='N', index=1), Shift(side='N', index=2)]
>>> Shift("W", 1) in after.legal_shifts(), Shift("E", 1) in after.legal_shifts()
(True, False)
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field, replace
from typing import Iterable, Mapping

from escapology.core.coordinates import Grid
from escapology.core.pictures import Drawable
from escapology.core.results import Status
from escapology.core.tiles import ARMS, E, N, OPPOSITE, S, W, reachable_from

#: How the aMAZEing Labyrinth names a cell, as its JSON does (``[row, column]``): ``(row,column)``,
#: both from 0 at the top left (the pictures' axis labels and every message follow it).
COORDINATES = Grid(base=0)

SIDES = {"N": N, "E": E, "S": S, "W": W}
STEP = {N: (-1, 0), E: (0, 1), S: (1, 0), W: (0, -1)}

#: The glyph of every open-sides mask (box-drawing characters; ``·`` is a closed tile).
GLYPHS = {0: "·", **ARMS}
MASKS = {g: m for m, g in GLYPHS.items()}
#: Tile shapes by name: I (straight), L (corner), T (three sides), X (cross, not in the game).
SHAPES = {"I": N | S, "L": N | E, "T": E | S | W, "X": N | E | S | W}


def glyph(tile: int) -> str:
    """The box-drawing glyph of a tile mask."""
    return GLYPHS[tile & 15]


def mask(g: str) -> int:
    """The open-sides mask of a glyph; raises ``KeyError`` for an unknown glyph."""
    return MASKS[g]


def rotate(tile: int, quarter_turns: int = 1) -> int:
    """Turn a tile clockwise by ``quarter_turns`` (N->E->S->W).

    >>> glyph(rotate(mask("└"))), glyph(rotate(mask("└"), 2))
    ('┌', '┐')
    """
    t = tile & 15
    for _ in range(quarter_turns % 4):
        t = ((t << 1) | (t >> 3)) & 15
    return t


def rotations(tile: int) -> tuple[int, ...]:
    """The distinct orientations of a tile, in clockwise order starting from ``tile``."""
    out: list[int] = []
    for q in range(4):
        r = rotate(tile, q)
        if r not in out:
            out.append(r)
    return tuple(out)


def shape(tile: int) -> str:
    """The shape letter of a tile: ``I``, ``L``, ``T``, ``X`` or ``?`` for the others."""
    for name, m in SHAPES.items():
        if tile in rotations(m):
            return name
    return "?"


@dataclass(frozen=True, order=True)
class Shift:
    """Insert the spare at ``side`` (N, E, S, W) of line ``index`` (a column for N/S, a row for E/W)."""

    side: str
    index: int

    def __str__(self) -> str:
        return f"{self.side}{self.index}"

    @property
    def is_column(self) -> bool:
        return self.side in ("N", "S")

    def reverse(self) -> "Shift":
        """The shift that directly undoes this one (same line, other end)."""
        return Shift({"N": "S", "S": "N", "E": "W", "W": "E"}[self.side], self.index)

    @staticmethod
    def parse(text: str) -> "Shift":
        """``Shift.parse("N3") == Shift("N", 3)``; raises ``ValueError`` on bad text."""
        t = text.strip().upper()
        if len(t) < 2 or t[0] not in SIDES or not t[1:].isdigit():
            raise ValueError(f"bad shift {text!r}: expected a side N/E/S/W and a line number, e.g. N1")
        return Shift(t[0], int(t[1:]))


def line_cells(rows: int, cols: int, shift: Shift) -> list[int]:
    """The cells of the shifted line, from the insertion end to the end that pushes out."""
    if shift.side == "N":
        return [r * cols + shift.index for r in range(rows)]
    if shift.side == "S":
        return [r * cols + shift.index for r in reversed(range(rows))]
    if shift.side == "W":
        return [shift.index * cols + c for c in range(cols)]
    return [shift.index * cols + c for c in reversed(range(cols))]


@dataclass(frozen=True)
class Player:
    """A player: her name, cell, current target treasure, later cards (hidden) and home cell."""

    name: str
    cell: int
    target: str | None = None
    cards: tuple[str, ...] = ()
    home: int | None = None


@dataclass(frozen=True)
class Position(Drawable):
    """A position: the tiles, which are fixed, the spare, treasures, players, the previous shift.

    ``tiles`` and ``fixed`` are row-major tuples of length ``rows * cols``. ``treasures`` maps a
    treasure's name to its cell, or to ``-1`` when it rides on the spare.
    """

    rows: int
    cols: int
    tiles: tuple[int, ...]
    fixed: tuple[bool, ...]
    spare: int
    treasures: Mapping[str, int] = field(default_factory=dict)
    players: tuple[Player, ...] = ()
    last_shift: Shift | None = None
    to_move: int = 0
    #: named rectangles drawn on pictures (the gadgets of a reduced board): ``(text, top, left,
    #: bottom, right)``; they do not take part in the rules or in comparisons
    labels: tuple[tuple[str, int, int, int, int], ...] = field(default=(), compare=False)
    #: the question of a race position (SP-Versus, Definition 2): can the player to move force
    #: reaching her target within this many of her own turns before the next player reaches his?
    #: ``None`` for an ordinary position (the question is then the fewest turns, Definition 1)
    race_turns: int | None = None

    # ----- construction -------------------------------------------------------------------
    @staticmethod
    def standard_fixed(rows: int, cols: int) -> tuple[bool, ...]:
        """The published pattern: a tile is fixed where an odd row meets an odd column (1-based)."""
        return tuple(r % 2 == 0 and c % 2 == 0 for r in range(rows) for c in range(cols))

    @classmethod
    def from_glyphs(
        cls,
        board: Iterable[str],
        *,
        spare: str,
        fixed: str | Iterable[str] = "standard",
        **kwargs: object,
    ) -> "Position":
        """Build a position from rows of glyphs; ``fixed`` is ``standard``, ``none`` or rows of ``x``/``.``."""
        grid = [list(row) for row in board]
        rows, cols = len(grid), len(grid[0])
        tiles = tuple(mask(g) for row in grid for g in row)
        if fixed == "standard":
            fx = cls.standard_fixed(rows, cols)
        elif fixed == "none":
            fx = (False,) * (rows * cols)
        else:
            fx = tuple(ch == "x" for row in fixed for ch in row)  # type: ignore[union-attr]
        return cls(rows, cols, tiles, fx, mask(spare), **kwargs)  # type: ignore[arg-type]

    # ----- geometry -------------------------------------------------------------------------
    def cell(self, row: int, col: int) -> int:
        return row * self.cols + col

    def rc(self, cell: int) -> tuple[int, int]:
        return divmod(cell, self.cols)

    def name(self, cell: int) -> str:
        """The cell as every message writes it (:data:`COORDINATES`): ``(row,column)`` from 0."""
        return COORDINATES.name(*divmod(cell, self.cols))

    def neighbours(self, cell: int) -> Iterable[int]:
        """Cells joined to ``cell`` by a passage: both facing sides open."""
        r, c = divmod(cell, self.cols)
        t = self.tiles[cell]
        for side, (dr, dc) in STEP.items():
            rr, cc = r + dr, c + dc
            if t & side and 0 <= rr < self.rows and 0 <= cc < self.cols:
                other = rr * self.cols + cc
                if self.tiles[other] & OPPOSITE[side]:
                    yield other

    def reachable(self, cell: int) -> set[int]:
        """Every cell a player on ``cell`` can walk to (breadth-first search over open passages)."""
        return reachable_from((cell,), self.neighbours)

    def move_words(self, move: "Move", player: int | None = None) -> str:
        """``move`` of ``player`` (default: the one to move) as a plan's turn writes it
        (:func:`turn_words`), with a shortest walk to the cell it ends on."""
        who = self.to_move if player is None else player
        after = self.apply(move.shift, move.tile)
        path = after.walk(after.players[who].cell, move.to) or [move.to]
        return turn_words(glyph(move.tile), move.shift, (self.rc(c) for c in path))

    def walk(self, start: int, goal: int) -> list[int] | None:
        """A shortest walk from ``start`` to ``goal`` as a list of cells, or ``None``."""
        prev = {start: start}
        queue = deque([start])
        while queue:
            x = queue.popleft()
            if x == goal:
                path = [x]
                while x != start:
                    x = prev[x]
                    path.append(x)
                return path[::-1]
            for y in self.neighbours(x):
                if y not in prev:
                    prev[y] = x
                    queue.append(y)
        return None

    # ----- shifting ---------------------------------------------------------------------------
    def shiftable(self, shift: Shift) -> bool:
        """Whether the line of ``shift`` exists and holds no fixed tile."""
        limit = self.cols if shift.is_column else self.rows
        if not 0 <= shift.index < limit:
            return False
        return not any(self.fixed[c] for c in line_cells(self.rows, self.cols, shift))

    def legal_shifts(self) -> list[Shift]:
        """All shifts allowed now: shiftable lines, minus the direct reversal of the last shift."""
        out = []
        for side in "NESW":
            for i in range(self.cols if side in "NS" else self.rows):
                s = Shift(side, i)
                if self.shiftable(s) and (self.last_shift is None or s != self.last_shift.reverse()):
                    out.append(s)
        return out

    def target_cell(self, player: int = 0) -> int | None:
        """The cell of the player's target treasure (``-1`` on the spare, ``None`` without target)."""
        name = self.players[player].target
        return None if name is None else self.treasures[name]

    def apply(self, shift: Shift, tile: int | None = None) -> "Position":
        """The position after inserting the spare (turned to ``tile``, default as it is) at ``shift``.

        Raises ``ValueError`` if the shift is illegal or ``tile`` is not an orientation of the spare.
        """
        if tile is None:
            tile = self.spare
        if tile not in rotations(self.spare):
            raise ValueError(f"{glyph(tile)} is not an orientation of the spare {glyph(self.spare)}")
        if not self.shiftable(shift):
            raise ValueError(f"line {shift} cannot be shifted (it holds a fixed tile or does not exist)")
        if self.last_shift is not None and shift == self.last_shift.reverse():
            raise ValueError(f"{shift} directly undoes the previous shift {self.last_shift}")
        line = line_cells(self.rows, self.cols, shift)
        tiles = list(self.tiles)
        old = [tiles[c] for c in line]
        pushed_out = old[-1]
        moved = [tile] + old[:-1]
        for c, t in zip(line, moved):
            tiles[c] = t
        # a treasure moves one cell along the line; on the pushed-out tile it rides on the spare (-1);
        # one riding on the spare goes in with it
        step = {c: (line[i + 1] if i + 1 < len(line) else -1) for i, c in enumerate(line)}
        treasures = {k: line[0] if v == -1 else step.get(v, v) for k, v in self.treasures.items()}
        # a player moves like the tiles, but the one on the pushed-out tile wraps onto the inserted one
        players = [replace(p, cell=self.carry(shift, p.cell)) for p in self.players]
        return replace(
            self,
            tiles=tuple(tiles),
            spare=pushed_out,
            treasures=treasures,
            players=tuple(players),
            last_shift=shift,
        )

    def carry(self, shift: Shift, cell: int) -> int:
        """Where a player on ``cell`` stands after ``shift`` (wrapping onto the inserted tile)."""
        line = line_cells(self.rows, self.cols, shift)
        if cell not in line:
            return cell
        i = line.index(cell)
        return line[i + 1] if i + 1 < len(line) else line[0]

    def move_player(self, player: int, cell: int) -> "Position":
        """The position with ``player`` moved to ``cell`` (which must be reachable)."""
        ps = list(self.players)
        ps[player] = replace(ps[player], cell=cell)
        return replace(self, players=tuple(ps))


def turn_words(tile: str, shift: Shift, path: Iterable[tuple[int, int]]) -> str:
    """One turn as every answer writes it (``solve``'s plans, ``race``'s first move, ``play``'s
    log): ``insert ┐ at N1, walk (0,0) -> (0,1)``, the walk's cells ``(row, column)`` (one cell:
    the player stays).

    >>> turn_words("┐", Shift("N", 1), [(0, 0), (0, 1)])
    'insert ┐ at N1, walk (0,0) -> (0,1)'
    """
    return f"insert {tile} at {shift}, walk " + " -> ".join(COORDINATES.name(r, c) for r, c in path)


@dataclass(frozen=True)
class Turn:
    """One turn of a plan as the engines and the checker use it: the shift, the inserted tile's
    orientation (a mask) and the walk (cell numbers ``row * cols + col``). The certificate,
    :class:`escapology.amazeing.certificate.Plan`, writes it in the terms of its JSON."""

    shift: Shift
    tile: int
    path: tuple[int, ...]


@dataclass(frozen=True)
class Move:
    """One turn: the shift, the inserted tile's orientation and the cell the player walks to."""

    shift: Shift
    tile: int
    to: int


@dataclass
class VersusResult:
    """The answer of SP-Versus (Definition 2, bounded): ``solved`` when the player to move can
    force a win within ``turns`` own turns (``move`` a winning first move), ``unsolvable`` when she
    cannot, ``unknown`` at the limit (:func:`escapology.amazeing.versus.forced_win`)."""

    status: Status  # solved: a forced win exists; unsolvable: it does not (within the bound)
    move: Move | None
    turns: int
    nodes: int = 0


#: The prefix of a player's home tile as a hidden treasure (``⌂name``, :func:`escapology.amazeing.game.start_game`).
HOME = "⌂"
