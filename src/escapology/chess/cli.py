"""``escapology chess ...``: the four verbs, made from :data:`escapology.chess.spec.SPEC` by the
command layer (:mod:`escapology.core.commands`); this module adds the game's recognition and demo."""

from __future__ import annotations

import typer

from escapology.chess.spec import SPEC
from escapology.core.commands import verbs_app
from escapology.core.examples import example

app = verbs_app(SPEC)

EXAMPLE = example("chess", "teleport.txt")


def detect(text: str) -> bool:
    """True iff ``text`` is a teleport-chess instance (see :func:`escapology.chess.io.detect`)."""
    from escapology.chess.io import detect as _detect  # the reader needs numpy: only when asked

    return _detect(text)


def demo() -> None:
    """Solve the shipped example and print the answer with its witness."""
    from escapology.chess import api  # the game itself (numpy): imported when the demo runs
    from escapology.chess.drawing import text_picture  # (numpy, as above): chess.cli stays numpy-free

    inst = api.load(EXAMPLE)
    sol = api.solve(inst)
    verdict = api.check(inst, sol)
    typer.echo(f"{EXAMPLE.name}: {inst.describe()}")
    typer.echo(text_picture(inst, sol))
    typer.echo("checker: " + ("valid" if verdict.ok else "; ".join(verdict.errors)))
