"""Unknown rolls: the exact chance to end on the target within ``k`` turns under optimal play.

Each turn rolls two fair dice with faces ``1..d`` (all ``d**2`` ordered outcomes equally likely),
then the player picks one field the roll can end on. With ``V_0(v) = [v = t]`` and the target
absorbing (``V_j(t) = 1``), Bellman's equation for maximising the probability of ending a turn on
``t`` within ``j`` turns is

``V_j(v) = 1/d**2 * sum over rolls r of max { V_{j-1}(w) : w in Turn_r(v) }``

(a roll that allows no legal turn from ``v`` contributes 0: Definition 5 has no "pass"). The values
are computed *exactly*: ``N_j = d**(2j) V_j`` are integers (Python's unbounded ints), so
``V_j = N_j / d**(2j)`` as a :class:`~fractions.Fraction`.
Schwahn and Thielen (FUN 2018, §3) note that with known rolls the problem is polynomial
(Theorem 6); this is the standard finite-horizon dynamic programme for the unknown-rolls game.

**Few distinct rolls.** The walk relation ``W_x`` (field to field, walks of ``x`` steps) is
``S A^(x-1) T`` with ``A`` the arc graph's matrix (§3), and the sequence ``P_x = S A^(x-1)`` is
eventually periodic (``P_{x+1} = P_x A``): once ``P_x = P_{x0}`` for some ``x0 < x``, every later
value repeats with period ``x - x0`` (:class:`DieClasses`). So the ``d`` faces fall into at most
``x`` classes with equal walk relations (54 on the real board, whatever ``d``), and a roll's turn
relation ``W_x W_y | W_y W_x`` (plus the jump for a double ``x = y``) depends only on the classes
of ``x`` and ``y`` and on whether it is a double. The recursion sums over these *kinds* of rolls
weighted by how many of the ``d**2`` rolls each stands for, so its cost does not grow with
``d`` beyond the classes. Identical relations are merged. The turn relations are sparse (scipy
CSR), and the maximum over each row is found through the ranking of ``N_{j-1}``: the entry of
smallest rank, by ``np.minimum.reduceat`` over the CSR rows. When all products of walk relations
are dense and fit in :data:`DENSE_BYTES`, they are made as dense 0/1 matrices, one BLAS product
per class.

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
from escapology.forest.matrix import arc_matrices
from escapology.forest.model import Instance, Roll

#: Refuse when the walk and turn relations would hold more than this many (field, field) pairs.
MAX_PAIRS = 60_000_000
#: Multiply dense walk relations (5 % of the pairs or more) as dense matrices when all their
#: products take at most this many bytes and floating-point operations.
DENSE_BYTES = 256 << 20
DENSE_FLOPS = 2 * 10**10


def _binary(m: sp.csr_matrix) -> sp.csr_matrix:
    m = m.tocsr()
    m.sum_duplicates()
    m.sort_indices()
    return m


def _key(m: sp.csr_matrix) -> bytes:
    return m.indptr.tobytes() + b"|" + m.indices.tobytes()


@dataclass
class DieClasses:
    """The faces ``1..d`` grouped by their walk relation.

    ``first`` faces ``1..first-1`` are their own classes; from ``first`` on the relation repeats
    with ``period``: face ``x >= first`` has the class of ``first + (x - first) mod period``.
    ``walks[c]`` is the walk relation of face ``c + 1`` (for the ``c < first + period - 1`` faces
    computed), ``kind[c]`` the index of its relation among the distinct ones (``relations``), and
    ``count[i]`` how many faces of ``1..d`` have the ``i``-th distinct relation.
    """

    die: int
    first: int
    period: int
    walks: list
    kind: np.ndarray
    relations: list
    count: list

    @classmethod
    def of(cls, inst: Instance, deadline: Deadline | None = None) -> "DieClasses":
        deadline = deadline or Deadline(None)
        d = inst.board.die
        a, p, t = arc_matrices(inst.board)
        seen: dict[bytes, int] = {}
        walks: list[sp.csr_matrix] = []
        first, period, stored = d + 1, 1, 0
        for x in range(1, d + 1):
            if deadline.expired():
                raise LimitReached
            key = _key(p)
            if key in seen:
                first, period = seen[key], x - seen[key]
                break
            seen[key] = x
            stored += p.nnz
            walks.append(_binary(p @ t))
            stored += walks[-1].nnz
            if stored > MAX_PAIRS:
                raise InputError("the board is too large for exact odds with this die (the walk relations do not fit)")
            p = _binary(p @ a)
        kinds: dict[bytes, int] = {}
        kind = np.empty(len(walks), dtype=np.int64)
        relations: list[sp.csr_matrix] = []
        count: list[int] = []
        for c, w in enumerate(walks):
            x = c + 1
            k = kinds.setdefault(_key(w), len(relations))
            if k == len(relations):
                relations.append(w)
                count.append(0)
            kind[c] = k
            count[k] += 1 if x < first else (d - x) // period + 1
        return cls(d, first, period, walks, kind, relations, count)

    def kinds_of(self, x: np.ndarray) -> np.ndarray:
        """The walk kind of every face in ``x`` (an integer array of faces ``1..d``)."""
        x = np.asarray(x, dtype=np.int64)
        c = np.where(x < self.first, x, self.first + (x - self.first) % self.period)
        return self.kind[c - 1]


class TurnKinds:
    """The distinct turn relations of a die and how many of the ``d**2`` rolls have each.

    Kind ``i`` is the walk part ``relations[i]`` of a turn, plus the jump to ``V'`` if
    ``jumps[i]``; ``weight[i]`` rolls have it. ``of(x, y)`` is the kind of roll ``(x, y)``.
    """

    def __init__(self, inst: Instance, deadline: Deadline | None = None) -> None:
        deadline = deadline or Deadline(None)
        dc = self.classes = DieClasses.of(inst, deadline)
        w, cnt = dc.relations, dc.count
        k = len(w)
        self.relations: list[sp.csr_matrix] = []
        self.jumps: list[bool] = []
        self.weight: list[int] = []
        index: dict[tuple[bytes, bool], int] = {}
        self.pair = np.zeros((k, k), dtype=np.int64)  # kinds of non-doubles by walk kinds
        self.double = np.zeros(k, dtype=np.int64)  # kinds of doubles by walk kind
        total = 0

        def add(rel: sp.csr_matrix, jump: bool, weight: int) -> int:
            key = (_key(rel), jump)
            i = index.get(key)
            if i is None:
                i = index[key] = len(self.relations)
                self.relations.append(rel)
                self.jumps.append(jump)
                self.weight.append(0)
            self.weight[i] += weight
            return i

        n = inst.board.n
        density = sum(m.nnz for m in w) / max(1, k * n * n)
        dense = density >= 0.05 and n * n * k * k <= DENSE_BYTES and n**3 * k**2 <= DENSE_FLOPS
        if dense:  # W_a W_b for all b in one BLAS product per a (0/1 entries: exact in float32)
            stacked = np.hstack([m.toarray().astype(np.float32) for m in w])
            prods = [(stacked[:, a * n:(a + 1) * n] @ stacked) > 0 for a in range(k)]
        for a in range(k):
            for b in range(a, k):
                if deadline.expired():
                    raise LimitReached
                if dense:
                    both = prods[a][:, b * n:(b + 1) * n]
                    if a != b:
                        both = both | prods[b][:, a * n:(a + 1) * n]
                    rel = sp.csr_matrix(both)
                else:
                    rel = w[a] @ w[b]
                    if a != b:
                        rel = rel + w[b] @ w[a]
                    rel = _binary(rel)
                total += rel.nnz
                if total > MAX_PAIRS:
                    raise InputError("the board is too large for exact odds (the turn relations do not fit)")
                same = cnt[a] * cnt[b] * (1 if a == b else 2)
                doubles = cnt[a] if a == b else 0
                self.pair[a, b] = self.pair[b, a] = add(rel, False, same - doubles)
                if a == b:
                    self.double[a] = add(rel, True, doubles)

    def of(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        """The kinds of rolls ``(x[i], y[i])`` (integer arrays of faces)."""
        x, y = np.asarray(x), np.asarray(y)
        kx, ky = self.classes.kinds_of(x), self.classes.kinds_of(y)
        return np.where(x == y, self.double[kx], self.pair[kx, ky])


@dataclass
class Odds:
    """Exact values ``V_0 .. V_turns`` and the optimal policy, for one board and target.

    ``numerators[j][v] / d**(2j)`` is the chance to end on the target within ``j`` turns from ``v``;
    ``policy[j][i, v]`` is the best field to move to with ``j`` turns left and a roll of kind ``i``
    of :class:`TurnKinds` (``-1``: no legal turn).
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
        self.kinds = TurnKinds(self.inst, deadline)
        kinds = self.kinds
        weight = np.array(kinds.weight, dtype=object)
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
            best = np.full((len(kinds.relations), n), -1, dtype=np.int64)
            for i, (rel, jump) in enumerate(zip(kinds.relations, kinds.jumps)):
                # the best end of each row = its entry of smallest rank (largest value)
                lo = np.full(n, n, dtype=np.int64)
                filled = np.diff(rel.indptr) > 0
                if rel.nnz:
                    lo[filled] = np.minimum.reduceat(rank[rel.indices], rel.indptr[:-1][filled])
                if jump:
                    lo = np.minimum(lo, jump_rank)
                ok = lo < n
                best[i, ok] = order[lo[ok]]
            prev_obj = np.array(prev + [0], dtype=object)  # index -1 -> 0 (no legal turn)
            cur = (prev_obj[best] * weight[:, None]).sum(axis=0).tolist() if len(weight) else [0] * n
            cur[t] = d ** (2 * j)
            best[:, t] = t
            self.numerators.append(cur)
            self.policy.append(best)

    def probability(self, v: int, turns: int | None = None) -> Fraction:
        """The exact chance to end on the target within ``turns`` (default all) turns from ``v``."""
        j = self.turns if turns is None else turns
        return Fraction(self.numerators[j][v], self.inst.board.die ** (2 * j))

    def kind(self, roll: Roll) -> int:
        """The kind (of :class:`TurnKinds`) of ``roll``."""
        d = self.inst.board.die
        x, y = roll
        if not (1 <= x <= d and 1 <= y <= d):
            raise InputError(f"roll {x},{y}: the die has faces 1..{d}")
        return int(self.kinds.of(np.array([x]), np.array([y]))[0])

    def best_move(self, v: int, roll: Roll, turns: int | None = None) -> tuple[int | None, Fraction]:
        """The best field to end this turn on, with ``turns`` left including this one, and its value.

        ``(None, 0)`` if the roll allows no legal turn from ``v``.
        """
        j = self.turns if turns is None else turns
        if j < 1:
            raise InputError("the best move needs at least one turn left")
        w = int(self.policy[j][self.kind(roll), v])  # type: ignore[index]
        if w < 0:
            return None, Fraction(0)
        return w, self.probability(w, j - 1)

    def ends(self, v: int, roll: Roll) -> list[int]:
        """Every field one turn with ``roll`` can end on from ``v``."""
        i = self.kind(roll)
        rel = self.kinds.relations[i]
        out = set(rel.indices[rel.indptr[v] : rel.indptr[v + 1]].tolist())
        if self.kinds.jumps[i]:
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
        x = rng.integers(1, d + 1, size=trials)
        y = rng.integers(1, d + 1, size=trials)
        pol = odds.policy[j]
        nxt = pol[odds.kinds.of(x, y), np.where(pos >= 0, pos, 0)]  # type: ignore[index]
        pos = np.where(alive, nxt, pos)
    wins = int((pos == t).sum())
    lo, hi = wilson(wins, trials, z)
    return MonteCarlo(wins, trials, lo, hi)
