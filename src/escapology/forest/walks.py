"""Non-backtracking walks on the arc graph ``H``: frontier propagation and walk extraction.

A walk of ``x`` steps from a set ``F`` of fields is a path of ``x - 1`` steps in the arc graph ``H``
(§3 of Schwahn and Thielen, FUN 2018) that starts on an arc leaving ``F``. This module propagates
*sets* of arcs one step at a time with numpy (the frontier method of :mod:`escapology.forest.solver`)
and uses that the sequence ``R, succ(R), succ(succ(R)), ...`` of arc sets is eventually periodic
(it is a walk in the finite functional graph ``R -> succ(R)``), so a walk of ``10**9`` steps costs no
more than the pre-period plus the period of that sequence.

A reversed non-backtracking walk is again a non-backtracking walk, so the fields from which a walk of
``x`` steps ends in ``S`` are exactly the fields a walk of ``x`` steps from ``S`` can reach; the
solvers use this to search backwards with the same operator.

>>> from escapology.forest.model import Board
>>> b = Board.from_edges([(0, 1), (1, 2), (2, 0), (2, 3)])
>>> eng = WalkEngine(b)
>>> mask = np.zeros(4, dtype=bool); mask[0] = True
>>> [int(v) for v in np.flatnonzero(eng.walk(mask, 2))]   # 0-1-2, 0-2-1, 0-2-3
[1, 2, 3]
>>> [bool(eng.walk(mask, x)[3]) for x in (10**9, 10**9 + 1, 10**9 + 2)]  # 3 ends walks of 3k, 3k+2
[False, True, True]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from escapology.core.limits import Deadline, LimitReached
from escapology.forest.model import Board

#: Walks longer than this are written compressed (repeated blocks), see :func:`extract_walk`.
COMPRESS_ABOVE = 10_000


class WalkEngine:
    """Frontier propagation on ``H`` with a shared memo of the functional graph ``R -> succ(R)``.

    States (Boolean arc arrays) are interned by their packed bytes; ``succ`` of a state is computed
    once. Advancing ``L`` steps follows the memo until a state repeats and then jumps by the period,
    which is exact because ``succ`` is a function (the sequence from a repeated state repeats).
    """

    def __init__(self, board: Board, *, deadline: Deadline | None = None, memo_bytes: int = 128 << 20) -> None:
        self.board = board
        self.arcs = board.arcs
        self.deadline = deadline or Deadline(None)
        self._tail = self.arcs.tail
        self._head = self.arcs.head
        self._rev = self.arcs.rev
        self._n = board.n
        self._count = self.arcs.count
        self._ids: dict[bytes, int] = {}
        self._keys: list[bytes] = []
        self._next: list[int] = []
        self._memo_bytes = memo_bytes
        self._generation = 0
        self._walk_memo: dict[tuple[bytes, int], np.ndarray] = {}
        self.steps = 0  # numpy propagation steps done (for benchmarks)

    # -- one step -------------------------------------------------------------------------------
    def step(self, r: np.ndarray) -> np.ndarray:
        """``succ(R)``: arc ``v->w`` is reached iff some arc ``u->v`` of ``R`` has ``u != w``.

        Counting the arcs of ``R`` into each field ``v``, ``v->w`` is reached iff that count exceeds
        the contribution of its own reverse ``w->v`` (which may not be followed by ``v->w``).
        """
        self.steps += 1
        active = np.flatnonzero(r)
        if active.shape[0] * 8 < self._count:
            return self.step_sparse(active)
        cnt = np.bincount(self._head[r], minlength=self._n)
        return cnt[self._tail] > r[self._rev]

    def step_sparse(self, active: np.ndarray) -> np.ndarray:
        """``succ(R)`` from the list of active arcs, in time proportional to their successors.

        Used while the frontier is small (a ball growing on a large board): every active arc
        ``u->v`` adds the arcs leaving ``v`` except ``v->u``.
        """
        ptr = self.arcs.out_ptr
        heads = self._head[active]
        deg = ptr[heads + 1] - ptr[heads]
        total = int(deg.sum())
        out = np.zeros(self._count, dtype=bool)
        if total == 0:
            return out
        owner = np.repeat(np.arange(active.shape[0]), deg)
        first = np.cumsum(deg) - deg
        cols = ptr[heads][owner] + (np.arange(total) - first[owner])
        keep = cols != self._rev[active][owner]
        out[cols[keep]] = True
        return out

    def start_arcs(self, fields: np.ndarray) -> np.ndarray:
        """The arcs leaving a set of fields: the arc states after the first step."""
        return fields[self._tail]

    def heads(self, r: np.ndarray) -> np.ndarray:
        """The fields where the arcs of ``R`` end."""
        out = np.zeros(self._n, dtype=bool)
        out[self._head[r]] = True
        return out

    # -- memoised functional graph ---------------------------------------------------------------
    def _intern(self, r: np.ndarray) -> int:
        key = np.packbits(r).tobytes()
        i = self._ids.get(key)
        if i is None:
            if len(self._keys) * max(1, len(key)) > self._memo_bytes:
                self._ids.clear()
                self._keys.clear()
                self._next.clear()
                self._generation += 1
            i = len(self._keys)
            self._ids[key] = i
            self._keys.append(key)
            self._next.append(-1)
        return i

    def _state(self, i: int) -> np.ndarray:
        return np.unpackbits(np.frombuffer(self._keys[i], dtype=np.uint8), count=self._count).astype(bool)

    def _succ(self, i: int) -> int:
        j = self._next[i]
        if j < 0:
            if self.deadline.expired():
                raise LimitReached
            gen = self._generation
            nxt = self.step(self._state(i))
            j = self._intern(nxt)
            if self._generation != gen:  # the memo was cleared: ids were renumbered
                return j
            self._next[i] = j
        return j

    def orbit(self, r: np.ndarray, length: int) -> tuple[list[int], int, int]:
        """The states ``R_0 .. `` of the sequence from ``R_0 = r``, cut at ``length`` or the period.

        Returns ``(path, a, p)``: ``path[j]`` is the state id of ``R_j`` for ``j < len(path)``;
        if ``p > 0`` the sequence is periodic from ``a`` on with period ``p`` (``R_j = R_{a+(j-a) % p}``),
        and ``len(path) == a + p``; if ``p == 0`` then ``len(path) == length + 1``.
        """
        while True:
            gen = self._generation
            i = self._intern(r)
            path = [i]
            seen = {i: 0}
            for j in range(1, length + 1):
                i = self._succ(i)
                if self._generation != gen:
                    break  # the memo was cleared under us: start again with an empty memo
                if i in seen:
                    a = seen[i]
                    return path, a, j - a
                seen[i] = j
                path.append(i)
            else:
                return path, 0, 0

    def advance(self, r: np.ndarray, length: int) -> np.ndarray:
        """``succ^length(R)``, jumping over whole periods."""
        if length == 0:
            return r
        path, a, p = self.orbit(r, length)
        if p == 0:
            return self._state(path[length])
        return self._state(path[a + (length - a) % p])

    # -- walks of fields ---------------------------------------------------------------------------
    def walk(self, fields: np.ndarray, x: int) -> np.ndarray:
        """The fields where a walk of exactly ``x >= 1`` steps from some field of ``fields`` can end."""
        key = (np.packbits(fields).tobytes(), x)
        hit = self._walk_memo.get(key)
        if hit is not None:
            return hit
        r = self.start_arcs(fields)
        if not r.any():
            out = np.zeros(self._n, dtype=bool)
        else:
            out = self.heads(self.advance(r, x - 1))
        if len(self._walk_memo) * max(1, self._n) > self._memo_bytes // 4:
            self._walk_memo.clear()
        self._walk_memo[key] = out
        return out

    def turn(self, fields: np.ndarray, roll: tuple[int, int], *, jumps: bool = True) -> np.ndarray:
        """The fields where one turn with ``roll`` can end from some field of ``fields``.

        ``W_y(W_x(F)) | W_x(W_y(F))``, plus ``V'`` for a double (if ``jumps`` and ``F`` is not empty).
        """
        x, y = roll
        out = self.walk(self.walk(fields, x), y)
        if x != y:
            out = out | self.walk(self.walk(fields, y), x)
        elif jumps and fields.any():
            out = out | self.board.special_mask
        return out


def extract_walk(engine: WalkEngine, u: int, w: int, x: int) -> list[Any]:
    """One non-backtracking walk of ``x`` steps from field ``u`` to field ``w``, as field numbers.

    The walk is found backwards: from the last arc (into ``w``) step back to the smallest predecessor
    arc that lies in the forward frontier ``R_j``; frontier membership guarantees the walk can be
    completed back to ``u``. Walks longer than :data:`COMPRESS_ABOVE` are written compressed: a list
    whose items are fields or ``{"repeat": r, "fields": [...]}`` blocks. The backward choice depends
    only on the current arc and on ``j`` modulo the period of the frontier, so once that pair repeats
    the arcs repeat, and whole repetitions are skipped (this is what makes ``x = 10**9`` cheap).

    Raises ``ValueError`` if there is no such walk.
    """
    arcs = engine.arcs
    r0 = np.zeros(arcs.count, dtype=bool)
    r0[list(arcs.out(u))] = True
    path, a, p = engine.orbit(r0, x - 1)
    states: dict[int, np.ndarray] = {}

    def frontier(j: int) -> np.ndarray:
        sid = path[j] if p == 0 or j < a + p else path[a + (j - a) % p]
        st = states.get(sid)
        if st is None:
            st = states[sid] = engine._state(sid)
        return st

    last = frontier(x - 1)
    into_w = [int(arcs.rev[b]) for b in arcs.out(w)]
    ends = [b for b in into_w if last[b]]
    if not ends:
        raise ValueError(f"no walk of {x} steps from {u} to {w}")
    # blocks of arcs, built backwards: list of (arcs_backwards, repeat)
    blocks: list[tuple[list[int], int]] = []
    current: list[int] = []
    e = min(ends)
    j = x - 1
    current.append(e)
    seen: dict[tuple[int, int], int] = {}
    compress = x > COMPRESS_ABOVE and p > 0
    check = 0
    while j > 0:
        if compress and j - 1 >= a:
            key = (e, (j - 1 - a) % p)
            prev = seen.get(key)
            if prev is None:
                seen[key] = len(current) - 1
            else:
                # current[prev+1 .. end] (c arcs: e_{j_prev-1} .. e_j) will repeat from here on
                c = len(current) - 1 - prev
                q = (j - 1 - a) // c
                if q > 0:
                    block = current[prev + 1 :]
                    blocks.append((current[: prev + 1], 1))
                    blocks.append((block, q + 1))
                    current = []
                    j -= q * c
                compress = False
                if not current:
                    # continue from the last arc of the repeated block (it is e_j now)
                    e = block[-1]
                    if j == 0:
                        break
        check += 1
        if check & 0xFFFF == 0 and engine.deadline.expired():
            raise LimitReached
        fr = frontier(j - 1)
        t = int(arcs.tail[e])
        r = int(arcs.rev[e])
        best = -1
        for b in arcs.out(t):
            pb = int(arcs.rev[b])  # an arc into t
            if pb != r and fr[pb] and (best < 0 or pb < best):
                best = pb
        if best < 0:  # cannot happen: e is in R_j, so some predecessor is in R_{j-1}
            raise AssertionError("frontier inconsistency")
        e = best
        j -= 1
        current.append(e)
    if current:
        blocks.append((current, 1))
    # forward order
    blocks.reverse()
    out: list[Any] = [u]
    for arcs_back, rep in blocks:
        heads = [int(arcs.head[b]) for b in reversed(arcs_back)]
        if rep == 1:
            out.extend(heads)
        else:
            out.append({"repeat": rep, "fields": heads})
    return out


def walk_length(walk: list[Any]) -> int:
    """The number of steps of a (possibly compressed) walk.

    >>> walk_length([1, 2, {"repeat": 3, "fields": [3, 1, 2]}, 4])
    11
    """
    steps = -1
    for item in walk:
        if isinstance(item, dict):
            steps += int(item["repeat"]) * len(item["fields"])
        else:
            steps += 1
    return steps


def expand_walk(walk: list[Any]) -> list[Any]:
    """The field sequence of a compressed walk (only for short walks!).

    >>> expand_walk([1, {"repeat": 2, "fields": [2, 3]}, 1])
    [1, 2, 3, 2, 3, 1]
    """
    out: list[Any] = []
    for item in walk:
        if isinstance(item, dict):
            out.extend(list(item["fields"]) * int(item["repeat"]))
        else:
            out.append(item)
    return out
