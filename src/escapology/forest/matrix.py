"""The paper's method (Schwahn and Thielen, FUN 2018, §3, Theorem 6), with dense Boolean matrices.

1. Build the arc graph ``H``: one node per direction ``u->v`` of every edge, and an arc from ``u->v``
   to ``v->w`` whenever ``w != u``; its Boolean adjacency matrix is ``A`` (``2m x 2m``).
2. A walk of ``x`` steps is a path of ``x - 1`` arcs in ``H``; ``A^(x-1)`` is computed by repeated
   squaring (``O(log x)`` Boolean products), and ``M_x = S A^(x-1) T`` gives the field-to-field
   relation "some walk of ``x`` steps leads from ``u`` to ``v``" (``S``: field to leaving arcs,
   ``T``: arc to its head).
3. The turn relation for roll ``(x, y)`` is ``M_x M_y | M_y M_x`` plus, for a double, every field to
   every special field.
4. The turn-expanded network has the fields of every turn ``0..k`` as nodes and the turn relations
   between consecutive layers as arcs; breadth-first search from ``(s, 0)`` finds the first layer
   holding ``t``, i.e. the fewest turns.

Dense ``float32`` products (BLAS) stand for Boolean ones (``> 0`` after each product). This is the
baseline of the benchmark; memory and time grow as ``(2m)^2`` and ``(2m)^3 log d``.

>>> from escapology.forest.model import Board, Instance
>>> b = Board.from_edges([(1, 2), (2, 3), (3, 4), (4, 5), (5, 1), (3, 6)], special=[6])
>>> solve_matrix(Instance(b, b.index[1], b.index[6], rolls=((1, 2), (3, 4)))).turns
1
"""

from __future__ import annotations

import numpy as np

from escapology.core.limits import Deadline, LimitReached, MemoryLimit
from escapology.core.results import Status
from escapology.forest.model import Board, Instance
from escapology.forest.plan import Solution, realize_turn
from escapology.forest.walks import WalkEngine


def _bool_product(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    return ((x @ y) > 0).astype(np.float32)


class MatrixMethod:
    """The matrices of §3 for one board: ``A``, its squares, and ``M_x`` per die value."""

    def __init__(self, board: Board, deadline: Deadline | None = None) -> None:
        self.board = board
        self.deadline = deadline or Deadline(None)
        arcs = board.arcs
        size = arcs.count
        a = np.zeros((size, size), dtype=np.float32)
        for e in range(size):
            for f in arcs.successors(e):
                a[e, f] = 1.0
        self.s = np.zeros((board.n, size), dtype=np.float32)
        self.s[arcs.tail, np.arange(size)] = 1.0
        self.t = np.zeros((size, board.n), dtype=np.float32)
        self.t[np.arange(size), arcs.head] = 1.0
        self._squares = [a]  # A^(2^i)
        self._m: dict[int, np.ndarray] = {}
        self.products = 0

    def _tick(self) -> None:
        self.products += 1
        if self.deadline.expired():
            raise LimitReached

    def arc_power(self, e: int) -> np.ndarray:
        """``A^e`` by repeated squaring."""
        size = self._squares[0].shape[0]
        result: np.ndarray | None = None
        i = 0
        while e:
            while len(self._squares) <= i:
                self._tick()
                self._squares.append(_bool_product(self._squares[-1], self._squares[-1]))
            if e & 1:
                if result is None:
                    result = self._squares[i]
                else:
                    self._tick()
                    result = _bool_product(result, self._squares[i])
            e >>= 1
            i += 1
        return np.eye(size, dtype=np.float32) if result is None else result

    def walk_matrix(self, x: int) -> np.ndarray:
        """``M_x[u, v]``: some walk of ``x`` steps leads from ``u`` to ``v``."""
        if x not in self._m:
            p = self.arc_power(x - 1)
            self._tick()
            self._m[x] = _bool_product(_bool_product(self.s, p), self.t)
        return self._m[x]

    def turn_matrix(self, x: int, y: int) -> np.ndarray:
        """The turn relation for roll ``(x, y)`` as a Boolean ``n x n`` array."""
        mx, my = self.walk_matrix(x), self.walk_matrix(y)
        self._tick()
        out = (mx @ my) > 0
        if x != y:
            out |= (my @ mx) > 0
        else:
            out[:, self.board.special_mask] = True
        return out


def matrix_memory(board: Board, rolls: tuple[tuple[int, int], ...]) -> int:
    """Bytes the matrix method allocates at most for ``rolls`` on ``board``: the ``2m x 2m`` arc
    matrix and its squares up to the largest roll, two products in flight, ``S`` and ``T``, and
    an ``n x n`` matrix ``M_x`` per die value rolled plus a turn relation."""
    size = 2 * board.m
    n = board.n
    largest = max((max(x, y) for x, y in rolls), default=1)
    squares = max(1, (largest - 1).bit_length())
    values = len({v for roll in rolls for v in roll})
    return 4 * size * size * (squares + 3) + 2 * 4 * n * size + 4 * n * n * (values + 3)


def solve_matrix(inst: Instance, *, timeout: float | None = None,
                 memory: MemoryLimit | float | None = None) -> Solution:
    """Theorem 6 by matrix powers and BFS in the turn-expanded network; plan from BFS parents.

    The matrices are dense: :func:`matrix_memory` is checked against ``memory`` (MiB or a
    :class:`~escapology.core.limits.MemoryLimit`; default what the machine has available) first,
    and a board too big for it is refused with a
    :class:`~escapology.core.limits.MemoryLimitError` naming what it would need.
    """
    deadline = Deadline(timeout)
    if inst.start == inst.target:
        return Solution(Status.SOLVED, 0, [], method="matrix")
    b = inst.board
    MemoryLimit.of(memory).check(matrix_memory(b, inst.rolls),
                                 f"the matrix method on {b.n} fields and {b.m} edges ({2 * b.m} x {2 * b.m} "
                                 "arc matrices)", "use the fast method")
    try:
        mm = MatrixMethod(inst.board, deadline)
        n = inst.board.n
        reach = np.zeros(n, dtype=bool)
        reach[inst.start] = True
        parents: list[np.ndarray] = []  # parents[i][v]: a field of layer i from which v is reached
        for roll in inst.rolls:
            turn = mm.turn_matrix(*roll)
            sub = turn[reach]  # rows of the reached fields
            nxt = sub.any(axis=0)
            par = np.full(n, -1, dtype=np.int64)
            rows = np.flatnonzero(reach)
            par[nxt] = rows[np.argmax(sub[:, nxt], axis=0)]
            parents.append(par)
            reach = nxt
            if reach[inst.target]:
                break
            if not reach.any():
                return Solution(Status.UNSOLVABLE, method="matrix", stats={"products": mm.products})
        if not reach[inst.target]:
            return Solution(Status.UNSOLVABLE, method="matrix", stats={"products": mm.products})
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
    return Solution(Status.SOLVED, k, plan, method="matrix", stats={"products": mm.products})
