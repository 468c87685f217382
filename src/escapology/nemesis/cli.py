"""``escapology nemesis ...``: the four verbs, made from :data:`escapology.nemesis.spec.SPEC` by the
command layer (:mod:`escapology.core.commands`); this module adds the game's own commands
(``escape-tree``, ``play``), its recognition and its demo."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from escapology.core.cli_support import (
    FormatOption,
    OutputFormat,
    TimeoutOption,
    command_deadline,
    emit_json,
    reading_input,
    report_unknown,
    terminal_game,
    user_errors,
)
from escapology.core.commands import verbs_app
from escapology.core.errors import InputError
from escapology.core.examples import example
from escapology.core.limits import Deadline, LimitReached
from escapology.core.wording import listing, plural
from escapology.nemesis import api
from escapology.nemesis import io as nio
from escapology.nemesis.model import Instance
from escapology.nemesis.spec import OPTIONS, SPEC, GameName

EXAMPLE = example("nemesis", "small.lp")

app = verbs_app(SPEC)


def _option(name: str) -> object:
    """The typer annotation of the spec's option ``name`` as ``solve`` has it."""
    return next(o for o in OPTIONS if o.name == name and "solve" in o.verbs).annotation()


InstanceArg = Annotated[str, typer.Argument(help=SPEC.instance_help, metavar="FILE", show_default=False)]
ExitsOption = _option("exits")
StartOption = _option("start")
GameOption = _option("game")


def detect(text: str, deadline: Deadline | None = None) -> bool:
    """True iff ``text`` is a Nemesis instance (ASP facts with edges plus exit/1 or start/1);
    ``deadline`` is polled while the facts are read."""
    return nio.detect(text, deadline=deadline)


def _load(file: str, exits: str | None, start: str | None, deadline: Deadline | None = None) -> Instance:
    """The instance, with a start and an exit (errors name the file)."""
    with reading_input():
        inst = api.load(Path(file) if file != "-" else "-", deadline=deadline, exits=exits or (), start=start)
    api.require_start(inst)
    return inst


@app.command("escape-tree")
@user_errors
def escape_tree_cmd(
    file: InstanceArg,
    root: Annotated[Optional[str], typer.Option(
        "--root", help="Look for a tree rooted at this vertex (Theorem 3); default: at the start or a "
        "neighbour of it (Lemma 11's tree condition).")] = None,
    format: FormatOption = OutputFormat.text,
    timeout: TimeoutOption = None,
    exits: ExitsOption = None,  # type: ignore[valid-type]
    start: StartOption = None,  # type: ignore[valid-type]
) -> None:
    """Find a binary escape tree (Definition 10: a root with two children, every internal vertex
    with two, exits as leaves) with a SAT solver; NP-complete (Theorem 3)."""
    # an engine: loaded when it runs
    from escapology.nemesis.engines.escape_tree import find_escape_tree, tree_condition

    deadline = command_deadline(timeout)
    inst = _load(file, exits, start, deadline)
    g = inst.graph()
    if root is not None and root not in g.index:
        raise InputError(f"--root names an unknown vertex {root}", file=file)
    try:
        if root is None:
            found = tree_condition(g, deadline=deadline)
            where, tree = found if found is not None else (None, None)
        else:
            where, tree = root, find_escape_tree(g, g.index[root], deadline=deadline)
    except LimitReached:
        raise typer.Exit(report_unknown(format is OutputFormat.json, {"status": "unknown", "exists": None}))
    if format is OutputFormat.json:
        emit_json({"exists": tree is not None, "root": where if tree is not None else root,
                   "escape_tree_children": tree})
    elif tree is None:
        typer.echo(f"no binary escape tree rooted at {root}" if root is not None
                   else "no binary escape tree rooted at the start or a neighbour of it")
    else:
        typer.echo(f"binary escape tree rooted at {where}: "
                   + ("; ".join(f"{u} -> {' '.join(c)}" for u, c in tree.items()) or "an exit"))


@app.command("play")
@user_errors
def play_cmd(
    file: InstanceArg,
    side: Annotated[str, typer.Option("--as", help="Your side: fugitive or nemesis.")] = "fugitive",
    game: GameOption = GameName.nemesis,  # type: ignore[valid-type]
    exits: ExitsOption = None,  # type: ignore[valid-type]
    start: StartOption = None,  # type: ignore[valid-type]
) -> None:
    """Play against the solver in the terminal (it replies optimally)."""
    from escapology.nemesis.play import play  # the exact engine: loaded when a game is played

    if side not in ("fugitive", "nemesis"):
        raise InputError("--as is fugitive or nemesis")
    if game is GameName.cat:
        raise InputError("play supports nemesis and blizzard")
    with terminal_game():
        play(_load(file, exits, start), game.value, side)


def demo() -> None:
    """Solve the shipped example and print the answer with its certificate."""
    inst = api.load(EXAMPLE)
    typer.echo(f"{EXAMPLE.name}: {plural(len(inst.vertices), 'vertex')}, {plural(len(inst.edges), 'edge')}, exits {listing(sorted(inst.exits))}")
    for game in ("nemesis", "blizzard"):
        result = api.solve(inst, game=game)
        typer.echo(result.to_text())
        verdict = api.check(inst, result.certificate, game=game)
        typer.echo(f"  checker: {'accepted' if verdict.ok else 'REJECTED'} ({verdict.summary})")
