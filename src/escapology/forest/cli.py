"""``escapology forest ...``: the four verbs, made from :data:`escapology.forest.spec.SPEC` by the
command layer (:mod:`escapology.core.commands`), and the forest's own commands: ``encoding``,
``odds``, ``best`` and ``montecarlo`` (unknown dice), with the game's recognition and its demo."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from escapology.core.cli_support import (
    FormatOption,
    OutputFormat,
    TimeoutOption,
    command_deadline,
    emit_json,
    report_unknown,
    user_errors,
)
from escapology.core.commands import load_instance, print_result, reading_options, verbs_app
from escapology.core.errors import InputError
from escapology.core.examples import example
from escapology.core.limits import LimitReached
from escapology.core.wording import plural
from escapology.forest import api
from escapology.forest.spec import SPEC

if TYPE_CHECKING:
    from escapology.forest.dice import Odds
    from escapology.forest.model import Instance

EXAMPLE = example("forest", "glade.lp")

app = verbs_app(SPEC)

FileArg = Annotated[Path, typer.Argument(help=SPEC.instance_help)]
#: the unknown-dice commands read the board as ``solve`` does, without its known rolls
unknown_dice = reading_options(SPEC, skip=("rolls",))


def detect(text: str) -> bool:
    """True iff the file holds ``roll/3`` or ``die/1`` facts (``edge/2`` alone is not enough)."""
    from escapology.forest import io as fio  # the reader: only recognition needs it here

    return fio.detect(text)


def demo() -> None:
    """Solve the shipped example and print the fewest turns with the plan."""
    # the shipped example (in the package: core.examples) is `generate --rows 5 --cols 6 --rolls 8 --seed 1`
    inst = api.load(EXAMPLE)
    result = api.solve(inst)
    verdict = api.check(inst, result)
    typer.echo(f"{EXAMPLE.name}: {inst.board.n} fields, rolls {' '.join(f'{x},{y}' for x, y in inst.rolls)}")
    print_result(result, False)
    typer.echo(f"checker: {'valid and fewest' if verdict.ok else 'REJECTED: ' + verdict.errors[0]}")


@app.command("encoding")
@user_errors
def encoding_cmd(
    file: Annotated[Optional[Path], typer.Argument(help="Also print this instance's facts (field numbers 0..n-1).")] = None,
) -> None:
    """Print the ASP encoding of the known-rolls problem (for clingo; `clingo forest.lp facts.lp`)."""
    from escapology.forest.asp import encoding, instance_facts  # clingo's side: this command only

    typer.echo(encoding(), nl=False)
    if file is not None:
        typer.echo(instance_facts(load_instance(SPEC, file)), nl=False)


TurnsOpt = Annotated[int, typer.Option("--turns", help="Number of turns (the horizon).")]
AtOpt = Annotated[Optional[str], typer.Option("--at", help="The field the player is on (default: the start).")]


def _position(file: Path, turns: int, at: str | None, fmt: OutputFormat, timeout: float | None,
              reading: dict[str, Any], playing: bool = False) -> tuple[Instance, Odds, int]:
    """What the unknown-dice commands start from: the instance read with the ``reading`` options,
    the exact odds of ``turns`` turns (a time limit reached is the answer "unknown") and the field
    ``--at`` names (default: the start). ``playing``: the command plays a turn now (``--turns``
    is at least 1)."""
    from escapology.forest.dice import Odds  # unknown dice: these commands only

    deadline = command_deadline(timeout)
    inst = load_instance(SPEC, file, deadline, **reading)
    if playing and turns < 1:
        raise InputError("--turns must be at least 1")
    try:
        odds = Odds(inst, turns, timeout=deadline.remaining())
    except LimitReached:
        raise typer.Exit(report_unknown(fmt is OutputFormat.json, {"turns": turns})) from None
    return inst, odds, _field(inst, at, "--at")


def _field(inst: Instance, text: str | None, what: str) -> int:
    if text is None:
        return inst.start
    label = int(text) if text.lstrip("-").isdigit() else text
    if label not in inst.board.index:
        raise InputError(f"{what}: unknown field {text}")
    return inst.board.index[label]


@app.command("odds")
@user_errors
@unknown_dice
def odds_cmd(
    file: FileArg,
    turns: TurnsOpt = 5,
    at: AtOpt = None,
    all_fields: Annotated[bool, typer.Option("--all", help="List every field, best first.")] = False,
    format: FormatOption = OutputFormat.text,
    timeout: TimeoutOption = None,
    *,
    reading: dict[str, Any],
) -> None:
    """Unknown rolls: the exact chance to end on the target within k turns under optimal play."""
    inst, odds, v = _position(file, turns, at, format, timeout, reading)
    fields = sorted(range(inst.board.n), key=lambda w: (-odds.probability(w), w)) if all_fields else [v]
    if format is OutputFormat.json:
        emit_json(
            {
                "turns": turns,
                "target": inst.label(inst.target),
                "probability": {str(inst.label(w)): str(odds.probability(w)) for w in fields},
                "float": {str(inst.label(w)): float(odds.probability(w)) for w in fields},
            }
        )
        return
    for w in fields:
        p = odds.probability(w)
        typer.echo(f"from {inst.label(w)}: {float(p):.6f} = {p}  (end on {inst.label(inst.target)} within {plural(turns, 'turn')})")


@app.command("best")
@user_errors
@unknown_dice
def best_cmd(
    file: FileArg,
    roll: Annotated[str, typer.Option("--roll", help="The roll now, X,Y.")],
    turns: TurnsOpt = 5,
    at: AtOpt = None,
    format: FormatOption = OutputFormat.text,
    timeout: TimeoutOption = None,
    *,
    reading: dict[str, Any],
) -> None:
    """Unknown future rolls: the best field to move to with this roll (k turns left, this one included)."""
    from escapology.forest.plan import describe_turn, realize_turn, turn_to_json  # numpy: this command only

    inst, odds, v = _position(file, turns, at, format, timeout, {**reading, "rolls": roll}, playing=True)
    r = inst.rolls[0]
    w, value = odds.best_move(v, r, turns)
    options = odds.options(v, r, turns)
    turn = None
    if w is not None:
        from escapology.forest.walks import WalkEngine  # numpy: this command only

        turn = realize_turn(WalkEngine(inst.board), v, w, r)
    if format is OutputFormat.json:
        emit_json(
            {
                "at": inst.label(v),
                "roll": list(r),
                "turns": turns,
                "best": None if w is None else inst.label(w),
                "probability": str(value),
                "turn": None if turn is None else turn_to_json(inst, 1, turn),
                "options": [{"field": inst.label(u), "probability": str(p)} for u, p in options],
            }
        )
        return
    if w is None:
        typer.echo(f"no legal turn with roll {r[0]},{r[1]} from {inst.label(v)}")
        return
    typer.echo(f"best: move to {inst.label(w)}; then {float(value):.6f} = {value} to end on {inst.label(inst.target)} within {plural(turns - 1, 'more turn')}")
    typer.echo("  " + describe_turn(inst, 1, turn))  # type: ignore[arg-type]
    shown = ", ".join(f"{inst.label(u)}: {float(p):.4f}" for u, p in options[:10])
    typer.echo(f"  options: {shown}{' ...' if len(options) > 10 else ''}")


@app.command("montecarlo")
@user_errors
@unknown_dice
def montecarlo_cmd(
    file: FileArg,
    turns: TurnsOpt = 5,
    trials: Annotated[int, typer.Option("--trials", help="Number of simulated games.")] = 20000,
    seed: Annotated[int, typer.Option("--seed", help="Random seed.")] = 0,
    at: AtOpt = None,
    format: FormatOption = OutputFormat.text,
    timeout: TimeoutOption = None,
    *,
    reading: dict[str, Any],
) -> None:
    """Play the optimal policy against random dice and compare with the exact probability."""
    from escapology.forest.dice import monte_carlo  # unknown dice: this command only

    if trials < 1:
        raise InputError("--trials must be at least 1")
    inst, odds, v = _position(file, turns, at, format, timeout, reading)
    mc = monte_carlo(odds, v, trials=trials, seed=seed)
    exact = odds.probability(v)
    inside = mc.low <= float(exact) <= mc.high
    if format is OutputFormat.json:
        emit_json(
            {
                "exact": str(exact),
                "estimate": mc.estimate,
                "interval": [mc.low, mc.high],
                "trials": trials,
                "agrees": inside,
            }
        )
        return
    typer.echo(
        f"Monte-Carlo {mc.estimate:.4f} ({mc.successes}/{trials}), 99.9% interval [{mc.low:.4f}, {mc.high:.4f}]; "
        f"exact {float(exact):.4f} = {exact}: {'agrees' if inside else 'DISAGREES'}"
    )
