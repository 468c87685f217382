"""What every exact search of this package holds, in Python or in the crate: the graph, the rules
and the deadline, checked once here.

:class:`GameSearch` is the common start of the Nemesis/Blizzard searches
(:class:`~escapology.nemesis.engines.exact_python.Search`,
:class:`~escapology.nemesis.engines.native.NativeSearch`); :class:`CatGame` that of the Cat Herding
searches (:class:`~escapology.nemesis.engines.cat.CatSearch`,
:class:`~escapology.nemesis.engines.native.NativeCatSearch`). Invariant: a search's ``g``, its
rules and its ``deadline`` never change after construction, so that tables shared between start
vertices stay valid.

>>> from escapology.nemesis.model import Instance
>>> GameSearch(Instance.from_edges([(0, 1)]).graph(), "blizzard").blizzard
True
"""

from __future__ import annotations

from escapology.core.limits import Deadline
from escapology.nemesis.model import Graph

GAMES = ("nemesis", "blizzard")


class GameSearch:
    """A Nemesis or Blizzard search over ``g`` (``game``), stopped at ``deadline``."""

    def __init__(self, g: Graph, game: str = "nemesis", deadline: Deadline | None = None) -> None:
        if game not in GAMES:
            raise ValueError(f"unknown game {game!r}")
        self.g = g
        self.blizzard = game == "blizzard"
        self.deadline = deadline or Deadline(None)


class CatGame:
    """A Cat Herding search over ``g``: the cat moves one edge (``speed=1``) or any path (None)."""

    def __init__(self, g: Graph, speed: int | None = None, deadline: Deadline | None = None) -> None:
        if speed not in (None, 1):
            raise ValueError("cat speed is 1 or unbounded (None)")
        self.g = g
        self.speed = speed
        self.deadline = deadline or Deadline(None)
