"""Boards with long cycles, for benchmarks and tests: a cycle, and cycles sharing one field.

They are the hard cases of walks with huge dice: on a cycle of ``c`` edges the frontier of a walk
repeats only every ``c`` steps, and on cycles of lengths ``a`` and ``b`` sharing a field (coprime)
every length from about ``a * b`` on is reachable but the lengths below are not all: the frontier
sequence's pre-period is about ``a * b`` steps.

>>> inst = flower([3, 4], rolls=2, die=10, seed=1)
>>> inst.board.n, inst.board.m, inst.label(inst.start), inst.label(inst.target)
(6, 7, 0, 4)
>>> cycle(5, rolls=0).board.adj[0]
(1, 4)
"""

from __future__ import annotations

import random
from typing import Sequence

from escapology.core.errors import InputError
from escapology.forest.model import Board, Instance


def _rolls(die: int, count: int, seed: int | None) -> tuple[tuple[int, int], ...]:
    rng = random.Random(seed)
    return tuple((rng.randint(1, die), rng.randint(1, die)) for _ in range(count))


def flower(lengths: Sequence[int], *, die: int = 10**9, rolls: int = 100, seed: int | None = 0,
           special: Sequence[int] = ()) -> Instance:
    """Cycles of the given lengths (at least 3 edges each) sharing field 0; the start is field 0,
    the target the field half way round the last cycle. Fields are numbered round each cycle in
    turn; ``special`` lists special fields."""
    if not lengths or any(c < 3 for c in lengths):
        raise InputError("every cycle needs at least 3 edges")
    edges = []
    nxt = 1
    middle = 0
    for c in lengths:
        ring = [0] + list(range(nxt, nxt + c - 1))
        edges += [(ring[i], ring[(i + 1) % c]) for i in range(c)]
        middle = ring[c // 2]
        nxt += c - 1
    board = Board.from_edges(edges, special=special, die=die)
    return Instance(board, board.index[0], board.index[middle], _rolls(die, rolls, seed))


def cycle(length: int, *, die: int = 10**9, rolls: int = 100, seed: int | None = 0,
          special: Sequence[int] = ()) -> Instance:
    """A cycle of ``length`` edges (fields ``0..length-1``), start 0, target ``length // 2``."""
    return flower([length], die=die, rolls=rolls, seed=seed, special=special)
