"""``escapology amazeing ...``: the four verbs, made from :data:`escapology.amazeing.spec.SPEC` by
the command layer (:mod:`escapology.core.commands`), and the game's own commands ``play`` (a full
game against the bot) and ``race`` (SP-Versus), with the game's recognition and its demo."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from escapology.amazeing import api
from escapology.amazeing import io as aio
from escapology.amazeing.model import COORDINATES, Move, Position, Shift, glyph, rotate, rotations
from escapology.amazeing.spec import SPEC
from escapology.core.cli_support import (
    FormatOption,
    GameStopped,
    OutputFormat,
    TimeoutOption,
    command_deadline,
    terminal_game,
    user_errors,
)
from escapology.core.commands import print_result, verbs_app
from escapology.core.errors import InputError
from escapology.core.examples import example
from escapology.core.wording import plural

EXAMPLE = example("amazeing", "published.json")

app = verbs_app(SPEC)


def detect(text: str) -> bool:
    """True iff the text is a JSON position with ``"game": "amazeing"``."""
    return aio.detect(text)


def _name(path: str | Path) -> str:
    return "<stdin>" if str(path) == "-" else str(path)


def _load(path: Path) -> Position:
    return api.load(path)


def demo() -> None:
    """Solve the shipped published-game example and print the plan."""
    pos = api.load(EXAMPLE)
    result = api.solve(pos, max_turns=4)
    p = pos.players[0]
    typer.echo(f"{EXAMPLE.name}: {p.name} on {pos.name(p.cell)} wants treasure {p.target}")
    print_result(result, False)
    typer.echo("checker: " + ("valid" if api.check(pos, result).ok else "REJECTED"))


def _parse_human(pos: Position, text: str) -> "Move":
    """``N1 2 3,4``: shift N1, spare turned 2 quarter turns clockwise, walk to (3,4)."""
    parts = text.replace(";", " ").split()
    if not parts:
        raise ValueError("type a shift such as N1, then optionally quarter turns (0-3) and a cell row,col")
    shift = Shift.parse(parts[0])
    turns = 0
    cell_text = None
    for extra in parts[1:]:
        if "," in extra:
            cell_text = extra
        elif extra.isdigit():
            turns = int(extra)
        else:
            raise ValueError(f"cannot read {extra!r}")
    tile = rotate(pos.spare, turns)
    after = pos.apply(shift, tile)
    me = after.players[pos.to_move].cell
    if cell_text is None:
        to = me
    else:
        try:
            r, c = (int(x) for x in cell_text.split(","))
        except ValueError:
            raise ValueError(f"a cell is row,col, not {cell_text!r}") from None
        if not (0 <= r < pos.rows and 0 <= c < pos.cols):
            raise ValueError(f"{COORDINATES.name(r, c)} is outside the board")
        to = r * pos.cols + c
        if to not in after.reachable(me):
            raise ValueError(f"{COORDINATES.name(r, c)} cannot be reached from {after.name(me)} after {shift}")
    return Move(shift, tile, to)


def _human(pos: Position, show_all_targets: bool = False) -> "Move":
    from escapology.amazeing.drawing import text_board  # the drawing code: only play needs it

    typer.echo(text_board(pos, None if show_all_targets else [pos.to_move]))
    options = "  ".join(f"{q}:{glyph(t)}" for q, t in enumerate(rotations(pos.spare)))
    legal = " ".join(str(s) for s in pos.legal_shifts())
    while True:
        line = typer.prompt(
            f"{pos.players[pos.to_move].name} to move. shifts: {legal}; turns of the spare {options}; "
            "type e.g. 'N1 1 3,4' (q quits)"
        )
        if line.strip().lower() in ("q", "quit"):
            raise GameStopped("you quit")
        try:
            return _parse_human(pos, line)
        except ValueError as exc:
            typer.echo(f"  {exc}")


@app.command("play")
@user_errors
def play(
    file: Annotated[
        Optional[Path], typer.Argument(help="A position with players and cards; default: a new published game.")
    ] = None,
    watch: Annotated[bool, typer.Option("--watch", help="Bots play every player; you watch.")] = False,
    seat: Annotated[int, typer.Option("--seat", help="Your player index when you play.")] = 0,
    players: Annotated[int, typer.Option("--players", help="Players in a new game (2-4).")] = 2,
    cards: Annotated[Optional[int], typer.Option("--cards", help="Cards per player in a new game.")] = None,
    seed: Annotated[Optional[int], typer.Option("--seed", help="Seed of a new game.")] = None,
    budget: Annotated[float, typer.Option("--budget", help="Seconds a bot may think per move.")] = 1.0,
    max_turns: Annotated[int, typer.Option("--max-turns", help="Stop after this many turns.")] = 300,
    boards: Annotated[bool, typer.Option("--boards", help="With --watch: print the board after every turn.")] = False,
    show_all_targets: Annotated[
        bool, typer.Option("--show-all-targets", help="Print every player's target (secret cards in the real game).")
    ] = False,
) -> None:
    """Play a full game against the bot, or watch bots play.

    Cards are secret as in the real game: the board shows only your own target (none with
    --watch) unless --show-all-targets, and the bot never reads another player's target (it
    plays against the distribution of the cards it cannot see)."""
    from escapology.amazeing.game import bot_player, play_game, start_game  # the bot: only play needs it
    from escapology.amazeing.generator import published_position  # a new game: only play needs it
    from escapology.amazeing.drawing import text_board  # the drawing code: only play needs it

    if file is not None:
        pos = _load(file)
        if len(pos.players) < 2:
            raise InputError("a game needs at least two players", file=_name(file))
    else:
        if not 2 <= players <= 4:
            raise InputError("--players must be 2 to 4")
        pos = published_position(seed, players, cards)
    pos = start_game(pos)
    if not watch and not 0 <= seat < len(pos.players):
        raise InputError(f"--seat must be 0..{len(pos.players) - 1}")
    controllers = [bot_player(budget) for _ in pos.players]
    if not watch:
        controllers[seat] = lambda p: _human(p, show_all_targets)
    shown = None if show_all_targets else ([] if watch else [seat])

    before = [pos]  # the position each move was made in: its walk is written from there

    def show(after: Position, who: int, move, event: str | None) -> None:
        name = after.players[who].name
        line = f"{name}: {before[0].move_words(move, who)}"
        before[0] = after
        if event:
            line += f" -- {event}"
        typer.echo(line)
        if watch and boards:
            typer.echo(text_board(after, shown))

    with terminal_game():
        result = play_game(pos, controllers, max_turns=max_turns, on_turn=show)
    typer.echo(text_board(result.position, shown))
    if result.winner is None:
        typer.echo(f"no winner after {plural(len(result.moves), 'turn')}")
    else:
        typer.echo(f"{result.position.players[result.winner].name} wins after {plural(len(result.moves), 'turn')}")


@app.command("race")
@user_errors
def race(
    file: Annotated[Path, typer.Argument(help="A position with two players (the one to move is 'to_move').")],
    turns: Annotated[Optional[int], typer.Option("--turns", help="Own turns the player to move may use (default: the position's race_turns, else 2).")] = None,
    scored: Annotated[bool, typer.Option("--scored", help="The scored turn-restricted race: after --turns turns each, fewer solo turns left wins.")] = False,
    solo_cap: Annotated[int, typer.Option("--solo-cap", help="With --scored: solo distances are counted up to this many turns.")] = 3,
    format: FormatOption = OutputFormat.text,
    timeout: TimeoutOption = None,
) -> None:
    """SP-Versus (Definition 2, bounded): can the player to move force her target within --turns turns?

    Exact AND-OR search (native, iterative deepening): she must reach her target within --turns of
    her own turns, whatever the opponent does, before he reaches his. Prints a winning first move
    and the fewest own turns of a forced win.

    --scored: the turn-restricted game of the paper's upper-bound remark (§2.3): each player has
    --turns turns (she first); standing on one's target after one's own turn wins at once;
    otherwise the player with fewer solo turns left (counted up to --solo-cap; farther counts as
    --solo-cap + 1) wins, and a tie is a draw, which is not a win for her.
    """
    deadline = command_deadline(timeout)
    pos = _load(file)
    if turns is None:
        turns = pos.race_turns or 2
    if turns < 1:
        raise InputError("--turns must be at least 1")
    if scored:
        if not 1 <= solo_cap <= 16:
            raise InputError("--solo-cap must be 1 to 16")
        if turns > 120:
            raise InputError("--turns must be at most 120 with --scored")
    try:
        result = api.race(pos, turns, timeout=deadline.remaining(), solo_cap=solo_cap if scored else None,
                          progress=format is OutputFormat.text)
    except InputError as exc:
        raise exc.with_file(_name(file)) from None
    raise typer.Exit(print_result(result, format is OutputFormat.json))
