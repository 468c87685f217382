"""Helpers that keep every game's CLI alike: shared options, input reading, output, exit codes.

Each game's ``cli.py`` builds its typer app from these so that ``--format``, ``--timeout`` and the
exit codes (0 answered, 2 bad input, 3 limit reached) mean the same everywhere.
"""

from __future__ import annotations

import functools
import json
import sys
from enum import Enum
from pathlib import Path
from typing import Annotated, Any, Callable, Optional, TypeVar

import typer

from escapology.core.errors import InputError
from escapology.core.results import EXIT_BAD_INPUT, EXIT_LIMIT, EXIT_OK, EXIT_REJECTED


class OutputFormat(str, Enum):
    text = "text"
    json = "json"


FormatOption = Annotated[
    OutputFormat, typer.Option("--format", "-f", help="Output as human-readable text or JSON.")
]
TimeoutOption = Annotated[
    Optional[float],
    typer.Option("--timeout", "-t", help="Give up after this many seconds (answer 'unknown', exit 3)."),
]
OutputOption = Annotated[
    Optional[Path], typer.Option("--output", "-o", help="Write the picture here (.svg or .png).")
]

F = TypeVar("F", bound=Callable[..., Any])


def fail(message: str, code: int = EXIT_BAD_INPUT) -> "typer.Exit":
    """Print one line to stderr and return the exit to raise."""
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code)


def user_errors(func: F) -> F:
    """Turn a user's mistakes into one line on stderr and exit code 2, never a traceback."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except InputError as exc:
            raise fail(str(exc)) from None
        except FileNotFoundError as exc:
            raise fail(f"{exc.filename}: no such file") from None
        except IsADirectoryError as exc:
            raise fail(f"{exc.filename}: is a directory") from None
        except UnicodeDecodeError:
            raise fail("input is not UTF-8 text") from None
        except BrokenPipeError:  # output piped into `head` and closed early
            sys.stderr.close()
            raise typer.Exit(0) from None

    return wrapper  # type: ignore[return-value]


def read_input(path: str | Path) -> tuple[str, str]:
    """Return ``(text, name)`` for a path, or for standard input when ``path`` is ``-``."""
    if str(path) == "-":
        return sys.stdin.read(), "<stdin>"
    p = Path(path)
    return p.read_text(encoding="utf-8"), str(p)


def emit_json(obj: Any) -> None:
    """Print one JSON object on one line."""
    typer.echo(json.dumps(obj, separators=(", ", ": "), ensure_ascii=False))


def report_check(errors: list[str], json_output: bool, accepted: str, **extra: Any) -> "typer.Exit":
    """Print a checker's verdict (JSON ``{"valid": ..., **extra, "errors": [...]}``, or one line per
    violation, or ``valid: <accepted>``) and return the exit to raise: 0 accepted, 1 rejected."""
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
    if json_output:
        emit_json({**(answer or {}), "status": "unknown"})
    else:
        typer.echo(f"unknown: {detail}" if detail else "unknown")
    if note:
        typer.echo(f"note: {note}", err=True)
    return EXIT_LIMIT


def is_terminal() -> bool:
    return sys.stdout.isatty()
