"""The native engine's pruning rules (native/src/labyrinth/rules.rs) against the same search with
every rule switched off, on boards and depths where rules 2, 5 and 6 all apply; and the numba
kernel's helpers (kept until that engine is removed)."""

import random

import numpy as np
import pytest

from escapology.labyrinth import kernel
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


def random_pushed_board(rng, max_n):
    """A random n x n board (3 <= n <= max_n, connection density 0.3-0.7) after up to 8 random pushes:
    (n, connections by field, fields by position)."""
    from escapology.labyrinth.board_ops import _push_in_place

    n = rng.randint(3, max_n)
    density = rng.choice([0.3, 0.5, 0.7])
    conn = np.array([sum(bit for bit in (1, 2, 4, 8) if rng.random() < density) for _ in range(n * n)],
                    dtype=np.uint8)
    ids = np.arange(n * n, dtype=np.int16)
    for _ in range(rng.randint(0, 8)):
        _push_in_place(ids, rng.randrange(4 * n), n)
    return n, conn, ids


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


def test_rule4_cache_is_reused_only_for_unchanged_walks():
    # Rule 4 reuses, at a child reached by a push o that leaves the walked set in place, the walk
    # its parent made after push k. Whenever ``_walk_unchanged`` allows that, a fresh walk on the
    # child's board must give the same lines -- including when k moves o's field around the
    # board's edge (o on a border line), which a plain "two lines away" test got wrong.
    from escapology.labyrinth.board_ops import _band_hits, _flood, _moved, _push_in_place, _set_flags
    from escapology.labyrinth.rules import _walk_flags, _walk_unchanged

    rng = random.Random(2026)
    reused = border = 0
    for _ in range(20000):
        n, conn, ids = random_pushed_board(rng, 10)
        mark = np.zeros(n * n, np.int64)
        queue = np.zeros(n * n, np.int32)
        seeds = np.zeros(n * n, np.int32)
        seeds[0] = rng.randrange(n * n)
        cells = seeds[:1].copy() if rng.random() < 0.5 else queue[:_flood(ids, conn, n, seeds, 1, mark, 1, queue, -1)].copy()
        rows, cols, erow, ecol = (np.zeros(n, np.uint8) for _ in range(4))
        _set_flags(ids, conn, n, cells, len(cells), rows, cols, erow, ecol)
        idle = [o for o in range(4 * n) if not _band_hits(o, rows, cols, n)]
        touching = [k for k in range(4 * n) if _band_hits(k, rows, cols, n)]
        if not idle or not touching:
            continue
        o, k = rng.choice(idle), rng.choice(touching)
        for i, p in enumerate(cells):
            seeds[i] = _moved(p, k, n)
        before = np.zeros((2, n), np.uint8)
        after = np.zeros((2, n), np.uint8)
        _walk_flags(ids, k, conn, n, seeds, len(cells), mark, 2, queue, before[0], before[1])
        _push_in_place(ids, o, n)
        _walk_flags(ids, k, conn, n, seeds, len(cells), mark, 3, queue, after[0], after[1])
        if _walk_unchanged(before[0], before[1], o, k, n):
            reused += 1
            border += (o >> 2) in (0, n - 1) and ((o & 3) < 2) != ((k & 3) < 2)
            assert (before == after).all(), (n, o, k, sorted(cells))
    assert reused > 5000 and border > 500


def test_rule5_lines_cover_every_moved_field_around_the_edge():
    # ``_near`` (rules 5 and 6) must mark every line l whose fields, t = 1 or 2 pushes after a push
    # on l, stand on or next to one of the given cells -- pushes wrap around the board's edge.
    from escapology.labyrinth.board_ops import _moved
    from escapology.labyrinth.rules import _cross, _near

    rng = random.Random(5)
    checked = 0
    for _ in range(20000):
        n = rng.randint(3, 9)
        t = rng.choice([1, 2])
        later = [rng.randrange(4 * n) for _ in range(t)]
        xr, xc, nx = np.zeros(8, np.int32), np.zeros(8, np.int32), np.zeros(2, np.int32)
        for q in later:
            _cross(q, xr, xc, nx)
        cells = np.array([rng.randrange(n * n) for _ in range(rng.randint(1, 3))], np.int32)
        rows, cols = np.zeros(n, np.uint8), np.zeros(n, np.uint8)
        _near(cells, len(cells), n, t, xr, nx[0], xc, nx[1], rows, cols)
        for is_row, flags in ((True, rows), (False, cols)):
            for line in range(n):
                fields = [line * n + i if is_row else i * n + line for i in range(n)]
                for q in later:
                    fields = [_moved(p, q, n) for p in fields]
                borders = any(abs(p // n - c // n) + abs(p % n - c % n) <= 1 for p in fields for c in cells)
                if borders:
                    checked += 1
                    assert flags[line], (n, t, later, is_row, line, cells.tolist())
    assert checked > 10000


def test_stale_kernel_cache_is_dropped(tmp_path, monkeypatch):
    # numba's cache of a kernel does not notice a changed callee in another module; jit_cache drops
    # the package's cache files when the kernels' sources change, and keeps them otherwise.
    from escapology.labyrinth import jit_cache

    for name in jit_cache._MODULES:
        (tmp_path / name).write_text(f"# {name}\n")
    (tmp_path / "__pycache__").mkdir()
    monkeypatch.setattr(jit_cache, "__file__", str(tmp_path / "jit_cache.py"))
    jit_cache.drop_stale_cache()  # records the digest
    old = tmp_path / "__pycache__" / "kernel.search-1.py311.1.nbc"
    old.write_bytes(b"compiled")
    jit_cache.drop_stale_cache()
    assert old.exists()  # sources unchanged: the cache stays
    (tmp_path / "rules.py").write_text("# rules.py, edited\n")
    jit_cache.drop_stale_cache()
    assert not old.exists()


def test_last_push_answered_from_the_other_sets_walk_is_exact():
    # After a push p that changed only R (or only the goal's component), ``_joins_known`` answers a
    # last push k from the other set's walk after k at the node before p. Whenever it answers, a
    # plain walk on the board after p, k must agree.
    from escapology.labyrinth.board_ops import _band_hits, _flood, _moved, _push_in_place, _set_flags
    from escapology.labyrinth.rules import _joins_known

    rng = random.Random(11)
    answered = {0: 0, 1: 0}
    joined = 0
    for lid in range(1, 4001):
        n, conn, ids = random_pushed_board(rng, 9)
        mark, queue, seeds = np.zeros(n * n, np.int64), np.zeros(n * n, np.int32), np.zeros(n * n, np.int32)

        def walk(board, starts, stamp):
            seeds[: len(starts)] = starts
            return queue[: _flood(board, conn, n, seeds, len(starts), mark, stamp, queue, -1)].copy()

        r_y = walk(ids, [rng.randrange(n * n)], 1)
        g_y = rng.randrange(n * n)
        c_y = walk(ids, [g_y], 2)
        if g_y in r_y:
            continue
        flags = [np.zeros(n, np.uint8) for _ in range(8)]
        _set_flags(ids, conn, n, r_y, len(r_y), *flags[0:4])
        _set_flags(ids, conn, n, c_y, len(c_y), *flags[4:8])
        s = rng.randrange(2)  # 0: p changes only R, 1: only the goal's component
        hits = [p for p in range(4 * n)
                if _band_hits(p, flags[0], flags[1], n) != _band_hits(p, flags[4], flags[5], n)
                and _band_hits(p, flags[0], flags[1], n) == (s == 0)]
        if not hits:
            continue
        p = rng.choice(hits)
        _push_in_place(ids, p, n)
        g_z = _moved(g_y, p, n)
        r_z = walk(ids, [_moved(x, p, n) for x in r_y], 3) if s == 0 else r_y
        if g_z in r_z:
            continue
        lv, lm, lf = np.zeros((2, 4 * n), np.int64), np.zeros((2, 4 * n, n * n), np.int64), np.zeros((2, 4 * n, 2, n), np.uint8)
        rl = r_z.astype(np.int32)
        for k in range(4 * n):
            before = ids.copy()
            known, _ = _joins_known(ids, conn, n, k, s, p, lid, lv, lm, lf, rl, len(rl), g_z, g_y,
                                    mark, 1000 + 2 * k, queue, seeds)
            assert (ids == before).all()
            if known < 0:
                continue
            board = ids.copy()
            _push_in_place(board, k, n)
            expected = _moved(g_z, k, n) in walk(board, [_moved(x, k, n) for x in r_z], 2000 + k)
            assert known == int(expected), (n, s, p, k)
            answered[s] += 1
            joined += expected
    assert min(answered.values()) > 5000 and joined > 100
