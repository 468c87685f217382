"""The pieces of roma-planar3sat (escapology.roma.reductions.gadgets), each in a frame of its own:
the completions per state, counted by the SAT counter, are what the docstrings prove.

A frame (escapology.roma.reductions.frame) is a breadth-first tree of given arrows to a Roma cell
in the corner that never points into the piece; a piece's loose ends point into the frame. A
state is fixed by giving the arrow of one free cell per wire."""

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from escapology.roma.model import Puzzle
from escapology.roma.reductions.frame import framed_puzzle
from escapology.roma.reductions.gadgets import (
    Canvas,
    Mirror,
    clause_ring,
    horizontal_wire,
    spine_cap,
    vertical_wire,
)
from escapology.roma.sat import count, solve


def framed(cv: Canvas, rows: int, cols: int, fixed: dict | None = None) -> Puzzle:
    """The canvas's cells in a frame, with the arrows of ``fixed`` given in free cells."""
    fixed = fixed or {}
    design = {}
    for cell, sym in cv.symbols.items():
        if cell in fixed:
            assert sym == ".", cell
            sym = fixed[cell]
        design[cell] = (cv.labels.get(cell, ("own", cell)), sym)
    return framed_puzzle(design, rows, cols)


def n_solutions(p: Puzzle) -> int:
    n, exact = count(p, cap=10)
    assert exact
    return n


# -- conductor wires ------------------------------------------------------------------------------
@settings(max_examples=15, deadline=None)
@given(st.integers(1, 4), st.booleans(), st.integers(0, 3))
def test_a_vertical_wire_carries_one_bit(length, up, where):
    cv = Canvas()
    vertical_wire(Mirror(cv), 2, 1 + length, 2, "w")
    assert n_solutions(framed(cv, length + 4, 8)) == 2  # free: its two bits
    row = 2 + where % length
    p = framed(cv, length + 4, 8, {(row, 2): "^" if up else "v"})
    sol = solve(p).solution
    assert n_solutions(p) == 1
    assert {sol[r][2] for r in range(2, 2 + length)} == {"^" if up else "v"}  # the whole column follows
    assert {sol[r][5] for r in range(2, 2 + length)} == {"v" if up else "^"}  # the other column the other way


@settings(max_examples=10, deadline=None)
@given(st.integers(1, 4), st.booleans())
def test_a_horizontal_wire_carries_one_bit(length, right):
    cv = Canvas()
    horizontal_wire(cv, 2, 2, 1 + length, "s")
    assert n_solutions(framed(cv, 8, length + 4)) == 2
    p = framed(cv, 8, length + 4, {(2, 2): ">" if right else "<"})
    sol = solve(p).solution
    assert n_solutions(p) == 1
    assert {sol[2][c] for c in range(2, 2 + length)} == {">" if right else "<"}
    assert {sol[5][c] for c in range(2, 2 + length)} == {"<" if right else ">"}


# -- the spine's cap ------------------------------------------------------------------------------
def test_the_spine_cap_turns_the_flow_in_each_state():
    cv = Canvas()
    horizontal_wire(cv, 2, 2, 3, "s")
    spine_cap(cv, 2, 3)
    for lane in "<>":
        p = framed(cv, 8, 8, {(2, 2): lane})
        assert n_solutions(p) == 1, lane
        sol = solve(p).solution
        # the flow of one lane goes round the cap into the other
        assert (sol[3][4], sol[4][4]) == (("v", "<") if lane == ">" else ("<", "^"))
    assert n_solutions(framed(cv, 8, 8)) == 2


# -- T-junctions ----------------------------------------------------------------------------------
def junction(up: bool) -> tuple[Canvas, int, int]:
    """A spine (rows 4..7 up, 2..5 down) over columns 2..7 with a leg in columns 3..6 of 2 rows."""
    cv = Canvas()
    T = 4 if up else 2
    horizontal_wire(cv, T, 2, 7, "s", [(3, up)])
    view = Mirror(cv, None if up else 2 * T + 3)
    vertical_wire(view, T - 2, T - 1, 3, "leg")
    return cv, T, 10


def test_a_junction_joins_the_leg_to_the_spine_bit_for_bit():
    for up in (True, False):
        cv, T, rows = junction(up)
        lane = T if up else T + 3
        leg = T - 2 if up else T + 5
        for left, right, p_up in itertools.product("<>", "<>", (True, False)):
            p = framed(cv, rows, 10, {(lane, 2): left, (lane, 7): right, (leg, 3): "^" if p_up else "v"})
            # up-leg: top lane right iff P up; down-leg (mirror): bottom lane right iff P down
            want = int(left == right and (left == ">") == (p_up if up else not p_up))
            assert n_solutions(p) == want, (up, left, right, p_up)
        assert n_solutions(framed(cv, rows, 10)) == 2


# -- clause rings and literal gadgets -------------------------------------------------------------
def ring(values: list[bool], opened: bool, up: bool = True, tight: bool = False) -> Puzzle:
    """A clause ring with a literal gadget per value (legs of two rows ending in the frame), its leg
    bits fixed to the values; ``opened``: the ring's top-left corner leaves into the frame;
    ``tight``: the first gadget's first column is the ring's left column, as the board draws it."""
    cv = Canvas()
    k = len(values)
    legs = [3 + 6 * i for i in range(k)]
    left, right = 3 if tight else 2, legs[-1] + 4
    rows = 12
    view = Mirror(cv, None if up else rows - 1)
    clause_ring(view, 5, left, right, legs, "ring")
    fixed = {}
    for c, v in zip(legs, values):
        vertical_wire(view, 7, 8, c, ("leg", c))
        row = 8 if up else rows - 1 - 8
        fixed[(row, c)] = ("^" if v else "v") if up else ("v" if v else "^")
    if opened:
        corner = (3, left) if up else (rows - 1 - 3, left)
        cv.symbols[corner] = "<"
    return framed(cv, rows, right + 3, fixed)


@settings(max_examples=12, deadline=None)
@given(st.lists(st.booleans(), min_size=1, max_size=3), st.booleans(), st.booleans())
def test_a_clause_ring_is_a_loop_unless_a_literal_is_true(values, up, tight):
    assert n_solutions(ring(values, opened=False, up=up, tight=tight)) == int(any(values))


@settings(max_examples=12, deadline=None)
@given(st.lists(st.booleans(), min_size=1, max_size=3), st.booleans(), st.booleans())
def test_an_opened_ring_has_one_completion_in_every_state_and_takes_exactly_the_true_exits(values, up, tight):
    p = ring(values, opened=True, up=up, tight=tight)
    assert n_solutions(p) == 1
    sol = solve(p).solution
    rows = p.rows
    for i, v in enumerate(values):
        e_row, c = (5, 3 + 6 * i + 1) if up else (rows - 1 - 5, 3 + 6 * i + 1)
        exit_arrow = "v" if up else "^"
        assert (sol[e_row][c] == exit_arrow) == v  # the exit is taken iff the literal is true
        cap_row = e_row + (1 if up else -1)
        # no cell of the cap points back into the ring
        assert sol[cap_row][c] != ("^" if up else "v") and sol[cap_row][c + 1] != ("^" if up else "v")


def test_the_literal_gadget_alone_zero_when_false_one_when_true():
    assert [n_solutions(ring([v], opened=False)) for v in (False, True)] == [0, 1]
    assert [n_solutions(ring([v], opened=True)) for v in (False, True)] == [1, 1]
