"""``escapology labyrinth ...``: solve, check, generate and render ASP-competition Labyrinth boards."""

from __future__ import annotations

import re
from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer

from escapology.core.cli_support import (
    answer_output,
    CertificateArg,
    CertificateOption,
    DrawCertificateOption,
    FormatOption,
    MemoryOption,
    OutputFormat,
    ScaleOption,
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
    draw_seed,
    generating_command,
    user_errors,
    write_output,
)
from escapology.core.errors import InputError
from escapology.core.protocol import Verdict
from escapology.core.results import Status
from escapology.labyrinth.checker import check_plan
from escapology.labyrinth.api import solve
from escapology.labyrinth.generator import generate_instance, generate_with_min_pushes
from escapology.labyrinth.io import MAX_SIDE, format_instance, parse_instance, parse_plan
from escapology.labyrinth.model import Push
from escapology.labyrinth.result import SolveResult

app = typer.Typer(no_args_is_help=True, help="Labyrinth (ASP Competition): the fewest pushes to the goal.")

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "labyrinth" / "small.lp"


class Engine(str, Enum):
    native = "native"
    clingo = "clingo"
    exhaustive = "exhaustive"


def detect(text: str) -> bool:
    """A Labyrinth instance has field/2 and connect/3 facts."""
    return bool(re.search(r"^\s*field\s*\(", text, re.M)) and "connect(" in text.replace(" ", "")


def _print_result(result: SolveResult, fmt: str) -> None:
    if result.status is Status.UNKNOWN:  # the one wording of every game (docs/cli.md)
        report_unknown(fmt == "json", result.to_json(),
                       f"every plan has at least {result.lower_bound} pushes")
        return
    if fmt == "json":
        emit_json(result.to_json())
        return
    if result.status is Status.SOLVED:
        typer.echo(result.facts() if result.plan else "% the avatar starts on the goal: no push needed")
        proven = "proven minimum" if result.optimal else f"not proven minimal (lower bound {result.lower_bound})"
        typer.echo(f"% {len(result.plan or [])} pushes, {proven}; {result.stats.get('seconds', 0)} s", err=True)
    else:
        typer.echo("% unsolvable: no plan within max_steps (proven)")


def solve_path(path: str, fmt: str, timeout: float | None, engine: str = "native",
               workers: int | None = None, memory: float | None = None, ray: str | None = None) -> int:
    """Solve the instance in ``path`` and print the answer; return the exit code. ``timeout``
    counts from the start of the command (:func:`~escapology.core.cli_support.command_deadline`),
    reading included; ``memory`` (MiB) is checked against what the engine would allocate; with
    ``ray``, the first pushes are shared across that Ray cluster (:mod:`escapology.labyrinth.first_push`)."""
    deadline = command_deadline(timeout)
    with reading_input():
        text, name = read_input(path)
        inst = parse_instance(text, file=name, deadline=deadline)
    if ray is not None:
        from escapology.labyrinth.first_push import solve_on_ray

        result = solve_on_ray(inst, ray, engine=engine, timeout=deadline.remaining(), jobs=workers)
    else:
        result = solve(inst, engine=engine, timeout=deadline.remaining(), progress=None, workers=workers,
                       memory=memory)
    _print_result(result, fmt)
    return result.status.exit_code()


@app.command("solve")
@answer_output
@user_errors
def solve_cmd(
    file: Annotated[str, typer.Argument(help="Instance file with ASP facts, or - for standard input.")],
    engine: Annotated[Engine, typer.Option("--engine", "-e", help="native (default), clingo or exhaustive.")] = Engine.native,
    format: FormatOption = OutputFormat.text,
    timeout: TimeoutOption = None,
    workers: Annotated[Optional[int], typer.Option("--workers", min=1, help="Threads of the native engine's exact search (default: every core; 1 is deterministic).")] = None,
    memory: MemoryOption = None,
    ray: Annotated[Optional[str], typer.Option("--ray", help="Share the first pushes across the Ray cluster at ADDRESS (host:port, 'auto', or 'local' with --workers CPUs); the proof is assembled from all parts.")] = None,
) -> None:
    """The plan with the fewest pushes, and whether that minimum is proven.

    Text: push(z,d,s) facts (what 'check' reads); JSON: the protocol's Result.to_json().
    --timeout counts from the start, reading included; --memory (MiB) is passed to the engine
    (escapology.labyrinth.api.solve: refused beforehand when the engine would need more; the
    exhaustive engine stops with 'unknown')."""
    raise typer.Exit(solve_path(file, format.value, timeout, engine.value, workers, memory, ray))


@app.command("check")
@user_errors
def check_cmd(
    file: Annotated[str, typer.Argument(help="Instance file.")],
    certificate: CertificateArg = None,
    certificate_option: CertificateOption = None,
    format: FormatOption = OutputFormat.text,
) -> None:
    """Accept the plan (push(z,d,s) facts or the JSON of 'solve') for FILE, or name its first
    violation (exit 1)."""
    from escapology.labyrinth.api import check

    text, name = read_input(file)
    inst = parse_instance(text, file=name)
    data, pname = read_certificate(certificate_source(certificate, certificate_option))
    if isinstance(data, str):  # push facts: the violation names the plan's file and line
        verdict = check_plan(inst, parse_plan(data, file=pname))
        where = f"{pname}:{verdict.line}: " if verdict.line else ""
        found = Verdict(True, [], verdict.message) if verdict.ok else Verdict.reject(where + verdict.message)
        raise report_verdict(found, format is OutputFormat.json, step=verdict.step, line=verdict.line)
    raise report_verdict(check(inst, data), format is OutputFormat.json)


@app.command("generate")
@user_errors
def generate_cmd(
    ctx: typer.Context,
    size: Annotated[int, typer.Option("--size", min=2, max=MAX_SIDE, help="Board size n (n x n; at most 128, the largest board the reader takes).")] = 10,
    density: Annotated[float, typer.Option("--density", min=0.0, max=1.0, help="Probability of each connection.")] = 0.42,
    max_steps: Annotated[Optional[int], typer.Option("--max-steps", min=0, help="Step bound (default n).")] = None,
    seed: Annotated[Optional[int], typer.Option("--seed", help="Random seed.")] = None,
    min_pushes: Annotated[int, typer.Option("--min-pushes", min=0, help="Draw until the fewest pushes is proven to be at least this (the native engine, a fixed number of nodes per candidate: reproducible).")] = 0,
    output: Annotated[Optional[Path], typer.Option("--output", "-o", help="Write here instead of standard output.")] = None,
    format: FormatOption = OutputFormat.text,
) -> None:
    """A random instance in the competition's format (the first line is the command that makes it)."""
    seed = draw_seed(seed)  # written into the header: the file can be made again
    if min_pushes:
        try:
            inst = generate_with_min_pushes(size, min_pushes, density=density, max_steps=max_steps, seed=seed)
        except ValueError as e:
            raise InputError(str(e)) from None
    else:
        inst = generate_instance(size, density=density, max_steps=max_steps, seed=seed)
    command = generating_command(ctx, seed=seed)
    text = f"% {command}\n" + format_instance(inst)
    write_output(text, output, format is OutputFormat.json, game="labyrinth", command=command, seed=seed)


@app.command("render")
@user_errors
def render_cmd(
    file: Annotated[str, typer.Argument(help="Instance file.")],
    certificate: DrawCertificateOption = None,
    plan: hidden_alias("--plan") = None,
    solve_first: SolveFirstOption = False,
    output: Annotated[Optional[Path], typer.Option("--output", "-o", help="Write a picture (.svg or .png).")] = None,
    scale: ScaleOption = 2.0,
    format: FormatOption = OutputFormat.text,
) -> None:
    """Show the board (and each step of a plan) as text, or write it as SVG/PNG."""
    from escapology.labyrinth.api import _triples
    from escapology.labyrinth.render import plan_svg, text_frames

    text, name = read_input(file)
    inst = parse_instance(text, file=name)
    pushes: list[Push] = []
    plan = one_of("certificate", ("--certificate", certificate), ("--plan", plan))
    if plan is not None:
        data, pname = read_certificate(plan)
        if isinstance(data, str):
            facts = sorted(parse_plan(data, file=pname), key=lambda f: f.step)
        else:
            triples = _triples(data)
            if isinstance(triples, str):
                raise InputError(triples, file=pname)
            facts = sorted(parse_plan(" ".join(f"push({z},{d},{st})." for z, d, st in triples), file=pname),
                           key=lambda f: f.step)
        verdict = check_plan(inst, facts)
        if not verdict.ok and verdict.step is not None and "reachable" not in verdict.message:
            raise InputError(verdict.message, file=pname, line=verdict.line)
        pushes = [Push(f.z, f.direction) for f in facts]
    elif solve_first:
        pushes = solve(inst, progress=None).plan or []
    if output is not None:
        plan_svg(inst, pushes).save(output, scale=scale)
    report_picture(None if output is not None else text_frames(inst, pushes), output, format is OutputFormat.json)


def demo() -> None:
    """Solve the shipped example with both engines and replay the plan."""
    import json
    text = EXAMPLE.read_text(encoding="utf-8")
    inst = parse_instance(text, file=str(EXAMPLE))
    native = solve(inst)
    typer.echo(f"{EXAMPLE.name}: {inst.n}x{inst.n}, avatar {inst.init}, goal {inst.goal}, max_steps {inst.max_steps}")
    typer.echo(f"native plan: {native.facts()}  ({native.pushes} pushes, optimal={native.optimal})")
    verdict = check_plan(inst, [(p.line, p.direction, s) for s, p in enumerate(native.plan or [], 1)])
    typer.echo(f"checker: {verdict.message}")
    cl = solve(inst, engine="clingo")
    typer.echo(f"clingo cross-check: {cl.pushes} pushes ({cl.facts()})")
    typer.echo(json.dumps(native.to_json()))
