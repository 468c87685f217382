"""The Rust search (``escapology._native.labyrinth_search``) against the numba kernel it ports: the
same status, node count and plan, node for node, for every prune level, focused mode and table
size; and, without numba, the same minimum as the unpruned search and as breadth-first search."""

import random

import pytest

from escapology.labyrinth.exhaustive import solve_exhaustive
from escapology.labyrinth.generator import generate_instance

_native = pytest.importorskip("escapology._native")

REAL = [("0025", 4), ("0045", 5), ("0130", 4), ("0199", 4)]


def rust(inst, depth, focused=False, prune=2, bits=0, first=None):
    return _native.labyrinth_search(inst.n, bytes(inst.connections), inst.init_position,
                                    inst.goal_position, depth, focused, prune, bits, first)


def numba(inst, depth, focused=False, prune=2, bits=0, first=None):
    np = pytest.importorskip("numpy")
    kernel = pytest.importorskip("escapology.labyrinth.kernel")
    n = inst.n
    conn = np.array(inst.connections, dtype=np.uint8)
    ids = np.arange(n * n, dtype=kernel.field_dtype(n))
    st = kernel.new_state(n, depth, ids, inst.init_position, inst.goal_position)
    if bits:
        st.update(kernel.transposition_table(bits))
        st["ttgen"][0] = 1
    if first is not None:
        st["rootmask"][:] = 0
        st["rootmask"][first] = 1
    while (status := kernel.run(n, conn, st, focused, 10**7, prune)) == kernel.BUDGET:
        pass
    found = status == kernel.FOUND
    d = int(st["state"][1])
    plan = [int(k) for k in st["prev"][1 : d + 1]] if found else []
    return ("found" if found else "exhausted", int(st["state"][3]), plan)


def random_cases(seed, count):
    rng = random.Random(seed)
    for _ in range(count):
        n = rng.randint(3, 8)
        inst = generate_instance(n, density=rng.choice([0.3, 0.42]), seed=rng.randrange(10**9))
        yield inst, rng.randint(1, 5), rng.random() < 0.25


@pytest.mark.parametrize("seed", range(6))
def test_same_nodes_as_numba_on_random_boards(seed):
    pytest.importorskip("numba")
    compared = 0
    for inst, depth, focused in random_cases(seed, 50):
        for prune, bits in ((2, 10), (2, 0), (1, 0), (0, 0)):
            if prune == 0 and depth == 5 and inst.n > 6:
                continue  # unpruned depth 5 on 7 x 7 and up takes seconds
            expected = numba(inst, depth, focused, prune, bits)
            assert rust(inst, depth, focused, prune, bits) == expected, (inst, depth, focused, prune, bits)
            compared += 1
    assert compared > 150


@pytest.mark.parametrize("name, deepest", REAL)
def test_same_nodes_as_numba_on_real_instances(shared_dir, name, deepest):
    pytest.importorskip("numba")
    from escapology.labyrinth import load

    inst = load(shared_dir / f"asptools-ntdb__{name}.asp")
    for depth in range(1, deepest + 1):
        for focused, prune, bits in ((False, 2, 16), (False, 2, 0), (True, 2, 0), (False, 1, 0)):
            expected = numba(inst, depth, focused, prune, bits)
            assert rust(inst, depth, focused, prune, bits) == expected, (name, depth, focused, prune, bits)


def test_a_workers_first_push_searches_the_same_subtree_as_numba():
    pytest.importorskip("numba")
    rng = random.Random(31)
    for _ in range(40):
        n = rng.randint(4, 7)
        inst = generate_instance(n, density=0.42, seed=rng.randrange(10**9))
        depth = rng.randint(3, 5)
        first = rng.randrange(4 * n)
        assert rust(inst, depth, bits=10, first=first) == numba(inst, depth, bits=10, first=first)


def fewest(inst, max_depth, prune, bits):
    for depth in range(1, max_depth + 1):
        status, _, plan = rust(inst, depth, prune=prune, bits=bits)
        if status == "found":
            return len(plan)
    return None


def test_pruned_minimum_equals_the_unpruned_one():
    rng = random.Random(4242)
    deep = 0
    for _ in range(200):
        n = rng.randint(3, 6)
        inst = generate_instance(n, density=rng.choice([0.3, 0.42]), seed=rng.randrange(10**9))
        if inst.init == inst.goal:
            continue
        max_depth = 4 if n <= 5 else 3
        expected = fewest(inst, max_depth, 0, 0)
        assert fewest(inst, max_depth, 2, 12) == expected, inst
        assert fewest(inst, max_depth, 1, 0) == expected, inst
        deep += expected is None or expected >= 3
    assert deep > 20


def test_minimum_equals_breadth_first_search():
    rng = random.Random(77)
    for _ in range(60):
        n = rng.randint(2, 4)
        inst = generate_instance(n, density=rng.choice([0.3, 0.42]), max_steps=3, seed=rng.randrange(10**9))
        expected = solve_exhaustive(inst).pushes
        assert fewest(inst, 3, 2, 12) == expected, inst
