"""The native engine's pruning rules (native/src/labyrinth/search.rs, their helpers in
native/src/labyrinth/rules/) against the same search with every rule switched off, on boards and
depths where rules 2, 5 and 6 all apply. The rules' helpers are tested against plain definitions
by the crate's own unit tests (``cargo test``)."""

import random

import pytest

from escapology.labyrinth.generator import generate_instance
from escapology.labyrinth.native import solve_native


def fewest_pushes(inst, max_depth, prune=0, table_bits=0):
    """Iterative deepening with the Rust search alone (``prune`` 0: every rule off)."""
    from escapology import _native

    if inst.init == inst.goal:
        return 0
    for depth in range(1, max_depth + 1):
        status, _, plan = _native.labyrinth_search(inst.n, bytes(inst.connections), inst.init_position,
                                                   inst.goal_position, depth, False, prune, table_bits)
        if status == "found":
            return len(plan)
    return None


@pytest.mark.parametrize("n, max_steps, count", [(5, 5, 25), (6, 4, 60), (7, 4, 25)])
def test_pruned_search_finds_the_same_minimum(n, max_steps, count):
    rng = random.Random(n * 1000 + max_steps)
    deep = 0
    for _ in range(count):
        inst = generate_instance(n, density=rng.choice([0.3, 0.42]), max_steps=max_steps, seed=rng.randrange(10**9))
        expected = fewest_pushes(inst, max_steps)
        got = solve_native(inst)
        assert got.pushes == expected, inst
        assert got.optimal
        deep += expected is None or expected >= 3
    assert deep > 0  # the sample reaches depths where the rules apply


def test_transposition_table_changes_no_answer():
    # boards needing four or more pushes (the table serves nodes three or more pushes before the
    # end): the same minimum with the table as without it, and as the engine's
    rng = random.Random(77)
    deep = 0
    for _ in range(80):
        inst = generate_instance(6, density=0.3, max_steps=5, seed=rng.randrange(10**9))
        with_table = fewest_pushes(inst, 5, prune=2, table_bits=20)
        assert with_table == fewest_pushes(inst, 5, prune=2, table_bits=0), inst
        r = solve_native(inst, workers=1)
        assert r.pushes == with_table and (r.optimal or with_table is None), inst
        deep += with_table is None or with_table >= 4
    assert deep >= 10
