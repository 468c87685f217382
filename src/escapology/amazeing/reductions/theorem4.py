"""Theorem 4 of Schwahn & Thielen (FUN 2018): QSAT -> SP-Versus-Labyrinth.

Source: F. D. Schwahn and C. Thielen, "The Complexity of Escaping Labyrinths and Enchanted
Forests", FUN 2018, LIPIcs 100:30, §2.3, Theorem 4 (Figures 4 and 5; the figures are not in our
copy, so the tiles below are designed from the prose, with the properties the proof uses proved
here and checked by experiment in ``tests/amazeing/test_theorem4.py``).

The formula is ``∃x_1 ∀x_2 ∃x_3 … ∃x_n φ`` with ``n`` odd and ``φ`` in CNF: Lara (player 1, she
moves first) sets the odd variables, Henry (player 2) the even ones, in the order of the prefix.

**Rows** (``4n``, as the paper counts them), top to bottom: the *wiring row* (row 0); then for
``i = n, n-1, …, 1`` the *variable row* ``X_i`` (row ``4(n-i)+1``), and between ``X_{i+1}`` and
``X_i`` a gap row, the row ``E_i`` (row ``4(n-i)-1``) and a gap row; below ``X_1`` one gap row
(Lara starts there) and the *escape row* (row ``4n-1``). Only ``X_i`` and ``E_i`` shift: the
wiring row, the escape row and every gap row are fixed (the paper fixes the first two; fixing the
gap rows is our choice, it keeps players off moving tiles unless they choose to stand there).
Shifting ``X_i`` *right* (the spare goes in at its west end, ``W``) sets ``x_i`` true, *left*
(``E``) false. ``d(R)`` is a row's net offset (positive: moved right).

**Columns**, left to right, each part separated by 2 buffer columns (footnote 7 of the paper: two
suffice) and 2 at each side: the lane of ``t2``; the variable gadget of ``x_n``; Henry's order
gadget; Lara's order gadget; the clause gadgets ``C_1 … C_m``; the lane of ``t1``. The board has
``32 + 10n + 17m`` columns (:func:`board_size`). The goals ``t1``, ``t2`` are on the wiring row at
the tops of their lanes; the spare is ``│``.

**Tiles.** Every tile of a shiftable row is ``│`` or ``─`` (so the spare stays an I tile and a
shiftable row joins two gap rows only vertically, through a ``│``). The fixed rows are ``─``
except for the designed tiles below; a ``─`` has no north or south side, so a gap row is a set of
horizontal runs, and a run joins the designed tiles at its two ends only when they open toward it.
A *crossing* of a shiftable row ``R`` at column ``c`` is a designed pair of fixed tiles at ``c``
above and below ``R`` opening toward it; it is *open* when ``R``'s tile at ``c`` is ``│``, i.e.
when the tile that was at ``c - d(R)`` is ``│``. Each crossing owns a *window*, ``R``'s five tiles
at ``c-2 … c+2``, written for ``d = +2 … -2`` read right to left; windows of a row never overlap
(crossing columns of a row are at least 5 apart). The windows (open offsets within ``|d| ≤ 2``):

======================  =========  ====================================================
window                  tiles      open at
======================  =========  ====================================================
``always``              │││││      every ``d``
``set``                 ││─││      ``d ≠ 0`` (closed until shifted, either way)
``unset``               ──│──      ``d = 0`` only
``x`` (literal)         ─│───      ``d = +1`` only (``x_i`` true)
``¬x`` (literal)        ───│─      ``d = -1`` only (``x_i`` false)
``x ∨ ¬x`` (literal)    ─│─│─      ``d = ±1``
``closed``              ─────      never
======================  =========  ====================================================

*Order gadget of a player P* (Figure 5), in her own columns: the *pink lane*, a column from her
start up to the wiring row: ``│`` on the gap rows, on ``X_i`` a ``set`` window if ``x_i`` is hers
and ``always`` if it is the opponent's, ``always`` on every ``E_i``. Lara starts on the gap row
below ``X_1`` (on a ``│`` facing the escape row's ``─``, a dead end), Henry on the gap row above
``X_1`` (for ``n = 1`` on the wiring row) with a ``closed`` window on ``X_1`` below him. The lane
ends on the wiring row in ``┌`` (Lara: the wiring goes right to the clause gadgets) or ``┐``
(Henry: left to the variable gadget). For every opponent's variable ``x_i`` with ``i < n`` the
gadget has a *blue access* ``B_i``: from the pink lane on the gap row ``h_i`` above ``E_i`` (a
``├``) right to a ``┐`` at column ``q_i``; the *gate*, a ``set`` window of ``E_i`` at ``q_i``; a
``└`` below it on the gap row ``g_i`` above ``X_i``, right to a ``┐`` at column ``r_i``; an
``unset`` window of ``X_i`` at ``r_i``; from there the *blue lane* down column ``r_i`` (``│``
on gap rows, ``always`` windows) to a ``┴`` on the escape row. The escape row joins Henry's blue
lanes to the lane of ``t2`` and Lara's to the lane of ``t1`` (a ``│`` cuts it between the two
order gadgets).

*Clause gadget* ``C_j`` (the clause gadget of Theorem 3 turned by 90 degrees): a distribution lane
``D`` and a collector lane ``C`` (``always`` windows, ``│`` on gap rows, from the wiring row to the
gap row below ``X_1``); for each variable ``x_i`` of the clause a branch from ``D`` on the gap row
above ``X_i`` (``├``, for ``i = n`` the wiring row itself, ``┬``) right to a ``┐`` at column ``v``,
the literal window of ``X_i`` at ``v``, a ``└`` below it and a branch right to ``C`` (``┤``). On
the wiring row the path comes in from the left into ``D`` (``┐``/``┬``) and leaves from the top of
``C`` (``┌``) to the right; between them the row is cut. The ``E_i`` rows need nothing (the
paper's "filled so that it can always be crossed" is the ``always`` windows of the lanes).

*Variable gadget of* ``x_n`` (the clause ``x_n ∨ ¬x_n``, mirrored: Henry comes from the right):
the wiring row enters a ``┌`` at ``v``, a ``set`` window of ``X_n`` at ``v``, a ``┘`` below it, a
branch left to a ``└`` at ``C``, an ``always`` window of ``X_n`` at ``C`` and a ``┐`` on the
wiring row from which the row leads left to the lane of ``t2``. The goal lanes join the wiring row
and the escape row (``always`` windows).

**Lemma 1 (what is joined).** When every row has ``|d| ≤ 2``, two fixed tiles are in one region
of the board exactly when the designed paths above join them through crossings that are open by
the table; nothing else (buffers, fillers, inserted tiles) joins anything. *Proof.* A shiftable
row's ``│`` at column ``c`` joins the fixed tiles at ``c`` above and below it and nothing else; a
``─`` there joins only ``─`` tiles of its own row, which have no north or south side, so it is
never reached from a fixed tile. Fixed tiles opening north or south exist only at crossing columns,
whose windows fix the tile at ``c`` for ``|d| ≤ 2``; every other column of a shiftable row faces
``─`` above and below. In a fixed row every designed tile opens east or west only toward the run
of its path, whose other end is the designed tile it is meant to reach; every other run (between
two gadgets, between ``D`` and ``C`` on a branch-free row, the cuts of the wiring and escape rows)
ends in tiles that do not open toward it. Inserted tiles enter at the ends of a row, at least 2
columns from any window, so with ``|d| ≤ 2`` none reaches a window. □

**Lemma 2 (standing on a moving tile does not help).** A player can step onto a shiftable row only
onto the ``│`` of an open crossing at a column ``c``. Moved ``k ≠ 0`` columns by shifts, she stands
on a ``│`` facing ``─`` on both sides (crossing columns of a row are 5 apart and ``|k| ≤ 4`` in
the plays below): she cannot walk. Moved back (``k = 0``) her tile is again the crossing's, and
she reaches what a player on the fixed tile next to it reaches. So whatever she can do from a
moving tile she can do from a fixed one; below, players stand on fixed tiles.

**The play.** Call a player *honest* in her turn ``i`` if she shifts ``X_i`` (either way). Write
``O`` for the offsets after honest turns ``1..i``: ``d(X_j) = ±1`` for ``j ≤ i``, everything else
0. Every claim below looks at ``O`` changed by at most two more shifts, so ``|d| ≤ 2`` (Lemma 1
applies) and a row is shifted at most 3 times (Lemma 2 applies).

(a) *Progress.* After honest turns ``1..i-1``, the player of turn ``i`` stands in her pink lane
below ``X_i`` (on the gap row above ``E_{i-1}``, or at her start). Honest, she opens her ``set``
window of ``X_i`` and walks up her lane across ``X_i``, ``E_i``, the opponent's ``X_{i+1}``
(``always``, not shifted yet) and ``E_{i+1}`` to the gap row above ``E_{i+1}`` below her own
``X_{i+2}``, still closed; for Henry at turn ``n-1`` and Lara at turn ``n`` the lane reaches the
wiring row. Without shifting ``X_i`` she cannot cross her own ``X_i`` (its window is ``set`` and
only the opponent's deviation, which (c) punishes, could have shifted it).

(b) *No early goal.* Before turn ``n`` nobody reaches a goal while both are honest: Lara's goal is
behind her own ``X_n``; Henry's behind the variable gadget, whose ``set`` window of ``X_n`` opens
only after a shift of ``X_n``, which an honest Henry never makes and an honest Lara makes in turn
``n``. A blue access ``B_i`` of P needs the gate ``E_i`` shifted and ``X_i`` unshifted: P can
stand at it only from the turn she crossed into the gap row above ``E_i`` (turn ``i-1``, her
honest shift was ``X_{i-1}``, so ``E_i`` was not shifted), and from turn ``i`` on the opponent
has shifted ``X_i`` (honest). Undoing that shift takes P's whole shift of a turn, so it is a
deviation, and (c) lets the opponent win in the next turn, before P can also shift the gate. In one
turn a player has one shift: she cannot both open her ``X_i`` and a gate above it.

(c) *Whoever deviates first loses.* Let turn ``i < n`` be the first in which the player to move,
say P, does not shift ``X_i``. Her one shift cannot give her a goal: her own lane is closed at
``X_i`` and her gates need ``X_j`` unshifted for ``j < i`` — they are all shifted. In turn
``i + 1`` the opponent Q stands at his blue access ``B_i`` (by (a)). ``X_i`` is unshifted; Q
shifts ``E_i`` so that ``d(E_i) ≠ 0`` (if P shifted ``E_i`` to ``±1``, Q shifts it again the same
way to ``±2``, open too); the gate and the ``unset`` window are open, and the blue lane, the escape
row and his goal lane (``always`` windows) take him to his goal. For ``i = n`` (Lara does not
shift ``X_n``): she cannot cross ``X_n`` and Henry wins in turn ``n+1`` by (d).

(d) *The end.* After honest turns ``1..n``, ``d(X_j) = +1`` iff ``x_j`` was set true. Lara's lane
reaches the wiring row; she reaches ``t1`` iff every clause gadget is crossed, iff for each clause
a literal window is open at its column (Lemma 1), iff the assignment satisfies every clause. If
she does not reach ``t1`` in turn ``n``, Henry in turn ``n+1`` stands on the wiring row at the
variable gadget (turn ``n-1``, (a)); he makes ``d(X_n) ≠ 0`` with ``|d(X_n)| ≤ 2`` (shifting
``X_n`` the way Lara did, or either way if she did not) and walks across the ``set`` window to
``t2``.

**Theorem (the property Theorem 4 uses).** Lara has a winning strategy iff the QBF is true, and
the game is decided by turn ``n + 1``: she reaches ``t1`` within her ``(n+1)/2`` own turns exactly
when she can force it (:data:`Built.turns`). *Proof.* If the QBF is true, Lara plays honestly,
choosing ``x_i`` by a winning strategy of the formula, and punishes Henry's first deviation by
(c); by (b) Henry gets no goal first, and by (d) she reaches ``t1`` in turn ``n``. If it is false,
Henry plays honestly against the values Lara chose, punishes her first deviation by (c), and by
(d) reaches ``t2`` in turn ``n + 1`` since Lara's clause gadgets are not all open. □

The rule that forbids reversing the previous shift is not needed (in (c) Q shifts ``E_i`` the
way it already moved, or either way; in (d) Henry shifts ``X_n`` the way Lara did): the board is
correct with and without it, as the paper says of its own.

>>> red = qsat_to_versus(1, [[1]])
>>> red.position.rows, red.position.cols, red.turns, board_size(1, 1)
(4, 59, 1, (4, 59))
>>> [p.name for p in red.position.players], red.position.race_turns
(['Lara', 'Henry'], 1)
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from escapology.amazeing.model import Player, Position, mask
from escapology.amazeing.reductions.common import H, V, Built, Label, check_clauses, refuse_large
from escapology.core.errors import InputError

if TYPE_CHECKING:
    from escapology.amazeing.io import QBF

#: the windows of a crossing: the row's tiles at columns ``c-2 … c+2`` (see the module documentation)
WINDOWS = {
    "always": "│││││", "set": "││─││", "unset": "──│──", "closed": "─────",
    "x": "─│───", "¬x": "───│─", "x ∨ ¬x": "─│─│─",
}
BUFFER = 2  # buffer columns between two parts and at each side (footnote 7 of the paper)
SPACING = 5  # columns between two crossing columns of a gadget (windows of 5 never overlap)
MARGIN = 2  # columns of a gadget left and right of its outermost crossing
_T = {g: mask(g) for g in "┌┐└┘├┤┬┴"}


def x_row(n: int, i: int) -> int:
    """The row of the variable row ``X_i``: ``4(n - i) + 1``."""
    return 4 * (n - i) + 1


def e_row(n: int, i: int) -> int:
    """The row of ``E_i`` (``1 ≤ i < n``), between ``X_{i+1}`` and ``X_i``: ``4(n - i) - 1``."""
    return 4 * (n - i) - 1


def escape_row(n: int) -> int:
    return 4 * n - 1


def gadget_width(ports: int) -> int:
    """Columns of a gadget with ``ports`` crossing columns: ``5 ports``."""
    return 2 * MARGIN + SPACING * (ports - 1) + 1


def board_size(nvars: int, nclauses: int) -> tuple[int, int]:
    """``(rows, columns)``: ``4n`` by ``32 + 10n + 17m`` (two goal lanes of 1 port, the variable
    gadget of 2, two order gadgets of ``n`` each, ``m`` clause gadgets of 3, and buffers)."""
    parts = [1, 2, nvars, nvars] + [3] * nclauses + [1]
    return 4 * nvars, sum(gadget_width(p) for p in parts) + BUFFER * (len(parts) + 1)


def literal_window(clause: tuple[int, ...] | list[int], i: int) -> str | None:
    """The window of ``X_i`` in a clause gadget, or ``None`` when ``x_i`` is not in the clause."""
    pos, neg = i in clause, -i in clause
    return "x ∨ ¬x" if pos and neg else "x" if pos else "¬x" if neg else None


class _Board:
    def __init__(self, n: int, cols: int) -> None:
        self.n, self.rows, self.cols = n, 4 * n, cols
        self.shiftable = {x_row(n, i) for i in range(1, n + 1)} | {e_row(n, i) for i in range(1, n)}
        self.tiles = [[V if r in self.shiftable else H for _c in range(cols)] for r in range(self.rows)]

    def put(self, r: int, c: int, glyph: str) -> None:
        self.tiles[r][c] = mask(glyph)

    def window(self, r: int, c: int, kind: str) -> None:
        assert r in self.shiftable
        for k, g in enumerate(WINDOWS[kind]):
            self.tiles[r][c - 2 + k] = mask(g)

    def lane(self, c: int, top: int, bottom: int, shiftable_kind=lambda r: "always") -> None:
        """``│`` on the fixed rows strictly between ``top`` and ``bottom``, windows on the shiftable ones."""
        for r in range(top + 1, bottom):
            if r in self.shiftable:
                self.window(r, c, shiftable_kind(r))
            else:
                self.put(r, c, "│")

    def close_column(self, c: int) -> None:
        """``closed`` windows on every shiftable row at a crossing column (the designed ones follow)."""
        for r in self.shiftable:
            self.window(r, c, "closed")


def check_prefix(qbf: "QBF") -> None:
    """Refuse (:class:`~escapology.core.errors.InputError`, with the line) a QDIMACS formula whose
    prefix is not the one the construction takes: ``∃x_1 ∀x_2 ∃x_3 … ∃x_n``, every variable
    quantified, in the order of their numbers, ``n`` odd (Lara sets the odd variables)."""
    order = [(v, q, line) for q, block, line in qbf.prefix for v in block]
    for k, (v, q, line) in enumerate(order, 1):
        if v != k:
            raise InputError(f"x{v} is quantified where x{k} is expected: Theorem 4 sets the variables in the order "
                             "of their numbers (the prefix must be e 1, a 2, e 3, … in that order)", line=line)
        want = "e" if k % 2 else "a"
        if q != want:
            who, kind = ("Lara", "existential") if want == "e" else ("Henry", "universal")
            raise InputError(f"x{k} is {'universal' if q == 'a' else 'existential'}; Theorem 4 needs it {kind} "
                             f"({who} sets the {'odd' if want == 'e' else 'even'} variables)", line=line)
    if len(order) < qbf.nvars:
        raise InputError(f"x{len(order) + 1} is not quantified (free); Theorem 4 needs every variable quantified, "
                         "alternating e 1, a 2, e 3, …")
    if qbf.nvars % 2 == 0:
        line = qbf.prefix[-1][2] if qbf.prefix else None
        raise InputError(f"Theorem 4 needs an odd number of variables (Lara sets the last one); the formula has "
                         f"{qbf.nvars}: add 'e {qbf.nvars + 1} 0' (a variable no clause uses)", line=line)


def qsat_to_versus(nvars: int, clauses: list[list[int]]) -> Built:
    """Theorem 4: the SP-Versus-Labyrinth instance of ``∃x_1 ∀x_2 … ∃x_n φ`` (``n`` odd, ``φ`` the
    clauses). Lara (player 0, to move) can force reaching ``t1`` before Henry reaches ``t2`` iff the
    formula is true, and then within ``(n + 1) / 2`` of her own turns (proof in the module
    documentation); the position asks exactly that (``race_turns``). Raises
    :class:`~escapology.core.errors.InputError` for an even ``n`` or a bad clause, and for a board
    with more cells than a position may have, before building it."""
    check_clauses(nvars, clauses)
    if nvars % 2 == 0:
        raise InputError(f"Theorem 4 needs an odd number of variables (Lara sets the last one); the formula has "
                         f"{nvars}: add an existential variable {nvars + 1} that no clause uses")
    n, m = nvars, len(clauses)
    rows, cols = board_size(n, m)
    refuse_large(rows * cols, rows, cols, f"{n} variables, {m} clauses")
    b = _Board(n, cols)
    esc = escape_row(n)
    below = {i: x_row(n, i) + 1 for i in range(1, n + 1)}  # the gap row below X_i
    above = {i: x_row(n, i) - 1 for i in range(1, n + 1)}  # the gap row above X_i (row 0 for x_n)
    labels: list[Label] = []
    x = BUFFER

    def part(ports: int, name: str) -> list[int]:
        nonlocal x
        width = gadget_width(ports)
        labels.append(Label(name, 0, x, rows - 1, x + width - 1))
        cs = [x + MARGIN + SPACING * k for k in range(ports)]
        for c in cs:
            b.close_column(c)
        x += width + BUFFER
        return cs

    # the lane of t2: wiring row to escape row
    (a,) = part(1, "t2 lane")
    b.put(0, a, "┌"), b.lane(a, 0, esc), b.put(esc, a, "└")
    # the variable gadget of x_n (Henry comes from the right)
    cv, v = part(2, f"x{n}")
    b.put(0, cv, "┐"), b.put(0, v, "┌")
    b.window(x_row(n, n), v, "set"), b.window(x_row(n, n), cv, "always")
    b.put(below[n], v, "┘"), b.put(below[n], cv, "└")
    # the order gadgets
    starts = {}
    for who, own in (("Henry", 0), ("Lara", 1)):  # Lara sets the odd variables, Henry the even ones
        accesses = [i for i in range(1, n) if i % 2 != own]  # the opponent's variables below x_n
        cs = part(n, who)
        p = cs[0]
        start = below[1] if who == "Lara" else above[1]
        starts[who] = start * cols + p
        b.put(0, p, "┌" if who == "Lara" else "┐")

        def pink(r: int, own: int = own) -> str:
            mine = any(r == x_row(n, i) for i in range(2 - own, n + 1, 2))
            return "set" if mine else "always"

        b.lane(p, 0, start, pink)  # for Henry, X_1 below his start keeps its closed window
        if start > 0:
            b.put(start, p, "│")
        for k, i in enumerate(accesses):
            q, r = cs[1 + 2 * k], cs[2 + 2 * k]
            h = e_row(n, i) - 1
            b.put(h, p, "├"), b.put(h, q, "┐")
            b.window(e_row(n, i), q, "set")
            b.put(above[i], q, "└"), b.put(above[i], r, "┐")
            b.window(x_row(n, i), r, "unset")
            b.lane(r, x_row(n, i), esc)
            b.put(esc, r, "┴")
        if who == "Henry":
            cut = x - 1  # a buffer column between the order gadgets: the escape row stops here
            b.put(esc, cut, "│")
    # the clause gadgets
    for j, clause in enumerate(clauses, 1):
        d, v, c = part(3, f"C{j}")
        b.lane(d, 0, below[1] + 1), b.lane(c, 0, below[1] + 1)
        b.put(0, d, "┬" if literal_window(clause, n) else "┐"), b.put(0, c, "┌")
        for i in range(1, n + 1):
            kind = literal_window(clause, i)
            if kind is None:
                continue
            if i < n:
                b.put(above[i], d, "├")
            b.put(above[i], v, "┐")
            b.window(x_row(n, i), v, kind)
            b.put(below[i], v, "└"), b.put(below[i], c, "┤")
    # the lane of t1
    (z,) = part(1, "t1 lane")
    b.put(0, z, "┐"), b.lane(z, 0, esc), b.put(esc, z, "┘")
    assert x == cols, (x, cols)

    fixed = tuple(r not in b.shiftable for r in range(rows) for _c in range(cols))
    lara, henry = starts["Lara"], starts["Henry"]
    labels += [Label("s1", *divmod(lara, cols), *divmod(lara, cols)),
               Label("s2", *divmod(henry, cols), *divmod(henry, cols)),
               Label("t1", 0, z, 0, z), Label("t2", 0, a, 0, a)]
    turns = (n + 1) // 2
    pos = Position(
        rows, cols, tuple(t for row in b.tiles for t in row), fixed, V, {"t1": z, "t2": a},
        (Player("Lara", lara, "t1"), Player("Henry", henry, "t2")),
        labels=tuple((lab.text, lab.top, lab.left, lab.bottom, lab.right) for lab in labels),
    )
    pos = replace(pos, race_turns=turns)
    variable_rows = {("row", x_row(n, i)): i for i in range(1, n + 1)}
    return Built(pos, n, tuple(tuple(cl) for cl in clauses), turns, variable_rows, "W", tuple(labels))


__all__ = ["qsat_to_versus", "check_prefix", "board_size", "x_row", "e_row", "escape_row", "literal_window", "WINDOWS"]
