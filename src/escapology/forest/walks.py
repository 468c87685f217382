"""Non-backtracking walks on the arc graph ``H``: frontier propagation and walk extraction.

A walk of ``x`` steps from a set ``F`` of fields is a path of ``x - 1`` steps in the arc graph ``H``
(§3 of Schwahn and Thielen, FUN 2018) that starts on an arc leaving ``F``. :class:`WalkEngine`
advances the *frontier* (the set of arcs where such a walk can be after ``j`` steps) in one of two
exact ways, chosen per board (:func:`chains_pay_off`):

- **step by step** with numpy, ``O(m)`` per step, using that the sequence ``R, succ(R), ...`` is
  eventually periodic (a walk in the finite functional graph ``R -> succ(R)``): states are
  interned in a memo shared by all walks of the board, and a walk stops at the first repeated
  state and jumps by whole periods; when an orbit does not fit in the memo, Brent's cycle
  detection (:func:`~escapology.forest.chains.run_periodic`) does the same in constant memory;
- **by chains** (:mod:`escapology.forest.chains`) on boards whose core is made of long chains
  (long cycles): up to ``U`` steps one by one until no arc points into the core from a tree
  (:mod:`escapology.forest.structure`), then blocks of ``Δ`` steps on the core alone until ``D``
  steps before the end, then ``D`` steps one by one (the dead arcs of the trees, which the core
  feeds but which never feed it back). *Exact:* the core arcs evolve on their own once no up arc
  is left, and a dead arc present ``D`` steps before the end has no continuation left at the end.

Both cost at most a polynomial in ``m`` per walk however large ``x`` is (the frontier sequence's
pre-period is at most ``(2m - 1)**2 + 1`` and its period at most ``2m``, see
:mod:`escapology.forest.chains`); by chains, ``Δ`` steps cost a few integer operations per chain.

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

from typing import Any, Callable

import numpy as np

from escapology.core.limits import Deadline, LimitReached
from escapology.forest.chains import ChainWalker, Tape, chain_backtrack, run_periodic
from escapology.forest.model import Board
from escapology.forest.structure import Structure, analyse

#: Walks longer than this are written compressed (repeated blocks), see :func:`extract_walk`.
COMPRESS_ABOVE = 10_000

#: Engines of :class:`WalkEngine`: ``auto`` chooses by :func:`chains_pay_off`.
ENGINES = ("auto", "frontier", "chains")


def chains_pay_off(structure: Structure, arcs: int) -> bool:
    """Whether blocks on the core's chains beat numpy steps on this board.

    A block of ``Δ`` steps costs about ten integer operations per chain (measured: about 0.3 µs
    each on chains of some thousand arcs); a numpy step about 20 µs plus 4 ns per arc.
    """
    if structure.kind not in ("cycle", "chains"):
        return False
    delta = structure.shortest_chain
    if delta < 4:
        return False
    per_step_chains = 10 * 0.3 * len(structure.chains) / delta
    per_step_numpy = 20.0 + 0.004 * arcs
    return per_step_chains < per_step_numpy


class _MemoFull(Exception):
    """An orbit does not fit in the memo."""


class WalkEngine:
    """Frontier propagation on ``H`` for one board (see the module documentation).

    ``engine`` is ``auto`` (default), ``frontier`` (numpy steps) or ``chains`` (blocks on the
    core's chains, where the core has chains). ``memo_bytes`` bounds the memo of frontier states.
    """

    def __init__(self, board: Board, *, deadline: Deadline | None = None, memo_bytes: int = 128 << 20,
                 engine: str = "auto") -> None:
        if engine not in ENGINES:
            raise ValueError(f"unknown walk engine {engine!r}; choose one of {', '.join(ENGINES)}")
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
        self._memo_states = max(16, memo_bytes // max(1, (self._count + 7) // 8))
        self._memo_bytes = memo_bytes
        self._walk_memo: dict[tuple[bytes, int], np.ndarray] = {}
        self.steps = 0  # numpy propagation steps done (for benchmarks)
        self.chain_walker: ChainWalker | None = None
        if engine != "frontier":
            structure = analyse(board)
            if structure.kind in ("cycle", "chains") and (engine == "chains" or chains_pay_off(structure, self._count)):
                self.chain_walker = ChainWalker(board, structure, self.deadline)
                self._core = structure.core_mask
                self._up = structure.up_mask

    @property
    def method(self) -> str:
        """``chains`` or ``frontier``: how walks are advanced on this board."""
        return "frontier" if self.chain_walker is None else "chains"

    @property
    def blocks(self) -> int:
        """Chain blocks computed (for benchmarks)."""
        return 0 if self.chain_walker is None else self.chain_walker.blocks

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
            if len(self._keys) >= self._memo_states:
                raise _MemoFull
            i = len(self._keys)
            self._ids[key] = i
            self._keys.append(key)
            self._next.append(-1)
        return i

    def _clear_memo(self) -> None:
        self._ids.clear()
        self._keys.clear()
        self._next.clear()

    def _state(self, i: int) -> np.ndarray:
        return np.unpackbits(np.frombuffer(self._keys[i], dtype=np.uint8), count=self._count).astype(bool)

    def _succ(self, i: int, state: np.ndarray | None = None) -> tuple[int, np.ndarray | None]:
        """The id of ``succ(R_i)`` and, if it was computed now, its array (``state``: ``R_i``'s
        array if at hand, to save unpacking it)."""
        j = self._next[i]
        if j >= 0:
            return j, None
        if self.deadline.expired():
            raise LimitReached
        nxt = self.step(self._state(i) if state is None else state)
        j = self._next[i] = self._intern(nxt)
        return j, nxt

    def orbit(self, r: np.ndarray, length: int) -> tuple[list[int], int, int]:
        """The states ``R_0 .. `` of the sequence from ``R_0 = r``, cut at ``length`` or the period.

        Returns ``(path, a, p)``: ``path[j]`` is the state id of ``R_j`` for ``j < len(path)``;
        if ``p > 0`` the sequence is periodic from ``a`` on with period ``p`` (``R_j = R_{a+(j-a) % p}``),
        and ``len(path) == a + p``; if ``p == 0`` then ``len(path) == length + 1``. Raises
        ``_MemoFull`` (and empties the memo) when the orbit does not fit in the memo.
        """
        if len(self._keys) + min(length + 1, self._memo_states // 2) > self._memo_states:
            self._clear_memo()  # start with room for the orbit
        try:
            i = self._intern(r)
            path = [i]
            seen = {i: 0}
            state: np.ndarray | None = r
            for j in range(1, length + 1):
                i, state = self._succ(i, state)
                if i in seen:
                    a = seen[i]
                    return path, a, j - a
                seen[i] = j
                path.append(i)
            return path, 0, 0
        except _MemoFull:
            self._clear_memo()
            raise

    def advance(self, r: np.ndarray, length: int) -> np.ndarray:
        """``succ^length(R)``, jumping over whole periods."""
        if length == 0:
            return r
        if self.chain_walker is not None:
            return self._advance_by_chains(r, length)
        try:
            path, a, p = self.orbit(r, length)
        except _MemoFull:
            return run_periodic(self.step, r, length, self.deadline)[0]
        if p == 0:
            return self._state(path[length])
        return self._state(path[a + (length - a) % p])

    def _steps(self, r: np.ndarray, count: int) -> np.ndarray:
        """``count`` single steps."""
        for _ in range(count):
            if self.deadline.expired():
                raise LimitReached
            r = self.step(r)
        return r

    def _leave_trees(self, r: np.ndarray, length: int) -> tuple[np.ndarray, int]:
        """Single steps while ``R`` holds an up arc (at most ``U``): ``(R, steps left)``."""
        while length > 0 and (r & self._up).any():
            r = self._steps(r, 1)
            length -= 1
        return r, length

    def _advance_by_chains(self, r: np.ndarray, length: int) -> np.ndarray:
        cw = self.chain_walker
        assert cw is not None
        dead = cw.structure.dead_depth
        r, length = self._leave_trees(r, length)
        if length <= dead:
            return self._steps(r, length)
        state = cw.advance(cw.pack(r & self._core), length - dead)
        return self._steps(cw.unpack(state), dead)

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


def _pred_in(engine: WalkEngine, e: int, frontier: np.ndarray) -> int:
    """The smallest arc of ``frontier`` that ``e`` may follow (``-1`` if none)."""
    arcs = engine.arcs
    r = int(arcs.rev[e])
    best = -1
    for b in arcs.out(int(arcs.tail[e])):
        pb = int(arcs.rev[b])  # an arc into tail(e)
        if pb != r and frontier[pb] and (best < 0 or pb < best):
            best = pb
    return best


def _back_steps(engine: WalkEngine, e: int, frontier: Callable[[int], np.ndarray], j: int, stop: int) -> list[int]:
    """Arcs backwards from ``e`` (in ``frontier(j)``) to ``frontier(stop)``: the ``j - stop`` arcs
    before ``e``, last first."""
    out = []
    while j > stop:
        if (j & 1023) == 0 and engine.deadline.expired():
            raise LimitReached
        e = _pred_in(engine, e, frontier(j - 1))
        if e < 0:  # cannot happen: e is in the next frontier, so some predecessor is here
            raise AssertionError("frontier inconsistency")
        out.append(e)
        j -= 1
    return out


def _end_arc(engine: WalkEngine, w: int, last: np.ndarray, u: int, x: int) -> int:
    arcs = engine.arcs
    ends = [int(arcs.rev[b]) for b in arcs.out(w) if last[int(arcs.rev[b])]]
    if not ends:
        raise ValueError(f"no walk of {x} steps from {u} to {w}")
    return min(ends)


def extract_walk(engine: WalkEngine, u: int, w: int, x: int) -> list[Any]:
    """One non-backtracking walk of ``x`` steps from field ``u`` to field ``w``, as field numbers.

    The walk is found backwards: from the last arc (into ``w``) step back to a predecessor arc that
    lies in the forward frontier ``R_j``; frontier membership guarantees the walk can be completed
    back to ``u``. Walks longer than :data:`COMPRESS_ABOVE` are written compressed: a list whose items
    are fields or ``{"repeat": r, "fields": [...]}`` blocks. By steps, the frontiers come from the
    memo (or a :class:`~escapology.forest.chains.Tape`), and once the pair (arc, ``j`` modulo the
    frontier's period) repeats the arcs repeat, so whole repetitions are skipped; by chains, whole
    chain traversals are read off the block states
    (:func:`~escapology.forest.chains.chain_backtrack`). Either way time and memory grow with the
    length of the written walk, not with ``x``.

    Raises ``ValueError`` if there is no such walk.
    """
    if engine.chain_walker is not None:
        return _extract_by_chains(engine, u, w, x)
    return _extract_by_steps(engine, u, w, x)


def _extract_by_steps(engine: WalkEngine, u: int, w: int, x: int) -> list[Any]:
    arcs = engine.arcs
    r0 = np.zeros(arcs.count, dtype=bool)
    r0[list(arcs.out(u))] = True
    frontier: Callable[[int], np.ndarray]
    try:
        path, a, p = engine.orbit(r0, x - 1)
        last: list = [-1, None]  # the state read last (read backwards: each is read once in a row)

        def frontier(j: int) -> np.ndarray:
            sid = path[j] if p == 0 or j < a + p else path[a + (j - a) % p]
            if last[0] != sid:
                last[0], last[1] = sid, engine._state(sid)
            return last[1]
    except _MemoFull:
        tape = Tape(engine.step, r0, x - 1, engine.deadline)
        p = tape.period
        a = tape.last - p if p else 0
        frontier = tape.state

    e = _end_arc(engine, w, frontier(x - 1), u, x)
    # blocks of arcs, built backwards: list of (arcs_backwards, repeat)
    blocks: list[tuple[list[int], int]] = []
    current: list[int] = [e]
    j = x - 1
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
        e = _pred_in(engine, e, frontier(j - 1))
        if e < 0:  # cannot happen: e is in R_j, so some predecessor is in R_{j-1}
            raise AssertionError("frontier inconsistency")
        j -= 1
        current.append(e)
    if current:
        blocks.append((current, 1))
    blocks.reverse()
    out: list[Any] = [u]
    for arcs_back, rep in blocks:
        heads = [int(arcs.head[b]) for b in reversed(arcs_back)]
        if rep == 1:
            out.extend(heads)
        else:
            out.append({"repeat": rep, "fields": heads})
    return out


def _extract_by_chains(engine: WalkEngine, u: int, w: int, x: int) -> list[Any]:
    """:func:`extract_walk` by chains: single steps through the trees, chain traversals between."""
    cw = engine.chain_walker
    assert cw is not None
    arcs = engine.arcs
    dead = cw.structure.dead_depth
    r1 = np.zeros(arcs.count, dtype=bool)
    r1[list(arcs.out(u))] = True
    r, left = engine._leave_trees(r1, x - 1)
    t_a = x - left  # R_tA: no up arc left
    if left <= dead:  # no room for blocks: single steps to the end
        steps = Tape(engine.step, r1, x - 1, engine.deadline)  # S_k = R_{k+1}
        e = _end_arc(engine, w, steps.final, u, x)
        back = [e] + _back_steps(engine, e, steps.state, x - 1, 0)
        return _write(engine, u, back[::-1], [], [], x)
    early = Tape(engine.step, r1, t_a - 1, engine.deadline)  # R_1 .. R_tA
    blocks, rest = divmod(left - dead, cw.delta)
    tape = Tape(cw.block, cw.pack(r & engine._core), blocks, engine.deadline)
    final = cw.step(tape.final, rest) if rest else tape.final
    late = Tape(engine.step, cw.unpack(final), dead, engine.deadline)  # R_tC .. R_x, tC = x - dead
    e = _end_arc(engine, w, late.final, u, x)
    tail_back = [e] + _back_steps(engine, e, late.state, dead, 0)  # e_x .. e_tC
    e_c = tail_back[-1]
    st = cw.structure
    chain, offset = int(st.chain_of[e_c]), int(st.offset_of[e_c])
    traversals, first_offset = chain_backtrack(cw, tape, t_a, chain, offset, x - dead, engine.deadline)
    e_a = int(cw.chains[traversals[0]].arcs[first_offset])
    head_back = [e_a] + _back_steps(engine, e_a, early.state, t_a - 1, 0)  # e_tA .. e_1
    # the core part: after e_tA up to e_tC
    pieces: list[Any] = []
    if len(traversals) == 1:
        pieces.append(cw.chains[chain].arcs[first_offset + 1 : offset + 1])
    else:
        pieces.append(cw.chains[traversals[0]].arcs[first_offset + 1 :])
        pieces.extend(traversals[1:-1])
        pieces.append(cw.chains[chain].arcs[: offset + 1])
    return _write(engine, u, head_back[::-1], pieces, tail_back[-2::-1], x)


def _runs(seq: list[int], longest: int = 8) -> list[tuple[tuple[int, ...], int]]:
    """``seq`` as runs ``(pattern, repeat)``, greedily taking the repetition covering most items.

    >>> _runs([1, 1, 1, 2, 3, 2, 3, 4])
    [((1,), 3), ((2, 3), 2), ((4,), 1)]
    """
    out = []
    i, n = 0, len(seq)
    while i < n:
        best_q, best_r = 1, 1
        for q in range(1, longest + 1):
            if i + 2 * q > n:
                break
            pattern = seq[i : i + q]
            r = 1
            while i + (r + 1) * q <= n and seq[i + r * q : i + (r + 1) * q] == pattern:
                r += 1
            if r >= 2 and r * q > best_q * best_r:
                best_q, best_r = q, r
        out.append((tuple(seq[i : i + best_q]), best_r))
        i += best_q * best_r
    return out


def _write(engine: WalkEngine, u: int, head: list[int], pieces: list[Any], tail: list[int], x: int) -> list[Any]:
    """The field list of a walk: arcs ``head``, then ``pieces`` (arc arrays, chain numbers and
    ``(repeat, [chains])``), then arcs ``tail``; repeated chains are written as blocks when the walk
    is longer than :data:`COMPRESS_ABOVE`."""
    heads = engine.arcs.head
    chains = engine.chain_walker.chains if engine.chain_walker is not None else ()
    compress = x > COMPRESS_ABOVE
    out: list[Any] = [u]
    out.extend(int(heads[a]) for a in head)

    def put(seq: list[int], repeat: int) -> None:
        arcs = np.concatenate([chains[c].arcs for c in seq])
        fields = heads[arcs].tolist()
        if repeat == 1:
            out.extend(fields)
        elif compress:
            out.append({"repeat": repeat, "fields": fields})
        else:
            out.extend(fields * repeat)

    units: list[tuple[tuple[int, ...], int]] = []  # (chains, repeat), equal neighbours merged

    def add(pattern: tuple[int, ...], repeat: int) -> None:
        if units and units[-1][0] == pattern:
            units[-1] = (pattern, units[-1][1] + repeat)
        else:
            units.append((pattern, repeat))

    def flush() -> None:
        for pattern, repeat in units:
            put(list(pattern), repeat)
        units.clear()

    run: list[int] = []
    for piece in pieces:
        if isinstance(piece, (int, np.integer)):
            run.append(int(piece))
            continue
        for pattern, repeat in _runs(run):
            add(pattern, repeat)
        run = []
        if isinstance(piece, tuple):
            repeat, pattern = piece
            inner = _runs(pattern)
            if len(inner) == 1:  # the pattern is itself one unit repeated: one block
                add(inner[0][0], repeat * inner[0][1])
                continue
            whole = sum(chains[c].length for c in pattern)
            by_runs = repeat * sum(chains[c].length for unit, _ in inner for c in unit)
            if whole <= by_runs:
                add(tuple(pattern), repeat)
            else:
                for _ in range(repeat):
                    for unit, r in inner:
                        add(unit, r)
        else:
            flush()
            out.extend(heads[piece].tolist())
    for pattern, repeat in _runs(run):
        add(pattern, repeat)
    flush()
    out.extend(int(heads[a]) for a in tail)
    return _fold(out) if compress else out


def _fold(walk: list[Any]) -> list[Any]:
    """Move written-out fields into a neighbouring repeated block where they repeat it.

    Fields ``P`` before a block ``B`` (repeated ``q`` times) that end with the last ``j`` fields
    ``S`` of ``B`` are the same walk as ``P - S``, then ``S + (B - S)`` repeated ``q`` times, then
    ``S``; fields after a block that spell it once more are one more repetition. The walk's first
    field stays a field.

    >>> _fold([0, 1, 2, {"repeat": 5, "fields": [0, 1, 2]}, 0, 1, 2, 0])
    [0, {'repeat': 7, 'fields': [1, 2, 0]}]
    """
    out: list[Any] = []
    for item in walk:
        if not isinstance(item, dict):
            out.append(item)
            continue
        fields, repeat = list(item["fields"]), int(item["repeat"])
        size = len(fields)
        start = len(out)
        while start > 0 and not isinstance(out[start - 1], dict):
            start -= 1
        room = len(out) - max(start, 1)
        j = 0
        while j < min(room, size) and out[-1 - j] == fields[size - 1 - j]:
            j += 1
        moved = fields[size - j:] if j else []
        if j:
            del out[len(out) - j:]
            fields = moved + fields[: size - j]
        out.append({"repeat": repeat, "fields": fields})
        out.extend(moved)
    # fields after a block that spell it once more
    result: list[Any] = []
    i = 0
    while i < len(out):
        item = out[i]
        i += 1
        if isinstance(item, dict):
            fields, size = item["fields"], len(item["fields"])
            while out[i : i + size] == fields:
                item = {"repeat": item["repeat"] + 1, "fields": fields}
                i += size
        result.append(item)
    return result


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
