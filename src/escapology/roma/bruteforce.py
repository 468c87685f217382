"""A plain exhaustive Roma solver, the reference that the fast solvers are tested against.

It tries every arrow in every free cell (row-major), pruning only arrows that leave the board and
directions already used in the box, and checks each complete grid with :func:`checker.violations`.
Exponential; meant for boards of about a dozen cells.

>>> from escapology.roma.model import Puzzle
>>> len(all_solutions(Puzzle.from_labels(["AB", "CD"], ["O.", ".."])))
4
"""

from __future__ import annotations

from escapology.roma.checker import violations
from escapology.roma.model import DIRECTIONS, EMPTY, Puzzle, Solution


def all_solutions(puzzle: Puzzle, limit: int | None = None) -> list[Solution]:
    """Every solution of ``puzzle`` (at most ``limit``), in lexicographic order of the choices."""
    grid = [list(row) for row in puzzle.givens]
    free = [cell for cell in puzzle.cells() if puzzle.given(cell) == EMPTY]
    used = [set() for _ in range(puzzle.n_boxes)]
    for cell in puzzle.cells():
        ch = puzzle.given(cell)
        if ch in DIRECTIONS:
            if ch in used[puzzle.box(cell)]:
                return []
            used[puzzle.box(cell)].add(ch)
    out: list[Solution] = []

    def rec(i: int) -> bool:
        if limit is not None and len(out) >= limit:
            return True
        if i == len(free):
            sol = tuple("".join(row) for row in grid)
            if not violations(puzzle, sol):
                out.append(sol)
            return False
        cell = free[i]
        b = puzzle.box(cell)
        for d in DIRECTIONS:
            if d in used[b] or puzzle.neighbour(cell, d) is None:
                continue
            grid[cell[0]][cell[1]] = d
            used[b].add(d)
            stop = rec(i + 1)
            used[b].discard(d)
            grid[cell[0]][cell[1]] = EMPTY
            if stop:
                return True
        return False

    rec(0)
    return out


def count_bruteforce(puzzle: Puzzle) -> int:
    """The number of solutions, by exhaustive search."""
    return len(all_solutions(puzzle))


__all__ = ["all_solutions", "count_bruteforce"]
