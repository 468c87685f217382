"""The aMAZEing Labyrinth's certificate, :class:`Plan`: the turns of a plan as its JSON writes them.

A turn of ``solve --format json`` names the shift (``"N1"``), the inserted tile by its glyph and the
walk as cells ``[row, col]``; the engines and the checker number cells ``row * cols + col`` and
hold tiles as masks (:class:`~escapology.amazeing.model.Turn`). The numbering needs the board's
width, so a plan held as the engines hold it could be neither written nor read without its
position. :class:`Plan` therefore holds the plan in the terms of its JSON: ``to_json`` and
``from_json`` need nothing else and give back the same plan, ``from_json`` judges the shape only
(a turn without a shift, a glyph that is no tile, a cell that is no ``[row, col]``), and a plan
that does not fit a position (the answer for another board) is still read, so that the checker
can reject it naming the turn and the cell. The position enters where the plan meets the board:
:meth:`Plan.on` gives the turns the checker replays and the drawings draw, :meth:`Plan.of` the
certificate of an engine's turns.

>>> from escapology.amazeing.model import Player, Position
>>> pos = Position.from_glyphs(["┌─┐", "│·│", "└─┘"], spare="─", fixed="none",
...     treasures={"A": 8}, players=(Player("red", 0, "A"),))
>>> plan = Plan.from_json([{"shift": "W1", "tile": "│", "path": [[0, 0], [1, 0], [2, 0], [2, 1], [2, 2]]}])
>>> plan[0].shift, plan[0].tile, plan[0].path[-1], len(plan)
(Shift(side='W', index=1), '│', (2, 2), 1)
>>> Plan.from_json(plan.to_json()) == plan
True
>>> turns = plan.on(pos)  # the cells numbered on this 3x3 board, the tile a mask
>>> turns[0].path, Plan.of(pos, turns) == plan
((0, 3, 6, 7, 8), True)
>>> Plan.from_json([{"shift": "W1", "tile": "│"}, {"shift": "N9", "tile": "x"}])
Traceback (most recent call last):
...
ValueError: turn 2: unknown tile glyph 'x'
>>> Plan.from_json([{"shift": "W1", "tile": "│", "path": [[5, 0]]}]).on(pos)
Traceback (most recent call last):
...
ValueError: turn 1: cell (5,0) is outside the board
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from escapology.amazeing.model import COORDINATES, MASKS, Position, Shift, Turn, glyph, turn_words
from escapology.core.protocol import TurnSequence

__all__ = ["Plan", "PlanTurn"]

Cell = tuple[int, int]


@dataclass(frozen=True)
class PlanTurn:
    """One turn of a :class:`Plan`: the shift, the inserted tile's glyph (in the orientation it
    goes in) and the walk's cells ``(row, col)``, 0-based (empty: the player stays)."""

    shift: Shift
    tile: str
    path: tuple[Cell, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """``{"shift": "N1", "tile": "┐", "path": [[row, col], ...]}``."""
        return {"shift": str(self.shift), "tile": self.tile, "path": [list(c) for c in self.path]}

    def to_text(self, i: int) -> str:
        """Turn number ``i`` as ``solve`` prints it: ``turn 1: insert ┐ at N1, walk (0,0) -> (0,1)``."""
        return f"turn {i}: " + turn_words(self.tile, self.shift, self.path)


def _cell(c: Any) -> bool:
    return isinstance(c, (list, tuple)) and len(c) == 2 and all(type(v) is int for v in c)


@dataclass(frozen=True)
class Plan(TurnSequence[PlanTurn]):
    """The aMAZEing Labyrinth's certificate (SP-Labyrinth): the turns in order, a
    :class:`~escapology.core.protocol.TurnSequence` of :class:`PlanTurn` (turn ``i`` is
    ``plan[i - 1]``, ``len(plan)`` the number of turns, a slice a plan too).

    JSON (``plan``, an alias of ``certificate`` in ``solve --format json``): a list of
    ``{"shift", "tile", "path"}``, see :meth:`PlanTurn.to_json`."""

    def to_json(self) -> list[dict[str, Any]]:
        """The list of turns ``[{"shift", "tile", "path"}, ...]`` that ``solve`` writes."""
        return [t.to_json() for t in self.turns]

    @classmethod
    def from_json(cls, data: Any) -> "Plan":
        """The plan of a JSON list of turns; :class:`ValueError` names the first turn whose shape
        is wrong (no ``shift`` or ``tile``, a bad shift, an unknown glyph, a cell that is no
        ``[row, col]``). Whether the turns fit a board is :meth:`on`'s question, whether they are
        legal the checker's."""
        if not isinstance(data, (list, tuple)):
            raise ValueError('a plan is a list of turns {"shift", "tile", "path"}')
        turns = []
        for i, t in enumerate(data, 1):
            if not isinstance(t, dict) or "shift" not in t or "tile" not in t:
                raise ValueError(f'turn {i} needs "shift" and "tile"')
            try:
                shift = Shift.parse(str(t["shift"]))
            except ValueError as exc:
                raise ValueError(f"turn {i}: {exc}") from None
            if not isinstance(t["tile"], str) or t["tile"] not in MASKS:
                raise ValueError(f"turn {i}: unknown tile glyph {t['tile']!r}")
            path = t.get("path", [])
            if not isinstance(path, (list, tuple)) or not all(_cell(c) for c in path):
                raise ValueError(f"turn {i}: a path is a list of cells [row, col]")
            turns.append(PlanTurn(shift, t["tile"], tuple((c[0], c[1]) for c in path)))
        return cls(tuple(turns))

    def on(self, pos: Position) -> list[Turn]:
        """The plan on ``pos``: its turns as the checker and the drawings take them (cells
        numbered on the board, tiles as masks); :class:`ValueError` names the first turn with a
        cell outside the board."""
        out = []
        for i, t in enumerate(self.turns, 1):
            for r, c in t.path:
                if not (0 <= r < pos.rows and 0 <= c < pos.cols):
                    raise ValueError(f"turn {i}: cell {COORDINATES.name(r, c)} is outside the board")
            out.append(Turn(t.shift, MASKS[t.tile], tuple(r * pos.cols + c for r, c in t.path)))
        return out

    @classmethod
    def of(cls, pos: Position, turns: Sequence[Turn]) -> "Plan":
        """The certificate of turns on ``pos`` (what an engine found)."""
        return cls(tuple(PlanTurn(t.shift, glyph(t.tile), tuple(pos.rc(x) for x in t.path)) for t in turns))
