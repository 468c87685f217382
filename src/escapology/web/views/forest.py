"""The Enchanted Forest's page: the board drawn from its coordinates (the real board's pixel
positions, or a layout), the plan of the known rolls turn by turn, and the game: with the known
rolls (each turn takes the next one; the game is lost when they run out) or with unknown dice
(roll or enter two dice each turn, for a number of turns chosen at the start).

A state: ``fields`` (``id``, ``label``, ``x``, ``y`` with y growing downwards, ``special``,
``colour``), ``edges`` (pairs of ids), ``start``, ``target``, ``die``, ``rolls``, ``position``,
``walk`` (the fields of the turn's two walks), ``roll``, ``step``.

The moves of play are the game's own calls: the fields a turn can end on are
:meth:`escapology.forest.dice.Odds.ends`, their chances with unknown dice :meth:`Odds.options`
(exact fractions), the fewest turns with the known rolls left :func:`escapology.forest.solve` from
that field, the walks of a turn the one-turn plan :func:`escapology.forest.solve` finds, and known
rolls enter through :func:`escapology.forest.load`'s ``rolls`` (the command line's ``--rolls``).

>>> from escapology.forest import load
>>> inst = load("edge(1,2). edge(2,3). edge(3,4). start(1). target(4). die(2).")
>>> odds = roll(inst, position=0, dice=[1, 2], turns=1)
>>> odds["best"]["label"], odds["best"]["fraction"], odds["chance_here"]["fraction"]
('4', '1', '1/2')
>>> move(inst, position=0, dice=[1, 2], to=3)["walk"]
[0, 1, 2, 3]
>>> with_rolls(inst, rolls="1 2, 2 2")["rolls"]
[[1, 2], [2, 2]]
>>> known(load(with_rolls(inst, rolls="1 1, 1 2")["text"]), position=0, step=0)["options"]
[{'field': 2, 'label': '3', 'after': 1}, {'field': 0, 'label': '1', 'after': 1}]
"""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction
from typing import Any

from escapology.core.errors import InputError
from escapology.core.results import Status
from escapology.forest import load, solve
from escapology.forest.drawing import layout
from escapology.forest.io import instance_to_facts
from escapology.web.views import QUICK
from escapology.forest.model import Instance
from escapology.forest.play import Game, turn_walks
from escapology.web.views.forms import generator_form

__all__ = ["ACTIONS", "GENERATE", "SLOW", "frames", "known", "move", "roll", "state", "to_text", "with_rolls"]

GENERATE = generator_form(
    "forest", kind={}, size={"default": 6, "min": 2, "max": 30}, seed={},
    rolls={"label": "known rolls", "default": 12, "min": 0, "max": 200}, die={"label": "die faces", "min": 2, "max": 20})
MAX_TURNS = 200
#: the fields of a walk drawn at most (the blocks of a very long walk are drawn fewer times)
MAX_DRAWN = 20_000
#: a fraction longer than this is sent as its size and its value (the page shows it on hover)
MAX_FRACTION = 300


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


def _dice(inst: Instance, dice: Any) -> tuple[int, int]:
    if not (isinstance(dice, list) and len(dice) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in dice)):
        raise InputError("the dice are [x, y]")
    d = inst.board.die
    if not all(1 <= x <= d for x in dice):
        raise InputError(f"roll {dice[0]},{dice[1]}: the die has faces 1..{d}")
    return dice[0], dice[1]


def _chance(p: Fraction) -> dict[str, Any]:
    """The exact fraction (its size and value when it is very long) and its value as a float."""
    text = str(p)
    if len(text) > MAX_FRACTION:
        text = f"a fraction of {len(str(p.numerator))}/{len(str(p.denominator))} digits, {float(p):.12g}"
    return {"fraction": text, "value": float(p)}


def _odds(inst: Instance, turns: int) -> Any:
    from escapology.forest.dice import Odds  # scipy (~230 ms, forest.dice): only the moves of play need it

    return Odds(inst, turns, timeout=QUICK)


def roll(inst: Instance, *, position: Any, dice: Any, turns: Any = 10) -> dict[str, Any]:
    """Unknown dice: the fields a turn with ``dice`` can end on from ``position``, each with the
    exact chance to reach the target within the ``turns - 1`` turns after it, the best first, and
    the chance from ``position`` itself with ``turns`` turns (the optimal policy of Theorem 6's
    odds)."""
    v = _field(inst, position)
    roll_ = _dice(inst, dice)
    if not isinstance(turns, int) or not 1 <= turns <= MAX_TURNS:
        raise InputError(f"turns is 1..{MAX_TURNS}")
    odds = _odds(inst, turns)
    labels = inst.board.labels
    options = [{"field": w, "label": str(labels[w]), **_chance(p)} for w, p in odds.options(v, roll_, turns)]
    return {"options": options, "best": options[0] if options else None,
            "chance_here": _chance(odds.probability(v, turns)), "turns": turns}


def _fewest(inst: Instance, start: int, rolls: tuple[tuple[int, int], ...]) -> int | None:
    """The fewest turns from ``start`` to the target with ``rolls``, ``None`` when none suffice."""
    if start == inst.target:
        return 0
    if not rolls:
        return None
    result = solve(dataclasses.replace(inst, start=start, rolls=rolls), timeout=QUICK)
    if result.status is Status.SOLVED:
        return result.turns
    if result.status is Status.UNSOLVABLE:
        return None
    raise InputError("the fewest turns were not found in time")


def known(inst: Instance, *, position: Any, step: Any) -> dict[str, Any]:
    """The known rolls: turn ``step + 1`` takes roll ``step + 1``. The fields it can end on from
    ``position``, each with the fewest turns after it to reach the target with the rolls left
    (``after``; ``None``: not any more), the fewest first (among equals, moving on before
    staying); and ``fewest_here``, the fewest turns
    from ``position`` with roll ``step + 1`` on."""
    v = _field(inst, position)
    if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step < len(inst.rolls):
        raise InputError(f"there are {len(inst.rolls)} known rolls: no roll {step + 1 if isinstance(step, int) else step}")
    roll_ = inst.rolls[step]
    rest = inst.rolls[step + 1:]
    labels = inst.board.labels
    options = [{"field": w, "label": str(labels[w]), "after": _fewest(inst, w, rest)}
               for w in _odds(inst, 0).ends(v, roll_)]
    options.sort(key=lambda o: (o["after"] is None, o["after"] or 0, o["field"] == v, o["field"]))
    return {"roll": list(roll_), "options": options, "best": options[0] if options else None,
            "fewest_here": _fewest(inst, v, inst.rolls[step:]), "left": len(inst.rolls) - step}


def _walk_fields(inst: Instance, walk: list[Any]) -> list[int]:
    """A plan's walk (labels, blocks of ``{"repeat", "fields"}`` expanded, a block repeated at
    most until :data:`MAX_DRAWN` fields) as field numbers."""
    index = inst.board.index
    by_text = {str(k): v for k, v in index.items()}
    out: list[int] = []
    for item in walk:
        if isinstance(item, dict):
            block = list(item["fields"])
            items = block * max(1, min(int(item["repeat"]), MAX_DRAWN // max(1, len(block))))
        else:
            items = [item]
        for label in items:
            found = index.get(label, by_text.get(str(label)))
            if found is None:
                raise InputError(f"no field {label!r}")
            out.append(found)
    return out


def _joined(inst: Instance, walks: list[Any]) -> list[int]:
    """The two walks of a turn as one list of fields (the second starts where the first ends)."""
    out: list[int] = []
    for w in walks:
        fields = _walk_fields(inst, w)
        out += fields[1:] if out and fields and fields[0] == out[-1] else fields
    return out


def move(inst: Instance, *, position: Any, dice: Any, to: Any, step: Any = None, turns: Any = None) -> dict[str, Any]:
    """One turn with ``dice`` from ``position`` ending on ``to``, played by
    :meth:`escapology.forest.play.Game.push`: refused after the end of the game (``the game is
    over: ...``: the target reached; with ``step``, the turns played so far, the known rolls used
    up, or with unknown dice the game's ``turns`` in all) and unless the turn can end there (with
    known rolls and ``step``, by roll ``step + 1``); ``walk`` the fields of its two walks (or of the
    jump) as :func:`escapology.forest.play.turn_walks` has them (empty when the turn ends where it
    began)."""
    v, w = _field(inst, position), _field(inst, to)
    roll_ = _dice(inst, dice)
    if step is None:  # the page did not say which turn this is: only the target ends the game
        game = Game(dataclasses.replace(inst, rolls=()), v, timeout=QUICK)
    else:
        if not isinstance(step, int) or isinstance(step, bool) or step < 0:
            raise InputError("step is the number of turns played, 0 or more")
        if turns is not None and (not isinstance(turns, int) or isinstance(turns, bool) or not 1 <= turns <= MAX_TURNS):
            raise InputError(f"turns is 1..{MAX_TURNS}")
        game = Game(inst, v, step, None if inst.rolls else turns, timeout=QUICK)
    game.push(w, roll_)
    turn = turn_walks(inst, v, roll_, w, timeout=QUICK)
    if turn is None:
        return {"field": w, "walk": [], "jump": False, "roll": list(roll_)}
    made = turn.to_json(1)
    if made.get("jump"):
        return {"field": w, "walk": _walk_fields(inst, made["jump"]), "jump": True, "roll": list(roll_)}
    return {"field": w, "walk": _joined(inst, made["walks"]), "jump": False, "roll": list(roll_)}


def parse_rolls(text: Any) -> str:
    """Rolls as people write them (``3 5, 2 2, 6 1`` or ``3,5 2,2 6,1``: the dice in pairs) in
    the command line's form ``3,5 2,2 6,1``.

    >>> parse_rolls("3 5, 2 2; 6 1")
    '3,5 2,2 6,1'
    """
    if not isinstance(text, str):
        raise InputError("the rolls are text: pairs of dice, e.g. 3 5, 2 2, 6 1")
    if re.search(r"[^\d\s,;+()\[\]]", text):
        raise InputError(f"the rolls are pairs of dice, e.g. 3 5, 2 2, 6 1; not {text.strip()[:40]!r}")
    dice = [int(x) for x in re.findall(r"\d+", text)]
    if len(dice) % 2:
        raise InputError(f"the rolls are pairs of dice: {len(dice)} dice given")
    return " ".join(f"{dice[i]},{dice[i + 1]}" for i in range(0, len(dice), 2))


def with_rolls(inst: Instance, *, rolls: Any) -> dict[str, Any]:
    """The instance with these known rolls (none: unknown dice) as the game's facts, read back by
    :func:`escapology.forest.load` with ``rolls`` (the command line's ``--rolls``), which checks
    them against the die."""
    again = load(to_text(inst), rolls=parse_rolls(rolls))
    return {"text": to_text(again), "rolls": [list(r) for r in again.rolls]}


def frames(inst: Instance, certificate: Any) -> list[dict[str, Any]]:
    """The plan turn by turn: the roll, the two walks (or the jump), and where the turn ends."""
    plan = certificate.get("plan", certificate.get("certificate")) if isinstance(certificate, dict) else certificate
    if not isinstance(plan, list):
        raise InputError("a plan is a list of turns")
    first = state(inst)
    out = [first]
    for i, turn in enumerate(plan, start=1):
        if not isinstance(turn, dict):
            raise InputError(f"turn {i} is not an object")
        if turn.get("jump"):
            walk = _walk_fields(inst, turn["jump"])
        else:
            walk = _joined(inst, turn.get("walks") or [])
        if not walk:
            raise InputError(f"turn {i} has no walk")
        out.append({**first, "position": walk[-1], "walk": walk, "roll": turn.get("roll"), "step": i,
                    "jump": bool(turn.get("jump"))})
    return out


ACTIONS = {"roll": roll, "known": known, "move": move, "with_rolls": with_rolls}
SLOW = {"roll", "known", "move"}
