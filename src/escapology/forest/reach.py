"""The checker's own reachability: which fields walks of ``x`` steps can end on.

Written apart from the solvers (:mod:`escapology.forest.walks`, :mod:`escapology.forest.chains`)
and on purpose in another style, so that a mistake in one is not repeated in the other. Only the
board's shape (:mod:`escapology.forest.structure`) is shared, and it is re-verified here against
the arc graph before use (:func:`verify_chains`).

A walk of ``x`` steps is a path of ``x - 1`` arcs of the arc graph ``H`` (Schwahn and Thielen, FUN
2018, §3); the set of arcs where such walks can be after ``j`` steps is advanced

- one step at a time, by counting the frontier's arcs into every field (two or more: every arc
  out of it is reached; exactly one, from ``u``: every arc out of it but the one back to ``u``),
  with Brent's cycle detection in constant memory (two frontiers kept, compared exactly): the
  frontier sequence is eventually periodic, so the end of a walk of ``10**9`` steps is found after
  its pre-period and at most two periods;
- on boards whose core is made of long chains (every chain at least :data:`BLOCK_FROM` arcs),
  ``Δ = `` (shortest chain) steps at once on the core: each chain is a Boolean array, a block
  moves its arcs ``Δ`` places on and feeds the last ``Δ`` of them to the first ``Δ`` places of every
  chain that may follow it (no arc passes two chain ends within ``Δ <= `` every chain's length).
  Steps one at a time first while arcs point from a tree into the core, and for the last ``D``
  steps (the longest run into a tree), which the core feeds and which never feed it.

Memory is a few frontiers, whatever ``x`` is: no history is kept.

>>> from escapology.forest.model import Board
>>> b = Board.from_edges([(0, 1), (1, 2), (2, 0), (2, 3)])
>>> walk_fields(Reach(b), [0], 10**9 + 1)
[1, 2, 3]
"""

from __future__ import annotations

from typing import Callable, Iterable

import numpy as np

from escapology.core.limits import Deadline, LimitReached
from escapology.forest.model import Board
from escapology.forest.structure import CORE, DEAD, UP, analyse

#: Advance the core in blocks when every chain has at least this many arcs.
BLOCK_FROM = 16


def _successors(board: Board, a: int) -> list[int]:
    """The arcs that may follow arc ``a``: out of its head, except straight back."""
    arcs = board.arcs
    back = int(arcs.rev[a])
    return [b for b in arcs.out(int(arcs.head[a])) if b != back]


def verify_chains(board: Board) -> None:
    """Check the board's shape against ``H`` before walking on it (``AssertionError`` otherwise):

    - a core arc is never followed by an up arc, a dead arc only by dead arcs;
    - every core arc lies in exactly one chain; inside a chain, arc ``i`` ends where arc ``i + 1``
      starts, on a field with exactly two core arcs out (so ``i + 1`` is its only core successor);
    - a chain's last arc is followed, among core arcs, by exactly the first arcs of the chains
      listed as its successors.
    """
    st = analyse(board)
    arcs = board.arcs
    kind = st.arc_kind
    core = kind == CORE
    n = board.n
    # what leaves each field, by kind; the successors of u->v are the arcs out of v but v->u
    out_up = np.bincount(arcs.tail[kind == UP], minlength=n)
    out_live = np.bincount(arcs.tail[kind != DEAD], minlength=n)
    into = arcs.head
    assert not (core & (out_up[into] > 0)).any(), "a core arc is followed by an up arc"
    dead = kind == DEAD
    live_back = (kind[arcs.rev] != DEAD).astype(np.int64)
    assert not (dead & (out_live[into] - live_back > 0)).any(), "a dead arc is followed by a live arc"
    seen = np.zeros(arcs.count, dtype=np.int64)
    core_out = np.bincount(arcs.tail[core], minlength=n)
    firsts = {int(ch.arcs[0]): i for i, ch in enumerate(st.chains)}
    for ch in st.chains:
        a, b = ch.arcs[:-1], ch.arcs[1:]
        seen[ch.arcs] += 1
        assert (arcs.head[a] == arcs.tail[b]).all() and (arcs.rev[a] != b).all(), "a chain is not a walk"
        assert (core_out[arcs.head[a]] == 2).all(), "a chain passes a branch field"
        last = int(ch.arcs[-1])
        want = sorted(firsts[c] for c in _successors(board, last) if core[c])
        assert want == sorted(ch.successors), "a chain's successors do not match H"
    assert np.array_equal(seen, core.astype(np.int64)), "the chains do not cover the core once"


class Reach:
    """Walk reachability for one board (see the module documentation)."""

    def __init__(self, board: Board, deadline: Deadline | None = None) -> None:
        self.board = board
        self.deadline = deadline or Deadline(None)
        arcs = board.arcs
        self.tail, self.head = arcs.tail, arcs.head
        self.count = arcs.count
        st = analyse(board)
        self.blocks = st.kind in ("cycle", "chains") and st.shortest_chain >= BLOCK_FROM
        if self.blocks:
            verify_chains(board)
            self.chains = [ch.arcs for ch in st.chains]
            self.follow = [ch.successors for ch in st.chains]
            self.delta = st.shortest_chain
            self.dead = st.dead_depth
            self.up = st.arc_kind == UP
            self.core = st.arc_kind == CORE
            self.chain_arcs = np.concatenate(self.chains)
            self.starts = np.cumsum([0] + [len(c) for c in self.chains])

    # -- single steps ----------------------------------------------------------------------------
    def step(self, r: np.ndarray) -> np.ndarray:
        """The arcs that may follow some arc of ``r``."""
        active = np.flatnonzero(r)
        out = np.zeros(self.count, dtype=bool)
        if active.shape[0] <= 32:
            for a in active.tolist():
                out[_successors(self.board, a)] = True
            return out
        n = self.board.n
        into = np.bincount(self.head[active], minlength=n)
        # with exactly one arc into v, the sum of the tails is that arc's tail
        origin = np.bincount(self.head[active], weights=self.tail[active], minlength=n)
        many = into[self.tail] >= 2
        one = (into[self.tail] == 1) & (origin[self.tail] != self.head)
        return many | one

    def steps(self, r: np.ndarray, count: int) -> np.ndarray:
        """``count`` single steps, jumping by whole periods (Brent's cycle detection)."""
        return _periodic(self.step, r, count, self.deadline)

    # -- blocks on the core ------------------------------------------------------------------------
    def _block(self, flat: np.ndarray, delta: int) -> np.ndarray:
        """``delta <= Δ`` steps of the core frontier, kept as one array in chain order."""
        st = self.starts
        tails = [flat[st[c + 1] - delta:st[c + 1]] for c in range(len(self.chains))]
        out = np.empty_like(flat)
        for c in range(len(self.chains)):
            out[st[c] + delta:st[c + 1]] = flat[st[c]:st[c + 1] - delta]
            out[st[c]:st[c] + delta] = False
        for c, succ in enumerate(self.follow):
            for b in succ:
                out[st[b]:st[b] + delta] |= tails[c]
        return out

    def advance(self, r: np.ndarray, count: int) -> np.ndarray:
        """The frontier ``count`` steps after ``r``."""
        if not self.blocks:
            return self.steps(r, count)
        while count > 0 and (r & self.up).any():
            r = self.step(r)
            count -= 1
        if count <= self.dead:
            return self.steps(r, count)
        blocks, rest = divmod(count - self.dead, self.delta)
        flat = (r & self.core)[self.chain_arcs]
        flat = _periodic(lambda f: self._block(f, self.delta), flat, blocks, self.deadline)
        if rest:
            flat = self._block(flat, rest)
        r = np.zeros(self.count, dtype=bool)
        r[self.chain_arcs] = flat
        for _ in range(self.dead):
            r = self.step(r)
        return r

    def walk(self, fields: np.ndarray, x: int) -> np.ndarray:
        """The fields where walks of exactly ``x >= 1`` steps from ``fields`` (a mask) can end."""
        arcs = self.board.arcs
        r = self.advance(fields[arcs.tail], x - 1)
        out = np.zeros(self.board.n, dtype=bool)
        out[arcs.head[r]] = True
        return out


def _periodic(f: Callable[[np.ndarray], np.ndarray], r: np.ndarray, count: int, deadline: Deadline) -> np.ndarray:
    """``f`` applied ``count`` times; once ``S_i = S_j`` (``i < j``, found by Brent's method) the
    rest is ``(count - j) mod (j - i)`` applications."""
    if count <= 0:
        return r
    slow, fast = r, f(r)
    done, period, limit = 1, 1, 1
    while done < count:
        if np.array_equal(slow, fast):
            for _ in range((count - done) % period):
                fast = f(fast)
            return fast
        if period == limit:
            slow, limit, period = fast, 2 * limit, 0
        if done % 64 == 0 and deadline.expired():
            raise LimitReached
        fast = f(fast)
        done += 1
        period += 1
    return fast


def walk_fields(reach: Reach, fields: Iterable[int], x: int) -> list[int]:
    """The fields (sorted) where walks of ``x`` steps from ``fields`` can end."""
    mask = np.zeros(reach.board.n, dtype=bool)
    mask[list(fields)] = True
    return np.flatnonzero(reach.walk(mask, x)).tolist()
