"""The SAT encoding watches the deadline while it is built (issue 32): a board whose encoding takes
seconds (a box of thousands of cells: millions of pairwise clauses) stops at the deadline, in a
library call too, where no watchdog runs."""

from __future__ import annotations

import pytest

from escapology.core.limits import Deadline, LimitReached
from escapology.core.results import Status
from escapology.roma import sat
from escapology.roma.model import Puzzle


class CountingDeadline(Deadline):
    """A deadline that passes at its ``after``-th look."""

    def __init__(self, after: int) -> None:
        super().__init__(None)
        self.after, self.looks = after, 0

    def expired(self) -> bool:
        self.looks += 1
        return self.looks >= self.after


def big_box(n: int) -> Puzzle:
    """An ``n x n`` board of two boxes (a column and the rest) with one Roma cell."""
    labels = [[0 if c == 0 else 1 for c in range(n)] for _ in range(n)]
    givens = ["O" + "." * (n - 1)] + ["." * n] * (n - 1)
    return Puzzle.from_labels(labels, givens)


def test_the_encoding_polls_the_deadline_while_it_is_built() -> None:
    deadline = CountingDeadline(after=3)
    with pytest.raises(LimitReached):
        sat.RomaSat(big_box(60), deadline=deadline)
    assert deadline.looks == 3  # it looked while building, and stopped at once


def test_solve_answers_unknown_when_the_encoding_outlasts_the_deadline() -> None:
    result = sat.solve(big_box(60), deadline=CountingDeadline(after=2))
    assert result.status is Status.UNKNOWN and result.stats["sat_calls"] == 0


def test_without_a_deadline_the_encoding_is_whole() -> None:
    result = sat.solve(big_box(4))
    assert result.status in (Status.SOLVED, Status.UNSOLVABLE)
