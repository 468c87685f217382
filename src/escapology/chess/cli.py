"""``escapology chess ...``: solve, check, generate and render teleport-chess instances."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from escapology.core.cli_support import draw_seed, generating_command
from escapology.core.cli_support import (
    answer_output,
    CertificateArg,
    CertificateOption,
    DrawCertificateOption,
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
    fail,
    hidden_alias,
    memory_options,
    one_of,
    read_certificate,
    read_input,
    report_picture,
    report_unknown,
    report_verdict,
    user_errors,
    write_output,
)
from escapology.core.errors import InputError

if TYPE_CHECKING:
    from escapology.chess.model import Instance
    from escapology.chess.solver import Solution

# the game's modules (numpy) are imported inside the commands: start-up stays light
KINDS = ("random", "capture", "cross", "sidon", "bob")  # escapology.chess.generator.KINDS
MAX_TEXT = 60  # escapology.chess.render.MAX_TEXT

app = typer.Typer(
    no_args_is_help=True,
    help="Teleport chess: Alice moves (0-2 moves or a teleport), then Bob; win, draw or loss for Alice.",
)

LEGEND = "(A Alice, B Bob, x Bob reaches, o Alice reaches, * safe field)"

FileArg = Annotated[Path, typer.Argument(help="An instance: 'n', 'ax ay bx by', n lines 'dx dy' ('-' = stdin).")]


def _load(path: Path | str) -> Instance:
    from escapology.chess.io import parse_instance

    text, name = read_input(path)
    return parse_instance(text, file=name)


def _print_solution(inst: Instance, sol: Solution, fmt: str) -> int:
    if sol.outcome is None:
        return report_unknown(fmt == "json", sol.to_json())
    if fmt == "json":
        emit_json(sol.to_json())
    else:
        from escapology.chess.solver import explain

        typer.echo(explain(inst, sol))
    return sol.status.exit_code()


def detect(text: str) -> bool:
    """True iff ``text`` is a teleport-chess instance (see :func:`escapology.chess.io.detect`)."""
    from escapology.chess.io import detect as _detect

    return _detect(text)


def solve_path(path: str, fmt: str, timeout: float | None, memory: float | None = None) -> int:
    """Solve the instance in ``path``, print the answer, return the exit code."""
    from escapology.chess.solver import solve as solve_instance

    deadline = command_deadline(timeout)
    inst = _load(path)
    return _print_solution(inst, solve_instance(inst, deadline, **memory_options(solve_instance, memory)), fmt)


@app.command("solve")
@answer_output
@user_errors
def solve(file: FileArg, format: FormatOption = OutputFormat.text, timeout: TimeoutOption = None,
          memory: MemoryOption = None) -> None:
    """Decide win/draw/loss exactly and print it with a witness.

    JSON: {"outcome": "alice"|"draw"|"bob", "witness": {...}, "status": ..., "certificate": ...}.
    --memory is not used (the solver needs O(n) memory).
    """
    raise typer.Exit(solve_path(str(file), format.value, timeout, memory))


@app.command("check")
@user_errors
def check(
    file: FileArg,
    certificate: CertificateArg = None,
    certificate_option: CertificateOption = None,
    format: FormatOption = OutputFormat.text,
) -> None:
    """Verify what 'solve --format json' wrote, independently (exit 0 valid, 1 rejected)."""
    from escapology.chess.api import check as check_answer

    inst = _load(file)
    data, name = read_certificate(certificate_source(certificate, certificate_option))
    if not isinstance(data, dict):
        raise InputError("not a JSON answer of 'solve --format json'", file=name)
    raise report_verdict(check_answer(inst, data), format is OutputFormat.json)


@app.command("generate")
@user_errors
def generate(
    ctx: typer.Context,
    n: Annotated[Optional[int], typer.Argument(help="The board size (old form of --size).", hidden=True,
                                               show_default=False)] = None,
    size: Annotated[Optional[int], typer.Option("--size", help="Board size and number of vectors (2..100000).")] = None,
    kind: Annotated[str, typer.Option("--kind", help=f"One of: {', '.join(KINDS)}.")] = "random",
    seed: SeedOption = None,
    spread: Annotated[
        Optional[int], typer.Option("--spread", help="Largest |dx|, |dy| of random vectors (default n-1).")
    ] = None,
    output: InstanceOutputOption = None,
    format: FormatOption = OutputFormat.text,
) -> None:
    """Write a random or adversarial instance (the first line, a comment, is the command that makes
    it again)."""
    from escapology.chess.generator import generate as generate_instance
    from escapology.chess.io import format_instance

    chosen = one_of("size", ("N", n), ("--size", size))
    if chosen is None:
        raise fail("give the board size: --size N")
    seed = draw_seed(seed)
    command = generating_command(ctx, seed=seed, size=chosen, n=None)  # the old form written the new way
    text = f"# {command}\n" + format_instance(generate_instance(chosen, kind, seed=seed, spread=spread))
    write_output(text, output, format is OutputFormat.json, game="chess", command=command, size=chosen, kind=kind,
                 seed=seed)


@app.command("render")
@user_errors
def render(
    file: FileArg,
    output: OutputOption = None,
    certificate: DrawCertificateOption = None,
    solve_first: SolveFirstOption = True,
    witness: hidden_alias("--witness/--no-witness", kind=Optional[bool]) = None,
    scale: ScaleOption = 2.0,
    format: FormatOption = OutputFormat.text,
) -> None:
    """Print the board (n <= 60) and draw it, with reach and witness, as SVG or PNG (n <= 200).

    The witness is solved for (--solve, the default) or read from --certificate."""
    from escapology.chess.render import render_svg, text_board
    from escapology.chess.solver import Solution, explain, solve as solve_instance

    inst = _load(file)
    sol = None
    if certificate is not None:
        from escapology.chess.model import Outcome
        from escapology.core.results import Status

        data, name = read_certificate(certificate)
        answer = data.get("certificate", data) if isinstance(data, dict) and "outcome" not in data else data
        if not isinstance(answer, dict) or answer.get("outcome") is None:
            raise InputError("not an answer of 'solve --format json'", file=name)
        try:
            sol = Solution(Status.SOLVED, Outcome(answer["outcome"]), dict(answer.get("witness") or {}))
        except ValueError as exc:
            raise InputError(f"not an answer: {exc}", file=name) from None
    elif (solve_first if witness is None else witness):
        sol = solve_instance(inst)
    board = None
    if inst.n <= MAX_TEXT:
        board = text_board(inst, sol) + "\n" + LEGEND + ("\n" + explain(inst, sol) if sol is not None else "")
    if output is not None:
        if output.suffix.lower() not in (".svg", ".png"):
            raise InputError(f"--output must end in .svg or .png, got {output.name!r}")
        render_svg(inst, sol).save(output, scale=scale)
    elif inst.n > MAX_TEXT:
        raise InputError(f"n = {inst.n} is too large to print; use --output FILE.svg (n <= 200)")
    report_picture(board, output, format is OutputFormat.json)


def demo() -> None:
    """Solve the shipped example and print the answer with its witness."""
    from escapology.chess.checker import violations as check_answer
    from escapology.chess.render import text_board
    from escapology.chess.solver import explain, solve as solve_instance

    path = Path(__file__).resolve().parents[3] / "examples" / "chess" / "teleport.txt"
    inst = _load(path)
    sol = solve_instance(inst)
    typer.echo(f"{path.name}: {inst.describe()}")
    typer.echo(text_board(inst, sol))
    typer.echo(LEGEND)
    typer.echo(explain(inst, sol))
    errors = check_answer(inst, sol.to_json())  # the list of errors (escapology.chess.violations)
    typer.echo("checker: " + ("valid" if not errors else "; ".join(errors)))
