from escapology.roma.checker import violations
from escapology.roma.model import Puzzle

P = Puzzle.from_labels(["AAB", "CCB"], ["..O", "..."])


def kinds(sol):
    return sorted(v.kind for v in violations(P, sol))


def test_valid():
    assert violations(P, [">vO", "^>^"]) == []


def test_each_violation_is_named():
    assert kinds([">vO", "^<^"]) == ["loop"]
    assert kinds(["<vO", "^>^"]) == ["leaves-board"]
    assert kinds([">vO", ">>^"]) == ["duplicate-arrow"]
    assert kinds([">v>", "^>^"]) == ["goal"]
    assert kinds([">vO", "^>O"]) == ["goal"]
    assert kinds([">vO"]) == ["shape"]
    assert kinds([">xO", "^>^"]) == ["symbol"]


def test_given_changed():
    p = P.with_givens(["^.O", "..."])
    assert [v.kind for v in violations(p, [">vO", "^>^"])] == ["given"]


def test_messages_name_cells():
    v = violations(P, [">vO", "^<^"])[0]
    assert "loop of 4 cells" in v.message and set(v.cells) == {(0, 0), (0, 1), (1, 1), (1, 0)}
    d = violations(P, [">vO", ">>^"])[0]
    assert set(d.cells) == {(1, 0), (1, 1)} and "twice" in d.message
    e = violations(P, ["<vO", "^>^"])[0]
    assert e.cells == ((0, 0),) and "leaves the board" in e.message


def test_duplicate_arrows_are_named_while_cells_are_empty():
    # the box CC holds '>' twice while (0,0) is still empty: both rules are reported
    assert kinds([".vO", ">>^"]) == ["duplicate-arrow", "empty"]
    # and with a wrong given too
    p = P.with_givens(["^.O", "..."])
    assert sorted(v.kind for v in violations(p, ["v<O", ">>."])) == ["duplicate-arrow", "empty", "given"]
