"""``escapology chess ...``: the four verbs, made from :data:`escapology.chess.spec.SPEC` by the
command layer (:mod:`escapology.core.commands`); this module adds the game's recognition and demo."""

from __future__ import annotations

from pathlib import Path

import typer

from escapology.chess import api
from escapology.chess.spec import LEGEND, SPEC, text_picture
from escapology.core.commands import verbs_app

app = verbs_app(SPEC)

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "chess" / "teleport.txt"


def detect(text: str) -> bool:
    """True iff ``text`` is a teleport-chess instance (see :func:`escapology.chess.io.detect`)."""
    from escapology.chess.io import detect as _detect

    return _detect(text)


def demo() -> None:
    """Solve the shipped example and print the answer with its witness."""
    inst = api.load(EXAMPLE)
    sol = api.solve(inst)
    typer.echo(f"{EXAMPLE.name}: {inst.describe()}")
    typer.echo(text_picture(inst, sol))
    typer.echo("checker: " + ("valid" if api.check(inst, sol).ok else "; ".join(api.check(inst, sol).errors)))


__all__ = ["LEGEND", "app", "demo", "detect"]
