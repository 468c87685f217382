"""The commands ``escapology batch``, ``escapology results`` and ``escapology report``.

Thin layers over :func:`~escapology.batch.runner.run_batch`, the store's exports and
:func:`~escapology.batch.report.write_report`; light to import (the work is imported when a command
runs). Exit codes: 0 done, 1 a checker rejected an answer, 2 bad input, 130 interrupted (Ctrl-C).
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer

from escapology.core.cli_support import FormatOption, OutputFormat, emit_json, user_errors
from escapology.core.wording import plural

EXIT_INTERRUPTED = 130


class ExportFormat(str, Enum):
    csv = "csv"
    json = "json"


StoreArg = Annotated[Path, typer.Argument(help="The results store (SQLite) that 'escapology batch' wrote.")]


@user_errors
def batch(
    inputs: Annotated[list[Path], typer.Argument(help="Instance files, directories (searched recursively) "
                                                 "or list files (one path per line).", show_default=False)],
    engine: Annotated[Optional[list[str]], typer.Option(
        "--engine", "-e", help="An engine to run, as ENGINE (every game that has it) or GAME:ENGINE; "
        "repeat for several (default: each game's default engine).")] = None,
    jobs: Annotated[Optional[int], typer.Option("--jobs", "-j", min=1, help="Worker processes "
                                                "(default: the CPUs; with --ray: the cluster's).")] = None,
    timeout: Annotated[Optional[float], typer.Option("--timeout", "-t", min=0.0, help="Time limit of each "
                                                     "task in seconds, reading the instance included.")] = None,
    memory: Annotated[Optional[float], typer.Option("--memory", min=1.0, help="Memory limit of each task "
                                                    "in MiB (its worker's resident memory).")] = None,
    store: Annotated[Optional[Path], typer.Option("--store", help="The results store (default: "
                                                  "escapology.db in the folder the inputs share).")] = None,
    ray: Annotated[Optional[str], typer.Option("--ray", help="Run on the Ray cluster at ADDRESS "
                                               "(host:port, 'auto', or 'local' for a private one).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Run again the tasks the store has.")] = False,
    format: FormatOption = OutputFormat.text,
) -> None:
    """Run every instance with every engine named into a results store; re-running resumes."""
    from escapology.batch.progress import BatchProgress  # the runner (via progress): not on `escapology --help`
    from escapology.batch.runner import run_batch  # the runner (task, sqlite3 store; ~8 ms): only `batch run`

    try:
        with BatchProgress() as progress:
            summary = run_batch(inputs, engines=engine, jobs=jobs, timeout=timeout, memory=memory, store=store,
                                ray=ray, force=force, progress=progress)
    except KeyboardInterrupt:
        typer.echo("interrupted before any task ran", err=True)
        raise typer.Exit(EXIT_INTERRUPTED) from None
    counts = {k: summary.counts[k] for k in ("solved", "unknown", "failed")}
    rejected = summary.rejected
    if format is OutputFormat.json:
        emit_json({"store": str(summary.store), "tasks": summary.total, "skipped": summary.skipped,
                   "done": summary.done, **counts, "rejected": rejected, "interrupted": summary.interrupted,
                   "ignored": summary.ignored, "notes": summary.notes})
    else:
        typer.echo(f"{plural(summary.total, 'task')}: {summary.done} run ({counts['solved']} solved, {counts['unknown']} "
                   f"unknown, {counts['failed']} failed), {summary.skipped} already in the store {summary.store}")
    for note in summary.notes:
        typer.echo(f"note: {note}", err=True)
    if summary.ignored:
        typer.echo(f"note: {plural(len(summary.ignored), 'file')} in the directories "
                   f"{'is' if len(summary.ignored) == 1 else 'are'} no game's instance, "
                   f"e.g. {summary.ignored[0]}", err=True)
    if summary.interrupted:
        left = summary.total - summary.skipped - summary.done
        typer.echo(f"interrupted: {plural(left, 'task')} not run; run the same command again to resume", err=True)
        raise typer.Exit(EXIT_INTERRUPTED)
    if rejected:
        typer.echo(f"error: the checker rejected {plural(rejected, 'answer')}; see the store's verdict_detail", err=True)
        raise typer.Exit(1)


@user_errors
def results(
    store: Annotated[Path, typer.Argument(help="The results store (SQLite).")] = Path("escapology.db"),
    format: Annotated[ExportFormat, typer.Option("--format", "-f", help="CSV (a header, one line per row) "
                                                 "or JSON (an array of objects).")] = ExportFormat.csv,
    output: Annotated[Optional[Path], typer.Option("--output", "-o", help="Write here (default: standard "
                                                   "output).")] = None,
    salvage: Annotated[Optional[Path], typer.Option("--salvage", help="Instead: copy the rows still readable "
                                                    "of a damaged store into this new store.")] = None,
) -> None:
    """Export the results store: one row per (instance, engine, options)."""
    from escapology.batch.store import open_existing, salvage_rows, to_csv, to_json  # sqlite3: only this command, not `--help`
    from escapology.core.wording import plural  # (likewise)

    if salvage is not None:
        copied, unreadable = salvage_rows(store, salvage)
        typer.echo(f"copied {plural(copied, 'row')} of {store} into {salvage}; {unreadable} unreadable")
        return
    with open_existing(store) as db:
        rows = db.rows()
    text = to_csv(rows) if format is ExportFormat.csv else to_json(rows)
    if output is None:
        typer.echo(text, nl=False)
    else:
        from escapology.core.files import write_text  # the one writer of every -o

        write_text(output, text)


@user_errors
def report(
    store: StoreArg,
    output: Annotated[Path, typer.Option("--output", "-o", help="The HTML file to write.")] = Path("report.html"),
) -> None:
    """Write a self-contained HTML report of a results store (tables and plots, no network needed)."""
    from escapology.batch.report import write_report  # the report (and the runner): only this command
    from escapology.batch.store import open_existing  # sqlite3: only this command, not `--help`

    with open_existing(store) as db:
        rows = db.rows()
    write_report(rows, output, title=f"escapology results: {store.name}")
    typer.echo(f"wrote {output} ({plural(len(rows), 'row')})")
