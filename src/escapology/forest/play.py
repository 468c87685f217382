"""The Enchanted Forest played turn by turn: where a turn may end, when the game is over, and the
walks of a turn played.

A :class:`Game` is a value: the pawn's field, the turns played and the turns there are (with known
rolls, one turn per roll; with unknown dice a number chosen at the start, or none). It is over when
the pawn stands on the target (won) or every turn is played (lost); a roll that allows no turn
(a walk would have to step straight back, and there is no pass) loses it too. :meth:`Game.push`
plays a turn: a :class:`GameOver` refuses a turn after the end (``the game is over: ...``), an
:class:`IllegalTurn` a turn the roll cannot make. The fields a roll can end on are
:meth:`escapology.forest.dice.Odds.ends`; :func:`turn_walks` finds the walks of a turn played.

>>> from escapology.forest import load
>>> inst = load("edge(1,2). edge(2,3). edge(3,4). start(1). target(4). roll(1,1,2). roll(2,2,2).")
>>> game, field = Game.start(inst), inst.board.index
>>> game.turns, game.next_roll, [inst.label(v) for v in game.ends()]
(2, (1, 2), [2, 4])
>>> game.push(field[4]).over
'the target is reached'
>>> game = game.push(field[2])
>>> game.next_roll, [inst.label(v) for v in game.ends()], game.push(field[2]).over
((2, 2), [2], 'the 2 known rolls are used up')
>>> game.push(field[3])
Traceback (most recent call last):
...
escapology.forest.play.IllegalTurn: a turn with roll 2,2 from field 2 cannot end on field 3
>>> game.push(field[2]).push(field[2])
Traceback (most recent call last):
...
escapology.forest.play.GameOver: the game is over: the 2 known rolls are used up
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

from escapology.core.errors import InputError
from escapology.core.results import Status
from escapology.forest.api import solve

if TYPE_CHECKING:
    from escapology.forest.certificate import PlanTurn
    from escapology.forest.model import Instance, Roll

__all__ = ["Game", "GameOver", "IllegalTurn", "turn_walks"]


class IllegalTurn(InputError):
    """A turn the roll cannot make from the pawn's field (or a roll the die or the known rolls do
    not allow); the message says why."""


class GameOver(IllegalTurn):
    """A turn after the end of the game; the message (``the game is over: ...``) says how it ended."""


@dataclass(frozen=True)
class Game:
    """A game on ``inst``'s board from ``position`` (a field's number) after ``played`` turns, of
    ``turns`` in all (``None``: no limit). With known rolls (``inst.rolls``) turn ``k`` takes roll
    ``k`` and there are as many turns as rolls. ``timeout`` (seconds) bounds each computation of
    the fields a turn can end on."""

    inst: Instance
    position: int
    played: int = 0
    turns: int | None = None
    timeout: float | None = None

    def __post_init__(self) -> None:
        n = self.inst.board.n
        if not (isinstance(self.position, int) and 0 <= self.position < n):
            raise InputError(f"a field is a number 0..{n - 1}")
        if self.inst.rolls:
            if self.turns is not None and self.turns != len(self.inst.rolls):
                raise InputError(f"with known rolls there are as many turns as rolls ({len(self.inst.rolls)})")
            object.__setattr__(self, "turns", len(self.inst.rolls))
        if self.turns is not None and self.turns < 0:
            raise InputError("the number of turns must be at least 0")
        if not isinstance(self.played, int) or self.played < 0:
            raise InputError("the turns played are a number from 0")

    @classmethod
    def start(cls, inst: Instance, turns: int | None = None, *, timeout: float | None = None) -> "Game":
        """The game's start: the pawn on ``inst``'s start, no turn played; ``turns`` with unknown dice."""
        return cls(inst, inst.start, 0, turns, timeout)

    @property
    def won(self) -> bool:
        """Whether the pawn stands on the target."""
        return self.position == self.inst.target

    @property
    def over(self) -> str | None:
        """Why the game is over (``the target is reached``, ``the N known rolls are used up``,
        ``the N turns are played``), ``None`` while it goes on."""
        if self.won:
            return "the target is reached"
        if self.turns is not None and self.played >= self.turns:
            if self.inst.rolls:
                return f"the {self.turns} known roll{'s are' if self.turns != 1 else ' is'} used up"
            return f"the {self.turns} turn{'s are' if self.turns != 1 else ' is'} played"
        return None

    @property
    def next_roll(self) -> Roll | None:
        """The known roll of the next turn (``None`` with unknown dice or after the last)."""
        rolls = self.inst.rolls
        return rolls[self.played] if self.played < len(rolls) else None

    def _roll(self, roll: Roll | None) -> Roll:
        if self.over is not None:
            raise GameOver(f"the game is over: {self.over}")
        known = self.next_roll
        if roll is None:
            if known is None:
                raise IllegalTurn("the dice are unknown: give the roll")
            return known
        x, y = roll
        d = self.inst.board.die
        if not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= d for v in (x, y)):
            raise IllegalTurn(f"roll {x},{y}: the die has faces 1..{d}")
        if known is not None and (x, y) != tuple(known):
            raise IllegalTurn(f"turn {self.played + 1} takes the known roll {known[0]},{known[1]}, not {x},{y}")
        return (x, y)

    def ends(self, roll: Roll | None = None) -> list[int]:
        """The fields the next turn can end on with ``roll`` (default: the known roll), sorted."""
        from escapology.forest.dice import Odds  # scipy (forest.dice): only the moves of play need it

        return Odds(self.inst, 0, timeout=self.timeout).ends(self.position, self._roll(roll))

    def push(self, to: int, roll: Roll | None = None) -> "Game":
        """The game after a turn with ``roll`` (default: the known roll) that ends on field ``to``.
        :class:`GameOver` after the end (and when the roll allows no turn at all: the game is
        lost), :class:`IllegalTurn` when the turn cannot end on ``to``."""
        roll = self._roll(roll)
        ends = self.ends(roll)
        label = self.inst.label
        if not ends:
            raise GameOver(f"the game is over: roll {roll[0]},{roll[1]} allows no turn from field "
                           f"{label(self.position)}")
        if not (isinstance(to, int) and to in ends):
            shown = label(to) if isinstance(to, int) and 0 <= to < self.inst.board.n else to
            raise IllegalTurn(f"a turn with roll {roll[0]},{roll[1]} from field {label(self.position)} "
                              f"cannot end on field {shown}")
        return dataclasses.replace(self, position=to, played=self.played + 1)


def turn_walks(inst: Instance, start: int, roll: Roll, to: int, *, timeout: float | None = None) -> PlanTurn | None:
    """The walks of one turn with ``roll`` from field ``start`` to field ``to`` (or its jump), as
    the one-turn plan of :func:`escapology.forest.solve` has them (labels, long walks compressed);
    ``None`` when ``to`` is ``start`` (the pawn is back where it began). An :class:`IllegalTurn`
    when there is no such turn, an :class:`InputError` when it was not found within ``timeout``.

    >>> from escapology.forest import load
    >>> inst = load("edge(1,2). edge(2,3). edge(3,4). start(1). target(4). die(2).")
    >>> turn_walks(inst, 0, (1, 2), 3).walks
    ((1, 2), (2, 3, 4))
    """
    if start == to:
        return None
    result = solve(dataclasses.replace(inst, start=start, target=to, rolls=(roll,)), timeout=timeout)
    if result.status is Status.UNSOLVABLE:
        raise IllegalTurn(f"a turn with roll {roll[0]},{roll[1]} from field {inst.label(start)} "
                          f"cannot end on field {inst.label(to)}")
    if result.status is not Status.SOLVED or result.turns != 1:
        raise InputError("the turn's walks were not found in time")
    return result.plan[0]
