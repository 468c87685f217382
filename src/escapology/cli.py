"""The ``escapology`` command line: one sub-command per game, plus ``solve FILE`` and ``demo``."""

from __future__ import annotations

import difflib
import re
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from escapology import __version__
from escapology.batch import commands as batch_commands
from escapology.core.cli_support import (
    FormatOption,
    MemoryOption,
    OutputFormat,
    TimeoutOption,
    command_deadline,
    command_memory,
    read_input,
    reading_input,
    start_command_clock,
    stop_command_clock,
    answer_output,
    user_errors,
)
from escapology.core.commands import solve_file
from escapology.core.errors import InputError
from escapology.core.help import App
from escapology.core.protocol import TEXT, Text, names_file
from escapology.games import GAMES, Game, available_games, recognise
from escapology.reduce import reduce
from escapology.web import serve as web_serve


class GameGroup(TyperGroup):
    """The top-level command: the games come from the registry (:data:`escapology.games.GAMES`)
    and a game's ``escapology.<game>.cli`` is imported only when that game runs. ``--help`` lists
    the games with their one-line titles from the registry, importing none of them."""

    games: tuple[Game, ...] = GAMES
    _listing = False  # True while the help is written: a game is shown, not loaded

    def list_commands(self, ctx: Any) -> list[str]:
        return [*super().list_commands(ctx), *(g.name for g in self.games if g.available())]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        cmd = super().get_command(ctx, cmd_name)
        if cmd is not None:
            return cmd
        game = next((g for g in self.games if g.name == cmd_name and g.available()), None)
        if game is None:
            return None
        if self._listing:  # the title and the engines, from the game's description (not its cli)
            engines = ", ".join(e.name for e in game.engines)
            return TyperGroup(name=game.name, help=f"{game.title} (engines: {engines})" if engines else game.title)
        cmd = typer.main.get_command(game.cli().app)
        cmd.name, cmd.help = game.name, game.title
        self.commands[game.name] = cmd
        return cmd

    def format_help(self, ctx: Any, formatter: Any) -> None:
        self._listing = True
        try:
            return super().format_help(ctx, formatter)
        finally:
            self._listing = False

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        try:
            return super().resolve_command(ctx, args)
        except typer._click.exceptions.UsageError as exc:  # "did you mean" over the games too

            if args and "Did you mean" not in exc.message:
                close = difflib.get_close_matches(args[0], self.list_commands(ctx))
                if close:
                    exc.message = exc.message.rstrip(".") + ". Did you mean " + ", ".join(map(repr, close)) + "?"
            raise


def _new_app() -> typer.Typer:
    return App(
        name="escapology",
        cls=GameGroup,
        help="Solve, check, generate and render the escape games of the complexity literature.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )


def _version(value: bool) -> None:
    if value:
        typer.echo(f"escapology {__version__}")
        raise typer.Exit()


#: True when :func:`main` runs the command line as the ``escapology`` process: ``--timeout`` then
#: counts from the start of the process; run in-process (typer's ``CliRunner``), from the
#: invocation's own start
_REAL_PROCESS = False


def _root(
    ctx: typer.Context,
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version.")
    ] = False,
) -> None:
    """Solve, check, generate and render the escape games of the complexity literature."""
    start_command_clock(_REAL_PROCESS)
    ctx.call_on_close(stop_command_clock)


@answer_output
@user_errors
def solve(
    file: Annotated[str, typer.Argument(help="An instance of any game (a file, - for standard input, or the "
                                        "instance itself where it is one line: a puzz.link URL); the game is "
                                        "recognised.", metavar="FILE")],
    format: FormatOption = OutputFormat.text,
    timeout: TimeoutOption = None,
    memory: MemoryOption = None,
) -> None:
    """Solve FILE with the default options of the game it holds."""
    deadline = command_deadline(timeout)  # the game's solve counts from the same start
    command_memory(memory)  # and is bounded from here: recognising the game is reading too
    with reading_input():  # recognising the game is reading too
        found = None
        if file != "-" and "\n" not in file and not names_file(file):  # a URL, not a file name
            found = recognise(file, deadline)
            text, name = file, TEXT
        if found is None:
            text, name = read_input(file)
            found = recognise(text, deadline)
    if found is None:
        if re.search(r"^\s*p\s+cnf\s", text, re.MULTILINE):  # DIMACS or QDIMACS: a formula
            raise InputError("a formula (DIMACS), not an instance of a game: a formula is what a reduction "
                             "reads, 'escapology reduce NAME FORMULA' (the names: escapology reduce --list)",
                             file=name)
        raise InputError("not an instance of any game escapology knows", file=name)
    # the game's load reads the text already read, under its name
    spec = found.spec()
    raise typer.Exit(solve_file(spec, Text(text, name), format.value, timeout, memory=memory,
                                options=spec.options_for(text)))


def demo() -> None:
    """Solve the shipped example of every game and print the answers with their certificates."""
    from rich.console import Console  # rich (~50 ms): only the demo; `chess solve` and the like start without it
    from rich.rule import Rule  # (rich, as above)

    console = Console()
    failed = []
    for game in available_games():
        console.print(Rule(f"[bold]{game.name}[/bold] — {game.title}"))
        try:
            game.cli().demo()
        except Exception as exc:  # one game's failure must not hide the others' answers
            console.print(f"[red]{game.name} demo failed: {exc!r}[/red]")
            failed.append(game.name)
    if failed:
        raise typer.Exit(1)


def build_app(games: list[Game] | None = None) -> typer.Typer:
    """The command line; ``games`` (default: every installed game) are mounted lazily."""
    new = _new_app()
    new.callback()(_root)
    new.command("solve")(solve)
    new.command("demo")(demo)
    new.command("reduce")(reduce)
    new.command("batch")(batch_commands.batch)
    new.command("results")(batch_commands.results)
    new.command("report")(batch_commands.report)
    new.command("serve")(web_serve.serve)
    if games is not None:
        new.info.cls = type("SomeGames", (GameGroup,), {"games": tuple(games)})
    return new


#: the full command line; a game's module is imported when its sub-command runs
app = build_app()


def main() -> None:
    """Entry point: the ``escapology`` process (``--timeout`` counts from its start)."""
    global _REAL_PROCESS
    _REAL_PROCESS = True
    app()
