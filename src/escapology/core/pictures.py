"""Pictures in notebooks: ``_repr_svg_`` for every game's instances and results, made once.

Jupyter (IPython's display) shows an object with a ``_repr_svg_`` method as the SVG text that
method returns, as python-chess shows its boards. Every game's instance type inherits
:class:`Drawable` and every game's result type :class:`DrawnResult`; both call the game's own
``render`` (the protocol's, :mod:`escapology.core.protocol`), so that a notebook cell ending in

- an instance ``inst`` shows ``render(inst)``,
- a result ``result`` shows ``render(result.instance, result)``: the instance with the result's
  certificate drawn on it (an answer without a certificate, unknown or unsolvable, shows its
  instance alone),
- a picture (``render``'s :class:`~escapology.core.svg.Svg`) shows itself.

A result knows its instance: ``result.instance``, which each game's ``solve`` fills in
(:func:`answering`; the aMAZEing Labyrinth's result calls it ``position`` too, Roma's ``puzzle``);
a result made without one (an engine called directly) has ``instance`` ``None`` and no picture.

Which game draws a class is read from the module that defines it (``escapology.<game>....``), so
that the games declare nothing but the base class. There is no picture (``_repr_svg_`` returns
``None``, and the notebook shows the text form) when the game's ``render`` cannot draw the thing
(it raises :class:`~escapology.core.errors.InputError`: a chess board above 200 x 200; a
generalized Roma graph and its answer have no ``_repr_svg_`` at all) or when the instance is too large to draw inline (the game's
:attr:`~escapology.games.Game.inline_picture` says which are: a notebook draws what it shows
without being asked, and a large board takes seconds to minutes and megabytes to draw; the limits
are a 30 x 30 Labyrinth, 2,500 cells of the aMAZEing Labyrinth, 2,500 fields of the Enchanted
Forest, 300 vertices and edges together in Nemesis, a 100 x 100 chess board, 10,000 Roma cells):
call ``render`` for those.

>>> from escapology.chess import load, solve
>>> inst = load("3\\n1 1 3 3\\n1 1\\n0 2\\n2 0\\n")
>>> inst._repr_svg_().startswith("<svg")
True
>>> result = solve(inst)
>>> result.instance is inst, result._repr_svg_() == render_svg(result.instance, result)
(True, True)

This module imports nothing heavy: the registry and the game's drawing code are loaded when a
picture is asked for.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, TypeVar

from escapology.core.errors import InputError

__all__ = ["Drawable", "DrawnResult", "answering", "render_svg"]

R = TypeVar("R")


def render_svg(inst: Any, certificate: Any = None, *, game: str | None = None) -> str | None:
    """The SVG text of ``render(inst, certificate)`` in ``game`` (by default the game whose module
    defines ``type(inst)``), or ``None`` when there is no picture to show: no instance, no such
    game, an instance too large to draw inline (the game's ``inline_picture``), or one its
    ``render`` refuses (:class:`~escapology.core.errors.InputError`).

    >>> render_svg(None) is None
    True
    """
    if inst is None:
        return None
    from escapology.games import GAMES  # the registry: loaded when a picture is asked for

    name = game if game is not None else game_of(type(inst))
    entry = next((g for g in GAMES if g.name == name), None)
    if entry is None:
        return None
    if not entry.inline_picture(inst):
        return None
    render = entry.protocol().render
    try:
        picture = render(inst) if certificate is None else render(inst, certificate)
    except InputError:
        return None
    return str(picture.to_string())


def answering(result: R, inst: Any) -> R:
    """``result`` with ``instance`` set to ``inst``, the instance it answers (which its picture
    draws): what each game's ``solve`` returns. A frozen dataclass is copied
    (:func:`dataclasses.replace`), any other result is given the attribute.

    >>> from escapology.chess.solver import Solution
    >>> from escapology.core.results import Status
    >>> answering(Solution(Status.UNKNOWN, None), "the instance").instance
    'the instance'
    """
    params = getattr(result, "__dataclass_params__", None)
    if params is not None and params.frozen:
        return dataclasses.replace(result, instance=inst)  # type: ignore[type-var]
    setattr(result, "instance", inst)
    return result


def game_of(cls: type) -> str | None:
    """The game whose package defines ``cls`` (``escapology.<game>.<module>``), else ``None``.

    >>> from escapology.core.svg import Svg
    >>> game_of(Svg) is None
    True
    """
    parts = cls.__module__.split(".")
    if len(parts) > 2 and parts[0] == "escapology" and parts[1] != "core":
        return parts[1]
    return None


class _OfAGame:
    """What :class:`Drawable` and :class:`DrawnResult` share: the game whose ``render`` draws the
    class (:func:`game_of` of the class, set when a game's class is made)."""

    __slots__ = ()

    _game: ClassVar[str | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._game = game_of(cls)


class Drawable(_OfAGame):
    """An instance type of a game: shown in a notebook as the game's ``render`` draws it."""

    __slots__ = ()

    def _repr_svg_(self) -> str | None:
        """The picture of ``render(self)`` as SVG text (``None``: no picture; module docstring)."""
        return render_svg(self, game=self._game)


class DrawnResult(_OfAGame):
    """A result type of a game: shown in a notebook as ``render(result.instance, result)`` draws it
    (its instance alone when it has no certificate). ``instance`` is the instance it answers,
    ``None`` when the result was made without one."""

    __slots__ = ()

    def _repr_svg_(self) -> str | None:
        """The picture of the result as SVG text (``None``: no picture; module docstring)."""
        certificate = self if getattr(self, "certificate", None) is not None else None
        return render_svg(getattr(self, "instance", None), certificate, game=self._game)
