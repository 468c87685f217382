"""The registry of games: name, module and one-line description.

Each game's package ``escapology.<name>`` fills the Python protocol
(:mod:`escapology.core.protocol`: ``load``, ``solve``, ``check``, ``generate``, ``render``);
:meth:`Game.protocol` imports it on first use, so views can run every game alike:

>>> for game in GAMES:
...     module = game.protocol()
...     assert all(callable(getattr(module, f)) for f in ("load", "solve", "check", "generate", "render"))

Each game's ``escapology.<name>.spec`` holds ``SPEC``, its description for the command layer
(:class:`~escapology.core.commands.GameSpec`: the protocol's functions, its engines, its options), and
its ``escapology.<name>.cli`` module provides

- ``app``: its typer sub-command (``solve``, ``check``, ``generate``, ``render`` made from ``SPEC``, and
  the game's own commands),
- ``detect(text) -> bool``: whether a file's content is an instance of this game (a ``deadline=``
  keyword, where detection reads the whole file, lets ``escapology solve FILE --timeout`` stop it),
- ``demo() -> None``: solve the shipped example and print the answer with its certificate.

Batch runs (:mod:`escapology.batch`) also need, for every game, what the registry says besides:
its engines (:class:`~escapology.core.commands.EngineSpec`, from the game's spec: a name, the ``solve`` keywords that choose it, the libraries whose
version is the engine's; the first is the default), the size of an instance for reports
(:attr:`Game.size`, in :attr:`Game.size_unit`), and which game a file holds (:func:`recognise`,
the rule ``escapology solve FILE`` follows too):

>>> labyrinth = GAMES[0]
>>> [e.name for e in labyrinth.engines], labyrinth.engine("clingo").options
(['native', 'clingo', 'exhaustive'], {'engine': 'clingo'})
>>> recognise("field(1..2,1..2). init_on(1,1). goal_on(2,2). connect(1,1,e). max_steps(1).").name
'labyrinth'
>>> recognise("hello") is None
True
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import warnings
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Callable

from escapology.core.commands import EngineSpec


@dataclass(frozen=True)
class Game:
    name: str
    title: str
    #: the size of an instance (the game's own ``Instance``) for reports, in ``size_unit``
    size: Callable[[Any], int] = field(default=lambda inst: 0, compare=False)
    size_unit: str = ""
    #: whether ``check`` confirms an "unsolvable" answer without a certificate (else it cannot)
    checks_unsolvable: bool = False
    #: whether a notebook draws an instance (and its results) by itself (``_repr_svg_``,
    #: :mod:`escapology.core.pictures`): the instances whose picture takes about a second at most
    #: (``render`` draws the larger ones when asked)
    inline_picture: Callable[[Any], bool] = field(default=lambda inst: True, compare=False)

    @property
    def module_name(self) -> str:
        return f"escapology.{self.name}.cli"

    def available(self) -> bool:
        try:
            return importlib.util.find_spec(self.module_name) is not None
        except ModuleNotFoundError:
            return False

    def cli(self) -> ModuleType:
        """The game's command-line module ``escapology.<name>.cli`` (its typer ``app``, ``detect``,
        ``demo``); the protocol's ``load`` reads an instance (:meth:`protocol`)."""
        return importlib.import_module(self.module_name)

    def load(self) -> ModuleType:
        """Deprecated name of :meth:`cli` (it clashed with the protocol's ``load``, which reads an
        instance); kept for one release."""
        warnings.warn("Game.load() is deprecated: use Game.cli()", DeprecationWarning, stacklevel=2)
        return self.cli()

    def protocol(self) -> ModuleType:
        """The game's package ``escapology.<name>``: the protocol's five functions (imported now)."""
        return importlib.import_module(f"escapology.{self.name}")

    def spec(self) -> Any:
        """The game's description for the command layer (``escapology.<name>.spec.SPEC``, a
        :class:`~escapology.core.commands.GameSpec`), or ``None`` for a game without one."""
        if importlib.util.find_spec(f"escapology.{self.name}.spec") is None:
            return None
        return importlib.import_module(f"escapology.{self.name}.spec").SPEC

    @property
    def engines(self) -> tuple[EngineSpec, ...]:
        """The game's engines, the default first: its one registry, ``escapology.<name>.spec.ENGINES``
        (the command line's ``-e`` choices, batch runs and the web page read the same list)."""
        spec = self.spec()
        return spec.engines if spec is not None else ()

    def coordinates(self) -> Any:
        """How the game names the fields of its board (``escapology.<name>.model.COORDINATES``, a
        :class:`~escapology.core.coordinates.Grid`), or ``None`` for the games on graphs (the
        forest's fields and Nemesis' vertices are named by their labels)."""
        return getattr(importlib.import_module(f"escapology.{self.name}.model"), "COORDINATES", None)

    def engine(self, name: str) -> EngineSpec:
        """The engine called ``name`` (:class:`KeyError` when the game has none)."""
        for e in self.engines:
            if e.name == name:
                return e
        raise KeyError(name)

    def detects(self, text: str, deadline: Any = None) -> bool:
        """Whether ``text`` is an instance of this game (its ``cli.detect``), polling ``deadline``
        where the game's detection reads the facts."""
        detect = self.cli().detect
        if deadline is not None and "deadline" in inspect.signature(detect).parameters:
            return bool(detect(text, deadline=deadline))
        return bool(detect(text))


def _roma_size(inst: Any) -> int:
    return inst.rows * inst.cols if hasattr(inst, "rows") else inst.graph.number_of_nodes()


def _nemesis_drawn(inst: Any) -> bool:
    """Whether the graph is small enough to draw inline: its spring layout (twelve seeds tried)
    and bent edges take about a second at 300 vertices and edges together."""
    ng = getattr(inst, "native", None)  # a graph read natively: its counts without Python objects
    return (ng.n + ng.m if ng is not None else len(inst.vertices) + len(inst.edges)) <= 300


GAMES: tuple[Game, ...] = (
    Game("labyrinth", "Labyrinth, ASP-competition variant: fewest pushes to reach the goal",
         lambda inst: inst.n, "board side", inline_picture=lambda inst: inst.n <= 30),
    Game("amazeing", "The aMAZEing Labyrinth board game: fewest turns, racing, the 3SAT board",
         lambda pos: pos.rows * pos.cols, "cells", inline_picture=lambda pos: pos.rows * pos.cols <= 2500),
    Game("forest", "Enchanted Forest: fewest turns with known dice, best move with unknown dice",
         lambda inst: len(inst.board.labels), "fields", checks_unsolvable=True,
         inline_picture=lambda inst: len(inst.board.labels) <= 2500),
    Game("nemesis", "Nemesis, Blizzard and Cat Herding: escape while edges are deleted",
         lambda inst: len(inst.vertices), "vertices", inline_picture=_nemesis_drawn),
    Game("chess", "Teleport chess: win, draw or loss for Alice",
         lambda inst: inst.n, "board side", inline_picture=lambda inst: inst.n <= 100),
    Game("roma", "Roma: the arrow puzzle in which every path leads to Rome",
         _roma_size, "cells", inline_picture=lambda inst: _roma_size(inst) <= 10_000),
)


def available_games() -> list[Game]:
    """The games whose modules are installed."""
    return [g for g in GAMES if g.available()]


def recognise(text: str, deadline: Any = None) -> Game | None:
    """The first installed game whose detection accepts ``text`` (``None`` when none does)."""
    return next((g for g in available_games() if g.detects(text, deadline)), None)
