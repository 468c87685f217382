"""What the reductions of Schwahn & Thielen (FUN 2018) share: the built board with its gadget
labels, the alternating padding, and the checks of a formula against a construction."""

from __future__ import annotations

from dataclasses import dataclass, field

from escapology.amazeing.io import BYTES_PER_CELL, MAX_CELLS
from escapology.amazeing.model import Position, Shift, mask
from escapology.core import dimacs
from escapology.core.errors import InputError

V, H = mask("│"), mask("─")


@dataclass(frozen=True)
class Label:
    """A named rectangle of the board (a gadget): rows ``top..bottom``, columns ``left..right``."""

    text: str
    top: int
    left: int
    bottom: int
    right: int


@dataclass(frozen=True)
class Built:
    """A board built by a reduction, with what is needed to read a plan back as an assignment.

    ``variable_lines`` maps a shiftable line (``("col", index)`` or ``("row", index)``) to its
    variable; ``true_side`` is the side of the shift that sets a variable true (``"N"``: the
    column moves down, ``"W"``: the row moves right).
    """

    position: Position
    nvars: int
    clauses: tuple[tuple[int, ...], ...]
    turns: int
    variable_lines: dict[tuple[str, int], int]
    true_side: str
    labels: tuple[Label, ...] = field(default=())

    def assignment_of(self, shifts: list[Shift]) -> dict[int, bool]:
        """The assignment a sequence of shifts spells (the last shift of a variable's line counts)."""
        out: dict[int, bool] = {}
        for s in shifts:
            v = self.variable_lines.get(("col" if s.is_column else "row", s.index))
            if v is not None:
                out[v] = s.side == self.true_side
        return dict(sorted(out.items()))


def padding_tile(row: int, col: int) -> int:
    """The alternating padding of the paper: ``│`` and ``─`` in a checkerboard. No two padding
    tiles are joined (a ``│`` has no east/west side, a ``─`` no north/south side, and every
    neighbour of a ``│`` in the checkerboard is a ``─`` and vice versa)."""
    return V if (row + col) % 2 == 0 else H


def check_clauses(nvars: int, clauses: list[list[int]]) -> None:
    """Refuse (``InputError``) a formula a construction cannot take: no variable, an empty clause,
    a literal outside ``1..nvars``."""
    if nvars < 1:
        raise InputError("the formula needs at least one variable")
    dimacs.check_clauses(nvars, clauses)


def refuse_large(cells: int, rows: int, cols: int, what: str) -> None:
    """Refuse, before anything is allocated, a board with more cells than a position may have."""
    if cells > MAX_CELLS:
        raise InputError(f"the board of this formula would have {cells} cells ({rows} rows x {cols} columns; "
                         f"{what}), about {cells * BYTES_PER_CELL // 2**20} MB; the limit is {MAX_CELLS} cells")
