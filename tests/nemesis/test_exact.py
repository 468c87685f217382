"""The exact solver against the plain minimax; every strategy through the independent checker."""

import random
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from escapology.core.limits import Deadline, LimitReached
from escapology.nemesis import Instance, check_strategy, grid, plain_winner, solve_graph, winning_starts

sys.path.insert(0, str(Path(__file__).parent))  # the helpers beside this file (importlib mode)

from random_games import multigraphs  # noqa: E402


@settings(max_examples=400, deadline=None)
@given(multigraphs(min_n=3, max_mult=2), st.sampled_from(["nemesis", "blizzard"]))
def test_solver_matches_plain_minimax_and_strategies_check(inst, game):
    g = inst.graph()
    r = solve_graph(g, game)
    assert r.winner == plain_winner(g, game)
    ok, msg = check_strategy(g, game, g.start, r.strategy)
    assert ok, msg


def test_many_seeded_graphs_against_plain_minimax():
    rng = random.Random(2026)
    for _ in range(600):
        n = rng.randint(3, 6)
        edges = [(i, j, rng.choice((1, 1, 2))) for i in range(n) for j in range(i + 1, n) if rng.random() < 0.45]
        exits = rng.sample(range(n), rng.randint(1, 2))
        start = rng.choice([v for v in range(n) if v not in exits])
        g = Instance.from_edges(edges, exits=exits, start=start, vertices=range(n)).graph()
        for game in ("nemesis", "blizzard"):
            assert solve_graph(g, game, strategy=False).winner == plain_winner(g, game)


def test_checker_rejects_wrong_strategies():
    g = Instance.from_edges([("s", "a"), ("a", "x"), ("a", "b"), ("b", "y")], exits={"x", "y"}, start="s").graph()
    r = solve_graph(g)
    assert r.winner == "nemesis"
    assert check_strategy(g, "nemesis", g.start, r.strategy)[0]
    # a fugitive "strategy" that ignores the deletion of a-x
    bad = {"move": "a", "then": {"replies": [], "otherwise": {"move": "x"}}}
    ok, msg = check_strategy(g, "nemesis", g.start, bad)
    assert not ok and "deleted edge" in msg
    # a Nemesis strategy that forgets a move
    assert not check_strategy(g, "nemesis", g.start, {"position": "s", "moves": []})[0]
    # Blizzard may not delete far away
    far = {"position": "s", "moves": [{"move": "a", "delete": ["b", "y"], "then": {"position": "a", "moves": []}}]}
    ok, msg = check_strategy(g, "blizzard", g.start, far)
    assert not ok


def test_double_edge_to_exit_wins():
    g = Instance.from_edges([("s", "a"), ("a", "x", 2)], exits={"x"}, start="s").graph()
    r = solve_graph(g)
    assert r.winner == "fugitive" and check_strategy(g, "nemesis", g.start, r.strategy)[0]


def test_grid_5x5_all_starts_win_with_checked_strategies():
    g = grid(5, 5).graph()
    starts = winning_starts(g)
    assert len(starts) == 25
    r = solve_graph(g, start=g.index["r2c2"])
    assert check_strategy(g, "nemesis", g.index["r2c2"], r.strategy)[0]


def test_grid_7x7_centre_is_lost_for_the_fugitive(python_grid7):
    """Distance 4 from every exit: the Nemesis wins (the benchmark checks her 60,000-node strategy)."""
    g, c, sr = python_grid7
    assert not sr.f_turn(c, g.mult)[0]
    assert sr.f_turn(g.index["r2c3"], g.mult)[0]
    # a strategy above the node cap is not built, the winner stays exact (tables reused)
    r = solve_graph(g, start=c, search=sr, max_strategy=100)
    assert r.winner == "nemesis" and r.strategy is None and r.stats["strategy_too_large"] == 100


def test_timeout_raises_limit():
    g = grid(9, 9).graph()
    try:
        solve_graph(g, deadline=Deadline(0))
    except LimitReached:
        return
    raise AssertionError("expected LimitReached")
