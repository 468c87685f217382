"""Exact reachability in O(n log n): can a piece go from one field to another with 1 or 2 moves?

This is the capture test of the slides, *meet in the middle with the inverted moves*: ``t`` is
reachable from ``s`` in two moves iff some first step ``s + v`` (on the board) equals some inverted
last step ``t - w``. Both sides have at most ``n`` fields, so one sort and one binary search per
inverted step decide it in O(n log n) numpy time (O(n) with hashing), instead of trying all ``n^2``
pairs. Whether the middle field is on the board is checked on the ``s + v`` side; ``t - w`` is then
the same field, so the rule "never leaving the board, not even in between" is respected exactly.

The same function serves Alice's capture test (``s`` = Alice, ``t`` = Bob) and the exact test of a
candidate safe field for Alice (``s`` = Bob, ``t`` = the candidate).

>>> from escapology.chess.model import Instance
>>> inst = Instance(4, (1, 1), (3, 4), ((1, 1), (1, 2), (2, 0), (0, 3)))
>>> find_path(inst, inst.alice, inst.bob)
Path(moves=((2, 0), (0, 3)), fields=((1, 1), (3, 1), (3, 4)))
>>> find_path(inst, (1, 1), (4, 4)) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from escapology.chess.model import Field, Instance, Vector


@dataclass(frozen=True)
class Path:
    """A turn of 1 or 2 moves: the vectors and the fields visited, from start to target."""

    moves: tuple[Vector, ...]
    fields: tuple[Field, ...]

    def to_json(self) -> dict:
        return {"moves": [list(v) for v in self.moves], "path": [list(f) for f in self.fields]}


def _keys(x: np.ndarray, y: np.ndarray, n: int) -> np.ndarray:
    return x * (n + 1) + y


def find_path(inst: Instance, start: Field, target: Field) -> Path | None:
    """A turn of 1 or 2 moves from ``start`` that ends on ``target``, or ``None`` if there is none.

    Exact in every case (no sampling). Time O(n log n) with numpy for ``n`` vectors. A 1-move path
    is preferred to a 2-move one.
    """
    n = inst.n
    V = inst.usable_array()
    if V.size == 0:
        return None
    dx, dy = V[:, 0], V[:, 1]
    sx, sy = start
    tx, ty = target
    one = np.flatnonzero((dx == tx - sx) & (dy == ty - sy))
    if one.size:
        v = (int(dx[one[0]]), int(dy[one[0]]))
        return Path((v,), (start, target))
    # First steps s + v that stay on the board.
    fx, fy = sx + dx, sy + dy
    ok = (fx >= 1) & (fx <= n) & (fy >= 1) & (fy <= n)
    first_idx = np.flatnonzero(ok)
    if first_idx.size == 0:
        return None
    fkeys = _keys(fx[first_idx], fy[first_idx], n)
    order = np.argsort(fkeys, kind="stable")
    fkeys = fkeys[order]
    # Inverted last steps t - w that are on the board.
    cx, cy = tx - dx, ty - dy
    ok2 = (cx >= 1) & (cx <= n) & (cy >= 1) & (cy <= n)
    last_idx = np.flatnonzero(ok2)
    if last_idx.size == 0:
        return None
    ckeys = _keys(cx[last_idx], cy[last_idx], n)
    pos = np.searchsorted(fkeys, ckeys)
    pos = np.minimum(pos, fkeys.size - 1)
    hit = np.flatnonzero(fkeys[pos] == ckeys)
    if hit.size == 0:
        return None
    j = int(last_idx[hit[0]])
    i = int(first_idx[order[pos[hit[0]]]])
    v = (int(dx[i]), int(dy[i]))
    w = (int(dx[j]), int(dy[j]))
    middle = (sx + v[0], sy + v[1])
    return Path((v, w), (start, middle, target))


def reaches(inst: Instance, start: Field, target: Field) -> bool:
    """True iff a piece on ``start`` can end a turn of 0, 1 or 2 moves on ``target``."""
    return start == target or find_path(inst, start, target) is not None


def reach_board(inst: Instance, start: Field) -> np.ndarray:
    """``(n+1) x (n+1)`` booleans, ``[x, y]`` True iff a piece on ``start`` ends a turn of 0-2
    moves on ``(x, y)`` (row and column 0 unused).

    The slides' brute force: tries all ``n^2`` pairs, O(n^2) time and memory. Used by
    :func:`escapology.chess.slides.solve_bruteforce`, by the pictures and, on boards with
    ``n <= 300``, to prefer a witness without teleport.
    """
    n = inst.n
    board = np.zeros((n + 1, n + 1), dtype=bool)
    board[start] = True
    V = inst.usable_array()
    dx, dy = V[:, 0], V[:, 1]
    for vx, vy in V.tolist():
        fx, fy = start[0] + vx, start[1] + vy
        if not (1 <= fx <= n and 1 <= fy <= n):
            continue
        board[fx, fy] = True
        ex, ey = fx + dx, fy + dy
        ok = (ex >= 1) & (ex <= n) & (ey >= 1) & (ey <= n)
        board[ex[ok], ey[ok]] = True
    return board
