"""The Roma board: a grid of boxes, goal (Roma) cells and given arrows.

Rules (Goergen, Fernau, Oest, Wolf, "All Paths Lead to Rome", 2022, Definition 1, relaxed the way
real puzzles on puzz.link use them): every cell that is not a goal gets one arrow ``^ v < >``;
within a box no direction appears twice; from every cell, following the arrows ends on a goal
(no arrow leaves the board, no loop). Real puzzles may have several goals, goals inside larger
boxes and boxes of any size; :meth:`Puzzle.strict_violations` lists what breaks the paper's
stricter definition (square board, boxes of at most 4 cells, exactly one goal, alone in its box).

Cells are ``(row, col)`` pairs, 0-based, row 0 at the top. A solution is a tuple of strings over
``^ v < > O``, one per row.

>>> p = Puzzle.from_labels(["AB", "AC"], [".O", "^."])
>>> p.rows, p.cols, p.n_boxes
(2, 2, 3)
>>> p.goals
((0, 1),)
>>> p.neighbour((1, 1), "^")
(0, 1)
>>> p.neighbour((0, 0), "<") is None
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Iterable, Iterator, Sequence

from escapology.core.coordinates import Grid
from escapology.core.errors import InputError
from escapology.core.pictures import Drawable
from escapology.core.wording import plural

UP, DOWN, LEFT, RIGHT, GOAL, EMPTY = "^", "v", "<", ">", "O", "."
DIRECTIONS = (UP, DOWN, LEFT, RIGHT)
DELTA: dict[str, tuple[int, int]] = {UP: (-1, 0), DOWN: (1, 0), LEFT: (0, -1), RIGHT: (0, 1)}
OPPOSITE = {UP: DOWN, DOWN: UP, LEFT: RIGHT, RIGHT: LEFT}
SYMBOLS = frozenset(DIRECTIONS) | {GOAL, EMPTY}

Cell = tuple[int, int]
Solution = tuple[str, ...]

#: How Roma names a cell, as its JSON does (``"cells": [[row, column], ...]``): ``(row,column)``, both
#: from 0 at the top left (the pictures' axis labels, every message and the web page follow it).
COORDINATES = Grid(base=0)


def cell_name(cell: Sequence[int]) -> str:
    """A cell as every message writes it: ``(row,column)`` from 0 (:data:`COORDINATES`)."""
    return COORDINATES.name(cell[0], cell[1])


class Arrows(tuple[str, ...]):
    """Roma's certificate: the solved grid's rows, top row first, over ``^ v < > O`` (a row is a
    string; cell ``(r, c)`` counted from 0 at the top left is ``rows[r][c]``). It is a tuple of
    rows, so it is also a :data:`Solution`; ``to_json``/``from_json`` are the list of rows that
    ``solve --format json`` writes under ``solution`` (and ``certificate``).

    >>> a = Arrows.from_json([">v", "^O"])
    >>> a.to_json(), a[1][1], Arrows.from_json(a.to_json()) == a
    (['>v', '^O'], 'O', True)
    >>> Arrows.from_json([">v", "x"])
    Traceback (most recent call last):
    ...
    ValueError: row 2 is not a row over ^ v < > O: 'x'
    """

    def to_json(self) -> list[str]:
        """The rows, as a JSON list of strings."""
        return list(self)

    @classmethod
    def from_json(cls, data: object) -> "Arrows":
        """The rows of a JSON list (:class:`ValueError` naming the first that is not a row over
        ``^ v < > O``, or rows of different lengths)."""
        if not isinstance(data, (list, tuple)):
            raise ValueError("a solution is a list of rows over ^ v < > O")
        for i, row in enumerate(data, start=1):
            if not isinstance(row, str) or not row or set(row) - (set(DIRECTIONS) | {GOAL}):
                raise ValueError(f"row {i} is not a row over ^ v < > O: {row!r}")
        if len({len(r) for r in data}) > 1:
            raise ValueError("the rows have different lengths")
        return cls(data)


@dataclass(frozen=True)
class Puzzle(Drawable):
    """A Roma puzzle: box id per cell and the given symbols (``.`` empty, arrows, ``O`` goal).

    Box ids are numbered 0, 1, ... by first appearance in row-major order, and every box is
    orthogonally connected; build puzzles with :meth:`from_labels`, which guarantees both.

    ``answer`` is the grid as far as it is filled in, when the puzzle came with one (a pzprv3
    file's answer section: rows over ``. ^ v < > O``, the givens included, ``.`` where empty); like
    ``name`` it is not part of the puzzle (equality and hashing ignore it).
    """

    rows: int
    cols: int
    boxes: tuple[tuple[int, ...], ...]
    givens: tuple[str, ...]
    name: str = field(default="", compare=False)
    answer: tuple[str, ...] | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1:
            raise InputError(f"the board must have at least one cell, not {self.rows}x{self.cols}")
        if len(self.boxes) != self.rows or any(len(r) != self.cols for r in self.boxes):
            raise InputError("the box grid does not have the board's size")
        if len(self.givens) != self.rows or any(len(r) != self.cols for r in self.givens):
            raise InputError("the grid of givens does not have the board's size")
        for r, row in enumerate(self.givens):
            for c, ch in enumerate(row):
                if ch not in SYMBOLS:
                    raise InputError(f"cell {COORDINATES.name(r, c)}: unknown symbol {ch!r} (use . ^ v < > O)")
        if self.answer is not None and (len(self.answer) != self.rows or any(
                len(r) != self.cols or set(r) - SYMBOLS for r in self.answer)):
            raise InputError(f"the answer is {self.rows} rows of {self.cols} symbols over . ^ v < > O")

    # -- construction -------------------------------------------------------------------------
    @classmethod
    def from_labels(
        cls, labels: Sequence[Sequence[object]], givens: Sequence[str] | None = None, name: str = "",
        answer: Sequence[str] | None = None,
    ) -> "Puzzle":
        """Build a puzzle from any box labels: each connected group of equal labels is one box.

        >>> Puzzle.from_labels(["AA", "BA"]).boxes
        ((0, 0), (1, 0))
        >>> Puzzle.from_labels(["AB", "BA"]).n_boxes  # two separate A's are two boxes
        4
        """
        rows = len(labels)
        if rows == 0:
            raise InputError("the board has no rows")
        cols = len(labels[0])
        if any(len(r) != cols for r in labels):
            raise InputError("the rows of the box grid have different lengths")
        ids = [[-1] * cols for _ in range(rows)]
        nxt = 0
        for r in range(rows):
            for c in range(cols):
                if ids[r][c] >= 0:
                    continue
                ids[r][c] = nxt
                stack = [(r, c)]
                while stack:
                    a, b = stack.pop()
                    for da, db in DELTA.values():
                        x, y = a + da, b + db
                        if 0 <= x < rows and 0 <= y < cols and ids[x][y] < 0 and labels[x][y] == labels[a][b]:
                            ids[x][y] = nxt
                            stack.append((x, y))
                nxt += 1
        if givens is None:
            givens = ["." * cols] * rows
        return cls(rows, cols, tuple(tuple(r) for r in ids), tuple(givens), name,
                   None if answer is None else tuple(answer))

    def with_givens(self, givens: Sequence[str]) -> "Puzzle":
        """The same board with other givens."""
        return Puzzle(self.rows, self.cols, self.boxes, tuple(givens), self.name)

    def bare(self) -> "Puzzle":
        """The same board keeping only the goals (no given arrows).

        >>> Puzzle.from_labels(["AB"], ["O<"]).bare().givens
        ('O.',)
        """
        return self.with_givens(
            ["".join(ch if ch == GOAL else EMPTY for ch in row) for row in self.givens]
        )

    # -- queries ------------------------------------------------------------------------------
    @property
    def n_cells(self) -> int:
        return self.rows * self.cols

    @cached_property
    def n_boxes(self) -> int:
        return 1 + max(max(r) for r in self.boxes)

    @cached_property
    def box_cells(self) -> tuple[tuple[Cell, ...], ...]:
        """The cells of each box, in row-major order."""
        out: list[list[Cell]] = [[] for _ in range(self.n_boxes)]
        for r in range(self.rows):
            for c in range(self.cols):
                out[self.boxes[r][c]].append((r, c))
        return tuple(tuple(b) for b in out)

    @cached_property
    def goals(self) -> tuple[Cell, ...]:
        return tuple(c for c in self.cells() if self.given(c) == GOAL)

    def cells(self) -> Iterator[Cell]:
        for r in range(self.rows):
            for c in range(self.cols):
                yield (r, c)

    def given(self, cell: Cell) -> str:
        return self.givens[cell[0]][cell[1]]

    def box(self, cell: Cell) -> int:
        return self.boxes[cell[0]][cell[1]]

    def neighbour(self, cell: Cell, d: str) -> Cell | None:
        """The cell that the arrow ``d`` in ``cell`` points to, or ``None`` off the board."""
        dr, dc = DELTA[d]
        r, c = cell[0] + dr, cell[1] + dc
        if 0 <= r < self.rows and 0 <= c < self.cols:
            return (r, c)
        return None

    def n_givens(self) -> int:
        """The number of given arrows (goals not counted)."""
        return sum(ch in DIRECTIONS for row in self.givens for ch in row)

    def strict_violations(self) -> list[str]:
        """What keeps this puzzle from the paper's Definition 1 (empty list when it is strict).

        >>> Puzzle.from_labels(["AB", "AB"], ["O.", ".."]).strict_violations()
        ['the goal (0,0) is not alone in its box']
        """
        out = []
        if self.rows != self.cols:
            out.append(f"the board is {self.rows}x{self.cols}, not square")
        big = [i for i, b in enumerate(self.box_cells) if len(b) > 4]
        if big:
            r, c = self.box_cells[big[0]][0]
            boxes = f"{plural(len(big), 'box')} {'has' if len(big) == 1 else 'have'}"
            out.append(f"{boxes} more than 4 cells, e.g. the one at {COORDINATES.name(r, c)}")
        if len(self.goals) != 1:
            out.append(f"the board has {len(self.goals)} Roma cells, not exactly one")
        for g in self.goals:
            if len(self.box_cells[self.box(g)]) != 1:
                out.append(f"the goal {cell_name(g)} is not alone in its box")
        return out

    def __str__(self) -> str:
        return format_text(self)


def successor_map(puzzle: Puzzle, solution: Sequence[str]) -> dict[Cell, Cell | None]:
    """For each arrow cell of ``solution``, the cell its arrow points to (``None`` off the board)."""
    out: dict[Cell, Cell | None] = {}
    for r, row in enumerate(solution):
        for c, ch in enumerate(row):
            if ch in DELTA:
                out[(r, c)] = puzzle.neighbour((r, c), ch)
    return out


def iter_symbols(rows: Iterable[str]) -> Iterator[tuple[Cell, str]]:
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            yield (r, c), ch


# -- the board as text (the text grid of :mod:`escapology.roma.io`, written here so that
# ``str(puzzle)`` needs no import of the readers: io imports model, never the other way)
_LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def box_labels(puzzle: Puzzle) -> list[list[str]]:
    """One label per cell such that neighbouring boxes get different labels (greedy colouring)."""
    adj: list[set[int]] = [set() for _ in range(puzzle.n_boxes)]
    for r, c in puzzle.cells():
        for nb in ((r + 1, c), (r, c + 1)):
            if nb[0] < puzzle.rows and nb[1] < puzzle.cols:
                a, b = puzzle.box((r, c)), puzzle.box(nb)
                if a != b:
                    adj[a].add(b)
                    adj[b].add(a)
    colour: dict[int, int] = {}
    for b in range(puzzle.n_boxes):
        used = {colour[x] for x in adj[b] if x in colour}
        colour[b] = next(i for i in range(len(adj) + 1) if i not in used)
    if max(colour.values()) >= len(_LABELS):
        return [[str(b) for b in row] for row in puzzle.boxes]
    return [[_LABELS[colour[b]] for b in row] for row in puzzle.boxes]


def format_text(puzzle: Puzzle, solution: Sequence[str] | None = None) -> str:
    """The text grid of ``puzzle`` (and ``solution``).

    >>> print(format_text(Puzzle.from_labels(["AB", "AB"], [".O", ".."])))
    roma
    AB
    AB
    <BLANKLINE>
    .O
    ..
    """
    labels = box_labels(puzzle)
    sep = " " if any(len(x) > 1 for row in labels for x in row) else ""
    parts = ["roma", *(sep.join(row) for row in labels), "", *puzzle.givens]
    if solution is not None:
        parts += ["", *solution]
    return "\n".join(parts)
