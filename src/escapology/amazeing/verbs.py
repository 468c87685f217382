"""The aMAZEing Labyrinth's own pieces of the four verbs (:mod:`escapology.core.commands`), named by
:data:`escapology.amazeing.spec.SPEC`: the command's solve (a race position asks SP-Versus), generate,
the plan ``render`` reads and what it draws. Imported when a command runs them, so that the
description itself stays light."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from escapology.amazeing import api
from escapology.amazeing import io as aio
from escapology.amazeing.certificate import Plan
from escapology.amazeing.checker import check_plan
from escapology.amazeing.model import Position, Turn
from escapology.core.errors import InputError
from escapology.core.protocol import read_source
from escapology.core.wording import plural


def solve(pos: Position, *, player: int = 0, max_turns: int = 6, **options: Any) -> api.Result | api.RaceResult:
    """The command's solve: a race position (``race_turns``) asks SP-Versus, not the fewest turns;
    a progress display on a terminal."""
    options.pop("memory", None)  # the searches bound themselves by time
    if pos.race_turns is not None:
        options.pop("engine", None)
        return api.race(pos, pos.race_turns, progress=True, **options)
    return api.solve(pos, player=player, max_turns=max_turns, progress=True, **options)


def generate(*, size: str | None = None, seed: int = 0, players: int = 1, cnf: Path | None = None) -> Position:
    """A random start of the published game, a random board (``size`` ``N`` or ``ROWSxCOLS``) or
    the Theorem 3 board of a DIMACS formula (what it proves goes to standard error)."""
    from escapology.amazeing.generator import published_position, random_position  # generate only

    if cnf is not None:
        from escapology.amazeing.reductions import reduce_3sat  # generate --cnf only

        text, name = read_source(cnf)
        nvars, clauses = aio.read_dimacs(text, file=name)
        try:
            red = reduce_3sat(nvars, clauses)
        except InputError as exc:
            raise exc.with_file(name) from None
        pos = red.position
        print(f"3SAT board {pos.rows}x{pos.cols}: the target is reachable in {plural(red.turns, 'turn')} iff the formula "
              "is satisfiable (shift N on column 2i = x_i true, S = false)", file=sys.stderr)
        return pos
    if size is not None:
        try:
            rows, cols = (int(x) for x in size.lower().split("x")) if "x" in size.lower() else (int(size),) * 2
        except ValueError:
            raise InputError(f"--size must look like 5 or 5x5, not {size!r}") from None
        if rows < 1 or cols < 1 or rows * cols > 10_000:
            raise InputError("--size must be between 1x1 and 100x100")
        return random_position(rows, cols, seed=seed, players=min(max(players, 1), 4))
    if not 1 <= players <= 4:
        raise InputError("--players must be 1 to 4")
    return published_position(seed, players)


def _plan(pos: Position, certificate: Any) -> list[Turn]:
    """The turns of what ``render`` draws: a :class:`Plan` (what ``render --solve`` solved) or the
    turns ``plan_of`` read (a winning first move of a race is not a plan)."""
    if isinstance(certificate, Plan):
        return certificate.on(pos)
    return list(certificate) if isinstance(certificate, list) else []


def plan_of(pos: Position, data: Any, file: str) -> list[Turn]:
    """The plan ``render --certificate`` draws: what ``solve`` wrote (JSON or its text); a plan that
    does not replay (other than missing the target) is bad input."""
    if isinstance(data, str):
        data = aio.plan_from_text(data, file=file)
    turns = aio.plan_from_json(pos, data, text=json.dumps(data), file=file)
    errors = check_plan(pos, turns)
    if errors and not errors[0].startswith("after"):
        raise InputError(f"the plan does not replay: {errors[0]}", file=file)
    return turns


def render(pos: Position, certificate: Any = None) -> Any:
    """The board, or the start and one panel per turn of the plan."""
    from escapology.amazeing.drawing import plan_svg, svg_board  # the drawing code: render only

    turns = _plan(pos, certificate)
    return plan_svg(pos, turns) if turns else svg_board(pos)


def text_picture(pos: Position, certificate: Any) -> str:
    """The board after the plan, as text."""
    from escapology.amazeing.drawing import replay_plan, text_board  # the drawing code: render only

    return text_board(replay_plan(pos, _plan(pos, certificate))[-1][0])


def dumps(pos: Position, *, command: str | None = None) -> str:
    """The position's JSON, with the command that made it as its key ``"command"``."""
    return aio.dumps(pos, command=command)
