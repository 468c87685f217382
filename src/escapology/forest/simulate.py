"""The plain simulation: every walk spelled out, for tests on small boards and small dice.

Nothing clever: :func:`all_walks` lists every non-backtracking walk of ``x`` steps by depth-first
search over fields (Definition 5 read literally), a turn tries both orders of the dice and the
jump of a double, and :func:`solve_simulation` does breadth-first search over turns, keeping for
every reachable field the first way it was reached. Exponential in the roll; it exists to
cross-check :mod:`escapology.forest.solver` and :mod:`escapology.forest.matrix`.

>>> from escapology.forest.model import Board, Instance
>>> b = Board.from_edges([(1, 2), (2, 3), (3, 1)])
>>> sorted(w[-1] for w in all_walks(b, b.index[1], 4))   # around the triangle either way
[1, 2]
"""

from __future__ import annotations

from escapology.core.limits import Deadline, LimitReached, MemoryLimit, MemoryReached
from escapology.core.results import Status
from escapology.forest.model import Board, Instance, Roll, Turn
from escapology.forest.plan import Solution


def all_walks(board: Board, u: int, x: int, deadline: Deadline | None = None,
              max_bytes: int | None = None) -> list[list[int]]:
    """Every walk of exactly ``x`` steps from ``u`` that never steps back along the edge just used.

    Depth-first search with an explicit stack (any ``x``); ``deadline`` is polled, and walks
    holding more than ``max_bytes`` raise :class:`~escapology.core.limits.MemoryReached`.
    """
    out: list[list[int]] = []
    path = [u]
    stack = [iter(board.adj[u])]  # stack[i]: the neighbours still to try after path[i]
    steps = 0
    per_walk = 8 * (x + 1) + 64
    while stack:
        steps += 1
        if steps & 4095 == 0:
            if deadline is not None:
                deadline.check()
            if max_bytes is not None and len(out) * per_walk > max_bytes:
                raise MemoryReached
        if len(path) == x + 1:
            out.append(list(path))
            if deadline is not None:
                deadline.check()
            if max_bytes is not None and len(out) * per_walk > max_bytes:
                raise MemoryReached
            path.pop()
            stack.pop()
            continue
        back = path[-2] if len(path) >= 2 else -1
        for w in stack[-1]:
            if w != back:
                path.append(w)
                stack.append(iter(board.adj[w]))
                break
        else:
            path.pop()
            stack.pop()
    return out


def turns_from(board: Board, u: int, roll: Roll, deadline: Deadline | None = None,
               max_bytes: int | None = None) -> dict[int, Turn]:
    """Every field one turn with ``roll`` can end on from ``u``, each with one way to do it."""
    x, y = roll
    found: dict[int, Turn] = {}
    orders = [(0, x, y)] if x == y else [(0, x, y), (1, y, x)]
    for first, a, b in orders:
        for w1 in all_walks(board, u, a, deadline, max_bytes):
            for w2 in all_walks(board, w1[-1], b, deadline, max_bytes):
                found.setdefault(w2[-1], Turn(roll, first=first, walks=[w1, w2]))
    if x == y:
        for v in sorted(board.special):
            found.setdefault(v, Turn(roll, jump=(u, v)))
    return found


def solve_simulation(inst: Instance, *, timeout: float | None = None,
                     memory: MemoryLimit | float | None = None) -> Solution:
    """Breadth-first search over turns with explicit walks; exact, exponential in the rolls.

    ``unknown`` at the ``timeout``, or when the walks listed for one turn would exceed ``memory``
    (MiB or a :class:`~escapology.core.limits.MemoryLimit`; default: a quarter of what is available).
    """
    deadline = Deadline(timeout)
    max_bytes = MemoryLimit.of(memory).bytes // 4
    if inst.start == inst.target:
        return Solution(Status.SOLVED, 0, [], method="simulation")
    # parent[v] = (previous field, turn) for the current layer
    layer: dict[int, list[Turn]] = {inst.start: []}
    try:
        for i, roll in enumerate(inst.rolls, start=1):
            nxt: dict[int, list[Turn]] = {}
            for u in sorted(layer):
                if deadline.expired():
                    raise LimitReached
                for v, turn in turns_from(inst.board, u, roll, deadline, max_bytes).items():
                    if v not in nxt:
                        nxt[v] = layer[u] + [turn]
            layer = nxt
            if inst.target in layer:
                return Solution(Status.SOLVED, i, layer[inst.target], method="simulation")
            if not layer:
                break
    except LimitReached as exc:
        stopped = "memory limit" if isinstance(exc, MemoryReached) else "time limit"
        return Solution(Status.UNKNOWN, method="simulation", stats={"stopped": stopped})
    return Solution(Status.UNSOLVABLE, method="simulation")
