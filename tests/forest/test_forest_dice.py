"""Unknown rolls: exact values against a plain expectimax over explicit walks, and Monte-Carlo."""

from fractions import Fraction
from functools import lru_cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from escapology.core.errors import InputError
from escapology.forest.dice import Odds, monte_carlo
from escapology.forest.io import load_instance
from escapology.forest.model import Instance
from escapology.forest.simulate import turns_from

from forest.strategies import boards, long_cycle_boards


def plain_values(inst: Instance, k: int) -> list[Fraction]:
    """Bellman's recursion with Fractions and walks enumerated one by one (no matrices)."""
    b = inst.board
    d = b.die

    @lru_cache(maxsize=None)
    def value(v: int, j: int) -> Fraction:
        if v == inst.target:
            return Fraction(1)
        if j == 0:
            return Fraction(0)
        total = Fraction(0)
        for x in range(1, d + 1):
            for y in range(1, d + 1):
                ends = turns_from(b, v, (x, y))
                if ends:
                    total += max(value(w, j - 1) for w in ends)
        return total / (d * d)

    return [value(v, k) for v in range(b.n)]


@settings(max_examples=40, deadline=None)
@given(boards(max_fields=7, max_die=3), st.data())
def test_exact_values_match_plain_expectimax(board, data):
    t = data.draw(st.integers(0, board.n - 1))
    k = data.draw(st.integers(0, 3))
    inst = Instance(board, 0, t)
    odds = Odds(inst, k)
    assert [odds.probability(v) for v in range(board.n)] == plain_values(inst, k)
    # the policy attains the value: best move's value averaged over the rolls
    if k >= 1:
        for v in range(board.n):
            if v == t:
                continue
            total = Fraction(0)
            for x in range(1, board.die + 1):
                for y in range(1, board.die + 1):
                    w, val = odds.best_move(v, (x, y), k)
                    total += val
                    if w is not None:
                        assert w in turns_from(board, v, (x, y))
            assert total / board.die**2 == odds.probability(v)


@settings(max_examples=40, deadline=None)
@given(long_cycle_boards(max_length=6, max_die=40))
def test_die_classes_give_every_face_its_walk_relation(board):
    """Faces grouped by walk relation: each face's class holds exactly the walks of that length."""
    from escapology.forest.dice import TurnKinds
    from escapology.forest.walks import WalkEngine

    kinds = TurnKinds(Instance(board, 0, 0))
    classes = kinds.classes
    engine = WalkEngine(board)
    d = board.die
    faces = np.arange(1, d + 1)
    of = classes.kinds_of(faces)
    for x in range(1, d + 1):
        rel = classes.relations[of[x - 1]]
        for u in range(board.n):
            m = np.zeros(board.n, dtype=bool)
            m[u] = True
            got = rel.indices[rel.indptr[u]:rel.indptr[u + 1]].tolist()
            assert got == np.flatnonzero(engine.walk(m, x)).tolist()
    assert sum(classes.count) == d
    assert sum(kinds.weight) == d * d
    xs, ys = np.meshgrid(faces, faces)
    rolls = kinds.of(xs.ravel(), ys.ravel())
    counts = np.bincount(rolls, minlength=len(kinds.weight))
    assert counts.tolist() == kinds.weight


def test_large_dice_on_the_real_board(real_map):
    inst = load_instance(real_map, die=1000)
    odds = Odds(inst, 2)
    kinds = odds.kinds
    assert kinds.classes.first + kinds.classes.period - 1 < 100  # far fewer classes than faces
    p = odds.probability(inst.start)
    assert p.denominator <= 1000**4 and 0 < p < 1
    mc = monte_carlo(odds, inst.start, trials=20000, seed=5)
    assert mc.low <= float(p) <= mc.high
    w, val = odds.best_move(inst.start, (500, 731), 2)
    assert w in odds.ends(inst.start, (500, 731)) and val == odds.probability(w, 1)


def test_values_grow_with_turns_and_are_probabilities(real_map):
    inst = load_instance(real_map)
    odds = Odds(inst, 4)
    for j in range(4):
        for v in range(inst.board.n):
            assert 0 <= odds.probability(v, j) <= odds.probability(v, j + 1) <= 1
    assert odds.probability(inst.target) == 1
    # a double jumps to the castle, so within one turn at least the six doubles win
    assert odds.probability(inst.start, 1) >= Fraction(1, 6)


def test_monte_carlo_agrees_on_real_board(real_map):
    inst = load_instance(real_map)
    odds = Odds(inst, 3)
    mc = monte_carlo(odds, inst.start, trials=40000, seed=7)
    assert mc.low <= float(odds.probability(inst.start)) <= mc.high


def test_monte_carlo_agrees_without_jumps(real_map):
    inst = load_instance(real_map, special="")
    odds = Odds(inst, 6)
    v = inst.board.index[117]  # next to the castle
    mc = monte_carlo(odds, v, trials=40000, seed=3)
    exact = float(odds.probability(v))
    assert 0 < exact < 1
    assert mc.low <= exact <= mc.high


def test_best_move_options_sorted(real_map):
    inst = load_instance(real_map)
    odds = Odds(inst, 3)
    w, val = odds.best_move(inst.start, (3, 5), 3)
    opts = odds.options(inst.start, (3, 5), 3)
    assert opts[0] == (w, val)
    assert all(opts[i][1] >= opts[i + 1][1] for i in range(len(opts) - 1))


def test_refuses_what_does_not_fit(monkeypatch):
    from escapology.forest import dice
    from escapology.forest.generator import random_board

    monkeypatch.setattr(dice, "MAX_PAIRS", 1000)
    with pytest.raises(InputError, match="too large"):
        Odds(random_board(300, 450, seed=0), 1)


def test_sparse_odds_scale_to_a_larger_forest():
    from escapology.forest.generator import grid_forest

    inst = grid_forest(40, 50, seed=2, rolls=0)  # 2000 fields
    odds = Odds(inst, 4)
    p = odds.probability(inst.start)
    assert 0 < p < 1
    mc = monte_carlo(odds, inst.start, trials=20000, seed=1)
    assert mc.low <= float(p) <= mc.high
