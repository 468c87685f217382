"""``escapology forest ...``: solve, check, encoding, odds, best, montecarlo, generate, render."""

from __future__ import annotations

import json
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from escapology.core.cli_support import draw_seed, generating_command
from escapology.core.cli_support import (
    answer_output,
    CertificateArg,
    CertificateOption,
    FormatOption,
    InstanceOutputOption,
    MemoryOption,
    OutputFormat,
    OutputOption,
    ScaleOption,
    SeedOption,
    SolveFirstOption,
    TimeoutOption,
    certificate_source,
    command_deadline,
    emit_json,
    hidden_alias,
    one_of,
    read_certificate,
    read_input,
    reading_input,
    report_picture,
    report_unknown,
    report_verdict,
    user_errors,
    write_output,
)
from escapology.core.errors import InputError
from escapology.core.limits import Deadline, LimitReached
from escapology.core.results import EXIT_LIMIT, EXIT_OK, EXIT_REJECTED, Status

if TYPE_CHECKING:
    from escapology.forest.model import Instance
    from escapology.forest.plan import Solution

app = typer.Typer(no_args_is_help=True, help="Enchanted Forest: fewest turns with known dice, best move with unknown dice.")

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "forest" / "glade.lp"


class Method(str, Enum):
    fast = "fast"
    matrix = "matrix"
    simulation = "simulation"
    asp = "asp"


class Kind(str, Enum):
    grid = "grid"
    random = "random"


FileArg = Annotated[Path, typer.Argument(help="ASP facts (.lp, '-' for stdin), the board map .xml, or .graphml/.gml/.edgelist.")]
StartOpt = Annotated[Optional[str], typer.Option("--start", help="Start field (overrides the file).")]
TargetOpt = Annotated[Optional[str], typer.Option("--target", help="Target field (overrides the file).")]
RollsOpt = Annotated[Optional[str], typer.Option("--rolls", help='Known rolls, e.g. "3,5 2,2 6,1" (overrides roll/3).')]
DieOpt = Annotated[Optional[int], typer.Option("--die", help="Faces of the die (overrides die/1).")]
SpecialOpt = Annotated[Optional[str], typer.Option("--special", help='Special fields V\', e.g. "15,25" (overrides).')]


def _load(file: Path, start: str | None, target: str | None, rolls: str | None, die: int | None, special: str | None,
          deadline: Deadline | None = None) -> Instance:
    """Read the instance; under a ``deadline`` (a command's ``--timeout``), a time limit reached
    while reading is the answer "unknown" (:func:`~escapology.core.cli_support.reading_input`)."""
    from escapology.forest import io as fio

    with reading_input():
        text = None
        if str(file) == "-":
            text, _ = read_input(file)
        return fio.load_instance(file, text=text, start=start, target=target, rolls=rolls, die=die, special=special,
                                 deadline=deadline)


def run_solver(inst: Instance, method: Method, timeout: float | None, memory: float | None = None) -> Solution:
    """Run one of the solvers (see :func:`escapology.forest.api.solve`); ``memory`` (MiB) bounds
    the matrix method's matrices and the simulation's walks."""
    from escapology.forest.api import solve

    return solve(inst, method=method.value, timeout=timeout, memory=memory).solution


def _print_solution(inst: Instance, sol: Solution, fmt: str) -> int:
    from escapology.forest.plan import describe_turn

    if fmt == OutputFormat.json.value:
        from escapology.forest.api import Result

        if sol.status is Status.UNKNOWN:
            return report_unknown(True, Result(inst, sol).to_json())
        emit_json(Result(inst, sol).to_json())
        return sol.status.exit_code()
    if sol.status is Status.SOLVED:
        typer.echo(
            f"solved: {sol.turns} turn{'s' if sol.turns != 1 else ''} from {inst.label(inst.start)} "
            f"to {inst.label(inst.target)} ({len(inst.rolls)} rolls known)"
        )
        for i, turn in enumerate(sol.plan, start=1):
            typer.echo("  " + describe_turn(inst, i, turn))
    elif sol.status is Status.UNSOLVABLE:
        typer.echo(f"unsolvable: no prefix of the {len(inst.rolls)} rolls ends on {inst.label(inst.target)}")
    else:
        return report_unknown(False)
    return sol.status.exit_code()


def solve_path(path: str, fmt: str, timeout: float | None) -> int:
    """What ``escapology solve FILE`` runs for a forest instance."""
    deadline = command_deadline(timeout)
    inst = _load(Path(path), None, None, None, None, None, deadline)
    if not inst.rolls:
        raise InputError("no roll/3 facts: give the known rolls (or use `escapology forest odds`)", file=path)
    return _print_solution(inst, run_solver(inst, Method.fast, deadline.remaining()), fmt)


def detect(text: str) -> bool:
    """True iff the file holds ``roll/3`` or ``die/1`` facts (``edge/2`` alone is not enough)."""
    from escapology.forest import io as fio

    return fio.detect(text)


def demo() -> None:
    """Solve the shipped example and print the fewest turns with the plan."""
    from escapology.forest.checker import check_fewest, check_plan
    from escapology.forest import io as fio

    from escapology.forest.generator import grid_forest
    from escapology.forest.solver import solve as fast

    # the shipped example is `generate --rows 5 --cols 6 --rolls 8 --seed 1`; regenerate it if absent
    inst = fio.load_instance(EXAMPLE) if EXAMPLE.exists() else grid_forest(5, 6, rolls=8, seed=1)

    sol = fast(inst)
    problem = check_plan(inst, sol.plan) or check_fewest(inst, sol.turns)
    typer.echo(f"{EXAMPLE.name}: {inst.board.n} fields, rolls {' '.join(f'{x},{y}' for x, y in inst.rolls)}")
    _print_solution(inst, sol, "text")
    typer.echo(f"checker: {'valid and fewest' if problem is None else 'REJECTED: ' + problem}")


@app.command("solve")
@answer_output
@user_errors
def solve_cmd(
    file: FileArg,
    start: StartOpt = None,
    target: TargetOpt = None,
    rolls: RollsOpt = None,
    die: DieOpt = None,
    special: SpecialOpt = None,
    method: Annotated[Method, typer.Option("--method", help="fast (frontier), matrix (the paper's, sparse), simulation (plain), asp (clingo, small dice).")] = Method.fast,
    format: FormatOption = OutputFormat.text,
    timeout: TimeoutOption = None,
    memory: MemoryOption = None,
) -> None:
    """The fewest turns to end on the target with the known rolls, with a plan (or 'unsolvable').

    --timeout counts from the start, reading included; --memory (MiB) bounds the matrix method's
    matrices (refused beforehand when they would need more) and the simulation's walks."""
    deadline = command_deadline(timeout)
    inst = _load(file, start, target, rolls, die, special, deadline)
    if not inst.rolls:
        raise InputError("no rolls: give roll/3 facts or --rolls", file=str(file))
    raise typer.Exit(_print_solution(inst, run_solver(inst, method, deadline.remaining(), memory), format.value))


@app.command("encoding")
@user_errors
def encoding_cmd(
    file: Annotated[Optional[Path], typer.Argument(help="Also print this instance's facts (field numbers 0..n-1).")] = None,
) -> None:
    """Print the ASP encoding of the known-rolls problem (for clingo; `clingo forest.lp facts.lp`)."""
    from escapology.forest.asp import encoding, instance_facts

    typer.echo(encoding(), nl=False)
    if file is not None:
        typer.echo(instance_facts(_load(file, None, None, None, None, None)), nl=False)


@app.command("check")
@user_errors
def check_cmd(
    file: FileArg,
    certificate: CertificateArg = None,
    certificate_option: CertificateOption = None,
    start: StartOpt = None,
    target: TargetOpt = None,
    rolls: RollsOpt = None,
    die: DieOpt = None,
    special: SpecialOpt = None,
    fewest: Annotated[bool, typer.Option("--fewest/--legal-only", help="Also verify that no plan is shorter.")] = True,
    format: FormatOption = OutputFormat.text,
) -> None:
    """Verify a plan: legal turns with the known rolls, ending on the target, and the fewest turns.

    Exit 0 if valid, 1 if rejected. A JSON answer with status "unsolvable" is checked as such.
    When the file gives no rolls (a board map), the rolls written in the plan are used.
    """
    from escapology.forest.plan import plan_from_json

    from escapology.forest.api import check

    inst = _load(file, start, target, rolls, die, special)
    obj, name = read_certificate(certificate_source(certificate, certificate_option))
    if isinstance(obj, str):
        raise InputError("not a JSON plan: give what 'solve --format json' wrote", file=name)
    if isinstance(obj, dict) and obj.get("status") == "unsolvable":
        verdict = check(inst, obj)
    else:
        verdict = check(inst, plan_from_json(inst, obj, file=name), fewest=fewest)
    raise report_verdict(verdict, format is OutputFormat.json)


TurnsOpt = Annotated[int, typer.Option("--turns", help="Number of turns (the horizon).")]
AtOpt = Annotated[Optional[str], typer.Option("--at", help="The field the player is on (default: the start).")]


def _odds(inst: Instance, turns: int, timeout: float | None, fmt: OutputFormat = OutputFormat.text):  # type: ignore[no-untyped-def]
    from escapology.forest.dice import Odds

    try:
        return Odds(inst, turns, timeout=timeout)
    except LimitReached:
        raise typer.Exit(report_unknown(fmt is OutputFormat.json, {"turns": turns})) from None


def _field(inst: Instance, text: str | None, what: str) -> int:
    if text is None:
        return inst.start
    label = int(text) if text.lstrip("-").isdigit() else text
    if label not in inst.board.index:
        raise InputError(f"{what}: unknown field {text}")
    return inst.board.index[label]


@app.command("odds")
@user_errors
def odds_cmd(
    file: FileArg,
    turns: TurnsOpt = 5,
    at: AtOpt = None,
    all_fields: Annotated[bool, typer.Option("--all", help="List every field, best first.")] = False,
    start: StartOpt = None,
    target: TargetOpt = None,
    die: DieOpt = None,
    special: SpecialOpt = None,
    format: FormatOption = OutputFormat.text,
    timeout: TimeoutOption = None,
) -> None:
    """Unknown rolls: the exact chance to end on the target within k turns under optimal play."""
    deadline = command_deadline(timeout)
    inst = _load(file, start, target, None, die, special, deadline)
    odds = _odds(inst, turns, deadline.remaining(), format)
    v = _field(inst, at, "--at")
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
        typer.echo(f"from {inst.label(w)}: {float(p):.6f} = {p}  (end on {inst.label(inst.target)} within {turns} turns)")


@app.command("best")
@user_errors
def best_cmd(
    file: FileArg,
    roll: Annotated[str, typer.Option("--roll", help="The roll now, X,Y.")],
    turns: TurnsOpt = 5,
    at: AtOpt = None,
    start: StartOpt = None,
    target: TargetOpt = None,
    die: DieOpt = None,
    special: SpecialOpt = None,
    format: FormatOption = OutputFormat.text,
    timeout: TimeoutOption = None,
) -> None:
    """Unknown future rolls: the best field to move to with this roll (k turns left, this one included)."""
    from escapology.forest.plan import describe_turn, realize_turn, turn_to_json

    deadline = command_deadline(timeout)
    inst = _load(file, start, target, roll, die, special, deadline)
    if turns < 1:
        raise InputError("--turns must be at least 1")
    odds = _odds(inst, turns, deadline.remaining(), format)
    v = _field(inst, at, "--at")
    r = inst.rolls[0]
    w, value = odds.best_move(v, r, turns)
    options = odds.options(v, r, turns)
    turn = None
    if w is not None:
        from escapology.forest.walks import WalkEngine

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
    typer.echo(f"best: move to {inst.label(w)}; then {float(value):.6f} = {value} to end on {inst.label(inst.target)} within {turns - 1} more turns")
    typer.echo("  " + describe_turn(inst, 1, turn))  # type: ignore[arg-type]
    shown = ", ".join(f"{inst.label(u)}: {float(p):.4f}" for u, p in options[:10])
    typer.echo(f"  options: {shown}{' ...' if len(options) > 10 else ''}")


@app.command("montecarlo")
@user_errors
def montecarlo_cmd(
    file: FileArg,
    turns: TurnsOpt = 5,
    trials: Annotated[int, typer.Option("--trials", help="Number of simulated games.")] = 20000,
    seed: Annotated[int, typer.Option("--seed", help="Random seed.")] = 0,
    at: AtOpt = None,
    start: StartOpt = None,
    target: TargetOpt = None,
    die: DieOpt = None,
    special: SpecialOpt = None,
    format: FormatOption = OutputFormat.text,
    timeout: TimeoutOption = None,
) -> None:
    """Play the optimal policy against random dice and compare with the exact probability."""
    from escapology.forest.dice import monte_carlo

    if trials < 1:
        raise InputError("--trials must be at least 1")
    deadline = command_deadline(timeout)
    inst = _load(file, start, target, None, die, special, deadline)
    odds = _odds(inst, turns, deadline.remaining(), format)
    v = _field(inst, at, "--at")
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


@app.command("generate")
@user_errors
def generate_cmd(
    ctx: typer.Context,
    kind: Annotated[Kind, typer.Option("--kind", help="grid: a grid-like forest with paths; random: a random connected graph.")] = Kind.grid,
    rows: Annotated[int, typer.Option("--rows", help="Grid rows.")] = 6,
    cols: Annotated[int, typer.Option("--cols", help="Grid columns.")] = 8,
    size: Annotated[Optional[int], typer.Option("--size", help="grid: SIZE x SIZE fields (sets --rows and --cols); random: SIZE fields (sets --fields).")] = None,
    fields: Annotated[int, typer.Option("--fields", help="Random graph: number of fields.")] = 40,
    edges: Annotated[int, typer.Option("--edges", "-m", help="Random graph: number of edges.")] = 60,
    die: Annotated[int, typer.Option("--die", help="Faces of the die.")] = 6,
    rolls: Annotated[int, typer.Option("--rolls", help="Number of known rolls to write.")] = 20,
    specials: Annotated[Optional[int], typer.Option("--specials", help="Number of special fields.")] = None,
    seed: SeedOption = None,
    output: InstanceOutputOption = None,
    format: FormatOption = OutputFormat.text,
) -> None:
    """Generate a board with rolls as ASP facts (the first line is the command that makes it again)."""
    from escapology.forest import io as fio

    from escapology.forest.generator import grid_forest, random_board

    if size is not None:
        rows = cols = fields = size
    seed = draw_seed(seed)
    if kind is Kind.grid:
        inst = grid_forest(rows, cols, specials=specials, die=die, rolls=rolls, seed=seed)
    else:
        inst = random_board(fields, edges, specials=specials, die=die, rolls=rolls, seed=seed)
    command = generating_command(ctx, seed=seed)
    text = f"% {command}\n" + fio.instance_to_facts(inst)
    write_output(text, output, format is OutputFormat.json, game="forest", command=command, fields=inst.board.n,
                 edges=inst.board.m, rolls=len(inst.rolls), seed=seed)
    if output is not None and format is OutputFormat.text:
        typer.echo(f"wrote {output}: {inst.board.n} fields, {inst.board.m} edges, {len(inst.rolls)} rolls")


@app.command("render")
@user_errors
def render_cmd(
    file: FileArg,
    certificate: Annotated[Optional[Path], typer.Option("--certificate", help="Draw this plan (what 'solve --format json' wrote); default: solve the known rolls.")] = None,
    plan: hidden_alias("--plan") = None,
    solve_first: SolveFirstOption = True,
    start: StartOpt = None,
    target: TargetOpt = None,
    rolls: RollsOpt = None,
    die: DieOpt = None,
    special: SpecialOpt = None,
    output: OutputOption = None,
    timeout: TimeoutOption = None,
    scale: ScaleOption = 2.0,
    format: FormatOption = OutputFormat.text,
) -> None:
    """Draw the board with the turns of a plan and a legend of their rolls (SVG or PNG); print a text board."""
    from escapology.forest.plan import describe_turn, plan_from_json

    from escapology.forest.render import save, text_board

    deadline = command_deadline(timeout)
    inst = _load(file, start, target, rolls, die, special, deadline)
    turns = []
    plan = one_of("certificate", ("--certificate", certificate), ("--plan", plan))
    if plan is not None:
        obj, name = read_certificate(plan)
        if isinstance(obj, str):
            raise InputError("not a JSON plan: give what 'solve --format json' wrote", file=name)
        turns = plan_from_json(inst, obj, file=name)
    elif inst.rolls and solve_first:
        sol = run_solver(inst, Method.fast, deadline.remaining())
        turns = sol.plan
    board = "\n".join([text_board(inst, turns), *("  " + describe_turn(inst, i, t) for i, t in enumerate(turns, 1))])
    if output is not None:
        if output.suffix.lower() not in (".svg", ".png"):
            raise InputError("--output must end in .svg or .png")
        save(inst, turns, output, scale=scale)
    report_picture(board, output, format is OutputFormat.json)
