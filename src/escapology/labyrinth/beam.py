"""A beam search for *some* plan, fast, to give the native engine an upper bound (numba).

It proves nothing: the iterative deepening in ``native.py`` proves the lower bound, and a plan from
here is reported as optimal only when its length meets that bound.

Each round expands every state of the beam by every push and keeps the ``width`` best children by

1. the gap: the smallest Manhattan distance between a position the avatar can stand on and a
   position of the goal's component (0 means the goal is reached);
2. then more positions for the avatar, then a larger goal component.

Children that repeat a kept state (same board and same avatar set, by a 64-bit hash) are dropped,
so the beam stays diverse.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from escapology.labyrinth.board_ops import _apply, _flood, _mix, _moved


@njit(cache=True)
def _score(ids, conn, n, rl, rn, g, mark, stamp, queue, seeds):
    """(gap, |R|, |CG|) for a state; the goal's component is flooded with ``stamp``."""
    seeds[0] = g
    cnt = _flood(ids, conn, n, seeds, 1, mark, stamp, queue, -1)
    best = 1 << 30
    for i in range(rn):
        p = rl[i]
        pr = p // n
        pc = p - pr * n
        for j in range(cnt):
            q = queue[j]
            d = abs(q // n - pr) + abs(q % n - pc)
            if d < best:
                best = d
    return best, cnt


@njit(cache=True)
def beam_search(n, conn, init, goal, max_depth, width, salt, plan_out, max_expansions):
    """Return the length of the plan written to ``plan_out`` (push codes), or -1 (none found
    within ``max_depth`` pushes and ``max_expansions`` expanded children)."""
    nn = n * n
    nk = 4 * n
    ids = np.zeros((width, nn), dtype=np.int32)
    rl = np.zeros((width, nn), dtype=np.int32)
    rn = np.zeros(width, dtype=np.int32)
    gs = np.zeros(width, dtype=np.int32)
    nids = np.zeros((width, nn), dtype=np.int32)
    nrl = np.zeros((width, nn), dtype=np.int32)
    nrn = np.zeros(width, dtype=np.int32)
    ngs = np.zeros(width, dtype=np.int32)
    parent = np.zeros((max_depth + 1, width), dtype=np.int32)
    pushed = np.zeros((max_depth + 1, width), dtype=np.int32)
    mark = np.zeros(nn, dtype=np.int64)
    queue = np.zeros(nn, dtype=np.int32)
    seeds = np.zeros(nn, dtype=np.int32)
    seeds2 = np.zeros(nn, dtype=np.int32)
    scratch = np.zeros(nn, dtype=np.int32)
    keys = np.zeros(width * nk, dtype=np.int64)
    hashes = np.zeros(width * nk, dtype=np.int64)
    for p in range(nn):
        ids[0, p] = p
    rl[0, 0] = init
    rn[0] = 1
    gs[0] = goal
    size = 1
    stamp = 0
    expanded = 0
    for depth in range(1, max_depth + 1):
        if expanded + size * nk > max_expansions:
            return -1
        expanded += size * nk
        m = 0
        for b in range(size):
            for k in range(nk):
                _apply(ids[b], scratch, k, n)
                for i in range(rn[b]):
                    seeds[i] = _moved(rl[b, i], k, n)
                gm = _moved(gs[b], k, n)
                stamp += 1
                cnt = _flood(scratch, conn, n, seeds, rn[b], mark, stamp, queue, gm)
                if cnt == -1:
                    # found: write the plan
                    plan_out[depth - 1] = k
                    cur = b
                    for d in range(depth - 1, 0, -1):
                        plan_out[d - 1] = pushed[d, cur]
                        cur = parent[d, cur]
                    return depth
                h = np.uint64(salt)
                for p in range(nn):
                    h ^= _mix(p * nn + scratch[p])
                for i in range(cnt):
                    h ^= _mix(nn * nn + queue[i])
                # copy R before scoring floods the goal
                for i in range(cnt):
                    seeds[i] = queue[i]
                stamp += 1
                gap, cg = _score(scratch, conn, n, seeds, cnt, gm, mark, stamp, queue, seeds2)
                key = np.int64(gap) * (1 << 40) - np.int64(cnt) * (1 << 20) - np.int64(cg)
                keys[m] = key
                hashes[m] = np.int64(h)
                m += 1  # child m is push k = m % nk of beam state b = m // nk
        order = np.argsort(keys[:m], kind="mergesort")
        kept = 0
        seen = dict()
        seen[np.int64(0)] = True
        for idx in order:
            if kept >= width:
                break
            hv = hashes[idx]
            if hv in seen:
                continue
            seen[hv] = True
            b = idx // nk
            k = idx - b * nk
            _apply(ids[b], nids[kept], k, n)
            for i in range(rn[b]):
                seeds[i] = _moved(rl[b, i], k, n)
            stamp += 1
            cnt = _flood(nids[kept], conn, n, seeds, rn[b], mark, stamp, queue, -1)
            for i in range(cnt):
                nrl[kept, i] = queue[i]
            nrn[kept] = cnt
            ngs[kept] = _moved(gs[b], k, n)
            parent[depth, kept] = b
            pushed[depth, kept] = k
            kept += 1
        size = kept
        for b in range(size):
            ids[b, :] = nids[b, :]
            rl[b, : nrn[b]] = nrl[b, : nrn[b]]
            rn[b] = nrn[b]
            gs[b] = ngs[b]
    return -1


def find_plan(n: int, conn: np.ndarray, init: int, goal: int, max_depth: int, width: int = 256,
              seed: int = 7, seconds: float | None = None) -> list[int] | None:
    """Push codes of some plan of at most ``max_depth`` pushes, or None.

    With ``seconds`` the search stops (None) once it has expanded about as many children as fit in
    that time (estimated at 6 ns per field of the board and child)."""
    if max_depth <= 0:
        return None
    nn = n * n
    plan = np.zeros(max_depth, dtype=np.int32)
    cap = 2**62 if seconds is None else int(seconds / (6e-9 * nn)) + 1
    length = beam_search(n, conn, init, goal, max_depth, width, seed, plan, cap)
    return None if length < 0 else [int(k) for k in plan[:length]]
