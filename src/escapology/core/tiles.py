"""Fields and tiles with open sides, shared by the two Labyrinth games.

The ASP-competition Labyrinth and the aMAZEing Labyrinth both describe a square by the bit mask of
its open sides (connections) and draw it with box-drawing characters, and walk from square to
square through open passages (:func:`reachable_from`).

>>> ARMS[N | E], ARMS[N | E | S | W]
('└', '┼')
>>> OPPOSITE[E] == W
True
"""

from __future__ import annotations

from typing import Callable, Iterable

N, E, S, W = 1, 2, 4, 8
OPPOSITE: dict[int, int] = {N: S, S: N, E: W, W: E}

#: The box-drawing glyph of every non-empty open-sides mask.
ARMS: dict[int, str] = {
    N: "╵", E: "╶", S: "╷", W: "╴",
    N | S: "│", E | W: "─",
    N | E: "└", E | S: "┌", S | W: "┐", N | W: "┘",
    E | S | W: "┬", N | S | W: "┤", N | E | W: "┴", N | E | S: "├",
    N | E | S | W: "┼",
}


def reachable_from(start: Iterable[int], neighbours: Callable[[int], Iterable[int]]) -> set[int]:
    """Every square a walker on any of the ``start`` squares can reach, where ``neighbours(x)``
    are the squares joined to ``x`` by an open passage (a search over the passages).

    >>> sorted(reachable_from([0], lambda x: [x + 1] if x < 3 else []))
    [0, 1, 2, 3]
    """
    seen = set(start)
    todo = list(seen)
    while todo:
        x = todo.pop()
        for y in neighbours(x):
            if y not in seen:
                seen.add(y)
                todo.append(y)
    return seen
