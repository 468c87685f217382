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

from escapology.chess.model import Instance
from escapology.chess.play import SIDES, Move, Position, field_of, reply
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


def _steps(pos: Position) -> list[dict[str, Any]]:
    """The mover's one-move fields (:meth:`Position.steps`), with the vector of each."""
    return [{"vector": list(v), "field": list(f)} for v, f in pos.steps()]


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
            "steps": {who: _steps(Position(inst, inst.alice, inst.bob, who)) for who in SIDES}}


def state(inst: Instance) -> dict[str, Any]:
    return {"n": inst.n, "alice": list(inst.alice), "bob": list(inst.bob), "vectors": [list(v) for v in inst.vectors],
            "usable": [list(v) for v in inst.usable_vectors()], **_drawing(inst),
            "drawn": inst.n <= MAX_DRAWN, "path": [], "mover": "alice", "captures": [], "note": "", "step": 0}


def place(inst: Instance, *, who: str, field: Any) -> dict[str, Any]:
    """The position with Alice or Bob moved to ``field``: ``{"text"}`` in the game's format."""
    target = field_of(inst, field)
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


def _solver_plays(pos: Position) -> Position:
    """The mover's whole turn by the solver (:func:`escapology.chess.play.reply`)."""
    for move in reply(pos):
        pos = pos.push(move)
    return pos


def _to_json(pos: Position) -> dict[str, Any]:
    captured = pos.captured
    at = pos.at(pos.mover) if pos.mover else None
    drawing = {"reach": {"alice": [], "bob": []}, "steps": {"alice": [], "bob": []}} if captured \
        else _drawing(pos.instance())
    options = _steps(pos)
    if pos.mover and pos.moves:  # a move made: the turn ends on one of the next fields
        drawing["reach"][pos.mover] = [o["field"] for o in options]
    return {"alice": list(pos.alice), "bob": list(pos.bob), "mover": pos.mover,
            "moves": [list(v) for v in pos.moves], "options": options if at else [],
            "teleport": pos.can_teleport, "events": [e.to_json() for e in pos.events],
            "outcome": pos.outcome.value if pos.outcome else None, "captured": captured, "note": pos.note, **drawing}


def turn(inst: Instance, *, alice: Any, bob: Any, side: str, mover: str, moves: Any = (), action: str,
         field: Any = None) -> dict[str, Any]:
    """A step of a game: the person (``side``) plays ``action`` in their turn (``move`` to ``field``,
    ``teleport`` to ``field``, ``end`` the turn), or ``solver`` plays the mover's whole turn; when
    the person's turn ends and the game goes on, the solver plays its turn too. ``alice``, ``bob``:
    the fields now (the mover's after the turn's moves so far, ``moves``). The rules are
    :class:`escapology.chess.play.Position`'s, the solver's turn :func:`escapology.chess.play.reply`.
    The answer: both fields,
    ``mover`` (whose turn it is, ``None`` once over), the turn's ``moves`` so far, ``options`` (the
    mover's one-move fields), ``teleport`` (whether the mover may still teleport), ``events`` (what
    happened: ``{"who", "kind": "move" | "teleport" | "stay", "from", "to", "vector", "captures"}``),
    ``outcome`` (``alice``, ``bob`` or ``draw``, once over), ``captured`` (the piece taken, if any;
    it stood where the other stands now) and ``note``, and the position's ``reach`` and ``steps`` (the
    mover's reach, after a first move, the fields of the second)."""
    if side not in SIDES:
        raise InputError("side is alice or bob")
    pos = Position.of(inst, alice=alice, bob=bob, mover=mover, moves=list(moves))
    if action == "solver":
        if mover == side:
            raise InputError("it is your turn, not the solver's")
        pos = _solver_plays(pos)
    else:
        if mover != side:
            raise InputError("it is the solver's turn")
        if action in ("move", "teleport"):
            target = field_of(inst, field)
            pos = pos.push(Move.step(target) if action == "move" else Move.teleport(target))
        elif action == "end":
            pos = pos.push(Move.end())
        else:
            raise InputError("action is move, teleport, end or solver")
        if pos.mover is not None and pos.mover != side:
            pos = _solver_plays(pos)
    return _to_json(pos)


ACTIONS = {"place": place, "turn": turn}
SLOW: set[str] = set()
