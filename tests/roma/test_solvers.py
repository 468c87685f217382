import random

from hypothesis import given, settings

from escapology.core.results import Status
from escapology.roma.bruteforce import all_solutions
from escapology.roma.checker import violations
from escapology.roma.dp import DPStats, count_dp
from escapology.roma.graph import count_graph, from_puzzle, solve_graph
from escapology.roma.io import decode_url
from escapology.roma.model import Puzzle
from escapology.roma.sat import count, solve

from .conftest import puzzles


def test_real_puzzles_solved_unique_and_equal_to_the_published_solution(reals):
    for d in reals:
        p = decode_url(d["pzprjs_url"])
        r = solve(p)
        assert r.status is Status.SOLVED and r.unique is True, d["id"]
        assert r.solution == tuple(d["solution"]) and violations(p, r.solution) == []


def test_real_puzzles_counted_by_dp_and_sat(reals):
    for d in reals:
        p = decode_url(d["pzprjs_url"])
        if p.rows * p.cols <= 36:
            assert count_dp(p) == 1 == count(p)[0]


def test_real_puzzles_bare_boards_have_many_solutions_and_both_counters_agree(reals):
    for d in reals:
        p = decode_url(d["pzprjs_url"]).bare()
        if p.rows * p.cols <= 16:
            n, exact = count(p, cap=100000)
            assert exact and n == count_dp(p) > 1


@settings(max_examples=150, deadline=None)
@given(puzzles)
def test_sat_dp_and_bruteforce_agree(p):
    brute = all_solutions(p)
    assert count(p) == (len(brute), True)
    assert count_dp(p) == len(brute)
    r = solve(p)
    if not brute:
        assert r.status is Status.UNSOLVABLE
    else:
        assert r.solution in brute and r.unique == (len(brute) == 1)
        if len(brute) > 1:
            assert r.second in brute and r.second != r.solution


@settings(max_examples=60, deadline=None)
@given(puzzles)
def test_graph_engine_agrees_with_the_grid_solver(p):
    inst = from_puzzle(p)
    n = count(p)[0]
    assert count_graph(inst) == n
    succ = solve_graph(inst)
    assert (succ is None) == (n == 0)


def test_count_cap_and_timeout():
    p = Puzzle.from_labels(["ABC", "DEF", "GHI"], ["....", "O..", "..."][:0] or ["...", ".O.", "..."])
    n = count(p)[0]
    assert n == count_dp(p) > 10
    assert count(p, cap=5) == (5, False)
    assert count(p, cap=n) == (n, True)
    assert solve(p, timeout=0).status is Status.UNKNOWN


def test_dp_reports_table_sizes():
    stats = DPStats()
    count_dp(Puzzle.from_labels([["A"] * 4] * 4, ["....", ".O..", "....", "...."]), stats=stats)
    assert stats.max_states > 1


def test_larger_random_boards_sat_vs_dp():
    from escapology.roma.generator import random_partition

    rng = random.Random(5)
    for _ in range(12):
        n = rng.randint(4, 5)
        goal = (rng.randrange(n), rng.randrange(n))
        g = [["."] * n for _ in range(n)]
        g[goal[0]][goal[1]] = "O"
        for _ in range(rng.randint(2, 6)):
            r, c = rng.randrange(n), rng.randrange(n)
            if g[r][c] == ".":
                g[r][c] = rng.choice("^v<>")
        p = Puzzle.from_labels(random_partition(n, n, 4, [goal], rng), ["".join(r) for r in g])
        k, exact = count(p, cap=3000)
        assert (k == count_dp(p)) if exact else (count_dp(p) > 3000)


def test_dp_counts_spanning_trees_on_boards_of_one_cell_boxes():
    """With 1-cell boxes the solutions are the spanning trees rooted at the goal, counted by
    Kirchhoff's matrix-tree theorem, whatever the goal: an independent check of the DP."""
    import networkx as nx

    for n, m, goal in [(2, 3, (0, 0)), (3, 3, (1, 1)), (3, 4, (2, 0)), (4, 4, (1, 2)), (2, 5, (1, 4))]:
        g = ["".join("O" if (r, c) == goal else "." for c in range(m)) for r in range(n)]
        p = Puzzle.from_labels([[r * m + c for c in range(m)] for r in range(n)], g)
        trees = round(nx.number_of_spanning_trees(nx.grid_2d_graph(n, m)))
        assert count_dp(p) == trees
        if n * m <= 9:
            assert count(p)[0] == trees


def test_grid_variables_match_the_engine_arcs(reals):
    from escapology.roma.sat import RomaSat

    for d in reals:
        p = decode_url(d["pzprjs_url"])
        with RomaSat(p) as enc:
            for (r, c, dd), x in enc.var.items():
                assert enc.arc_var[((r, c), p.neighbour((r, c), dd))] == x


def test_graph_facts_and_checker():
    from escapology.roma.graph import is_graph_solution, read_graph_facts

    text = "arc(1,2,a). arc(2,1,a). arc(2,3,b). arc(1,3,b). arc(4,1,a). arc(4,2,b). roma(3). box(1,x). box(2,x). box(4,y)."
    inst = read_graph_facts(text)
    n = count_graph(inst)
    assert n == 4  # 1->2 or 1->3, 2->3 or 2->1 (not both 1<->2, not both colour a/b twice), 4 free
    succ = solve_graph(inst)
    assert is_graph_solution(inst, succ) == []
    bad = dict(succ)
    bad[1], bad[2] = 2, 1
    assert is_graph_solution(inst, bad)


def test_every_pysat_solver_answers_under_a_deadline():
    """Solvers that cannot be interrupted (lingeling) still answer with a deadline set; one that
    has passed gives unknown for every solver."""
    p = Puzzle.from_labels(["ABC", "DEF", "GHI"], ["...", ".O.", "..."])
    n = count_dp(p)
    for name in ("glucose4", "cadical153", "cadical195", "lingeling", "minisat22"):
        r = solve(p, timeout=60, solver=name)
        assert r.status is Status.SOLVED and r.unique is (n == 1), name
        assert violations(p, r.solution) == [], name
        assert count(p, timeout=60, solver=name) == (n, True), name
        assert solve(p, timeout=0, solver=name).status is Status.UNKNOWN, name
