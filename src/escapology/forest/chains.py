"""Walks of ``10**9`` steps on boards with long cycles: the core's chains as shift registers.

The frontier ``R_j`` of a walk (the arcs where a walk of ``j`` steps can be) is a set of arcs of
the arc graph ``H`` (Schwahn and Thielen, FUN 2018, §3). On the core of the board it lives on
chains (:mod:`escapology.forest.structure`): a chain's arcs are only followed by the next arc of
the same chain, and its last arc by the first arcs of its successor chains. Keep the part of
``R_j`` on chain ``c`` as the bits of one integer ``S_c`` (bit ``o`` = arc ``o`` of the chain). With
``Δ`` at most the length of the shortest chain, ``Δ`` steps at once are

``S'_b = ((S_b << Δ) mod 2**len(b)) | OR { S_c >> (len(c) - Δ) : b follows c }``.

*Proof.* A bit at offset ``o`` of chain ``c`` moves to ``o + Δ`` if that is still inside ``c``;
otherwise (``o >= len(c) - Δ``) it leaves ``c`` after ``len(c) - o`` steps, enters every successor
``b`` at offset 0 and is at offset ``o - (len(c) - Δ) < Δ <= len(b)`` after the ``Δ`` steps: it
cannot leave ``b`` again within them, so no bit passes two chain ends in one block. Conversely
every arc of ``S'`` has such an origin. ∎

The sequence of block states ``S, F(S), F(F(S)), ...`` is eventually periodic (``F`` is a function on
a finite set), so :meth:`ChainWalker.advance` stops as soon as Brent's cycle detection finds
``S_h = S_{h-λ}`` (exact comparison of the integers, constant memory) and jumps to the end by
``(K - h) mod λ`` more blocks. A walk of ``x`` steps costs ``O(min(x, T + P) / Δ)`` blocks, each of
``O(#chains + #successions)`` integer operations on ``O(len/64)`` words, where ``T`` and ``P`` are the
pre-period and period of the frontier sequence: ``T <= (N - 1)**2 + 1`` for ``N = 2m`` arcs
(Wielandt's bound on the index of convergence holds for every ``N x N`` Boolean matrix, Schwarz
1970) and ``P <= N`` (the period divides the lcm of the periods of ``H``'s strongly connected
components; the arcs on cycles of ``H`` are the core arcs, which form one strongly connected
component, or two directed cycles of the same length when the core is a cycle: a known property
of non-backtracking matrices, checked in the tests). So the cost is bounded by a polynomial in ``m``
whatever ``d`` is; on a cycle of ``10**5`` edges a walk of ``10**9`` steps is one block and a
comparison, on two cycles of 50,000 and 50,001 edges sharing a field it is ``x / 50,000`` blocks.

:class:`Tape` replays the blocks backwards (checkpoints every ``B`` blocks, a segment
recomputed from its checkpoint when needed) so that :func:`chain_backtrack` can read one walk
off the frontiers in ``O(x / Δ)`` time and ``O(sqrt(x / Δ))`` stored states.

>>> from escapology.forest.model import Board
>>> from escapology.forest.structure import analyse
>>> ring = Board.from_edges([(i, (i + 1) % 5) for i in range(5)])
>>> cw = ChainWalker(ring, analyse(ring))
>>> s = cw.pack(ring.arcs.tail == 0)          # both arcs leaving field 0
>>> r = cw.unpack(cw.advance(s, 10**9 + 2))   # 10**9 + 2 = 2 (mod 5) steps further
>>> sorted(int(ring.arcs.head[a]) for a in np.flatnonzero(r))
[2, 3]
"""

from __future__ import annotations

from math import isqrt
from typing import TYPE_CHECKING, Callable

import numpy as np

from escapology.core.limits import Deadline, LimitReached

if TYPE_CHECKING:
    from escapology.forest.model import Board
    from escapology.forest.structure import Structure

State = list  # list[int]: one integer per chain


class ChainWalker:
    """Blocks of ``Δ`` steps of the core frontier, one integer per chain (see the module)."""

    def __init__(self, board: "Board", structure: "Structure", deadline: Deadline | None = None) -> None:
        self.board = board
        self.structure = structure
        self.deadline = deadline or Deadline(None)
        self.chains = structure.chains
        self.lengths = [c.length for c in self.chains]
        self.delta = structure.shortest_chain
        self._low_delta = -1
        self._low: list[int] = []
        self.cycle = structure.kind == "cycle"
        self.branches = structure.branches
        self.blocks = 0  # blocks computed (for benchmarks)
        preds: list[list[int]] = [[] for _ in self.chains]
        for c, ch in enumerate(self.chains):
            for b in ch.successors:
                preds[b].append(c)
        self.predecessors = [tuple(sorted(p)) for p in preds]
        self._nbytes = [(n + 7) // 8 for n in self.lengths]

    # -- between arc arrays and chain integers ----------------------------------------------------
    def pack(self, r: np.ndarray) -> State:
        """The chain integers of the core arcs of ``r`` (a Boolean array over arcs)."""
        out = []
        for ch in self.chains:
            bits = np.packbits(r[ch.arcs], bitorder="little")
            out.append(int.from_bytes(bits.tobytes(), "little"))
        return out

    def unpack(self, state: State) -> np.ndarray:
        """The Boolean array over arcs of a chain state."""
        out = np.zeros(self.board.arcs.count, dtype=bool)
        for ch, s, n, nb in zip(self.chains, state, self.lengths, self._nbytes):
            if s:
                raw = np.frombuffer(s.to_bytes(nb, "little"), dtype=np.uint8)
                out[ch.arcs] = np.unpackbits(raw, count=n, bitorder="little").astype(bool)
        return out

    # -- blocks -------------------------------------------------------------------------------------
    def _low_masks(self, delta: int) -> list[int]:
        """Per chain, the bits that stay inside it for ``delta`` more steps."""
        if delta != self._low_delta:
            self._low = [(1 << (n - delta)) - 1 for n in self.lengths]
            self._low_delta = delta
        return self._low

    def step(self, state: State, delta: int) -> State:
        """``delta`` steps at once, ``1 <= delta <= Δ`` (the formula of the module)."""
        self.blocks += 1
        lengths = self.lengths
        low = self._low_masks(delta)
        if self.cycle:  # every chain is a directed cycle: a rotation
            return [((s & m) << delta) | (s >> (n - delta)) for s, n, m in zip(state, lengths, low)]
        tops = [s >> (n - delta) for s, n in zip(state, lengths)]
        new = [(s & m) << delta for s, m in zip(state, low)]
        for ins, outs in self.branches:
            k = len(ins)
            # OR of every arriving chain but the i-th: prefix | suffix
            pre = [0] * (k + 1)
            for i in range(k):
                pre[i + 1] = pre[i] | tops[ins[i]]
            suf = 0
            for i in range(k - 1, -1, -1):
                new[outs[i]] |= pre[i] | suf
                suf |= tops[ins[i]]
        return new

    def block(self, state: State) -> State:
        """One whole block of ``Δ`` steps."""
        return self.step(state, self.delta)

    def advance(self, state: State, steps: int) -> State:
        """The state ``steps`` steps later: ``steps // Δ`` blocks (stopping at the first repeated
        state, :func:`run_periodic`) and one shorter block for the rest."""
        blocks, rest = divmod(steps, self.delta)
        state = run_periodic(self.block, state, blocks, self.deadline)[0]
        if rest:
            state = self.step(state, rest)
        return state


def _equal(a, b) -> bool:  # type: ignore[no-untyped-def]
    return np.array_equal(a, b) if isinstance(a, np.ndarray) else a == b


def run_periodic(f: Callable, state, count: int, deadline: Deadline,  # type: ignore[no-untyped-def]
                 visit: Callable | None = None) -> tuple:
    """``f^count(state)`` with Brent's cycle detection on the way (exact comparisons, two states
    kept); ``visit(k, S_k)`` sees every state computed (``k = 0 .. h``).

    Returns ``(S_count, h, λ)``: if ``λ > 0`` then ``S_h = S_{h-λ}``, so the sequence is periodic
    from ``h - λ`` with period ``λ`` and ``S_count = S_{h + (count - h) mod λ}``, and ``h`` is the
    last state computed before that jump; else ``h = count``. At most ``μ + 2λ`` applications of
    ``f`` before the jump (``μ``, ``λ``: the sequence's pre-period and period).

    >>> run_periodic(lambda v: (v * v + 1) % 255, 3, 10**12, Deadline(None))
    (5, 13, 6)
    """
    if visit is not None:
        visit(0, state)
    if count == 0:
        return state, 0, 0
    tortoise, hare = state, f(state)
    done, lam, power = 1, 1, 1
    if visit is not None:
        visit(1, hare)
    while done < count:
        if _equal(tortoise, hare):
            h = done
            for _ in range((count - h) % lam):
                hare = f(hare)
            return hare, h, lam
        if power == lam:
            tortoise, power, lam = hare, power * 2, 0
        if done & 63 == 0 and deadline.expired():
            raise LimitReached
        hare = f(hare)
        done += 1
        lam += 1
        if visit is not None:
            visit(done, hare)
    return hare, count, 0


class Tape:
    """The states ``S_0 .. S_h`` of one :func:`run_periodic` of ``f``, readable in any order.

    Every ``B``-th state is kept (``B ~ sqrt(h)``); a state in between is found by recomputing its
    segment from the checkpoint before it (the last segment read is cached, so reading backwards
    costs one more run). States beyond ``h`` are read through the period.
    """

    def __init__(self, f: Callable, state, count: int, deadline: Deadline) -> None:  # type: ignore[no-untyped-def]
        self.f = f
        self.every = max(8, isqrt(max(1, count)))
        self.checkpoints: dict = {}
        every = self.every

        def keep(k: int, s) -> None:  # type: ignore[no-untyped-def]
            if k % every == 0:
                self.checkpoints[k] = s

        self.final, self.last, self.period = run_periodic(f, state, count, deadline, keep)
        self._segment_start = -1
        self._segment: list = []

    def index(self, k: int) -> int:
        """The computed state equal to ``S_k``."""
        if self.period and k > self.last:
            a = self.last - self.period
            return a + (k - a) % self.period
        return k

    def state(self, k: int):  # type: ignore[no-untyped-def]
        k = self.index(k)
        start = (k // self.every) * self.every
        if start != self._segment_start:
            s = self.checkpoints[start]
            seg = [s]
            for _ in range(min(self.every, self.last - start + 1) - 1):
                s = self.f(s)
                seg.append(s)
            self._segment_start, self._segment = start, seg
        return self._segment[k - start]


def chain_backtrack(walker: ChainWalker, tape: Tape, t0: int, end_chain: int, end_offset: int, t_end: int,
                    deadline: Deadline) -> tuple[list, int]:
    """A walk backwards through the core from arc ``end_offset`` of chain ``end_chain`` at time
    ``t_end`` down to time ``t0`` (the time of block state ``S_0``), on frontiers read off ``tape``.

    Returns ``(traversals, offset)``: the chains the walk runs through, in walking order, as chain
    numbers and ``(repeat, [chains])`` for a sequence repeated ``repeat`` times. The first is the
    chain the walk is on at time ``t0``, at arc ``offset``; the last is ``end_chain`` (walked up to
    ``end_offset``); the ones in between are walked whole.

    *Soundness.* Within the core after ``t0`` an arc inside a chain has only its chain predecessor
    in any frontier, so from ``(c, o)`` at time ``j`` the walk was at ``(c, 0)`` at time ``j - o``;
    there it came from the last arc of a predecessor chain ``p`` entered at ``σ = j - o - len(p)``,
    which is possible iff ``p``'s first arc is in ``R_σ``, i.e. bit ``τ_k - σ`` of ``S_k[p]`` for the
    first block time ``τ_k = t0 + kΔ >= σ`` (then ``τ_k - σ < Δ <= len(p)``). Before ``t0`` the bit
    is read directly in ``S_0``. Membership of the current arc guarantees some predecessor is in the
    previous frontier, so the search never gets stuck.

    *Choice and compression.* Where the states are periodic (every query reads a block ``>= h - λ``)
    the choice is a function of ``(chain, time mod λΔ)`` (the chain itself if possible, else the
    smallest predecessor), so when that pair repeats the traversals between repeat too and whole
    repetitions are skipped. Before, the choice prefers the chain itself, then the predecessor
    chosen the last time at this chain, so that long runs come out as repeated blocks.
    """
    delta = walker.delta
    lengths = walker.lengths
    preds = walker.predecessors
    s0 = tape.state(0)
    periodic_from = None
    if tape.period:
        periodic_from = t0 + (tape.last - tape.period) * delta + max(lengths)
    span = (tape.period or 1) * delta
    seq: list = [end_chain]  # backwards
    c, tau = end_chain, t_end - end_offset
    memory: dict[int, int] = {}
    seen: dict[tuple[int, int], tuple[int, int]] = {}
    count = 0
    while tau > t0:
        count += 1
        if count & 1023 == 0 and deadline.expired():
            raise LimitReached
        periodic = periodic_from is not None and tau >= periodic_from
        if periodic:
            key = (c, (tau - t0) % span)
            prev = seen.get(key)
            if prev is None:
                seen[key] = (len(seq), tau)
            else:
                at, tau_prev = prev
                gap = tau_prev - tau  # a multiple of the period
                q = (tau - periodic_from) // gap
                if q > 0:
                    seq.append((q, seq[at:]))  # ends on c again, q * gap earlier
                    tau -= q * gap
                seen.clear()
                periodic_from = None  # skip once; then walk on to t0
                continue
        if periodic:
            order = ((c,) if c in preds[c] else ()) + preds[c]
        else:
            order = tuple(p for p in (c, memory.get(c, -1)) if p in preds[c]) + preds[c]
        chosen = -1
        for p in order:
            sigma = tau - lengths[p]
            if sigma >= t0:
                k = -(-(sigma - t0) // delta)
                bit = (tape.state(k)[p] >> (t0 + k * delta - sigma)) & 1
            else:
                bit = (s0[p] >> (t0 - sigma)) & 1
            if bit:
                chosen = p
                break
        if chosen < 0:  # cannot happen (see the docstring)
            raise AssertionError("chain frontiers are inconsistent")
        if not periodic:
            memory[c] = chosen
        tau -= lengths[chosen]
        c = chosen
        seq.append(c)
    forward = [item if isinstance(item, int) else (item[0], item[1][::-1]) for item in reversed(seq)]
    return forward, t0 - tau
