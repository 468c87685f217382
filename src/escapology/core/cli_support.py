"""Helpers that keep every game's CLI alike: shared options, input reading, output, exit codes.

Each game's ``cli.py`` builds its typer app from these so that the options of the one grammar
(``docs/cli.md``: ``-o/--output``, ``-f/--format``, ``-t/--timeout``, ``--seed``, ``--size``,
``--scale``, ``--memory``, ``--certificate``, ``--solve``) and the exit codes (0 answered,
1 rejected, 2 bad input, 3 limit reached) mean the same everywhere. Heavy libraries are never
imported here: a game's command line loads only what the command it runs needs.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import inspect
import json
import os
import random
import shlex
import sys
from enum import Enum
from pathlib import Path
from typing import Annotated, Any, Callable, NoReturn, Optional, TypeVar

import typer

from escapology.core import limits, memory as memory_limit, watchdog
from escapology.core.errors import InputError
from escapology.core.files import OutputFile, write_text
from escapology.core.reading import STDIN, parse_json, read_stdin, read_text_file
from escapology.core.limits import Deadline, LimitReached
from escapology.core.results import EXIT_BAD_INPUT, EXIT_LIMIT, EXIT_OK, EXIT_REJECTED


class OutputFormat(str, Enum):
    text = "text"
    json = "json"


FormatOption = Annotated[
    OutputFormat, typer.Option("--format", "-f", help="Output as human-readable text or JSON.")
]
TimeoutOption = Annotated[
    Optional[float],
    typer.Option("--timeout", "-t", help="Give up this many seconds after the start, reading the input "
                 "included (answer 'unknown', exit 3)."),
]
#: ``render``: the picture (the suffix chooses SVG or PNG)
OutputOption = Annotated[
    Optional[Path], typer.Option("--output", "-o", help="Write the picture here (.svg or .png).")
]
#: ``generate``: the instance
InstanceOutputOption = Annotated[
    Optional[Path], typer.Option("--output", "-o", help="Write the instance here (default: standard output).")
]
SeedOption = Annotated[
    Optional[int], typer.Option("--seed", help="Random seed: the same seed gives the same instance.")
]
ScaleOption = Annotated[
    float, typer.Option("--scale", min=0.1, help="PNG output: pixels per SVG unit (the picture's size times this).")
]
MemoryOption = Annotated[
    Optional[float],
    typer.Option("--memory", min=1.0, help="Memory limit in MiB: the process's peak resident memory stays "
                 "under it (answer 'unknown', exit 3, when it is reached; engines that plan their memory "
                 "refuse beforehand, exit 2). Default: what the machine has available."),
]
CERTIFICATE_HELP = "The certificate to check: what 'solve' wrote (JSON or text); '-' for stdin."
CertificateArg = Annotated[Optional[Path], typer.Argument(help=CERTIFICATE_HELP, show_default=False)]
CertificateOption = Annotated[Optional[Path], typer.Option("--certificate", help=CERTIFICATE_HELP)]
#: ``render``: the certificate to draw
DrawCertificateOption = Annotated[
    Optional[Path],
    typer.Option("--certificate", help="Draw this certificate: what 'solve' wrote (JSON or text); '-' for stdin."),
]


#: ``render``: solve first and draw the certificate found (the default differs per game: see its page)
SolveFirstOption = Annotated[bool, typer.Option("--solve/--no-solve", help="Solve first and draw the certificate found.")]


#: ``solve``: the answer (what standard output would carry)
AnswerOutputOption = Annotated[
    Optional[Path],
    typer.Option("--output", "-o", help="Write the answer here instead of standard output (the file "
                 "appears complete once the command ends, also for 'unknown')."),
]


#: the file ``solve -o FILE`` is writing the answer to, while it runs (:func:`answer_file`)
_ANSWER_FILE: "contextvars.ContextVar[Path | None]" = contextvars.ContextVar("answer_file", default=None)


def answer_file() -> Path | None:
    """The file the running ``solve`` writes its answer to (``-o FILE``; ``None``: standard
    output): a game whose text answer is only a summary writes its JSON answer there."""
    return _ANSWER_FILE.get()


#: ``(temporary file, FILE)`` while ``solve -o FILE`` runs: what a command ended from outside
#: (the watchdog, the native allocator at the memory limit) renames, as the command's end would
_pending_answer: "tuple[str, Path] | None" = None


def deliver_answer_file() -> None:
    """The process is being ended before the command returns (the watchdog): the answer written so
    far ("unknown") goes to ``-o FILE`` as at the command's end, and standard output says so."""
    pending = _pending_answer
    if pending is None:
        return
    name, target = pending
    try:
        sys.stdout.flush()
        os.replace(name, target)
        out = sys.__stdout__
        if out is not None:
            out.write(f"wrote {target}\n")
            out.flush()
    except (OSError, ValueError):
        pass


def answer_output(func: F) -> F:
    """Give a ``solve`` command ``-o/--output FILE``: what it prints on standard output (the answer,
    text or JSON, also "unknown") goes to ``FILE`` instead, written by the one writer of every
    ``-o`` (:class:`~escapology.core.files.OutputFile`: a temporary file beside it, renamed when
    the command ends, so a reader never sees half an answer, with a new file's mode); standard output then
    says ``wrote FILE``. Put it above :func:`user_errors`, so that the answers that function prints
    (unknown at the time limit) go to the file too; an error (exit 2) writes no file."""

    signature = inspect.signature(func, eval_str=True)  # typer reads the Annotated options from it
    extra = inspect.Parameter("output", inspect.Parameter.KEYWORD_ONLY, default=None,
                              annotation=AnswerOutputOption)

    @functools.wraps(func)
    def wrapper(*args: Any, output: Path | None = None, **kwargs: Any) -> Any:
        if output is None:
            return func(*args, **kwargs)

        target = Path(output)
        out = OutputFile(target)
        global _pending_answer
        token = _ANSWER_FILE.set(target)
        try:
            with out, contextlib.redirect_stdout(out.file):
                _pending_answer = out.pending()
                out.keep = False
                try:
                    result = func(*args, **kwargs)
                    out.keep = out.written() > 0
                    return result
                except typer.Exit as exc:
                    out.keep = exc.exit_code != EXIT_BAD_INPUT and out.written() > 0
                    raise
        except InputError as exc:  # the file cannot be written (this wrapper is above user_errors)
            raise fail(str(exc)) from None
        finally:
            _ANSWER_FILE.reset(token)
            _pending_answer = None
            if out.keep:
                typer.echo(f"wrote {target}")

    wrapper.__signature__ = signature.replace(  # type: ignore[attr-defined]
        parameters=[*signature.parameters.values(), extra])
    return wrapper  # type: ignore[return-value]


def hidden_alias(*names: str, kind: Any = Optional[Path]) -> Any:
    """An old option name kept working, not shown in ``--help`` (see ``docs/cli.md``)."""
    return Annotated[kind, typer.Option(*names, hidden=True)]


def one_of(what: str, *given: tuple[str, Any]) -> Any:
    """The one value given among ``(name, value)`` pairs (``None`` when none is); two different
    values are a usage error (exit 2)."""
    chosen = [(n, v) for n, v in given if v is not None]
    if len({str(v) for _, v in chosen}) > 1:
        raise fail(f"give the {what} once: {' and '.join(n for n, _ in chosen)} name different values")
    return chosen[0][1] if chosen else None


def certificate_source(arg: Path | None, option: Path | None, *aliases: tuple[str, Any],
                       required: bool = True) -> Any:
    """The certificate ``check`` reads: the positional CERTIFICATE, ``--certificate FILE`` or an
    old option name (``aliases``); exactly one of them (when ``required``)."""
    chosen = one_of("certificate", ("CERTIFICATE", arg), ("--certificate", option), *aliases)
    if chosen is None and required:
        raise fail("give the certificate to check: CERTIFICATE or --certificate FILE (what 'solve' wrote)")
    return chosen


def read_certificate(path: str | Path) -> tuple[Any, str]:
    """``(certificate, name)``: the JSON object or list a file holds, else its text (the text
    certificate some games write, e.g. Labyrinth's ``push/3`` facts). The protocol's ``check``
    accepts either."""
    text, name = read_input(path)
    stripped = text.lstrip()
    if stripped[:1] in ("{", "["):
        try:
            return parse_json(text, name), name
        except json.JSONDecodeError as exc:
            if stripped[:1] == "{":
                raise InputError(f"not JSON: {exc.msg}", file=name, line=exc.lineno) from None
    return text, name


def memory_options(func: Callable[..., Any], memory: float | None) -> dict[str, Any]:
    """``{"memory": memory}`` when the engine ``func`` takes a memory limit (MiB), else ``{}``:
    ``--memory`` is passed on where an engine can use it (on the command line it bounds the process
    too: :func:`command_memory`)."""

    if memory is None:
        return {}
    try:
        params = inspect.signature(func).parameters
    except (TypeError, ValueError):
        return {}
    return {"memory": memory} if "memory" in params else {}


def report_verdict(verdict: Any, json_output: bool, **extra: Any) -> "typer.Exit":
    """Print a protocol :class:`~escapology.core.protocol.Verdict` the one way every ``check`` does
    and return the exit to raise: text ``valid: ...`` or one ``rejected: ...`` line per error;
    JSON ``{"valid": ..., "errors": [...], "summary": ..., **extra}``; exit 0 accepted, 1 rejected."""
    watchdog.disarm()
    if json_output:
        emit_json({**verdict.to_json(), **extra})
    elif verdict.ok:
        summary = verdict.summary or "valid"
        typer.echo(summary if summary.startswith("valid") else f"valid: {summary}")
    else:
        for e in verdict.errors:
            typer.echo(f"rejected: {e}")
    return typer.Exit(EXIT_OK if verdict.ok else EXIT_REJECTED)


def write_output(text: str, output: Path | None, json_output: bool = False, **extra: Any) -> None:
    """``generate``: write the instance to ``output`` (or standard output; the file by
    :func:`~escapology.core.files.write_text`); with JSON, print
    ``{"instance": text, "output": path or null, **extra}`` instead of the bare text."""
    if output is not None:
        write_text(output, text)
    if json_output:
        emit_json({"instance": text if output is None else None,
                   "output": None if output is None else str(output), **extra})
    elif output is None:
        typer.echo(text, nl=False)


#: Parameters of ``generate`` that do not change the instance generated (where it goes, how it is
#: reported, how long or how much memory it may take): left out of the command in its header.
NOT_GENERATING = frozenset({"output", "format", "timeout", "memory"})


def draw_seed(seed: int | None) -> int:
    """``seed``, or a fresh random one when none was given: ``generate`` always writes the seed it
    used into the header line, so that every file it writes can be made again."""
    if seed is not None:
        return seed

    return random.SystemRandom().randrange(2**31)


def generating_command(ctx: "typer.Context | None", **used: Any) -> str:
    """The command line that makes this ``generate`` call's output again, byte for byte.

    ``ctx`` is the command's context (a ``ctx: typer.Context`` parameter of the command). The line
    names the command (``escapology GAME generate``) and every parameter the user gave, in the order
    of the command's signature, except those in :data:`NOT_GENERATING`; ``used`` adds or overrides
    values (the seed drawn by :func:`draw_seed`). Positional arguments come first. Values are
    quoted for a POSIX shell, so the line can be pasted as it is. Without a context (a command
    function called directly) it names only ``used``.

    The guarantee rests on two things: the generators are deterministic functions of their
    parameters and seed (their limits count nodes or rounds, never seconds), and a parameter left at
    its default has the same default when the line is run again (the same escapology version).
    """

    names: list[str] = []
    values: dict[str, Any] = {}
    params: list[Any] = []
    if ctx is not None:
        node = ctx
        while node is not None and node.parent is not None:
            names.insert(0, node.info_name or "")
            node = node.parent
        params = list(ctx.command.params)
        for p in params:
            if p.name is None or p.name in NOT_GENERATING:
                continue
            source = ctx.get_parameter_source(p.name)
            if source is not None and source.name in ("COMMANDLINE", "ENVIRONMENT"):
                values[p.name] = ctx.params.get(p.name)
    values.update(used)
    known = {p.name for p in params}
    tokens = ["escapology", *names]
    tokens += [_token(values[p.name]) for p in params
               if p.param_type_name == "argument" and values.get(p.name) is not None]
    for p in params:
        if p.param_type_name == "option" and p.name in values:
            tokens += _option_tokens(p, values[p.name])
    for name, value in used.items():  # not a parameter of the command (a direct call)
        if name not in known and value is not None:
            tokens += [f"--{name.replace('_', '-')}", _token(value)]
    return shlex.join(tokens)


def _token(value: Any) -> str:
    if isinstance(value, Enum):
        return str(value.value)
    return str(value)


def _option_tokens(option: Any, value: Any) -> list[str]:
    """``option`` given ``value`` as command-line tokens (flags by their on or off name)."""
    longest = sorted(option.opts, key=lambda o: (not o.startswith("--"), o))[0]
    if option.is_flag:
        if option.secondary_opts and not value:
            return [sorted(option.secondary_opts, key=lambda o: not o.startswith("--"))[0]]
        return [longest] if value else []
    if value is None:
        return []
    if option.multiple:
        return [tok for v in value for tok in (longest, _token(v))]
    return [longest, _token(value)]


def report_picture(board: str | None, output: Path | None, json_output: bool, **extra: Any) -> None:
    """``render``: print the text board (if any) and where the picture went; JSON
    ``{"board": text or null, "output": path or null, **extra}``."""
    watchdog.disarm()
    if json_output:
        emit_json({"board": board, "output": None if output is None else str(output), **extra})
        return
    if board:
        typer.echo(board)
    if output is not None:
        typer.echo(f"wrote {output}")

F = TypeVar("F", bound=Callable[..., Any])


def fail(message: str, code: int = EXIT_BAD_INPUT) -> "typer.Exit":
    """Print one line to stderr and return the exit to raise."""
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code)


#: True while a command runs under the ``escapology`` app, whose root callback started the clock
#: of :meth:`Deadline.from_process_start <escapology.core.limits.Deadline.from_process_start>`
_clock_running = False
#: True in a real ``escapology`` process (not in-process under typer's ``CliRunner``): only there
#: may the watchdog of ``--timeout`` end the process
_real_process = False
#: whether the running command answers in JSON (what the watchdog's "unknown" is written in)
_json_output = False
#: whether the running command has set the process's memory limit (:func:`command_memory`)
_memory_set = False


def start_command_clock(real_process: bool) -> None:
    """Start the clock ``--timeout`` counts from: the start of the process for a real ``escapology``
    process, now for a command run in-process (typer's ``CliRunner``, a notebook), so that every
    invocation counts from its own start. The root callback of :mod:`escapology.cli` calls this."""
    global _clock_running, _real_process, _memory_set
    limits.start_clock(limits.process_start() if real_process else None)
    _clock_running, _real_process, _memory_set = True, real_process, False


def stop_command_clock() -> None:
    """The command has ended (the next one starts the clock again)."""
    global _clock_running
    _clock_running = False
    watchdog.disarm()


def _overrun() -> None:
    report_unknown(_json_output, note=f"the time limit was reached (stopped {watchdog.GRACE:g} s after it: "
                                      "a phase that cannot watch the clock ran over)")
    deliver_answer_file()


def command_deadline(timeout: float | None) -> Deadline:
    """The deadline of a command's ``--timeout``: ``timeout`` seconds after the start of the
    process (:meth:`Deadline.from_process_start`), so that reading the input counts too. Make it
    once, at the start of the command; pass it to the reader (``deadline=``, inside
    :func:`reading_input`) and ``timeout=deadline.remaining()`` (or the deadline itself) to the solver. A command function
    called directly (not through the ``escapology`` app) counts from now. In a real ``escapology``
    process it also arms the watchdog (:mod:`escapology.core.watchdog`): a phase that overruns the
    deadline by more than a second ends the process with the answer "unknown" (exit 3)."""
    if _clock_running:
        deadline = Deadline.from_process_start(timeout)
        remaining = deadline.remaining()
        if _real_process and remaining is not None:
            watchdog.arm(remaining, _overrun)
        return deadline
    return Deadline(timeout)


def command_memory(mib: float | None) -> None:
    """Bound the command's process to ``--memory`` MiB (:func:`escapology.core.memory.limit`: its
    peak resident memory stays under it; an allocation past it is the answer "unknown", exit 3).
    Call it once, at the start of the command, after :func:`command_deadline` (the watchdog's
    thread is then counted as the process's own). Only in a real ``escapology`` process: run
    in-process (typer's ``CliRunner``, a notebook) nothing is set, and ``--memory`` goes only to
    the engines that take a memory limit. A limit below what the process takes at the start is
    bad input (exit 2, saying how much the command needs)."""
    global _memory_set
    if mib is not None and _clock_running and _real_process and not _memory_set:
        _memory_set = True  # once per command (``escapology solve FILE`` sets it before it reads)
        memory_limit.limit(mib, native=_native_failure())


def _native_failure() -> memory_limit.NativeFailure:
    """What the native extension writes when its allocation fails under the limit: the answer
    "unknown" as :func:`report_unknown` prints it without a result (``{"status": "unknown"}`` in
    JSON), on the command's standard output, the note on standard error, exit 3."""
    answer = json.dumps({"status": "unknown"}, separators=(", ", ": ")) if _json_output else "unknown"
    failure = memory_limit.NativeFailure(f"{answer}\n".encode(), f"note: {memory_limit.NOTE}\n".encode(), EXIT_LIMIT)
    pending = _pending_answer
    if pending is not None:  # solve -o FILE: into the temporary file, renamed to FILE
        try:
            sys.stdout.flush()
            fd = sys.stdout.fileno()
        except (AttributeError, OSError, ValueError):
            return failure
        name, target = pending
        return failure._replace(out_fd=fd, rename=(os.fsencode(name), os.fsencode(target)),
                                after=f"wrote {target}\n".encode())
    return failure


@contextlib.contextmanager
def reading_input() -> Any:
    """Read the input inside this block: a :class:`~escapology.core.limits.LimitReached` raised by
    a reader polling the command's deadline becomes the answer "unknown" with the note that the time
    limit was reached while reading the input (see :func:`user_errors`). A deadline that passes
    unnoticed by the reader leaves the solver no time: it answers "unknown" in its own words."""
    try:
        yield
    except LimitReached as exc:
        exc.while_reading = True  # type: ignore[attr-defined]
        raise


def _json_requested(kwargs: dict[str, Any]) -> bool:
    fmt = kwargs.get("format")
    return fmt is OutputFormat.json or fmt == "json"


def user_errors(func: F) -> F:
    """Turn a user's mistakes into one line on stderr and exit code 2, never a traceback; a time
    limit reached outside the search (while reading the input) is the answer "unknown" (exit 3)."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        global _json_output
        _json_output = _json_requested(kwargs)
        try:
            try:
                return func(*args, **kwargs)
            except (MemoryError, RuntimeError, OSError, SystemError) as exc:
                if not memory_limit.is_out_of_memory(exc):
                    raise
                exc.__traceback__ = None  # let go of the frames that hold what was allocated
            out_of_memory()
        except InputError as exc:
            raise fail(str(exc)) from None
        except LimitReached as exc:
            note = ("the time limit was reached while reading the input" if getattr(exc, "while_reading", False)
                    else "the time limit was reached")
            raise typer.Exit(report_unknown(_json_requested(kwargs), note=note)) from None
        except FileNotFoundError as exc:
            raise fail(f"{exc.filename}: no such file") from None
        except IsADirectoryError as exc:
            raise fail(f"{exc.filename}: is a directory") from None
        except UnicodeDecodeError as exc:  # a reader that decoded by itself: name the command's file
            where = next((str(kwargs[k]) for k in ("file", "puzzle", "source") if kwargs.get(k) is not None),
                         "the input")
            where = STDIN if where == "-" else where
            raise fail(f"{where}: not UTF-8 text (byte at offset {exc.start}): is this a binary file?") from None
        except BrokenPipeError:  # output piped into `head` and closed early
            sys.stderr.close()
            raise typer.Exit(0) from None

    return wrapper  # type: ignore[return-value]


def out_of_memory() -> NoReturn:
    """An allocation failed (the memory limit was reached): print the answer "unknown" the one way
    every command does, with the note that the memory limit was reached, and end with exit 3."""
    raise typer.Exit(report_unknown(_json_output, note=memory_limit.NOTE))


class GameStopped(Exception):
    """Raised by a ``play`` command's prompt to end the game early (the player quit)."""


@contextlib.contextmanager
def terminal_game() -> Any:
    """Around a game played at the terminal (every game's ``play``): when the input ends before
    the game does (Ctrl-D, a file of moves that runs out), or the player quits
    (:class:`GameStopped`), say that the game stopped and exit 0, never click's ``Aborted.`` with
    exit 1."""
    try:
        yield
    except GameStopped as exc:
        typer.echo(f"\nthe game stopped: {exc or 'you quit'}")
        raise typer.Exit(EXIT_OK) from None
    except (EOFError, typer.Abort):  # typer.prompt turns the end of the input into Abort
        typer.echo("\nthe game stopped: the input ended before the game did")
        raise typer.Exit(EXIT_OK) from None


def read_input(path: str | Path) -> tuple[str, str]:
    """Return ``(text, name)`` for a path, or for standard input when ``path`` is ``-``; a missing
    file, a directory or bytes that are not UTF-8 are an :class:`InputError` naming the file (and
    the line of the first bad byte)."""
    if str(path) == "-":
        return read_stdin(), STDIN
    p = Path(path)
    return read_text_file(p), str(p)


def emit_json(obj: Any) -> None:
    """Print one JSON object on one line."""
    watchdog.disarm()  # the answer is being written: too late to say unknown
    typer.echo(json.dumps(obj, separators=(", ", ": "), ensure_ascii=False))


def report_check(errors: list[str], json_output: bool, accepted: str, **extra: Any) -> "typer.Exit":
    """Print a checker's verdict (JSON ``{"valid": ..., **extra, "errors": [...]}``, or one line per
    violation, or ``valid: <accepted>``) and return the exit to raise: 0 accepted, 1 rejected."""
    watchdog.disarm()
    if json_output:
        emit_json({"valid": not errors, **extra, "errors": errors})
    elif errors:
        for e in errors:
            typer.echo(f"rejected: {e}")
    else:
        typer.echo(f"valid: {accepted}")
    return typer.Exit(EXIT_REJECTED if errors else EXIT_OK)


def report_unknown(json_output: bool, answer: dict[str, Any] | None = None, detail: str = "",
                   note: str = "the time limit was reached") -> int:
    """Print an "unknown" answer the one way every command does and return exit code 3.

    Standard output carries the answer: the JSON object ``answer`` (with ``"status": "unknown"``),
    or a text line whose first word is ``unknown`` (followed by ``detail``, what is known, e.g. a
    lower bound). Standard error carries the human note (``note``: why there is no answer).
    """
    watchdog.disarm()
    if json_output:
        emit_json({**(answer or {}), "status": "unknown"})
    else:
        typer.echo(f"unknown: {detail}" if detail else "unknown")
    if note:
        typer.echo(f"note: {note}", err=True)
    return EXIT_LIMIT


def is_terminal() -> bool:
    return sys.stdout.isatty()
