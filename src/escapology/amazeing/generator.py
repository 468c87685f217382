"""Positions of the published game, and random positions for tests and benchmarks.

The published game (Ravensburger, *Das verrückte Labyrinth*, 1986) is a 7x7 board with 16 tiles
fixed where an odd row meets an odd column (1-based) and 34 movable tiles, one of them the spare
(Schwahn & Thielen, FUN 2018, §2; the Ravensburger rules list "34 maze cards", "24 object cards"
and 12 insertion arrows). The split of the 34 movable tiles into shapes is **not** in those
sources; we use the split commonly quoted for the game, 12 I + 16 L + 6 T, with treasures on
the 6 T and on 6 of the L tiles, and 12 treasures on the 12 fixed T tiles (24 in all); the four
fixed corners are the L-shaped start squares. The orientation of the four inner fixed T tiles is
our choice (the rules do not state it). All of this is data (:data:`MOVABLE_TILES`), easy to change.

>>> pos = published_position(seed=1, players=2)
>>> pos.rows, pos.cols, sum(pos.fixed), len(pos.legal_shifts()), len(pos.treasures)
(7, 7, 16, 12, 24)
>>> from collections import Counter
>>> from escapology.amazeing.model import shape
>>> sorted(Counter(shape(t) for t, f in zip(pos.tiles + (pos.spare,), pos.fixed + (False,)) if not f).items())
[('I', 12), ('L', 16), ('T', 6)]
"""

from __future__ import annotations

import random
import string

from escapology.amazeing.model import SHAPES, Player, Position, mask, rotations

#: The 34 movable tiles of the published game: (shape, carries a treasure).
MOVABLE_TILES: tuple[tuple[str, bool], ...] = (
    (("I", False),) * 12 + (("L", False),) * 10 + (("L", True),) * 6 + (("T", True),) * 6
)

#: The 16 fixed tiles of the published game: (row, col) -> glyph; T tiles carry treasures.
FIXED_TILES: dict[tuple[int, int], str] = {
    (0, 0): "┌", (0, 2): "┬", (0, 4): "┬", (0, 6): "┐",
    (2, 0): "├", (2, 2): "├", (2, 4): "┬", (2, 6): "┤",
    (4, 0): "├", (4, 2): "┴", (4, 4): "┤", (4, 6): "┤",
    (6, 0): "└", (6, 2): "┴", (6, 4): "┴", (6, 6): "┘",
}

PLAYER_NAMES = ("red", "yellow", "green", "blue")
HOMES = ((0, 0), (0, 6), (6, 6), (6, 0))
TREASURE_NAMES = tuple(string.ascii_uppercase[:24])  # A..L on fixed tiles, M..X on movable ones


def published_position(seed: int | None = None, players: int = 1, cards: int | None = None) -> Position:
    """A random start of the published 7x7 game: movable tiles shuffled and turned at random.

    Each player starts on her home corner with a shuffled hand of treasure cards (``cards`` each,
    default ``24 // players``); her target is the first card.
    """
    rng = random.Random(seed)
    rows = cols = 7
    fixed = Position.standard_fixed(rows, cols)
    tiles = [0] * (rows * cols)
    treasures: dict[str, int] = {}
    names = iter(TREASURE_NAMES)
    for (r, c), g in FIXED_TILES.items():
        tiles[r * cols + c] = mask(g)
        if g in "┬┤┴├":
            treasures[next(names)] = r * cols + c
    deck = list(MOVABLE_TILES)
    rng.shuffle(deck)
    free = [i for i in range(rows * cols) if not fixed[i]]
    for cell, (sh, has_treasure) in zip(free + [-1], deck):
        t = rng.choice(rotations(SHAPES[sh]))
        if cell >= 0:
            tiles[cell] = t
        else:
            spare = t
        if has_treasure:
            treasures[next(names)] = cell
    if not 1 <= players <= 4:
        raise ValueError("the game has 1 to 4 players")
    per = cards if cards is not None else 24 // players
    hand = list(TREASURE_NAMES)
    rng.shuffle(hand)
    ps = []
    for i in range(players):
        mine = tuple(hand[i * per : (i + 1) * per])
        home = HOMES[i][0] * cols + HOMES[i][1]
        ps.append(Player(PLAYER_NAMES[i], home, mine[0] if mine else None, mine[1:], home))
    return Position(rows, cols, tuple(tiles), fixed, spare, treasures, tuple(ps))


def random_position(
    rows: int,
    cols: int,
    *,
    seed: int | None = None,
    fixed: str = "standard",
    shapes: str = "IILLT",
    players: int = 1,
) -> Position:
    """A random ``rows x cols`` position: tiles drawn from ``shapes``, a random target tile per player."""
    rng = random.Random(seed)
    n = rows * cols
    fx = Position.standard_fixed(rows, cols) if fixed == "standard" else (False,) * n
    tiles = tuple(rng.choice(rotations(SHAPES[rng.choice(shapes)])) for _ in range(n))
    spare = rng.choice(rotations(SHAPES[rng.choice(shapes)]))
    if players > n + 1:
        raise ValueError(f"{players} players need a tile each for their treasures; a {rows}x{cols} board has "
                         f"{n} and the spare")
    treasures: dict[str, int] = {}
    ps = []
    for i in range(players):
        name = TREASURE_NAMES[i]
        while True:  # a tile holds one treasure (drawn again until free)
            tile = rng.randrange(-1, n) if rng.random() < 0.1 else rng.randrange(n)
            if tile not in treasures.values():  # one is free: players <= n + 1
                break
        treasures[name] = tile
        start = rng.randrange(n)
        ps.append(Player(PLAYER_NAMES[i], start, name, (), start))
    return Position(rows, cols, tiles, fx, spare, treasures, tuple(ps))
