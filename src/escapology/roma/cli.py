"""``escapology roma ...``: the four verbs, made from :data:`escapology.roma.spec.SPEC` by the
command layer (:mod:`escapology.core.commands`), and Roma's own commands: ``graph`` (generalized
Roma on a directed graph), ``count``, ``hints``, ``explain`` and ``convert``."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer

from escapology.core.cli_support import (
    FormatOption, OutputFormat, TimeoutOption, command_deadline, emit_json, one_of, report_unknown, user_errors,
)
from escapology.core.commands import solve_file, verbs_app
from escapology.core.errors import InputError
from escapology.core.examples import example
from escapology.core.protocol import Text, read_source
from escapology.core.limits import Deadline, LimitReached
from escapology.core.results import EXIT_LIMIT, EXIT_OK, Status
from escapology.core.wording import plural
from escapology.roma.api import load_entries
from escapology.roma.graph import GraphRoma
from escapology.roma.io import Entry, encode_url, format_facts, format_text, read_puzzles, sniff, write_pzprv3
from escapology.roma.model import cell_name
from escapology.roma.spec import SPEC, STRICT_HELP

app = verbs_app(SPEC)

PuzzleArg = Annotated[str, typer.Argument(help=SPEC.instance_help)]
StrictOption = Annotated[bool, typer.Option("--strict", help=STRICT_HELP)]

EXAMPLE = example("roma", "example-6x6.txt")


def detect(text: str) -> bool:
    """True iff ``text`` is a Roma instance: a roma/rome URL, a pzprv3 roma file, a ``roma`` text
    grid, or ASP facts with ``box/3`` and ``rome/2``."""
    try:
        return sniff(text) is not None
    except Exception:  # detection never fails loudly
        return False


def _entries(puzzle: str, strict: bool = False) -> list[Entry]:
    """The grid puzzles of PUZZLE (a URL, a file or -) for Roma's own commands."""
    found = load_entries(puzzle, strict=strict)
    if isinstance(found, GraphRoma):
        raise InputError("this is a generalized Roma graph: use `escapology roma graph FILE`",
                         file="<stdin>" if puzzle == "-" else puzzle, line=1)
    return found


@app.command("graph")
@user_errors
def graph_cmd(
    file: Annotated[str, typer.Argument(help="ASP facts arc(U,V,Colour), roma(V), box(V,B), hint(U,V); - for stdin.")],
    format: FormatOption = OutputFormat.text,
) -> None:
    """Solve generalized Roma on a directed graph (Section 5): one arc per vertex, all paths to Rome."""
    text, name = read_source(Path(file))
    if sniff(text) != "graph":
        raise InputError("not a generalized Roma graph (arc/3 and roma/1 facts): solve grid puzzles with "
                         "`escapology roma solve`", file=name, line=1)
    raise typer.Exit(solve_file(SPEC, Text(text, name), format.value))


class CountMethod(str, Enum):
    sat = "sat"
    dp = "dp"


@app.command("count")
@user_errors
def count_cmd(
    puzzle: PuzzleArg,
    cap: Annotated[Optional[int], typer.Option("--cap", help="Stop after this many solutions (sat method).")] = None,
    engine: Annotated[Optional[CountMethod], typer.Option("--engine", "-e", help="sat: enumeration (default); dp: the Theorem 13 row sweep.", show_default=False)] = None,
    method: Annotated[Optional[CountMethod], typer.Option("--method", hidden=True, help="Deprecated: use --engine.")] = None,
    format: FormatOption = OutputFormat.text,
    timeout: TimeoutOption = None,
    strict: StrictOption = False,
) -> None:
    """Count the solutions exactly (or up to --cap)."""
    method = one_of("engine", ("--engine", engine), ("--method", method)) or CountMethod.sat  # --method: the old name
    from escapology.roma.dp import count_dp  # the counters (python-sat): loaded when count runs
    from escapology.roma.sat import count  # (python-sat, as above)

    code = EXIT_OK
    deadline = command_deadline(timeout)
    for e in _entries(puzzle, strict):
        try:
            if method is CountMethod.dp:
                n, exact = count_dp(e.puzzle, deadline=deadline), True
            else:
                n, exact = count(e.puzzle, cap=cap, timeout=deadline.remaining())
            status = "solved"
        except LimitReached:
            n, exact, status, code = 0, False, "unknown", EXIT_LIMIT
        if status == "unknown":
            report_unknown(format.value == "json", {"count": None, "exact": exact, "url": encode_url(e.puzzle)})
        elif format.value == "json":
            emit_json({"status": status, "count": n, "exact": exact, "url": encode_url(e.puzzle)})
        else:
            typer.echo(plural(n, "solution") if exact else f"more than {plural(n, 'solution')}")
    raise typer.Exit(code)


@app.command("hints")
@user_errors
def hints_cmd(
    puzzle: PuzzleArg,
    keep_givens: Annotated[bool, typer.Option("--keep-givens", help="Keep the puzzle's givens; find the fewest extra arrows.")] = False,
    any_solution: Annotated[bool, typer.Option("--any-solution", help="Minimise over all solutions (Theorem 11's problem; CEGAR with MaxSAT, small boards).")] = False,
    redundant: Annotated[bool, typer.Option("--redundant", help="Which of the puzzle's own givens can be removed while it stays unique (each alone, and a greedy minimal subset).")] = False,
    format: FormatOption = OutputFormat.text,
    timeout: TimeoutOption = None,
    strict: StrictOption = False,
) -> None:
    """The smallest set of given arrows that makes the solution unique (exact; Theorem 11).

    By default for the puzzle's own solution (the one in the file, or the first found); with
    --any-solution over all solutions of the board; with --redundant, the setter's givens that
    are not needed."""
    from escapology.roma.hints import minimal_hints, minimal_hints_any  # python-sat: loaded when hints runs
    from escapology.roma.drawing import text_board  # the drawing code: only this command needs it

    code = EXIT_OK
    deadline = command_deadline(timeout)
    if redundant:
        raise typer.Exit(_redundant(_entries(puzzle, strict), format.value, deadline))
    for e in _entries(puzzle, strict):
        if any_solution:
            res = minimal_hints_any(e.puzzle, keep_givens=keep_givens, timeout=deadline.remaining())
        else:
            res = minimal_hints(e.puzzle, solution=e.solution, keep_givens=keep_givens, timeout=deadline.remaining())
        if res.status is Status.UNKNOWN:
            code = EXIT_LIMIT
        obj: dict[str, object] = {"status": res.status.value, "optimal": res.optimal}
        if res.puzzle is not None:
            obj.update(hints=len(res.hints), cells=[list(c) for c in res.hints],
                       givens=list(res.puzzle.givens), url=encode_url(res.puzzle))
        else:
            obj["lower_bound"] = res.lower_bound
        if res.status is Status.UNKNOWN:
            known = f"at least {res.lower_bound} hints are needed" if res.lower_bound else ""
            if res.puzzle is not None:
                known = f"{len(res.hints)} given arrows suffice, fewer were not ruled out"
            report_unknown(format.value == "json", obj, known)
            if res.puzzle is not None and format.value != "json":
                typer.echo(text_board(res.puzzle))
                typer.echo(obj["url"])  # type: ignore[arg-type]
        elif format.value == "json":
            emit_json(obj)
        elif res.puzzle is not None:
            typer.echo(text_board(res.puzzle))
            typer.echo(f"{plural(len(res.hints), 'given arrow')} suffice and are necessary ({plural(res.rounds, 'round')})")
            typer.echo(obj["url"])  # type: ignore[arg-type]
        else:
            typer.echo("unsolvable: there is no solution to make unique")
    raise typer.Exit(code)


@app.command("explain")
@user_errors
def explain_cmd(
    puzzle: PuzzleArg,
    next_only: Annotated[bool, typer.Option("--next", help="Only the next step: a hint with the rule that forces it.")] = False,
    svg_dir: Annotated[Optional[Path], typer.Option("--svg-dir", help="Write the grid after each step here (step-001.svg, ...).")] = None,
    format: FormatOption = OutputFormat.text,
    timeout: TimeoutOption = None,
) -> None:
    """A human-style solve path: each step one cell, the rule that forces it (the grader's levels)
    and why; a wrong arrow of a partly filled grid (pzprv3 answer) is named first."""
    from escapology.roma.explain import report  # the rule levels and python-sat: loaded when explain runs

    raise typer.Exit(report(_entries(puzzle), format.value == "json", command_deadline(timeout), next_only, svg_dir))


def _redundant(entries: list[Entry], fmt: str, deadline: Deadline) -> int:
    """``hints --redundant``: one report (text block or JSON line) per puzzle."""
    from escapology.roma.hints import redundant_givens  # python-sat: loaded when hints runs
    from escapology.roma.drawing import text_board  # the drawing code: only this command needs it

    code = EXIT_OK
    for i, e in enumerate(entries):
        res = redundant_givens(e.puzzle, timeout=deadline.remaining())
        obj: dict[str, object] = {"status": res.status.value, "unique": res.unique, "givens": len(res.givens),
                                  "redundant": [list(c) for c in res.redundant],
                                  "kept": [list(c) for c in res.kept] if res.puzzle is not None else None,
                                  "url": encode_url(res.puzzle) if res.puzzle is not None else None}
        if res.status is Status.UNKNOWN:
            code = EXIT_LIMIT
            report_unknown(fmt == "json", obj)
            continue
        if fmt == "json":
            emit_json(obj)
            continue
        if i:
            typer.echo("")
        if not res.unique:
            typer.echo("the puzzle has no unique solution: no given is redundant"
                       if res.status is Status.SOLVED else "unsolvable: no given is redundant")
            continue
        cells = " ".join(cell_name(cell) for cell in res.redundant) or "none"
        typer.echo(f"{len(res.redundant)} of {len(res.givens)} givens can each be removed alone: {cells}")
        typer.echo(f"together {len(res.givens) - len(res.kept)} can go; the {len(res.kept)} left are all needed:")
        assert res.puzzle is not None
        typer.echo(text_board(res.puzzle))
        typer.echo(str(obj["url"]))
    return code


class Target(str, Enum):
    url = "url"
    pzprv3 = "pzprv3"
    text = "text"
    facts = "facts"


@app.command("convert")
@user_errors
def convert_cmd(
    puzzle: PuzzleArg,
    to: Annotated[Target, typer.Option("--to", help="Output format.")] = Target.url,
) -> None:
    """Convert between puzz.link URLs, pzprv3 files, the text grid and ASP facts."""
    for e in _entries(puzzle):
        if to is Target.url:
            typer.echo(encode_url(e.puzzle))
        elif to is Target.pzprv3:
            typer.echo(write_pzprv3(e.puzzle, e.solution), nl=False)
        elif to is Target.text:
            typer.echo(format_text(e.puzzle, e.solution))
        else:
            typer.echo(format_facts(e.puzzle))


def demo() -> None:
    """Solve the shipped example and print the board, the uniqueness proof and the checker's verdict."""
    from escapology.roma.checker import violations  # the demo's engines: loaded when it runs
    from escapology.roma.drawing import text_board  # (as above)
    from escapology.roma.sat import solve  # (python-sat, as above)

    e = read_puzzles(EXAMPLE.read_text(encoding="utf-8"), file=str(EXAMPLE))[0]
    res = solve(e.puzzle)
    assert res.solution is not None
    typer.echo(f"{EXAMPLE.name}: {encode_url(e.puzzle)}")
    typer.echo(text_board(e.puzzle, res.solution))
    verdict = "valid" if not violations(e.puzzle, res.solution) else "INVALID"
    typer.echo(f"unique: {res.unique}; checker: {verdict}")


__all__ = ["app", "detect", "demo"]
