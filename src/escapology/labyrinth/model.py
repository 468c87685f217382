"""The board of the ASP-competition Labyrinth and its pushes.

Semantics are those of the official 2011 encoding and checker of the ASP Competition (System Track,
problem "Labyrinth"): ``field(x, y)`` has row ``x`` counted bottom to top (north is ``x + 1``) and
column ``y`` (east is ``y + 1``). A push moves one whole row or column by one place, cyclically; a
field's connections, the goal and the avatar ride with their field. The avatar walks between
orthogonal neighbours inside the board when both facing connections exist, never across the edge.

Positions are numbered ``p = (x - 1) * n + (y - 1)``; fields are identified by the position they
start on (their *id*). A :class:`Board` maps every position to the id of the field standing there.

>>> inst = Instance.from_grid(["┌─", "└┘"], init=(1, 1), goal=(2, 2), max_steps=1)
>>> inst.n
2
>>> board = Board.initial(inst)
>>> sorted(board.reachable({inst.position(1, 1)}))  # the whole 2x2 loop
[0, 1, 2, 3]
>>> board.push(Push(1, "e")).field_at(1, 1)  # row 1 shifted east: field (1,2) wrapped to (1,1)
1
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, Sequence

from escapology.core.coordinates import Grid
from escapology.core.pictures import Drawable
from escapology.core.tiles import ARMS, E, N, OPPOSITE, S, W, reachable_from

DIRECTION_BITS: dict[str, int] = {"n": N, "e": E, "s": S, "w": W}
#: The push directions that move a row (e, w) and those that move a column (n, s).
ROW_DIRECTIONS = ("e", "w")
COLUMN_DIRECTIONS = ("n", "s")
REVERSE = {"e": "w", "w": "e", "n": "s", "s": "n"}

Field = tuple[int, int]

#: How the Labyrinth names a field, as its facts do: ``(x,y)``, row ``x`` from 1 at the bottom,
#: column ``y`` from 1 at the left (the pictures' axis labels and every message follow it).
COORDINATES = Grid(base=1, names=("x", "y"), rows_up=True)


@dataclass(frozen=True, slots=True, order=True)
class Push:
    """Push line ``line`` (a row for ``e``/``w``, a column for ``n``/``s``) one place in ``direction``.

    >>> Push(3, "s").fact(2)
    'push(3,s,2).'
    >>> Push(3, "s").reverse()
    Push(line=3, direction='n')
    """

    line: int
    direction: str

    def __post_init__(self) -> None:
        if self.direction not in DIRECTION_BITS:
            raise ValueError(f"unknown direction {self.direction!r}")

    @property
    def moves_row(self) -> bool:
        return self.direction in ROW_DIRECTIONS

    def reverse(self) -> "Push":
        return Push(self.line, REVERSE[self.direction])

    def fact(self, step: int) -> str:
        return f"push({self.line},{self.direction},{step})."

    def as_list(self) -> list[object]:
        return [self.line, self.direction]


def moved_position(n: int, position: int, push: Push) -> int:
    """Where the field on ``position`` stands after ``push`` (positions are 0-based, see above).

    >>> moved_position(4, 3, Push(1, "e"))  # the east end of row 1 wraps to its west end
    0
    """
    x, y = divmod(position, n)
    z = push.line - 1
    if push.moves_row and x == z:
        y = (y + (1 if push.direction == "e" else -1)) % n
    elif not push.moves_row and y == z:
        x = (x + (1 if push.direction == "n" else -1)) % n
    return x * n + y


def all_pushes(n: int) -> list[Push]:
    """The 4n pushes of an n x n board: every row east and west, every column north and south."""
    return [Push(z, d) for z in range(1, n + 1) for d in ("e", "w", "n", "s")]


@dataclass(frozen=True)
class Plan(Sequence[Push]):
    """The Labyrinth's certificate: the pushes in order (push ``s`` is ``pushes[s - 1]``).

    It reads and writes the two forms ``solve`` prints: the JSON list ``[[z, d, s], ...]`` (the
    ``pushes`` key, an alias of ``certificate``) and the competition's ``push(z,d,s).`` facts.

    >>> plan = Plan.from_json([[4, "n", 1], [5, "w", 2]])
    >>> plan.to_json(), plan.facts(), len(plan)
    ([[4, 'n', 1], [5, 'w', 2]], 'push(4,n,1). push(5,w,2).', 2)
    >>> Plan.from_json(plan.to_json()) == plan
    True
    >>> Plan.from_json([[4, "n", 2]])
    Traceback (most recent call last):
    ...
    ValueError: push 1 has step 2
    """

    pushes: tuple[Push, ...] = ()

    def __len__(self) -> int:
        return len(self.pushes)

    def __getitem__(self, i: Any) -> Any:
        return self.pushes[i]

    def __iter__(self) -> Iterator[Push]:
        return iter(self.pushes)

    def to_json(self) -> list[list[Any]]:
        """``[[z, d, s], ...]``: line, direction and step of every push."""
        return [[p.line, p.direction, s] for s, p in enumerate(self.pushes, start=1)]

    @classmethod
    def from_json(cls, data: Sequence[Sequence[Any]]) -> "Plan":
        """The plan ``[[z, d, s], ...]`` with steps ``1, 2, ...`` in order (:class:`ValueError`
        naming the first push that is not one)."""
        pushes = []
        for s, item in enumerate(data, start=1):
            if not isinstance(item, (list, tuple)) or len(item) != 3:
                raise ValueError(f"push {s} is not [line, direction, step]: {item!r}")
            z, d, step = item
            if not isinstance(z, int) or not isinstance(step, int):
                raise ValueError(f"push {s} is not [line, direction, step]: {item!r}")
            if step != s:
                raise ValueError(f"push {s} has step {step}")
            pushes.append(Push(z, d))
        return cls(tuple(pushes))

    def facts(self) -> str:
        """The plan as the problem page writes it: ``push(1,w,1). push(3,s,2).``"""
        return plan_facts(self.pushes)


def plan_facts(plan: Sequence[Push]) -> str:
    """A plan as the problem page writes it: ``push(1,w,1). push(3,s,2).``"""
    return " ".join(p.fact(s) for s, p in enumerate(plan, start=1))


_GLYPHS = {0: " ", **ARMS}
_FROM_GLYPH = {g: m for m, g in _GLYPHS.items()}


def glyph(mask: int) -> str:
    """A box-drawing character for a connection mask."""
    return _GLYPHS[mask]


@dataclass(frozen=True)
class Instance(Drawable):
    """One Labyrinth instance: an n x n board of fields with connections, avatar, goal, step bound.

    ``connections[i]`` is the bit mask (N=1, E=2, S=4, W=8) of the field with id ``i``, i.e. the field
    that starts on position ``i``.
    """

    n: int
    connections: tuple[int, ...]
    init: Field
    goal: Field
    max_steps: int
    name: str = field(default="<instance>", compare=False)

    def position(self, x: int, y: int) -> int:
        """Position number of row x, column y (both 1-based)."""
        return (x - 1) * self.n + (y - 1)

    def field_of(self, position: int) -> Field:
        return (position // self.n + 1, position % self.n + 1)

    @property
    def init_position(self) -> int:
        return self.position(*self.init)

    @property
    def goal_position(self) -> int:
        return self.position(*self.goal)

    @classmethod
    def from_grid(
        cls, rows_top_down: Sequence[str], *, init: Field, goal: Field, max_steps: int, name: str = "<grid>"
    ) -> "Instance":
        """Build an instance from box-drawing rows, the top (northernmost) row first."""
        n = len(rows_top_down)
        conns = [0] * (n * n)
        for i, row in enumerate(rows_top_down):
            if len(row) != n:
                raise ValueError("the grid must be square")
            x = n - i
            for j, ch in enumerate(row):
                conns[(x - 1) * n + j] = _FROM_GLYPH[ch]
        return cls(n, tuple(conns), init, goal, max_steps, name)


class Board:
    """An arrangement of the fields on the board: ``ids[p]`` is the field standing on position p.

    Boards are immutable values; :meth:`push` returns a new board. This is the plain, readable model
    used by the checker and the exhaustive solver; the fast solver has its own representation.
    """

    __slots__ = ("instance", "ids")

    def __init__(self, instance: Instance, ids: tuple[int, ...]) -> None:
        self.instance = instance
        self.ids = ids

    @classmethod
    def initial(cls, instance: Instance) -> "Board":
        return cls(instance, tuple(range(instance.n * instance.n)))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self.ids == other.ids

    def __hash__(self) -> int:
        return hash(self.ids)

    def field_at(self, x: int, y: int) -> int:
        """Id of the field on row x, column y."""
        return self.ids[self.instance.position(x, y)]

    def connections_at(self, position: int) -> int:
        return self.instance.connections[self.ids[position]]

    def where(self, field_id: int) -> int:
        """The position of a field."""
        return self.ids.index(field_id)

    def push(self, push: Push) -> "Board":
        """The board after ``push`` (cyclic: the field pushed out re-enters at the other end)."""
        n = self.instance.n
        if not 1 <= push.line <= n:
            raise ValueError(f"push line {push.line} is outside the board 1..{n}")
        ids = list(self.ids)
        z = push.line - 1
        if push.moves_row:
            line = [z * n + c for c in range(n)]  # west to east
        else:
            line = [r * n + z for r in range(n)]  # south to north
        old = [self.ids[p] for p in line]
        step = 1 if push.direction in ("e", "n") else -1
        for k, p in enumerate(line):
            ids[line[(k + step) % n]] = old[k]
        return Board(self.instance, tuple(ids))

    def neighbours(self, position: int) -> Iterable[int]:
        """Positions the avatar can walk to in one step from ``position``."""
        n = self.instance.n
        x, y = divmod(position, n)
        mask = self.connections_at(position)
        if mask & N and x + 1 < n and self.connections_at(position + n) & S:
            yield position + n
        if mask & S and x > 0 and self.connections_at(position - n) & N:
            yield position - n
        if mask & E and y + 1 < n and self.connections_at(position + 1) & W:
            yield position + 1
        if mask & W and y > 0 and self.connections_at(position - 1) & E:
            yield position - 1

    def reachable(self, start: Iterable[int]) -> set[int]:
        """All positions the avatar can walk to from any of the ``start`` positions."""
        return reachable_from(start, self.neighbours)

    def text(self, *, avatar: Iterable[int] = (), goal: int | None = None) -> str:
        """The board as box-drawing characters, one a field, north at the top; ``@`` avatar, ``*``
        goal field (:func:`escapology.labyrinth.drawing.text_frames` numbers the rows and columns)."""
        n = self.instance.n
        marks = set(avatar)
        lines = []
        for x in range(n - 1, -1, -1):
            row = []
            for y in range(n):
                p = x * n + y
                if p in marks:
                    row.append("@")
                elif goal is not None and p == goal:
                    row.append("*")
                else:
                    row.append(glyph(self.connections_at(p)))
            lines.append("".join(row))
        return "\n".join(lines)
