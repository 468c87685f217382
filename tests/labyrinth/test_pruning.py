"""The native engine's pruning rules (see escapology/labyrinth/native.py) against the same search
with every rule switched off, on boards and depths where rules 2, 5 and 6 all apply."""

import random

import numpy as np
import pytest

from escapology.labyrinth import kernel
from escapology.labyrinth.generator import generate_instance
from escapology.labyrinth.native import solve_native


def fewest_pushes_unpruned(inst, max_depth):
    """Iterative deepening with no pruning at all (kernel rules off)."""
    n = inst.n
    conn = np.array(inst.connections, dtype=np.uint8)
    ids = np.arange(n * n, dtype=np.int16)
    if inst.init == inst.goal:
        return 0
    for depth in range(1, max_depth + 1):
        st = kernel.new_state(n, depth, ids, inst.init_position, inst.goal_position)
        while (status := kernel.run(n, conn, st, False, 10**7, 0)) == kernel.BUDGET:
            pass
        if status == kernel.FOUND:
            return int(st["state"][1])
    return None


@pytest.mark.parametrize("n, max_steps, count", [(5, 5, 25), (6, 4, 60), (7, 4, 25)])
def test_pruned_search_finds_the_same_minimum(n, max_steps, count):
    rng = random.Random(n * 1000 + max_steps)
    deep = 0
    for _ in range(count):
        inst = generate_instance(n, density=rng.choice([0.3, 0.42]), max_steps=max_steps, seed=rng.randrange(10**9))
        expected = fewest_pushes_unpruned(inst, max_steps)
        got = solve_native(inst)
        assert got.pushes == expected, inst
        assert got.optimal
        deep += expected is None or expected >= 3
    assert deep > 0  # the sample reaches depths where the rules apply


def test_transposition_table_changes_no_answer(monkeypatch):
    # boards needing four or more pushes (the table serves nodes three or more pushes before the
    # end): the same minimum and bound with the table as without it
    rng = random.Random(77)
    with_table, deep = [], 0
    boards = [generate_instance(6, density=0.3, max_steps=5, seed=rng.randrange(10**9)) for _ in range(80)]
    for inst in boards:
        r = solve_native(inst, workers=1)
        with_table.append((r.status, r.pushes, r.lower_bound))
        deep += r.lower_bound >= 4
    no_table = kernel.transposition_table
    monkeypatch.setattr(kernel, "transposition_table", lambda bits: no_table(0))
    for inst, expected in zip(boards, with_table):
        r = solve_native(inst, workers=1)
        assert (r.status, r.pushes, r.lower_bound) == expected, inst
    assert deep >= 10
