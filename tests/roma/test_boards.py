"""Triangular and hexagonal boards (Section 5) against an exhaustive count."""

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from escapology.core.errors import InputError
from escapology.roma.boards import format_graph_facts, hex_board, tri_board
from escapology.roma.graph import count_graph, is_graph_solution, read_graph_facts, solve_graph


def brute_count(inst):
    movers = [v for v in inst.graph.nodes if v not in inst.roma]
    choices = [[inst.hints[v]] if v in inst.hints else list(inst.graph.successors(v)) for v in movers]
    n = 0
    for pick in itertools.product(*choices):
        if not is_graph_solution(inst, dict(zip(movers, pick))):
            n += 1
    return n


def random_board(seed, build):
    rng = random.Random(seed)
    rows, cols = rng.randint(1, 3), rng.randint(2, 3)
    labels = [[rng.randint(0, 2) for _ in range(cols)] for _ in range(rows)]
    g = [["."] * cols for _ in range(rows)]
    g[rng.randrange(rows)][rng.randrange(cols)] = "O"
    return build(labels, ["".join(r) for r in g])


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from([tri_board, hex_board]))
def test_engine_counts_like_brute_force(seed, build):
    inst = random_board(seed, build)
    n = brute_count(inst)
    assert count_graph(inst) == n
    succ = solve_graph(inst)
    assert (succ is None) == (n == 0)
    if succ is not None:
        assert is_graph_solution(inst, succ) == []


def test_triangles_have_three_directions_and_boxes_use_each_once():
    inst = tri_board(["AAA", "AAA"], ["...", ".O."])
    for v in inst.graph.nodes:
        colours = {d for _, _, d in inst.graph.out_edges(v, data="colour")}
        up = (v[0] + v[1]) % 2 == 0
        assert colours <= ({"<", ">", "v"} if up else {"<", ">", "^"})
    # one box of six triangles: five movers, each direction at most once, so no solution
    assert count_graph(inst) == 0
    assert count_graph(tri_board(["ABC", "DEF"], ["...", ".O."])) > 0


def test_hexagons_have_six_neighbours_inside():
    inst = hex_board(["CAA", "ABA", "DAA"], ["...", ".O.", "..."])
    assert inst.graph.out_degree((1, 1)) == 6
    # the six cells around the goal (odd row: (0,1) (0,2) (1,0) (1,2) (2,1) (2,2)) are one box,
    # the goal alone: all six pointing inward use six different directions
    ring = [v for v, b in inst.boxes.items() if b == inst.boxes[(0, 1)]]
    assert len(ring) == 6
    assert count_graph(inst) == brute_count(inst) >= 1
    inward = {v: (1, 1) for v in ring} | {(0, 0): (0, 1), (2, 0): (2, 1)}
    assert is_graph_solution(inst, inward) == []
    assert count_graph(hex_board(["AAA", "ABA", "AAA"], ["...", ".O.", "..."])) == 0  # 8 cells, 6 directions


def test_facts_round_trip_through_the_graph_reader():
    inst = hex_board(["AB", "CD"], ["O5", ".."])
    again = read_graph_facts(format_graph_facts(inst))
    assert count_graph(again) == count_graph(inst) == brute_count(inst)


def test_bad_boards_are_refused():
    with pytest.raises(InputError, match="not an arrow"):
        tri_board(["AB"], ["^O"])  # a ▲ has no up arrow
    with pytest.raises(InputError, match="no goal"):
        hex_board(["AB"], [".."])
    with pytest.raises(InputError, match="cells"):
        hex_board(["AB", "C"], ["O.", "."])
