"""Teleport chess's page: set up a position (click the board to place Alice or Bob) and see the
verdict with its witness moves, step by step.

A state: ``n``, ``alice``, ``bob`` (fields ``[x, y]``, ``x`` the column from the left, ``y`` the row
from the bottom), ``vectors``, ``path`` (the fields a witness has visited so far), ``mover``
(``alice`` or ``bob``: whose witness it is), ``captures`` (Bob's capture of Alice on each field she
can end on, when Bob wins), ``note``. Boards larger than :data:`MAX_DRAWN` are not drawn (the
solver still answers).

>>> from escapology.chess import load, solve
>>> inst = load("4\\n1 4 2 2\\n1 0\\n0 1\\n1 1\\n-1 -1\\n")
>>> place(inst, who="bob", field=[3, 3])["text"].splitlines()[1]
'1 4 3 3'
>>> [f["path"] for f in frames(inst, solve(inst).certificate)][-1][-1] is not None
True
"""

from __future__ import annotations

from typing import Any

from escapology.chess.model import Instance
from escapology.core.errors import InputError
from escapology.web.views.forms import generator_form

__all__ = ["ACTIONS", "GENERATE", "MAX_DRAWN", "frames", "place", "state", "to_text"]

MAX_DRAWN = 40
GENERATE = generator_form(
    "chess", size={"label": "board side", "default": 8, "min": 2, "max": MAX_DRAWN}, seed={}, kind={"label": "vectors"})
SUFFIX = ".txt"


def to_text(inst: Instance) -> str:
    from escapology.chess.io import format_instance  # numpy: /games (the game list) loads every view without it

    return format_instance(inst)


def state(inst: Instance) -> dict[str, Any]:
    return {"n": inst.n, "alice": list(inst.alice), "bob": list(inst.bob), "vectors": [list(v) for v in inst.vectors],
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


ACTIONS = {"place": place}
SLOW: set[str] = set()
