"""The paper's method (Schwahn and Thielen, FUN 2018, §3, Theorem 6), with sparse Boolean matrices.

1. Build the arc graph ``H``: one node per direction ``u->v`` of every edge, and an arc from ``u->v``
   to ``v->w`` whenever ``w != u``; its Boolean adjacency matrix is ``A`` (``2m x 2m``).
2. A walk of ``x`` steps is a path of ``x - 1`` arcs in ``H``; ``A^(x-1)`` is computed by repeated
   squaring (``O(log x)`` Boolean products), and ``D_x = S A^(x-1) T`` gives the field-to-field
   relation "some walk of ``x`` steps leads from ``u`` to ``v``" (``S``: field to leaving arcs,
   ``T``: arc to its head).
3. The turn relation for roll ``(x, y)`` is ``D_x D_y | D_y D_x`` plus, for a double, every field to
   every special field.
4. The turn-expanded network has the fields of every turn ``0..k`` as nodes and the turn relations
   between consecutive layers as arcs; breadth-first search from ``(s, 0)`` finds the first layer
   holding ``t``, i.e. the fewest turns.

The matrices are ``scipy.sparse`` CSR matrices of ``bool`` (a product's entries are ORs of ANDs).
This is the reference engine the fast method is measured against; the powers of ``A`` fill in
(on a grid ``A^(2^i)`` becomes dense once ``2^i`` exceeds the diameter), so every product is
first sized (:func:`product_bytes`: a bound on its entries, else an exact count or an estimate
from sampled rows), and a product that does not fit the memory limit is refused with a :class:`~escapology.core.limits.MemoryLimitError` naming
the estimate (exit 2 on the command line) before it is allocated.

>>> from escapology.forest.model import Board, Instance
>>> b = Board.from_edges([(1, 2), (2, 3), (3, 4), (4, 5), (5, 1), (3, 6)], special=[6])
>>> solve_matrix(Instance(b, b.index[1], b.index[6], rolls=((1, 2), (3, 4)))).turns
1
"""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp

from escapology.core.limits import Deadline, LimitReached, MemoryLimit
from escapology.core.results import Status
from escapology.forest.model import Board, Instance
from escapology.forest.plan import Solution, realize_turn
from escapology.forest.walks import WalkEngine

#: Bytes per stored entry of a Boolean CSR matrix (an int32 column index and a bool), and per row.
ENTRY_BYTES = 5
ROW_BYTES = 4


def arc_matrices(board: Board) -> tuple[sp.csr_matrix, sp.csr_matrix, sp.csr_matrix]:
    """Boolean ``A`` (arc to following arcs in ``H``), ``S`` (field to leaving arcs), ``T`` (arc to head)."""
    arcs = board.arcs
    size = arcs.count
    deg = np.diff(arcs.out_ptr)
    dh = deg[arcs.head]  # successors of arc e (plus its reverse) = arcs leaving head(e)
    rows = np.repeat(np.arange(size), dh)
    offsets = np.repeat(np.cumsum(dh) - dh, dh)
    cols = arcs.out_ptr[arcs.head[rows]] + (np.arange(rows.shape[0]) - offsets)
    keep = cols != arcs.rev[rows]
    rows, cols = rows[keep], cols[keep]
    a = sp.csr_matrix((np.ones(rows.shape[0], dtype=bool), (rows, cols)), shape=(size, size))
    s = sp.csr_matrix((np.ones(size, dtype=bool), (arcs.tail, np.arange(size))), shape=(board.n, size))
    t = sp.csr_matrix((np.ones(size, dtype=bool), (np.arange(size), arcs.head)), shape=(size, board.n))
    return a, s, t


def matrix_bytes(m: sp.csr_matrix) -> int:
    return ENTRY_BYTES * m.nnz + ROW_BYTES * (m.shape[0] + 1)


def product_bytes(a: sp.csr_matrix, b: sp.csr_matrix, limit: int, *, sample: int = 2048, seed: int = 0) -> int:
    """Bytes of the CSR product ``a @ b``: the row bound ``sum_i min(cols, sum of the rows of b
    that row i of a selects)`` if that fits ``limit``; else the exact size if ``a`` has at most
    ``2 * sample`` rows, else the size of ``sample`` random rows scaled to all rows, with a margin
    of a quarter (an estimate: where the bound does not fit, rows are many and similar)."""
    cols = b.shape[1]
    n = a.shape[0]
    row_nnz = np.diff(b.indptr).astype(np.int64)
    bound_rows = np.minimum(a.astype(np.int64) @ row_nnz, cols)
    bound = ENTRY_BYTES * int(bound_rows.sum()) + ROW_BYTES * (n + 1)
    if bound <= limit:
        return bound
    if n <= 2 * sample:
        return ENTRY_BYTES * (a @ b).nnz + ROW_BYTES * (n + 1)
    rows = np.sort(np.random.default_rng(seed).choice(n, size=sample, replace=False))
    nnz = (a[rows] @ b).nnz
    return int(1.25 * ENTRY_BYTES * nnz * n / sample) + ROW_BYTES * (n + 1)


class MatrixMethod:
    """The matrices of §3 for one board: ``A``, its squares, and ``D_x`` per die value, within a
    memory limit (products that would not fit are refused before they are made)."""

    def __init__(self, board: Board, deadline: Deadline | None = None,
                 memory: MemoryLimit | float | None = None) -> None:
        self.board = board
        self.deadline = deadline or Deadline(None)
        self.limit = MemoryLimit.of(memory)
        a, self.s, self.t = arc_matrices(board)
        self._squares = [a]  # A^(2^i)
        self._d: dict[int, sp.csr_matrix] = {}
        self.products = 0
        self.held = matrix_bytes(a) + matrix_bytes(self.s) + matrix_bytes(self.t)
        self.limit.check(self.held, self._what("the arc matrix A"), "use the fast method")

    def _what(self, name: str) -> str:
        b = self.board
        return f"the matrix method on {b.n} fields and {b.m} edges ({name}; sparse {2 * b.m} x {2 * b.m} arc matrices)"

    def product(self, x: sp.csr_matrix, y: sp.csr_matrix, name: str) -> sp.csr_matrix:
        """``x @ y`` (Boolean), refused with the estimate if it would not fit beside what is held."""
        if self.deadline.expired():
            raise LimitReached
        room = self.limit.bytes - self.held
        need = product_bytes(x, y, room)
        if need > room:
            self.limit.check(self.held + need, self._what(name), "use the fast method")
        self.products += 1
        out = (x @ y).tocsr()
        out.sort_indices()
        return out

    def arc_power(self, e: int) -> sp.csr_matrix:
        """``A^e`` by repeated squaring."""
        size = self._squares[0].shape[0]
        result: sp.csr_matrix | None = None
        i = 0
        while e:
            while len(self._squares) <= i:
                sq = self.product(self._squares[-1], self._squares[-1], f"A^(2^{len(self._squares)})")
                self._squares.append(sq)
                self.held += matrix_bytes(sq)
            if e & 1:
                result = self._squares[i] if result is None else self.product(result, self._squares[i], "power of A")
            e >>= 1
            i += 1
        return sp.identity(size, dtype=bool, format="csr") if result is None else result

    def walk_matrix(self, x: int) -> sp.csr_matrix:
        """``D_x[u, v]``: some walk of ``x`` steps leads from ``u`` to ``v`` (Boolean CSR, ``n x n``)."""
        if x not in self._d:
            p = self.arc_power(x - 1)
            d = self.product(self.product(self.s, p, "S A^(x-1)"), self.t, "D_x")
            self._d[x] = d
            self.held += matrix_bytes(d)
        return self._d[x]

    def turn_matrix(self, x: int, y: int) -> sp.csr_matrix:
        """The walk part of the turn relation for roll ``(x, y)``: ``D_x D_y | D_y D_x``."""
        dx, dy = self.walk_matrix(x), self.walk_matrix(y)
        out = self.product(dx, dy, "a turn relation")
        if x != y:
            out = (out + self.product(dy, dx, "a turn relation")).tocsr()
        return out


def solve_matrix(inst: Instance, *, timeout: float | None = None,
                 memory: MemoryLimit | float | None = None) -> Solution:
    """Theorem 6 by matrix powers and BFS in the turn-expanded network; plan from BFS parents.

    ``memory`` (MiB or a :class:`~escapology.core.limits.MemoryLimit`; default what the machine
    has available) bounds the matrices held at once; a product that would exceed it is refused
    with a :class:`~escapology.core.limits.MemoryLimitError` naming the estimate.
    """
    deadline = Deadline(timeout)
    if inst.start == inst.target:
        return Solution(Status.SOLVED, 0, [], method="matrix")
    n = inst.board.n
    special = inst.board.special_mask
    try:
        mm = MatrixMethod(inst.board, deadline, memory)
        reach = np.zeros(n, dtype=bool)
        reach[inst.start] = True
        parents: list[np.ndarray] = []  # parents[i][v]: a field of layer i from which v is reached
        for x, y in inst.rolls:
            rows = np.flatnonzero(reach)
            sub = mm.turn_matrix(x, y)[rows].tocoo()
            par = np.full(n, -1, dtype=np.int64)
            par[sub.col] = rows[sub.row]
            if x == y and rows.size:
                par[special & (par < 0)] = rows[0]
            parents.append(par)
            reach = par >= 0
            if reach[inst.target] or not reach.any():
                break
        stats = {"products": mm.products, "bytes": mm.held}
        if not reach[inst.target]:
            return Solution(Status.UNSOLVABLE, method="matrix", stats=stats)
        k = len(parents)
        engine = WalkEngine(inst.board, deadline=deadline)
        plan = []
        cur = inst.target
        for i in range(k - 1, -1, -1):
            u = int(parents[i][cur])
            plan.append(realize_turn(engine, u, cur, inst.rolls[i]))
            cur = u
        plan.reverse()
    except LimitReached:
        return Solution(Status.UNKNOWN, method="matrix")
    return Solution(Status.SOLVED, k, plan, method="matrix", stats=stats)

