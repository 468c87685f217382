"""``escapology chess ...``: solve, check, generate and render teleport-chess instances."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Optional

import typer

from escapology.chess.checker import violations as check_answer
from escapology.chess.generator import KINDS, generate as generate_instance
from escapology.chess.io import detect as _detect
from escapology.chess.io import format_instance, parse_instance
from escapology.chess.model import Instance
from escapology.chess.render import MAX_TEXT, render_svg, text_board
from escapology.chess.solver import Solution, explain, solve as solve_instance
from escapology.core.cli_support import (
    FormatOption,
    OutputFormat,
    OutputOption,
    TimeoutOption,
    emit_json,
    read_input,
    report_check,
    report_unknown,
    user_errors,
)
from escapology.core.errors import InputError
from escapology.core.limits import Deadline

app = typer.Typer(
    no_args_is_help=True,
    help="Teleport chess: Alice moves (0-2 moves or a teleport), then Bob; win, draw or loss for Alice.",
)

LEGEND = "(A Alice, B Bob, x Bob reaches, o Alice reaches, * safe field)"

FileArg = Annotated[Path, typer.Argument(help="An instance: 'n', 'ax ay bx by', n lines 'dx dy' ('-' = stdin).")]


def _load(path: Path | str) -> Instance:
    text, name = read_input(path)
    return parse_instance(text, file=name)


def _print_solution(inst: Instance, sol: Solution, fmt: str) -> int:
    if sol.outcome is None:
        return report_unknown(fmt == "json", sol.to_json())
    if fmt == "json":
        emit_json(sol.to_json())
    else:
        typer.echo(explain(inst, sol))
    return sol.status.exit_code()


def detect(text: str) -> bool:
    """True iff ``text`` is a teleport-chess instance (see :func:`escapology.chess.io.detect`)."""
    return _detect(text)


def solve_path(path: str, fmt: str, timeout: float | None) -> int:
    """Solve the instance in ``path``, print the answer, return the exit code."""
    inst = _load(path)
    return _print_solution(inst, solve_instance(inst, Deadline(timeout)), fmt)


@app.command("solve")
@user_errors
def solve(file: FileArg, format: FormatOption = OutputFormat.text, timeout: TimeoutOption = None) -> None:
    """Decide win/draw/loss exactly and print it with a witness.

    JSON: {"outcome": "alice"|"draw"|"bob", "witness": {...}, "status": ...}.
    """
    raise typer.Exit(solve_path(str(file), format.value, timeout))


@app.command("check")
@user_errors
def check(
    file: FileArg,
    answer: Annotated[Path, typer.Argument(help="The JSON answer of 'solve --format json' ('-' = stdin).")],
    format: FormatOption = OutputFormat.text,
) -> None:
    """Verify an answer independently (exit 0 valid, 1 rejected)."""
    inst = _load(file)
    text, name = read_input(answer)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"not JSON: {exc.msg}", file=name, line=exc.lineno) from None
    errors = check_answer(inst, data)
    raise report_check(errors, format is OutputFormat.json, f"outcome {data.get('outcome')} verified")


@app.command("generate")
@user_errors
def generate(
    n: Annotated[int, typer.Argument(help="Board size and number of vectors (2..100000).")],
    kind: Annotated[
        str, typer.Option("--kind", "-k", help=f"One of: {', '.join(KINDS)}.")
    ] = "random",
    seed: Annotated[Optional[int], typer.Option("--seed", "-s", help="Random seed.")] = None,
    spread: Annotated[
        Optional[int], typer.Option("--spread", help="Largest |dx|, |dy| of random vectors (default n-1).")
    ] = None,
    output: Annotated[Optional[Path], typer.Option("--output", "-o", help="Write here, not to stdout.")] = None,
) -> None:
    """Write a random or adversarial instance."""
    text = format_instance(generate_instance(n, kind, seed=seed, spread=spread))
    if output is None:
        typer.echo(text, nl=False)
    else:
        output.write_text(text, encoding="utf-8")


@app.command("render")
@user_errors
def render(
    file: FileArg,
    output: OutputOption = None,
    witness: Annotated[bool, typer.Option("--witness/--no-witness", help="Solve and draw the witness.")] = True,
    scale: Annotated[
        float, typer.Option("--scale", min=0.1, help="PNG output: pixels per SVG unit (the picture's size times this).")
    ] = 2.0,
) -> None:
    """Print the board (n <= 60) and draw it, with reach and witness, as SVG or PNG (n <= 200)."""
    inst = _load(file)
    sol = solve_instance(inst) if witness else None
    if inst.n <= MAX_TEXT:
        typer.echo(text_board(inst, sol))
        typer.echo(LEGEND)
        if sol is not None:
            typer.echo(explain(inst, sol))
    if output is not None:
        if output.suffix.lower() not in (".svg", ".png"):
            raise InputError(f"--output must end in .svg or .png, got {output.name!r}")
        render_svg(inst, sol).save(output, scale=scale)
        typer.echo(f"wrote {output}")
    elif inst.n > MAX_TEXT:
        raise InputError(f"n = {inst.n} is too large to print; use --output FILE.svg (n <= 200)")


def demo() -> None:
    """Solve the shipped example and print the answer with its witness."""
    path = Path(__file__).resolve().parents[3] / "examples" / "chess" / "teleport.txt"
    inst = _load(path)
    sol = solve_instance(inst)
    typer.echo(f"{path.name}: {inst.describe()}")
    typer.echo(text_board(inst, sol))
    typer.echo(LEGEND)
    typer.echo(explain(inst, sol))
    errors = check_answer(inst, sol.to_json())
    typer.echo("checker: " + ("valid" if not errors else "; ".join(errors)))
