"""A gadget framed for testing: its cells placed in a board whose other cells are given arrows
that lead to the Roma cell without ever pointing into the gadget.

>>> p = framed_puzzle({(1, 1): ("g", ".")}, rows=3, cols=3)
>>> p.rows, p.cols
(3, 3)
"""

from __future__ import annotations

from collections import deque

from escapology.roma.model import Puzzle

#: the arrow of a cell reached from its neighbour in direction (dr, dc): it points back there
_BACK = {(-1, 0): "v", (1, 0): "^", (0, -1): ">", (0, 1): "<"}

Cell = tuple[int, int]


def framed_puzzle(design: dict[Cell, tuple[str, str]], rows: int, cols: int,
                  goal: Cell = (0, 0)) -> Puzzle:
    """The ``rows`` x ``cols`` puzzle with ``design`` (cell -> (box label, given: an arrow or
    ``.``)) and the Roma cell at ``goal``; every other cell is its own box with a given arrow, on a
    breadth-first tree grown from ``goal`` around the design, so each leads to Rome and none
    points into the design (every frame cell's arrow points at the cell it was reached from)."""
    arrow: dict[Cell, str] = {}
    seen, queue = {goal}, deque([goal])
    while queue:
        r, c = queue.popleft()
        for (dr, dc), a in _BACK.items():
            n = (r + dr, c + dc)
            if 0 <= n[0] < rows and 0 <= n[1] < cols and n not in seen and n not in design:
                seen.add(n)
                arrow[n] = a
                queue.append(n)
    labels = [[design[(r, c)][0] if (r, c) in design else f"f{r}_{c}" for c in range(cols)] for r in range(rows)]
    givens = ["".join(design[(r, c)][1] if (r, c) in design else ("O" if (r, c) == goal else arrow[(r, c)])
                      for c in range(cols)) for r in range(rows)]
    return Puzzle.from_labels(labels, givens)
