"""The board pieces of the crossing-free parsimonious reduction (planar monotone 3SAT -> Roma).

Every piece writes preset arrows, free cells and boxes onto a :class:`Canvas`. Rows grow
downwards; a *free* cell is ``.``; a cell without a box label is a box of its own. Each piece's
property is stated and proved below; ``tests/roma/test_roma_gadgets.py`` checks every one in a
frame of its own (:func:`escapology.roma.reductions.frame.framed_puzzle`) by counting completions
per state with the SAT counter. The proofs only use two facts of Roma: a cell whose arrow points
at a cell pointing back closes a 2-cycle (*loop*), and a box holds each direction at most once.

**Conductor wire** (:func:`vertical_wire`, :func:`horizontal_wire`; Lemma 4 of the paper). A
vertical wire is a stack of 4-cell boxes ``[P < > Q]`` (the middle cells preset). ``P`` and
``Q`` can only take ``^`` and ``v`` (the box already holds ``<`` and ``>``), and differ. In two
consecutive rows the ``P`` cells agree: ``v`` above ``^`` in ``P`` is a loop, and ``^`` above
``v`` in ``P`` means ``v`` above ``^`` in ``Q``, a loop. So a wire has exactly two completions,
its *bit*: whether ``P`` flows up. A horizontal wire is the same turned: columns of boxes
``[t ^ v b]``, the top lane ``t`` flowing right or left and the bottom lane ``b`` the other way.
Wire cells never point out of their wire.

**Spine cap** (:func:`spine_cap`): the right end of a horizontal wire ending at column ``R``::

    column R+1: v . . ^      (rows T..T+3; c4, c5 free cells of their own)
    column R+2: f < < f      (f: any cells)

*Claim: in each bit state exactly one completion.* Top lane right: ``t_R > `` enters ``v`` and
so ``c4``; ``c4`` cannot go ``^`` (loop with ``v``), ``>`` (loop with ``<``), ``<`` (into the
wire's ``^``, which returns to ``t_R``: loop), so ``c4 = v``; ``c5`` cannot go ``^`` (loop),
``v`` (loop with ``^``), ``>`` (loop), so ``c5 = <`` into the wire's ``v``, which feeds the
bottom lane, flowing left. The other state is the mirror image (``c5 = ^``, ``c4 = <``). The
flow turns round the cap: the two lanes are one path.

**T-junction** (:func:`up_junction`): a leg (a vertical wire, columns ``c..c+3``) stands on the
top lane of a spine at row ``T``. Under the leg the top lane is ``t0 . < > . t3`` -- ``t1``,
``t2`` preset ``<`` and ``>`` -- and the spine's boxes there lose their top cell (``{^, v, b}``).
*Claim: if the leg's bit equals the spine's bit (top lane right iff ``P`` up) exactly one
completion, otherwise none, and the bottom lane keeps the spine's bit across the junction.*
``t0`` cannot go ``v`` (loop with the ``^`` below) nor ``>`` (loop with ``t1 = <``), so it goes
``^`` (into ``P``) or ``<``; likewise ``t3`` goes ``^`` (into ``Q``) or ``>``. Top lane right,
``P`` up: ``t0 = <`` loops with the lane's ``>``, so ``t0 = ^``; ``t3 = ^`` loops with ``Q``'s
``v``, so ``t3 = >``: one completion. Top lane right, ``P`` down: ``t0`` has no way out (``^``
loops with ``P``, ``<`` with the lane): none. The other two states are the mirror images. The
bottom lane cells under the junction keep ``{<, >}`` and a ``>`` left of a ``<`` is a loop, so
between two full columns of the same bit they follow it; full columns of different bits on both
sides would need ``P`` and ``Q`` both up or both down (``t0`` and ``t3`` then both point into
the leg or both out of it), which the leg's box forbids.

**Literal gadget** (:func:`literal_gadget`): the top of an up-leg under a clause ring whose bottom
path flows right (columns ``c..c+3``, rows from the ring's top path down to the leg)::

    <   <   <   <      ring top path (flowing left)
    v  A^   >   v      interior; "> v" is a bump of the bottom path
    >  Ae  B^   >      bottom path (flowing right); e, the exit, in box A
    >  Ac4 Bc5  <      the cap
    P   <   >   Q      the leg's top conductor row

*Claim: with the literal true (``P`` up) exactly one completion, in which ``e`` leaves the ring
down into the leg; with it false exactly one local completion, in which ``e`` continues the ring
to the right; no cell of the leg or the cap ever points into the ring.* ``e`` cannot go ``^``
(box A has it) nor ``<`` (loop), so ``e`` is ``v`` (exit) or ``>`` (ring). ``c4`` and ``c5``
cannot go ``^`` (boxes A and B hold it). ``P`` up: ``P`` enters the ``>`` and ``c4``;
``c4 = <`` and ``c4 = v`` (through ``m1 = <`` back into ``P``) are loops, so ``c4 = >``; then
``c5 = <`` and ``c5 = >`` are loops, so ``c5 = v`` (into ``m2 = >`` and down ``Q``); box A then
forbids ``e = >``: ``e = v``. ``P`` down: ``Q`` comes up into ``<`` and ``c5``; ``c5 = >`` and
``c5 = v`` loop, so ``c5 = <``; ``c4 = >`` and ``c4 = <`` loop, so ``c4 = v`` (down ``P``); box
A forbids ``e = v``: ``e = >``. Either way the flow through the cap is the leg's contour turning
round, as in a cap.

**Clause ring** (:func:`clause_ring`): three rows over columns ``L..R``: the top path flows left,
the left column down, the bottom path right (with the literal gadgets' bumps), the right column
up; interior cells point at the bottom path. Every cell is preset but the exits ``e`` of its
literal gadgets. *Claim: the ring's cells reach Rome iff some exit is taken, so with all its
literals false the ring is a loop (no completion), otherwise every true literal's exit is taken
(forced, above) and the ring's cells flow out through the first one downstream.*

A piece for the other side of the variable line is the vertical mirror image (``^`` and ``v``
swapped, rows reflected about the spine's middle): :class:`Canvas` draws through a
:class:`Mirror`.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Hashable, Iterable

from escapology.core.errors import InputError
from escapology.roma.model import Puzzle

Cell = tuple[int, int]
FREE = "."
_FLIP = {"^": "v", "v": "^", "<": "<", ">": ">", ".": ".", "O": "O"}


@dataclass
class Canvas:
    """Cells drawn so far: symbol (an arrow, ``.`` free or ``O``) and box label (``None``: a box
    of its own). Rings are remembered so that the frame can avoid pointing into them."""

    symbols: dict[Cell, str] = field(default_factory=dict)
    labels: dict[Cell, Hashable] = field(default_factory=dict)
    ring: set[Cell] = field(default_factory=set)

    def put(self, cell: Cell, symbol: str, box: Hashable | None = None, *, ring: bool = False) -> None:
        if cell in self.symbols:
            raise AssertionError(f"the layout draws cell {cell} twice")  # a bug, never the input's
        self.symbols[cell] = symbol
        if box is not None:
            self.labels[cell] = box
        if ring:
            self.ring.add(cell)

    def bounds(self) -> tuple[int, int, int, int]:
        rows = [r for r, _ in self.symbols]
        cols = [c for _, c in self.symbols]
        return min(rows), max(rows), min(cols), max(cols)

    def puzzle(self, arrows: dict[Cell, str], rows: int, cols: int) -> Puzzle:
        """The puzzle of this canvas (cells ``0..rows-1`` x ``0..cols-1``), every undrawn cell a
        preset 1-box with its arrow from ``arrows``."""
        labels = [[self.labels.get((r, c), ("cell", r, c)) for c in range(cols)] for r in range(rows)]
        givens = ["".join(self.symbols.get((r, c)) or arrows[(r, c)] for c in range(cols)) for r in range(rows)]
        return Puzzle.from_labels(labels, givens)


@dataclass(frozen=True)
class Mirror:
    """Draw onto ``canvas`` reflected about the horizontal line between rows ``axis2 / 2``
    (``axis2 = 2 T + 3`` reflects the spine rows ``T..T+3`` onto themselves), or not at all."""

    canvas: Canvas
    axis2: int | None = None

    def put(self, cell: Cell, symbol: str, box: Hashable | None = None, *, ring: bool = False) -> None:
        if self.axis2 is None:
            self.canvas.put(cell, symbol, box, ring=ring)
        else:
            self.canvas.put((self.axis2 - cell[0], cell[1]), _FLIP[symbol], box, ring=ring)


def vertical_wire(cv: Mirror, top: int, bottom: int, col: int, name: Hashable) -> None:
    """Conductor rows ``[P < > Q]`` in rows ``top..bottom``, columns ``col..col+3``."""
    for r in range(top, bottom + 1):
        for k, s in enumerate(".<>."):
            cv.put((r, col + k), s, (name, "row", r))


def horizontal_wire(cv: Canvas, row: int, first: int, last: int, name: Hashable,
                    junctions: Iterable[tuple[int, bool]] = ()) -> None:
    """A spine in rows ``row..row+3`` over columns ``first..last``: column boxes ``[t ^ v b]``,
    with a T-junction (:func:`up_junction`) at each ``(column, up)`` of ``junctions`` (``up``:
    the leg stands on the top lane; else it hangs from the bottom lane)."""
    special: dict[int, tuple[int, bool]] = {}
    for c, up in junctions:
        for k in range(4):
            special[c + k] = (k, up)
    for c in range(first, last + 1):
        box = (name, "col", c)
        lanes = [row, row + 3]
        if c in special:
            k, up = special[c]
            lane = row if up else row + 3
            cv.put((lane, c), ".<>."[k])  # t0, t3 free, t1 ``<``, t2 ``>``: boxes of their own
            lanes.remove(lane)
        for r in lanes:
            cv.put((r, c), ".", box)
        cv.put((row + 1, c), "^", box)
        cv.put((row + 2, c), "v", box)


def spine_cap(cv: Canvas, row: int, last: int) -> None:
    """The cap closing a spine whose last column is ``last`` (columns ``last+1`` and ``last+2``;
    the cells ``f`` of column ``last+2`` are left to the caller)."""
    for r, s in zip(range(row, row + 4), "v..^"):
        cv.put((r, last + 1), s)
    cv.put((row + 1, last + 2), "<")
    cv.put((row + 2, last + 2), "<")


def literal_gadget(cv: Mirror, bottom: int, col: int, name: Hashable, *, left_end: bool = False) -> None:
    """The literal gadget at columns ``col..col+3`` whose ring bottom path is row ``bottom``
    (the ring's other cells in these columns are drawn here too; the leg starts at
    ``bottom + 2``). With ``left_end`` its first column is the ring's left column: the top path
    turns down there (``v`` instead of ``<``), which changes nothing in the claim's proof."""
    A, B = (name, "A"), (name, "B")
    rows = {
        bottom - 2: [("v" if left_end else "<", None), ("<", None), ("<", None), ("<", None)],
        bottom - 1: [("v", None), ("^", A), (">", None), ("v", None)],
        bottom: [(">", None), (".", A), ("^", B), (">", None)],
    }
    for r, cells in rows.items():
        for k, (s, box) in enumerate(cells):
            cv.put((r, col + k), s, box, ring=True)
    for k, (s, box) in enumerate([(">", None), (".", A), (".", B), ("<", None)]):
        cv.put((bottom + 1, col + k), s, box)


def clause_ring(cv: Mirror, bottom: int, left: int, right: int, legs: Iterable[int], name: Hashable) -> None:
    """A clause ring in rows ``bottom-2..bottom`` over columns ``left..right`` with a literal
    gadget at each leg column (4 columns wide, inside the ring; the first may start at ``left``,
    its first column then being the ring's left column)."""
    legs = sorted(legs)
    taken: set[int] = set()
    for i, c in enumerate(legs):
        if not (left <= c and c + 3 < right):
            raise AssertionError("a literal gadget outside its ring")
        literal_gadget(cv, bottom, c, (name, i), left_end=c == left)
        taken.update(range(c, c + 4))
    top, mid = bottom - 2, bottom - 1
    if left not in taken:
        cv.put((top, left), "v", ring=True)
        cv.put((mid, left), "v", ring=True)
        cv.put((bottom, left), ">", ring=True)
    cv.put((top, right), "<", ring=True)
    cv.put((mid, right), "^", ring=True)
    cv.put((bottom, right), "^", ring=True)
    for c in range(left + 1, right):
        if c not in taken:
            cv.put((top, c), "<", ring=True)
            cv.put((mid, c), "v", ring=True)
            cv.put((bottom, c), ">", ring=True)


def fill_frame(cv: Canvas, rows: int, cols: int) -> dict[Cell, str]:
    """An arrow for every undrawn cell: a breadth-first tree grown from every drawn cell that is
    not a ring cell (wires, caps, junctions, the roots' presets and Rome, all of which reach Rome
    in every completion), each frame cell pointing at the cell it was reached from; cells shut
    off from those (none in the layouts built here) may point into a ring instead. Frame cells
    are presets of their own, so they add no choice; no drawn free cell can point into the frame
    (the pieces' claims), so they close no loop."""
    back = {(-1, 0): "v", (1, 0): "^", (0, -1): ">", (0, 1): "<"}
    arrows: dict[Cell, str] = {}
    for allowed_ring in (False, True):
        queue = deque(c for c in cv.symbols if allowed_ring or c not in cv.ring)
        while queue:
            r, c = queue.popleft()
            for (dr, dc), a in back.items():
                n = (r + dr, c + dc)
                if 0 <= n[0] < rows and 0 <= n[1] < cols and n not in cv.symbols and n not in arrows:
                    arrows[n] = a
                    queue.append(n)
        if len(arrows) + len(cv.symbols) == rows * cols:
            return arrows
    raise InputError("internal layout error: a frame cell is cut off from Rome")
