"""Theorem 3 of Schwahn & Thielen (FUN 2018) as a generator: 3SAT -> SP-Labyrinth.

The paper proves SP-Labyrinth strongly NP-hard by building, from a 3SAT formula with ``n``
variables, a board whose target is reachable in ``n`` turns iff the formula is satisfiable, with
variable columns, clause gadgets and buffer columns of I and L tiles. The paper's figures were not
available to us, so the gadgets below are **our own design from the text**, with the same
skeleton (one shiftable column per variable, one gadget per clause, fixed buffer columns) and
their correctness argued here and checked by experiment against python-sat
(``tests/amazeing/test_reduction.py``). We use I, L and T tiles only.

Layout (``R`` literal rows, one per literal occurrence; row of the ``q``-th literal: ``g = 2 + 3q``):

* columns ``0`` and ``2n + 2`` are the left and right *spines*, columns ``1, 3, ..., 2n + 1`` are
  *buffer* columns, column ``2i`` is the *variable column* of ``x_i``. Spines and buffers are
  fixed tiles; variable columns hold no fixed tile, so they are the only lines that can shift
  (every row holds fixed tiles). The spare is an I tile.
* A variable column is made of I tiles only: ``─`` where a passage must open, ``│`` elsewhere.
  I tiles never connect a literal row to anything vertically: a ``─`` has no north/south side
  and a ``│`` has no east/west side, so vertical runs of ``│`` are sealed off.
* Literal row ``g`` of a literal on ``x_i`` crosses every variable column. In column ``2i`` it
  passes iff the column's offset matches the literal: ``─`` at ``g - 1`` for ``x_i`` (passes
  after one shift ``N`` = "down" = *true*), ``─`` at ``g + 1`` for ``¬x_i`` (after one shift
  ``S`` = *false*), ``│`` at ``g``. In every other variable column the row meets ``─`` at
  ``g - 1, g, g + 1``: it passes at offsets -1, 0, +1.
* Clause gadget: the literal rows of a clause run in parallel between a spine segment on one side
  and one on the other (T tiles join them). Clauses are chained like a snake: clause 1 links the
  start segment (left) to a right segment shared with clause 2, clause 2 links that to a left
  segment shared with clause 3, and so on; the target sits on the last segment. So the target is
  reachable iff every clause has a passable literal row.
* For every variable the gadget chain also holds the clause ``(x_i ∨ ¬x_i)``. Its rows are both
  closed while column ``2i`` is unshifted, so every variable column must be shifted at least once.

Why "reachable in ``n`` turns iff satisfiable": if an assignment satisfies the formula, shift
column ``2i`` once (``N`` if ``x_i`` is true, ``S`` otherwise); after ``n`` turns every clause has an
open row and the player walks from start to target on the last turn. Conversely, in a plan of at
most ``n`` turns every variable column is shifted at least once (the ``x_i ∨ ¬x_i`` gadgets), so
each exactly once; then each column's offset is 0 before its shift and ±1 for ever after, so a
literal row that is ever open is open for the final assignment (``x_i`` true iff its shift was
``N``), and no row can be used "in both values" over time. Offsets stay within ±1, so inserted
tiles only reach rows ``0`` and ``3R + 1`` (never a window ``g-1..g+1``), and a player riding a
shifted ``─`` tile moves one row, where buffer columns hold ``│`` tiles: a dead end. Fewer than
``n`` turns never suffice. This is the same answer as the paper's Theorem 3; the board is ours.

>>> red = reduce_3sat(2, [[1, 2], [-1]])
>>> red.position.rows, red.position.cols, red.turns
(23, 7, 2)
>>> red.assignment_of([Shift("N", 4), Shift("S", 2)])
{1: False, 2: True}
"""

from __future__ import annotations

from dataclasses import dataclass

from escapology.amazeing.io import MAX_CELLS
from escapology.amazeing.model import Player, Position, Shift, mask
from escapology.core.errors import InputError


@dataclass(frozen=True)
class Reduction:
    """The board built from a formula, with what is needed to read a plan back as an assignment."""

    position: Position
    nvars: int
    clauses: tuple[tuple[int, ...], ...]  # the formula's clauses (without the x ∨ ¬x gadgets)
    turns: int  # the target is reachable within this many turns iff the formula is satisfiable

    def variable_of_column(self, col: int) -> int | None:
        return col // 2 if col % 2 == 0 and 2 <= col <= 2 * self.nvars else None

    def assignment_of(self, shifts: list[Shift]) -> dict[int, bool]:
        """Read the assignment from a plan's shifts: ``N`` on column ``2i`` sets ``x_i`` true."""
        out: dict[int, bool] = {}
        for s in shifts:
            v = self.variable_of_column(s.index) if s.is_column else None
            if v is not None:
                out[v] = s.side == "N"
        return dict(sorted(out.items()))


def reduce_3sat(nvars: int, clauses: list[list[int]]) -> Reduction:
    """Build the SP-Labyrinth board of a CNF formula (any clause length works; 3SAT is the case
    of Theorem 3). Variables are ``1..nvars``; literals are DIMACS integers.

    The board has ``3 R + 2`` rows and ``2 nvars + 3`` columns, ``R`` the number of literal
    occurrences (the clauses' and one ``x or not x`` gadget per variable); it is refused with an
    :class:`~escapology.core.errors.InputError` before anything is allocated when it would have
    more cells than a position may have (:data:`escapology.amazeing.io.MAX_CELLS`), so that every
    board built here can be written, read back and solved.
    """
    occurrences = sum(len(c) for c in clauses) + 2 * max(nvars, 0)
    cells = (3 * occurrences + 2) * (2 * max(nvars, 0) + 3)
    if cells > MAX_CELLS:
        raise InputError(f"the board of this formula would have {cells} cells ({3 * occurrences + 2} rows x "
                         f"{2 * nvars + 3} columns; {nvars} variables, {occurrences} literal occurrences); "
                         f"the limit is {MAX_CELLS}")
    if nvars < 1:
        raise ValueError("the formula needs at least one variable")
    for c in clauses:
        if not c:
            raise ValueError("an empty clause cannot be built (the formula is unsatisfiable)")
        for lit in c:
            if lit == 0 or abs(lit) > nvars:
                raise ValueError(f"literal {lit} is not a variable 1..{nvars}")
    gadgets = [list(c) for c in clauses] + [[i, -i] for i in range(1, nvars + 1)]
    rows_of: list[list[int]] = []
    literal_rows: list[tuple[int, int]] = []  # (board row, literal)
    for c in gadgets:
        mine = []
        for lit in c:
            g = 2 + 3 * len(literal_rows)
            literal_rows.append((g, lit))
            mine.append(g)
        rows_of.append(mine)
    R = len(literal_rows)
    rows, cols = 3 * R + 2, 2 * nvars + 3
    left, right = 0, cols - 1
    V, H = mask("│"), mask("─")
    tiles = [[V] * cols for _ in range(rows)]
    fixed = [[c % 2 == 1 or c in (left, right) for c in range(cols)] for _ in range(rows)]
    # spines: breaks everywhere but inside segments
    for r in range(rows):
        tiles[r][left] = H
        tiles[r][right] = H
    for g, lit in literal_rows:
        for c in range(1, cols - 1, 2):  # buffer columns carry the row across
            tiles[g][c] = H
        for i in range(1, nvars + 1):
            col = 2 * i
            if abs(lit) == i:
                tiles[g + (-1 if lit > 0 else 1)][col] = H
            else:
                for d in (-1, 0, 1):
                    tiles[g + d][col] = H

    def segment(col: int, segment_rows: list[int], *, west: bool) -> None:
        top, bottom = min(segment_rows), max(segment_rows)
        if top == bottom:
            tiles[top][col] = H
            return
        for r in range(top, bottom + 1):
            tiles[r][col] = V
        for r in segment_rows:
            tiles[r][col] = mask("├") if west else mask("┤")
        tiles[top][col] = mask("┌") if west else mask("┐")
        tiles[bottom][col] = mask("└") if west else mask("┘")

    M = len(gadgets)
    left_groups: dict[int, list[int]] = {}
    right_groups: dict[int, list[int]] = {}
    for j in range(1, M + 1):
        left_groups.setdefault(j // 2, []).extend(rows_of[j - 1])
        right_groups.setdefault((j - 1) // 2, []).extend(rows_of[j - 1])
    for seg in left_groups.values():
        segment(left, seg, west=True)
    for seg in right_groups.values():
        segment(right, seg, west=False)
    start = rows_of[0][0] * cols + left
    end_col = right if M % 2 == 1 else left
    target = rows_of[-1][-1] * cols + end_col
    pos = Position(
        rows,
        cols,
        tuple(t for row in tiles for t in row),
        tuple(f for row in fixed for f in row),
        V,
        {"T": target},
        (Player("player", start, "T"),),
    )
    return Reduction(pos, nvars, tuple(tuple(c) for c in clauses), nvars)
