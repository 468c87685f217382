"""The board side: a drawable monotone line formula (:mod:`.layout`) as a Roma puzzle.

**Geometry.** The spines stand on rows ``T..T+3``, slot after slot from the left: the Roma cell
at ``(T+1, 0)``, then for each slot a *root column* of four preset ``<``, the spine (one full
column, then per leg four junction columns and a full column), and its cap
(:func:`~.gadgets.spine_cap`). Slot ``k+1``'s root column points into slot ``k``'s cap (whose
outer cells are preset ``v`` and ``^`` towards it), slot 0's into the column of the Roma cell.
An arc of height ``h`` on the page ``up`` is a clause ring whose bottom path lies on row
``T - 4 - 5 (h - 1)``, with a leg (a vertical wire from under its cap down to row ``T - 1``) on
each of its slots, standing on the spine's top lane in the leg's junction columns; the page
``down`` is the vertical mirror image. Everything else is the frame (:func:`~.gadgets.fill_frame`).

**Count (Theorems 2 and 10, parsimonious).** Fix a completion. Each spine and leg carries a bit
(the wire lemma); a leg's bit equals its spine's (the T-junction), so each slot has one bit, its
value (the top lane flows right iff the slot is true). Given the values, every cap, junction and
literal gadget has exactly one completion (the pieces' claims), which takes the exit of each true
literal and no other; the spine's contour, with its legs and caps, is one path from its root
round the slot's tree and back to the root, and it receives flow only from the presets and
exits, never from a ring; roots chain into the previous slot's cap and the first into Rome. So
the completion is a solution iff every ring has an exit, i.e. every clause of the line formula
holds, and it is the only one with these values. Solutions and models of the line formula are in
bijection, and :mod:`.layout` keeps the number of models of the input.
"""

from __future__ import annotations

from dataclasses import dataclass

from escapology.roma.model import Puzzle
from escapology.roma.reductions.gadgets import (
    Canvas,
    Mirror,
    clause_ring,
    fill_frame,
    horizontal_wire,
    spine_cap,
    vertical_wire,
)
from escapology.roma.reductions.layout import DOWN, UP, LineFormula, leg_order, levels

PITCH = 5  # rows per ring height
BLOCK = 5  # spine columns per leg: four junction columns and a full one


@dataclass(frozen=True)
class Board:
    """The puzzle and where its pieces are (the spine rows, each slot's first spine column)."""

    puzzle: Puzzle
    spine_row: int
    slot_columns: tuple[int, ...]


def _heights(lf: LineFormula) -> tuple[dict[int, int], dict[int, list[int]]]:
    """Each arc's height on its page, and the arc indices per page."""
    pages = {p: [i for i, a in enumerate(lf.arcs) if a.page == p] for p in (UP, DOWN)}
    height: dict[int, int] = {}
    for p, idx in pages.items():
        for k, h in zip(idx, levels([lf.arcs[i].slots for i in idx])):
            height[k] = h
    return height, pages


def _rows_and_top(height: dict[int, int], pages: dict[int, list[int]]) -> tuple[int, int]:
    top = max((height[i] for i in pages[UP]), default=0)
    bottom = max((height[i] for i in pages[DOWN]), default=0)
    T = 7 + PITCH * (top - 1) if top else 1
    return T + (11 + PITCH * (bottom - 1) if bottom else 5), T


def board_size(lf: LineFormula) -> tuple[int, int]:
    """The rows and columns :func:`build_board` will draw, computed without drawing (so that a
    caller can refuse a board before allocating it): a column of Rome, per slot four columns
    (root, first spine column, cap) and :data:`BLOCK` per leg, one more at the right; rows from
    the tallest ring on each page.

    >>> from escapology.roma.reductions.layout import monotone_line
    >>> board_size(monotone_line(2, [[1, -2]]))
    (12, 20)
    """
    height, pages = _heights(lf)
    legs = sum(len(a.slots) for a in lf.arcs)
    return _rows_and_top(height, pages)[0], 2 + 4 * lf.n_slots + BLOCK * legs


def build_board(lf: LineFormula) -> Board:
    """The Roma puzzle of a drawable monotone line formula (see the module docstring)."""
    pages = {p: [i for i, a in enumerate(lf.arcs) if a.page == p] for p in (UP, DOWN)}
    height: dict[int, int] = {}
    legs_at: dict[tuple[int, str], list[int]] = {}
    for p, idx in pages.items():
        arcs = [lf.arcs[i].slots for i in idx]
        for k, h in zip(idx, levels(arcs)):
            height[k] = h
        for s in range(lf.n_slots):
            here = [j for j, a in enumerate(arcs) if s in a]
            legs_at[(s, p)] = [idx[j] for j in leg_order(s, here, arcs)]
    rows, T = _rows_and_top(height, pages)

    cv = Canvas()
    cv.put((T + 1, 0), "O")
    for r, s in zip(range(T, T + 4), "v.^^"):
        if s != ".":
            cv.put((r, 0), s)
    leg_cols: dict[int, list[int]] = {i: [] for i in range(len(lf.arcs))}
    col = 1
    firsts = []
    for s in range(lf.n_slots):
        for r in range(T, T + 4):
            cv.put((r, col), "<")  # the root column
        first = col + 1
        firsts.append(first)
        legs = [(i, UP) for i in legs_at[(s, UP)]] + [(i, DOWN) for i in legs_at[(s, DOWN)]]
        junctions = []
        for j, (i, p) in enumerate(legs):
            c = first + 1 + BLOCK * j
            junctions.append((c, p == UP))
            leg_cols[i].append(c)
        last = first + BLOCK * len(legs)
        horizontal_wire(cv, T, first, last, ("spine", s), junctions)
        spine_cap(cv, T, last)
        if s + 1 < lf.n_slots:
            cv.put((T, last + 2), "v")
            cv.put((T + 3, last + 2), "^")
        col = last + 3
    cols = col + 1
    for i, arc in enumerate(lf.arcs):
        view = Mirror(cv, None if arc.page == UP else 2 * T + 3)
        ring_bottom = T - 4 - PITCH * (height[i] - 1)
        for c in leg_cols[i]:
            vertical_wire(view, ring_bottom + 2, T - 1, c, ("leg", i, c))
        cs = sorted(leg_cols[i])
        clause_ring(view, ring_bottom, cs[0], cs[-1] + 4, cs, ("ring", i))
    assert (rows, cols) == board_size(lf)
    arrows = fill_frame(cv, rows, cols)
    return Board(cv.puzzle(arrows, rows, cols), T, tuple(firsts))
