"""Compiled primitives on a Labyrinth board (numba), shared by the exact search and the beam.

Board: ``ids[p]`` is the field standing on position ``p = row * n + col`` (0-based, row 0 in the
south); ``conn[field]`` its connection mask (N=1, E=2, S=4, W=8). Push code ``k = 4 * line + d``
with ``d`` 0 = east, 1 = west (rows), 2 = north, 3 = south (columns); ``k ^ 1`` is the reverse push.
"""

from __future__ import annotations

import numpy as np

from escapology.labyrinth.jit_cache import kernel_jit  # importing it drops a stale cache

_N, _E, _S, _W = 1, 2, 4, 8


@kernel_jit(inline="always")
def _moved(p, k, n):
    z = k >> 2
    d = k & 3
    r = p // n
    c = p - r * n
    if d < 2:
        if r != z:
            return p
        if d == 0:
            c = c + 1 if c + 1 < n else 0
        else:
            c = c - 1 if c > 0 else n - 1
    else:
        if c != z:
            return p
        if d == 2:
            r = r + 1 if r + 1 < n else 0
        else:
            r = r - 1 if r > 0 else n - 1
    return r * n + c


@kernel_jit()
def _apply(src, dst, k, n):
    """dst = src with push k applied."""
    nn = n * n
    for p in range(nn):
        dst[p] = src[p]
    z = k >> 2
    d = k & 3
    if d < 2:
        base = z * n
        for c in range(n):
            dst[base + (c + 1 if d == 0 else c - 1 + n) % n] = src[base + c]
    else:
        for r in range(n):
            dst[((r + 1 if d == 2 else r - 1 + n) % n) * n + z] = src[r * n + z]


@kernel_jit(inline="always")
def _mix(x):
    """splitmix64: a well-spread 64-bit hash of an integer."""
    z = np.uint64(x) + np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@kernel_jit()
def _line_hash(ids, k, n, salt):
    """Sum of the hashes of (position, field) over the line of push ``k``: a board's hash is the sum
    over all positions, so a push changes it by the difference of this before and after."""
    z = k >> 2
    nn = n * n
    h = np.uint64(0)
    for i in range(n):
        p = z * n + i if (k & 3) < 2 else i * n + z
        h += _mix(np.uint64(p * nn + ids[p]) ^ salt)
    return h


@kernel_jit()
def _push_in_place(ids, k, n):
    """Apply push k to ``ids`` itself (O(n)); push ``k ^ 1`` undoes it."""
    z = k >> 2
    d = k & 3
    if d < 2:
        base = z * n
        if d == 0:
            last = ids[base + n - 1]
            for c in range(n - 1, 0, -1):
                ids[base + c] = ids[base + c - 1]
            ids[base] = last
        else:
            first = ids[base]
            for c in range(n - 1):
                ids[base + c] = ids[base + c + 1]
            ids[base + n - 1] = first
    else:
        if d == 2:
            last = ids[(n - 1) * n + z]
            for r in range(n - 1, 0, -1):
                ids[r * n + z] = ids[(r - 1) * n + z]
            ids[z] = last
        else:
            first = ids[z]
            for r in range(n - 1):
                ids[r * n + z] = ids[(r + 1) * n + z]
            ids[(n - 1) * n + z] = first


@kernel_jit(inline="always")
def _band_hits(k, rowf, colf, n):
    z = k >> 2
    flags = rowf if (k & 3) < 2 else colf
    if flags[z]:
        return True
    if z > 0 and flags[z - 1]:
        return True
    if z + 1 < n and flags[z + 1]:
        return True
    return False


@kernel_jit(inline="always")
def _neighbour(ids, conn, n, p, m, side):
    """The position next to ``p`` (connections ``m``) on ``side`` (0 north, 1 south, 2 east, 3 west)
    that a walk can step to -- both facing connections, inside the board -- or -1."""
    r = p // n
    c = p - r * n
    if side == 0:
        if m & _N and r + 1 < n and conn[ids[p + n]] & _S:
            return p + n
    elif side == 1:
        if m & _S and r > 0 and conn[ids[p - n]] & _N:
            return p - n
    elif side == 2:
        if m & _E and c + 1 < n and conn[ids[p + 1]] & _W:
            return p + 1
    elif m & _W and c > 0 and conn[ids[p - 1]] & _E:
        return p - 1
    return -1


@kernel_jit()
def _flood(ids, conn, n, seeds, nseeds, mark, stamp, queue, target):
    """Breadth-first walk from ``seeds``; marks visited positions with ``stamp`` in ``mark``.

    Returns the number of positions visited (they are ``queue[:count]``), or -1 as soon as
    ``target`` (>= 0) is reached.
    """
    head = 0
    tail = 0
    for i in range(nseeds):
        p = seeds[i]
        if mark[p] != stamp:
            mark[p] = stamp
            queue[tail] = p
            tail += 1
            if p == target:
                return -1
    while head < tail:
        p = queue[head]
        head += 1
        m = conn[ids[p]]
        for side in range(4):
            q = _neighbour(ids, conn, n, p, m, side)
            if q >= 0 and mark[q] != stamp:
                mark[q] = stamp
                queue[tail] = q
                tail += 1
                if q == target:
                    return -1
    return tail


@kernel_jit(inline="always")
def _enter(p, m, n, erow, ecol):
    """Mark the lines position p (connections m) can be entered from: a push of line l changes an
    edge at p usable by a walk only if p lies on l, or next to l with a connection towards it."""
    r = p // n
    c = p - r * n
    erow[r] = 1
    ecol[c] = 1
    if m & _N and r + 1 < n:
        erow[r + 1] = 1
    if m & _S and r > 0:
        erow[r - 1] = 1
    if m & _E and c + 1 < n:
        ecol[c + 1] = 1
    if m & _W and c > 0:
        ecol[c - 1] = 1


@kernel_jit()
def _set_flags(ids, conn, n, cells, cnt, rowf, colf, erow, ecol):
    """Row and column flags of a set of positions, and the lines it can be entered from."""
    for i in range(n):
        rowf[i] = 0
        colf[i] = 0
        erow[i] = 0
        ecol[i] = 0
    for i in range(cnt):
        p = cells[i]
        rowf[p // n] = 1
        colf[p % n] = 1
        _enter(p, conn[ids[p]], n, erow, ecol)


@kernel_jit()
def _goal_flags(ids, conn, n, g, rowc, colc, mark, stamp, queue, seeds, erow, ecol):
    """Row and column flags of the goal's component, and the lines it can be entered from."""
    seeds[0] = g
    cnt = _flood(ids, conn, n, seeds, 1, mark, stamp, queue, -1)
    _set_flags(ids, conn, n, queue, cnt, rowc, colc, erow, ecol)
