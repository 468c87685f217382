"""The Enchanted Forest's page: the board drawn from its coordinates (the real board's pixel
positions, or a layout), the plan of the known rolls turn by turn, and play with unknown dice:
roll (or enter) two dice and see the fields the turn can end on, each with its exact chance to
reach the target in the turns left, the best first (:class:`escapology.forest.dice.Odds`).

A state: ``fields`` (``id``, ``label``, ``x``, ``y`` with y growing downwards, ``special``,
``colour``), ``edges`` (pairs of ids), ``start``, ``target``, ``die``, ``position``, ``walk`` (the
fields of the turn's two walks), ``roll``, ``step``.

>>> from escapology.forest import load
>>> inst = load("edge(1,2). edge(2,3). edge(3,4). start(1). target(4). die(2).")
>>> odds = roll(inst, position=0, dice=[1, 2], turns=1)
>>> odds["best"]["label"], odds["best"]["chance"]
('4', '1')
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from escapology.core.errors import InputError
from escapology.forest.drawing import layout
from escapology.forest.io import instance_to_facts
from escapology.web.views import QUICK
from escapology.forest.model import Instance
from escapology.web.views.forms import generator_form

__all__ = ["ACTIONS", "GENERATE", "SLOW", "frames", "roll", "state", "to_text"]

GENERATE = generator_form(
    "forest", kind={}, size={"default": 6, "min": 2, "max": 30}, seed={},
    rolls={"label": "known rolls", "default": 12, "min": 0, "max": 200}, die={"label": "die faces", "min": 2, "max": 20})
MAX_TURNS = 200


def to_text(inst: Instance) -> str:
    return instance_to_facts(inst)


def state(inst: Instance) -> dict[str, Any]:
    b = inst.board
    pos = layout(inst)
    colours = b.colours or {}
    return {
        "fields": [{"id": v, "label": str(b.labels[v]), "x": pos[v][0], "y": pos[v][1], "special": v in b.special,
                    "colour": colours.get(v)} for v in range(b.n)],
        "edges": [list(e) for e in b.edges()], "start": inst.start, "target": inst.target, "die": b.die,
        "rolls": [list(r) for r in inst.rolls], "position": inst.start, "walk": [], "roll": None, "step": 0,
    }


def _field(inst: Instance, v: Any) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < inst.board.n:
        raise InputError(f"a field is a number 0..{inst.board.n - 1}")
    return v


def _chance(p: Fraction) -> str:
    """Exactly when short, else as a decimal."""
    text = str(p)
    return text if len(text) <= 15 else f"{float(p):.6f}"


def roll(inst: Instance, *, position: Any, dice: Any, turns: Any = 10) -> dict[str, Any]:
    """The fields a turn with ``dice`` can end on from ``position`` with the chance of each to
    reach the target within the ``turns - 1`` turns after it, the best first, and the chance from
    ``position`` itself with ``turns`` turns (the optimal policy of Theorem 6's odds)."""
    from escapology.forest.dice import Odds  # scipy (~230 ms, forest.dice): only the roll action needs it

    v = _field(inst, position)
    if not (isinstance(dice, list) and len(dice) == 2 and all(isinstance(x, int) for x in dice)):
        raise InputError("the dice are [x, y]")
    if not isinstance(turns, int) or not 1 <= turns <= MAX_TURNS:
        raise InputError(f"turns is 1..{MAX_TURNS}")
    odds = Odds(inst, turns, timeout=QUICK)
    labels = inst.board.labels
    options = [{"field": w, "label": str(labels[w]), "chance": _chance(p), "value": float(p)}
               for w, p in odds.options(v, (dice[0], dice[1]), turns)]
    return {"options": options, "best": options[0] if options else None,
            "chance_here": _chance(odds.probability(v, turns)), "turns": turns}


def frames(inst: Instance, certificate: Any) -> list[dict[str, Any]]:
    """The plan turn by turn: the roll, the two walks (or the jump), and where the turn ends."""
    plan = certificate.get("plan", certificate.get("certificate")) if isinstance(certificate, dict) else certificate
    if not isinstance(plan, list):
        raise InputError("a plan is a list of turns")
    first = state(inst)
    index = inst.board.index
    by_text = {str(k): v for k, v in index.items()}

    def field(label: Any) -> int:
        found = index.get(label, by_text.get(str(label)))
        if found is None:
            raise InputError(f"no field {label!r}")
        return found

    out = [first]
    for i, turn in enumerate(plan, start=1):
        if not isinstance(turn, dict):
            raise InputError(f"turn {i} is not an object")
        if turn.get("jump"):
            walk = [field(x) for x in turn["jump"]]
        else:
            walk = [field(x) for w in turn.get("walks") or [] for x in w]
        if not walk:
            raise InputError(f"turn {i} has no walk")
        out.append({**first, "position": walk[-1], "walk": walk, "roll": turn.get("roll"), "step": i,
                    "jump": bool(turn.get("jump"))})
    return out


ACTIONS = {"roll": roll}
SLOW = {"roll"}
