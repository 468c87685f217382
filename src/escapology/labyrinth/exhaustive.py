"""A plain exhaustive solver, for cross-checking the fast engines on small boards.

Breadth-first search over states (board, set of positions the avatar can stand on), one layer per
push, with no pruning at all beyond removing repeated states. Exponential: meant for boards up to
about 4 x 4 and a few pushes.
"""

from __future__ import annotations

from escapology.core.limits import Deadline, MemoryLimit
from escapology.core.results import Status
from escapology.labyrinth.model import Board, Instance, Push, all_pushes, moved_position
from escapology.labyrinth.result import SolveResult

State = tuple[Board, frozenset[int]]


def state_bytes(n: int) -> int:
    """About what one stored state costs (the board's field tuple, the positions, the tables)."""
    return 8 * n * n + 600


def solve_exhaustive(inst: Instance, max_pushes: int | None = None, *, deadline: Deadline | None = None,
                     memory: MemoryLimit | float | None = None) -> SolveResult:
    """The fewest pushes by breadth-first search over all push sequences (always optimal).

    With a ``deadline``, or when the states stored would exceed ``memory`` (a
    :class:`~escapology.core.limits.MemoryLimit` or MiB; default: what the machine has), the answer
    is ``unknown`` with the layers proven so far as lower bound.

    >>> from escapology.labyrinth.model import Instance
    >>> inst = Instance.from_grid(["╷╴", "└ "], init=(1, 1), goal=(2, 2), max_steps=3)
    >>> solve_exhaustive(inst).pushes
    1
    """
    limit = inst.max_steps if max_pushes is None else min(max_pushes, inst.max_steps)
    n = inst.n
    if inst.init == inst.goal:
        return SolveResult(Status.SOLVED, [], True, 0, {"engine": "exhaustive", "states": 1})
    start: State = (Board.initial(inst), frozenset({inst.init_position}))
    goal_field = inst.goal_position  # the goal field's id is its start position
    parent: dict[State, tuple[State, Push] | None] = {start: None}
    layer = [start]
    pushes = all_pushes(n)
    max_states = MemoryLimit.of(memory).bytes // state_bytes(n)
    stats: dict[str, object] = {"engine": "exhaustive"}
    for t in range(1, limit + 1):
        nxt: list[State] = []
        for state in layer:
            if deadline is not None and deadline.expired() or len(parent) > max_states:
                stats["states"] = len(parent)
                stats["stopped"] = "time limit" if len(parent) <= max_states else "memory limit"
                return SolveResult(Status.UNKNOWN, None, False, t, stats)
            board, reach = state
            for p in pushes:
                b2 = board.push(p)
                r2 = frozenset(b2.reachable(moved_position(n, q, p) for q in reach))
                child = (b2, r2)
                if child in parent:
                    continue
                parent[child] = (state, p)
                if b2.where(goal_field) in r2:
                    plan = []
                    cur: State = child
                    while parent[cur] is not None:
                        prev, push = parent[cur]  # type: ignore[misc]
                        plan.append(push)
                        cur = prev
                    plan.reverse()
                    return SolveResult(Status.SOLVED, plan, True, t, {"engine": "exhaustive", "states": len(parent)})
                nxt.append(child)
        layer = nxt
    status = Status.UNSOLVABLE if limit == inst.max_steps else Status.UNKNOWN
    return SolveResult(status, None, status is Status.UNSOLVABLE, limit + 1,
                       {"engine": "exhaustive", "states": len(parent)})
