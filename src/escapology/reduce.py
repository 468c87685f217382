"""``escapology reduce NAME FORMULA``: the front door of every reduction (the registry is
:mod:`escapology.core.reductions`; a game is imported only when its reduction runs)."""

from __future__ import annotations

import difflib
from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer

from escapology.core.cli_support import (
    InstanceOutputOption,
    emit_json,
    generating_command,
    read_input,
    user_errors,
    write_output,
)
from escapology.core.errors import InputError


class ReduceFormat(str, Enum):
    """``reduce --format``: the instance as text, wrapped in JSON, or as a URL (puzzle reductions
    whose facts carry one, e.g. roma-planar3sat's puzz.link URL)."""

    text = "text"
    json = "json"
    url = "url"


ReduceFormatOption = Annotated[ReduceFormat, typer.Option(
    "--format", "-f", help="The instance as text, JSON, or a URL (reductions to a puzzle with one: "
    "roma-planar3sat's puzz.link URL).")]


def _listing(json_output: bool) -> None:
    from escapology.core.reductions import REDUCTIONS  # the table (~1 ms): every command imports this module

    rows = [{"name": r.name, "theorem": r.theorem, "paper": r.paper, "input": r.source, "game": r.game}
            for r in REDUCTIONS]
    if json_output:
        emit_json({"reductions": rows})
        return
    width = max(len(r["name"]) for r in rows)
    for r in rows:
        typer.echo(f"{r['name']:<{width}}  {r['theorem']}")
        typer.echo(f"{'':<{width}}  {r['paper']}; reads {r['input']}, writes an instance of {r['game']}")


@user_errors
def reduce(
    ctx: typer.Context,
    name: Annotated[Optional[str], typer.Argument(help="The reduction (see --list).")] = None,
    formula: Annotated[Optional[Path], typer.Argument(help="The formula: DIMACS CNF, or QDIMACS for a quantified one; '-' for stdin.")] = None,
    output: InstanceOutputOption = None,
    format: ReduceFormatOption = ReduceFormat.text,
    list_: Annotated[bool, typer.Option("--list", help="Name every reduction with its theorem and paper.")] = False,
) -> None:
    """Reduce a formula to an instance of a game, which 'escapology solve' answers directly; the
    instance carries the command that made it."""
    from escapology.core.reductions import REDUCTIONS, find  # (the table, as above): only `reduce` needs it

    json_output = format is ReduceFormat.json
    if list_:
        _listing(json_output)
        return
    if name is None or formula is None:
        raise InputError("give a reduction and a formula: escapology reduce NAME FORMULA (names: escapology reduce --list)")
    red = find(name)
    if red is None:

        close = difflib.get_close_matches(name, [r.name for r in REDUCTIONS])
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise InputError(f"no reduction called {name!r}{hint}; 'escapology reduce --list' names them all")
    text, file = read_input(formula)
    command = generating_command(ctx)
    instance, facts = red.run(text, file=file, command=command)
    if format is ReduceFormat.url:
        if not facts.get("url"):
            raise InputError(f"{red.name} writes no URL: use --format text or json")
        instance = facts["url"] + "\n"
    write_output(instance, output, json_output, reduction=red.name, game=red.game, command=command, **facts)
    if not json_output:
        summary = facts.get("summary")
        if summary:
            typer.echo(summary, err=True)
        if output is not None:
            typer.echo(f"wrote {output}")
