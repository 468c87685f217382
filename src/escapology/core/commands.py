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

import functools
import inspect
import sys
import typing
from dataclasses import dataclass, field
from enum import Enum
from importlib import import_module
from pathlib import Path
from typing import Annotated, Any, Callable, Iterable, Mapping, NamedTuple, Optional

import typer

from escapology.core import cli_support as cs, memory as memory_limit, watchdog
from escapology.core.errors import InputError
from escapology.core.help import App
from escapology.core.protocol import TEXT, Text, names_file
from escapology.core.results import Status

__all__ = ["EngineSpec", "GameSpec", "Option", "Part", "VERBS", "choices", "load_instance", "option_rows", "print_result",
           "reading_options", "solve_file", "verbs_app"]

#: The verbs every game has, in the order ``--help`` lists them.
VERBS = ("solve", "check", "generate", "render")

#: The parameters the layer itself takes (a game may redefine one, e.g. its ``--size`` with its
#: own range and default, but the layer passes it)
SHARED = frozenset({"file", "size", "seed", "output", "format", "timeout", "memory", "engine", "certificate",
                    "certificate_option", "solve_first", "scale", "ctx"})


def choices(name: str, values: Iterable[str] | Mapping[str, str]) -> Any:
    """A string :class:`~enum.Enum` named ``name`` whose members are an option's choices, so that a
    game writes each list of choices once (typer shows and checks them): ``values`` as a list
    (member names: the value with ``-`` as ``_``) or as a mapping member name -> value.

    >>> Speed = choices("Speed", {"one": "1", "unbounded": "unbounded"})
    >>> Speed("1") is Speed.one, choices("Kind", ["merge-exits"]).merge_exits.value
    (True, 'merge-exits')
    """
    members = dict(values) if isinstance(values, Mapping) else {v.replace("-", "_"): v for v in values}
    return Enum(name, members, type=str)


#: A function of a game, or its ``"module:function"`` name: a description that names its functions
#: costs no import until a command runs one (``escapology GAME --help`` stays light)
Function = Callable[..., Any] | str


def resolve(function: Function) -> Callable[..., Any]:
    """``function`` itself, or the function ``"module:function"`` names (imported now)."""
    if callable(function):
        return function
    module, _, name = function.partition(":")
    return getattr(import_module(module), name)


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
        return resolve(self.function)

    @property
    def options(self) -> dict[str, Any]:
        """The keywords of the game's ``solve`` that choose this engine (batch runs store them)."""
        return {"engine": self.name}


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


class Part(NamedTuple):
    """One instance of a file that may hold several (what :attr:`GameSpec.load_many` returns):
    the instance, the heading its answer gets in text when the file holds more than one (printed
    after the game's comment sign), and the certificate the file itself holds for it (``None``:
    none), which ``render --solve`` draws and the game's ``certificates`` may check."""

    instance: Any
    heading: str = ""
    certificate: Any = None


@dataclass(frozen=True)
class GameSpec:
    """What the command layer needs to know of a game: the protocol's functions and the game's own
    options and engines.

    ``load(source, *, deadline=None, **reading_options)`` reads an instance (``source`` a path or
    ``"-"``); ``solve``/``check``/``generate``/``render`` are the protocol's; ``dumps(inst)`` is an
    instance's text (what ``generate`` writes), after the header line ``comment + " " + command``;
    ``text_picture(inst, certificate)`` the board as text (``None``: the game has none);
    ``certificate_of(inst, data, file)`` turns what ``render --certificate`` read into what
    ``render`` draws (default: the data itself; raise :class:`InputError` when it is not one).
    ``render_solves`` is ``render``'s ``--solve`` default. ``answer_text(inst, result)`` is the
    text ``solve`` prints where it needs the instance besides the result (default
    ``result.to_text()``). ``text_certificate`` says that the text answer is itself a certificate
    ``check`` reads (Labyrinth's push facts, Roma's board); for the other games ``solve -o FILE``
    writes the JSON answer into the file even in text format (the terminal shows a summary, a file
    holds the whole certificate).

    For a game whose files may hold several instances (Roma's files of URLs), ``load_many(source,
    *, deadline=None, **reading_options)`` returns every one as a :class:`Part`: ``solve`` answers
    each in turn (text: a heading before each when there are several; JSON: one line each) and
    ``check`` judges each, with the certificates ``certificates(parts, source, **options)`` gives
    (one per part; ``source`` the certificate file, ``None`` when none was given); ``render`` draws
    the first. ``is_text(FILE)``: a FILE that names no file but is the instance itself (a URL) is
    read as text. ``generate_json(inst)``: the objects ``generate -f json`` prints without ``-o``,
    one a line, each after the ``command`` (default: one object with the instance's text).
    ``engine_aliases``: old
    engine names still accepted (hidden), each mapped onto the name passed to ``solve`` (an
    engine's, or the old name itself where the game resolves it with another old option).

    ``read_certificate(source) -> (certificate, name)``: ``check``'s reader of the certificate file,
    for a game whose certificates may be too large to read whole (default
    :func:`~escapology.core.cli_support.read_certificate`). ``recognised_options``: keywords that
    ``escapology solve FILE`` (the game recognised, no option given) passes to ``solve`` over the
    defaults of its options; ``instance_options(text)``: those the instance's own text names (a
    reduction's instance that says how it is answered, e.g. Cat Herding with cat speed 1), passed
    over ``recognised_options``. ``seeded(options)``: whether ``generate`` with these options draws at
    random (default: always); a deterministic one (a fixed grid, a reduction) gets no seed drawn
    nor written. ``solvable(inst)``: whether ``render --solve`` has anything to solve (default:
    yes; a forest board without rolls is drawn alone). A game whose instance format has no
    comments (``comment=""``) is called ``dumps(inst, command=...)`` and writes the command into
    the instance itself (aMAZEing's JSON key ``"command"``).
    """

    name: str
    title: str
    load: Function
    solve: Function
    check: Function
    generate: Function
    render: Function
    dumps: Function
    engines: tuple[EngineSpec, ...] = ()
    options: tuple[Option, ...] = ()
    comment: str = "#"
    text_picture: Function | None = None
    certificate_of: Function | None = None
    render_solves: bool = False
    text_certificate: bool = False
    answer_text: Function | None = None
    instance_help: str = "The instance, or - for standard input."
    help: Mapping[str, str] = field(default_factory=dict)
    load_many: Function | None = None
    certificates: Function | None = None
    is_text: Function | None = None
    generate_json: Function | None = None
    engine_aliases: Mapping[str, str] = field(default_factory=dict)
    read_certificate: Function | None = None
    recognised_options: Mapping[str, Any] = field(default_factory=dict)
    instance_options: Function | None = None
    seeded: Function | None = None
    solvable: Function | None = None

    def options_for(self, text: str) -> dict[str, Any]:
        """What ``escapology solve FILE`` passes to ``solve`` for the instance ``text``: the
        ``recognised_options``, then those the instance itself names (``instance_options``)."""
        own = self.function("instance_options")(text) if self.instance_options is not None else {}
        return {**self.recognised_options, **own}

    def function(self, name: str) -> Callable[..., Any]:
        """The function the description names for ``name`` (``"solve"``, ``"dumps"``, ...),
        imported now when it is given as ``"module:function"``."""
        return resolve(getattr(self, name))

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
        params = [inspect.Parameter("ctx", kw, annotation=typer.Context), *params]
        params += [_engine_parameter(spec),
                   inspect.Parameter("timeout", kw, default=None, annotation=cs.TimeoutOption)]
    if verb == "check":
        params += [inspect.Parameter("certificate", kw, default=None, annotation=cs.CertificateArg),
                   inspect.Parameter("certificate_option", kw, default=None, annotation=cs.CertificateOption)]
    if verb == "render":
        params += [inspect.Parameter("certificate", kw, default=None, annotation=cs.DrawCertificateOption),
                   inspect.Parameter("solve_first", kw, default=spec.render_solves, annotation=cs.SolveFirstOption),
                   inspect.Parameter("output", kw, default=None, annotation=cs.OutputOption),
                   inspect.Parameter("scale", kw, default=2.0, annotation=cs.ScaleOption),
                   inspect.Parameter("timeout", kw, default=None, annotation=cs.TimeoutOption)]
    params.append(inspect.Parameter("memory", kw, default=None, annotation=cs.MemoryOption))  # every verb
    return [*params, fmt]


def _engine_parser(names: tuple[str, ...], aliases: Mapping[str, str]) -> Callable[[str], str]:
    """A parser of ``--engine`` that takes the engines' names and old names (not listed) that
    stand for one of them."""

    def parse(value: str) -> str:
        if value in names:
            return value
        if value in aliases:
            return aliases[value]
        raise typer.BadParameter(f"{value!r} is not one of {', '.join(map(repr, names))}.")

    return parse


def _engine_parameter(spec: GameSpec) -> inspect.Parameter:
    names = spec.engine_names()
    listing = "; ".join(f"{e.name}: {e.description}" for e in spec.engines)
    if spec.engine_aliases:  # a choice that takes the old names too, without listing them
        return inspect.Parameter(
            "engine", inspect.Parameter.KEYWORD_ONLY, default=None,
            annotation=Annotated[Optional[str], typer.Option(
                "--engine", "-e", help=f"The engine (default {names[0]}). {listing}.", show_default=False,
                metavar="[" + "|".join(names) + "]", parser=_engine_parser(names, spec.engine_aliases))])
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


def shared_value(spec: GameSpec, verb: str, name: str, value: Any, given: dict[str, Any]) -> Any:
    """The value of the shared option ``name`` (``--size``, ``--certificate``, ...), or of one of
    the game's old names for it (``Option(alias_of=name)``): giving two different values is a usage
    error (exit 2)."""
    old = [(o.names()[0] if not o.argument else o.name.upper(), getattr(given.get(o.name), "value", given.get(o.name)))
           for o in spec.options_of(verb) if o.alias_of == name]
    if not old:
        return value
    return cs.one_of(name.replace("_", "-"), (f"--{name.replace('_', '-')}", value), *old)


def _new_names(spec: GameSpec, verb: str, given: dict[str, Any]) -> dict[str, Any]:
    """The values given under old names, written under the new ones: the command in a generated
    file's header names each option the one way (``--n 8`` is written ``--size 8``)."""
    out: dict[str, Any] = {}
    for a in spec.options_of(verb):
        if a.alias_of is not None and given.get(a.name) is not None:
            out[a.name] = None
            value = given.get(a.alias_of)
            out[a.alias_of] = value if value is not None else given[a.name]
    return out


def _accepted(func: Callable[..., Any], options: dict[str, Any]) -> dict[str, Any]:
    """The keywords of ``options`` that ``func`` takes (all of them when it takes ``**options``)."""
    params = inspect.signature(func).parameters
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return dict(options)
    return {k: v for k, v in options.items() if k in params}


def _load(spec: GameSpec, file: str | Path | Text, deadline: Any, reading: dict[str, Any]) -> Any:
    """The instance in ``file`` (a command's FILE is always a path, or ``-``; never the text
    itself), read under the command's deadline."""
    source = _source(spec, file)
    with cs.reading_input():
        return spec.function("load")(source, deadline=deadline, **reading)


def load_instance(spec: GameSpec, file: str | Path | Text, deadline: Any = None, **reading: Any) -> Any:
    """The instance in ``file`` read as the verbs read it (``spec.load`` with the reading options
    ``reading``), for a game's own commands: a time limit reached while reading under the command's
    ``deadline`` is the answer "unknown" (:func:`~escapology.core.cli_support.reading_input`)."""
    return _load(spec, file, deadline, reading)


def reading_options(spec: GameSpec, verb: str = "solve", skip: Iterable[str] = ()) -> Callable[[Any], Any]:
    """Give a game's own command that reads an instance the reading options of ``verb`` (its
    ``Option(to="load")``: ``--start``, ``--die``, ...), defined once in the spec: they are added
    to the command's parameters (before its ``format``/``timeout``, where it has them) and handed
    to it together as ``reading={name: value}``, what :func:`load_instance` takes. ``skip``: reading
    options the command does not offer."""
    kw = inspect.Parameter.KEYWORD_ONLY
    left_out = set(skip)

    def decorate(func: Callable[..., Any]) -> Callable[..., Any]:
        hints = typing.get_type_hints(func, include_extras=True)
        own = [p.replace(annotation=hints.get(p.name, p.annotation))
               for p in inspect.signature(func).parameters.values() if p.name != "reading"]
        names = {p.name for p in own}
        added = [inspect.Parameter(o.name, kw, default=o.default, annotation=o.annotation())
                 for o in spec.options_of(verb)
                 if o.to == "load" and o.alias_of is None and o.name not in names | left_out]
        at = next((i for i, p in enumerate(own) if p.name in ("format", "timeout")), len(own))
        params = [p.replace(kind=kw) for p in own[:at] + added + own[at:]]

        @functools.wraps(func)
        def command(**kwargs: Any) -> Any:
            reading = {p.name: kwargs.pop(p.name) for p in added}
            return func(**kwargs, reading=reading)

        command.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
        command.__annotations__ = {p.name: p.annotation for p in params}
        return command

    return decorate


def _source(spec: GameSpec, file: str | Path | Text) -> Path | Text | str:
    """What the game's ``load`` reads: a path, ``-``, or the FILE itself when it names no file and
    the game's ``is_text`` says it is an instance's text (a puzz.link URL)."""
    if isinstance(file, (Text, Path)) or file == "-":
        return file
    if spec.is_text is not None and not names_file(file) and spec.function("is_text")(file):
        return Text(file, TEXT)
    return Path(file)


def _load_many(spec: GameSpec, file: str | Path | Text, deadline: Any, reading: dict[str, Any]) -> list[Part]:
    """Every instance ``file`` holds (``spec.load_many``), read under the command's deadline."""
    assert spec.load_many is not None
    with cs.reading_input():
        return spec.function("load_many")(_source(spec, file), deadline=deadline, **reading)


def _positive(timeout: float | None) -> None:
    if timeout is not None and not timeout > 0:
        raise InputError(f"--timeout must be a positive number of seconds, got {timeout:g}")


def unknown_note(result: Any) -> str:
    """Why an "unknown" result has no answer, for standard error: the memory limit when the engine
    says it stopped there (``result.stats["stopped"] == "memory limit"``), else the time limit."""
    stats = getattr(result, "stats", None)
    if isinstance(stats, Mapping) and stats.get("stopped") == "memory limit":
        return memory_limit.NOTE
    return "the time limit was reached"


def print_result(result: Any, json_output: bool, text: str | None = None) -> int:
    """Print a protocol ``Result`` the one way every ``solve`` does and return its exit code:
    JSON ``to_json()`` (or the result's own ``write_json(stream)``, where it has one); text ``text``
    (default ``to_text()``), and ``note()`` (when there is one; a line the game's reader takes
    for a comment) on standard error, or after the answer in the file of ``solve -o`` (the
    terminal then says only ``wrote FILE``, as for every game); ``unknown`` as :func:`~escapology.core.cli_support.report_unknown` prints it
    (exit 3)."""
    watchdog.disarm()  # the answer is ready: too late to say unknown
    if result.status is Status.UNKNOWN:  # what is known besides, from the result's own text
        known = result.to_text() if hasattr(result, "to_text") and not json_output else ""
        detail = known.partition("unknown")[2].lstrip(": ").strip() if known.startswith("unknown") else ""
        return cs.report_unknown(json_output, result.to_json(), detail, note=unknown_note(result))
    if json_output:
        write = getattr(result, "write_json", None)
        if write is not None:  # the result writes itself as it is encoded (large certificates)
            write(sys.stdout)
            sys.stdout.flush()
        else:
            cs.emit_json(result.to_json())
    else:
        typer.echo(result.to_text() if text is None else text)
        note = result.note() if hasattr(result, "note") else None
        if note:  # beside the answer on the terminal; with -o in the file, after it (a comment)
            typer.echo(note, err=cs.answer_file() is None)
    return result.status.exit_code()


def run_solve(spec: GameSpec, *, ctx: typer.Context, file: str, engine: Any = None, timeout: float | None = None,
              memory: float | None = None, format: cs.OutputFormat = cs.OutputFormat.text, **given: Any) -> None:
    """``GAME solve FILE``: load, solve with the chosen engine, print the answer; exit 0 or 3. The
    options the instance's own text names (``spec.instance_options``) stand for those not given on
    the command line, as for ``escapology solve FILE``."""
    typed = {name for name in given if getattr(ctx.get_parameter_source(name), "name", None) not in _NOT_TYPED}
    raise typer.Exit(solve_file(spec, file, format.value, timeout, engine=engine, memory=memory, typed=typed,
                                **given))


def header_options(own: Mapping[str, Any], given: Mapping[str, Any], typed: set[str]) -> dict[str, Any]:
    """The options an instance's text names (``own``, in the text's order, from the question to its
    details: ``--game cat --cat-speed 1 --exceeds 30``) that a command with the options ``given``
    (``typed``: those the user gave) takes: each one not typed, up to the first that the user gave
    another value (a detail of another question: ``--game nemesis`` drops the header's cat speed
    and threshold, ``--exceeds 4`` keeps its game and speed).

    >>> header_options({"game": "cat", "cat_speed": "1", "exceeds": 30}, {"exceeds": 4}, {"exceeds"})
    {'game': 'cat', 'cat_speed': '1'}
    >>> header_options({"game": "cat", "cat_speed": "1", "exceeds": 30}, {"game": "nemesis"}, {"game"})
    {}
    """
    taken: dict[str, Any] = {}
    for name, value in own.items():
        if name in typed:
            if str(getattr(given[name], "value", given[name])) != str(value):
                break
            continue
        taken[name] = value
    return taken


#: where an option's value comes from when the user did not give it (the names of click's
#: ``ParameterSource``: typer may hand over its own copy of the enum)
_NOT_TYPED = ("DEFAULT", "DEFAULT_MAP", None)


def solve_file(spec: GameSpec, source: str | Path | Text, fmt: str = "text", timeout: float | None = None, *,
               engine: Any = None, memory: float | None = None, options: Mapping[str, Any] | None = None,
               typed: set[str] | None = None, **given: Any) -> int:
    """Solve the instance in ``source`` (a path, ``"-"``, or a :class:`~escapology.core.protocol.Text`
    already read, as ``escapology solve FILE`` hands over what it read to recognise the game), print
    the answer as ``fmt`` (``text`` or ``json``) and return the exit code (0 answered, 3 unknown).
    ``timeout`` counts from the start of the command (reading included); ``given`` are the game's own
    options by keyword (defaults for those not given); ``options`` are keywords of the game's ``solve``
    passed as they are (``escapology solve FILE`` passes ``spec.recognised_options``). With ``typed``
    (the names of the options the user gave), the options the instance's text names
    (``spec.instance_options``) stand for those not given (:func:`header_options`)."""
    _positive(timeout)
    deadline = cs.command_deadline(timeout)
    cs.command_memory(memory)
    if typed is not None and spec.instance_options is not None:
        if not isinstance(source, Text):
            with cs.reading_input():
                source = Text(*cs.read_input(source))
        given = {**given, **header_options(spec.function("instance_options")(source.text), given, typed)}
    defaults = {o.name: o.default for o in spec.options_of("solve") if o.name not in SHARED}
    reading, call = _split(spec, "solve", {**defaults, **given})
    call.update(options or {})
    engine = shared_value(spec, "solve", "engine", getattr(engine, "value", engine), given)
    engine = engine or call.pop("engine", None)
    options = {**call, **({"engine": engine} if engine else {}), **({"memory": memory} if memory is not None else {})}
    answer_text = spec.function("answer_text") if spec.answer_text is not None and fmt != "json" else None
    if cs.answer_file() is not None and not spec.text_certificate:
        fmt, answer_text = "json", None
    if spec.load_many is not None:  # a file of several instances: each answered in turn
        parts = _load_many(spec, source, deadline, reading)
        code = 0
        for i, part in enumerate(parts):
            if fmt != "json" and i:
                typer.echo("")
            if fmt != "json" and len(parts) > 1 and part.heading:
                typer.echo(f"{spec.comment} {part.heading}".lstrip())
            result = spec.function("solve")(part.instance, timeout=deadline.remaining(), **options)
            text = answer_text(part.instance, result) if answer_text is not None else None
            code = max(code, print_result(result, fmt == "json", text))
        return code
    inst = _load(spec, source, deadline, reading)
    result = spec.function("solve")(inst, timeout=deadline.remaining(), **options)
    text = answer_text(inst, result) if answer_text is not None else None
    return print_result(result, fmt == "json", text)


def run_check(spec: GameSpec, *, file: str, certificate: Path | None = None, certificate_option: Path | None = None,
              memory: float | None = None, format: cs.OutputFormat = cs.OutputFormat.text, **given: Any) -> None:
    """``GAME check FILE CERTIFICATE``: the independent checker's verdict; exit 0 or 1."""
    cs.command_memory(memory)
    reading, call = _split(spec, "check", given)
    if spec.load_many is not None and spec.certificates is not None:  # each instance, its certificate
        parts = _load_many(spec, file, None, reading)
        source = cs.one_of("certificate", ("CERTIFICATE", certificate), ("--certificate", certificate_option))
        code = 0
        for part, cert in zip(parts, spec.function("certificates")(parts, source, **given)):
            verdict = spec.function("check")(part.instance, cert, **call)
            done = cs.report_verdict(verdict, format is cs.OutputFormat.json, **getattr(verdict, "details", {}))
            code = max(code, done.exit_code)
        raise typer.Exit(code)
    inst = _load(spec, file, None, reading)
    reader = spec.function("read_certificate") if spec.read_certificate is not None else cs.read_certificate
    data, name = reader(cs.certificate_source(certificate, certificate_option))
    if "file" in inspect.signature(spec.function("check")).parameters:
        call["file"] = name
    verdict = spec.function("check")(inst, data, **call)
    raise cs.report_verdict(verdict, format is cs.OutputFormat.json, **getattr(verdict, "details", {}))


def run_generate(spec: GameSpec, *, ctx: typer.Context, size: int | None = None, seed: int | None = None,
                 output: Path | None = None, memory: float | None = None,
                 format: cs.OutputFormat = cs.OutputFormat.text, **given: Any) -> None:
    """``GAME generate``: a new instance, whose first line is the command that makes it again."""
    _, call = _split(spec, "generate", given)
    size = shared_value(spec, "generate", "size", size, given)
    timeout = given.get("timeout")  # a game that declares --timeout for generate gets its seconds
    if timeout is not None:
        _positive(timeout)
        call["timeout"] = cs.command_deadline(timeout).remaining()
    cs.command_memory(memory)
    call.update(cs.memory_options(spec.function("generate"), memory))
    if spec.seeded is None or spec.function("seeded")(call):
        seed = cs.draw_seed(seed)
    inst = spec.function("generate")(size=size, seed=0 if seed is None else seed, **call)
    command = cs.generating_command(ctx, seed=seed, **_new_names(spec, "generate", {**given, "size": size}))
    if spec.generate_json is not None and output is None and format is cs.OutputFormat.json:
        for obj in spec.function("generate_json")(inst):
            cs.emit_json({"command": command, **obj})
        return
    # the header line, or (no comment syntax, as in aMAZEing's JSON) the game writes the command in
    dumps = spec.function("dumps")
    text = f"{spec.comment} {command}\n{dumps(inst)}" if spec.comment else dumps(inst, command=command)
    cs.write_output(text, output, format is cs.OutputFormat.json, game=spec.name, command=command, seed=seed)
    if output is not None and format is not cs.OutputFormat.json:
        typer.echo(f"wrote {output}")


def run_render(spec: GameSpec, *, file: str, certificate: Path | None = None, solve_first: bool = False,
               output: Path | None = None, scale: float = 2.0, timeout: float | None = None,
               memory: float | None = None, format: cs.OutputFormat = cs.OutputFormat.text, **given: Any) -> None:
    """``GAME render FILE``: the board as text, or a picture written to ``-o``."""
    _positive(timeout)
    if output is not None and output.suffix.lower() not in (".svg", ".png"):
        raise InputError(f"--output must end in .svg or .png, got {output.name!r}")
    deadline = cs.command_deadline(timeout)
    cs.command_memory(memory)
    reading, call = _split(spec, "render", given)
    source = shared_value(spec, "render", "certificate", certificate, given)
    for o in spec.options_of("render"):  # an old name of --solve/--no-solve, when given, decides
        if o.alias_of == "solve_first" and given.get(o.name) is not None:
            solve_first = given[o.name]
    stored = None
    if spec.load_many is not None:  # the first instance, and the certificate its file holds
        inst, _, stored = _load_many(spec, file, deadline, reading)[0]
    else:
        inst = _load(spec, file, deadline, reading)
    cert = None
    if source is not None:
        data, name = cs.read_certificate(source)
        cert = spec.function("certificate_of")(inst, data, name) if spec.certificate_of else data
    elif solve_first and stored is not None:
        cert = stored
    elif solve_first and (spec.solvable is None or spec.function("solvable")(inst)):
        # the render options that are solve's too (e.g. the game played) choose what is solved
        solve = spec.function("solve")
        limit = {"memory": memory} if memory is not None else {}
        result = solve(inst, timeout=deadline.remaining(), **_accepted(solve, {**call, **limit}))
        if result.status is Status.UNKNOWN:
            raise typer.Exit(cs.report_unknown(format is cs.OutputFormat.json, None, note=unknown_note(result)))
        cert = result.certificate
    drawing = {**call, "timeout": deadline.remaining()}  # each takes the options (and time) it has a use for
    if output is not None:
        render = spec.function("render")
        render(inst, cert, **_accepted(render, drawing)).save(output, scale=scale)
    board = None
    if spec.text_picture is not None and output is None:  # with -o: the picture, and where it went
        text_picture = spec.function("text_picture")
        board = text_picture(inst, cert, **_accepted(text_picture, drawing))
    if board is None and output is None and format is not cs.OutputFormat.json:
        typer.echo("give --output FILE.svg or FILE.png to draw it")
    cs.report_picture(board, output, format is cs.OutputFormat.json)


RUNNERS: dict[str, tuple[Callable[..., None], str]] = {
    "solve": (run_solve, "Solve FILE and print the answer with its certificate."),
    "check": (run_check, "Check a certificate (what 'solve' wrote) for FILE: exit 0 valid, 1 rejected."),
    "generate": (run_generate, "A new instance (its first line is the command that makes it again)."),
    "render": (run_render, "Show FILE (and a certificate) as text, or write a picture (.svg or .png)."),
}


def verbs_app(spec: GameSpec, app: typer.Typer | None = None, verbs: Iterable[str] = VERBS) -> typer.Typer:
    """The game's typer app with its four verbs (added to ``app``, whose own commands it keeps)."""
    app = app or App(no_args_is_help=True, help=spec.title)
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
