"""An independent checker for Labyrinth plans.

It replays the plan on a plain grid of connection masks (its own code, sharing nothing with the
solvers but the parsed instance) and accepts the plan or names the first violation, following the
official 2011 checker: exactly one push per step 1..t, t <= max_steps, lines inside the board, known
directions, and the goal field reachable from the avatar's field after push t (the avatar walks
after every push, never before push 1; t = 0 only when the avatar starts on the goal).

>>> from escapology.labyrinth.io import parse_instance
>>> inst = parse_instance("field(1..2,1..2). init_on(1,1). goal_on(2,2). "
...     "connect(1,1,e). connect(2,2,w). max_steps(1).")
>>> check_plan(inst, [(1, "n", 1)]).ok   # the avatar rides north, next to the goal
True
>>> v = check_plan(inst, [(1, "e", 1)])
>>> v.errors, v.details
(['after push 1 the goal is not reachable from the avatar'], {'step': 1, 'line': None})

The answer is the protocol's :class:`~escapology.core.protocol.Verdict`; its ``details`` name the
``step`` the violation concerns and, for push facts read from a file, the file's ``line``.
"""

from __future__ import annotations

from typing import Sequence

from escapology.core.protocol import Verdict
from escapology.core.wording import plural
from escapology.labyrinth.io import PushFact
from escapology.labyrinth.model import Instance

_DELTA = {"n": (1, 0), "s": (-1, 0), "e": (0, 1), "w": (0, -1)}
_OPP = {"n": "s", "s": "n", "e": "w", "w": "e"}


def _verdict(ok: bool, message: str, step: int | None = None, line: int | None = None) -> Verdict:
    """Accepted with ``message`` as summary, or rejected for ``message``; ``details`` name the step
    and the input line (of push facts read from a file) it concerns."""
    details = {"step": step, "line": line}
    if ok:
        return Verdict(True, [], message, details)
    return Verdict(False, [message], f"rejected: {message}", details)


def _integer(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_plan(inst: Instance, plan: Sequence[PushFact | tuple[int, str, int]]) -> Verdict:
    """Check a plan given as push facts or ``(z, d, s)`` triples against ``inst``."""
    n = inst.n
    triples: list[tuple[int, str, int, int | None]] = []
    for p in plan:
        if isinstance(p, PushFact):
            triples.append((p.z, p.direction, p.step, p.line_no))
        else:
            z, d, s = p
            triples.append((z, d, s, None))
    by_step: dict[int, tuple[int, str, int | None]] = {}
    for k, (z, d, s, ln) in enumerate(triples, 1):
        if not _integer(s):
            return _verdict(False, f"push {k} names step {s!r}, not a whole number", None, ln)
        if not _integer(z):
            return _verdict(False, f"push at step {s} names line {z!r}, not a whole number", s, ln)
        if s in by_step:
            return _verdict(False, f"two pushes at step {s}", s, ln)
        if not isinstance(d, str) or d not in _DELTA:
            return _verdict(False, f"unknown direction {d!r} at step {s}", s, ln)
        if not 1 <= z <= n:
            return _verdict(False, f"push at step {s} names line {z}, outside 1..{n}", s, ln)
        by_step[s] = (z, d, ln)
    t = len(by_step)
    for s in range(1, t + 1):
        if s not in by_step:
            bad = min(k for k in by_step if k < 1 or k > t)
            return _verdict(False, f"steps must be 1..{t}: step {s} is missing, step {bad} is present",
                               s, by_step[bad][2])
    if t > inst.max_steps:
        return _verdict(False, f"the plan has {plural(t, 'push')}, more than max_steps = {inst.max_steps}", t,
                           by_step[t][2])

    # grid[(x, y)] = (connection directions of the field standing there, is avatar, is goal)
    conns: dict[tuple[int, int], frozenset[str]] = {}
    for x in range(1, n + 1):
        for y in range(1, n + 1):
            mask = inst.connections[(x - 1) * n + (y - 1)]
            conns[(x, y)] = frozenset(d for k, d in enumerate("nesw") if mask >> k & 1)
    avatar = {inst.init}
    goal = inst.goal
    if t == 0:
        if inst.init == inst.goal:
            return _verdict(True, "the avatar starts on the goal: the empty plan is valid", 0)
        return _verdict(False, "the empty plan is valid only when the avatar starts on the goal", 0)

    for s in range(1, t + 1):
        z, d, ln = by_step[s]
        dx, dy = _DELTA[d]

        def moved(xy: tuple[int, int]) -> tuple[int, int]:
            x, y = xy
            if dy and x == z:
                return (x, (y - 1 + dy) % n + 1)
            if dx and y == z:
                return ((x - 1 + dx) % n + 1, y)
            return xy

        conns = {moved(xy): c for xy, c in conns.items()}
        avatar = {moved(a) for a in avatar}
        goal = moved(goal)
        # walk: breadth-first over facing connections inside the board
        frontier = list(avatar)
        while frontier:
            x, y = frontier.pop()
            for direction in conns[(x, y)]:
                ddx, ddy = _DELTA[direction]
                nxt = (x + ddx, y + ddy)
                if nxt in conns and _OPP[direction] in conns[nxt] and nxt not in avatar:
                    avatar.add(nxt)
                    frontier.append(nxt)
    if goal in avatar:
        return _verdict(True, f"valid plan with {plural(t, 'push')}", t)
    return _verdict(False, f"after push {t} the goal is not reachable from the avatar", t, by_step[t][2])
