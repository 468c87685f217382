"""Unknown rolls: the exact chance to end on the target within ``k`` turns under optimal play.

Each turn rolls two fair dice with faces ``1..d`` (all ``d**2`` ordered outcomes equally likely),
then the player picks one field the roll can end on. With ``V_0(v) = [v = t]`` and the target
absorbing (``V_j(t) = 1``), Bellman's equation for maximising the probability of ending a turn on
``t`` within ``j`` turns is

``V_j(v) = 1/d**2 * sum over rolls r of max { V_{j-1}(w) : w in Turn_r(v) }``

(a roll that allows no legal turn from ``v`` contributes 0: Definition 5 has no "pass"). The values
are computed *exactly*: ``N_j = d**(2j) V_j`` are integers (Python's unbounded ints), so
``V_j = N_j / d**(2j)`` as a :class:`~fractions.Fraction`. The turn relations are sparse (scipy CSR,
one per unordered roll, since ``(x, y)`` and ``(y, x)`` allow the same turns), and the maximum over
each row is found through the ranking of ``N_{j-1}``: the entry of smallest rank, by
``np.minimum.reduceat`` over the CSR rows.
Schwahn and Thielen (FUN 2018, §3) note that with known rolls the problem is polynomial
(Theorem 6); this is the standard finite-horizon dynamic programme for the unknown-rolls game.

:func:`monte_carlo` plays the optimal policy against random dice and reports a confidence interval
that must contain the exact value (tested).

>>> from escapology.forest.model import Board, Instance
>>> b = Board.from_edges([(0, 1), (1, 2), (2, 3), (3, 0)], die=2)
>>> odds = Odds(Instance(b, 0, 2), turns=1)
>>> odds.probability(0)   # only (1,1) ends on 2: (2,2) walks 0-1-2 and back, odd sums miss
Fraction(1, 4)
>>> Odds(Instance(b, 0, 2), turns=2).probability(0)   # 1/4 + 1/4 * 1/4 (back on 0) + 1/2 * 1/2 (on 1 or 3)
Fraction(9, 16)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import scipy.sparse as sp

from escapology.core.errors import InputError
from escapology.core.limits import Deadline, LimitReached
from escapology.forest.model import Instance, Roll

#: Refuse when the walk relations would hold more than this many (field, field) pairs.
MAX_PAIRS = 60_000_000
MAX_DIE = 60


def _binary(m: sp.csr_matrix) -> sp.csr_matrix:
    m = m.tocsr()
    m.eliminate_zeros()
    m.data = np.ones_like(m.data, dtype=np.int32)
    return m


def arc_matrices(inst: Instance) -> tuple[sp.csr_matrix, sp.csr_matrix, sp.csr_matrix]:
    """Sparse ``A`` (arc to following arcs in ``H``), ``S`` (field to leaving arcs), ``T`` (arc to head)."""
    b = inst.board
    arcs = b.arcs
    size = arcs.count
    deg = np.diff(arcs.out_ptr)
    dh = deg[arcs.head]  # successors of arc e (plus its reverse) = arcs leaving head(e)
    rows = np.repeat(np.arange(size), dh)
    offsets = np.repeat(np.cumsum(dh) - dh, dh)
    cols = arcs.out_ptr[arcs.head[rows]] + (np.arange(rows.shape[0]) - offsets)
    keep = cols != arcs.rev[rows]
    rows, cols = rows[keep], cols[keep]
    one = np.ones(rows.shape[0], dtype=np.int32)
    a = sp.csr_matrix((one, (rows, cols)), shape=(size, size))
    s = sp.csr_matrix((np.ones(size, dtype=np.int32), (arcs.tail, np.arange(size))), shape=(b.n, size))
    t = sp.csr_matrix((np.ones(size, dtype=np.int32), (np.arange(size), arcs.head)), shape=(size, b.n))
    return a, s, t


def walk_matrices(inst: Instance, deadline: Deadline | None = None) -> list[sp.csr_matrix]:
    """``M[x][u, v] = 1`` iff some walk of exactly ``x`` steps leads from ``u`` to ``v`` (``x = 1..d``).

    Sparse products ``S A^(x-1) T``, one power at a time (every value ``1..d`` is needed).
    """
    deadline = deadline or Deadline(None)
    a, r, t = arc_matrices(inst)
    out: list[sp.csr_matrix] = [sp.identity(inst.board.n, dtype=np.int32, format="csr")]
    for _ in range(1, inst.board.die + 1):
        if deadline.expired():
            raise LimitReached
        out.append(_binary(r @ t))
        if r.nnz > MAX_PAIRS:
            raise InputError("the board is too large for exact odds (the walk relations do not fit)")
        r = _binary(r @ a)
    return out


def pairs(die: int) -> list[tuple[int, int]]:
    """The unordered rolls ``x <= y``; ``(x, y)`` and ``(y, x)`` allow the same turns."""
    return [(x, y) for x in range(1, die + 1) for y in range(x, die + 1)]


def turn_relations(inst: Instance, deadline: Deadline | None = None) -> list[sp.csr_matrix]:
    """For every unordered roll of :func:`pairs`, the walk part ``M_x M_y | M_y M_x`` of a turn.

    The jump of a double (to any special field, from anywhere) is not stored: it is the same row
    for every field and is added when maximising.
    """
    b = inst.board
    if b.die > MAX_DIE:
        raise InputError(f"unknown rolls are computed for dice up to {MAX_DIE} faces")
    deadline = deadline or Deadline(None)
    m = walk_matrices(inst, deadline)
    out = []
    total = 0
    for x, y in pairs(b.die):
        if deadline.expired():
            raise LimitReached
        r = m[x] @ m[y]
        if x != y:
            r = r + m[y] @ m[x]
        r = _binary(r)
        total += r.nnz
        if total > MAX_PAIRS:
            raise InputError("the board is too large for exact odds (the turn relations do not fit)")
        out.append(r)
    return out


@dataclass
class Odds:
    """Exact values ``V_0 .. V_turns`` and the optimal policy, for one board and target.

    ``numerators[j][v] / d**(2j)`` is the chance to end on the target within ``j`` turns from ``v``;
    ``policy[j][p, v]`` is the best field to move to with ``j`` turns left and the ``p``-th roll of
    :func:`pairs` (``-1``: no legal turn).
    """

    inst: Instance
    turns: int
    timeout: float | None = None

    def __post_init__(self) -> None:
        if self.turns < 0:
            raise InputError("the number of turns must be at least 0")
        deadline = Deadline(self.timeout)
        b = self.inst.board
        n, d, t = b.n, b.die, self.inst.target
        self.pairs = pairs(d)
        self.pair_index = np.zeros((d, d), dtype=np.int64)
        for p, (x, y) in enumerate(self.pairs):
            self.pair_index[x - 1, y - 1] = self.pair_index[y - 1, x - 1] = p
        mult = np.array([1 if x == y else 2 for x, y in self.pairs], dtype=object)
        self.relations = turn_relations(self.inst, deadline)
        special = np.array(sorted(b.special), dtype=np.int64)
        self.numerators: list[list[int]] = [[1 if v == t else 0 for v in range(n)]]
        self.policy: list[np.ndarray | None] = [None]
        for j in range(1, self.turns + 1):
            if deadline.expired():
                raise LimitReached
            prev = self.numerators[-1]
            order = np.array(sorted(range(n), key=lambda v: (-prev[v], v)), dtype=np.int64)
            rank = np.empty(n, dtype=np.int64)
            rank[order] = np.arange(n)
            jump_rank = int(rank[special].min()) if special.size else n
            best = np.full((len(self.pairs), n), -1, dtype=np.int64)
            for p, ((x, y), rel) in enumerate(zip(self.pairs, self.relations)):
                # the best end of each row = its entry of smallest rank (largest value)
                lo = np.full(n, n, dtype=np.int64)
                filled = np.diff(rel.indptr) > 0
                if rel.nnz:
                    mins = np.minimum.reduceat(rank[rel.indices], rel.indptr[:-1][filled])
                    lo[filled] = mins
                if x == y:
                    lo = np.minimum(lo, jump_rank)
                ok = lo < n
                best[p, ok] = order[lo[ok]]
            prev_obj = np.array(prev + [0], dtype=object)  # index -1 -> 0 (no legal turn)
            gathered = prev_obj[best]  # (pairs, n) of Python ints
            cur = (gathered * mult[:, None]).sum(axis=0).tolist() if len(self.pairs) else [0] * n
            cur[t] = d ** (2 * j)
            best[:, t] = t
            self.numerators.append(cur)
            self.policy.append(best)

    def probability(self, v: int, turns: int | None = None) -> Fraction:
        """The exact chance to end on the target within ``turns`` (default all) turns from ``v``."""
        j = self.turns if turns is None else turns
        return Fraction(self.numerators[j][v], self.inst.board.die ** (2 * j))

    def best_move(self, v: int, roll: Roll, turns: int | None = None) -> tuple[int | None, Fraction]:
        """The best field to end this turn on, with ``turns`` left including this one, and its value.

        ``(None, 0)`` if the roll allows no legal turn from ``v``.
        """
        j = self.turns if turns is None else turns
        if j < 1:
            raise InputError("the best move needs at least one turn left")
        x, y = roll
        w = int(self.policy[j][self.pair_index[x - 1, y - 1], v])  # type: ignore[index]
        if w < 0:
            return None, Fraction(0)
        return w, self.probability(w, j - 1)

    def ends(self, v: int, roll: Roll) -> list[int]:
        """Every field one turn with ``roll`` can end on from ``v``."""
        x, y = roll
        rel = self.relations[int(self.pair_index[x - 1, y - 1])]
        out = set(rel.indices[rel.indptr[v] : rel.indptr[v + 1]].tolist())
        if x == y:
            out |= set(self.inst.board.special)
        return sorted(out)

    def options(self, v: int, roll: Roll, turns: int | None = None) -> list[tuple[int, Fraction]]:
        """Every field the roll can end on from ``v``, with its value, best first."""
        j = self.turns if turns is None else turns
        vals = [(w, self.probability(w, j - 1)) for w in self.ends(v, roll)]
        vals.sort(key=lambda p: (-p[1], p[0]))
        return vals


@dataclass
class MonteCarlo:
    """A Monte-Carlo estimate with a Wilson score interval."""

    successes: int
    trials: int
    low: float
    high: float

    @property
    def estimate(self) -> float:
        return self.successes / self.trials if self.trials else 0.0


def wilson(successes: int, trials: int, z: float = 3.29) -> tuple[float, float]:
    """The Wilson score interval (``z = 3.29``: 99.9 %).

    >>> lo, hi = wilson(50, 100); round(lo, 3), round(hi, 3)
    (0.344, 0.656)
    """
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def monte_carlo(odds: Odds, v: int, *, trials: int = 10000, seed: int = 0, z: float = 3.29) -> MonteCarlo:
    """Play the optimal policy from ``v`` for ``odds.turns`` turns against random dice."""
    rng = np.random.default_rng(seed)
    d = odds.inst.board.die
    t = odds.inst.target
    pos = np.full(trials, v, dtype=np.int64)
    for j in range(odds.turns, 0, -1):
        alive = (pos >= 0) & (pos != t)
        if not alive.any():
            break
        x = rng.integers(0, d, size=trials)
        y = rng.integers(0, d, size=trials)
        pol = odds.policy[j]
        nxt = pol[odds.pair_index[x, y], np.where(pos >= 0, pos, 0)]  # type: ignore[index]
        pos = np.where(alive, nxt, pos)
    wins = int((pos == t).sum())
    lo, hi = wilson(wins, trials, z)
    return MonteCarlo(wins, trials, lo, hi)
