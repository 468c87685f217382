"""The model of teleport chess: an n x n board, n move vectors, Alice and Bob.

The game (a chess variant of Alice and Bob from German lecture slides): fields are ``(x, y)`` with
``1 <= x, y <= n``. Alice plays one turn, then Bob plays one turn, and the game ends. A turn is 0, 1
or 2 moves, each by a vector of the shared set (a vector may be used twice), never leaving the board,
not even in between; or a teleport to any free field. Ending a move on the opponent's field captures.

Alice wins if she can capture Bob; otherwise it is a draw if she can end her turn on a field that
Bob cannot reach with 0-2 moves; otherwise Bob wins.

>>> inst = Instance(4, (1, 1), (3, 2), ((1, 0), (1, 1), (0, 1), (2, 2)))
>>> inst.on_board((4, 4)), inst.on_board((5, 1))
(True, False)
>>> inst.usable_vectors()
((0, 1), (1, 0), (1, 1), (2, 2))
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, Sequence

from escapology.core.coordinates import Grid

from escapology.core.errors import InputError
from escapology.core.pictures import Drawable

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

MIN_N = 2
MAX_N = 100_000

Field = tuple[int, int]
Vector = tuple[int, int]

#: How teleport chess names a field, as its input does: ``(x, y)``, column ``x`` from 1 at the
#: left, row ``y`` from 1 at the bottom (the pictures' axis labels and every message follow it).
COORDINATES = Grid(base=1, names=("x", "y"), rows_up=True, column_first=True, separator=", ")


def field_name(f: Sequence[int]) -> str:
    """A field as every message writes it: ``(x, y)``."""
    return COORDINATES.name(f[0], f[1])


class Outcome(str, Enum):
    """Who wins: ``alice`` (she captures), ``draw`` (she escapes), ``bob`` (he catches her anywhere)."""

    ALICE = "alice"
    DRAW = "draw"
    BOB = "bob"


@dataclass(frozen=True)
class Witness:
    """Teleport chess's certificate: the outcome and the witness that proves it (Alice's capture
    path, her way to a field Bob cannot reach, or Bob's capture of every field she can end on;
    ``docs/chess.md`` lists the keys of each).

    >>> w = Witness.from_json({"outcome": "draw", "witness": {"field": [2, 6], "how": "stay"}})
    >>> w.outcome, w.to_json()["witness"]["how"]
    (<Outcome.DRAW: 'draw'>, 'stay')
    >>> Witness.from_json(w.to_json()) == w
    True
    """

    outcome: Outcome
    witness: dict[str, Any] = field(default_factory=dict, compare=True, hash=False)

    def to_json(self) -> dict[str, Any]:
        """``{"outcome": ..., "witness": {...}}``: what ``solve`` writes and ``check`` judges."""
        return {"outcome": self.outcome.value, "witness": self.witness}

    @classmethod
    def from_json(cls, data: Any) -> "Witness":
        """The witness ``{"outcome", "witness"}`` (:class:`ValueError` when it is not one)."""
        if not isinstance(data, dict) or "outcome" not in data:
            raise ValueError("an answer is {outcome, witness}")
        witness = data.get("witness") or {}
        if not isinstance(witness, dict):
            raise ValueError("the witness is not an object")
        return cls(Outcome(data["outcome"]), dict(witness))


@dataclass(frozen=True, eq=False)
class Instance(Drawable):
    """One position: board size ``n``, Alice's and Bob's fields and the ``n`` move vectors.

    ``vectors`` keeps the input order and any repetitions; the algorithms use
    :meth:`usable_vectors`, the distinct vectors that fit on the board at all. Constructing an
    impossible instance (``n`` outside ``2..100000``, a piece off the board, both on one field, not
    exactly ``n`` vectors) raises :class:`~escapology.core.errors.InputError`.

    >>> Instance(3, (1, 1), (1, 1), ((1, 0),) * 3)
    Traceback (most recent call last):
    ...
    escapology.core.errors.InputError: Alice and Bob stand on the same field (1, 1)
    """

    n: int
    alice: Field
    bob: Field
    vectors: tuple[Vector, ...]
    _cache: dict = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.vectors, tuple) or (self.vectors and not isinstance(self.vectors[0], tuple)):
            object.__setattr__(self, "vectors", tuple(tuple(v) for v in self.vectors))
        n = self.n
        if not MIN_N <= n <= MAX_N:
            raise InputError(f"board size n = {n} is outside {MIN_N}..{MAX_N}")
        for who, f in (("Alice", self.alice), ("Bob", self.bob)):
            if not (1 <= f[0] <= n and 1 <= f[1] <= n):
                raise InputError(f"{who}'s field {field_name(f)} is off the {n} x {n} board")
        if self.alice == self.bob:
            raise InputError(f"Alice and Bob stand on the same field {field_name(self.alice)}")
        if len(self.vectors) != n:
            raise InputError(f"expected n = {n} vectors, got {len(self.vectors)}")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Instance):
            return NotImplemented
        return (self.n, self.alice, self.bob, self.vectors) == (
            other.n,
            other.alice,
            other.bob,
            other.vectors,
        )

    def __hash__(self) -> int:
        return hash((self.n, self.alice, self.bob, self.vectors))

    def on_board(self, f: Field) -> bool:
        """True iff ``f`` is a field of the board."""
        return 1 <= f[0] <= self.n and 1 <= f[1] <= self.n

    @property
    def fields(self) -> int:
        """The number of fields, ``n * n``."""
        return self.n * self.n

    def usable_vectors(self) -> tuple[Vector, ...]:
        """The distinct vectors with ``|dx| < n`` and ``|dy| < n``, sorted.

        A vector with a component of size ``n`` or more leaves the board from every field, so it can
        never be played; dropping it, and repetitions, changes no reachable set.
        """
        if "usable" not in self._cache:
            self._cache["usable"] = tuple(map(tuple, self.usable_array().tolist()))
        return self._cache["usable"]

    def usable_array(self) -> "np.ndarray":
        """:meth:`usable_vectors` as an ``(m, 2)`` int64 numpy array, sorted by ``(dx, dy)``."""
        if "usable_array" not in self._cache:
            import numpy as np  # numpy: only for the arrays; the model and chess.checker (built on it alone) load without it

            n = self.n
            try:
                raw = self._cache.get("raw_array")  # set by the parser, same rows as vectors
                if raw is None:
                    flat = itertools.chain.from_iterable(self.vectors)
                    raw = np.fromiter(flat, dtype=np.int64, count=2 * len(self.vectors)).reshape(-1, 2)
            except OverflowError:  # components beyond int64 are unusable anyway
                small = [v for v in self.vectors if abs(v[0]) < n and abs(v[1]) < n]
                raw = np.array(small, dtype=np.int64).reshape(-1, 2)
            ok = (np.abs(raw[:, 0]) < n) & (np.abs(raw[:, 1]) < n)
            arr = raw[ok]
            # Distinct rows, sorted by (dx, dy): encode each vector as one integer.
            side = 2 * n - 1
            keys = np.sort((arr[:, 0] + (n - 1)) * side + (arr[:, 1] + (n - 1)))
            if keys.size:
                keys = keys[np.concatenate(([True], keys[1:] != keys[:-1]))]
            out = np.empty((keys.size, 2), dtype=np.int64)
            out[:, 0] = keys // side - (n - 1)
            out[:, 1] = keys % side - (n - 1)
            self._cache["usable_array"] = out
        return self._cache["usable_array"]

    def describe(self) -> str:
        """A one-line summary.

        >>> Instance(3, (1, 1), (2, 2), ((1, 1), (0, 1), (1, 0))).describe()
        '3 x 3 board, Alice at (1, 1), Bob at (2, 2), 3 vectors'
        """
        return (
            f"{self.n} x {self.n} board, Alice at {field_name(self.alice)}, Bob at {field_name(self.bob)}, "
            f"{len(self.vectors)} vectors"
        )
