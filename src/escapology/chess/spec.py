"""Teleport chess as the command layer sees it (:mod:`escapology.core.commands`): its one engine
and its own options, each defined once."""

from __future__ import annotations

from typing import Any

from escapology.chess import api
from escapology.chess.io import format_instance
from escapology.chess.model import Instance
from escapology.core.commands import EngineSpec, GameSpec, Option

#: the generator's kinds (escapology.chess.generator.KINDS, not imported: it needs numpy)
KINDS = ("random", "capture", "cross", "sidon", "bob")

#: the key to the text board
LEGEND = "(A Alice, B Bob, x Bob reaches, o Alice reaches, * safe field)"

ENGINES = (
    EngineSpec("exact", "escapology.chess.solver:solve",
               "the slides' exact decision: capture path, safe field by rows, Bob's counting lemma"),
)

OPTIONS = (
    Option("n", int, None, "The board size (old form of --size).", verbs=("generate",), argument=True,
           hidden=True, alias_of="size"),
    Option("size", int, None, "Board size and number of vectors (2..100000; default 8).", verbs=("generate",)),
    Option("kind", str, "random", f"One of: {', '.join(KINDS)}.", verbs=("generate",)),
    Option("spread", int, None, "Largest |dx|, |dy| of random vectors (default n-1).", verbs=("generate",)),
    Option("witness", bool, None, flags=("--witness/--no-witness",), verbs=("render",), alias_of="solve_first",
           to="none"),
)


def answer_text(inst: Instance, result: Any) -> str:
    """The answer in words (:func:`escapology.chess.solver.explain`)."""
    from escapology.chess.solver import explain

    return explain(inst, result)


def text_picture(inst: Instance, answer: Any) -> str:
    """The board (``n <= 60``) with the key and, with an answer, its witness in words."""
    from escapology.chess.render import MAX_TEXT, text_board
    from escapology.chess.solver import explain
    from escapology.core.errors import InputError

    if inst.n > MAX_TEXT:
        raise InputError(f"n = {inst.n} is too large to print; use --output FILE.svg (n <= 200)")
    sol = api.solution_of(answer)
    return text_board(inst, sol) + "\n" + LEGEND + ("\n" + explain(inst, sol) if sol is not None else "")


def _certificate(inst: Instance, data: Any, file: str) -> Any:
    """What ``render --certificate`` draws: the answer of ``solve --format json``, checked to be one."""
    from escapology.core.errors import InputError

    answer = api.solution_of(data, file=file)
    if answer is None:
        raise InputError("not an answer of 'solve --format json'", file=file)
    return answer


def _dumps(inst: Instance) -> str:
    return format_instance(inst)


SPEC = GameSpec(
    "chess", "Teleport chess: Alice moves (0-2 moves or a teleport), then Bob; win, draw or loss for Alice.",
    load=api.load, solve=api.solve, check=api.check, generate=api.generate, render=api.render,
    dumps=_dumps, engines=ENGINES, options=OPTIONS, comment="#", text_picture=text_picture,
    certificate_of=_certificate, render_solves=True, answer_text=answer_text,
    instance_help="An instance: 'n', 'ax ay bx by', n lines 'dx dy' ('-' = stdin).",
    help={
        "solve": "Decide win/draw/loss exactly and print it with a witness.\n\n"
                 'JSON: {"outcome": "alice"|"draw"|"bob", "witness": {...}, "status": ..., "certificate": ...}. '
                 "--memory is not used (the solver needs O(n) memory).",
        "check": "Verify what 'solve --format json' wrote, independently (exit 0 valid, 1 rejected).",
        "generate": "Write a random or adversarial instance (the first line, a comment, is the command that "
                    "makes it again).",
        "render": "Print the board (n <= 60) and draw it, with reach and witness, as SVG or PNG (n <= 200).\n\n"
                  "The witness is solved for (--solve, the default) or read from --certificate.",
    },
)
