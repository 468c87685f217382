"""``escapology labyrinth ...``: the four verbs, made from :data:`escapology.labyrinth.spec.SPEC`
by the command layer (:mod:`escapology.core.commands`); this module adds the game's recognition
and its demo."""

from __future__ import annotations

import json
import re

import typer

from escapology.core.commands import verbs_app
from escapology.core.examples import example
from escapology.core.wording import plural
from escapology.labyrinth import api
from escapology.labyrinth.spec import SPEC

EXAMPLE = example("labyrinth", "small.lp")

app = verbs_app(SPEC)


def detect(text: str) -> bool:
    """A Labyrinth instance has field/2 and connect/3 facts."""
    return bool(re.search(r"^\s*field\s*\(", text, re.M)) and "connect(" in text.replace(" ", "")


def demo() -> None:
    """Solve the shipped example with both engines and replay the plan."""
    inst = api.load(EXAMPLE)
    native = api.solve(inst)
    typer.echo(f"{EXAMPLE.name}: {inst.n}x{inst.n}, avatar {inst.init}, goal {inst.goal}, max_steps {inst.max_steps}")
    typer.echo(f"native plan: {native.facts()}  ({plural(native.pushes, 'push')}, optimal={native.optimal})")
    typer.echo(f"checker: {api.check(inst, native.certificate).summary}")
    cl = api.solve(inst, engine="clingo")
    typer.echo(f"clingo cross-check: {plural(cl.pushes, 'push')} ({cl.facts()})")
    typer.echo(json.dumps(native.to_json()))
