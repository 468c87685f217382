"""Teleport chess as the command layer sees it (:mod:`escapology.core.commands`): its one engine
and its own options, each defined once. The functions are named, not imported, so that
``escapology chess --help`` loads none of the game (numpy)."""

from __future__ import annotations

from escapology.core.commands import EngineSpec, GameSpec, Option, choices

#: the generator's kinds (escapology.chess.generator.KINDS, not imported: it needs numpy; a test
#: keeps the two equal)
KINDS = ("random", "capture", "cross", "sidon", "bob")
Kind = choices("Kind", KINDS)

ENGINES = (
    EngineSpec("exact", "escapology.chess.api:solve",
               "the slides' exact decision: capture path, safe field by rows, Bob's counting lemma"),
)

OPTIONS = (
    Option("n", int, None, "The board size (old form of --size).", verbs=("generate",), argument=True,
           hidden=True, alias_of="size"),
    Option("size", int, None, "Board size and number of vectors (2..100000; default 8).", verbs=("generate",)),
    Option("kind", Kind, Kind.random, "The kind of vectors: random, capture (Alice wins), cross and sidon (draws "
           "that need the row method), bob (Bob wins by the counting lemma).", verbs=("generate",)),
    Option("spread", int, None, "Largest |dx|, |dy| of random vectors (default n-1).", verbs=("generate",)),
    Option("witness", bool, None, flags=("--witness/--no-witness",), verbs=("render",), alias_of="solve_first",
           to="none"),
)

_API = "escapology.chess.api:"

SPEC = GameSpec(
    "chess", "Teleport chess: Alice moves (0-2 moves or a teleport), then Bob; win, draw or loss for Alice.",
    load=_API + "load", solve=_API + "solve", check=_API + "check", generate=_API + "generate",
    render=_API + "render", dumps="escapology.chess.io:format_instance", engines=ENGINES, options=OPTIONS,
    comment="#", text_picture="escapology.chess.drawing:text_picture", certificate_of=_API + "certificate_of",
    render_solves=True, answer_text="escapology.chess.solver:explain",
    instance_help="An instance: 'n', 'ax ay bx by', n lines 'dx dy' ('-' = stdin).",
    help={
        "solve": "Decide win/draw/loss exactly and print it with a witness.\n\n"
                 'JSON: {"outcome": "alice"|"draw"|"bob", "witness": {...}, "status": ..., "certificate": ...}. '
                 "--memory bounds the process (the solver itself needs O(n) memory).",
        "check": "Verify what 'solve --format json' wrote, independently (exit 0 valid, 1 rejected).",
        "generate": "Write a random or adversarial instance (the first line, a comment, is the command that "
                    "makes it again).",
        "render": "Print the board as text (n <= 60), or with --output draw it, with reach and witness, as SVG or PNG (n <= 200).\n\n"
                  "The witness is solved for (--solve, the default) or read from --certificate.",
    },
)
