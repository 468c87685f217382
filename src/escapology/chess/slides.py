"""The slides' two algorithms, kept as baselines for the tests and the benchmark (not the CLI).

* :func:`solve_bruteforce`: marks every field each player ends on, trying all ``n^2`` pairs of
  moves, on an ``n x n`` array: O(n^2) time and memory. Exact, but hopeless at ``n = 100,000``
  (``10^10`` pairs and fields).
* :func:`solve_montecarlo`: the slides' fast version: the O(n) meet-in-the-middle capture test, then
  50 random fields, each tested exactly in O(n); if none is safe it answers "bob". That answer
  can be wrong: for ``n >= 4`` it is *always* wrong (counting lemma, :mod:`escapology.chess.draw`),
  and it is given with probability ``(share of fields Bob covers)^50``, e.g. about 0.13 % on a 3 x 3
  board where Bob covers 8 of the 9 fields (7 of the 8 fields Alice may choose).

>>> from escapology.chess.model import Instance
>>> inst = Instance(4, (1, 4), (2, 2), ((1, 0), (0, 1), (1, 1), (-1, -1)))
>>> solve_bruteforce(inst).outcome.value, solve_montecarlo(inst, seed=1).outcome.value
('draw', 'draw')
"""

from __future__ import annotations

import random

import numpy as np

from escapology.chess.model import Field, Instance, Outcome
from escapology.chess.reach import Path, find_path, reach_board
from escapology.chess.solver import Solution, bob_witness, draw_witness
from escapology.core.results import Status

SAMPLES = 50


def _pair_to(inst: Instance, start: Field, target: Field) -> Path | None:
    """A 1- or 2-move path by trying every first move (O(n^2)), for the brute force's witness."""
    n = inst.n
    vectors = set(inst.usable_vectors())
    for v in inst.usable_vectors():
        f = (start[0] + v[0], start[1] + v[1])
        if f == target:
            return Path((v,), (start, target))
    for v in inst.usable_vectors():
        f = (start[0] + v[0], start[1] + v[1])
        if not (1 <= f[0] <= n and 1 <= f[1] <= n):
            continue
        w = (target[0] - f[0], target[1] - f[1])
        if w in vectors:
            return Path((v, w), (start, f, target))
    return None


def solve_bruteforce(inst: Instance) -> Solution:
    """The slides' brute force: both players' reach marked on the whole board. O(n^2)."""
    alice_reach = reach_board(inst, inst.alice)
    if alice_reach[inst.bob]:
        path = _pair_to(inst, inst.alice, inst.bob)
        assert path is not None
        return Solution(Status.SOLVED, Outcome.ALICE, path.to_json())
    bob_reach = reach_board(inst, inst.bob)
    bob_reach[0, :] = True
    bob_reach[:, 0] = True
    if not bob_reach[inst.alice]:
        return Solution(Status.SOLVED, Outcome.DRAW, draw_witness(inst, inst.alice, None, "stay"))
    free = np.argwhere(~bob_reach)
    if free.size:
        safe = (int(free[0][0]), int(free[0][1]))
        return Solution(Status.SOLVED, Outcome.DRAW, draw_witness(inst, safe, None, "teleport"))
    return Solution(Status.SOLVED, Outcome.BOB, bob_witness(inst))


def solve_montecarlo(inst: Instance, *, samples: int = SAMPLES, seed: int | None = None) -> Solution:
    """The slides' fast algorithm: exact capture test, then ``samples`` random candidate fields.

    The "bob" answer is a guess (no witness can prove it): it is wrong whenever a safe field exists
    but none was drawn.
    """
    capture = find_path(inst, inst.alice, inst.bob)
    if capture is not None:
        return Solution(Status.SOLVED, Outcome.ALICE, capture.to_json())
    rng = random.Random(seed)
    n = inst.n
    for _ in range(samples):
        f = inst.bob
        while f == inst.bob:
            f = (rng.randint(1, n), rng.randint(1, n))
        if find_path(inst, inst.bob, f) is None:
            return Solution(Status.SOLVED, Outcome.DRAW, draw_witness(inst, f, None, "teleport"))
    return Solution(
        Status.SOLVED,
        Outcome.BOB,
        {"reason": f"none of {samples} random fields is safe (Monte-Carlo guess, may be wrong)"},
    )
