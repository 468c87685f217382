"""The exact solver: win, draw or loss for Alice, with a witness, in O(n log n).

1. **Capture test** (slides, meet in the middle with the inverted moves):
   :func:`~escapology.chess.reach.find_path` from Alice to Bob. If it finds a path, Alice wins.
2. **Draw test** (exact; replaces the slides' 50 random samples): Alice can teleport to every field
   except Bob's, so it is a draw iff Bob misses a field. :func:`~escapology.chess.draw.find_safe_field`
   finds one by the counting lemma and an exactly enumerated row; for ``n >= 4`` one always exists.
   The witness prefers a field Alice reaches without teleporting: her own field (0 moves), else
   one she reaches with 1-2 moves (all of them tried for ``n <= 300``, a budgeted row search
   :func:`~escapology.chess.draw.find_safe_route` above), else a teleport; it says how she gets there.
3. Otherwise Bob wins (possible only for ``n <= 3``); the witness lists, for every field Alice could
   end on, Bob's capturing moves.

>>> from escapology.chess.model import Instance
>>> solve(Instance(3, (1, 1), (3, 3), ((1, 1), (0, 2), (2, 0)))).outcome
<Outcome.ALICE: 'alice'>
>>> sol = solve(Instance(4, (1, 4), (2, 2), ((1, 0), (0, 1), (1, 1), (-1, -1))))
>>> sol.outcome.value, sol.witness["field"], sol.witness["how"]
('draw', [1, 4], 'stay')
>>> solve(Instance(2, (2, 2), (1, 1), ((1, 0), (0, 1)))).outcome
<Outcome.BOB: 'bob'>
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from escapology.chess.draw import find_safe_field, find_safe_route, reach_bound
from escapology.chess.model import Field, Instance, Outcome, Witness, field_name
from escapology.chess.reach import Path, find_path, reach_board
from escapology.core.limits import Deadline, LimitReached
from escapology.core.errors import InputError
from escapology.core.pictures import DrawnResult
from escapology.core.protocol import Result, own_certificate
from escapology.core.results import Status

#: Up to this n, every field Alice reaches by moves is tried before teleporting (O(n^2) numpy).
SMALL_BOARD = 300



@dataclass(frozen=True)
class Solution(Result[Witness], DrawnResult):
    """The answer: ``outcome`` (``None`` when the time ran out) and its ``witness`` (JSON-ready)."""

    status: Status
    outcome: Outcome | None
    witness: dict[str, Any] = field(default_factory=dict)
    #: the instance answered (:func:`escapology.chess.solve` fills it in; a notebook draws the
    #: witness on it, :class:`~escapology.core.pictures.DrawnResult`)
    instance: Instance | None = field(default=None, repr=False, compare=False)

    @property
    def certificate(self) -> Witness | None:
        """The outcome with its witness, what the checker judges (``None`` when unknown)."""
        if self.outcome is None:
            return None
        return Witness(self.outcome, self.witness)

    @property
    def stats(self) -> dict[str, Any]:  # type: ignore[override]
        return {}

    def to_text(self) -> str:
        """The first word of the answer (``unknown`` when the time ran out); ``solve`` prints
        :func:`explain`, which needs the instance."""
        return "unknown" if self.outcome is None else self.outcome.value

    def to_json(self) -> dict[str, Any]:
        """``{"outcome": ..., "witness": {...}, "status": ..., "certificate": ...}``, the CLI's JSON
        contract (``certificate`` is :attr:`certificate`)."""
        return {
            "outcome": None if self.outcome is None else self.outcome.value,
            "witness": self.witness,
            "status": self.status.value,
            "certificate": None if self.outcome is None else self.certificate.to_json(),  # type: ignore[union-attr]
        }


def answer_of(certificate: Any) -> Any:
    """The answer as the checker reads it: ``{"outcome", "witness"}`` (or what was given)."""
    if isinstance(certificate, Solution):
        certificate = certificate.certificate
    if isinstance(certificate, Witness):
        return certificate.to_json()
    if isinstance(certificate, dict) and isinstance(certificate.get("certificate"), dict):
        # the answer's own outcome and witness, else its certificate; two different ones are refused
        own = own_certificate(certificate, "outcome", "witness")
        return {**certificate, **own} if "outcome" in certificate else own
    return certificate


def solution_of(answer: Any, *, file: str | None = None) -> Solution | None:
    """The :class:`Solution` an answer holds (a solution, the ``to_json()`` object or its
    certificate), ``None`` when it holds no outcome; a malformed outcome is an :class:`InputError`
    naming ``file``."""
    if isinstance(answer, Solution):
        return answer
    answer = answer_of(answer)
    if not isinstance(answer, dict) or answer.get("outcome") is None:
        return None
    try:
        return Solution(Status.SOLVED, Outcome(answer["outcome"]), dict(answer.get("witness") or {}))
    except ValueError as exc:
        raise InputError(f"not an answer: {exc}", file=file) from None


def _fmt(v: tuple[int, int]) -> str:
    """A move vector ``(dx, dy)``, written like a field."""
    return f"({v[0]}, {v[1]})"


def draw_witness(inst: Instance, safe: Field, route: Path | None, how: str) -> dict[str, Any]:
    """The JSON witness of a draw: the safe field and how Alice gets there."""
    if how == "stay":
        moves: list = []
        path = [list(inst.alice)]
    elif how == "moves":
        assert route is not None
        moves = [list(v) for v in route.moves]
        path = [list(f) for f in route.fields]
    else:
        moves = []
        path = [list(inst.alice), list(safe)]
    return {
        "field": list(safe),
        "how": how,
        "moves": moves,
        "path": path,
        "bob_reach_bound": reach_bound(len(inst.usable_array())),
    }


def bob_witness(inst: Instance, deadline: Deadline | None = None) -> dict[str, Any]:
    """The JSON witness of a Bob win: for every field except Bob's, his capturing turn."""
    captures = []
    n = inst.n
    for y in range(1, n + 1):
        for x in range(1, n + 1):
            if (x, y) == inst.bob:
                continue
            if deadline is not None and deadline.expired():
                raise LimitReached()
            p = find_path(inst, inst.bob, (x, y))
            if p is None:  # pragma: no cover - only if called on a draw
                raise ValueError(f"Bob cannot reach {(x, y)}: not a Bob win")
            captures.append({"field": [x, y], **p.to_json()})
    return {
        "reason": f"Alice cannot capture Bob, and Bob captures her on each of the {n * n - 1} "
        "fields she can end on",
        "captures": captures,
    }


def _safe_route_small(inst: Instance) -> Path | None:
    """A 1- or 2-move turn of Alice to a field Bob cannot reach, by marking Bob's whole reach
    (O(n^2)); only used on small boards, to prefer a witness without teleport."""
    n = inst.n
    bob = reach_board(inst, inst.bob)
    V = inst.usable_array()
    ax, ay = inst.alice
    fx, fy = ax + V[:, 0], ay + V[:, 1]
    legal = np.flatnonzero((fx >= 1) & (fx <= n) & (fy >= 1) & (fy <= n))
    free1 = legal[~bob[fx[legal], fy[legal]]]
    if free1.size:
        i = int(free1[0])
        return Path(((int(V[i, 0]), int(V[i, 1])),), (inst.alice, (int(fx[i]), int(fy[i]))))
    for i in legal.tolist():
        ex, ey = fx[i] + V[:, 0], fy[i] + V[:, 1]
        ok = np.flatnonzero((ex >= 1) & (ex <= n) & (ey >= 1) & (ey <= n))
        free2 = ok[~bob[ex[ok], ey[ok]]]
        if free2.size:
            j = int(free2[0])
            v = (int(V[i, 0]), int(V[i, 1]))
            w = (int(V[j, 0]), int(V[j, 1]))
            mid = (ax + v[0], ay + v[1])
            return Path((v, w), (inst.alice, mid, (mid[0] + w[0], mid[1] + w[1])))
    return None


def solve(inst: Instance, deadline: Deadline | None = None, *, timeout: float | None = None) -> Solution:
    """Decide the game exactly and return the outcome with its witness (``timeout`` in seconds,
    or a ``deadline``).

    Raises nothing on a timeout: the solution then has status ``unknown`` and outcome ``None``.
    """
    if deadline is None and timeout is not None:
        deadline = Deadline(timeout)
    try:
        capture = find_path(inst, inst.alice, inst.bob)
        if capture is not None:
            return Solution(Status.SOLVED, Outcome.ALICE, capture.to_json())
        if deadline is not None and deadline.expired():
            raise LimitReached()
        # A safe field Alice reaches without teleporting, if one of the first few is.
        if find_path(inst, inst.bob, inst.alice) is None:
            return Solution(Status.SOLVED, Outcome.DRAW, draw_witness(inst, inst.alice, None, "stay"))
        route = _safe_route_small(inst) if inst.n <= SMALL_BOARD else find_safe_route(inst)
        if route is not None:
            return Solution(Status.SOLVED, Outcome.DRAW, draw_witness(inst, route.fields[-1], route, "moves"))
        safe = find_safe_field(inst, deadline)
        if safe is not None:
            route = find_path(inst, inst.alice, safe)
            how = "moves" if route is not None else "teleport"
            return Solution(Status.SOLVED, Outcome.DRAW, draw_witness(inst, safe, route, how))
        return Solution(Status.SOLVED, Outcome.BOB, bob_witness(inst, deadline))
    except LimitReached:
        return Solution(Status.UNKNOWN, None, {})


def explain(inst: Instance, sol: Solution) -> str:
    """The answer in words, a few lines (the CLI's text output)."""
    w = sol.witness
    if sol.outcome is None:
        return "unknown: the time limit was reached before an answer"
    if sol.outcome is Outcome.ALICE:
        moves = " then ".join(_fmt(v) for v in w["moves"])
        path = " -> ".join(field_name(f) for f in w["path"])
        return f"alice wins: she captures Bob with {moves}: {path}"
    if sol.outcome is Outcome.DRAW:
        f = field_name(w["field"])
        if w["how"] == "stay":
            how = f"she stays on {f}"
        elif w["how"] == "moves":
            how = f"she moves {' then '.join(_fmt(v) for v in w['moves'])}: " + " -> ".join(
                field_name(p) for p in w["path"]
            )
        else:
            how = f"she teleports to {f}"
        return (
            f"draw: Alice cannot capture Bob; {how}, a field Bob cannot reach with 0-2 moves\n"
            f"(Bob ends his turn on at most {w['bob_reach_bound']} of the {inst.fields} fields)"
        )
    lines = [f"bob wins: {w['reason']}"]
    for c in w["captures"]:
        moves = " then ".join(_fmt(v) for v in c["moves"])
        lines.append(f"  Alice on {field_name(c['field'])}: Bob plays {moves}")
    return "\n".join(lines)
