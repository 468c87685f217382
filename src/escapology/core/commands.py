"""The four verbs of every game, written once: ``solve``, ``check``, ``generate``, ``render``.

A game describes itself once, in a :class:`GameSpec` (its protocol functions, its engines, its own
options with their types and help); :func:`verbs_app` turns the description into the game's typer
commands, and the batch runner and the web app read the same description (its :class:`Option`\\ s
and :class:`EngineSpec`\\ s), so that an option added to a game appears in every view at once.

What each verb does, for every game (``docs/cli.md``; the layer never looks inside a game):

``solve FILE``
    ``spec.load(FILE, deadline=..., **reading options)`` then ``spec.solve(inst, engine=...,
    timeout=..., memory=..., **options)``; prints the result's ``to_json()`` (``-f json``) or its
    ``to_text()``, and its ``note()`` on standard error. ``unknown`` is exit 3, the answer printed
    the one way :func:`~escapology.core.cli_support.report_unknown` prints it.
``check FILE CERTIFICATE``
    ``spec.check(inst, certificate)`` where the certificate is what ``solve`` wrote: a JSON object
    or the text answer (a game whose ``check`` takes ``file=`` is told the certificate's file name,
    so that its verdict can name a line of it). Exit 0 accepted, 1 rejected.
``generate``
    ``spec.generate(size=..., seed=..., **options)``, written by ``spec.dumps`` with the command
    that makes it again as the first line (:func:`~escapology.core.cli_support.generating_command`).
``render FILE``
    ``spec.render(inst, certificate)`` saved to ``-o`` (``.svg`` or ``.png``; any other suffix is
    exit 2), and ``spec.text_picture(inst, certificate)`` printed when there is no ``-o``.

Exit codes and the shared options (``-f``, ``-t``, ``-o``, ``--memory``, ``--seed``, ``--size``,
``--scale``, ``--certificate``, ``--solve``) are :mod:`escapology.core.cli_support`'s.

>>> spec = GameSpec("toy", "A toy", load=str, solve=str, check=str, generate=str, render=str,
...                 dumps=str, engines=(EngineSpec("plain", "builtins:str", "the only one"),))
>>> spec.engine("plain").description, spec.engine_names()
('the only one', ('plain',))
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from enum import Enum
from importlib import import_module
from pathlib import Path
from typing import Annotated, Any, Callable, Iterable, Mapping, Optional

import typer

from escapology.core import cli_support as cs
from escapology.core.errors import InputError
from escapology.core.protocol import Text
from escapology.core.results import Status

__all__ = ["EngineSpec", "GameSpec", "Option", "VERBS", "option_rows", "print_result", "solve_file", "verbs_app"]

#: The verbs every game has, in the order ``--help`` lists them.
VERBS = ("solve", "check", "generate", "render")

#: The parameters the layer itself takes (a game may redefine one, e.g. its ``--size`` with its
#: own range and default, but the layer passes it)
SHARED = frozenset({"file", "size", "seed", "output", "format", "timeout", "memory", "engine", "certificate",
                    "certificate_option", "solve_first", "scale", "ctx"})


@dataclass(frozen=True)
class EngineSpec:
    """One engine of a game: its name (``-e NAME``, ``engine="NAME"``), the function that runs it
    (``"module:function"``, imported when it runs, so that listing engines costs nothing), a
    one-line description, and the distributions whose version is the engine's (batch runs record
    them)."""

    name: str
    function: str
    description: str
    libraries: tuple[str, ...] = ()

    def load(self) -> Callable[..., Any]:
        """The engine's function (imported now)."""
        module, _, name = self.function.partition(":")
        return getattr(import_module(module), name)


@dataclass(frozen=True)
class Option:
    """One option of a game's verbs, defined once: the keyword it is passed as (``name``), its
    type (``int``, ``float``, ``str``, ``bool``, :class:`~pathlib.Path` or an :class:`~enum.Enum`),
    its default and help, the verbs that have it, and where its value goes: ``"call"`` (a keyword
    of the verb's protocol function), ``"load"`` (a keyword of ``load``: how to read the file) or
    ``"none"`` (the game's hook reads it from the options). ``alias_of`` names the option an old
    name stands for (hidden from ``--help``); ``argument`` makes it positional."""

    name: str
    type: Any
    default: Any = None
    help: str = ""
    verbs: tuple[str, ...] = ("solve",)
    flags: tuple[str, ...] = ()
    to: str = "call"
    min: float | None = None
    max: float | None = None
    hidden: bool = False
    alias_of: str | None = None
    argument: bool = False

    def names(self) -> tuple[str, ...]:
        """The command-line names: ``flags``, or ``--name`` with dashes."""
        return self.flags or (f"--{self.name.replace('_', '-')}",)

    def annotation(self) -> Any:
        """The typer annotation of the option (``Annotated[type, typer.Option(...)]``)."""
        kind = self.type if self.type is bool or self.default is not None and not self.argument else Optional[self.type]
        extra: dict[str, Any] = {}
        if self.min is not None:
            extra["min"] = self.min
        if self.max is not None:
            extra["max"] = self.max
        if self.argument:
            return Annotated[kind, typer.Argument(help=self.help, hidden=self.hidden, show_default=False, **extra)]
        return Annotated[kind, typer.Option(*self.names(), help=self.help, hidden=self.hidden or bool(self.alias_of),
                                            **extra)]


@dataclass(frozen=True)
class GameSpec:
    """What the command layer needs to know of a game: the protocol's functions and the game's own
    options and engines.

    ``load(source, *, deadline=None, **reading_options)`` reads an instance (``source`` a path or
    ``"-"``); ``solve``/``check``/``generate``/``render`` are the protocol's; ``dumps(inst)`` is an
    instance's text (what ``generate`` writes), after the header line ``comment + " " + command``
    (a game whose format has no comments, ``comment=""``, is called ``dumps(inst, command=...)``
    and writes the command into the instance itself, as aMAZEing's JSON key ``"command"``);
    ``text_picture(inst, certificate)`` the board as text (``None``: the game has none);
    ``certificate_of(inst, data, file)`` turns what ``render --certificate`` read into what
    ``render`` draws (default: the data itself; raise :class:`InputError` when it is not one).
    ``render_solves`` is ``render``'s ``--solve`` default; ``solvable(inst)`` says whether an
    instance has anything to solve (default: yes; a forest board without rolls is drawn alone);
    ``text_with_picture`` prints the text picture also when ``-o`` writes the picture.
    """

    name: str
    title: str
    load: Callable[..., Any]
    solve: Callable[..., Any]
    check: Callable[..., Any]
    generate: Callable[..., Any]
    render: Callable[..., Any]
    dumps: Callable[..., str]
    engines: tuple[EngineSpec, ...] = ()
    options: tuple[Option, ...] = ()
    comment: str = "#"
    text_picture: Callable[[Any, Any], str | None] | None = None
    certificate_of: Callable[[Any, Any, str], Any] | None = None
    render_solves: bool = False
    solvable: Callable[[Any], bool] | None = None
    text_with_picture: bool = False
    instance_help: str = "The instance, or - for standard input."
    help: Mapping[str, str] = field(default_factory=dict)

    def engine(self, name: str) -> EngineSpec:
        """The engine called ``name`` (:class:`KeyError` when there is none)."""
        for e in self.engines:
            if e.name == name:
                return e
        raise KeyError(name)

    def engine_names(self) -> tuple[str, ...]:
        """The engines' names, the default first."""
        return tuple(e.name for e in self.engines)

    def options_of(self, verb: str) -> tuple[Option, ...]:
        """The game's own options of ``verb``, in their order."""
        return tuple(o for o in self.options if verb in o.verbs)


# -- the options every game shares (cli_support defines their help) ---------------------------------

def _shared(verb: str, spec: GameSpec) -> list[inspect.Parameter]:
    """The parameters of ``verb`` that every game has."""
    kw = inspect.Parameter.KEYWORD_ONLY
    file = inspect.Parameter("file", kw, annotation=Annotated[str, typer.Argument(
        help=spec.instance_help, metavar="FILE", show_default=False)])
    fmt = inspect.Parameter("format", kw, default=cs.OutputFormat.text, annotation=cs.FormatOption)
    params = [file]
    if verb == "generate":
        params = [
            inspect.Parameter("ctx", kw, annotation=typer.Context),
            inspect.Parameter("size", kw, default=None, annotation=Annotated[Optional[int], typer.Option(
                "--size", min=1, help=spec.help.get("size", "The instance's size (see the game's page)."))]),
            inspect.Parameter("seed", kw, default=None, annotation=cs.SeedOption),
            inspect.Parameter("output", kw, default=None, annotation=cs.InstanceOutputOption),
        ]
    if verb == "solve":
        params += [_engine_parameter(spec),
                   inspect.Parameter("timeout", kw, default=None, annotation=cs.TimeoutOption),
                   inspect.Parameter("memory", kw, default=None, annotation=cs.MemoryOption)]
    if verb == "check":
        params += [inspect.Parameter("certificate", kw, default=None, annotation=cs.CertificateArg),
                   inspect.Parameter("certificate_option", kw, default=None, annotation=cs.CertificateOption)]
    if verb == "render":
        params += [inspect.Parameter("certificate", kw, default=None, annotation=cs.DrawCertificateOption),
                   inspect.Parameter("solve_first", kw, default=spec.render_solves, annotation=cs.SolveFirstOption),
                   inspect.Parameter("output", kw, default=None, annotation=cs.OutputOption),
                   inspect.Parameter("scale", kw, default=2.0, annotation=cs.ScaleOption),
                   inspect.Parameter("timeout", kw, default=None, annotation=cs.TimeoutOption)]
    return [*params, fmt]


def _engine_parameter(spec: GameSpec) -> inspect.Parameter:
    names = spec.engine_names()
    listing = "; ".join(f"{e.name}: {e.description}" for e in spec.engines)
    choice = Enum(f"{spec.name.title()}Engine", {n: n for n in names}, type=str)  # type: ignore[misc]
    return inspect.Parameter(
        "engine", inspect.Parameter.KEYWORD_ONLY, default=None,
        annotation=Annotated[Optional[choice], typer.Option(  # type: ignore[valid-type]
            "--engine", "-e", help=f"The engine (default {names[0]}). {listing}.", show_default=False)])


def _own(spec: GameSpec, verb: str) -> list[inspect.Parameter]:
    kw = inspect.Parameter.KEYWORD_ONLY
    return [inspect.Parameter(o.name, kw, default=o.default, annotation=o.annotation()) for o in spec.options_of(verb)]


def _parameters(verb: str, spec: GameSpec) -> list[inspect.Parameter]:
    """The verb's parameters: the shared ones, where the game defines none of the same name (a
    game's ``--size`` with its own range and default), then the game's own; arguments first."""
    own = _own(spec, verb)
    names = {p.name for p in own}
    params = [p for p in _shared(verb, spec) if p.name not in names] + own
    arguments = [p for p in params if _is_argument(p)]
    return arguments + [p for p in params if not _is_argument(p)]


def _command(verb: str, spec: GameSpec, run: Callable[..., None], doc: str) -> Callable[..., None]:
    """A function typer registers: ``run`` with the signature of the verb's parameters."""
    params = _parameters(verb, spec)

    def command(**kwargs: Any) -> None:
        run(spec, **kwargs)

    command.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    command.__name__ = f"{spec.name}_{verb}"
    command.__doc__ = spec.help.get(verb, doc)
    return command


def _is_argument(p: inspect.Parameter) -> bool:
    meta = getattr(p.annotation, "__metadata__", ())
    return any(type(m).__name__ == "ArgumentInfo" for m in meta)


# -- the verbs --------------------------------------------------------------------------------------

def _split(spec: GameSpec, verb: str, given: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The game's own options of ``verb`` given on the command line: ``(reading, call)`` keywords,
    old names folded into the options they stand for."""
    reading: dict[str, Any] = {}
    call: dict[str, Any] = {}
    own = [o for o in spec.options_of(verb) if o.name not in SHARED]
    by_name = {o.name: o for o in own}
    for o in own:
        if o.alias_of is not None:
            continue
        old = [(a.names()[0], given.get(a.name)) for a in own if a.alias_of == o.name]
        value = cs.one_of(o.name.replace("_", "-"), (o.names()[0], given.get(o.name)), *old) if old \
            else given.get(o.name)
        if value is None and o.default is not None:
            value = o.default
        if isinstance(value, Enum):
            value = value.value
        target = reading if by_name[o.name].to == "load" else call if by_name[o.name].to == "call" else None
        if target is not None and (value is not None or o.type is bool):
            target[o.name] = value
    return reading, call


def _load(spec: GameSpec, file: str | Path | Text, deadline: Any, reading: dict[str, Any]) -> Any:
    """The instance in ``file`` (a command's FILE is always a path, or ``-``; never the text
    itself), read under the command's deadline."""
    source = file if isinstance(file, (Text, Path)) or file == "-" else Path(file)
    with cs.reading_input():
        return spec.load(source, deadline=deadline, **reading)


def _positive(timeout: float | None) -> None:
    if timeout is not None and not timeout > 0:
        raise InputError(f"--timeout must be a positive number of seconds, got {timeout:g}")


def print_result(result: Any, json_output: bool) -> int:
    """Print a protocol ``Result`` the one way every ``solve`` does and return its exit code:
    JSON ``to_json()``; text ``to_text()``, and ``note()`` (when there is one) on standard error;
    ``unknown`` as :func:`~escapology.core.cli_support.report_unknown` prints it (exit 3)."""
    if result.status is Status.UNKNOWN:
        text = "" if json_output else result.to_text()
        detail = text.partition("unknown")[2].lstrip(": ").strip() if text.startswith("unknown") else ""
        return cs.report_unknown(json_output, result.to_json(), detail)
    if json_output:
        cs.emit_json(result.to_json())
    else:
        typer.echo(result.to_text())
        note = result.note() if hasattr(result, "note") else None
        if note:
            typer.echo(note, err=True)
    return result.status.exit_code()


def run_solve(spec: GameSpec, *, file: str, engine: Any = None, timeout: float | None = None,
              memory: float | None = None, format: cs.OutputFormat = cs.OutputFormat.text, **given: Any) -> None:
    """``GAME solve FILE``: load, solve with the chosen engine, print the answer; exit 0 or 3."""
    raise typer.Exit(solve_file(spec, file, format.value, timeout, engine=engine, memory=memory, **given))


def solve_file(spec: GameSpec, source: str | Path | Text, fmt: str = "text", timeout: float | None = None, *,
               engine: Any = None, memory: float | None = None, **given: Any) -> int:
    """Solve the instance in ``source`` (a path, ``"-"``, or a :class:`~escapology.core.protocol.Text`
    already read, as ``escapology solve FILE`` hands over what it read to recognise the game), print
    the answer as ``fmt`` (``text`` or ``json``) and return the exit code (0 answered, 3 unknown).
    ``timeout`` counts from the start of the command (reading included); ``given`` are the game's own
    options by keyword (defaults for those not given)."""
    _positive(timeout)
    deadline = cs.command_deadline(timeout)
    defaults = {o.name: o.default for o in spec.options_of("solve") if o.name not in SHARED}
    reading, call = _split(spec, "solve", {**defaults, **given})
    old = [(o.names()[0], getattr(given.get(o.name), "value", given.get(o.name)))
           for o in spec.options_of("solve") if o.alias_of == "engine"]
    if old:  # an old name of --engine (e.g. the forest's --method), hidden
        engine = cs.one_of("engine", ("--engine", getattr(engine, "value", engine)), *old)
    engine = getattr(engine, "value", engine) or call.pop("engine", None)
    inst = _load(spec, source, deadline, reading)
    options = {**call, **({"engine": engine} if engine else {}), **({"memory": memory} if memory is not None else {})}
    result = spec.solve(inst, timeout=deadline.remaining(), **options)
    return print_result(result, fmt == "json")


def run_check(spec: GameSpec, *, file: str, certificate: Path | None = None, certificate_option: Path | None = None,
              format: cs.OutputFormat = cs.OutputFormat.text, **given: Any) -> None:
    """``GAME check FILE CERTIFICATE``: the independent checker's verdict; exit 0 or 1."""
    reading, call = _split(spec, "check", given)
    inst = _load(spec, file, None, reading)
    data, name = cs.read_certificate(cs.certificate_source(certificate, certificate_option))
    if "file" in inspect.signature(spec.check).parameters:
        call["file"] = name
    verdict = spec.check(inst, data, **call)
    raise cs.report_verdict(verdict, format is cs.OutputFormat.json, **getattr(verdict, "details", {}))


def run_generate(spec: GameSpec, *, ctx: typer.Context, size: int | None = None, seed: int | None = None,
                 output: Path | None = None, format: cs.OutputFormat = cs.OutputFormat.text, **given: Any) -> None:
    """``GAME generate``: a new instance, whose first line is the command that makes it again."""
    _, call = _split(spec, "generate", given)
    seed = cs.draw_seed(seed)
    inst = spec.generate(size=size, seed=seed, **call)
    command = cs.generating_command(ctx, seed=seed)
    # the header line, or (no comment syntax, as in aMAZEing's JSON) the game writes the command in
    text = f"{spec.comment} {command}\n{spec.dumps(inst)}" if spec.comment else spec.dumps(inst, command=command)
    cs.write_output(text, output, format is cs.OutputFormat.json, game=spec.name, command=command, seed=seed)
    if output is not None and format is not cs.OutputFormat.json:
        typer.echo(f"wrote {output}")


def run_render(spec: GameSpec, *, file: str, certificate: Path | None = None, solve_first: bool = False,
               output: Path | None = None, scale: float = 2.0, timeout: float | None = None,
               format: cs.OutputFormat = cs.OutputFormat.text, **given: Any) -> None:
    """``GAME render FILE``: the board as text, or a picture written to ``-o``."""
    _positive(timeout)
    if output is not None and output.suffix.lower() not in (".svg", ".png"):
        raise InputError(f"--output must end in .svg or .png, got {output.name!r}")
    deadline = cs.command_deadline(timeout)
    reading, call = _split(spec, "render", given)
    old = [(o.names()[0], given.get(o.name)) for o in spec.options_of("render") if o.alias_of == "certificate"]
    source = cs.one_of("certificate", ("--certificate", certificate), *old)
    inst = _load(spec, file, deadline, reading)
    cert = None
    if source is not None:
        data, name = cs.read_certificate(source)
        cert = spec.certificate_of(inst, data, name) if spec.certificate_of else data
    elif solve_first and (spec.solvable is None or spec.solvable(inst)):
        result = spec.solve(inst, timeout=deadline.remaining())
        if result.status is Status.UNKNOWN:
            raise typer.Exit(cs.report_unknown(format is cs.OutputFormat.json, None))
        cert = result.certificate
    if output is not None:
        spec.render(inst, cert, **call).save(output, scale=scale)
    board = spec.text_picture(inst, cert) if spec.text_picture is not None and (
        output is None or spec.text_with_picture) else None
    cs.report_picture(board, output, format is cs.OutputFormat.json)


RUNNERS: dict[str, tuple[Callable[..., None], str]] = {
    "solve": (run_solve, "Solve FILE and print the answer with its certificate."),
    "check": (run_check, "Check a certificate (what 'solve' wrote) for FILE: exit 0 valid, 1 rejected."),
    "generate": (run_generate, "A new instance (its first line is the command that makes it again)."),
    "render": (run_render, "Show FILE (and a certificate) as text, or write a picture (.svg or .png)."),
}


def verbs_app(spec: GameSpec, app: typer.Typer | None = None, verbs: Iterable[str] = VERBS) -> typer.Typer:
    """The game's typer app with its four verbs (added to ``app``, whose own commands it keeps)."""
    app = app or typer.Typer(no_args_is_help=True, help=spec.title)
    for verb in verbs:
        run, doc = RUNNERS[verb]
        command = _command(verb, spec, run, doc)
        if verb == "solve":
            command = cs.answer_output(cs.user_errors(command))
        else:
            command = cs.user_errors(command)
        app.command(verb)(command)
    return app


def option_rows(spec: GameSpec) -> list[tuple[str, str, str, str]]:
    """``(verb, names, default, help)`` of every visible option of the game's own: the option
    reference of ``docs/cli.md`` is made from these rows."""
    rows = []
    for verb in VERBS:
        if verb == "solve" and spec.engines:
            rows.append((verb, "-e, --engine", spec.engines[0].name,
                         "; ".join(f"`{e.name}`: {e.description}" for e in spec.engines)))
        for o in spec.options_of(verb):
            if o.hidden or o.alias_of:
                continue
            default = "" if o.default is None else str(getattr(o.default, "value", o.default))
            rows.append((verb, ", ".join(o.names()) if not o.argument else o.name.upper(), default, o.help))
    return rows
