"""``escapology roma ...``: solve, check, count, hints, explain, generate, render, convert."""

from __future__ import annotations

import time
from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer

from escapology.core.cli_support import draw_seed, generating_command
from escapology.core.cli_support import (
    answer_output,
    CertificateArg, CertificateOption, FormatOption, InstanceOutputOption, MemoryOption, OutputFormat, OutputOption,
    ScaleOption, SeedOption, SolveFirstOption, TimeoutOption, command_deadline, emit_json, hidden_alias, memory_options,
    one_of, read_input, report_picture, report_unknown, report_verdict, user_errors, write_output,
)
from escapology.core.errors import InputError, read_text_file
from escapology.core.limits import Deadline, LimitReached
from escapology.core.results import EXIT_LIMIT, EXIT_OK, EXIT_REJECTED, Status
from escapology.roma.io import (
    Entry, encode_url, format_facts, format_text, read_puzzle_arg, sniff, write_pzprv3,
)

app = typer.Typer(no_args_is_help=True, help="Roma: every path leads to Rome (puzz.link roma/rome).")

PuzzleArg = Annotated[str, typer.Argument(help="A puzz.link URL, or a file (URLs one per line, pzprv3, text grid, ASP facts); - for stdin.")]
StrictOption = Annotated[bool, typer.Option("--strict", help="Enforce the paper's Definition 1 (square board, boxes <= 4 cells, one Roma cell alone in its box).")]

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "roma" / "example-6x6.txt"


def detect(text: str) -> bool:
    """True iff ``text`` is a Roma instance: a roma/rome URL, a pzprv3 roma file, a ``roma`` text
    grid, or ASP facts with ``box/3`` and ``rome/2``."""
    try:
        return sniff(text) is not None
    except Exception:  # detection never fails loudly
        return False


def _strict(entry: Entry, strict: bool, source: str) -> None:
    if strict:
        bad = entry.puzzle.strict_violations()
        if bad:
            name = "<url>" if "://" in source else ("<stdin>" if source == "-" else source)
            raise InputError("not a strict Roma instance: " + "; ".join(bad), file=name, line=entry.line)


def _is_graph_file(path: str) -> bool:
    """True iff ``path`` is a file of generalized Roma graph facts."""
    return "://" not in path and Path(path).is_file() and sniff(read_text_file(path)) == "graph"


def _solve_entries(entries: list[Entry], fmt: str, deadline: Deadline, unique: bool = True,
                   memory: float | None = None, engine: str = "sat") -> int:
    from escapology.roma.api import solve
    from escapology.roma.render import text_board

    code = EXIT_OK
    for i, e in enumerate(entries):
        res = solve(e.puzzle, timeout=deadline.remaining(), unique=unique, engine=engine,
                    **(memory_options(solve, memory) if engine == "sat" else {}))
        ms = res.stats["time_ms"]
        url = encode_url(e.puzzle)
        if fmt == "json":
            if res.status is Status.UNKNOWN:
                code = report_unknown(True, res.to_json())
            else:
                emit_json(res.to_json())
            continue
        if i:
            typer.echo("")
        if len(entries) > 1:
            typer.echo(f"# puzzle {i + 1} (line {e.line}): {url}")
        if res.status is Status.SOLVED:
            assert res.solution is not None
            typer.echo(text_board(e.puzzle, res.solution))
            if res.unique:
                typer.echo(f"solved; the solution is unique ({ms:.1f} ms)")
            elif res.second is not None:
                typer.echo("solved; NOT unique, a second solution:")
                typer.echo("\n".join(res.second))
            else:
                typer.echo(f"solved ({ms:.1f} ms); uniqueness not tested")
        elif res.status is Status.UNSOLVABLE:
            typer.echo("unsolvable: no arrows satisfy the rules")
        else:
            code = report_unknown(False, detail="a solution was found, its uniqueness is not settled"
                                  if res.solution is not None else "")
    return code


class Engine(str, Enum):
    sat = "sat"
    branch = "branch"


@app.command("solve")
@answer_output
@user_errors
def solve_cmd(
    puzzle: PuzzleArg,
    format: FormatOption = OutputFormat.text,
    timeout: TimeoutOption = None,
    strict: StrictOption = False,
    unique: Annotated[bool, typer.Option("--unique/--no-unique", help="Also prove uniqueness or find a second solution.")] = True,
    memory: MemoryOption = None,
    engine: Annotated[Engine, typer.Option("--engine", help="sat: the SAT encoding; branch: the Lemma 12 search tree (forced arrows, then branching on empty cells).")] = Engine.sat,
) -> None:
    """Solve PUZZLE(s) and say whether the solution is unique (with a second one when not).

    Text: the board with the arrows; JSON: one Result.to_json() line per puzzle (both are what
    'check' reads). --memory is passed to the SAT solver when it takes a memory limit."""
    deadline = command_deadline(timeout)
    if puzzle != "-" and _is_graph_file(puzzle):
        raise typer.Exit(_solve_graph(puzzle, format.value))
    entries = read_puzzle_arg(puzzle)
    for e in entries:
        _strict(e, strict, puzzle)
    raise typer.Exit(_solve_entries(entries, format.value, deadline, unique, memory, engine.value))


def solve_path(path: str, fmt: str, timeout: float | None) -> int:
    """What ``escapology solve FILE`` runs for a Roma file (grid puzzles or a generalized graph)."""
    deadline = command_deadline(timeout)
    if _is_graph_file(path):
        return _solve_graph(path, fmt)
    return _solve_entries(read_puzzle_arg(path), fmt, deadline)


def _solve_graph(path: str, fmt: str) -> int:
    from escapology.core.cli_support import read_input
    from escapology.roma.graph import is_graph_solution, read_graph_facts

    text, name = read_input(path)
    try:
        inst = read_graph_facts(text, file=name)
    except InputError as e:
        raise e.with_file(name) from None
    from escapology.roma.api import solve

    res = solve(inst)
    if res.successors is not None:
        assert is_graph_solution(inst, res.successors) == []
    out = res.to_json()
    if fmt == "json":
        emit_json(out)
    elif res.successors is None:
        typer.echo("unsolvable: no choice of arcs leads every vertex to Rome")
    else:
        typer.echo("\n".join(f"{v} -> {w}" for v, w in out["solution"] or []))
        typer.echo(f"solved; {'the solution is unique' if res.unique else 'NOT unique'}")
    return EXIT_OK


@app.command("graph")
@user_errors
def graph_cmd(
    file: Annotated[str, typer.Argument(help="ASP facts arc(U,V,Colour), roma(V), box(V,B), hint(U,V); - for stdin.")],
    format: FormatOption = OutputFormat.text,
) -> None:
    """Solve generalized Roma on a directed graph (Section 5): one arc per vertex, all paths to Rome."""
    raise typer.Exit(_solve_graph(file, format.value))


def _parse_solution(text: str) -> tuple[str, ...]:
    rows = [r for r in text.replace("/", "\n").replace(",", "\n").split() if r]
    if not rows:
        raise InputError("the solution is empty")
    return tuple(rows)


def _board_rows(text: str) -> list[tuple[str, ...]]:
    """The solutions drawn by ``solve``'s text output (boards of ``| > v |`` rows), in order."""
    boards: list[list[str]] = []
    current: list[str] = []
    for line in text.splitlines():
        if line.startswith("|"):
            current.append("".join(line[i] for i in range(2, len(line) - 1, 4)))
        elif current and not line.startswith("+"):
            boards.append(current)
            current = []
    if current:
        boards.append(current)
    return [tuple(b) for b in boards]


def _certificates(path: str | Path) -> tuple[list[object], str]:
    """What ``solve`` wrote: one JSON line per puzzle, or the text boards; else rows ``>v</...``."""
    import json

    text, name = read_input(path)
    if text.lstrip().startswith("{"):
        out: list[object] = []
        for n, line in enumerate(text.splitlines(), 1):
            if line.strip():
                try:
                    out.append(json.loads(line))
                except json.JSONDecodeError as exc:
                    raise InputError(f"not JSON: {exc.msg}", file=name, line=n) from None
        return out, name
    boards = _board_rows(text)
    return (list(boards) if boards else [_parse_solution(text)]), name


@app.command("check")
@user_errors
def check_cmd(
    puzzle: PuzzleArg,
    certificate: CertificateArg = None,
    certificate_option: CertificateOption = None,
    solution: hidden_alias("--solution", kind=Optional[str]) = None,
    format: FormatOption = OutputFormat.text,
) -> None:
    """Check a solution (what 'solve' wrote, JSON or text; default: the answer in the file); name
    every violation (exit 1 if there is one)."""
    from escapology.roma.api import _rows, check
    from escapology.roma.checker import violations

    entries = read_puzzle_arg(puzzle)
    source = one_of("certificate", ("CERTIFICATE", certificate), ("--certificate", certificate_option))
    given: list[object] | None = None
    if source is not None and solution is not None:
        raise InputError("give the certificate once: a file or --solution rows")
    if source is not None:
        given, name = _certificates(source)
        if len(given) != len(entries):
            raise InputError(f"{len(given)} certificate(s) for {len(entries)} puzzle(s)", file=name)
    code = EXIT_OK
    for i, e in enumerate(entries):
        if given is not None:
            sol: object = given[i]
        elif solution is not None:
            sol = _parse_solution(solution)
        else:
            sol = e.solution or e.answer
        if sol is None:
            raise InputError("no solution to check: give CERTIFICATE (what 'solve' wrote) or a file with an answer",
                             line=e.line)
        extra = {}
        rows = _rows(sol)
        if isinstance(rows, (list, tuple)) and all(isinstance(r, str) for r in rows):  # every broken rule
            extra["violations"] = [v.to_json() for v in violations(e.puzzle, rows)]
        if report_verdict(check(e.puzzle, sol), format is OutputFormat.json, **extra).exit_code:
            code = EXIT_REJECTED
    raise typer.Exit(code)


class CountMethod(str, Enum):
    sat = "sat"
    dp = "dp"


@app.command("count")
@user_errors
def count_cmd(
    puzzle: PuzzleArg,
    cap: Annotated[Optional[int], typer.Option("--cap", help="Stop after this many solutions (sat method).")] = None,
    method: Annotated[CountMethod, typer.Option("--method", help="sat: enumeration; dp: the Theorem 13 row sweep.")] = CountMethod.sat,
    format: FormatOption = OutputFormat.text,
    timeout: TimeoutOption = None,
    strict: StrictOption = False,
) -> None:
    """Count the solutions exactly (or up to --cap)."""
    from escapology.roma.dp import count_dp
    from escapology.roma.sat import count

    code = EXIT_OK
    deadline = command_deadline(timeout)
    for e in read_puzzle_arg(puzzle):
        _strict(e, strict, puzzle)
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
            typer.echo(f"{n} solution(s)" if exact else f"more than {n} solutions")
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
    from escapology.roma.hints import minimal_hints, minimal_hints_any
    from escapology.roma.render import text_board

    code = EXIT_OK
    deadline = command_deadline(timeout)
    if redundant:
        raise typer.Exit(_redundant(read_puzzle_arg(puzzle), format.value, deadline, strict, puzzle))
    for e in read_puzzle_arg(puzzle):
        _strict(e, strict, puzzle)
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
            typer.echo(f"{len(res.hints)} given arrows suffice and are necessary ({res.rounds} rounds)")
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
    from escapology.roma.explain import report

    raise typer.Exit(report(read_puzzle_arg(puzzle), format.value == "json", command_deadline(timeout), next_only, svg_dir))


def _redundant(entries: list[Entry], fmt: str, deadline: Deadline, strict: bool, source: str) -> int:
    """``hints --redundant``: one report (text block or JSON line) per puzzle."""
    from escapology.roma.hints import redundant_givens
    from escapology.roma.render import text_board

    code = EXIT_OK
    for i, e in enumerate(entries):
        _strict(e, strict, source)
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
        cells = " ".join(f"({r},{c})" for r, c in res.redundant) or "none"
        typer.echo(f"{len(res.redundant)} of {len(res.givens)} givens can each be removed alone: {cells}")
        typer.echo(f"together {len(res.givens) - len(res.kept)} can go; the {len(res.kept)} left are all needed:")
        assert res.puzzle is not None
        typer.echo(text_board(res.puzzle))
        typer.echo(str(obj["url"]))
    return code


class Style(str, Enum):
    minimal = "minimal"
    published = "published"


class Grade(str, Enum):
    easy = "easy"
    medium = "medium"
    hard = "hard"


@app.command("generate")
@user_errors
def generate_cmd(
    ctx: typer.Context,
    size: Annotated[Optional[int], typer.Option("--size", help="Rows (the same as --rows).")] = None,
    rows: Annotated[int, typer.Option("--rows", "-r", help="Rows.")] = 6,
    cols: Annotated[Optional[int], typer.Option("--cols", "-c", help="Columns (default: rows).")] = None,
    max_box: Annotated[int, typer.Option("--max-box", help="Cells per box (boxes are grown to this size where possible).")] = 4,
    goals: Annotated[int, typer.Option("--goals", help="Number of Roma cells.")] = 1,
    number: Annotated[int, typer.Option("--number", help="How many puzzles.")] = 1,
    seed: SeedOption = None,
    shapes: Annotated[str, typer.Option("--shapes", help="Box shapes, comma-separated: any, square, line, L, T, S (smaller boxes are parts of them).")] = "any",
    grade: Annotated[Optional[Grade], typer.Option("--grade", help="At most this hard: adds givens until the rules of this level solve it.")] = None,
    style: Annotated[Style, typer.Option("--style", help="minimal: the fewest givens; published: box sizes and given density of published puzzles (about 30-56 givens per 100 cells).")] = None,  # type: ignore[assignment]
    goal_in_box: Annotated[bool, typer.Option("--goal-in-box", help="Let a goal share its box with arrow cells (by default each goal is alone in a one-cell box, as in published puzzles).")] = False,
    strict: StrictOption = False,
    format: FormatOption = OutputFormat.text,
    timeout: TimeoutOption = None,
    output: InstanceOutputOption = None,
) -> None:
    """Generate unique puzzles with few givens (minimum givens, exact, up to 100 cells), graded.

    With --output: the puzzles' URLs, one a line (what every command reads), after a comment line
    with the command that makes the file again."""
    from escapology.roma.generator import generate
    from escapology.roma.render import text_board

    if size is not None:
        rows = size
    urls = []
    deadline = command_deadline(timeout)  # reached: no puzzle, the answer "unknown" (exit 3)
    seed = draw_seed(seed)
    command = generating_command(ctx, seed=seed)
    if output is None and format is OutputFormat.text:
        typer.echo(f"# {command}")
    for i in range(number):
        try:
            g = generate(rows, cols or rows, max_box=max_box, goals=goals, strict=strict,
                         seed=seed + i, timeout=deadline.remaining(),
                         grade=grade.value if grade is not None else None,
                         shapes=[x.strip() for x in shapes.split(",") if x.strip()],
                         goal_alone=not goal_in_box, style=(style or Style.minimal).value)
        except LimitReached:
            raise typer.Exit(report_unknown(format is OutputFormat.json, {"command": command, "puzzles": len(urls)},
                                            f"{len(urls)} of {number} puzzle(s) made before the time limit"))
        url = encode_url(g.puzzle)
        urls.append(url)
        if output is not None:
            continue
        if format.value == "json":
            emit_json({"command": command, "url": url, "grade": g.grade, "givens": g.puzzle.n_givens(), "minimal": g.minimal,
                       "puzzle": list(g.puzzle.givens), "solution": list(g.solution)})
        else:
            typer.echo(text_board(g.puzzle))
            typer.echo(f"{url}\ngrade: {g.grade}; {g.puzzle.n_givens()} given arrows"
                       f" ({'minimum' if g.minimal else 'inclusion-minimal'})")
    if output is not None:
        write_output(f"# {command}\n" + "".join(u + "\n" for u in urls), output, format is OutputFormat.json,
                     game="roma", command=command, puzzles=len(urls), seed=seed)
        if format is OutputFormat.text:
            typer.echo(f"wrote {output}: {len(urls)} puzzle(s)")


@app.command("render")
@user_errors
def render_cmd(
    puzzle: PuzzleArg,
    output: OutputOption = None,
    certificate: Annotated[Optional[Path], typer.Option("--certificate", help="Draw this solution (what 'solve' wrote, JSON or text).")] = None,
    solve_first: SolveFirstOption = False,
    solution: hidden_alias("--solution/--puzzle", kind=Optional[bool]) = None,
    scale: ScaleOption = 2.0,
    format: FormatOption = OutputFormat.text,
) -> None:
    """Draw the puzzle (and its solution) as a printed puzzle looks: SVG or PNG, text on the terminal.

    --solve draws the solution too: the one in the file, else one found."""
    from escapology.roma.render import render, text_board
    from escapology.roma.sat import solve

    entries = read_puzzle_arg(puzzle)
    e = entries[0]
    shown = None
    if certificate is not None:
        given, name = _certificates(certificate)
        first = given[0]
        if isinstance(first, dict):
            first = first.get("solution", first.get("certificate"))
        if not first:
            raise InputError("no solution in the certificate", file=name)
        shown = tuple(first)  # type: ignore[arg-type]
    elif (solve_first if solution is None else solution):
        shown = e.solution
        if shown is None:
            shown = solve(e.puzzle, uniqueness=False).solution
    if output is not None:
        if output.suffix.lower() not in (".svg", ".png"):
            raise InputError(f"--output must end in .svg or .png, not {output.name!r}")
        render(e.puzzle, output, shown, scale=scale)
    report_picture(text_board(e.puzzle, shown), output, format is OutputFormat.json)


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
    for e in read_puzzle_arg(puzzle):
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
    from escapology.roma.checker import violations
    from escapology.roma.io import read_puzzles
    from escapology.roma.render import text_board
    from escapology.roma.sat import solve

    e = read_puzzles(EXAMPLE.read_text(encoding="utf-8"), file=str(EXAMPLE))[0]
    res = solve(e.puzzle)
    assert res.solution is not None
    typer.echo(f"{EXAMPLE.name}: {encode_url(e.puzzle)}")
    typer.echo(text_board(e.puzzle, res.solution))
    verdict = "valid" if not violations(e.puzzle, res.solution) else "INVALID"
    typer.echo(f"unique: {res.unique}; checker: {verdict}")


__all__ = ["app", "detect", "solve_path", "demo"]
