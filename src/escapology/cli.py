"""The ``escapology`` command line: one sub-command per game, plus ``solve FILE`` and ``demo``."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Annotated

import typer

from escapology import __version__
from escapology.core.cli_support import FormatOption, OutputFormat, TimeoutOption, read_input, user_errors
from escapology.core.errors import InputError
from escapology.games import GAMES, Game, available_games

def _new_app() -> typer.Typer:
    return typer.Typer(
        name="escapology",
        help="Solve, check, generate and render the escape games of the complexity literature.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )


def _version(value: bool) -> None:
    if value:
        typer.echo(f"escapology {__version__}")
        raise typer.Exit()


def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version.")
    ] = False,
) -> None:
    """Solve, check, generate and render the escape games of the complexity literature."""


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
    game = matches[0].load()
    if str(file) == "-":  # standard input is read already: hand the game a file with the text
        suffix = ".graphml" if "<graphml" in text[:4000] else ".xml" if text.lstrip().startswith("<") else ".txt"
        with tempfile.NamedTemporaryFile("w", suffix=suffix, delete=False, encoding="utf-8") as tmp:
            tmp.write(text)
        try:
            code = game.solve_path(tmp.name, format.value, timeout)
        finally:
            os.unlink(tmp.name)
    else:
        code = game.solve_path(str(file), format.value, timeout)
    raise typer.Exit(code)


def demo() -> None:
    """Solve the shipped example of every game and print the answers with their certificates."""
    from rich.console import Console
    from rich.rule import Rule

    console = Console()
    failed = []
    for game in available_games():
        console.print(Rule(f"[bold]{game.name}[/bold] — {game.title}"))
        try:
            game.load().demo()
        except Exception as exc:  # one game's failure must not hide the others' answers
            console.print(f"[red]{game.name} demo failed: {exc!r}[/red]")
            failed.append(game.name)
    if failed:
        raise typer.Exit(1)


def build_app(games: list[Game]) -> typer.Typer:
    """The command line with the given games mounted (``main`` mounts only the one it needs)."""
    new = _new_app()
    new.callback()(_root)
    new.command("solve")(solve)
    new.command("demo")(demo)
    for game in games:
        new.add_typer(game.load().app, name=game.name, help=game.title)
    return new


def __getattr__(name: str) -> typer.Typer:
    """``escapology.cli.app``: the full command line, built on first use."""
    if name == "app":
        return build_app(available_games())
    raise AttributeError(name)


def main() -> None:
    """Entry point: when the first word names a game, load only that game (faster start-up)."""
    words = [a for a in sys.argv[1:] if not a.startswith("-")]
    chosen = [g for g in GAMES if words and g.name == words[0] and g.available()]
    build_app(chosen if chosen else available_games())()
