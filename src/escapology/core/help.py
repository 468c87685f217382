"""How the command line's ``--help`` reads: one command class and one app class for every command.

Typer 0.28 prints a required argument as ``{FILE}`` in the usage line, an argument's type as
``<str>`` beside it, and keeps the line breaks of a docstring inside a paragraph, so that the help
of a command written as a wrapped docstring breaks mid-sentence where the source wrapped it. The
commands of the whole tree are made with :class:`Command` (through :class:`App`, whose
``command`` defaults to it), which

- writes the usage line the way command lines are read: ``FILE`` required, ``[CERTIFICATE]``
  optional, ``...`` after one taken more than once, every argument's name in capitals;
- shows no type for a plain text argument (a file name, a URL), where ``<str>`` says nothing, and
  names a text option's value after the option (``--start START``);
- turns every paragraph of the help into one line of prose (:func:`prose`), which the terminal
  wraps at its own width: lists, indented blocks and paragraphs marked ``\\b`` keep their lines.

>>> print(prose('''Solve FILE and print
... the answer.
...
... - one item
... - two items'''))
Solve FILE and print the answer.
<BLANKLINE>
- one item
- two items
"""

from __future__ import annotations

import inspect
from typing import Any

import typer
from typer import _click
from typer.core import TyperArgument, TyperCommand

#: a line that starts one of these keeps its own line: list items, tables, shell lines, blocks
_KEEP_LINE = ("- ", "* ", "| ", "$ ", "> ", "• ")


def prose(text: str | None) -> str | None:
    """``text`` with each paragraph on one line, except paragraphs whose lines are a list, an
    indented block or marked ``\\b`` (click's "keep these lines" mark); what follows ``\\f`` (the
    part of a docstring not meant for ``--help``) is left as it is."""
    if not text:
        return text
    shown, cut, hidden = inspect.cleandoc(text).partition("\f")
    paragraphs = []
    for para in shown.split("\n\n"):
        lines = para.split("\n")
        keep = para.startswith("\b") or any(
            line.startswith(" ") or line.lstrip().startswith(_KEEP_LINE) for line in lines[1:])
        paragraphs.append(para if keep else " ".join(line.strip() for line in lines))
    return "\n\n".join(paragraphs) + cut + hidden


class _PlainText(_click.types.StringParamType):
    """Text taken as it is (a file name, ``-``, a URL): no type shown beside the argument."""

    def get_metavar(self, param: Any, ctx: Any = None) -> str:
        return ""


_PLAIN_TEXT = _PlainText()


class Command(TyperCommand):
    """A command whose help reads as whole sentences and whose usage line shows ``FILE``,
    ``[CERTIFICATE]`` (see the module's description)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.help = prose(self.help)
        self.short_help = prose(self.short_help)
        for param in self.params:
            if isinstance(param, TyperArgument):
                param.metavar = (param.metavar or param.name or "").upper()
                if type(param.type) is _click.types.StringParamType:
                    param.type = _PLAIN_TEXT
            else:
                param.help = prose(param.help)
                if (param.metavar is None and type(param.type) is _click.types.StringParamType
                        and not getattr(param, "is_flag", False)):
                    param.metavar = (param.name or "").upper()  # "--start START", not "<str>"

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if isinstance(param, TyperArgument):
                name = param.metavar or (param.name or "").upper()
                name = name if param.required else f"[{name}]"
                pieces.append(name + ("..." if param.nargs != 1 else ""))
        return pieces


class App(typer.Typer):
    """A typer app whose commands are :class:`Command` unless a command names its own class."""

    def command(self, name: str | None = None, *, cls: type[TyperCommand] | None = None,
                **kwargs: Any) -> Any:
        return super().command(name, cls=cls or Command, **kwargs)
