"""The exact draw test: find a field Bob cannot reach, or prove that he reaches every field.

Alice may teleport to any free field, so (when she cannot capture) the game is a draw iff Bob's
reach ``R(B) = {B} ∪ {B+v} ∪ {B+v+w}`` misses some field. The slides test 50 random fields and may
err; this module never errs.

**Counting lemma.** Two moves commute (``B+v+w = B+w+v``), so with ``m <= n`` distinct vectors Bob
ends on at most ``1 + m + m(m+1)/2`` fields, which is less than ``n^2`` for every ``n >= 4``:
for ``n >= 4`` Bob never covers the board, and only boards with ``n <= 3`` can be Bob wins.
(The naive bound ``1 + n + n^2`` would not exclude a cover.)

**Row selection.** Let ``h(d)`` count the vectors with ``dy = d``. The number of unordered pairs
``{v, w}`` with ``v_y + w_y = t`` is ``u(t) = (h*h(t) + h(t/2)) / 2`` (a convolution, computed
exactly for small ``n`` and by FFT, rounded, for large ``n``), so Bob ends on at most
``e(t) = [t = 0] + h(t) + u(t)`` fields of row ``by + t``. Summed over all rows this is the bound
above, so some board row has ``e(t) < n`` when ``n >= 4``. We test the rows in increasing order of
``e``; one row is enumerated *exactly* (every ordered pair with ``v`` a legal first move,
``O(n + e(t))`` work) and the first field it misses is the witness. The estimate only chooses the
order; correctness never depends on it, and if every row is full the answer "Bob covers the board"
has been verified exhaustively.

>>> from escapology.chess.model import Instance
>>> find_safe_field(Instance(4, (1, 1), (2, 2), ((1, 0), (0, 1), (1, 1), (-1, -1))))
(3, 1)
>>> find_safe_field(Instance(2, (2, 2), (1, 1), ((1, 0), (0, 1)))) is None
True
>>> reach_bound(100_000) < 100_000**2
True
"""

from __future__ import annotations

from typing import Iterator

import numpy as np

from escapology.chess.model import Field, Instance
from escapology.chess.reach import Path, find_path
from escapology.core.limits import Deadline, LimitReached

_EXACT_CONVOLUTION_UP_TO = 4096


def reach_bound(m: int) -> int:
    """The most fields a piece can end on with 0-2 moves from ``m`` distinct vectors:
    ``1 + m + m(m+1)/2`` (counting lemma above)."""
    return 1 + m + m * (m + 1) // 2


def row_estimates(inst: Instance) -> np.ndarray:
    """``e(t)`` for ``t = -2(n-1) .. 2(n-1)`` (index ``t + 2(n-1)``): an upper bound on the number
    of fields of row ``by + t`` that Bob ends on (cached on the instance)."""
    if "row_estimates" in inst._cache:
        return inst._cache["row_estimates"]
    n = inst.n
    V = inst.usable_array()
    h = np.bincount(V[:, 1] + (n - 1), minlength=2 * n - 1).astype(np.int64)
    if n <= _EXACT_CONVOLUTION_UP_TO:
        c = np.convolve(h, h)
    else:
        size = 1 << int(4 * n - 3).bit_length()
        f = np.fft.rfft(h.astype(np.float64), size)
        c = np.rint(np.fft.irfft(f * f, size)[: 4 * n - 3]).astype(np.int64)
    twice_u = c
    twice_u[::2] += h  # t = 2d has index 2d + 2(n-1) = 2(d + n - 1)
    est = twice_u // 2
    est[n - 1 : 3 * n - 2] += h
    est[2 * (n - 1)] += 1
    est.flags.writeable = False
    inst._cache["row_estimates"] = est
    return est


def _rows_in_order(inst: Instance) -> Iterator[int]:
    n = inst.n
    by = inst.bob[1]
    est = row_estimates(inst)
    lo, hi = 1 - by, n - by  # row offsets on the board
    seg = est[lo + 2 * (n - 1) : hi + 2 * (n - 1) + 1]
    for k in np.argsort(seg, kind="stable"):
        yield lo + int(k)


def _by_dy(inst: Instance) -> tuple[np.ndarray, np.ndarray]:
    """The usable vectors' ``dx`` sorted by ``dy``, and ``starts``: the vectors with ``dy = d``
    are ``sdx[starts[d + n - 1] : starts[d + n]]`` for ``|d| < n`` (cached on the instance)."""
    if "by_dy" not in inst._cache:
        n = inst.n
        V = inst.usable_array()
        order = np.argsort(V[:, 1], kind="stable")
        sdy = V[order, 1]
        starts = np.searchsorted(sdy, np.arange(-(n - 1), n + 1))
        inst._cache["by_dy"] = (V[order, 0], starts)
    return inst._cache["by_dy"]


def row_reach(inst: Instance, start: Field, y: int) -> np.ndarray:
    """Exactly which fields of row ``y`` a piece on ``start`` ends a turn of 0-2 moves on: a
    boolean array indexed by ``x`` (entries ``1..n``; entry 0 unused).

    Enumerates the 0-move field, the single moves with ``dy = y - start_y``, and every ordered pair
    ``(v, w)`` with ``v_y + w_y = y - start_y`` whose first move ``start + v`` is on the board
    (``v`` then ``w``; the order ``w`` then ``v`` is its own ordered pair), keeping the end fields on
    the board. Work: O(n) plus the number of such pairs.
    """
    n = inst.n
    sx, sy = start
    t = y - sy
    V = inst.usable_array()
    covered = np.zeros(n + 1, dtype=bool)
    if not 1 <= y <= n:
        return covered
    if t == 0:
        covered[sx] = True
    dx, dy = V[:, 0], V[:, 1]
    fx, fy = sx + dx, sy + dy
    legal = (fx >= 1) & (fx <= n) & (fy >= 1) & (fy <= n)
    one = legal & (dy == t)
    covered[fx[one]] = True
    # Second moves sorted by dy, so the partners of each first move form one slice.
    sdx, starts = _by_dy(inst)
    v = np.flatnonzero(legal)
    need = t - dy[v]
    v = v[np.abs(need) < n]
    need = need[np.abs(need) < n] + (n - 1)
    lo = starts[need]
    counts = starts[need + 1] - lo
    total = int(counts.sum())
    if total:
        rep = np.repeat(np.arange(v.size), counts)
        first = np.repeat(lo - (np.cumsum(counts) - counts), counts)
        idx = np.arange(total) + first
        ex = fx[v][rep] + sdx[idx]
        ex = ex[(ex >= 1) & (ex <= n)]
        covered[ex] = True
    return covered


def covered_in_row(inst: Instance, t: int) -> np.ndarray:
    """Exactly which fields of row ``by + t`` Bob ends on (:func:`row_reach` from Bob's field)."""
    return row_reach(inst, inst.bob, inst.bob[1] + t)


def find_safe_route(inst: Instance, *, max_rows: int = 16, budget: int | None = None) -> Path | None:
    """A turn of 1-2 moves of Alice to a field Bob cannot reach, found row by row, or ``None``.

    A best-effort search for a witness without teleport (it is not needed for the answer): the
    rows where the estimates promise few Bob fields and many Alice fields are enumerated exactly for
    both players (:func:`row_reach`), at most ``max_rows`` rows and about ``budget`` (default
    ``8n``) enumerated pairs. Every field it returns is exact: Alice ends there, Bob does not.
    """
    n = inst.n
    ax, ay = inst.alice
    by = inst.bob[1]
    budget = 8 * n if budget is None else budget
    est = row_estimates(inst)
    ys = np.arange(1, n + 1)
    e_alice = est[ys - ay + 2 * (n - 1)]
    e_bob = est[ys - by + 2 * (n - 1)]
    spent = 0
    tried = 0
    for k in np.lexsort((-e_alice, e_bob)).tolist():
        if tried >= max_rows:
            break
        if e_alice[k] == 0 or (e_alice[k] == 1 and ys[k] == ay):
            continue
        cost = 2 * int(e_alice[k] + e_bob[k])
        if spent + cost > budget:
            continue
        spent += cost
        tried += 1
        y = int(ys[k])
        free = row_reach(inst, inst.alice, y) & ~row_reach(inst, inst.bob, y)
        if y == ay:
            free[ax] = False  # staying is not a move
        xs = np.flatnonzero(free)
        if xs.size:
            path = find_path(inst, inst.alice, (int(xs[0]), y))
            assert path is not None  # row_reach said Alice ends there
            return path
    return None


def find_safe_field(inst: Instance, deadline: Deadline | None = None) -> Field | None:
    """A field Bob cannot end on with 0-2 moves, or ``None`` if he can reach every field.

    Exact. For ``n >= 4`` the first row tried has a free field (counting lemma), so the cost is one
    convolution plus one row: O(n log n). Raises :class:`LimitReached` if ``deadline`` passes.
    """
    by = inst.bob[1]
    for t in _rows_in_order(inst):
        if deadline is not None and deadline.expired():
            raise LimitReached()
        covered = covered_in_row(inst, t)
        free = np.flatnonzero(~covered[1:])
        if free.size:
            return (int(free[0]) + 1, by + t)
    return None


def bob_covers_everything_possible(inst: Instance) -> bool:
    """False when the counting lemma alone proves that Bob misses a field.

    >>> bob_covers_everything_possible(Instance(4, (1, 1), (2, 2), ((1, 0),) * 4))
    False
    """
    return reach_bound(len(inst.usable_array())) >= inst.fields
