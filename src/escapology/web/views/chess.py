"""Teleport chess's page: a game against the solver (Alice or Bob, one turn each, move by move),
the position set up by clicking, and the verdict with its witness moves, step by step.

A state: ``n``, ``alice``, ``bob`` (fields ``[x, y]``, ``x`` the column from the left, ``y`` the row
from the bottom: :data:`escapology.chess.model.COORDINATES`), ``vectors`` (the input's, which both
play by) and ``usable`` (the distinct ones that fit on the board), ``reach`` (the fields each piece
ends a turn of 0-2 moves on, its own left out) and ``steps`` (each piece's one-move fields with their
vector), ``path`` (the fields a witness has visited so far), ``mover`` (``alice`` or ``bob``: whose
witness it is), ``captures`` (Bob's capture of Alice on each field she can end on, when Bob wins),
``note``. Boards larger than :data:`MAX_DRAWN` are not drawn (the solver still answers).

A game (:func:`turn`): Alice plays one turn, then Bob one turn, and it ends. A turn is 0, 1 or 2
moves by the vectors, or a teleport to a free field; ending a move on the other's field captures.
The person's moves come one at a time (``move`` to a field, ``teleport``, ``end`` the turn); the
solver plays its turn whole: as Alice the protocol's :func:`escapology.chess.solve` (its witness:
her capture, or her way to a field Bob cannot reach), as Bob the capture test the solver runs
(:func:`escapology.chess.reach.find_path`).

>>> from escapology.chess import load, solve
>>> inst = load("4\\n1 4 2 2\\n1 0\\n0 1\\n1 1\\n-1 -1\\n")
>>> place(inst, who="bob", field=[3, 3])["text"].splitlines()[1]
'1 4 3 3'
>>> [f["path"] for f in frames(inst, solve(inst).certificate)][-1][-1] is not None
True
>>> t = turn(inst, alice=[1, 4], bob=[2, 2], side="alice", mover="alice", moves=[], action="move", field=[2, 4])
>>> t["alice"], t["mover"], t["moves"], t["outcome"]
([2, 4], 'alice', [[1, 0]], None)
>>> t = turn(inst, alice=[2, 4], bob=[2, 2], side="alice", mover="alice", moves=[[1, 0]], action="end")
>>> [(e["who"], e["to"]) for e in t["events"]], t["outcome"], t["note"]
([('bob', [2, 3]), ('bob', [2, 4])], 'bob', 'Bob captures Alice on (2, 4)')
"""

from __future__ import annotations

from typing import Any

from escapology.chess.model import Instance, field_name
from escapology.core.errors import InputError
from escapology.web.views.forms import generator_form

__all__ = ["ACTIONS", "GENERATE", "MAX_DRAWN", "frames", "place", "state", "to_text", "turn"]

MAX_DRAWN = 40
GENERATE = generator_form(
    "chess", size={"label": "board side", "default": 8, "min": 2, "max": MAX_DRAWN}, seed={}, kind={"label": "vectors"})
SUFFIX = ".txt"


def to_text(inst: Instance) -> str:
    from escapology.chess.io import format_instance  # numpy: /games (the game list) loads every view without it

    return format_instance(inst)


def _steps(inst: Instance, at: tuple[int, int]) -> list[dict[str, Any]]:
    """The fields one move from ``at`` (on the board), with the vector of each."""
    out = []
    for v in inst.usable_vectors():
        f = (at[0] + v[0], at[1] + v[1])
        if inst.on_board(f):
            out.append({"vector": list(v), "field": list(f)})
    return out


def _reach(inst: Instance, at: tuple[int, int]) -> list[list[int]]:
    """The fields a piece on ``at`` ends a turn of 0-2 moves on, ``at`` left out."""
    from escapology.chess.reach import reach_board  # numpy: only a drawn board needs the reach

    board = reach_board(inst, at)
    return [[x, y] for x in range(1, inst.n + 1) for y in range(1, inst.n + 1) if board[x, y] and (x, y) != at]


def _drawing(inst: Instance) -> dict[str, Any]:
    """What the page draws of a position besides the pieces: each piece's reach and one-move fields."""
    if inst.n > MAX_DRAWN:
        return {"reach": {"alice": [], "bob": []}, "steps": {"alice": [], "bob": []}}
    return {"reach": {"alice": _reach(inst, inst.alice), "bob": _reach(inst, inst.bob)},
            "steps": {"alice": _steps(inst, inst.alice), "bob": _steps(inst, inst.bob)}}


def state(inst: Instance) -> dict[str, Any]:
    return {"n": inst.n, "alice": list(inst.alice), "bob": list(inst.bob), "vectors": [list(v) for v in inst.vectors],
            "usable": [list(v) for v in inst.usable_vectors()], **_drawing(inst),
            "drawn": inst.n <= MAX_DRAWN, "path": [], "mover": "alice", "captures": [], "note": "", "step": 0}


def _field(inst: Instance, f: Any) -> tuple[int, int]:
    if not (isinstance(f, list) and len(f) == 2 and all(isinstance(v, int) and 1 <= v <= inst.n for v in f)):
        raise InputError(f"a field is [x, y] with 1 <= x, y <= {inst.n}")
    return (f[0], f[1])


def place(inst: Instance, *, who: str, field: Any) -> dict[str, Any]:
    """The position with Alice or Bob moved to ``field``: ``{"text"}`` in the game's format."""
    target = _field(inst, field)
    if who not in ("alice", "bob"):
        raise InputError("who is alice or bob")
    alice, bob = (target, inst.bob) if who == "alice" else (inst.alice, target)
    if alice == bob:
        raise InputError("Alice and Bob cannot stand on the same field")
    return {"text": to_text(Instance(inst.n, alice, bob, inst.vectors))}


def frames(inst: Instance, certificate: Any) -> list[dict[str, Any]]:
    """Alice's witness path (her capture, or her way to a field Bob cannot reach) move by move;
    when Bob wins, his capture on each field she can end on, one frame each."""
    first = state(inst)
    certificate = certificate.to_json() if hasattr(certificate, "to_json") else certificate
    answer = certificate.get("certificate", certificate) if isinstance(certificate, dict) and "outcome" not in certificate \
        else certificate
    if not isinstance(answer, dict) or not isinstance(answer.get("witness"), dict):
        raise InputError("an answer is {outcome, witness}")
    outcome, witness = answer.get("outcome"), answer["witness"]
    out = [first]
    if outcome == "bob":
        for capture in witness.get("captures") or []:
            path = capture.get("path") or []
            out.append({**first, "mover": "bob", "path": path, "alice": capture.get("field", first["alice"]),
                        "note": f"Alice ends on {capture.get('field')}: Bob captures her", "step": len(out)})
        return out
    path = witness.get("path") or []
    for i in range(1, len(path) + 1):
        last = i == len(path)
        note = ""
        if last:
            note = "Alice captures Bob" if outcome == "alice" else \
                f"Bob cannot reach {path[-1]}: a draw ({witness.get('how', 'moves')})"
        out.append({**first, "path": path[:i], "note": note, "step": i})
    return out


_OTHER = {"alice": "bob", "bob": "alice"}
_NAME = {"alice": "Alice", "bob": "Bob"}


class _Game:
    """A position being played: both fields, whose turn it is, the moves of that turn so far, what
    happened (``events``) and the outcome once there is one."""

    def __init__(self, inst: Instance, alice: Any, bob: Any, mover: Any, moves: Any) -> None:
        self.inst = inst
        self.at = {"alice": _field(inst, alice), "bob": _field(inst, bob)}
        if self.at["alice"] == self.at["bob"]:
            raise InputError("Alice and Bob cannot stand on the same field")
        if mover not in ("alice", "bob"):
            raise InputError("mover is alice or bob")
        if not (isinstance(moves, list) and len(moves) <= 1 and all(
                isinstance(v, list) and len(v) == 2 and all(isinstance(c, int) for c in v) for v in moves)):
            raise InputError("moves are the turn's moves so far: at most one vector [dx, dy]")
        self.mover: str | None = mover
        self.moves = [list(v) for v in moves]
        self.events: list[dict[str, Any]] = []
        self.outcome: str | None = None
        self.note = ""

    def move(self, target: tuple[int, int]) -> None:
        """The mover's move to ``target``: one of the vectors, on the board; a capture on the other's field."""
        who = self.mover
        assert who is not None
        here = self.at[who]
        v = (target[0] - here[0], target[1] - here[1])
        if v not in self.inst.usable_vectors():
            raise InputError(f"{_NAME[who]} cannot move from {field_name(here)} to {field_name(target)}: "
                             f"({v[0]}, {v[1]}) is not one of the vectors")
        self.moves.append(list(v))
        self.at[who] = target
        captures = target == self.at[_OTHER[who]]
        self.events.append({"who": who, "kind": "move", "from": list(here), "to": list(target), "vector": list(v),
                            "captures": captures})
        if captures:
            self.outcome = who
            self.note = f"{_NAME[who]} captures {_NAME[_OTHER[who]]} on {field_name(target)}"
            self.mover = None
        elif len(self.moves) == 2:
            self.end_turn()

    def teleport(self, target: tuple[int, int]) -> None:
        who = self.mover
        assert who is not None
        if self.moves:
            raise InputError("a teleport is a whole turn: it cannot follow a move")
        if target in self.at.values():
            raise InputError(f"{field_name(target)} is not free: a teleport goes to a free field")
        self.events.append({"who": who, "kind": "teleport", "from": list(self.at[who]), "to": list(target)})
        self.at[who] = target
        self.end_turn()

    def end_turn(self) -> None:
        who = self.mover
        assert who is not None
        if not self.moves and not (self.events and self.events[-1]["kind"] == "teleport"
                                   and self.events[-1]["who"] == who):
            self.events.append({"who": who, "kind": "stay", "from": list(self.at[who]), "to": list(self.at[who])})
        self.moves = []
        if who == "alice":
            self.mover = "bob"
        else:
            self.mover = None
            self.outcome = "draw"
            self.note = f"Bob cannot reach Alice on {field_name(self.at['alice'])}: a draw"

    def position(self) -> Instance:
        return Instance(self.inst.n, self.at["alice"], self.at["bob"], self.inst.vectors)

    def solver_plays(self) -> None:
        """The mover's whole turn by the solver: Alice by the protocol's solve (its witness), Bob
        by the capture test (a capture when there is one, else he stays)."""
        from escapology.chess.api import solve  # numpy: the solver runs only when it plays a turn
        from escapology.chess.reach import find_path  # numpy (as above)

        pos = self.position()
        if self.mover == "alice":
            sol = solve(pos)
            w = sol.witness if sol.outcome is not None else {}
            if sol.outcome is not None and sol.outcome.value == "draw" and w.get("how") == "teleport":
                self.teleport(tuple(w["field"]))  # type: ignore[arg-type]
                return
            for f in (w.get("path") or [])[1:] if sol.outcome is not None and sol.outcome.value != "bob" else []:
                self.move(tuple(f))  # type: ignore[arg-type]
                if self.mover != "alice":
                    return
            self.end_turn()
            return
        path = find_path(pos, pos.bob, pos.alice)
        for f in path.fields[1:] if path is not None else []:
            self.move(f)
            if self.mover != "bob":
                return
        self.end_turn()

    def to_json(self, inst: Instance) -> dict[str, Any]:
        captured = _OTHER[self.outcome] if self.outcome in _OTHER else None
        at = self.at[self.mover] if self.mover else None
        drawing = {"reach": {"alice": [], "bob": []}, "steps": {"alice": [], "bob": []}} if captured \
            else _drawing(self.position())
        if at and self.moves and not captured:  # a move made: the turn ends on one of the next fields
            drawing["reach"][self.mover] = [o["field"] for o in _steps(inst, at)]
        return {"alice": list(self.at["alice"]), "bob": list(self.at["bob"]), "mover": self.mover,
                "moves": self.moves, "options": _steps(inst, at) if at and len(self.moves) < 2 else [],
                "teleport": bool(self.mover) and not self.moves, "events": self.events, "outcome": self.outcome,
                "captured": captured, "note": self.note, **drawing}


def turn(inst: Instance, *, alice: Any, bob: Any, side: str, mover: str, moves: Any = (), action: str,
         field: Any = None) -> dict[str, Any]:
    """A step of a game: the person (``side``) plays ``action`` in their turn (``move`` to ``field``,
    ``teleport`` to ``field``, ``end`` the turn), or ``solver`` plays the mover's whole turn; when
    the person's turn ends and the game goes on, the solver plays its turn too. ``alice``, ``bob``:
    the fields now (the mover's after the turn's moves so far, ``moves``). The answer: both fields,
    ``mover`` (whose turn it is, ``None`` once over), the turn's ``moves`` so far, ``options`` (the
    mover's one-move fields), ``teleport`` (whether the mover may still teleport), ``events`` (what
    happened: ``{"who", "kind": "move" | "teleport" | "stay", "from", "to", "vector", "captures"}``),
    ``outcome`` (``alice``, ``bob`` or ``draw``, once over), ``captured`` (the piece taken, if any;
    it stood where the other stands now) and ``note``, and the position's ``reach`` and ``steps`` (the
    mover's reach, after a first move, the fields of the second)."""
    if side not in ("alice", "bob"):
        raise InputError("side is alice or bob")
    game = _Game(inst, alice, bob, mover, list(moves))
    if action == "solver":
        if mover == side:
            raise InputError("it is your turn, not the solver's")
        game.solver_plays()
    else:
        if mover != side:
            raise InputError("it is the solver's turn")
        if action in ("move", "teleport"):
            target = _field(inst, field)
            (game.move if action == "move" else game.teleport)(target)
        elif action == "end":
            game.end_turn()
        else:
            raise InputError("action is move, teleport, end or solver")
        if game.mover is not None and game.mover != side:
            game.solver_plays()
    return game.to_json(inst)


ACTIONS = {"place": place, "turn": turn}
SLOW: set[str] = set()
