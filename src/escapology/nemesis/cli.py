"""``escapology nemesis ...``: solve, check, generate, render, escape-tree and play."""

from __future__ import annotations

import json
from enum import Enum
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from escapology.core.cli_support import draw_seed, generating_command
from escapology.core.cli_support import (
    answer_output,
    CertificateArg,
    CertificateOption,
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
    hidden_alias,
    memory_options,
    one_of,
    read_certificate,
    read_input,
    reading_input,
    report_picture,
    report_unknown,
    report_verdict,
    user_errors,
    write_output,
)
from escapology.core.errors import InputError
from escapology.core.limits import Deadline, LimitReached
from escapology.core.results import EXIT_LIMIT, EXIT_OK, EXIT_REJECTED, Status
from escapology.nemesis import io as nio
from escapology.nemesis.model import Graph, Instance

app = typer.Typer(no_args_is_help=True, help="Nemesis, Blizzard and Cat Herding (Bergé, Dailly, Gerard, FUN 2026).")

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "nemesis" / "small.lp"


class GameName(str, Enum):
    nemesis = "nemesis"
    blizzard = "blizzard"
    cat = "cat"


class Method(str, Enum):
    exact = "exact"
    linear = "linear"


class CatSpeed(str, Enum):
    one = "1"
    unbounded = "unbounded"


class Engine(str, Enum):
    native = "native"
    python = "python"


GameOption = Annotated[GameName, typer.Option("--game", "-g", help="nemesis, blizzard or cat (herding).")]
ExitsOption = Annotated[
    Optional[str], typer.Option("--exits", help="Comma-separated exit vertices (for networkx graph files).")
]
StartOption = Annotated[Optional[str], typer.Option("--start", help="The start vertex (overrides start/1).")]


def detect(text: str, deadline: Deadline | None = None) -> bool:
    """True iff ``text`` is a Nemesis instance (ASP facts with edges plus exit/1 or start/1);
    ``deadline`` is polled while the facts are read."""
    return nio.detect(text, deadline=deadline)


def _load(file: Path | str, exits: str | None, start: str | None, deadline: Deadline | None = None) -> Instance:
    """Read the instance; under a ``deadline`` (a command's ``--timeout``), a time limit reached
    while reading is the answer "unknown" (:func:`~escapology.core.cli_support.reading_input`)."""
    with reading_input():
        return _read(str(file), [x.strip() for x in (exits or "").split(",") if x.strip()], start, deadline)


def _read(p: str, xs: list[str], start: str | None, deadline: Deadline | None) -> Instance:
    if p != "-" and Path(p).suffix.lower() in (".graphml", ".gml"):
        return nio.read_graph_file(p, exits=xs, start=start)
    text, name = read_input(p)
    return nio.load_instance(name, text=text, exits=xs, start=start, deadline=deadline)


def _load_graph(file: Path | str, exits: str | None, start: str | None,
                deadline: Deadline | None = None) -> tuple[Any, Instance | None]:
    """``(native graph, None)`` when the file is read natively (plain facts or edge lists:
    :func:`escapology.nemesis.io.load_native`), else ``(None, instance)``; errors name the file."""
    p = str(file)
    xs = [x.strip() for x in (exits or "").split(",") if x.strip()]
    with reading_input():
        if p != "-" and Path(p).suffix.lower() in (".graphml", ".gml"):
            return None, nio.read_graph_file(p, exits=xs, start=start)
        text, name = read_input(p)
        if deadline is not None:
            deadline.check()  # the native reader does not poll: look before it
        ng = nio.load_native(name, text, exits=xs, start=start)
        if ng is not None:
            _require_start_and_exit(ng.start is not None, bool(ng.exits()), name)
            return ng, None
        return None, nio.load_instance(name, text=text, exits=xs, start=start, deadline=deadline)


def _need_start(inst: Instance, file: str) -> None:
    _require_start_and_exit(inst.start is not None, bool(inst.exits), file)


def _require_start_and_exit(has_start: bool, has_exit: bool, file: str) -> None:
    if not has_start:
        raise InputError("no start vertex: add a start(V). fact or use --start", file=file)
    if not has_exit:
        raise InputError("no exit: add exit(V). facts or use --exits", file=file)


def _solve(
    inst: Instance,
    file: str,
    game: str,
    *,
    all_starts: bool = False,
    method: str = "exact",
    cat_speed: str = "unbounded",
    timeout: float | None = None,
    memory: float | None = None,
    max_strategy_nodes: int | None = None,
    engine: str = "native",
    strategy_file: Path | None = None,
):
    """The protocol's answer (:func:`escapology.nemesis.api.solve`), errors naming ``file``."""
    from escapology.nemesis.api import solve

    if strategy_file is not None and not strategy_file.parent.is_dir():
        raise InputError(f"--strategy-file: no directory {strategy_file.parent}")
    try:
        return solve(inst, game=game, all_starts=all_starts, method=method, cat_speed=cat_speed, timeout=timeout,
                     max_strategy_nodes=max_strategy_nodes, engine=engine, strategy_file=strategy_file,
                     **memory_options(solve, memory))
    except InputError as exc:
        raise exc.with_file(file) from None


def _print_text(ans: dict[str, Any]) -> None:
    from escapology.nemesis.strategy import player, principal_line, strategy_size

    if "cat_number" in ans:
        typer.echo(f"cat number {ans['cat_number']} (cat speed {ans['cat_speed']})")
        if "value" in ans:
            typer.echo(f"from start {ans['start']}: {ans['value']} deletions")
            cert = ans.get("certificate")
            if cert:
                typer.echo(f"certificate: herder strategy {len(cert['herder']['nodes'])} nodes, "
                           f"cat strategy {len(cert['cat']['nodes'])} nodes")
        typer.echo("per vertex: " + ", ".join(f"{v}={k}" for v, k in ans["per_vertex"].items()))
        return
    if "winning_starts" in ans:
        typer.echo(f"{ans['game']}: the fugitive wins from {len(ans['winning_starts'])} start(s): "
                   + " ".join(ans["winning_starts"]))
        return
    typer.echo(f"{ans['game']}: the {ans['winner']} wins from {ans['start']}")
    strat = ans.get("strategy")
    if ans.get("strategy_note"):
        typer.echo(ans["strategy_note"])
    if strat:
        who = "fugitive" if player(strat) == "fugitive" else "Nemesis"
        typer.echo(f"{who} strategy: {strategy_size(strat)} nodes; main line: " + " -> ".join(principal_line(strat)))
    if ans.get("escape_tree"):
        typer.echo("binary escape tree: " + " ".join(f"{a}-{b}" for a, b in ans["escape_tree"]))
    if ans.get("trap_region") is not None:
        typer.echo(f"trap region (the Storm keeps him there): {len(ans['trap_region'])} vertices")


@app.command("solve")
@answer_output
@user_errors
def solve_cmd(
    file: Annotated[Path, typer.Argument(help="ASP facts (.lp) or a networkx graph file, or '-'.")],
    game: GameOption = GameName.nemesis,
    all_starts: Annotated[bool, typer.Option("--all-starts", help="List every winning start vertex.")] = False,
    method: Annotated[Method, typer.Option("--method", help="exact (any graph) or linear (trees, degree <= 3, Blizzard).")] = Method.exact,
    cat_speed: Annotated[CatSpeed, typer.Option("--cat-speed", help="Cat Herding: 1 edge per round or unbounded (default, Ashmore et al.).")] = CatSpeed.unbounded,
    exits: ExitsOption = None,
    start: StartOption = None,
    format: FormatOption = OutputFormat.text,
    timeout: TimeoutOption = None,
    memory: MemoryOption = None,
    max_strategy_nodes: Annotated[Optional[int], typer.Option(
        "--max-strategy-nodes", min=1, help="Leave out a strategy of more nodes (default: no cap).")] = None,
    engine: Annotated[Engine, typer.Option(
        "--engine", help="The exact search: native (Rust, default) or python (for cross-checks).")] = Engine.native,
    strategy_file: Annotated[Optional[Path], typer.Option(
        "--strategy-file", help="Write the strategy to this file, streamed (large Nemesis strategies: tens of "
        "millions of nodes in a few GB); the answer names the file instead of holding the strategy.")] = None,
) -> None:
    """Solve: the winner and a winning strategy (or the winning starts, or the cat number).

    --timeout counts from the start, reading included; --memory is passed to the search when it
    takes a memory limit. The JSON answer is written as it is encoded (strategies share nodes)."""
    deadline = command_deadline(timeout)
    from escapology.nemesis.api import refuse_strategy_file

    refuse_strategy_file(strategy_file, method=method.value, all_starts=all_starts, game=game.value)
    if method is Method.linear and not all_starts and game is not GameName.cat:
        ng, inst = _load_graph(file, exits, start, deadline)
        if ng is not None:
            raise typer.Exit(_print_linear(ng, str(file), game.value, format.value, deadline))
    else:
        inst = _load(file, exits, start, deadline)
    assert inst is not None
    result = _solve(inst, str(file), game.value, all_starts=all_starts, method=method.value,
                    cat_speed=cat_speed.value, timeout=deadline.remaining(), memory=memory,
                    max_strategy_nodes=max_strategy_nodes, engine=engine.value, strategy_file=strategy_file)
    raise typer.Exit(_print_result(result, format.value))


def _print_result(result, fmt: str) -> int:  # type: ignore[no-untyped-def]
    """Print a solve result (JSON: ``Result.to_json()``, one line) and return the exit code."""
    if result.status is Status.UNKNOWN:
        winner = result.answer.get("winner")
        detail = f"the {winner} wins; the time limit was reached while the strategy was written" if winner else ""
        return report_unknown(fmt == "json", result.to_json(), detail=detail)
    if fmt == "json":
        import sys

        from escapology.nemesis.strategy import write_json

        write_json(result.to_json(), sys.stdout)
        sys.stdout.flush()
    else:
        _print_text(result.answer)
    return EXIT_OK


def _print_linear(ng: Any, file: str, game: str, fmt: str, deadline: Deadline) -> int:
    """Solve a natively read graph by the linear method and print the answer (as
    :func:`_print_result` prints :func:`escapology.nemesis.api.solve`'s). The deadline is looked at
    after reading and after solving (each takes seconds at most on millions of vertices)."""
    import sys

    from escapology.nemesis import linear_native

    if deadline.expired():
        return report_unknown(fmt == "json", {"game": game, "certificate": None})
    try:
        answer = linear_native.solve(ng, game)
    except InputError as exc:
        raise exc.with_file(file) from None
    if deadline.expired():
        winner = answer.winner
        return report_unknown(fmt == "json", {"game": game, "winner": winner, "certificate": None},
                              detail=f"the {winner} wins; the time limit was reached while the strategy was written")
    if fmt == "json":
        sys.stdout.flush()
        out = getattr(sys.stdout, "buffer", None)
        if out is None:  # a text stream without bytes below (some test runners)
            import io

            out = io.BytesIO()
            answer.write_json(out)
            sys.stdout.write(out.getvalue().decode())
        else:
            answer.write_json(out)
            out.flush()
        return EXIT_OK
    ans = answer.answer
    typer.echo(f"{game}: the {ans['winner']} wins from {ans['start']}")
    if ans.get("strategy_note"):
        typer.echo(ans["strategy_note"])
    if ans.get("strategy") is not None:
        who = "fugitive" if ans["winner"] == "fugitive" else "Nemesis"
        typer.echo(f"{who} strategy: {answer.nodes} nodes; main line: " + " -> ".join(answer.principal_line))
    if ans.get("escape_tree"):
        typer.echo("binary escape tree: " + " ".join(f"{a}-{b}" for a, b in json.loads(ans["escape_tree"])))
    if ans.get("trap_region") is not None:
        typer.echo(f"trap region (the Storm keeps him there): {len(json.loads(ans['trap_region']))} vertices")
    return EXIT_OK


@app.command("check")
@user_errors
def check_cmd(
    file: Annotated[Path, typer.Argument(help="The instance.")],
    certificate: CertificateArg = None,
    certificate_option: CertificateOption = None,
    game: Annotated[Optional[GameName], typer.Option(
        "--game", "-g", help="nemesis, blizzard or cat; default: the certificate's \"game\", else nemesis "
        "(a contradiction is an error).")] = None,
    cat_speed: Annotated[CatSpeed, typer.Option("--cat-speed", help="Cat Herding speed, when the file does not say.")] = CatSpeed.unbounded,
    exits: ExitsOption = None,
    start: StartOption = None,
    format: FormatOption = OutputFormat.text,
) -> None:
    """Verify a strategy against every reply of the opponent (exit 0 accepted, 1 rejected)."""
    from escapology.nemesis.api import check
    from escapology.nemesis.checker_base import paused_gc

    with paused_gc():  # millions of small objects, no cycles: collections would only walk them
        ng, inst = _load_graph(file, exits, start)
        if inst is not None:
            _need_start(inst, str(file))
        source = certificate_source(certificate, certificate_option)
        if game is not GameName.cat and str(source) != "-":
            from escapology.nemesis.strategy_stream import streamed_nemesis_document

            if streamed_nemesis_document(source, STREAM_BYTES) is not None:
                raise report_verdict(_check_streamed(ng, inst, source, game), format is OutputFormat.json)
        data, name = read_certificate(source)
    if isinstance(data, str):
        raise InputError("not JSON: give what 'solve --format json' wrote, or a strategy", file=name)
    if isinstance(data, dict) and "winner" in data and data.get("strategy") is None and "trap_region" not in data:
        raise InputError("the file holds no strategy" + (f" ({data['strategy_note']})" if data.get("strategy_note")
                                                         else ""), file=name)
    if not isinstance(data, dict) and game is GameName.cat:
        raise InputError("the file holds no Cat Herding certificate", file=name)
    try:
        if inst is None:
            from escapology.nemesis.api import check_graph
            from escapology.nemesis.linear_native import graph

            with paused_gc():
                g = graph(ng)
            verdict = check_graph(g, data, game=None if game is None else game.value, cat_speed=cat_speed.value)
        else:
            verdict = check(inst, data, game=None if game is None else game.value, cat_speed=cat_speed.value)
    except InputError as exc:
        raise exc.with_file(name) from None
    raise report_verdict(verdict, format is OutputFormat.json)


#: Nemesis strategy documents from this size on are checked as they are read, a node at a time
#: into flat arrays (:func:`escapology.nemesis.api.check_file`); smaller ones are read whole.
STREAM_BYTES = 32 << 20


def _check_streamed(ng: Any, inst: Instance | None, source: Any, game: Any) -> Any:
    """The verdict on a Nemesis strategy file read as a stream (errors name the file)."""
    from escapology.nemesis.api import check_file
    from escapology.nemesis.checker_base import paused_gc

    try:
        with paused_gc():
            if inst is None:
                from escapology.nemesis.linear_native import graph

                inst = graph(ng)
            return check_file(inst, source, game=None if game is None else game.value)
    except InputError as exc:
        raise exc.with_file(str(source)) from None


class Kind(str, Enum):
    random = "random"
    tree = "tree"
    subcubic = "subcubic"
    grid = "grid"
    merge_exits = "merge-exits"
    two_exits = "two-exits"
    cat = "cat"
    lsat = "lsat"


@app.command("generate")
@user_errors
def generate_cmd(
    ctx: typer.Context,
    kind: Annotated[Kind, typer.Argument(help="random, tree, subcubic, grid, or a reduction: merge-exits, two-exits, cat (from FILE), lsat (from a DIMACS CNF).")],
    size: Annotated[Optional[int], typer.Option("--size", help="Number of vertices (default 12).")] = None,
    n: hidden_alias("--n", kind=Optional[int]) = None,
    density: Annotated[Optional[float], typer.Option("--density", help="Edge probability (random; default 0.3).")] = None,
    p: hidden_alias("--p", kind=Optional[float]) = None,
    n_exits: Annotated[int, typer.Option("--n-exits", help="Number of exits.")] = 2,
    rows: Annotated[Optional[int], typer.Option("--rows", min=1, help="Grid rows (default --size, else 11).")] = None,
    cols: Annotated[Optional[int], typer.Option("--cols", min=1, help="Grid columns (default --size, else 11).")] = None,
    seed: SeedOption = None,
    source: Annotated[Optional[Path], typer.Option("--from", help="Input of a reduction (instance or DIMACS CNF).")] = None,
    output: InstanceOutputOption = None,
    format: FormatOption = OutputFormat.text,
) -> None:
    """Generate an instance (ASP facts) or apply a reduction (the first line is the command that
    makes it again)."""
    from escapology.nemesis import generator, reductions

    n = one_of("size", ("--size", size), ("--n", n))
    if kind is Kind.grid:  # the K x K grid of Fig. 4 for --size K; --rows/--cols for rectangles
        rows = rows if rows is not None else (n if n is not None else 11)
        cols = cols if cols is not None else (n if n is not None else 11)
        if rows * cols > nio.MAX_VERTICES:
            raise InputError(f"a {rows} x {cols} grid has more than {nio.MAX_VERTICES} vertices")
    p = one_of("edge probability", ("--density", density), ("--p", p))
    given = {"size": n, "n": None, "density": p, "p": None}  # old names written the new way
    n = 12 if n is None else n
    p = 0.3 if p is None else p
    seed = draw_seed(seed) if kind in (Kind.random, Kind.tree, Kind.subcubic) else seed

    header = ""
    if kind is Kind.random:
        inst = generator.random_graph(n, p, exits=n_exits, seed=seed)
    elif kind is Kind.tree:
        inst = generator.random_tree(n, exits=n_exits, seed=seed)
    elif kind is Kind.subcubic:
        inst = generator.random_subcubic(n, exits=n_exits, seed=seed)
    elif kind is Kind.grid:
        inst = generator.grid(rows, cols)
    else:
        if source is None:
            raise InputError(f"generate {kind.value} needs --from FILE")
        if kind is Kind.lsat:
            text, name = read_input(source)
            cnf = reductions.parse_dimacs(text, file=name)
            inst = reductions.lsat_to_escape_tree(cnf)
        else:
            base = _load(source, None, None)
            if kind is Kind.merge_exits:
                inst = reductions.merge_exits(base)
            elif kind is Kind.two_exits:
                inst = reductions.two_exits(base)
            else:
                cats = reductions.nemesis_to_cat(base)
                if not cats:
                    raise InputError("the start is next to an exit: the fugitive wins at once", file=str(source))
                inst, K = cats[0]
                header = (f"% Cat Herding (cat speed 1) from {inst.start}: the fugitive wins the source via this\n"
                          f"% first move iff the cat number from start is >= {K}; {len(cats)} instance(s) in all.\n")
    command = generating_command(ctx, seed=seed, **given)
    text = f"% {command}\n" + header + nio.format_instance(inst) + "\n"
    write_output(text, output, format is OutputFormat.json, game="nemesis", command=command, kind=kind.value,
                 seed=seed)
    if output is not None and format is OutputFormat.text:
        typer.echo(f"wrote {output}")


@app.command("render")
@user_errors
def render_cmd(
    file: Annotated[Path, typer.Argument(help="The instance.")],
    output: OutputOption = None,
    game: GameOption = GameName.nemesis,
    certificate: Annotated[Optional[Path], typer.Option("--certificate", help="Draw this strategy (what 'solve --format json' wrote).")] = None,
    strategy: hidden_alias("--strategy") = None,
    solve_first: SolveFirstOption = False,
    region: Annotated[bool, typer.Option("--region/--no-region", help="Shade the winning starts (exact solver).")] = True,
    timeout: TimeoutOption = None,
    exits: ExitsOption = None,
    start: StartOption = None,
    scale: ScaleOption = 2.0,
    format: FormatOption = OutputFormat.text,
) -> None:
    """Draw the graph (exits, start, winning region, a strategy's line of play with its deletions
    struck through in order) with a legend as SVG/PNG; grids also as text."""
    from escapology.nemesis.render import render_svg, text_board

    deadline = command_deadline(timeout)
    inst = _load(file, exits, start, deadline)
    g = inst.graph()
    winning: set[str] | None = None
    if region and game is not GameName.cat:
        from escapology.nemesis.exact import winning_starts

        shading = Deadline(20.0) if timeout is None else deadline  # the region is left out when it takes longer
        try:
            winning = {g.names[v] for v in winning_starts(g, game.value, deadline=shading)}
        except LimitReached:
            winning = None
    strat = None
    strategy = one_of("certificate", ("--certificate", certificate), ("--strategy", strategy))
    if strategy is not None:
        data, name = read_certificate(strategy)
        if isinstance(data, str):
            raise InputError("not JSON: give what 'solve --format json' wrote", file=name)
        strat = data.get("strategy") if isinstance(data, dict) and "winner" in data else data
    elif solve_first and game is not GameName.cat and inst.start is not None:
        answer = _solve(inst, str(file), game.value, timeout=deadline.remaining())
        strat = answer.to_json().get("strategy") if answer.status is Status.SOLVED else None
    board = text_board(inst, winning)
    if output is not None:
        render_svg(inst, output, winning=winning, strategy=strat, scale=scale)
    elif not board and format is OutputFormat.text:
        typer.echo("give --output FILE.svg or FILE.png to draw this graph")
    report_picture(board or None, output, format is OutputFormat.json)


@app.command("escape-tree")
@user_errors
def escape_tree_cmd(
    file: Annotated[Path, typer.Argument(help="The instance.")],
    root: Annotated[Optional[str], typer.Option(
        "--root", help="Look for a tree rooted at this vertex (Theorem 3); default: at the start or a "
        "neighbour of it (Lemma 11's tree condition).")] = None,
    format: FormatOption = OutputFormat.text,
    timeout: TimeoutOption = None,
    exits: ExitsOption = None,
    start: StartOption = None,
) -> None:
    """Find a binary escape tree (Definition 10: a root with two children, every internal vertex
    with two, exits as leaves) with a SAT solver; NP-complete (Theorem 3)."""
    from escapology.nemesis.escape_tree import find_escape_tree, tree_condition

    deadline = command_deadline(timeout)
    inst = _load(file, exits, start, deadline)
    _need_start(inst, str(file))
    g = inst.graph()
    if root is not None and root not in g.index:
        raise InputError(f"--root names an unknown vertex {root}", file=str(file))
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
    file: Annotated[Path, typer.Argument(help="The instance.")],
    side: Annotated[str, typer.Option("--as", help="Your side: fugitive or nemesis.")] = "fugitive",
    game: GameOption = GameName.nemesis,
    exits: ExitsOption = None,
    start: StartOption = None,
) -> None:
    """Play against the solver in the terminal (it replies optimally)."""
    from escapology.nemesis.play import play

    if side not in ("fugitive", "nemesis"):
        raise InputError("--as is fugitive or nemesis")
    if game is GameName.cat:
        raise InputError("play supports nemesis and blizzard")
    inst = _load(file, exits, start)
    _need_start(inst, str(file))
    play(inst, game.value, side)


def solve_path(path: str, fmt: str, timeout: float | None) -> int:
    """What ``escapology solve FILE`` runs: Nemesis, exact solver, from the file's start."""
    deadline = command_deadline(timeout)
    inst = _load(path, None, None, deadline)
    return _print_result(_solve(inst, path, "nemesis", all_starts=inst.start is None,
                                timeout=deadline.remaining()), fmt)


def demo() -> None:
    """Solve the shipped example and print the answer with its certificate."""
    from escapology.nemesis.checker import check_strategy
    from escapology.nemesis.exact import solve

    inst = nio.load_instance(EXAMPLE)
    g = inst.graph()
    typer.echo(f"{EXAMPLE.name}: {len(inst.vertices)} vertices, {len(inst.edges)} edges, exits {sorted(inst.exits)}")
    for game in ("nemesis", "blizzard"):
        r = solve(g, game)
        ans = {"game": game, "start": inst.start, "winner": r.winner, "strategy": r.strategy}
        _print_text(ans)
        ok, msg = check_strategy(g, game, g.start, r.strategy)
        typer.echo(f"  checker: {'accepted' if ok else 'REJECTED'} ({msg})")
