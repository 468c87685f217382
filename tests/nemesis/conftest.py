"""Searches several test modules ask the same questions of, made once per session (per worker)."""

from __future__ import annotations

import pytest

from escapology.nemesis import grid
from escapology.nemesis.engines.exact_python import Search


@pytest.fixture(scope="session")
def python_grid7():
    """The 7 x 7 grid of Fig. 4, its centre r3c3 and the Python engine's search of it from there
    (some 3 s of CPU; the tests of the Python writer, of the Python engine and of the native one
    against it ask it). A search only fills its tables: a later question is answered from them or
    searched, never differently, whatever was asked before; a strategy read from it may take other
    (winning) replies, so a test compares one strategy with another of the same search only."""
    g = grid(7, 7).graph()
    start = g.index["r3c3"]
    python = Search(g)
    assert not python.f_turn(start, g.mult)[0]
    return g, start, python
