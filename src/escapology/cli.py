"""The ``escapology`` command line: one sub-command per game, plus ``solve FILE`` and ``demo``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from escapology import __version__
from escapology.core.cli_support import FormatOption, OutputFormat, TimeoutOption, read_input, user_errors
from escapology.core.errors import InputError
from escapology.games import available_games

app = typer.Typer(
    name="escapology",
    help="Solve, check, generate and render the escape games of the complexity literature.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

for _game in available_games():
    app.add_typer(_game.load().app, name=_game.name, help=_game.title)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"escapology {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version.")
    ] = False,
) -> None:
    """Solve, check, generate and render the escape games of the complexity literature."""


@app.command("solve")
@user_errors
def solve(
    file: Annotated[Path, typer.Argument(help="An instance of any game; the game is recognised.")],
    format: FormatOption = OutputFormat.text,
    timeout: TimeoutOption = None,
) -> None:
    """Solve FILE with the default options of the game it holds."""
    text, name = read_input(file)
    matches = [g for g in available_games() if g.load().detect(text)]
    if not matches:
        raise InputError("not an instance of any game escapology knows", file=name)
    code = matches[0].load().solve_path(str(file), format.value, timeout)
    raise typer.Exit(code)


@app.command("demo")
def demo() -> None:
    """Solve the shipped example of every game and print the answers with their certificates."""
    from rich.console import Console
    from rich.rule import Rule

    console = Console()
    for game in available_games():
        console.print(Rule(f"[bold]{game.name}[/bold] — {game.title}"))
        game.load().demo()


def main() -> None:
    app()
