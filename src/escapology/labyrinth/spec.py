"""The Labyrinth as the command layer sees it (:mod:`escapology.core.commands`): its engines and
its own options, each defined once; ``escapology labyrinth solve|check|generate|render``, batch runs
and the web app are made from this description."""

from __future__ import annotations

from enum import Enum
from pathlib import Path

from escapology.core.commands import EngineSpec, GameSpec, Option

#: the largest board side the reader takes (escapology.labyrinth.io.MAX_SIDE; named here so that
#: the description imports none of the game: tests/labyrinth/test_io.py keeps the two equal)
MAX_SIDE = 128
_API = "escapology.labyrinth.api:"

#: the one list of the Labyrinth's engines: the command line's choices, the batch runner's, the web
#: page's and escapology.labyrinth.engines.solve read it
ENGINES = (
    EngineSpec("native", "escapology.labyrinth.engines:native",
               "the dedicated search in Rust: iterative deepening with the pruning rules, proves the minimum"),
    EngineSpec("clingo", "escapology.labyrinth.engines:clingo",
               "the project's ASP encoding run by clingo (a cross-check)", ("clingo",)),
    EngineSpec("exhaustive", "escapology.labyrinth.engines:exhaustive",
               "plain breadth-first search over boards (tiny boards only)"),
)


class Goal(str, Enum):
    """``solve --goal``: the fewest pushes (proven), or any plan within ``max_steps``."""

    fewest = "fewest"
    any = "any"


OPTIONS = (
    Option("workers", int, None, "Threads of the native engine's exact search (default: every core; 1 is "
           "deterministic).", min=1),
    Option("ray", str, None, "Share the search across the Ray cluster at ADDRESS (host:port, 'auto', "
           "or 'local' with --workers CPUs): the states after the first pushes, searched depth by depth; "
           "the proof is assembled from all parts."),
    Option("goal", Goal, Goal.fewest, "fewest: the plan with the fewest pushes, proven when the time allows; "
           "any: the first plan within max_steps found, or the proof that there is none (the ASP "
           "Competition's decision task)."),
    Option("progress", bool, None, "", hidden=True, flags=("--progress/--no-progress",)),
    Option("plan", Path, None, verbs=("render",), alias_of="certificate", to="none"),
    Option("size", int, 10, "Board size n (n x n; at most 128, the largest board the reader takes).",
           verbs=("generate",), min=2, max=MAX_SIDE),
    Option("density", float, 0.42, "Probability of each connection.", verbs=("generate",), min=0.0, max=1.0),
    Option("max_steps", int, None, "Step bound (default n).", verbs=("generate",), min=0),
    Option("min_pushes", int, 0, "Draw until the fewest pushes is proven to be at least this (the native engine, "
           "a fixed number of nodes per candidate: reproducible).", verbs=("generate",), min=0),
)


SPEC = GameSpec(
    "labyrinth", "Labyrinth (ASP Competition): the fewest pushes to the goal.",
    load=_API + "load", solve=_API + "solve", check=_API + "check", generate=_API + "generate",
    render=_API + "render", dumps="escapology.labyrinth.io:format_instance", engines=ENGINES, options=OPTIONS,
    comment="%", text_certificate=True, text_picture="escapology.labyrinth.drawing:text_frames",
    certificate_of=_API + "plan_of",
    instance_help="Instance file with ASP facts, or - for standard input.",
    help={
        "solve": "The plan with the fewest pushes, and whether that minimum is proven.\n\n"
                 "Text: push(z,d,s) facts (what 'check' reads); JSON: the protocol's Result.to_json().\n"
                 "--timeout counts from the start, reading included; --memory (MiB) is passed to the engine "
                 "(refused beforehand when the engine would need more; the exhaustive engine stops with 'unknown').",
        "check": "Accept the plan (push(z,d,s) facts or the JSON of 'solve') for FILE, or name its first "
                 "violation (exit 1).",
        "generate": "A random instance in the competition's format (the first line is the command that makes it).",
        "render": "Show the board (and each step of a plan) as text, or write it as SVG/PNG.",
    },
)
