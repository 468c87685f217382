"""roma-planar3sat with crossings: formulas without a crossing-free line drawing are routed through
Lichtenstein's crossover drawn as a swap (escapology.roma.reductions.crossings), and the number of
Roma solutions is still the number of models (Theorems 2 and 10, parsimonious).

The moves are checked on the formula side first (fast: every model of the drawn formula, by
python-sat, projected onto the input's variables, against a brute-force count), each move in a
frame of its own (two crossing clauses and nothing else), then whole boards by `roma count`; the
readers' new limits last."""

import itertools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.solvers import Solver
from typer.testing import CliRunner

from escapology.cli import app
from escapology.core.errors import InputError
from escapology.roma.io import MAX_CELLS, decode_url, read_puzzles, size_problem
from escapology.roma.model import Puzzle
from escapology.roma.reductions import crossings
from escapology.roma.reductions.crossings import Drawing, _swap, _tight_swap, expand, interleavings, merge, route, route_complete
from escapology.roma.reductions.layout import DOWN, UP, check_drawable, crosses, monotone_copies
from escapology.roma.reductions.planar3sat import planar3sat_to_roma
from escapology.roma.sat import count

runner = CliRunner()


def brute_models(n: int, clauses: list[list[int]]) -> set[tuple[bool, ...]]:
    return {bits for bits in itertools.product((False, True), repeat=n)
            if all(any(bits[abs(lit) - 1] == (lit > 0) for lit in cl) for cl in clauses)}


def projected_models(variables: list[int], clauses: list[list[int]], project: int) -> tuple[int, set[tuple[bool, ...]]]:
    """All models of ``clauses`` over ``variables`` (the slots of a line, used by a clause or not):
    their number and their projections onto ``1..project``."""
    total, seen = 0, set()
    with Solver(name="g4", bootstrap_with=clauses + [[v, -v] for v in variables]) as s:
        while s.solve():
            m = s.get_model()
            total += 1
            seen.add(tuple(m[v - 1] > 0 for v in range(1, project + 1)))
            s.add_clause([-m[v - 1] for v in variables])  # block this model on the line's slots only
            assert total <= 4096
    return total, seen


def assert_parsimonious(n: int, clauses: list[list[int]], d: Drawing) -> None:
    """Every model of the input extends in exactly one way to the drawing's formula."""
    assert set(range(1, n + 1)) <= set(d.order)
    assert {abs(lit) for cl in d.clauses for lit in cl} <= set(d.order)
    total, seen = projected_models(d.order, d.clauses, n)
    want = brute_models(n, clauses)
    assert seen == want and total == len(want)


def line_models(lf) -> int:
    """The models of a line formula over all its slots (pysat over 1..max, a slot in no clause doubles)."""
    top = max((abs(lit) for cl in lf.clauses() for lit in cl), default=0)
    with Solver(name="g4", bootstrap_with=lf.clauses()) as s:
        return sum(1 for _ in s.enum_models()) * 2 ** (lf.n_slots - top)


def random_cnf(rng: random.Random, n: int, m: int, width: int | None = None) -> list[list[int]]:
    return [[v * rng.choice((1, -1)) for v in rng.sample(range(1, n + 1), width or rng.randint(1, min(3, n)))]
            for _ in range(m)]


# -- each move in a frame of its own: two clauses whose gaps interleave, nothing else ------------
signs = st.tuples(*[st.sampled_from((1, -1))] * 4)


@settings(max_examples=40, deadline=None)
@given(signs, st.sampled_from((UP, DOWN)), st.sampled_from(("left", "right")), st.sampled_from(("left", "right")))
def test_a_swap_with_links_uncrosses_two_clauses_and_keeps_every_model(sg, page, keep_x, keep_y):
    # X = (x1 or x3) over slots 0, 2 and Y = (x2 or x4) over slots 1, 3 cross; the swap goes between
    # slots 1 and 2, and each clause keeps either piece of its gap (the other becomes a link)
    clauses = [[sg[0] * 1, sg[1] * 3], [sg[2] * 2, sg[3] * 4]]
    d = Drawing(4, [1, 2, 3, 4], clauses, [page, page])
    assert d.crossing_pairs() == [(0, 1)]
    e = _swap(d, 0, 0, 2, keep_x, 1, 1, 3, keep_y, 2)
    assert e.crossing_pairs() == [] and e.swaps == 1 and e.n_vars == 4 + 9
    assert_parsimonious(4, clauses, e)
    check_drawable(monotone_copies(e.order, e.clauses, e.pages))


@settings(max_examples=40, deadline=None)
@given(signs, st.sampled_from((UP, DOWN)), st.booleans())
def test_a_tight_swap_uncrosses_two_clauses_at_neighbouring_slots_and_keeps_every_model(sg, page, copy):
    # slots L, u, w, R; X = (L or w) comes from the left, Y = (u or R) goes to the right: they cross
    # between u and w; with `copy`, u and w are one variable's block (w = not u), else two variables
    clauses = [[sg[0] * 1, sg[1] * 3], [sg[2] * 2, sg[3] * 4]]
    pages = [page, page]
    if copy:
        clauses += [[2, 3], [-2, -3]]
        pages += [UP, DOWN]
    d = Drawing(4, [1, 2, 3, 4], clauses, pages)
    e = _tight_swap(d, 0, 1, 1)
    assert e.crossing_pairs() == [] and e.n_vars == 4 + 7
    assert e.order[:2] == [1, 2] and e.order[-2:] == [3, 4]  # u is b1, w is a2: no links
    assert_parsimonious(4, clauses, e)
    check_drawable(monotone_copies(e.order, e.clauses, e.pages))


def test_merging_undoes_a_copy_the_drawing_does_not_need():
    # x1 split into x1, x5 = not x1 for the second clause; nothing crosses, so the copy goes back
    d = Drawing(5, [1, 5, 2], [[1, 2], [-5, -2], [1, 5], [-1, -5]], [UP, DOWN, UP, DOWN], made=frozenset({5}))
    e = merge(d)
    assert e.order == [1, 2] and sorted(map(sorted, e.clauses)) == [[-2, 1], [1, 2]]
    assert merge(Drawing(5, [1, 5, 2], d.clauses, d.pages)).order == [1, 5, 2]  # an input variable stays


def test_the_tight_swap_on_a_board_has_one_solution_per_model():
    # the frame of the board side: the tight swap's formula (copy case) drawn and counted by the SAT counter
    clauses, pages = [[1, 3], [2, 4], [2, 3], [-2, -3]], [UP, UP, UP, DOWN]
    e = _tight_swap(Drawing(4, [1, 2, 3, 4], clauses, pages), 0, 1, 1)
    red_line = monotone_copies(e.order, e.clauses, e.pages)
    from escapology.roma.reductions.board import build_board

    p = build_board(red_line).puzzle
    assert count(p, cap=20, timeout=120) == (len(brute_models(4, clauses)), True) == (line_models(red_line), True)


# -- the whole formula side on random formulas, crossings included --------------------------------
@settings(max_examples=15, deadline=None)
@given(st.integers(2, 6), st.integers(1, 8), st.integers(0, 10**9), st.booleans())
def test_routed_formulas_are_drawable_and_keep_every_model(n, m, seed, three):
    rng = random.Random(seed)
    clauses = random_cnf(rng, n, m, 3 if three and n >= 3 else None)
    norm = crossings_input(clauses)
    try:
        d = route(n, norm)
    except InputError as e:  # only beyond the limit on swaps: the complete router takes the rest
        assert "crossover" in e.message and str(crossings.MAX_SWAPS) in e.message
        return
    lf = monotone_copies(d.order, d.clauses, d.pages)  # checks that it is drawable
    check_drawable(lf)
    assert_parsimonious(n, norm, d)
    assert line_models(lf) == len(brute_models(n, norm))


# -- the complete router: every interleaving pair of gaps costs exactly one swap ------------------
def test_the_cut_swap_swaps_two_nested_pieces_and_has_nothing_of_its_side_right_of_b2():
    from escapology.roma.reductions.planarize import CROSSOVER_CUT, swap_drawing

    arcs = swap_drawing(CROSSOVER_CUT)
    for (p, s), (q, t) in itertools.combinations(arcs, 2):
        assert p != q or not crosses(s, t), (s, t)
    (la, a1), (lb, b1), (a2, ra), (b2, rb) = (arc for _, arc in arcs[:4])
    assert la < lb < b1 < a1 < b2 < a2 < ra < rb and a2 == b2 + 1
    assert all(arc[-1] <= b2 for side, arc in arcs[4:] if side == "P")  # the cut right after b2


def random_drawing(data, n_max: int = 5, m_max: int = 6) -> tuple[int, list[list[int]], Drawing]:
    """A random formula drawn in a random order with random pages (crossings and all)."""
    n = data.draw(st.integers(2, n_max))
    m = data.draw(st.integers(1, m_max))
    clauses = [data.draw(st.lists(st.integers(1, n), min_size=1, max_size=min(3, n), unique=True)) for _ in range(m)]
    clauses = crossings_input([[v * data.draw(st.sampled_from((1, -1))) for v in cl] for cl in clauses])
    order = data.draw(st.permutations(list(range(1, n + 1))))
    pages = [data.draw(st.sampled_from((UP, DOWN))) for _ in clauses]
    return n, clauses, Drawing(n, list(order), clauses, pages)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_the_complete_router_removes_every_crossing_with_one_swap_per_interleaving_pair(data):
    n, clauses, d = random_drawing(data)
    e = expand(d)
    need = interleavings(e.arcs(), e.pages)
    r = route_complete(e, len(clauses))
    assert r.swaps == need and r.crossing_pairs() == []
    check_drawable(monotone_copies(r.order, r.clauses, r.pages))
    assert_parsimonious(n, clauses, r)
    assert_parsimonious(n, clauses, merge(r))


#: The formulas of :func:`stream_formula` (seeds 0-999) on which the greedy gives up on every drawing
#: (52; ``crossings.route`` refused them with "found no way to route" before the complete router;
#: 4 more of the stream are refused for more than MAX_SWAPS crossing pairs).
GREEDY_REFUSED = (21, 77, 79, 80, 97, 107, 173, 177, 221, 265, 288, 293, 301, 305, 337, 357, 375, 389, 427,
                  435, 441, 459, 463, 467, 489, 496, 505, 519, 523, 531, 535, 549, 567, 571, 615, 652, 669,
                  711, 721, 733, 755, 773, 777, 787, 795, 799, 873, 905, 941, 951, 991, 997)


def stream_formula(seed: int) -> tuple[int, list[list[int]]]:
    """Formula ``seed`` of the routing run of docs/roma.md: 2-6 variables, 1-8 clauses, the odd
    seeds with three literals per clause (normalised as the routing gets them)."""
    rng = random.Random(seed)
    n, m = rng.randint(2, 6), rng.randint(1, 8)
    return n, crossings_input(random_cnf(rng, n, m, 3 if seed % 2 and n >= 3 else None))


@pytest.mark.parametrize("seed", GREEDY_REFUSED)
def test_formulas_the_greedy_gives_up_on_are_routed_by_the_complete_router(seed):
    # what route does once the greedy has given up (the greedy itself is 0.2-13 s per formula: not rerun)
    n, clauses = stream_formula(seed)
    tried = crossings.drawings(n, clauses)
    expanded = [expand(d, fewest_pairs=True) for d in tried]
    need = min(interleavings(e.arcs(), e.pages) for e in expanded)
    assert len(tried[0].crossing_pairs()) <= need <= crossings.MAX_SWAPS  # within the limit: routed
    e = next(e for e in expanded if interleavings(e.arcs(), e.pages) == need)
    d = merge(route_complete(e, len(clauses)))
    assert d.swaps == need and d.crossing_pairs() == []
    check_drawable(monotone_copies(d.order, d.clauses, d.pages))
    assert_parsimonious(n, clauses, d)


@pytest.mark.parametrize("seed", (80, 496, 652))
def test_route_falls_back_on_the_complete_router_when_the_greedy_gives_up(seed):
    n, clauses = stream_formula(seed)
    d = route(n, clauses)
    assert d.swaps == min(interleavings(e.arcs(), e.pages)
                          for e in (expand(t, fewest_pairs=True) for t in crossings.drawings(n, clauses)))
    check_drawable(monotone_copies(d.order, d.clauses, d.pages))
    assert_parsimonious(n, clauses, d)


def crossings_input(clauses: list[list[int]]) -> list[list[int]]:
    """What planar3sat_to_roma hands to the routing: normalised, duplicates once."""
    from escapology.roma.reductions.planarize import normalise_clauses

    return [list(c) for c in dict.fromkeys(tuple(sorted(c, key=abs)) for c in normalise_clauses(clauses))]


def test_most_random_3cnfs_with_crossings_are_routed():
    rng = random.Random(5)
    routed = refused = 0
    swaps = []
    for _ in range(15):
        n = rng.randint(3, 6)
        clauses = crossings_input(random_cnf(rng, n, rng.randint(3, 8), 3))
        try:
            d = route(n, clauses)
        except InputError as e:  # only beyond the limit on swaps
            assert str(crossings.MAX_SWAPS) in e.message
            refused += 1
            continue
        routed += 1
        swaps.append(d.swaps)
    assert routed >= 10 and max(swaps) >= 2  # crossings of several pairs were routed


# -- whole boards ---------------------------------------------------------------------------------
def test_a_non_planar_formula_is_reduced_and_roma_count_finds_its_models(tmp_path):
    # three clauses over the same three variables: K3,3 as an incidence graph, not planar
    clauses = [[1, 2, 3], [-1, 2, -3], [1, -2, 3]]
    cnf = tmp_path / "k.cnf"
    cnf.write_text("p cnf 3 3\n" + "".join(" ".join(map(str, c)) + " 0\n" for c in clauses))
    out = tmp_path / "k.roma"
    res = runner.invoke(app, ["reduce", "roma-planar3sat", str(cnf), "-o", str(out), "--format", "json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["swaps"] >= 1
    lines = out.read_text().splitlines()
    assert lines[0] == f"# escapology reduce roma-planar3sat {cnf}" and "number of models" in lines[1]
    (entry,) = read_puzzles(out.read_text())
    assert decode_url(data["url"]) == entry.puzzle  # puzz.link's URL reads back to the same board
    res = runner.invoke(app, ["roma", "count", str(out), "-f", "json"])
    assert json.loads(res.stdout)["count"] == len(brute_models(3, clauses)) == 5


def test_an_unsatisfiable_non_planar_formula_gives_a_board_without_solution():
    # K3,3 again, with x1, x2, x3 forced true, which falsifies (not x1 or not x2 or not x3)
    clauses = [[1, 2, 3], [-1, -2, -3], [1, -2, 3], [1], [2], [3]]
    red = planar3sat_to_roma(3, clauses)
    assert red.swaps >= 1 and not brute_models(3, clauses)
    assert count(red.puzzle, timeout=120) == (0, True)


def test_random_non_planar_formulas_count_their_models():
    # the first formula of a seeded stream (2-6 variables, up to 8 clauses) that needs swaps and gives
    # a board of at most 70,000 cells; more and larger ones are the benchmark's. Seed 9's stream
    # gives one at its first draw (5 variables, 6 clauses, 67,525 cells); seed 2's, used before,
    # at its 310th, and routing the 309 before it took 8 s
    rng = random.Random(9)
    checked = 0
    while checked < 1:
        n = rng.randint(2, 6)
        clauses = random_cnf(rng, n, rng.randint(1, 8))
        try:
            red = planar3sat_to_roma(n, clauses, max_cells=70_000)
        except InputError:
            continue
        if red.swaps == 0:
            continue
        checked += 1
        assert count(red.puzzle, cap=2 ** n + 1, timeout=120) == (len(brute_models(n, clauses)), True)


def test_a_formula_the_greedy_gave_up_on_gives_a_board_with_one_solution_per_model():
    # seed 496 of the stream: one swap by the complete router, a 108 x 1,050 board (about 11 s to count)
    n, clauses = stream_formula(496)
    red = planar3sat_to_roma(n, clauses)
    assert red.swaps == 1
    assert count(red.puzzle, cap=2 ** n + 1, timeout=300) == (len(brute_models(n, clauses)), True) == (4, True)


# -- limits ---------------------------------------------------------------------------------------
def reduce_random_3cnf(tmp_path, *, seed, variables, clauses):
    """``escapology reduce roma-planar3sat`` of a random 3-CNF (``seed``), run in-process."""
    rng = random.Random(seed)
    formula = [[v * rng.choice((1, -1)) for v in rng.sample(range(1, variables + 1), 3)] for _ in range(clauses)]
    cnf = tmp_path / "formula.cnf"
    cnf.write_text(f"p cnf {variables} {clauses}\n" + "".join(" ".join(map(str, c)) + " 0\n" for c in formula))
    return runner.invoke(app, ["reduce", "roma-planar3sat", str(cnf)])


def test_a_board_beyond_the_cell_limit_is_refused_with_one_line(tmp_path):
    # found by the same generator: needs 4 swaps, a board of about 365,000 cells
    res = reduce_random_3cnf(tmp_path, seed=0, variables=6, clauses=8)
    assert res.exit_code == 2, res.output
    assert "cells" in res.output and f"{MAX_CELLS:,}" in res.output and "Traceback" not in res.output
    assert len(res.output.strip().splitlines()) == 1


def test_a_formula_with_too_many_crossings_is_refused_before_routing(tmp_path):
    res = reduce_random_3cnf(tmp_path, seed=1, variables=8, clauses=20)
    assert res.exit_code == 2 and "crossover" in res.output and str(crossings.MAX_SWAPS) in res.output


def test_readers_take_long_thin_boards_within_the_cell_limit():
    assert size_problem(100, 2500) is None and size_problem(1, 5000) is None
    assert "cells" in size_problem(600, 600) and "rows and columns" in size_problem(1, 5001)
    thin = Puzzle.from_labels([["A"] * 3000, ["B"] * 3000], ["O" + "<" * 2999, "^" * 3000])
    from escapology.roma.io import encode_url

    assert decode_url(encode_url(thin)) == thin  # a 2 x 3000 board: wider than the old 500
    with pytest.raises(InputError, match="cells"):
        decode_url("https://puzz.link/p?roma/600/600/")
    with pytest.raises(InputError, match="cells"):
        read_puzzles("roma\n" + ("a" * 700 + "\n") * 400)
