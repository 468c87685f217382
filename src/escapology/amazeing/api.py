"""The aMAZEing Labyrinth's side of the protocol (:mod:`escapology.core.protocol`): load, solve
(SP-Labyrinth, the fewest turns), check, generate, render. SP-Versus stays :func:`forced_win`.

>>> from escapology.amazeing import Plan, load, solve, check, generate, render
>>> pos = generate(seed=2)
>>> result = solve(pos, max_turns=4)
>>> result.status.value, result.turns
('solved', 2)
>>> check(pos, result.certificate).ok, check(pos, result.to_json()).ok
(True, True)
>>> check(pos, result.certificate[:1]).ok
False
>>> result.certificate == Plan.from_json(result.to_json()["plan"])  # the typed plan, its JSON alias
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from escapology.amazeing import io as aio
from escapology.amazeing.certificate import Plan, PlanTurn
from escapology.amazeing.checker import check_plan
from escapology.amazeing.model import Position, Turn, VersusResult, glyph
from escapology.amazeing.solver import Solution, fewest_turns
from escapology.core.errors import InputError
from escapology.core.limits import Deadline
from escapology.core.protocol import AnswerData, ContradictoryAnswer, Text, TurnsResult, Verdict, every_copy, own_certificate, read_source
from escapology.core.results import Status
from escapology.core.wording import plural

if TYPE_CHECKING:
    from escapology.core.svg import Svg

__all__ = ["Result", "RaceResult", "load", "solve", "race", "check", "generate", "render", "after_plan"]


def load(source: str | Path | Text, *, deadline: Deadline | None = None) -> Position:
    """A JSON position from a path, ``"-"``, the JSON text itself (text starting with ``{``) or a
    :class:`~escapology.core.protocol.Text` already read (``deadline`` is not needed: a position is
    read at once)."""
    text, name = read_source(source, is_text=lambda s: s.lstrip().startswith("{"))
    return aio.loads(text, file=name)


@dataclass
class Result(TurnsResult[Plan]):
    """The fewest turns (SP-Labyrinth) for ``player``: the protocol's :class:`Result` with the
    certificate :class:`~escapology.amazeing.certificate.Plan`.

    ``certificate`` is the plan when solved (``None`` otherwise), ``turns`` its length, ``plan``
    the plan found (empty unless solved), ``solution`` the solver's own answer.
    """

    position: Position
    solution: Solution
    player: int = 0
    stats: dict[str, Any] = field(default_factory=dict)

    @property
    def instance(self) -> Position:
        """The position answered, :attr:`position` (the name every game's result gives it; a
        notebook draws the plan on it, :class:`~escapology.core.pictures.DrawnResult`)."""
        return self.position

    @property
    def plan(self) -> Plan:
        """The solver's plan as the certificate type (empty unless solved)."""
        return Plan.of(self.position, self.solution.plan)

    def to_json(self) -> dict[str, Any]:
        """The object of ``escapology amazeing solve --format json``: ``certificate`` is
        :meth:`Plan.to_json <escapology.amazeing.certificate.Plan.to_json>` (``None`` unless
        solved); ``plan`` is its documented alias, the key of the first versions (``[]`` when
        there is no plan); ``player`` is whose plan it is."""
        sol = self.solution
        plan = self.plan.to_json()
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

    def to_text(self) -> str:
        """What ``escapology amazeing solve`` prints: the fewest turns and one line per turn
        (shift, inserted tile, the walk's cells: the whole plan, which :func:`check` reads back)."""
        sol = self.solution
        if sol.status is Status.SOLVED:
            return "\n".join([f"fewest turns: {sol.turns}", *(t.to_text(i) for i, t in enumerate(self.plan, 1))])
        if sol.status is Status.UNSOLVABLE:
            return f"unsolvable: no plan of at most {plural(sol.max_turns, 'turn')}"
        return f"unknown: no plan of fewer than {plural(sol.proven_lower_bound, 'turn')}"

    def note(self) -> str | None:
        return None


def solve(pos: Position, *, engine: str | None = None, timeout: float | None = None, player: int = 0,
          max_turns: int = 6, progress: bool = False, memory: float | None = None) -> Result:
    """The fewest turns for ``player`` to stand on her target (exact up to ``max_turns``;
    ``unsolvable`` means no plan of at most ``max_turns`` turns). ``engine`` is ``search`` (the
    only one: iterative deepening over shifts and walks); ``memory`` is not used (the search
    bounds itself by ``timeout``)."""
    if engine not in (None, "search"):
        raise ValueError(f"unknown engine {engine!r}; the aMAZEing Labyrinth has one: search")
    if not 0 <= player < len(pos.players):
        raise InputError(f"there is no player {player} (the position has {len(pos.players)})")
    if pos.players[player].target is None:
        raise InputError(f"player {pos.players[player].name!r} has no target")
    sol = fewest_turns(pos, player, max_turns=max_turns, deadline=Deadline(timeout), show_progress=progress)
    return Result(pos, sol, player, {"nodes": sol.nodes})


@dataclass
class RaceResult:
    """SP-Versus, bounded (:func:`race`): whether the player to move forces a win within
    ``turns`` own turns; ``certificate`` is a winning first move (``None`` without a win)."""

    position: Position
    result: VersusResult
    turns: int
    solo_cap: int | None = None

    @property
    def status(self) -> Status:
        return self.result.status

    @property
    def certificate(self) -> Any:
        return self.result.move

    @property
    def stats(self) -> dict[str, Any]:
        return {"nodes": self.result.nodes}

    def to_json(self) -> dict[str, Any]:
        """The object of ``escapology amazeing race --format json`` (and of ``solve`` of a race position)."""
        res, pos = self.result, self.position
        move = None
        if res.move is not None:
            move = {"shift": str(res.move.shift), "tile": glyph(res.move.tile), "to": list(pos.rc(res.move.to))}
        obj: dict[str, Any] = {
            "status": res.status.value,
            "forced_win": res.status is Status.SOLVED if res.status is not Status.UNKNOWN else None,
            "turns": self.turns, "move": move, "nodes": res.nodes}
        if getattr(res, "fewest_turns", None) is not None:  # the native search says how soon
            obj["fewest_turns"] = res.fewest_turns  # type: ignore[attr-defined]
        if self.solo_cap is not None:
            obj["scored"] = True
            obj["solo_cap"] = self.solo_cap
        return obj

    def to_text(self) -> str:
        """What ``race`` prints: the winning first move, or that there is none."""
        res, pos, turns, cap = self.result, self.position, self.turns, self.solo_cap
        me = pos.players[pos.to_move]
        if res.status is Status.SOLVED:
            assert res.move is not None
            fewest = getattr(res, "fewest_turns", None)
            within = f"within {plural(turns, 'turn')}" + (f" (fewest: {fewest})" if fewest is not None and fewest < turns else "")
            if cap is not None:
                within = f"of the scored race of {plural(turns, 'turn')} each (solo distances up to {cap})"
            return f"{me.name} forces a win {within}: {pos.move_words(res.move)}"
        if res.status is Status.UNSOLVABLE and cap is not None:
            return (f"{me.name} cannot force a win of the scored race of {plural(turns, 'turn')} each "
                    f"(solo distances up to {cap})")
        if res.status is Status.UNSOLVABLE:
            return f"{me.name} cannot force a win within {plural(turns, 'turn')}"
        return "unknown"

    def note(self) -> str | None:
        return None


def race(pos: Position, turns: int, *, timeout: float | None = None, solo_cap: int | None = None,
         progress: bool = False) -> RaceResult:
    """SP-Versus (Definition 2, bounded): can the player to move force her target within
    ``turns`` own turns (:func:`~escapology.amazeing.versus.forced_win`)? With ``solo_cap``: the
    scored turn-restricted race (the native engine only)."""
    from escapology.amazeing import native  # the race searches: only races need them
    from escapology.amazeing.versus import forced_win  # the race searches: only races need them

    if len(pos.players) < 2:
        raise InputError("SP-Versus needs two players")
    for p in pos.players[:2]:
        if p.target is None:
            raise InputError(f"player {p.name!r} has no target")
    deadline = Deadline(timeout)
    if solo_cap is not None:
        if not native.available() or pos.rows * pos.cols > native.max_cells():
            raise InputError("the scored race needs the native engine (built, and a board of at most "
                             f"{native.max_cells() if native.available() else 0} cells)")
        res: VersusResult = native.forced_win_native(pos, turns, deadline=deadline, scored=True,
                                                     solo_cap=solo_cap, show_progress=progress)
    else:
        res = forced_win(pos, turns, deadline=deadline, show_progress=progress)
    return RaceResult(pos, res, turns, solo_cap)


def _turns(pos: Position, certificate: Any, file: str | None = None) -> tuple[list[Turn], int] | str:
    """The turns on ``pos`` of a certificate in any form ``check`` takes and whose player they
    are, or why there is nothing to check."""
    player = 0
    if isinstance(certificate, str):  # the text answer of solve
        try:
            certificate = aio.plan_from_text(certificate, file=file)
        except InputError as exc:
            return str(exc)
    if isinstance(certificate, Result):
        player, certificate = certificate.player, certificate.certificate
    elif isinstance(certificate, dict):
        status = certificate.get("status", "solved")
        if status != "solved":
            return f"the answer is {status}: there is no plan to check"
        player = certificate.get("player", 0)
        try:
            certificate = own_certificate(certificate, "plan", counted="turns")
        except ContradictoryAnswer as exc:
            return str(exc)
    if certificate is None:
        return "there is no plan to check"
    if not isinstance(player, int) or not 0 <= player < len(pos.players):
        return f"there is no player {player!r}"
    if isinstance(certificate, (list, tuple)) and all(isinstance(t, Turn) for t in certificate):
        return list(certificate), player  # the engine's own turns
    if isinstance(certificate, (list, tuple)) and all(isinstance(t, PlanTurn) for t in certificate):
        certificate = Plan(tuple(certificate))
    try:
        plan = certificate if isinstance(certificate, Plan) else Plan.from_json(certificate)
        return plan.on(pos), player
    except ValueError as exc:
        return str(exc)


@every_copy("plan")
def check(pos: Position, certificate: Plan | Result | AnswerData, *, player: int | None = None,
          file: str | None = None) -> Verdict:
    """Replay a plan (``Result.certificate``, a :class:`~escapology.amazeing.certificate.Plan`,
    its JSON list, the ``to_json()`` object, or the text that ``solve`` printed,
    :meth:`Result.to_text`) with the plain rules engine
    (:func:`~escapology.amazeing.checker.check_plan`), for ``player`` (default: the answer's
    player, else 0; a player the position lacks is an :class:`InputError`). A plan that does not
    fit the position (the certificate of another instance) is rejected; ``file`` names where a text
    answer came from."""
    if player is not None:
        if not 0 <= player < len(pos.players):
            raise InputError(f"there is no player {player} (the position has {len(pos.players)})")
        if pos.players[player].target is None:
            raise InputError(f"player {pos.players[player].name!r} has no target")
    got = _turns(pos, certificate, file)
    if isinstance(got, str):
        return Verdict.reject(got)
    turns, claimed = got
    return Verdict.from_errors(check_plan(pos, turns, claimed if player is None else player),
                               f"valid: the player reaches her target in {plural(len(turns), 'turn')}")


def generate(*, size: int | None = None, seed: int = 0, players: int = 1) -> Position:
    """A random start of the published 7x7 game, or with ``size`` a random ``size`` x ``size`` board."""
    from escapology.amazeing.generator import published_position, random_position  # generate only

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


def render(pos: Position, certificate: Plan | Result | AnswerData | None = None) -> Svg:
    """The board, or with a plan the board after it with the last walk drawn."""
    from escapology.amazeing.drawing import svg_board  # the drawing code: only render needs it

    walk = None
    if certificate is not None:
        got = _turns(pos, certificate)
        if isinstance(got, str):
            raise InputError(got)
        pos, walk = after_plan(pos, got[0])
    return svg_board(pos, walk=walk)
