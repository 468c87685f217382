"""Reading and writing Labyrinth instances and plans as ASP facts.

Instances use ``field/2``, ``init_on/2``, ``goal_on/2``, ``connect/3`` and ``max_steps/1`` exactly as the
competition's instance files do; plans are ``push(z, d, s)`` facts.

>>> inst = parse_instance("field(1..2,1..2). init_on(1,1). goal_on(2,2). connect(1,1,n). max_steps(2).")
>>> inst.n, inst.init, inst.goal, inst.max_steps, inst.connections
(2, (1, 1), (2, 2), 2, (1, 0, 0, 0))
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from pathlib import Path

from escapology.core.errors import InputError
from escapology.core.facts import Fact, format_fact, parse_facts
from escapology.core.limits import Deadline
from escapology.labyrinth.model import DIRECTION_BITS, Instance

_ARITY = {"field": 2, "init_on": 2, "goal_on": 2, "connect": 3, "max_steps": 1}

#: The largest board side (``escapology._native.LABYRINTH_MAX_SIDE``, the native engine's limit; the
#: real competition instances have sides up to 22).
MAX_SIDE = 128
#: The largest ``max_steps`` (the engines count steps in 32-bit words).
MAX_STEPS = 2**31 - 1
#: The most facts an instance file may hold (intervals expanded): every field, four connections per
#: field, each written twice, and the rest.
MAX_FACTS = 10 * MAX_SIDE * MAX_SIDE


def _ints(fact: Fact, file: str | None, count: int) -> tuple[int, ...]:
    if not all(isinstance(a, int) for a in fact.args[:count]):
        raise InputError(f"{fact.name} needs integer arguments, got {fact}", file=file, line=fact.line)
    return fact.args[:count]  # type: ignore[return-value]


def parse_instance(text: str, *, file: str | None = None, deadline: Deadline | None = None) -> Instance:
    """Parse an instance, raising :class:`InputError` (with file and line) for every mistake.

    The limits (:data:`MAX_SIDE`, :data:`MAX_STEPS`, :data:`MAX_FACTS`) are checked before anything
    is allocated by size; ``deadline`` is polled while reading
    (:class:`~escapology.core.limits.LimitReached`).

    >>> parse_instance("field(1..3000,1..3000).", file="big.lp")
    Traceback (most recent call last):
    ...
    escapology.core.errors.InputError: big.lp:1: field(...) expands to 9000000 facts; this reader takes at most 163840 facts (a Labyrinth board has side at most 128)
    """
    facts = parse_facts(text, file=file, max_facts=MAX_FACTS, deadline=deadline,
                        why=f"a Labyrinth board has side at most {MAX_SIDE}")

    def err(message: str, line: int | None) -> InputError:
        return InputError(message, file=file, line=line)

    singles: dict[str, Fact] = {}
    fields: dict[tuple[int, int], Fact] = {}
    connects: list[Fact] = []
    for f in facts:
        if f.name not in _ARITY:
            raise err(f"unknown predicate {f.name}/{len(f.args)} (a Labyrinth instance has "
                      "field/2, init_on/2, goal_on/2, connect/3, max_steps/1)", f.line)
        if len(f.args) != _ARITY[f.name]:
            raise err(f"{f.name} takes {_ARITY[f.name]} arguments, got {f}", f.line)
        if f.name == "field":
            x, y = _ints(f, file, 2)
            if not (1 <= x <= MAX_SIDE and 1 <= y <= MAX_SIDE):
                raise err(f"{f} is off every board escapology takes: rows and columns run from 1 to at most "
                          f"{MAX_SIDE} (the largest board side)", f.line)
            fields.setdefault((x, y), f)
        elif f.name == "connect":
            connects.append(f)
        else:
            if f.name in singles:
                raise err(f"repeated {f.name} (first on line {singles[f.name].line})", f.line)
            singles[f.name] = f
    if not fields:
        raise err("no field/2 facts: the board is empty", None)
    for name in ("init_on", "goal_on", "max_steps"):
        if name not in singles:
            raise err(f"missing {name} fact", None)

    rows = sorted({x for x, _ in fields})
    cols = sorted({y for _, y in fields})
    n = len(rows)
    if rows != list(range(1, n + 1)) or cols != list(range(1, len(cols) + 1)) or len(cols) != n:
        raise err(f"the board is not square with rows and columns numbered from 1: rows {rows[0]}..{rows[-1]} "
                  f"({len(rows)} distinct), columns {cols[0]}..{cols[-1]} ({len(cols)} distinct)", None)
    if len(fields) != n * n:
        missing = next((x, y) for x in range(1, n + 1) for y in range(1, n + 1) if (x, y) not in fields)
        raise err(f"the board has a gap: field({missing[0]},{missing[1]}) is missing from the {n}x{n} board", None)

    def on_board(f: Fact) -> tuple[int, int]:
        xy = _ints(f, file, 2)
        if xy not in fields:
            raise err(f"{f} names a position outside the {n}x{n} board", f.line)
        return xy  # type: ignore[return-value]

    conns = [0] * (n * n)
    for f in connects:
        x, y = on_board(f)
        d = f.args[2]
        if d not in DIRECTION_BITS:
            raise err(f"unknown direction {d!r} in {f} (use n, s, e or w)", f.line)
        conns[(x - 1) * n + (y - 1)] |= DIRECTION_BITS[d]  # type: ignore[index]
    init = on_board(singles["init_on"])
    goal = on_board(singles["goal_on"])
    ms = singles["max_steps"]
    (steps,) = _ints(ms, file, 1)
    if steps < 0:
        raise err(f"max_steps must not be negative, got {steps}", ms.line)
    if steps > MAX_STEPS:
        raise err(f"max_steps({steps}) is above the limit {MAX_STEPS} (the engines count steps in 32-bit words)",
                  ms.line)
    return Instance(n, tuple(conns), init, goal, steps, name=file or "<instance>")


def read_instance(path: str | Path) -> Instance:
    """Read an instance file (see :func:`parse_instance`).

    Deprecated: use :func:`escapology.labyrinth.load` (paths, ``-`` and text alike).
    """

    warnings.warn("read_instance is deprecated: use escapology.labyrinth.load", DeprecationWarning, stacklevel=2)
    p = Path(path)
    return parse_instance(p.read_text(encoding="utf-8"), file=str(p))


def format_instance(inst: Instance) -> str:
    """Write an instance as facts, one per line, in the order of the competition files."""
    n = inst.n
    out = [format_fact("field", x, y) for x in range(1, n + 1) for y in range(1, n + 1)]
    out.append(format_fact("init_on", *inst.init))
    out.append(format_fact("goal_on", *inst.goal))
    for x in range(1, n + 1):
        for y in range(1, n + 1):
            mask = inst.connections[(x - 1) * n + (y - 1)]
            for d in "nsew":
                if mask & DIRECTION_BITS[d]:
                    out.append(format_fact("connect", x, y, d))
    out.append(format_fact("max_steps", inst.max_steps))
    return "\n".join(out) + "\n"


@dataclass(frozen=True)
class PushFact:
    """One ``push(z, d, s)`` fact of a plan as written, with its line."""

    line_no: int
    z: int
    direction: str
    step: int


def parse_plan(text: str, *, file: str | None = None) -> list[PushFact]:
    """Read ``push(z, d, s)`` facts (the solver's text output, or a clingo answer set line).

    Other atoms are rejected; the checker judges steps, lines and directions, so this only checks
    the shape.

    >>> [(p.z, p.direction, p.step) for p in parse_plan("push(1,w,1). push(3,s,2).")]
    [(1, 'w', 1), (3, 's', 2)]
    """
    cleaned = text.replace("Answer:", "%Answer:")
    out = []
    for f in parse_facts(cleaned, file=file):
        if f.name != "push" or len(f.args) != 3:
            raise InputError(f"a plan holds only push(z,d,s) facts, got {f}", file=file, line=f.line)
        z, d, s = f.args
        if not isinstance(z, int) or not isinstance(s, int) or not isinstance(d, str):
            raise InputError(f"push(z,d,s) needs integers z and s and a direction d, got {f}",
                             file=file, line=f.line)
        out.append(PushFact(f.line, z, d, s))
    return out
