"""An independent checker of Roma solutions; it never calls a solver.

:func:`violations` names every violation: a malformed grid, a changed given, a missing or extra goal,
a duplicate arrow in a box, a cell whose path leaves the board, a cell whose path loops.

>>> from escapology.roma.model import Puzzle
>>> p = Puzzle.from_labels(["AB", "CD"], ["O.", ".."])
>>> violations(p, ["O<", "^<"])
[]
>>> [v.kind for v in violations(p, ["Ov", "^^"])]
['loop']
>>> [v.kind for v in violations(Puzzle.from_labels(["ABB", "CCC"], ["O..", "..."]), ["O..", ">>."])]
['empty', 'empty', 'empty', 'duplicate-arrow']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from escapology.core.wording import plural
from escapology.roma.model import COORDINATES, DELTA, DIRECTIONS, EMPTY, GOAL, Cell, Puzzle, cell_name


@dataclass(frozen=True)
class Violation:
    """One broken rule, the cells involved and a sentence for the user."""

    kind: str  # shape | empty | symbol | given | goal | duplicate-arrow | leaves-board | loop
    cells: tuple[Cell, ...]
    message: str

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "cells": [list(c) for c in self.cells], "message": self.message}


def violations(puzzle: Puzzle, solution: Sequence[str]) -> list[Violation]:
    """Every violation of the rules by ``solution`` (an empty list means it is a solution)."""
    R, C = puzzle.rows, puzzle.cols
    if len(solution) != R or any(len(row) != C for row in solution):
        return [Violation("shape", (), f"the solution is not a {R}x{C} grid")]
    out: list[Violation] = []
    for r in range(R):
        for c in range(C):
            ch, g = solution[r][c], puzzle.givens[r][c]
            if ch == EMPTY and g != GOAL:
                out.append(Violation("empty", ((r, c),), f"cell {COORDINATES.name(r, c)} has no arrow"))
            elif ch not in DIRECTIONS and ch != GOAL:
                out.append(Violation("symbol", ((r, c),), f"cell {COORDINATES.name(r, c)} holds {ch!r}, not an arrow or O"))
            elif g == GOAL and ch != GOAL:
                out.append(Violation("goal", ((r, c),), f"the goal {COORDINATES.name(r, c)} holds {ch!r}"))
            elif g != GOAL and ch == GOAL:
                out.append(Violation("goal", ((r, c),), f"cell {COORDINATES.name(r, c)} is not a goal but holds O"))
            elif g not in (EMPTY, GOAL) and ch != g:
                out.append(Violation("given", ((r, c),), f"cell {COORDINATES.name(r, c)} must hold the given {g!r}, not {ch!r}"))
    # duplicate arrows are named even when other cells are still empty or wrong (a partial grid
    # is checked box by box); only arrows count, empty cells and goals never clash
    cell_errors = bool(out)
    for b, cells in enumerate(puzzle.box_cells):
        seen: dict[str, Cell] = {}
        for cell in cells:
            ch = solution[cell[0]][cell[1]]
            if ch not in DIRECTIONS:
                continue
            if ch in seen:
                a = seen[ch]
                out.append(
                    Violation("duplicate-arrow", (a, cell), f"the box of {cell_name(a)} has {ch!r} twice, also at {cell_name(cell)}")
                )
            else:
                seen[ch] = cell
    if cell_errors:
        return out  # the paths of an incomplete grid are not followed
    # follow the arrows; fate[r][c]: -2 unknown, -3 on the current path, -1 reaches a goal,
    # k >= 0 ends in failure k (a loop or an arrow leaving the board)
    fate = [[-2] * C for _ in range(R)]
    failures: list[tuple[str, tuple[Cell, ...], str]] = []
    for r0 in range(R):
        for c0 in range(C):
            if fate[r0][c0] != -2:
                continue
            path: list[Cell] = []
            r, c = r0, c0
            while True:
                if fate[r][c] == -3:  # a new loop
                    loop = tuple(path[path.index((r, c)):])
                    failures.append(("loop", loop, f"the arrows from {COORDINATES.name(r, c)} run in a loop of {len(loop)} cells"))
                    result = len(failures) - 1
                    break
                if fate[r][c] != -2:
                    result = fate[r][c]
                    break
                ch = solution[r][c]
                if ch == GOAL:
                    result = -1
                    break
                fate[r][c] = -3
                path.append((r, c))
                dr, dc = DELTA[ch]
                if not (0 <= r + dr < R and 0 <= c + dc < C):
                    failures.append(("leaves-board", ((r, c),), f"the arrow {ch!r} at {COORDINATES.name(r, c)} leaves the board"))
                    result = len(failures) - 1
                    break
                r, c = r + dr, c + dc
            for a, b in path:
                fate[a][b] = result
    for k, (kind, cells, message) in enumerate(failures):
        n = sum(row.count(k) for row in fate)
        out.append(Violation(kind, cells, f"{message}; {plural(n, 'cell')} end there instead of at a goal"))
    return out


def is_solution(puzzle: Puzzle, solution: Sequence[str]) -> bool:
    """True iff ``solution`` breaks no rule."""
    return not violations(puzzle, solution)
