"""``escapology amazeing``: solve, check, generate, render and play The aMAZEing Labyrinth."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Optional

import typer

from escapology.amazeing import io as aio
from escapology.amazeing.checker import check_plan
from escapology.amazeing.generator import published_position, random_position
from escapology.amazeing.model import Position, glyph
from escapology.amazeing.reductions import reduce_3sat
from escapology.amazeing.render import plan_svg, replay_plan, svg_board, text_board
from escapology.amazeing.solver import Solution, fewest_turns
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
from escapology.core.protocol import Verdict
from escapology.core.errors import InputError
from escapology.core.results import EXIT_BAD_INPUT, EXIT_OK, Status

app = typer.Typer(
    no_args_is_help=True,
    help="The aMAZEing Labyrinth (Schwahn & Thielen, FUN 2018): fewest turns, racing, the 3SAT board.",
)

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "amazeing" / "published.json"

PlayerOption = Annotated[int, typer.Option("--player", help="Index of the player who moves (0 = first).")]
MaxTurnsOption = Annotated[int, typer.Option("--max-turns", help="Search plans of at most this many turns.")]


def detect(text: str) -> bool:
    """True iff the text is a JSON position with ``"game": "amazeing"``."""
    return aio.detect(text)


def load_position(path: str | Path) -> Position:
    text, name = read_input(path)
    return aio.loads(text, file=name)


def _name(path: str | Path) -> str:
    return "<stdin>" if str(path) == "-" else str(path)


def _check_player(pos: Position, player: int, path: str | Path) -> None:
    if not 0 <= player < len(pos.players):
        raise InputError(f"there is no player {player} (the position has {len(pos.players)})", file=_name(path))
    if pos.players[player].target is None:
        raise InputError(f"player {pos.players[player].name!r} has no target", file=_name(path))


def _bad_option(message: str) -> typer.Exit:
    """A wrong command-line option: one line on stderr, exit code 2."""
    return fail(message, EXIT_BAD_INPUT)


def _solution_json(pos: Position, sol: Solution, player: int = 0) -> dict:
    from escapology.amazeing.api import Result

    return Result(pos, sol, player, {"nodes": sol.nodes}).to_json()


def _print_solution(pos: Position, sol: Solution) -> None:
    if sol.status is Status.SOLVED:
        typer.echo(f"fewest turns: {sol.turns}")
        for i, t in enumerate(sol.plan, 1):
            walk = " -> ".join(f"({r},{c})" for r, c in (pos.rc(x) for x in t.path))
            typer.echo(f"turn {i}: insert {glyph(t.tile)} at {t.shift}, walk {walk}")
    elif sol.status is Status.UNSOLVABLE:
        typer.echo(f"unsolvable: no plan of at most {sol.max_turns} turns")
    else:
        report_unknown(False, detail=f"no plan of fewer than {sol.proven_lower_bound} turns")


def run_solve(path: str | Path, fmt: str, timeout: float | None, player: int = 0, max_turns: int = 6,
              memory: float | None = None) -> int:
    deadline = command_deadline(timeout)
    pos = load_position(path)
    if pos.race_turns is not None:  # a race position asks SP-Versus, not the fewest turns
        return run_race(pos, pos.race_turns, fmt, deadline, path)
    _check_player(pos, player, path)
    sol = fewest_turns(
        pos, player, max_turns=max_turns, deadline=deadline, show_progress=fmt == "text",
        **memory_options(fewest_turns, memory),
    )
    if fmt == "json" and sol.status is Status.UNKNOWN:
        report_unknown(True, _solution_json(pos, sol, player))
    elif fmt == "json":
        emit_json(_solution_json(pos, sol, player))
    else:
        _print_solution(pos, sol)
    return sol.status.exit_code()


def solve_path(path: str, fmt: str, timeout: float | None) -> int:
    """What ``escapology solve FILE`` runs: the fewest turns for the first player."""
    return run_solve(path, fmt, timeout)


@app.command("solve")
@answer_output
@user_errors
def solve(
    file: Annotated[Path, typer.Argument(help="A position (JSON, see README); '-' for stdin.")],
    format: FormatOption = OutputFormat.text,
    timeout: TimeoutOption = None,
    player: PlayerOption = 0,
    max_turns: MaxTurnsOption = 6,
    memory: MemoryOption = None,
) -> None:
    """SP-Labyrinth (Definition 1): the fewest turns to stand on the target tile, with the plan.

    --memory is passed to the search when it takes a memory limit."""
    raise typer.Exit(run_solve(file, format.value, timeout, player, max_turns, memory))


@app.command("check")
@user_errors
def check(
    file: Annotated[Path, typer.Argument(help="The position.")],
    certificate: CertificateArg = None,
    certificate_option: CertificateOption = None,
    player: PlayerOption = 0,
    format: FormatOption = OutputFormat.text,
) -> None:
    """Check a plan (the JSON of 'solve', or a list of turns) with the plain rules engine; exit 0
    if it is valid and reaches the target, else 1."""
    pos = load_position(file)
    _check_player(pos, player, file)
    source = certificate_source(certificate, certificate_option)
    data, name = read_certificate(source)
    if isinstance(data, str):
        raise InputError("not a JSON plan: give what 'solve --format json' wrote", file=name)
    text, _ = read_input(source) if str(source) != "-" else (json.dumps(data), name)
    turns = aio.plan_from_json(pos, data, text=text, file=name)
    errors = check_plan(pos, turns, player)
    verdict = Verdict.from_errors(errors, f"valid: the player reaches her target in {len(turns)} turns")
    raise report_verdict(verdict, format is OutputFormat.json, turns=len(turns))


@app.command("generate")
@user_errors
def generate(
    ctx: typer.Context,
    seed: SeedOption = None,
    players: Annotated[int, typer.Option("--players", help="Number of players (1-4).")] = 1,
    size: Annotated[
        Optional[str], typer.Option("--size", help="N (N x N) or ROWSxCOLS for a random board instead of the published 7x7 game.")
    ] = None,
    cnf: Annotated[
        Optional[Path],
        typer.Option("--cnf", help="Build the Theorem 3 board of this DIMACS formula instead."),
    ] = None,
    output: InstanceOutputOption = None,
    format: FormatOption = OutputFormat.text,
) -> None:
    """Write a position: a random start of the published game, a random board, or the 3SAT board
    (its "command" key is the command that makes it again)."""
    if cnf is None:
        seed = draw_seed(seed)
    if cnf is not None:
        text, name = read_input(cnf)
        nvars, clauses = aio.read_dimacs(text, file=name)
        try:
            red = reduce_3sat(nvars, clauses)
        except InputError as exc:
            raise exc.with_file(name) from None
        pos = red.position
        typer.echo(
            f"3SAT board {pos.rows}x{pos.cols}: the target is reachable in {red.turns} turns iff the formula "
            "is satisfiable (shift N on column 2i = x_i true, S = false)",
            err=True,
        )
    elif size is not None:
        try:
            rows, cols = (int(x) for x in size.lower().split("x")) if "x" in size.lower() else (int(size),) * 2
        except ValueError:
            raise _bad_option(f"--size must look like 5 or 5x5, not {size!r}") from None
        if rows < 1 or cols < 1 or rows * cols > 10_000:
            raise _bad_option("--size must be between 1x1 and 100x100")
        pos = random_position(rows, cols, seed=seed, players=min(max(players, 1), 4))
    else:
        if not 1 <= players <= 4:
            raise _bad_option("--players must be 1 to 4")
        pos = published_position(seed, players)
    command = generating_command(ctx, seed=seed)
    write_output(aio.dumps(pos, command=command), output, format is OutputFormat.json, game="amazeing",
                 command=command, seed=seed)


@app.command("render")
@user_errors
def render(
    file: Annotated[Path, typer.Argument(help="The position.")],
    output: OutputOption = None,
    certificate: Annotated[
        Optional[Path],
        typer.Option("--certificate", help="Play this plan (what 'solve --format json' wrote): one panel per turn (shift and walk) after the start."),
    ] = None,
    plan: hidden_alias("--plan") = None,
    solve_first: SolveFirstOption = False,
    scale: ScaleOption = 2.0,
    format: FormatOption = OutputFormat.text,
) -> None:
    """Print the board as text; with --output, also draw it (each turn of the plan) as SVG or PNG."""
    pos = load_position(file)
    turns = []
    plan = one_of("certificate", ("--certificate", certificate), ("--plan", plan))
    if plan is None and solve_first:
        sol = fewest_turns(pos, 0)
        turns = list(sol.plan) if sol.status is Status.SOLVED else []
    if plan is not None:
        data, name = read_certificate(plan)
        if isinstance(data, str):
            raise InputError("not a JSON plan: give what 'solve --format json' wrote", file=name)
        turns = aio.plan_from_json(pos, data, text=json.dumps(data), file=name)
        errors = check_plan(pos, turns)
        if errors and not errors[0].startswith("after"):
            raise InputError(f"the plan does not replay: {errors[0]}", file=name)
    final = replay_plan(pos, turns)[-1][0]
    if output is not None:
        if output.suffix.lower() not in (".svg", ".png"):
            raise _bad_option("--output must end in .svg or .png")
        picture = plan_svg(pos, turns) if turns else svg_board(pos)
        picture.save(output, scale=scale)
    report_picture(text_board(final), output, format is OutputFormat.json)


def demo() -> None:
    """Solve the shipped published-game example and print the plan."""
    pos = aio.loads(EXAMPLE.read_text(encoding="utf-8"), file=str(EXAMPLE))
    sol = fewest_turns(pos, max_turns=4)
    p = pos.players[0]
    typer.echo(f"{EXAMPLE.name}: {p.name} on {pos.rc(p.cell)} wants treasure {p.target}")
    _print_solution(pos, sol)
    typer.echo("checker: " + ("valid" if not check_plan(pos, sol.plan) else "REJECTED"))


def _parse_human(pos: Position, text: str) -> "Move":
    """``N1 2 3,4``: shift N1, spare turned 2 quarter turns clockwise, walk to (3, 4)."""
    from escapology.amazeing.model import Shift, rotate
    from escapology.amazeing.versus import Move

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
            raise ValueError(f"({r},{c}) is outside the board")
        to = r * pos.cols + c
        if to not in after.reachable(me):
            raise ValueError(f"({r},{c}) cannot be reached from {after.rc(me)} after {shift}")
    return Move(shift, tile, to)


def _human(pos: Position, show_all_targets: bool = False) -> "Move":
    from escapology.amazeing.model import rotations

    typer.echo(text_board(pos, None if show_all_targets else [pos.to_move]))
    options = "  ".join(f"{q}:{glyph(t)}" for q, t in enumerate(rotations(pos.spare)))
    legal = " ".join(str(s) for s in pos.legal_shifts())
    while True:
        line = typer.prompt(
            f"{pos.players[pos.to_move].name} to move. shifts: {legal}; turns of the spare {options}; "
            "type e.g. 'N1 1 3,4' (q quits)"
        )
        if line.strip().lower() in ("q", "quit"):
            raise typer.Abort()
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
    from escapology.amazeing.game import bot_player, play_game, start_game

    if file is not None:
        pos = load_position(file)
        if len(pos.players) < 2:
            raise InputError("a game needs at least two players", file=_name(file))
    else:
        if not 2 <= players <= 4:
            raise _bad_option("--players must be 2 to 4")
        pos = published_position(seed, players, cards)
    pos = start_game(pos)
    if not watch and not 0 <= seat < len(pos.players):
        raise _bad_option(f"--seat must be 0..{len(pos.players) - 1}")
    controllers = [bot_player(budget) for _ in pos.players]
    if not watch:
        controllers[seat] = lambda p: _human(p, show_all_targets)
    shown = None if show_all_targets else ([] if watch else [seat])

    def show(after: Position, who: int, move, event: str | None) -> None:
        name = after.players[who].name
        line = f"{name}: insert {glyph(move.tile)} at {move.shift}, walk to {after.rc(move.to)}"
        if event:
            line += f" -- {event}"
        typer.echo(line)
        if watch and boards:
            typer.echo(text_board(after, shown))

    try:
        result = play_game(pos, controllers, max_turns=max_turns, on_turn=show)
    except typer.Abort:
        typer.echo("\ngame abandoned")
        raise typer.Exit(EXIT_OK) from None
    typer.echo(text_board(result.position, shown))
    if result.winner is None:
        typer.echo(f"no winner after {len(result.moves)} turns")
    else:
        typer.echo(f"{result.position.players[result.winner].name} wins after {len(result.moves)} turns")


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
    pos = load_position(file)
    if turns is None:
        turns = pos.race_turns or 2
    if turns < 1:
        raise _bad_option("--turns must be at least 1")
    if scored:
        if not 1 <= solo_cap <= 16:
            raise _bad_option("--solo-cap must be 1 to 16")
        if turns > 120:
            raise _bad_option("--turns must be at most 120 with --scored")
    raise typer.Exit(run_race(pos, turns, format.value, deadline, file, solo_cap if scored else None))


def run_race(pos: Position, turns: int, fmt: str, deadline, path: str | Path, solo_cap: int | None = None) -> int:
    """SP-Versus, bounded (what ``race`` and ``solve`` of a race position run): prints the answer
    and returns the exit code. With ``solo_cap``: the scored turn-restricted race."""
    from escapology.amazeing.versus import forced_win

    if len(pos.players) < 2:
        raise InputError("SP-Versus needs two players", file=_name(path))
    for p in pos.players[:2]:
        if p.target is None:
            raise InputError(f"player {p.name!r} has no target", file=_name(path))
    if solo_cap is not None:
        from escapology.amazeing import native

        if not native.available() or pos.rows * pos.cols > native.max_cells():
            raise InputError("the scored race needs the native engine (built, and a board of at most "
                             f"{native.max_cells() if native.available() else 0} cells)", file=_name(path))
        res = native.forced_win_native(pos, turns, deadline=deadline, scored=True, solo_cap=solo_cap,
                                       show_progress=fmt == "text")
    else:
        res = forced_win(pos, turns, deadline=deadline, show_progress=fmt == "text")
    me = pos.players[pos.to_move]
    if fmt == "json":
        move = None
        if res.move is not None:
            move = {"shift": str(res.move.shift), "tile": glyph(res.move.tile), "to": list(pos.rc(res.move.to))}
        obj = {"status": res.status.value, "forced_win": res.status is Status.SOLVED if res.status is not Status.UNKNOWN else None,
               "turns": turns, "move": move, "nodes": res.nodes}
        if getattr(res, "fewest_turns", None) is not None:  # the native search says how soon
            obj["fewest_turns"] = res.fewest_turns
        if solo_cap is not None:
            obj["scored"] = True
            obj["solo_cap"] = solo_cap
        if res.status is Status.UNKNOWN:
            report_unknown(True, obj)
        else:
            emit_json(obj)
    elif res.status is Status.SOLVED:
        assert res.move is not None
        fewest = getattr(res, "fewest_turns", None)
        within = f"within {turns} turns" + (f" (fewest: {fewest})" if fewest is not None and fewest < turns else "")
        if solo_cap is not None:
            within = f"of the scored race of {turns} turns each (solo distances up to {solo_cap})"
        typer.echo(
            f"{me.name} forces a win {within}: insert {glyph(res.move.tile)} at {res.move.shift}, "
            f"walk to {pos.rc(res.move.to)}"
        )
    elif res.status is Status.UNSOLVABLE and solo_cap is not None:
        typer.echo(f"{me.name} cannot force a win of the scored race of {turns} turns each "
                   f"(solo distances up to {solo_cap})")
    elif res.status is Status.UNSOLVABLE:
        typer.echo(f"{me.name} cannot force a win within {turns} turns")
    else:
        report_unknown(False)
    return res.status.exit_code()
