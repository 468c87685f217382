"""Teleport chess played move by move: the position of a game, its legal moves, the end and the
solver's replies.

The rules (:mod:`escapology.chess.model`): Alice plays one turn, then Bob one turn, and the game
ends. A turn is 0, 1 or 2 moves by the vectors (each move stays on the board), or a teleport to a
free field, which is the whole turn. Ending a move on the other's field captures: the mover wins
and the game is over at once. When Bob's turn ends without a capture, the game is a draw.

A :class:`Position` is a value: :meth:`Position.push` gives the position after a :class:`Move`
(an :class:`IllegalMove` says why one is refused, a :class:`GameOver` that the game has ended),
:meth:`Position.legal_moves` lists the mover's moves, :attr:`Position.outcome` is the end, and
:func:`reply` is the solver's whole turn (as Alice the protocol's :func:`escapology.chess.solve`,
its witness; as Bob the capture test :func:`escapology.chess.reach.find_path`).

>>> from escapology.chess import load
>>> pos = Position.start(load("4\\n1 4 2 2\\n1 0\\n0 1\\n1 1\\n-1 -1\\n"))
>>> pos.mover, [str(m) for m in pos.legal_moves()][:3]
('alice', ['move (1, 0) to (2, 4)', 'end the turn', 'teleport to (1, 1)'])
>>> pos = pos.push(Move.step((2, 4))).push(Move.end())
>>> pos.mover, [str(m) for m in reply(pos)]
('bob', ['move (0, 1) to (2, 3)', 'move (0, 1) to (2, 4)'])
>>> for m in reply(pos):
...     pos = pos.push(m)
>>> pos.outcome, pos.note
(<Outcome.BOB: 'bob'>, 'Bob captures Alice on (2, 4)')
>>> pos.push(Move.end())
Traceback (most recent call last):
...
escapology.chess.play.GameOver: the game is over: Bob captures Alice on (2, 4)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Iterator, Literal

from escapology.chess.model import Field, Instance, Outcome, Vector, field_name
from escapology.core.errors import InputError

__all__ = ["SIDES", "Event", "GameOver", "IllegalMove", "Move", "Position", "Side", "field_of", "reply", "value"]

Side = Literal["alice", "bob"]
#: The two sides, Alice first (she moves first).
SIDES: tuple[Side, Side] = ("alice", "bob")
_OTHER: dict[str, Side] = {"alice": "bob", "bob": "alice"}
_NAME = {"alice": "Alice", "bob": "Bob"}


class IllegalMove(InputError):
    """A move the rules do not allow in this position; the message says why."""


class GameOver(IllegalMove):
    """A move after the end of the game; the message (``the game is over: ...``) says how it ended."""


def field_of(inst: Instance, value: Any) -> Field:
    """A field ``[x, y]`` (or a pair) of ``inst``'s board, checked (:class:`InputError` otherwise).

    >>> field_of(Instance(3, (1, 1), (2, 2), ((1, 0),) * 3), [3, 1])
    (3, 1)
    >>> field_of(Instance(3, (1, 1), (2, 2), ((1, 0),) * 3), [4, 1])
    Traceback (most recent call last):
    ...
    escapology.core.errors.InputError: a field is [x, y] with 1 <= x, y <= 3
    """
    if not (isinstance(value, (list, tuple)) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= inst.n for v in value)):
        raise InputError(f"a field is [x, y] with 1 <= x, y <= {inst.n}")
    return (value[0], value[1])


@dataclass(frozen=True)
class Move:
    """One action of the mover: ``move`` by a vector to the field ``to``, ``teleport`` to the free
    field ``to`` (a whole turn), or ``end`` the turn (after 0 or 1 moves; a second move ends it
    by itself).

    >>> str(Move.step((2, 3))), str(Move.teleport((1, 1))), str(Move.end())
    ('move to (2, 3)', 'teleport to (1, 1)', 'end the turn')
    """

    kind: Literal["move", "teleport", "end"]
    to: Field | None = None
    #: the vector of a move, when known (:meth:`Position.legal_moves` fills it in; only for the text)
    vector: Vector | None = field(default=None, compare=False)

    @classmethod
    def step(cls, to: Field) -> "Move":
        """A move to the field ``to`` (by the vector from the mover's field)."""
        return cls("move", (to[0], to[1]))

    @classmethod
    def teleport(cls, to: Field) -> "Move":
        """A teleport to the free field ``to``."""
        return cls("teleport", (to[0], to[1]))

    @classmethod
    def end(cls) -> "Move":
        """The end of the mover's turn."""
        return cls("end")

    def __str__(self) -> str:
        if self.kind == "end" or self.to is None:
            return "end the turn"
        by = f" ({self.vector[0]}, {self.vector[1]})" if self.vector is not None else ""
        return f"{self.kind}{by} to {field_name(self.to)}"


@dataclass(frozen=True)
class Event:
    """What a move did: ``who`` moved, ``kind`` (``move``, ``teleport``, or ``stay``: a turn ended
    without a move), from where to where, the ``vector`` of a move and whether it ``captures``."""

    who: Side
    kind: Literal["move", "teleport", "stay"]
    start: Field
    to: Field
    vector: Vector | None = None
    captures: bool = False

    def to_json(self) -> dict[str, Any]:
        """``{"who", "kind", "from", "to"}``, with ``vector`` and ``captures`` for a move."""
        out: dict[str, Any] = {"who": self.who, "kind": self.kind, "from": list(self.start), "to": list(self.to)}
        if self.kind == "move":
            assert self.vector is not None
            out.update(vector=list(self.vector), captures=self.captures)
        return out


@dataclass(frozen=True)
class Position:
    """A game of teleport chess being played on ``inst``'s board with its vectors: both fields,
    whose turn it is (``mover``, ``None`` once over), the moves of that turn so far, the
    ``outcome`` once there is one, and the ``events`` since this position was set up.

    After a capture both pieces stand on the capturer's field. A position that cannot occur
    (a field off the board, both on one field without a capture, two moves of a turn that goes
    on, a move that is no vector) is an :class:`InputError`.

    >>> inst = Instance(3, (1, 1), (3, 3), ((1, 1), (0, 2), (2, 0)))
    >>> Position(inst, (1, 1), (3, 3), moves=((1, 0),))
    Traceback (most recent call last):
    ...
    escapology.core.errors.InputError: (1, 0) is not one of the vectors
    """

    inst: Instance
    alice: Field
    bob: Field
    mover: Side | None = "alice"
    moves: tuple[Vector, ...] = ()
    outcome: Outcome | None = None
    events: tuple[Event, ...] = ()

    def __post_init__(self) -> None:
        n = self.inst.n
        for who, f in (("Alice", self.alice), ("Bob", self.bob)):
            if not self.inst.on_board(f):
                raise InputError(f"{who}'s field {field_name(f)} is off the {n} x {n} board")
        if (self.mover is None) != (self.outcome is not None):
            raise InputError("a game has a mover until it is over, and an outcome once it is over")
        if self.mover is not None and self.mover not in SIDES:
            raise InputError("mover is alice or bob")
        captured = self.outcome in (Outcome.ALICE, Outcome.BOB)
        if (self.alice == self.bob) != captured:
            raise InputError("Alice and Bob cannot stand on the same field" if not captured
                             else "after a capture both stand on the capturer's field")
        if len(self.moves) > (0 if self.mover is None else 1):
            raise InputError("moves are the turn's moves so far: at most one vector [dx, dy]")
        for v in self.moves:
            if v not in self.inst.usable_vectors():
                raise InputError(f"({v[0]}, {v[1]}) is not one of the vectors")

    @classmethod
    def start(cls, inst: Instance) -> "Position":
        """The game's start: both on ``inst``'s fields, Alice to move."""
        return cls(inst, inst.alice, inst.bob)

    @classmethod
    def of(cls, inst: Instance, *, alice: Any, bob: Any, mover: Any = "alice", moves: Any = ()) -> "Position":
        """A game in progress from plain values (a page's JSON): the fields ``[x, y]``, the side
        to move and the vectors ``[dx, dy]`` it has moved by in this turn; each checked, with a
        clear :class:`InputError`."""
        a, b = field_of(inst, alice), field_of(inst, bob)
        if mover not in SIDES:
            raise InputError("mover is alice or bob")
        if not (isinstance(moves, (list, tuple)) and len(moves) <= 1 and all(
                isinstance(v, (list, tuple)) and len(v) == 2
                and all(isinstance(c, int) and not isinstance(c, bool) for c in v) for v in moves)):
            raise InputError("moves are the turn's moves so far: at most one vector [dx, dy]")
        return cls(inst, a, b, mover, tuple((v[0], v[1]) for v in moves))

    # -- queries ---------------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """Whether the game has ended (a capture, or Bob's turn ended)."""
        return self.outcome is not None

    @property
    def captured(self) -> Side | None:
        """The side taken, when the game ended with a capture."""
        return _OTHER[self.outcome.value] if self.outcome in (Outcome.ALICE, Outcome.BOB) else None  # type: ignore[union-attr]

    def at(self, who: Side) -> Field:
        """The field of ``alice`` or ``bob``."""
        return self.alice if who == "alice" else self.bob

    @property
    def note(self) -> str:
        """The end in words (``""`` while the game goes on)."""
        if self.outcome is None:
            return ""
        if self.outcome is Outcome.DRAW:
            return f"Bob cannot reach Alice on {field_name(self.alice)}: a draw"
        who = self.outcome.value
        return f"{_NAME[who]} captures {_NAME[_OTHER[who]]} on {field_name(self.alice)}"

    def instance(self) -> Instance:
        """The position as an instance (both fields now), for the solver; not after a capture."""
        return Instance(self.inst.n, self.alice, self.bob, self.inst.vectors)

    def steps(self) -> list[tuple[Vector, Field]]:
        """The mover's next moves: each vector that stays on the board, with its field."""
        if self.mover is None:
            return []
        x, y = self.at(self.mover)
        out = []
        for v in self.inst.usable_vectors():
            f = (x + v[0], y + v[1])
            if self.inst.on_board(f):
                out.append((v, f))
        return out

    @property
    def can_teleport(self) -> bool:
        """Whether the mover may still teleport (only as the whole turn: before any move)."""
        return self.mover is not None and not self.moves

    def legal_moves(self) -> Iterator[Move]:
        """The mover's legal moves: each step, then the end of the turn, then each teleport (one
        per free field, row by row: lazily, there are about ``n²``); none once the game is over."""
        if self.mover is None:
            return
        for v, f in self.steps():
            yield Move("move", f, v)
        yield Move.end()
        if self.can_teleport:
            n = self.inst.n
            for y in range(1, n + 1):
                for x in range(1, n + 1):
                    if (x, y) != self.alice and (x, y) != self.bob:
                        yield Move.teleport((x, y))

    def is_legal(self, move: Move) -> bool:
        """Whether :meth:`push` accepts ``move``."""
        try:
            self._refusal(move)
        except IllegalMove:
            return False
        return True

    def _refusal(self, move: Move) -> Vector | None:
        """Raise the reason ``move`` is illegal here; the vector of a legal ``move``."""
        if self.outcome is not None:
            raise GameOver(f"the game is over: {self.note}")
        who = self.mover
        assert who is not None
        if move.kind == "end":
            return None
        if move.kind not in ("move", "teleport") or move.to is None:
            raise IllegalMove("a move is a move to a field, a teleport to a field, or the end of the turn")
        to = move.to
        if not self.inst.on_board(to):
            raise IllegalMove(f"{field_name(to)} is off the {self.inst.n} x {self.inst.n} board")
        here = self.at(who)
        if move.kind == "teleport":
            if self.moves:
                raise IllegalMove("a teleport is a whole turn: it cannot follow a move")
            if to in (self.alice, self.bob):
                raise IllegalMove(f"{field_name(to)} is not free: a teleport goes to a free field")
            return None
        v = (to[0] - here[0], to[1] - here[1])
        if v not in self.inst.usable_vectors():
            raise IllegalMove(f"{_NAME[who]} cannot move from {field_name(here)} to {field_name(to)}: "
                              f"({v[0]}, {v[1]}) is not one of the vectors")
        return v

    # -- playing ---------------------------------------------------------------------------------
    def push(self, move: Move) -> "Position":
        """The position after the mover plays ``move``: a move that ends on the other's field
        captures and ends the game; a second move, a teleport or ``end`` ends the turn (Bob's
        turn ending ends the game in a draw). :class:`GameOver` after the end,
        :class:`IllegalMove` for a move the rules refuse."""
        v = self._refusal(move)
        who = self.mover
        assert who is not None
        here = self.at(who)
        if move.kind == "end":
            stay = () if self.moves else (Event(who, "stay", here, here),)
            return self._turn_ended(self.alice, self.bob, self.events + stay)
        assert move.to is not None
        fields = {"alice": self.alice, "bob": self.bob, who: move.to}
        if move.kind == "teleport":
            event = Event(who, "teleport", here, move.to)
            return self._turn_ended(fields["alice"], fields["bob"], self.events + (event,))
        assert v is not None
        captures = move.to == self.at(_OTHER[who])
        event = Event(who, "move", here, move.to, v, captures)
        events = self.events + (event,)
        if captures:
            return replace(self, alice=move.to, bob=move.to, mover=None, moves=(), outcome=Outcome(who),
                           events=events)
        if self.moves:  # the second move ends the turn
            return self._turn_ended(fields["alice"], fields["bob"], events)
        return replace(self, alice=fields["alice"], bob=fields["bob"], moves=(v,), events=events)

    def _turn_ended(self, alice: Field, bob: Field, events: tuple[Event, ...]) -> "Position":
        if self.mover == "alice":
            return replace(self, alice=alice, bob=bob, mover="bob", moves=(), events=events)
        return replace(self, alice=alice, bob=bob, mover=None, moves=(), outcome=Outcome.DRAW, events=events)


def _at_turn_start(pos: Position, what: str) -> None:
    if pos.outcome is not None:
        raise GameOver(f"the game is over: {pos.note}")
    if pos.moves:
        raise IllegalMove(f"{what} is for a whole turn: this turn has begun")


def value(pos: Position) -> Outcome:
    """The game's outcome from ``pos`` with best play on both sides, at the start of a turn:
    with Alice to move the solver's (:func:`escapology.chess.solve`), with Bob to move ``bob``
    if he can capture her, else a draw; the outcome itself once the game is over.

    >>> inst = Instance(3, (1, 1), (3, 3), ((1, 1), (-1, -1), (2, 0)))
    >>> value(Position.start(inst)), value(Position(inst, (1, 1), (3, 3), mover="bob"))
    (<Outcome.ALICE: 'alice'>, <Outcome.BOB: 'bob'>)
    """
    if pos.outcome is not None:
        return pos.outcome
    _at_turn_start(pos, "the value")
    from escapology.chess.reach import find_path  # numpy: only the solver's answers need it
    from escapology.chess.solver import solve  # numpy (as above)

    if pos.mover == "alice":
        outcome = solve(pos.instance()).outcome
        assert outcome is not None  # no time limit: always solved
        return outcome
    return Outcome.BOB if find_path(pos.inst, pos.bob, pos.alice) is not None else Outcome.DRAW


def reply(pos: Position) -> tuple[Move, ...]:
    """The solver's whole turn for the mover, at the start of its turn, its moves in order (each
    legal in the position the ones before it leave; the last ends the turn or the game).

    As Alice: the protocol's :func:`escapology.chess.solve` and its witness: her capture; else her
    way to a field Bob cannot reach (staying, 1-2 moves, or a teleport); else (Bob wins whatever
    she does) she stays. As Bob: his capture when the capture test
    (:func:`escapology.chess.reach.find_path`) finds one, else he stays.

    >>> inst = Instance(4, (1, 4), (2, 2), ((1, 0), (0, 1), (1, 1), (-1, -1)))
    >>> [str(m) for m in reply(Position.start(inst))]
    ['end the turn']
    """
    _at_turn_start(pos, "the solver's reply")
    from escapology.chess.reach import find_path  # numpy: only the solver's answers need it
    from escapology.chess.solver import solve  # numpy (as above)

    if pos.mover == "bob":
        path = find_path(pos.inst, pos.bob, pos.alice)
        if path is None:
            return (Move.end(),)
        return tuple(Move("move", f, v) for v, f in zip(path.moves, path.fields[1:]))
    sol = solve(pos.instance())
    w = sol.witness
    if sol.outcome is Outcome.DRAW and w.get("how") == "teleport":
        return (Move.teleport(tuple(w["field"])),)  # type: ignore[arg-type]
    if sol.outcome is Outcome.BOB:
        return (Move.end(),)
    path = [tuple(f) for f in w.get("path") or []]
    moves = tuple(Move("move", f, (f[0] - p[0], f[1] - p[1])) for p, f in zip(path, path[1:]))  # type: ignore[misc]
    if sol.outcome is Outcome.ALICE or len(moves) == 2:
        return moves  # the capture ends the game, a second move the turn
    return moves + (Move.end(),)
