"""The Enchanted Forest's certificate, :class:`Plan`: the turns of a plan as its JSON writes them.

A plan lists, per turn, the roll, which die was walked first and both walks, or the jump of a
double, with the fields' labels as the input names them (numbers or names)::

    {"turn": 1, "roll": [3, 5], "first": 1, "walks": [[0, 1, 2, 3, 4, 5], [5, 6, 7, 8]]}
    {"turn": 2, "roll": [2, 2], "jump": [8, 25]}

``first`` is the index in ``roll`` of the die walked first. Very long walks are compressed: an
item ``{"repeat": r, "fields": [...]}`` (a :class:`Repeat`) stands for its fields ``r`` times
(:func:`escapology.forest.walks.extract_walk`), so that a walk of a million steps is a few items.

The engines and the checker number the fields ``0..n-1`` in the order of the board's labels
(:class:`~escapology.forest.model.Turn`); that numbering is the board's, so a plan held as the
engines hold it could be neither written nor read without its instance. :class:`Plan` holds the
plan in the terms of its JSON, labels and compressed walks as written: ``to_json`` and
``from_json`` need nothing else and give back the same plan, ``from_json`` judges the shape only
(a roll that is no two numbers, a walk that does not start with a field, a block without a
``repeat``), and a plan that names fields a board lacks (the answer for another board) is still
read, so that the checker can reject it naming the turn and the field. The instance enters where
the plan meets the board: :meth:`Plan.on` gives the turns the checker replays and the drawings
draw, :meth:`Plan.of` the certificate of an engine's turns.

>>> from escapology.forest.model import Board, Instance
>>> inst = Instance(Board.from_edges([("a", "b"), ("b", "c"), ("c", "d")]), 0, 3, rolls=((1, 2),))
>>> plan = Plan.from_json([{"turn": 1, "roll": [1, 2], "first": 1, "walks": [["a", "b", "c"], ["c", "d"]]}])
>>> plan[0].walks, len(plan)
((('a', 'b', 'c'), ('c', 'd')), 1)
>>> Plan.from_json(plan.to_json()) == plan
True
>>> turns = plan.on(inst)  # the fields numbered on this board
>>> turns[0].walks, Plan.of(inst, turns) == plan
([[0, 1, 2], [2, 3]], True)
>>> Plan.from_json([{"roll": [1, 2], "jump": ["a", "d"]}, {"roll": [1], "jump": ["a", "d"]}])
Traceback (most recent call last):
...
ValueError: turn 2: 'roll' must be two integers
>>> Plan.from_json([{"roll": [1, 2], "first": 0, "walks": [["a", "x"], ["x", "b", "c"]]}]).on(inst)
Traceback (most recent call last):
...
ValueError: turn 1: unknown field 'x' in the plan
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Sequence

from escapology.core.protocol import TurnSequence

if TYPE_CHECKING:
    from escapology.forest.model import Instance, Turn

__all__ = ["Plan", "PlanTurn", "Repeat"]

Label = int | str


@dataclass(frozen=True)
class Repeat:
    """A block of a compressed walk: its ``fields`` walked ``repeat`` times over."""

    repeat: int
    fields: tuple[Any, ...]

    def to_json(self) -> dict[str, Any]:
        return {"repeat": self.repeat, "fields": list(self.fields)}


#: A walk: fields (labels in a :class:`Plan`, numbers on a board) and repeated blocks.
Walk = tuple[Any, ...]


@dataclass(frozen=True)
class PlanTurn:
    """One turn of a :class:`Plan`: the roll and either ``first`` (the index in ``roll`` of the
    die walked first) with two ``walks``, or the ``jump`` of a double from a field to a special
    field; fields are labels."""

    roll: tuple[int, int]
    first: int | None = None
    walks: tuple[Walk, Walk] | None = None
    jump: tuple[Label, Label] | None = None

    def to_json(self, i: int) -> dict[str, Any]:
        """Turn number ``i`` as ``solve`` writes it: ``{"turn", "roll", "first", "walks"}`` or
        ``{"turn", "roll", "jump"}``."""
        obj: dict[str, Any] = {"turn": i, "roll": list(self.roll)}
        if self.jump is not None:
            obj["jump"] = list(self.jump)
        else:
            obj["first"] = self.first
            obj["walks"] = [[x.to_json() if isinstance(x, Repeat) else x for x in w] for w in self.walks or ()]
        return obj


_LABELS = frozenset({int, str})


def _is_label(v: Any) -> bool:
    return type(v) in _LABELS


def _walk(k: int, w: Any) -> Walk:
    """A walk of the JSON (``ValueError`` naming turn ``k`` when it is none)."""
    if not isinstance(w, (list, tuple)) or not w or isinstance(w[0], dict):
        raise ValueError(f"turn {k}: a walk is a non-empty list starting with a field")
    if {type(v) for v in w} <= _LABELS:  # fields only, no block (a walk may hold 10^4 of them)
        return tuple(w)
    out: list[Any] = []
    for item in w:
        if isinstance(item, dict):
            repeat, fields = item.get("repeat"), item.get("fields")
            if not (isinstance(repeat, int) and repeat >= 1 and isinstance(fields, list)):
                raise ValueError(f"turn {k}: a repeated block needs 'repeat' >= 1 and 'fields'")
            item = Repeat(repeat, tuple(fields))
            labels: Sequence[Any] = fields
        else:
            labels = (item,)
        bad = next((v for v in labels if not _is_label(v)), None)
        if bad is not None:
            raise ValueError(f"turn {k}: a field is a number or a name, not {bad!r}")
        out.append(item)
    return tuple(out)


def _map_walk(walk: Sequence[Any], fields: Callable[[Sequence[Any]], list[Any]], block: type) -> list[Any]:
    """``walk`` with its fields mapped a run at a time (``fields`` takes and gives a list) and its
    blocks made ``block`` (:class:`Repeat`, or ``dict`` for the engines' ``{"repeat", "fields"}``)."""
    if not any(isinstance(item, (dict, Repeat)) for item in walk):
        return fields(list(walk))
    out: list[Any] = []
    run: list[Any] = []
    for item in walk:
        if isinstance(item, (dict, Repeat)):
            out.extend(fields(run))
            run = []
            r, fs = (item["repeat"], item["fields"]) if isinstance(item, dict) else (item.repeat, item.fields)
            mapped = fields(list(fs))
            out.append({"repeat": int(r), "fields": mapped} if block is dict else Repeat(int(r), tuple(mapped)))
        else:
            run.append(item)
    out.extend(fields(run))
    return out


def _numbered(labels: Sequence[Any]) -> bool:
    """Whether every field's label is its number (``0..n-1`` in order)."""
    n = len(labels)
    return n == 0 or (labels[0] == 0 and labels[-1] == n - 1 and all(type(v) is int for v in (labels[0], labels[-1]))
                      and list(labels) == list(range(n)))


@dataclass(frozen=True)
class Plan(TurnSequence[PlanTurn]):
    """The Enchanted Forest's certificate (the fewest turns with known rolls): the turns in order,
    a :class:`~escapology.core.protocol.TurnSequence` of :class:`PlanTurn` (turn ``i`` is
    ``plan[i - 1]``, ``len(plan)`` the number of turns, a slice a plan too).

    JSON (``plan``, an alias of ``certificate`` in ``solve --format json``): a list of turns, see
    :meth:`PlanTurn.to_json`; ``"turn"`` numbers them 1, 2, ... and, when given, must say so (a turn
    labelled with another number is refused: the plan would claim an order it does not have)."""

    def to_json(self) -> list[dict[str, Any]]:
        """The list of turns that ``solve`` writes, numbered from 1."""
        return [t.to_json(i) for i, t in enumerate(self.turns, 1)]

    @classmethod
    def from_json(cls, data: Any) -> "Plan":
        """The plan of a JSON list of turns; :class:`ValueError` names the first turn whose shape
        is wrong. Whether its fields are a board's is :meth:`on`'s question, whether its turns
        are legal the checker's."""
        if not isinstance(data, (list, tuple)):
            raise ValueError("a plan is a JSON list of turns")
        turns = []
        for k, t in enumerate(data, start=1):
            if not isinstance(t, dict) or "roll" not in t:
                raise ValueError(f"turn {k} of the plan is not an object with a 'roll'")
            if "turn" in t and (type(t["turn"]) is not int or t["turn"] != k):
                raise ValueError(f"turn {k} of the plan is labelled turn {t['turn']!r}")
            roll = t["roll"]
            if not (isinstance(roll, (list, tuple)) and len(roll) == 2 and all(isinstance(v, int) for v in roll)):
                raise ValueError(f"turn {k}: 'roll' must be two integers")
            if "jump" in t:
                j = t["jump"]
                if not (isinstance(j, (list, tuple)) and len(j) == 2 and all(map(_is_label, j))):
                    raise ValueError(f"turn {k}: 'jump' must be [from, to]")
                turns.append(PlanTurn((roll[0], roll[1]), jump=(j[0], j[1])))
                continue
            walks, first = t.get("walks"), t.get("first")
            if first not in (0, 1) or not (isinstance(walks, (list, tuple)) and len(walks) == 2):
                raise ValueError(f"turn {k}: needs 'first' (0 or 1) and two 'walks', or a 'jump'")
            turns.append(PlanTurn((roll[0], roll[1]), first=int(first), walks=(_walk(k, walks[0]), _walk(k, walks[1]))))
        return cls(tuple(turns))

    def on(self, inst: Instance) -> list[Turn]:
        """The plan on ``inst``'s board: its turns with the fields numbered, as the checker and the
        drawings take them; :class:`ValueError` names the first turn with a field the board lacks."""
        from escapology.forest.model import Turn  # the board's module (numpy): here a board exists already

        index, n, numbered = inst.board.index, inst.board.n, _numbered(inst.board.labels)
        out = []

        def fields(labels: Sequence[Any], k: int) -> list[Any]:
            if numbered and all(type(v) is int for v in labels) and (not labels or 0 <= min(labels) and max(labels) < n):
                return list(labels)  # every label is its field's number
            bad = [v for v in labels if isinstance(v, bool) or not isinstance(v, (int, str)) or v not in index]
            if bad:  # (a list: the bad label may be None itself)
                raise ValueError(f"turn {k}: unknown field {bad[0]!r} in the plan")
            return [index[v] for v in labels]

        for k, t in enumerate(self.turns, start=1):
            if t.jump is not None:
                u, v = fields(list(t.jump), k)
                out.append(Turn(t.roll, jump=(u, v)))
            else:
                walks = [_map_walk(w, lambda vs, k=k: fields(vs, k), dict) for w in t.walks or ()]
                out.append(Turn(t.roll, first=t.first, walks=walks))
        return out

    @classmethod
    def of(cls, inst: Instance, turns: Sequence[Turn]) -> "Plan":
        """The certificate of turns on ``inst``'s board (what an engine found)."""
        labels = inst.board.labels
        numbered = _numbered(labels)

        def fields(vs: Sequence[Any]) -> list[Any]:
            return list(vs) if numbered else [labels[v] for v in vs]

        out = []
        for t in turns:
            roll = (t.roll[0], t.roll[1])
            if t.jump is not None:
                out.append(PlanTurn(roll, jump=(labels[t.jump[0]], labels[t.jump[1]])))
            else:
                w0, w1 = (tuple(_map_walk(w, fields, Repeat)) for w in t.walks or ((), ()))
                out.append(PlanTurn(roll, first=t.first, walks=(w0, w1)))
        return cls(tuple(out))
