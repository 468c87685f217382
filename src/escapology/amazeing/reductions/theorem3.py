"""Theorem 3 of Schwahn & Thielen (FUN 2018) as the paper builds it: 3SAT -> SP-Labyrinth.

Source: F. D. Schwahn and C. Thielen, "The Complexity of Escaping Labyrinths and Enchanted
Forests", FUN 2018, LIPIcs 100:30, §2.2, Theorem 3 (Figures 2 and 3; the figures are not in our
copy, so the tiles of each gadget below are designed from the prose, with the property the proof
uses proved here and checked by experiment in ``tests/amazeing/test_reductions.py``).

The board, top to bottom: ``2n`` padding rows; the row of ``s``; one 12-row *clause gadget* per
clause ``C_1..C_m``, then one 12-row *variable gadget* per variable (the clause ``x_i ∨ ¬x_i``);
the row of ``t``; ``2n`` padding rows. Left to right: ``2n`` padding columns; the *lane* column
(``s`` and ``t`` are on it); for each variable ``x_i`` three columns ``L_i``, ``V_i``, ``R_i``,
``V_i`` being the *variable column* of ``x_i``; ``2n`` padding columns. For ``n ≥ 11`` each gadget
is followed by ``n - 10`` sealed spacer rows (all ``│``), so gadgets start ``P = max(12, n + 2)``
rows apart (why: the Lemma below). The board has ``P (n + m) + 2 + 4n`` rows and ``7n + 1``
columns; ``k = n`` turns; the spare is ``│``.

Fixed tiles: the paper does not say which tiles are fixed; its footnote 4 fixes the column left of
a variable column so that only the variable column itself is shifted. We fix every tile outside
the variable columns, so the variable columns are the only lines that shift (every row holds
fixed tiles). The padding (a checkerboard of ``│`` and ``─``, no two of its tiles joined) is kept
as the paper states it: it keeps the wrap-around of a shifted variable column away from the
gadgets (a column shifted at most ``n`` times pushes out padding tiles only, so the spare stays an
I tile and the tiles it inserts stay in the padding). Shifting ``V_i`` *down* (``N``, the spare
goes in at the top) sets ``x_i`` true, *up* (``S``) false.

A gadget's rows 0..11:

======  ======  ======  ===================================  ======================================
 row     lane    L_i     V_i (unshifted)                      R_i
======  ======  ======  ===================================  ======================================
 0       │       │       ─                                    │
 1       └       ┬       ─  (the *distribution* row)          ─ (``┐`` for i = n: the row ends)
 2       │       │       ─                                    │
 3       │       │       │                                    │
 4       │       │       hook                                 │
 5       │       └       hook                                 │
 6       │       │       hook                                 ┐
 7       │       │       hook                                 │
 8       │       │       │                                    │
 9       │       │       ─                                    │
 10      ┌       ─       ─  (the *collector* row)             ┴ (``┘`` for i = n: the row ends)
 11      │       │       ─                                    │
======  ======  ======  ===================================  ======================================

The four *hook gadgets* (Figure 3) are the tiles of ``V_i`` at rows 4..7, made of *hooks*, a ``┐``
right above a ``└``: *unnegated* ``┐ └ │ │`` (``x_i`` in the clause), *negated* ``│ │ ┐ └``
(``¬x_i``), *either-or* ``┐ └ ┐ └`` (both), *empty* ``│ │ │ │`` (neither). The first three
rows carry the player from the top left of the gadget (the lane) along row 1 to the top of every
``L_i``, which leads down to row 5; the last three collect from every ``R_i`` (down from row 6)
along row 10 back to the lane at the bottom left, which leads into the next gadget.

**Lemma (a gadget is crossed exactly through an open hook).** Let every variable column be
shifted down by an offset ``d_i`` with ``|d_i| ≤ n``. Then no walk within the gadget leads from
its rows 0..5 to its rows 6..11 except through a hook of the gadget itself lying at rows 5, 6 of
some ``V_i``, and such a hook joins row 1 to row 10 when the offsets are in ``{-1, 0, 1}``. The
hook of ``x_i`` lies there (is *open*) iff it is unnegated and ``d_i = +1``, negated and
``d_i = -1``, or either-or and ``d_i = ±1``; an empty hook is never open, no hook at ``d_i = 0``.

*Proof.* Every tile outside the ``V_i`` is a path tile opening exactly toward its path neighbours
in the table, or a ``│`` that no path tile opens toward (sealed runs; for ``i = n`` the ``┐`` at
row 1 opens into ``R_n``'s run of rows 2..5, a dead end). The tiles of ``V_i`` are ``│ ─ ┐ └``.
A vertical passage inside ``V_i`` joins only a ``┐`` to the ``└`` right below it (every ``│`` of
the column has a ``─`` or a ``│`` run end above and below it that does not open toward it, and a
``┐`` is always right above a ``└``); shifting the whole column keeps that. So ``V_i`` joins
``L_i`` to ``R_i`` either sideways through a ``─`` on a row where both open toward it (rows 1
and 10 only), or through a hook at rows ``(r, r + 1)`` with ``L_i`` opening east at ``r`` and
``R_i`` opening west at ``r + 1``: only ``(5, 6)``. Every other passage between the top part
(rows 0..5 of the lane, ``L_i`` and the distribution row) and the bottom part is sealed. A hook of
``V_i`` is a ``┐`` at a row ``4 + Pa`` or ``6 + Pa``; it lies at row 5 iff ``d_i = 1 - Pa`` or
``-1 - Pa``, and ``|d_i| ≤ n ≤ P - 2`` leaves ``a = 0``: the gadget's own hook. At offsets in
``{-1, 0, 1}``, rows 1 and 10 of ``V_i`` hold ``─`` (its tiles at rows 0..2 and 9..11 are ``─``),
so the rows are corridors from the lane across every column. □

Between gadgets the lane is the only link (the other columns are ``│`` on rows 11, 0 and the
spacer rows, or ``─`` in ``V_i`` whose neighbours there are ``│``), ``s`` (a ``│`` on the lane)
leads into the first gadget and the last gadget's lane into ``t``. Every opening toward the
padding is a dead end (padding tiles are never joined to each other).

**Theorem (the property Theorem 3 uses).** ``t`` is reachable from ``s`` within ``n`` turns iff
the formula is satisfiable; fewer than ``n`` turns never suffice.

*Proof.* Only variable columns shift; in at most ``n`` turns every offset stays within ``±n``.
If an assignment satisfies the formula, shift ``V_i`` down for true and up for false, one per
turn, not moving; after the ``n``-th shift every clause gadget has an open hook (a true literal)
and every variable gadget too (its either-or hook is open at ``±1``), so by the Lemma ``s`` and
``t`` are joined and the player walks. Conversely, take a plan of at most ``n`` turns. The player
must get from the top part to the bottom part of every gadget. She does it either by walking
through an open hook of the gadget (Lemma) or by being *carried*: standing on a tile of some
``V_j`` while it shifts, one row per shift; a carried passage leaves the top part only from
``V_j`` and reaches the bottom part at row 6 at the earliest (``R_j`` opens west at rows 6 and 10
only, ``L_j`` only at rows 1, 5, 10), starting at row 5 at the latest with ``┐`` there (which is an
open hook already) or at row 1 (a ``─``), so it takes at least 5 shifts of ``V_j`` while she is in
that gadget. The variable gadget of ``x_i`` has a non-empty hook only in ``V_i``. Let ``A`` be the
variables whose gadget she walks through (``V_i`` is then shifted at least once) and ``B`` those
she is carried through (at least 5 shifts each, during disjoint spans of time, of which at most
one is the shift that ``A`` counts for that column): at least ``|A| + 4|B|`` shifts, and
``|A| + |B| = n``, so ``B`` is empty and every ``V_i`` is shifted exactly once (and fewer than ``n``
turns never suffice). Offsets are then 0 before a column's shift and its final value ``±1`` after
it; each clause gadget is walked through an open hook, and a hook open at ``d_i = ±1`` is open at
the final offset, so every clause has a literal true under the final assignment (``x_i`` true iff
``V_i`` was shifted down). □

>>> red = sat_to_labyrinth(2, [[1, -2]])
>>> red.position.rows, red.position.cols, red.turns
(46, 15, 2)
>>> red.assignment_of([Shift("N", 6), Shift("S", 9)])
{1: True, 2: False}
"""

from __future__ import annotations

from escapology.amazeing.model import Player, Position, Shift, mask
from escapology.amazeing.reductions.common import H, V, Built, Label, check_clauses, padding_tile, refuse_large

GADGET_ROWS = 12
#: rows of V_i that are ``─`` whatever the hook (the distribution and collector rows with their
#: windows)
ALWAYS_OPEN = (0, 1, 2, 9, 10, 11)
_HOOK_TOP, _HOOK_BOTTOM = mask("┐"), mask("└")
#: the hook gadgets: V_i's tiles at rows 4..7 of a gadget
HOOKS = {
    "unnegated": (_HOOK_TOP, _HOOK_BOTTOM, V, V),
    "negated": (V, V, _HOOK_TOP, _HOOK_BOTTOM),
    "either-or": (_HOOK_TOP, _HOOK_BOTTOM, _HOOK_TOP, _HOOK_BOTTOM),
    "empty": (V, V, V, V),
}


def gadget_period(nvars: int) -> int:
    """Rows from one gadget's first row to the next: ``max(12, n + 2)`` (12 rows and spacers)."""
    return max(GADGET_ROWS, nvars + 2)


def board_size(nvars: int, nclauses: int) -> tuple[int, int]:
    """``(rows, columns)`` of the board: ``P (n + m) + 2 + 4n`` by ``7n + 1``, ``P`` the period."""
    return gadget_period(nvars) * (nvars + nclauses) + 2 + 4 * nvars, 7 * nvars + 1


def variable_column(nvars: int, i: int) -> int:
    """The column ``V_i`` of variable ``x_i`` (1-based): ``2n + 3i - 1``."""
    return 2 * nvars + 3 * i - 1


def hook_of(clause: tuple[int, ...] | list[int], i: int) -> str:
    """The hook gadget of variable ``x_i`` in a clause's gadget."""
    pos, neg = i in clause, -i in clause
    return "either-or" if pos and neg else "unnegated" if pos else "negated" if neg else "empty"


def sat_to_labyrinth(nvars: int, clauses: list[list[int]]) -> Built:
    """Theorem 3: the SP-Labyrinth instance of a CNF formula (any clause length; 3SAT is the case
    of the theorem). ``t`` is reachable from ``s`` in ``k = nvars`` turns iff the formula is
    satisfiable (proof in the module documentation). The board is refused with an
    :class:`~escapology.core.errors.InputError` before it is allocated when it has more cells than
    a position may have (:data:`escapology.amazeing.io.MAX_CELLS`)."""
    check_clauses(nvars, clauses)
    n, m = nvars, len(clauses)
    rows, cols = board_size(n, m)
    refuse_large(rows * cols, rows, cols, f"{n} variables, {m} clauses")
    pad = 2 * n
    lane = pad
    s_row, first = pad, pad + 1
    period = gadget_period(n)
    t_row = first + period * (n + m)
    tiles = [[padding_tile(r, c) for c in range(cols)] for r in range(rows)]
    for r in range(s_row, t_row + 1):  # the central region: sealed │ unless a path says otherwise
        for c in range(lane, cols - pad):
            tiles[r][c] = V
    gadgets = [tuple(c) for c in clauses] + [(i, -i) for i in range(1, n + 1)]
    labels = [Label("s", s_row, lane, s_row, lane), Label("t", t_row, lane, t_row, lane)]
    for j, clause in enumerate(gadgets):
        g = first + period * j
        name = f"C{j + 1}" if j < m else f"x{j - m + 1}"
        labels.append(Label(name, g, lane, g + GADGET_ROWS - 1, cols - pad - 1))
        tiles[g + 1][lane], tiles[g + 10][lane] = mask("└"), mask("┌")
        for i in range(1, n + 1):
            left, var, right = variable_column(n, i) - 1, variable_column(n, i), variable_column(n, i) + 1
            last = i == n
            tiles[g + 1][left], tiles[g + 1][right] = mask("┬"), mask("┐") if last else H
            tiles[g + 5][left], tiles[g + 6][right] = mask("└"), mask("┐")
            tiles[g + 10][left], tiles[g + 10][right] = H, mask("┘") if last else mask("┴")
            for d in ALWAYS_OPEN:
                tiles[g + d][var] = H
            for d, t in zip((4, 5, 6, 7), HOOKS[hook_of(clause, i)]):
                tiles[g + d][var] = t
    var_cols = {variable_column(n, i): i for i in range(1, n + 1)}
    for i in range(1, n + 1):
        labels.append(Label(f"x{i}", 0, variable_column(n, i), rows - 1, variable_column(n, i)))
    fixed = tuple(c not in var_cols for _r in range(rows) for c in range(cols))
    pos = Position(
        rows, cols, tuple(t for row in tiles for t in row), fixed, V,
        {"t": t_row * cols + lane}, (Player("Alice", s_row * cols + lane, "t"),),
        labels=tuple((lab.text, lab.top, lab.left, lab.bottom, lab.right) for lab in labels),
    )
    return Built(pos, n, tuple(tuple(c) for c in clauses), n,
                 {("col", c): i for c, i in var_cols.items()}, "N", tuple(labels))


__all__ = ["sat_to_labyrinth", "board_size", "variable_column", "hook_of", "HOOKS", "Shift"]
