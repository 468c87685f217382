"""Random Labyrinth instances in the competition's format.

Each of a field's four connections is present with probability ``density`` (the real competition
instances have about 0.42: 1.7 connections per field); avatar and goal stand on two distinct random
fields; ``max_steps`` defaults to ``n`` as in the competition.
"""

from __future__ import annotations

import random

from escapology.core.results import Status
from escapology.labyrinth.model import Instance


def generate_instance(
    n: int,
    *,
    density: float = 0.42,
    max_steps: int | None = None,
    seed: int | None = None,
    name: str | None = None,
) -> Instance:
    """A random n x n instance.

    >>> inst = generate_instance(5, seed=1)
    >>> inst.n, inst.max_steps, inst.init != inst.goal
    (5, 5, True)
    >>> generate_instance(5, seed=1) == inst
    True
    """
    if n < 2:
        raise ValueError("the board needs at least 2 x 2 fields")
    if not 0.0 <= density <= 1.0:
        raise ValueError("density is a probability between 0 and 1")
    rng = random.Random(seed)
    conns = tuple(sum(bit for bit in (1, 2, 4, 8) if rng.random() < density) for _ in range(n * n))
    a, b = rng.sample(range(n * n), 2)
    init = (a // n + 1, a % n + 1)
    goal = (b // n + 1, b % n + 1)
    steps = n if max_steps is None else max_steps
    return Instance(n, conns, init, goal, steps, name=name or f"random-n{n}-seed{seed}")


#: Nodes of the exact search spent on each candidate of :func:`generate_with_min_pushes`: a limit in
#: work, not time, so that the same arguments give the same instance on any machine at any load.
CANDIDATE_NODE_LIMIT = 20_000_000


def generate_with_min_pushes(
    n: int,
    min_pushes: int,
    *,
    density: float = 0.42,
    max_steps: int | None = None,
    seed: int = 0,
    attempts: int = 10_000,
    node_limit: int = CANDIDATE_NODE_LIMIT,
) -> Instance:
    """The first random instance (seeds ``seed``, ``seed + 1000003``, ...) whose fewest pushes is
    proven to be at least ``min_pushes``.

    Each candidate is solved by the native engine with ``node_limit`` nodes (reproducible: see
    :func:`escapology.labyrinth.native.solve_native`); a candidate whose minimum is not proven
    within the limit is skipped. Raises ``ValueError`` after ``attempts`` candidates.

    >>> inst = generate_with_min_pushes(5, 3, seed=1)
    >>> inst == generate_with_min_pushes(5, 3, seed=1)
    True
    """
    from escapology.labyrinth.native import solve_native  # the extension: off `labyrinth --help` (via labyrinth.api)

    s = seed
    for _ in range(attempts):
        inst = generate_instance(n, density=density, max_steps=max_steps, seed=s)
        r = solve_native(inst, node_limit=node_limit)
        if r.status is Status.SOLVED and r.optimal and (r.pushes or 0) >= min_pushes:
            return inst
        s += 1_000_003
    raise ValueError(f"no instance with at least {min_pushes} pushes found in {attempts} candidates; "
                     "try other parameters")
