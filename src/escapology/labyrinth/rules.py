"""The pruning rules of the exact search (numba helpers of ``kernel.search``).

Each rule is proven in the docstring of ``native.py``; the helpers here compute what the rules need:
the last push (rules 1-3), the zone test of rule 4, and the lines on which an idle push can still
matter (rules 5 and 6).
"""

from __future__ import annotations


from escapology.labyrinth.board_ops import (
    _apply,
    _band_hits,
    _enter,
    _flood,
    _moved,
    _neighbour,
    _push_in_place,
)
from escapology.labyrinth.jit_cache import kernel_jit


@kernel_jit(inline="always")
def _enters(k, erow, ecol):
    """Whether push k's line is one the set with entry flags ``erow``/``ecol`` can be entered from."""
    return erow[k >> 2] if (k & 3) < 2 else ecol[k >> 2]


@kernel_jit()
def _near(cells, cnt, n, t, xr, nxr, xc, nxc, rows, cols):
    """Mark the lines l whose changed positions, t pushes after a push on l, may border ``cells``.

    A push on row l changes the fields of row l only. Each later push keeps them in their row unless
    it is a column push ("crossing"), which moves one of them a row up or down; row pushes move them
    along their row. Pushes wrap around the board's edge, so distances along a push are counted
    around the board. After t later pushes the fields therefore lie in row l or, within t rows of it,
    within t - 1 columns of a crossing column; their neighbourhood lies in the band l-1..l+1 or,
    within t+1 rows, within t columns of a crossing column. ``xc[:nxc]`` are the crossing columns
    (for rows l) and ``xr[:nxr]`` the crossing rows (for columns l). Sets ``rows[l]`` / ``cols[l]``
    to 1 where some cell lies in that neighbourhood. Conservative.
    """
    for i in range(n):
        rows[i] = 0
        cols[i] = 0
    for i in range(cnt):
        p = cells[i]
        x = p // n
        y = p - x * n
        for l in range(max(0, x - 1), min(n, x + 2)):
            rows[l] = 1
        for l in range(max(0, y - 1), min(n, y + 2)):
            cols[l] = 1
        for j in range(nxc):
            if _around(y, xc[j], n) <= t:
                for s in range(-t - 1, t + 2):
                    rows[(x + s) % n] = 1
                break
        for j in range(nxr):
            if _around(x, xr[j], n) <= t:
                for s in range(-t - 1, t + 2):
                    cols[(y + s) % n] = 1
                break


@kernel_jit(inline="always")
def _walk_moved(ids, conn, n, cells, cnt, k, seeds, mark, stamp, queue, target):
    """``_flood`` from the positions ``cells[:cnt]`` as push k (already made on ``ids``) moved them."""
    for i in range(cnt):
        seeds[i] = _moved(cells[i], k, n)
    return _flood(ids, conn, n, seeds, cnt, mark, stamp, queue, target)


@kernel_jit(inline="always")
def _around(a, b, n):
    """Distance between lines a and b counted around the board (pushes wrap)."""
    d = abs(a - b)
    return min(d, n - d)


@kernel_jit(inline="always")
def _cross(k, xr, xc, nx):
    """Record push k as crossing: a row push crosses columns, a column push crosses rows."""
    if (k & 3) < 2:
        xr[nx[0]] = k >> 2
        nx[0] += 1
    else:
        xc[nx[1]] = k >> 2
        nx[1] += 1


@kernel_jit()
def _useful_idle_lines(ids, conn, n, rl, rn, g, ent, mark, stamp,
                       queue, seeds, allow_r, allow_c, f, cells, xr, xc, nx, qa):
    """Rule 5: lines on which a push touching neither R nor CG can matter, two pushes before the end.

    For every last push q whose line both R and CG can be entered from (rule 3): R_q and C_q are the avatar's and the goal's
    components after q alone (q alone was refuted by the shallower depth). A push p on line l,
    touching neither set, changes only the fields on q(line l); a winning path that q alone did not
    give must enter those positions from R_q and leave them into C_q. So l is kept only if the
    neighbourhood of q(line l) (see ``_near`` with t = 1) meets both. Returns the new stamp.

    The condition ties l to q: ``qa[q, l]`` (rows l < n, columns n + l) records it for each last push
    q, so that after such a push on l only the last pushes q that allow l are tried.
    """
    for i in range(n):
        allow_r[i] = 0
        allow_c[i] = 0
    for q in range(4 * n):
        for i in range(2 * n):
            qa[q, i] = 0
        if not (_enters(q, ent[0], ent[1]) and _enters(q, ent[2], ent[3])):
            continue
        _push_in_place(ids, q, n)
        for i in range(rn):
            seeds[i] = _moved(rl[i], q, n)
        gq = _moved(g, q, n)
        stamp += 1
        cnt = _flood(ids, conn, n, seeds, rn, mark, stamp, queue, gq)
        if cnt == -1:  # q alone already works: be permissive
            _push_in_place(ids, q ^ 1, n)
            _permit_all(allow_r, allow_c, qa, qa, n)
            return stamp
        nx[0] = 0
        nx[1] = 0
        _cross(q, xr, xc, nx)
        _near(queue, cnt, n, 1, xr, nx[0], xc, nx[1], f[0], f[1])
        seeds[0] = gq
        stamp += 1
        cnt = _flood(ids, conn, n, seeds, 1, mark, stamp, queue, -1)
        _push_in_place(ids, q ^ 1, n)
        _near(queue, cnt, n, 1, xr, nx[0], xc, nx[1], f[2], f[3])
        for i in range(n):
            if f[0, i] and f[2, i]:
                allow_r[i] = 1
                qa[q, i] = 1
            if f[1, i] and f[3, i]:
                allow_c[i] = 1
                qa[q, n + i] = 1
    return stamp


@kernel_jit()
def _permit_all(allow_r, allow_c, qa, qA, n):
    """Allow every line, for every next push, in both tables (when a shorter plan turned up, rules
    5 and 6 say nothing)."""
    for i in range(n):
        allow_r[i] = 1
        allow_c[i] = 1
    for q in range(4 * n):
        for i in range(2 * n):
            qa[q, i] = 1
            qA[q, i] = 1


@kernel_jit()
def _useful_idle_lines3(ids, conn, n, rl, rn, g, rowr, colr, rowc, colc, mark,
                        stamp, queue, seeds, rlq, allow_r, allow_c, f, xr, xc, nx, qa, qA, qb, qbv,
                        cg, rcells, rcnt, ccells, ccnt, rent, rok, sens, qbase):
    """Rule 6: lines on which a push touching neither R nor CG can matter, three pushes before the end.

    With p such a push on line l and q, r the last two: q then r alone was refuted by the shallower
    depth, so the changed positions D1 = q(line l) must border the avatar's set or the goal's
    component after q alone (``_near`` with t = 1), or else both sets are the same after q in both
    worlds, r meets both bands, and the winning path after r must enter D2 = r(D1) from R_qr and
    leave it into C_qr, the sets r gives without p (``_near`` with t = 2). Returns the new stamp;
    ``f`` is scratch for eight row/column flag arrays. As in rule 5, ``qa[q, l]`` records for which
    next pushes q the line l is allowed; ``qA[q, l]`` whether by the first condition (then any last
    push may follow), and ``qb[q, r, l]`` (valid where ``qbv[q, r]``) which last pushes r allow l
    by the second (``qbv[q, r] == 2``: see ``qbase[r, l]``).

    Most pushes q touch neither set either; then R_q and C_q are R and CG, and R_qr and C_qr are the
    sets after r alone unless those enter line q (``_walk_unchanged``), so the sets after each r alone
    are walked once (``rcells``/``ccells``, their entry flags ``rent``; ``rok[r]``: r meets both bands,
    ``rok[4n + l]``: the union of ``qbase`` over r, a superset of what any such q allows by (B)).
    Their ``_near`` flags, with r as the only crossing push, are ``qbase[r]``; q changes them only
    where it crosses within two lines of one of their positions (``sens[r]`` marks those lines).
    """
    nk = 4 * n
    for i in range(n):
        allow_r[i] = 0
        allow_c[i] = 0
    seeds[0] = g
    stamp += 1
    cgn = _flood(ids, conn, n, seeds, 1, mark, stamp, queue, -1)
    for i in range(cgn):
        cg[i] = queue[i]
    for i in range(2 * n):
        rok[nk + i] = 0  # the union of qbase over r
    for r in range(nk):
        rok[r] = 0
        if not (_band_hits(r, rowr, colr, n) and _band_hits(r, rowc, colc, n)):
            continue
        rok[r] = 1
        _push_in_place(ids, r, n)
        gr = _moved(g, r, n)
        stamp += 1
        cnt = _walk_moved(ids, conn, n, rl, rn, r, seeds, mark, stamp, queue, gr)
        if cnt == -1:  # r alone reaches the goal: be permissive
            _push_in_place(ids, r ^ 1, n)
            _permit_all(allow_r, allow_c, qa, qA, n)
            return stamp
        rcnt[r] = cnt
        for j in range(4):
            for i in range(n):
                rent[r, j, i] = 0
        for i in range(cnt):
            rcells[r, i] = queue[i]
            _enter(queue[i], conn[ids[queue[i]]], n, rent[r, 0], rent[r, 1])
        seeds[0] = gr
        stamp += 1
        cnt = _flood(ids, conn, n, seeds, 1, mark, stamp, queue, -1)
        ccnt[r] = cnt
        for i in range(cnt):
            ccells[r, i] = queue[i]
            _enter(queue[i], conn[ids[queue[i]]], n, rent[r, 2], rent[r, 3])
        _push_in_place(ids, r ^ 1, n)
        # the (B) flags with r as the only crossing, and where another crossing would change them
        nx[0] = 0
        nx[1] = 0
        _cross(r, xr, xc, nx)
        _near(rcells[r], rcnt[r], n, 2, xr, nx[0], xc, nx[1], f[0], f[1])
        _near(ccells[r], ccnt[r], n, 2, xr, nx[0], xc, nx[1], f[6], f[7])
        for i in range(n):
            qbase[r, i] = f[0, i] & f[6, i]
            qbase[r, n + i] = f[1, i] & f[7, i]
            if qbase[r, i]:
                allow_r[i] = 1
                rok[nk + i] = 1
            if qbase[r, n + i]:
                allow_c[i] = 1
                rok[nk + n + i] = 1
            sens[r, 0, i] = 0
            sens[r, 1, i] = 0
        _mark_within2(rcells[r], rcnt[r], n, sens[r])
        _mark_within2(ccells[r], ccnt[r], n, sens[r])
    for q in range(nk):
        for i in range(2 * n):
            qa[q, i] = 0
            qA[q, i] = 0
        for r in range(nk):
            qbv[q, r] = 0
        idle = not (_band_hits(q, rowr, colr, n) or _band_hits(q, rowc, colc, n))
        nx[0] = 0
        nx[1] = 0
        _cross(q, xr, xc, nx)
        _push_in_place(ids, q, n)
        gq = _moved(g, q, n)
        if idle:  # R and CG keep their positions
            for i in range(2 * n):
                qa[q, i] = rok[nk + i]
            rqn = rn
            for i in range(rn):
                rlq[i] = rl[i]
            _allow_near(rlq, rqn, n, 1, xr, xc, nx, f, q, allow_r, allow_c, qa, qA)
            _allow_near(cg, cgn, n, 1, xr, xc, nx, f, q, allow_r, allow_c, qa, qA)
        else:
            stamp += 1
            cnt = _walk_moved(ids, conn, n, rl, rn, q, seeds, mark, stamp, queue, gq)
            if cnt == -1:  # q alone reaches the goal: be permissive
                _push_in_place(ids, q ^ 1, n)
                _permit_all(allow_r, allow_c, qa, qA, n)
                return stamp
            rqn = cnt
            for i in range(cnt):
                rlq[i] = queue[i]
            # (A) p's changed positions border R or CG after q
            _allow_near(rlq, rqn, n, 1, xr, xc, nx, f, q, allow_r, allow_c, qa, qA)
            seeds[0] = gq
            stamp += 1
            cnt = _flood(ids, conn, n, seeds, 1, mark, stamp, queue, -1)
            _allow_near(queue, cnt, n, 1, xr, xc, nx, f, q, allow_r, allow_c, qa, qA)
        # band flags of R and CG after q, for rule 3 on the last push r
        for i in range(n):
            f[2, i] = 0
            f[3, i] = 0
            f[4, i] = 0
            f[5, i] = 0
        if idle:
            for i in range(n):
                f[2, i] = rowr[i]
                f[3, i] = colr[i]
                f[4, i] = rowc[i]
                f[5, i] = colc[i]
        else:
            for i in range(rqn):
                f[2, rlq[i] // n] = 1
                f[3, rlq[i] % n] = 1
            for i in range(cnt):
                f[4, queue[i] // n] = 1
                f[5, queue[i] % n] = 1
        # (B) the last push r, meeting both sets after q
        for r in range(nk):
            if idle:
                if rok[r] == 0:
                    continue
            elif not (_band_hits(r, f[2], f[3], n) and _band_hits(r, f[4], f[5], n)):
                continue
            _cross(r, xr, xc, nx)
            if idle and _walk_unchanged(rent[r, 0], rent[r, 1], q, r, n) and _walk_unchanged(
                    rent[r, 2], rent[r, 3], q, r, n):
                # the walks after r alone, unchanged by q
                if sens[r, 0 if (q & 3) < 2 else 1, q >> 2] == 0:
                    qbv[q, r] = 2  # the flags of r alone: qbase[r] (in qa[q] already)
                    if (r & 3) < 2:
                        nx[0] -= 1
                    else:
                        nx[1] -= 1
                    continue
                _near(rcells[r], rcnt[r], n, 2, xr, nx[0], xc, nx[1], f[0], f[1])
                _near(ccells[r], ccnt[r], n, 2, xr, nx[0], xc, nx[1], f[6], f[7])
            else:
                _push_in_place(ids, r, n)
                gr = _moved(gq, r, n)
                stamp += 1
                cnt = _walk_moved(ids, conn, n, rlq, rqn, r, seeds, mark, stamp, queue, gr)
                if cnt == -1:
                    _push_in_place(ids, r ^ 1, n)
                    _push_in_place(ids, q ^ 1, n)
                    _permit_all(allow_r, allow_c, qa, qA, n)
                    return stamp
                _near(queue, cnt, n, 2, xr, nx[0], xc, nx[1], f[0], f[1])
                seeds[0] = gr
                stamp += 1
                cnt = _flood(ids, conn, n, seeds, 1, mark, stamp, queue, -1)
                _push_in_place(ids, r ^ 1, n)
                _near(queue, cnt, n, 2, xr, nx[0], xc, nx[1], f[6], f[7])
            qbv[q, r] = 1
            for i in range(n):
                qb[q, r, i] = f[0, i] & f[6, i]
                qb[q, r, n + i] = f[1, i] & f[7, i]
                if f[0, i] and f[6, i]:
                    allow_r[i] = 1
                    qa[q, i] = 1
                if f[1, i] and f[7, i]:
                    allow_c[i] = 1
                    qa[q, n + i] = 1
            # forget r's crossing again
            if (r & 3) < 2:
                nx[0] -= 1
            else:
                nx[1] -= 1
        _push_in_place(ids, q ^ 1, n)
    return stamp


@kernel_jit()
def _mark_within2(cells, cnt, n, sens):
    """Mark the rows (``sens[0]``) and columns (``sens[1]``) within two lines, around the board's
    edge, of a position in ``cells``: a push there crossing makes ``_near`` (t = 2) mark more."""
    for i in range(cnt):
        x = cells[i] // n
        y = cells[i] - x * n
        for s in range(-2, 3):
            sens[0, (x + s) % n] = 1
            sens[1, (y + s) % n] = 1


@kernel_jit(inline="always")
def _allow_near(cells, cnt, n, t, xr, xc, nx, f, q, allow_r, allow_c, qa, qA):
    """Rule 6 (A): allow, after q, the lines whose changed positions may border ``cells``."""
    _near(cells, cnt, n, t, xr, nx[0], xc, nx[1], f[0], f[1])
    for i in range(n):
        if f[0, i]:
            allow_r[i] = 1
            qa[q, i] = 1
            qA[q, i] = 1
        if f[1, i]:
            allow_c[i] = 1
            qa[q, n + i] = 1
            qA[q, n + i] = 1


@kernel_jit()
def _last_push(ids, conn, n, rl, rn, g, ent, pk, pidle, root, scratch, seeds,
               mark, stamp, queue, prune, rmark, qa, qline, qb, qbv, qbase, rq, rline,
               side, lid, lv, lm, lf, gy):
    """Try every last push allowed by rules 1-3; return (push code or -1, stamp, pushes tried).

    Below the root ``R`` is closed under walking, and each push is tested in place by
    ``_joins_after``, which only explores from the pushed line's band. After an idle push that
    rule 5 let through (its line ``qline``), only the last pushes ``k`` with ``qa[k, qline]`` are
    tried; after an idle push on line ``rline`` that rule 6 let through only by its second
    condition for the push ``rq`` that followed, only those with ``qb[rq, k, rline]`` (or
    ``qbase[k, rline]``, see ``_useful_idle_lines3``). When the push ``pk`` that led here changed
    only one of the two sets (``side`` 1: R, 2: the goal's component), ``_joins_known`` answers
    most tries from the other set's walk after ``k``, kept at the node before.
    """
    tried = 0
    if not root:
        stamp += 1
        rstamp = stamp
        for i in range(rn):
            rmark[rl[i]] = rstamp
    for k in range(4 * n):
        z = k >> 2
        d = k & 3
        rows = d < 2
        if prune and not root:
            if not (_enters(k, ent[0], ent[1]) and _enters(k, ent[2], ent[3])):
                continue
            if pk >= 0 and pidle:
                if k == (pk ^ 1):
                    continue
                if rows == ((pk & 3) < 2) and z != (pk >> 2):
                    continue  # rule 2: this push meets R, so it is not idle
            if qline >= 0 and qa[k, qline] == 0:
                continue  # rule 5: the idle push before does not matter after this one
            if rq >= 0:
                v = qbv[rq, k]
                if v == 0 or (v == 1 and qb[rq, k, rline] == 0) or (v == 2 and qbase[k, rline] == 0):
                    continue  # rule 6: nor the one two pushes before
        tried += 1
        if root:
            _apply(ids, scratch, k, n)
            for i in range(rn):
                seeds[i] = _moved(rl[i], k, n)
            stamp += 1
            if _flood(scratch, conn, n, seeds, rn, mark, stamp, queue, _moved(g, k, n)) == -1:
                return k, stamp, tried
        else:
            if side > 0:
                known, stamp = _joins_known(ids, conn, n, k, side - 1, pk, lid, lv, lm, lf, rl, rn, g, gy,
                                            mark, stamp, queue, seeds)
                if known == 1:
                    return k, stamp, tried
                if known == 0:
                    continue
            _push_in_place(ids, k, n)
            stamp += 2
            joined = _joins_after(ids, conn, n, k, rmark, rstamp, _moved(g, k, n), mark, stamp - 1,
                                  queue, seeds)
            _push_in_place(ids, k ^ 1, n)
            if joined:
                return k, stamp, tried
    return -1, stamp, tried


@kernel_jit()
def _joins_known(ids, conn, n, k, s, pk, lid, lv, lm, lf, rl, rn, g, gy, mark, stamp, queue, seeds):
    """The last push ``k`` after a push ``pk`` that changed only R (``s`` 0) or only the goal's
    component (``s`` 1), from the other set's walk after ``k`` at the node Y before ``pk``.

    That walk (the goal's component, or the avatar's set) after ``k`` on Y's board is kept per node
    Y (id ``lid``): ``lm[s, k, p] == lid`` marks its positions, ``lf[s, k]`` the lines it can be
    entered from, ``lv[s, k] == lid`` that it was walked. If it does not enter the positions
    ``k(line pk)`` (``_walk_unchanged``), it is the same walk after ``pk, k``; then the goal joins
    the avatar exactly when one of ``k(R)`` lies in the goal's component (s 0), or the goal's
    position lies in the avatar's set (s 1), as both are closed. Returns (1 joined, 0 not,
    -1 unknown; the new stamp).
    """
    if lv[s, k] != lid:
        lv[s, k] = lid
        _push_in_place(ids, pk ^ 1, n)  # Y's board, then k
        _push_in_place(ids, k, n)
        if s == 0:
            seeds[0] = _moved(gy, k, n)
            ns = 1
        else:  # R has the same positions at Y
            for i in range(rn):
                seeds[i] = _moved(rl[i], k, n)
            ns = rn
        stamp += 1
        cnt = _flood(ids, conn, n, seeds, ns, mark, stamp, queue, -1)
        for i in range(n):
            lf[s, k, 0, i] = 0
            lf[s, k, 1, i] = 0
        for i in range(cnt):
            p = queue[i]
            lm[s, k, p] = lid
            _enter(p, conn[ids[p]], n, lf[s, k, 0], lf[s, k, 1])
        _push_in_place(ids, k ^ 1, n)
        _push_in_place(ids, pk, n)
    if not _walk_unchanged(lf[s, k, 0], lf[s, k, 1], pk, k, n):
        return -1, stamp
    if s == 0:
        for i in range(rn):
            if lm[0, k, _moved(rl[i], k, n)] == lid:
                return 1, stamp
        return 0, stamp
    return (1 if lm[1, k, _moved(g, k, n)] == lid else 0), stamp


@kernel_jit(inline="always")
def _walk_step(ids, conn, n, queue, head, tail, mark, own, other, rmark, rstamp, inv, from_goal):
    """Expand ``queue[head]`` for one of ``_joins_after``'s two walks (marks ``own``; the other walk
    marks ``other``). Returns (new tail, whether the walks met). Positions of ``k(R)`` end the goal's
    walk; the avatar's walk marks them but does not expand them."""
    p = queue[head]
    m = conn[ids[p]]
    for side in range(4):
        q = _neighbour(ids, conn, n, p, m, side)
        if q < 0 or mark[q] == own:
            continue
        if mark[q] == other:
            return tail, True
        in_r = rmark[_moved(q, inv, n)] == rstamp
        if in_r and from_goal:
            return tail, True
        mark[q] = own
        if in_r:
            continue
        queue[tail] = q
        tail += 1
    return tail, False


@kernel_jit()
def _joins_after(ids, conn, n, k, rmark, rstamp, gq, mark, stamp, queue, gqueue):
    """Whether the goal, at ``gq`` on the board ``ids`` after push ``k``, joins the avatar's set.

    ``R`` (positions before the push, marked ``rmark == rstamp``) is closed under walking. Every edge
    the push changes has an end on the pushed line, so a walk that leaves ``k(R)`` leaves it from a
    position in the line's band: only those are expanded, and positions of ``k(R)`` met on the way
    are not (all their unchanged edges lead back into ``k(R)``). A second walk from the goal runs
    in step with it (marks ``stamp + 1``); the answer is known as soon as the walks meet, or as one
    of them runs out -- so the cost is that of the smaller side. Uses stamps ``stamp`` and
    ``stamp + 1``.
    """
    inv = k ^ 1
    z = k >> 2
    rows = (k & 3) < 2
    back = -1 if (k & 1) == 0 else 1  # where, along the line, a field came from
    gs = stamp + 1
    tail = 0
    for a in range(max(0, z - 1), min(n, z + 2)):
        for b in range(n):
            p = a * n + b if rows else b * n + a
            src = p
            if a == z:  # on the pushed line: the position its field came from (no division)
                c = b + back
                c = n - 1 if c < 0 else (0 if c == n else c)
                src = a * n + c if rows else c * n + a
            if rmark[src] == rstamp:
                if p == gq:
                    return True
                mark[p] = stamp
                queue[tail] = p
                tail += 1
    if rmark[_moved(gq, inv, n)] == rstamp:
        return True
    mark[gq] = gs
    gqueue[0] = gq
    gtail = 1
    head = 0
    ghead = 0
    while head < tail and ghead < gtail:  # one step of each walk in turn
        tail, met = _walk_step(ids, conn, n, queue, head, tail, mark, stamp, gs, rmark, rstamp, inv, False)
        head += 1
        if met:
            return True
        gtail, met = _walk_step(ids, conn, n, gqueue, ghead, gtail, mark, gs, stamp, rmark, rstamp, inv, True)
        ghead += 1
        if met:
            return True
    return False


@kernel_jit(inline="always")
def _enters_zone(p, m, n, zrow, zcol):
    """Whether position p (connections m) can be entered from a line marked in ``zrow``/``zcol``."""
    r = p // n
    c = p - r * n
    if zrow[r] or zcol[c]:
        return True
    if m & 1 and r + 1 < n and zrow[r + 1]:
        return True
    if m & 4 and r > 0 and zrow[r - 1]:
        return True
    if m & 2 and c + 1 < n and zcol[c + 1]:
        return True
    if m & 8 and c > 0 and zcol[c - 1]:
        return True
    return False


@kernel_jit()
def _reaches_zone(ids, conn, n, seeds, nseeds, mark, stamp, queue, zrow, zcol):
    """Whether the walk from ``seeds`` can be entered from a row ``zrow`` or a column ``zcol`` marks,
    and the walk's size (its positions are left in ``queue``)."""
    cnt = _flood(ids, conn, n, seeds, nseeds, mark, stamp, queue, -1)
    for i in range(cnt):
        p = queue[i]
        if _enters_zone(p, conn[ids[p]], n, zrow, zcol):
            return True, cnt
    return False, cnt


@kernel_jit()
def _walk_flags(ids, k, conn, n, seeds, nseeds, mark, stamp, queue, rows, cols):
    """The lines the walk from ``seeds`` on the board after push ``k`` can be entered from."""
    _push_in_place(ids, k, n)
    cnt = _flood(ids, conn, n, seeds, nseeds, mark, stamp, queue, -1)
    for i in range(n):
        rows[i] = 0
        cols[i] = 0
    for i in range(cnt):
        p = queue[i]
        _enter(p, conn[ids[p]], n, rows, cols)
    _push_in_place(ids, k ^ 1, n)


@kernel_jit()
def _meets(rows, cols, zrow, zcol, n):
    for i in range(n):
        if (rows[i] and zrow[i]) or (cols[i] and zcol[i]):
            return True
    return False


@kernel_jit()
def _walk_unchanged(erow, ecol, o, k, n):
    """Whether a walk after push k, which can be entered only from the rows ``erow`` and columns
    ``ecol``, is the same walk when push o (whose band misses the walk's seeds) came before k.

    The two boards after k differ only on the positions k(line o): line o itself, except that when
    k crosses line o at line m, the field k moves off line o stands one step along m (around the
    board's edge when o is a border line). So the walk is the same unless it enters line o or has
    a position next to that one moved field."""
    l = o >> 2
    orow = (o & 3) < 2
    e_o = erow if orow else ecol
    e_m = ecol if orow else erow
    if e_o[l]:
        return False
    if orow == ((k & 3) < 2):
        return True
    m = k >> 2
    l2 = (l + (1 if (k & 1) == 0 else -1)) % n
    near = False
    for i in range(max(0, l2 - 1), min(n, l2 + 2)):
        if e_o[i]:
            near = True
    if not near:
        return True
    for i in range(max(0, m - 1), min(n, m + 2)):
        if e_m[i]:
            return False
    return True

