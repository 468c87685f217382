"""The compiled inner loop of the native Labyrinth search (numba).

A resumable, depth-limited depth-first search over push sequences. The caller (``native.py``) owns
every array, so a search interrupted after ``budget`` nodes continues exactly where it stopped on
the next call; this is how the Python driver polls its deadline and draws progress.

Board: ``ids[level, p]`` is the field standing on position ``p = row * n + col`` (0-based, row 0 in
the south). Push code ``k = 4 * line + d`` with ``d`` 0 = east, 1 = west (rows), 2 = north,
3 = south (columns); ``k ^ 1`` is the reverse push.

The reachable set ``R`` (every position the avatar can stand on; the avatar's choices are
existential, so their union is exact) is kept per level with row and column flags. A push is
*R-idle* when no row (column) of its band -- its own line and the two next to it -- meets ``R``:
then nothing ``R`` can use changes, and ``R`` stays the same set of positions.

Pruning (each rule is proven in ``native.py``'s module docstring):

1. An R-idle push is never followed by its reverse (the pair returns to the same state).
2. An R-idle push is never followed by a push of the same orientation on another line that is
   not R-idle (swapping the two gives the same board and a superset of ``R``), nor by an R-idle one
   on a smaller line (both orders give the same state; keep the ascending one).
3. The last push must be on a line both ``R`` and the goal's component ``CG`` can be entered from
   (a position on the line, or next to it with a connection towards it); otherwise one of the
   sets does not change and they stay apart.
4. Two pushes before the end, a push changing only one of ``R`` and ``CG`` must give it a position
   entering a line the other set enters (else rule 3 leaves no last push).
5. Two pushes before the end, a push touching neither set is tried only on lines where it can
   change a path that some last push opens; 6. the same three pushes before the end. Below such a
   push only the pushes whose condition let its line through are tried.

After a push that changed only one of R and CG, two pushes before the end, the last-push tests
are mostly answered from the other set's walk after the last push, kept at the node before
(``rules._joins_known``); a child reuses the walk rule 4 made for it.

A transposition table (see ``native.py``) skips nodes three or more pushes before the end whose
state was already exhausted.

In *focused* mode (an incomplete heuristic search for a first plan) only pushes whose band meets
``R`` or ``CG``, or repeats of the previous push, are tried.

The board primitives (push, walk) are in ``board_ops.py``, the helpers of the rules in ``rules.py``.
"""

from __future__ import annotations

import numpy as np

from escapology.labyrinth.board_ops import (
    _band_hits,
    _flood,
    _goal_flags,
    _line_hash,
    _mix,
    _moved,
    _push_in_place,
    _set_flags,
)
from escapology.labyrinth.jit_cache import kernel_jit
from escapology.labyrinth.rules import (
    _last_push,
    _meets,
    _reaches_zone,
    _useful_idle_lines,
    _useful_idle_lines3,
    _walk_flags,
    _walk_unchanged,
)

FOUND = 1
EXHAUSTED = 0
BUDGET = 2

_SALT1 = np.uint64(0x243F6A8885A308D3)
_SALT2 = np.uint64(0x13198A2E03707344)
_SALT3 = np.uint64(0xA4093822299F31D0)
_SALT4 = np.uint64(0x082EFA98EC4E6C89)
_SALT5 = np.uint64(0x452821E638D01377)
_ODD = np.uint64(0x9E3779B97F4A7C15)


@kernel_jit(nogil=True)
def search(n, conn, ids, rl, rn, rowr, colr, rowc, colc, g, prev, pidle, cur, state,
           mark, queue, seeds, scratch, allow_r, allow_c, rlq, flags8, xr, xc, nx, focused,
           budget, prune, apart, gidle, cstate, cache, rmark, rootmask, ent, hb, hr, tk, tt1, tt2, ttl, ttg, ttgen,
           qa, qline, qA, qb, qbv, cg, rcells, rcnt, ccells, ccnt, rent, rok, sens, qbase,
           oside, l2id, lv, lm, lf):
    """Run (or resume) the depth-limited search; see the module docstring.

    ``state[0]`` is the current level (0 = root), ``state[1]`` the depth limit ``D`` (number of
    pushes), ``state[2]`` the stamp counter, ``state[3]`` the nodes visited so far, ``state[4]`` 1 once
    the root was initialised. Level ``L`` holds the state after ``L`` pushes; ``prev[L]`` is the push
    that led to it. On FOUND the plan is ``prev[1..D]``.
    """
    nn = n * n
    depth = state[1]
    nodes = 0
    lvl = state[0]
    stamp = state[2]
    nk = 4 * n
    b = ids[0]  # the board of level ``lvl``: pushed on the way down, pushed back on the way up
    use_tt = prune >= 2 and not focused and ttl.shape[0] > 1
    ttmask = np.uint64(ttl.shape[0] - 1)
    gen = ttgen[0]
    if state[4] == 0:
        hb[0, 0] = np.uint64(0)
        hb[0, 1] = np.uint64(0)
        for z in range(n):
            hb[0, 0] += _line_hash(b, 4 * z, n, _SALT1)
            hb[0, 1] += _line_hash(b, 4 * z, n, _SALT2)
        state[4] = 1
        cur[0] = 0
        stamp += 1
        _goal_flags(b, conn, n, g[0], rowc[0], colc[0], mark, stamp, queue, seeds, ent[0, 2], ent[0, 3])
        seeds[0] = rl[0, 0]
        _set_flags(b, conn, n, seeds, 1, rowr[0], colr[0], ent[0, 0], ent[0, 1])
        if depth == 0:
            state[2] = stamp
            return EXHAUSTED
    while True:
        if nodes >= budget:
            state[0] = lvl
            state[2] = stamp
            state[3] += nodes
            return BUDGET
        left = depth - lvl
        k = cur[lvl]
        if k >= (2 * nk if left >= 3 else nk):
            if lvl == 0:
                state[0] = 0
                state[2] = stamp
                state[3] += nodes
                return EXHAUSTED
            if use_tt and left >= 3:
                # transposition table (three or more pushes before the end, where a hit saves a
                # whole subtree): this state (board, R, and the restriction its last push puts on
                # the next) has no completion with ``left`` pushes
                i = np.int64(tk[lvl, 0] & ttmask)
                tt1[i] = tk[lvl, 0]
                tt2[i] = tk[lvl, 1]
                ttl[i] = left
                ttg[i] = gen
            _push_in_place(b, prev[lvl] ^ 1, n)
            lvl -= 1
            continue
        if left == 1:
            # the last push: rules 1-3 in one pass over the candidates
            cur[lvl] = 2 * nk
            rq = -1
            rline = -1
            if lvl >= 2 and qline[lvl - 1] >= 0 and qA[0, prev[lvl], qline[lvl - 1]] == 0:
                rq = prev[lvl]
                rline = qline[lvl - 1]
            found, stamp, tried = _last_push(b, conn, n, rl[lvl], rn[lvl], g[lvl], ent[lvl],
                                             prev[lvl], pidle[lvl],
                                             lvl == 0, scratch, seeds, mark, stamp, queue, prune, rmark,
                                             qa[max(lvl - 1, 0)], qline[lvl], qb[0],
                                             qbv[0], qbase[0], rq, rline,
                                             oside[lvl], l2id[0], lv, lm, lf, g[max(lvl - 1, 0)])
            nodes += 1 + tried
            if found >= 0:
                prev[lvl + 1] = found
                state[0] = lvl + 1
                state[2] = stamp
                state[3] += nodes
                return FOUND
            continue
        cur[lvl] = k + 1
        # Three or more pushes before the end, pushes touching R or CG are tried first and the others
        # in a second pass: the order changes nothing that is proven, but plans (made mostly of such
        # pushes) turn up sooner. Nearer the end, where most nodes are, one pass.
        second = k >= nk
        if second:
            k -= nk
        hits_r = _band_hits(k, rowr[lvl], colr[lvl], n)
        hits_c = _band_hits(k, rowc[lvl], colc[lvl], n)
        if left >= 3 and second == (hits_r or hits_c):
            continue
        if lvl == 0 and rootmask[k] == 0:
            continue
        nodes += 1
        z = k >> 2
        d = k & 3
        pk = prev[lvl]
        if prune and pk >= 0 and pidle[lvl]:
            if k == (pk ^ 1):
                continue
            if (d < 2) == ((pk & 3) < 2) and z != (pk >> 2):
                if hits_r or z < (pk >> 2):
                    continue
        if focused and not (hits_r or hits_c or k == pk):
            continue
        if left == 2 and qline[lvl] >= 0 and qa[lvl - 1, k, qline[lvl]] == 0:
            continue  # rule 6: the idle push that led here does not matter after k
        if prune and left == 2 and lvl > 0 and not focused and apart[lvl] == 0:
            # once per node: whether some line can be entered from both R and CG (1 = no, 2 = yes)
            close = _meets(ent[lvl, 0], ent[lvl, 1], ent[lvl, 2], ent[lvl, 3], n)
            apart[lvl] = 2 if close else 1
        if prune and left == 2 and lvl > 0 and not (hits_r or hits_c) and not focused:
            # Rule 5: a push touching neither R nor CG two pushes before the end. Its lines come
            # from last pushes whose line both sets can be entered from: here, none.
            if apart[lvl] == 1:
                continue
            if allow_r[lvl, n] == 0:
                allow_r[lvl, n] = 1
                stamp = _useful_idle_lines(b, conn, n, rl[lvl], rn[lvl], g[lvl], ent[lvl],
                                           mark, stamp,
                                           queue, seeds, allow_r[lvl], allow_c[lvl], flags8,
                                           rlq, xr, xc, nx, qa[lvl])
            if (d < 2 and not allow_r[lvl, z]) or (d >= 2 and not allow_c[lvl, z]):
                continue
        kept = -1  # the size of the walk rule 4 left in ``queue`` for the child, if it did
        if prune >= 2 and left == 2 and lvl > 0 and (hits_r != hits_c) and not focused:
            # Rule 4: after a push that changes only one of R and CG, the last push needs a line
            # both can be entered from (a cheap walk decides it before the child is built).
            # The walk of the changed set after k, as seen from the parent X (when the push that led
            # here left that set unchanged), is the same walk here unless it enters that push's line
            # or comes next to the one field k moves off it (``_walk_unchanged``; cached per k at X).
            par = lvl - 1
            pp = prev[lvl]
            side = 1 if hits_r else 2
            reuse = par > 0 and ((hits_r and pidle[lvl]) or (not hits_r and gidle[lvl]))
            if reuse:
                if cstate[par, k] & side == 0:
                    cstate[par, k] |= side
                    stamp += 1
                    _push_in_place(b, pp ^ 1, n)  # back to the parent's board
                    if hits_r:
                        for i in range(rn[par]):
                            seeds[i] = _moved(rl[par, i], k, n)
                        _walk_flags(b, k, conn, n, seeds, rn[par], mark, stamp, queue,
                                    cache[par, k, 0], cache[par, k, 1])
                    else:
                        seeds[0] = _moved(g[par], k, n)
                        _walk_flags(b, k, conn, n, seeds, 1, mark, stamp, queue,
                                    cache[par, k, 2], cache[par, k, 3])
                    _push_in_place(b, pp, n)
                base = 0 if hits_r else 2
                reuse = _walk_unchanged(cache[par, k, base], cache[par, k, base + 1], pp, k, n)
            if reuse:
                if hits_r:
                    near = _meets(cache[par, k, 0], cache[par, k, 1], ent[lvl, 2], ent[lvl, 3], n)
                else:
                    near = _meets(cache[par, k, 2], cache[par, k, 3], ent[lvl, 0], ent[lvl, 1], n)
            else:
                _push_in_place(b, k, n)
                stamp += 1
                if hits_r:
                    for i in range(rn[lvl]):
                        seeds[i] = _moved(rl[lvl, i], k, n)
                    near, kept = _reaches_zone(b, conn, n, seeds, rn[lvl], mark, stamp, queue,
                                               ent[lvl, 2], ent[lvl, 3])
                else:
                    seeds[0] = _moved(g[lvl], k, n)
                    near, kept = _reaches_zone(b, conn, n, seeds, 1, mark, stamp, queue,
                                               ent[lvl, 0], ent[lvl, 1])
                _push_in_place(b, k ^ 1, n)
            if not near:
                continue
        if prune >= 2 and left == 3 and lvl > 0 and not (hits_r or hits_c) and not focused:
            # Rule 6: the same, three pushes before the end.
            if allow_r[lvl, n] == 0:
                allow_r[lvl, n] = 1
                stamp = _useful_idle_lines3(b, conn, n, rl[lvl], rn[lvl], g[lvl], rowr[lvl],
                                            colr[lvl], rowc[lvl], colc[lvl], mark,
                                            stamp, queue, seeds, rlq, allow_r[lvl], allow_c[lvl],
                                            flags8, xr, xc, nx, qa[lvl], qA[0], qb[0], qbv[0],
                                            cg, rcells, rcnt, ccells, ccnt, rent, rok, sens, qbase[0])
            if (d < 2 and not allow_r[lvl, z]) or (d >= 2 and not allow_c[lvl, z]):
                continue
        nl = lvl + 1
        keyed = use_tt and depth - nl >= 3
        if keyed:
            h1 = hb[lvl, 0] - _line_hash(b, k, n, _SALT1)
            h2 = hb[lvl, 1] - _line_hash(b, k, n, _SALT2)
        _push_in_place(b, k, n)
        if keyed:
            hb[nl, 0] = h1 + _line_hash(b, k, n, _SALT1)
            hb[nl, 1] = h2 + _line_hash(b, k, n, _SALT2)
        g[nl] = _moved(g[lvl], k, n)
        prev[nl] = k
        # rule 2 needs R closed under walking before the idle push: not so at the root
        pidle[nl] = lvl > 0 and not hits_r
        gidle[nl] = not hits_c
        if hits_r or lvl == 0:
            if kept >= 0:  # rule 4 walked R after k already (same board, same stamp)
                cnt = kept
            else:
                for i in range(rn[lvl]):
                    seeds[i] = _moved(rl[lvl, i], k, n)
                stamp += 1
                cnt = _flood(b, conn, n, seeds, rn[lvl], mark, stamp, queue, -1)
            for i in range(cnt):
                rl[nl, i] = queue[i]
            _set_flags(b, conn, n, queue, cnt, rowr[nl], colr[nl], ent[nl, 0], ent[nl, 1])
            rn[nl] = cnt
            if keyed:
                hr[nl, 0] = np.uint64(0)
                hr[nl, 1] = np.uint64(0)
                for i in range(cnt):
                    hr[nl, 0] += _mix(np.uint64(queue[i]) ^ _SALT3)
                    hr[nl, 1] += _mix(np.uint64(queue[i]) ^ _SALT4)
            # the goal may have joined R already: a shorter plan (only possible at the root's
            # first iterations, as iterative deepening proves shorter plans absent)
            if mark[g[nl]] == stamp:
                state[0] = nl
                state[1] = nl
                state[2] = stamp
                state[3] += nodes
                return FOUND
        else:
            rn[nl] = rn[lvl]
            for i in range(rn[lvl]):
                rl[nl, i] = rl[lvl, i]
            for i in range(n):
                rowr[nl, i] = rowr[lvl, i]
                colr[nl, i] = colr[lvl, i]
                ent[nl, 0, i] = ent[lvl, 0, i]
                ent[nl, 1, i] = ent[lvl, 1, i]
            hr[nl, 0] = hr[lvl, 0]
            hr[nl, 1] = hr[lvl, 1]
        if keyed:
            k1 = hb[nl, 0] ^ (hr[nl, 0] * _ODD)
            k2 = hb[nl, 1] + (hr[nl, 1] ^ _SALT5)
            if pidle[nl]:
                k1 ^= _mix(np.uint64(k) ^ _SALT3)
                k2 += _mix(np.uint64(k) ^ _SALT4)
            i = np.int64(k1 & ttmask)
            if ttg[i] == gen and tt1[i] == k1 and tt2[i] == k2 and depth - nl <= ttl[i]:
                # the same state was exhausted with as many pushes left, or more (then a
                # completion here would give a plan shorter than the ones already refuted)
                _push_in_place(b, k ^ 1, n)
                continue
            tk[nl, 0] = k1
            tk[nl, 1] = k2
        if not (hits_r or hits_c):
            # R and the goal's component are the same sets of positions as before the push
            for i in range(n):
                rowc[nl, i] = rowc[lvl, i]
                colc[nl, i] = colc[lvl, i]
                ent[nl, 2, i] = ent[lvl, 2, i]
                ent[nl, 3, i] = ent[lvl, 3, i]
        elif kept >= 0 and not hits_r:  # rule 4 walked the goal's component after k already
            _set_flags(b, conn, n, queue, kept, rowc[nl], colc[nl], ent[nl, 2], ent[nl, 3])
        else:
            stamp += 1
            _goal_flags(b, conn, n, g[nl], rowc[nl], colc[nl], mark, stamp, queue, seeds, ent[nl, 2],
                        ent[nl, 3])
        cur[nl] = 0
        allow_r[nl, n] = 0
        # a push that changed only one of R and CG, before the last: the last-push tests can use the
        # other set's walks (kept per node, id ``l2id``)
        oside[nl] = 0
        if prune >= 2 and left == 2 and lvl > 0 and not focused and hits_r != hits_c:
            oside[nl] = 1 if hits_r else 2
        if depth - nl == 2:
            l2id[0] += 1
        # after an idle push that rule 5 or 6 let through, the next push must be one that let it
        qline[nl] = -1
        if (prune and (left == 2 or (left == 3 and prune >= 2)) and lvl > 0 and not focused
                and not (hits_r or hits_c)):
            qline[nl] = z if d < 2 else n + z
        apart[nl] = 0
        if depth - nl == 3:
            for i in range(nk):
                cstate[nl, i] = 0
        lvl = nl


def field_dtype(n: int) -> type:
    """The smallest integer type that numbers the fields of an n x n board."""
    return np.int16 if n * n <= np.iinfo(np.int16).max else np.int32


def new_state(n: int, depth: int, ids0: np.ndarray, init: int, goal: int) -> dict[str, np.ndarray]:
    """Arrays for a search of ``depth`` pushes from the initial board (R = {init})."""
    nn = n * n
    fd = field_dtype(n)
    levels = depth + 1
    st = {
        "ids": np.zeros((levels, nn), dtype=fd),
        "rl": np.zeros((levels, nn), dtype=np.int32),
        "rn": np.zeros(levels, dtype=np.int32),
        "rowr": np.zeros((levels, n), dtype=np.uint8),
        "colr": np.zeros((levels, n), dtype=np.uint8),
        "rowc": np.zeros((levels, n), dtype=np.uint8),
        "colc": np.zeros((levels, n), dtype=np.uint8),
        "g": np.zeros(levels, dtype=np.int32),
        "prev": np.full(levels, -1, dtype=np.int32),
        "pidle": np.zeros(levels, dtype=np.uint8),
        "cur": np.zeros(levels, dtype=np.int32),
        "state": np.zeros(5, dtype=np.int64),
        "mark": np.zeros(nn, dtype=np.int64),
        "rmark": np.zeros(nn, dtype=np.int64),
        "rootmask": np.ones(4 * n, dtype=np.uint8),
        "ent": np.zeros((levels, 4, n), dtype=np.uint8),
        "hb": np.zeros((levels, 2), dtype=np.uint64),
        "hr": np.zeros((levels, 2), dtype=np.uint64),
        "tk": np.zeros((levels, 2), dtype=np.uint64),
        "ttgen": np.zeros(1, dtype=np.int32),
        "queue": np.zeros(nn, dtype=np.int32),
        "seeds": np.zeros(nn, dtype=np.int32),
        "scratch": np.zeros(nn, dtype=fd),
        "allow_r": np.zeros((levels, n + 1), dtype=np.uint8),
        "allow_c": np.zeros((levels, n + 1), dtype=np.uint8),
        "rlq": np.zeros(nn, dtype=np.int32),
        "flags8": np.zeros((8, n), dtype=np.uint8),
        "xr": np.zeros(8, dtype=np.int32),
        "xc": np.zeros(8, dtype=np.int32),
        "nx": np.zeros(2, dtype=np.int32),
        "apart": np.zeros(levels, dtype=np.uint8),
        "gidle": np.zeros(levels, dtype=np.uint8),
        "cstate": np.zeros((levels, 4 * n), dtype=np.uint8),
        "cache": np.zeros((levels, 4 * n, 4, n), dtype=np.uint8),
        "qa": np.zeros((levels, 4 * n, 2 * n), dtype=np.uint8),
        "qline": np.full(levels, -1, dtype=np.int32),
        "qA": np.zeros((1, 4 * n, 2 * n), dtype=np.uint8),  # rule 6 runs on one level only
        "qb": np.zeros((1, 4 * n, 4 * n, 2 * n), dtype=np.uint8),
        "qbv": np.zeros((1, 4 * n, 4 * n), dtype=np.uint8),
        "cg": np.zeros(nn, dtype=np.int32),
        "rcells": np.zeros((4 * n, nn), dtype=np.int32),
        "rcnt": np.zeros(4 * n, dtype=np.int32),
        "ccells": np.zeros((4 * n, nn), dtype=np.int32),
        "ccnt": np.zeros(4 * n, dtype=np.int32),
        "rent": np.zeros((4 * n, 4, n), dtype=np.uint8),
        "rok": np.zeros(6 * n, dtype=np.uint8),
        "sens": np.zeros((4 * n, 2, n), dtype=np.uint8),
        "qbase": np.zeros((1, 4 * n, 2 * n), dtype=np.uint8),
        "oside": np.zeros(levels, dtype=np.uint8),
        "l2id": np.zeros(1, dtype=np.int64),
        "lv": np.zeros((2, 4 * n), dtype=np.int64),
        "lm": np.zeros((2, 4 * n, nn), dtype=np.int64),
        "lf": np.zeros((2, 4 * n, 2, n), dtype=np.uint8),
    }
    st.update(transposition_table(0))
    st["ids"][0] = ids0
    st["rl"][0, 0] = init
    st["rn"][0] = 1
    st["rowr"][0, init // n] = 1
    st["colr"][0, init % n] = 1
    st["g"][0] = goal
    st["state"][1] = depth
    return st


def transposition_table(bits: int) -> dict[str, np.ndarray]:
    """A transposition table of ``2 ** bits`` entries, to share between searches (``bits`` 0: none).

    Entries carry the generation of the search that wrote them: give each search its own
    ``st["ttgen"][0]`` and nothing needs clearing."""
    size = 1 << bits
    return {"tt1": np.zeros(size, dtype=np.uint64), "tt2": np.zeros(size, dtype=np.uint64),
            "ttl": np.zeros(size, dtype=np.int8), "ttg": np.zeros(size, dtype=np.int32)}


def run(n: int, conn: np.ndarray, st: dict[str, np.ndarray], focused: bool, budget: int,
        prune: int = 2) -> int:
    """Continue the search held in ``st`` for at most ``budget`` nodes (``prune`` 0 turns the
    pruning rules off, for cross-checking them; 1 keeps rules 1-5)."""
    return search(
        n, conn, st["ids"], st["rl"], st["rn"], st["rowr"], st["colr"], st["rowc"], st["colc"],
        st["g"], st["prev"], st["pidle"], st["cur"], st["state"], st["mark"],
        st["queue"], st["seeds"], st["scratch"], st["allow_r"], st["allow_c"],
        st["rlq"], st["flags8"], st["xr"], st["xc"], st["nx"], focused, budget, prune,
        st["apart"], st["gidle"], st["cstate"], st["cache"], st["rmark"], st["rootmask"], st["ent"],
        st["hb"], st["hr"], st["tk"], st["tt1"], st["tt2"], st["ttl"], st["ttg"], st["ttgen"],
        st["qa"], st["qline"], st["qA"], st["qb"], st["qbv"],
        st["cg"], st["rcells"], st["rcnt"], st["ccells"], st["ccnt"], st["rent"], st["rok"],
        st["sens"], st["qbase"], st["oside"], st["l2id"], st["lv"], st["lm"], st["lf"],
    )
