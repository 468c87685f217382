"""The option reference of ``docs/cli.md``, made from the commands themselves.

Every game's commands are built from one definition (its :class:`~escapology.core.commands.GameSpec`
and, for the game's own commands, their typer signatures); this module walks the built commands
and writes the reference as Markdown, so that the documentation cannot drift from ``--help``:
``make test`` checks that ``docs/cli.md`` holds exactly what :func:`reference` writes today, and
``python -m escapology.reference docs/cli.md`` rewrites that part of the page.

>>> "| `-e`, `--engine`" in reference(["labyrinth"])
True
"""

from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path
from typing import Any, Iterable

import typer

from escapology.games import GAMES

BEGIN = "<!-- option reference: made by `python -m escapology.reference docs/cli.md`; do not edit -->"
END = "<!-- end of the option reference -->"


def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def _default(param: Any) -> str:
    default = param.default
    if callable(default) or default is None or param.required or getattr(param, "is_flag", False) and default is False:
        return ""
    if isinstance(default, Enum):
        default = default.value
    if isinstance(default, (list, tuple)):
        return ""
    return f"`{default}`"


def _names(param: Any) -> str:
    if param.param_type_name == "argument":
        return f"`{(param.metavar or param.name).strip('{}').upper()}`"
    names = [*param.opts, *getattr(param, "secondary_opts", [])]
    return ", ".join(f"`{n}`" for n in sorted(names, key=lambda n: (n.startswith("--"), n)))


def _choices(param: Any) -> str:
    """`` (`a`, `b`)`` for an option whose values are an enumeration."""
    choices = getattr(getattr(param, "type", None), "choices", None)  # click's Choice
    if not choices:  # typer's own descriptor (typer >= 0.29)
        annotation = getattr(getattr(param, "type_descriptor", None), "annotation", None)
        if isinstance(annotation, type) and issubclass(annotation, Enum):
            choices = [c.value for c in annotation]
    return " (" + ", ".join(f"`{getattr(c, 'value', c)}`" for c in choices) + ")" if choices else ""


def command_rows(command: Any) -> list[str]:
    """Table rows of one command's visible parameters (``--help`` itself left out)."""
    rows = []
    for param in command.params:
        if getattr(param, "hidden", False) or param.name in ("help", "ctx"):
            continue
        help_text = getattr(param, "help", None) or ""
        rows.append(f"| {_names(param)} | {_cell(help_text)}{_choices(param)} | {_default(param)} |")
    return rows


def reference(games: Iterable[str] | None = None) -> str:
    """The Markdown reference of every command of ``games`` (default: all), in the registry's
    order: one heading per game, one table per command."""
    chosen = [g for g in GAMES if games is None or g.name in set(games)]
    out: list[str] = []
    for game in chosen:
        group = typer.main.get_command(game.cli().app)
        out.append(f"### `escapology {game.name}`")
        out.append("")
        for name in sorted(group.commands, key=lambda n: (n not in ("solve", "check", "generate", "render"),
                                                          ("solve", "check", "generate", "render").index(n)
                                                          if n in ("solve", "check", "generate", "render") else 0, n)):
            command = group.commands[name]
            if getattr(command, "hidden", False):
                continue
            summary = (command.help or "").strip().splitlines()[0] if command.help else ""
            out.append(f"**`{name}`**: {_cell(summary)}")
            out.append("")
            out.append("| option | meaning | default |")
            out.append("| --- | --- | --- |")
            out.extend(command_rows(command))
            out.append("")
    return "\n".join(out).rstrip() + "\n"


def replace_in(page: str, games: Iterable[str] | None = None) -> str:
    """``page`` with the text between :data:`BEGIN` and :data:`END` made anew."""
    head, sep, rest = page.partition(BEGIN)
    if not sep:
        raise ValueError("the page has no option reference marker")
    _, sep2, tail = rest.partition(END)
    if not sep2:
        raise ValueError("the page's option reference has no end marker")
    return f"{head}{BEGIN}\n\n{reference(games)}\n{END}{tail}"


def main(argv: list[str] | None = None) -> int:
    """``python -m escapology.reference PAGE``: rewrite PAGE's option reference in place."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m escapology.reference docs/cli.md", file=sys.stderr)
        return 2
    page = Path(args[0])
    page.write_text(replace_in(page.read_text(encoding="utf-8")), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
