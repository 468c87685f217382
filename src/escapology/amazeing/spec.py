"""The aMAZEing Labyrinth as the command layer sees it (:mod:`escapology.core.commands`): its
engine and its own options, each defined once; ``escapology amazeing solve|check|generate|render``,
batch runs and the web app are made from this description."""

from __future__ import annotations

from pathlib import Path

from escapology.core.commands import EngineSpec, GameSpec, Option

_API, _VERBS = "escapology.amazeing.api:", "escapology.amazeing.verbs:"

ENGINES = (
    EngineSpec("search", "escapology.amazeing.solver:fewest_turns",
               "exact iterative deepening over shifts, orientations of the spare and walks (SP-Labyrinth); "
               "a race position (race_turns) is answered by the SP-Versus search (native when built)"),
)

OPTIONS = (
    Option("player", int, 0, "Index of the player who moves (0 = first)."),
    Option("max_turns", int, 6, "Search plans of at most this many turns."),
    Option("player", int, None, "Index of the player whose plan it is (default: the answer's player, else 0).",
           verbs=("check",)),
    Option("players", int, 1, "Number of players (1-4).", verbs=("generate",)),
    Option("size", str, None, "N (N x N) or ROWSxCOLS for a random board instead of the published 7x7 game.",
           verbs=("generate",)),
    Option("cnf", Path, None, "Build the Theorem 3 board of this DIMACS formula instead.", verbs=("generate",)),
    Option("plan", Path, None, verbs=("render",), alias_of="certificate", to="none"),
)


SPEC = GameSpec(
    "amazeing", "The aMAZEing Labyrinth (Schwahn & Thielen, FUN 2018): fewest turns, racing, the 3SAT board.",
    load=_API + "load", solve=_VERBS + "solve", check=_API + "check", generate=_VERBS + "generate",
    render=_VERBS + "render", dumps=_VERBS + "dumps", engines=ENGINES, options=OPTIONS, comment="",
    text_picture=_VERBS + "text_picture", certificate_of=_VERBS + "plan_of", text_certificate=True,
    instance_help="A position (JSON, see the game's page); '-' for stdin.",
    help={
        "solve": "SP-Labyrinth (Definition 1): the fewest turns to stand on the target tile, with the plan.\n\n"
                 "Text: one line per turn (what 'check' reads); JSON: the protocol's Result.to_json(). A race "
                 "position (race_turns) is answered as 'race' answers it.",
        "check": "Check a plan (what 'solve' wrote, text or JSON, or a list of turns) with the plain rules engine; "
                 "exit 0 if it is valid and reaches the target, else 1.",
        "generate": "Write a position: a random start of the published game, a random board, or the 3SAT board "
                    "(its \"command\" key is the command that makes it again).",
        "render": "Print the board as text (after the plan); with --output, draw it instead (each turn of the plan) as SVG or PNG.",
    },
)
