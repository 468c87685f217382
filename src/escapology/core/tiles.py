"""Fields and tiles with open sides, shared by the two Labyrinth games.

The ASP-competition Labyrinth and the aMAZEing Labyrinth both describe a square by the bit mask of
its open sides (connections) and draw it with box-drawing characters.

>>> ARMS[N | E], ARMS[N | E | S | W]
('└', '┼')
>>> OPPOSITE[E] == W
True
"""

from __future__ import annotations

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
