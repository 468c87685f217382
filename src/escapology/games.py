"""The registry of games: name, module and one-line description.

Each game's package ``escapology.<name>`` fills the Python protocol
(:mod:`escapology.core.protocol`: ``load``, ``solve``, ``check``, ``generate``, ``render``);
:meth:`Game.protocol` imports it on first use, so views can run every game alike:

>>> for game in GAMES:
...     module = game.protocol()
...     assert all(callable(getattr(module, f)) for f in ("load", "solve", "check", "generate", "render"))

Each game's ``escapology.<name>.cli`` module provides

- ``app``: its typer sub-command (``solve``, ``check``, ``generate``, ``render`` and more),
- ``detect(text) -> bool``: whether a file's content is an instance of this game (a ``deadline=``
  keyword, where detection reads the whole file, lets ``escapology solve FILE --timeout`` stop it),
- ``solve_path(path, fmt, timeout) -> int``: what ``escapology solve FILE`` runs, returning the exit code,
- ``demo() -> None``: solve the shipped example and print the answer with its certificate.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from types import ModuleType


@dataclass(frozen=True)
class Game:
    name: str
    title: str

    @property
    def module_name(self) -> str:
        return f"escapology.{self.name}.cli"

    def available(self) -> bool:
        try:
            return importlib.util.find_spec(self.module_name) is not None
        except ModuleNotFoundError:
            return False

    def load(self) -> ModuleType:
        """The game's command-line module ``escapology.<name>.cli``."""
        return importlib.import_module(self.module_name)

    def protocol(self) -> ModuleType:
        """The game's package ``escapology.<name>``: the protocol's five functions (imported now)."""
        return importlib.import_module(f"escapology.{self.name}")


GAMES: tuple[Game, ...] = (
    Game("labyrinth", "Labyrinth, ASP-competition variant: fewest pushes to reach the goal"),
    Game("amazeing", "The aMAZEing Labyrinth board game: fewest turns, racing, the 3SAT board"),
    Game("forest", "Enchanted Forest: fewest turns with known dice, best move with unknown dice"),
    Game("nemesis", "Nemesis, Blizzard and Cat Herding: escape while edges are deleted"),
    Game("chess", "Teleport chess: win, draw or loss for Alice"),
    Game("roma", "Roma: the arrow puzzle in which every path leads to Rome"),
)


def available_games() -> list[Game]:
    """The games whose modules are installed."""
    return [g for g in GAMES if g.available()]
