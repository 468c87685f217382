"""The aMAZEing Labyrinth's side of the protocol (:mod:`escapology.core.protocol`): load, solve
(SP-Labyrinth, the fewest turns), check, generate, render. SP-Versus stays :func:`forced_win`.

>>> from escapology.amazeing import load, solve, check, generate, render
>>> pos = generate(seed=2)
>>> result = solve(pos, max_turns=4)
>>> result.status.value, result.turns
('solved', 2)
>>> check(pos, result.certificate).ok, check(pos, result.to_json()).ok
(True, True)
>>> check(pos, result.certificate[:1]).ok
False
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from escapology.amazeing import io as aio
from escapology.amazeing.checker import check_plan
from escapology.amazeing.model import Position
from escapology.amazeing.solver import Solution, Turn, fewest_turns
from escapology.core.errors import InputError
from escapology.core.limits import Deadline
from escapology.core.protocol import TurnsResult, Verdict, read_source
from escapology.core.results import Status
from escapology.core.svg import Svg

__all__ = ["Result", "load", "solve", "check", "generate", "render", "after_plan"]


def load(source: str | Path) -> Position:
    """A JSON position from a path, ``"-"`` or the JSON text itself (text starting with ``{``)."""
    text, name = read_source(source, is_text=lambda s: s.lstrip().startswith("{"))
    return aio.loads(text, file=name)


@dataclass
class Result(TurnsResult):
    """The fewest turns (SP-Labyrinth) for ``player``: the protocol's :class:`Result`.

    ``certificate`` is the plan (a list of :class:`~escapology.amazeing.solver.Turn`), ``turns``
    its length, ``solution`` the solver's own answer.
    """

    position: Position
    solution: Solution
    player: int = 0
    stats: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The object of ``escapology amazeing solve --format json``, with ``player`` and
        ``certificate`` (the plan, as ``plan`` writes it)."""
        sol = self.solution
        plan = aio.plan_to_json(self.position, sol.plan)
        return {
            "status": sol.status.value,
            "turns": sol.turns,
            "plan": plan,
            "max_turns": sol.max_turns,
            "lower_bound": sol.proven_lower_bound,
            "nodes": sol.nodes,
            "player": self.player,
            "certificate": plan if sol.status is Status.SOLVED else None,
        }


def solve(pos: Position, *, timeout: float | None = None, player: int = 0, max_turns: int = 6,
          progress: bool = False) -> Result:
    """The fewest turns for ``player`` to stand on her target (exact up to ``max_turns``;
    ``unsolvable`` means no plan of at most ``max_turns`` turns)."""
    if not 0 <= player < len(pos.players):
        raise InputError(f"there is no player {player} (the position has {len(pos.players)})")
    if pos.players[player].target is None:
        raise InputError(f"player {pos.players[player].name!r} has no target")
    sol = fewest_turns(pos, player, max_turns=max_turns, deadline=Deadline(timeout), show_progress=progress)
    return Result(pos, sol, player, {"nodes": sol.nodes})


def _turns(pos: Position, certificate: Any) -> tuple[list[Turn], int] | str:
    player = 0
    if isinstance(certificate, Result):
        player, certificate = certificate.player, certificate.certificate
    elif isinstance(certificate, dict):
        status = certificate.get("status", "solved")
        if status != "solved":
            return f"the answer is {status}: there is no plan to check"
        player = certificate.get("player", 0)
        certificate = certificate["plan"] if "plan" in certificate else certificate.get("certificate")
    if certificate is None:
        return "there is no plan to check"
    if not isinstance(player, int) or not 0 <= player < len(pos.players):
        return f"there is no player {player!r}"
    if all(isinstance(t, Turn) for t in certificate):
        return list(certificate), player
    try:
        return aio.plan_from_json(pos, certificate), player
    except InputError as exc:
        return exc.message


def check(pos: Position, certificate: Any) -> Verdict:
    """Replay a plan (``Result.certificate``, its JSON list, or the ``to_json()`` object) with the
    plain rules engine (:func:`~escapology.amazeing.checker.check_plan`)."""
    got = _turns(pos, certificate)
    if isinstance(got, str):
        return Verdict.reject(got)
    turns, player = got
    return Verdict.from_errors(check_plan(pos, turns, player),
                               f"valid: the player reaches her target in {len(turns)} turns")


def generate(*, size: int | None = None, seed: int = 0, players: int = 1) -> Position:
    """A random start of the published 7x7 game, or with ``size`` a random ``size`` x ``size`` board."""
    from escapology.amazeing.generator import published_position, random_position

    if size is None:
        return published_position(seed, players)
    return random_position(size, size, seed=seed, players=players)


def after_plan(pos: Position, turns: list[Turn]) -> tuple[Position, list[int] | None]:
    """The position after playing ``turns`` (player 0 walks) and the last walk; a plan that does
    not replay raises :class:`InputError` (a plan that replays but misses the target is fine)."""
    errors = check_plan(pos, turns)
    if errors and not errors[0].startswith("after"):
        raise InputError(f"the plan does not replay: {errors[0]}")
    walk = None
    for t in turns:
        pos = pos.apply(t.shift, t.tile)
        if t.path:
            pos = pos.move_player(0, t.path[-1])
        walk = list(t.path)
    return pos, walk


def render(pos: Position, certificate: Any = None) -> Svg:
    """The board, or with a plan the board after it with the last walk drawn."""
    from escapology.amazeing.render import svg_board

    walk = None
    if certificate is not None:
        got = _turns(pos, certificate)
        if isinstance(got, str):
            raise InputError(got)
        pos, walk = after_plan(pos, got[0])
    return svg_board(pos, walk=walk)
