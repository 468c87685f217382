"""The fast solver for known rolls: frontier propagation on the arc graph with periodicity.

This decides the same question as Theorem 6 of Schwahn and Thielen (FUN 2018): the fewest turns
to end on ``t`` for a given sequence of rolls. Instead of Boolean matrix powers of the arc graph
``H`` (:mod:`escapology.forest.matrix`), it propagates the *set* ``F_i`` of fields reachable after
exactly ``i`` turns:

``F_i = W_y(W_x(F_{i-1})) | W_x(W_y(F_{i-1})) | (V' if x == y)`` for roll ``(x, y)``,

where ``W_x`` moves a field set along all non-backtracking walks of ``x`` steps. This is sound
because only the field where a walk ends matters to the next walk (the direction may change between
walks and between turns), so the set of reachable fields is the whole state. ``W_x`` advances the
arc frontier (:class:`~escapology.forest.walks.WalkEngine`): by numpy steps of ``O(m)`` that jump
over whole periods of the eventually periodic sequence of frontiers, or, on boards whose core is
made of long chains (long cycles), by blocks of ``Δ`` steps on the chains
(:mod:`escapology.forest.chains`). Either way a roll of ``10**9`` costs at most the frontier
sequence's pre-period plus its period in steps, a polynomial in ``m`` (``O(m^2)`` steps), and by
chains ``Δ`` times fewer: with ``k`` rolls the whole search is polynomial in ``m`` and ``k`` and
independent of ``d``, as Theorem 6 promises (it even drops the ``log d``). The plan is read back
from the layers (:func:`~escapology.forest.plan.plan_from_layers`).

>>> from escapology.forest.model import Board, Instance
>>> b = Board.from_edges([(1, 2), (2, 3), (3, 4), (4, 5), (5, 1), (3, 6)], special=[6])
>>> inst = Instance(b, b.index[1], b.index[6], rolls=((1, 1), (2, 3)))
>>> sol = solve(inst)
>>> sol.status.value, sol.turns
('solved', 1)
>>> sol.plan[0].jump == (b.index[1], b.index[6])
True
"""

from __future__ import annotations

import numpy as np

from escapology.core.limits import Deadline, LimitReached
from escapology.core.progress import search_progress
from escapology.core.results import Status
from escapology.forest.model import Instance
from escapology.forest.plan import Solution, plan_from_layers
from escapology.forest.walks import WalkEngine


def reachable_layers(inst: Instance, engine: WalkEngine, *, stop_at_target: bool = True) -> list[np.ndarray]:
    """``[F_0, F_1, ...]``: the fields reachable after exactly ``i`` turns.

    Stops after the first layer containing the target (if ``stop_at_target``), after an empty
    layer, or after the last roll.
    """
    n = inst.board.n
    f = np.zeros(n, dtype=bool)
    f[inst.start] = True
    layers = [f]
    if stop_at_target and inst.start == inst.target:
        return layers
    with search_progress("forest: propagating") as progress:
        for i, roll in enumerate(inst.rolls, start=1):
            f = engine.turn(f, roll)
            layers.append(f)
            if i % 8 == 0:
                progress.update(turn=i, reachable=int(f.sum()))
            if (stop_at_target and f[inst.target]) or not f.any():
                break
    return layers


def solve(inst: Instance, *, timeout: float | None = None, deadline: Deadline | None = None) -> Solution:
    """The fewest turns from start to target with the known rolls, with a plan; ``unknown`` on timeout.

    Zero turns if the start is the target. ``unsolvable`` if no prefix of the rolls can end on ``t``
    (including the case that every walk runs into dead ends).
    """
    deadline = deadline or Deadline(timeout)
    engine = WalkEngine(inst.board, deadline=deadline)

    def stats() -> dict[str, object]:
        return {"walks": engine.method, "steps": engine.steps, "blocks": engine.blocks}

    try:
        layers = reachable_layers(inst, engine)
        last = layers[-1]
        if not last[inst.target]:
            return Solution(Status.UNSOLVABLE, method="frontier", stats=stats())
        k = len(layers) - 1
        plan = plan_from_layers(engine, inst, layers, k)
    except LimitReached:
        return Solution(Status.UNKNOWN, method="frontier", stats=stats())
    return Solution(Status.SOLVED, k, plan, method="frontier", stats=stats())


#: the name the package exports it under (escapology.forest.solve is the protocol's)
solve_frontier = solve
