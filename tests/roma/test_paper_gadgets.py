"""The corner gadget of "All Paths Lead to Rome" (Lemma 3), built from the prose, counted.

docs/roma.md ("Theorem 2's reduction: not built") says that the corner transmits an implication,
not a bit: with the cells around it leading away, its free cells have four completions. This
test builds it and counts, so that the statement is checked, not only argued.
"""


from escapology.roma.bruteforce import all_solutions
from escapology.roma.model import Puzzle
from escapology.roma.reductions.frame import framed_puzzle
from escapology.roma.sat import count

# (row, col) with row 0 at the top: paper cell c_{x,y} is (3 - y, x)
CORNER = {  # cell -> (box, given)
    (0, 0): ("b3", "."), (0, 1): ("b3", "<"), (0, 2): ("b3", ">"), (0, 3): ("b3", "."),  # c03, c13 + a conductor
    (1, 1): ("b2", "^"),                                                               # c12
    (1, 0): ("b0", "."), (2, 0): ("b0", "<"), (3, 0): ("b0", "^"), (3, 1): ("b0", "."),  # c02 c01 c00 c10
    (3, 2): ("b1", "."), (4, 2): ("b1", "^"), (5, 2): ("b1", "v"), (6, 2): ("b1", "."),  # c20 + a conductor
}


def corner_board() -> Puzzle:
    """The gadget shifted by (1, 1) into a 9x7 board whose other cells are given arrows leading
    to a goal at (0, 0) without ever pointing into the gadget (a BFS tree around it)."""
    gad = {(r + 1, c + 1): v for (r, c), v in CORNER.items()}
    return framed_puzzle(gad, rows=9, cols=7)


def test_the_corner_gadget_has_four_completions_and_lemma_3_holds_in_each():
    p = corner_board()
    sols = all_solutions(p)
    assert count(p) == (len(sols), True) and len(sols) == 4
    free = {"c03": (1, 1), "c02": (2, 1), "c10": (4, 2), "c20": (4, 3)}
    seen = {tuple(s[r][c] for r, c in free.values()) for s in sols}
    assert seen == {("v", "v", ">", ">"), ("^", ">", "v", "<"), ("^", ">", "v", ">"), ("^", "v", ">", ">")}
    for c03, _, c10, c20 in seen:
        assert c20 != "<" or c03 == "^"  # Lemma 3, first statement
        assert c03 != "v" or c10 == ">"  # Lemma 3, second statement
