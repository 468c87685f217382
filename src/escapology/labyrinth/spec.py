"""The Labyrinth as the command layer sees it (:mod:`escapology.core.commands`): its engines and
its own options, each defined once; ``escapology labyrinth solve|check|generate|render``, batch runs
and the web app are made from this description."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Any

from escapology.core.commands import EngineSpec, GameSpec, Option
from escapology.core.errors import InputError
from escapology.labyrinth import api
from escapology.labyrinth.io import MAX_SIDE, format_instance, parse_plan
from escapology.labyrinth.model import Instance, Push

ENGINES = (
    EngineSpec("native", "escapology.labyrinth.native:solve_native",
               "the dedicated search in Rust: iterative deepening with the pruning rules, proves the minimum"),
    EngineSpec("clingo", "escapology.labyrinth.clingo_engine:solve_clingo",
               "the project's ASP encoding run by clingo (a cross-check)", ("clingo",)),
    EngineSpec("exhaustive", "escapology.labyrinth.exhaustive:solve_exhaustive",
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


def plan_of(inst: Instance, data: Any, file: str) -> list[Push]:
    """The plan ``render --certificate`` draws: push facts or the JSON of ``solve``, in step order;
    a plan that breaks a rule (other than leaving the goal unreachable) is bad input."""
    if isinstance(data, str):
        facts = parse_plan(data, file=file)
    else:
        triples = api.plan_triples(data)
        if isinstance(triples, str):
            raise InputError(triples, file=file)
        facts = parse_plan(" ".join(f"push({z},{d},{s})." for z, d, s in triples), file=file)
    facts = sorted(facts, key=lambda f: f.step)
    verdict = api.check_plan(inst, facts)
    if not verdict.ok and verdict.step is not None and "reachable" not in verdict.message:
        raise InputError(verdict.message, file=file, line=verdict.line)
    return [Push(f.z, f.direction) for f in facts]


def _text_frames(inst: Instance, plan: Any) -> str:
    from escapology.labyrinth.render import text_frames  # the drawing code: only render needs it

    return text_frames(inst, plan or [])


def _solve(inst: Instance, *, progress: bool | None = None, **options: Any) -> Any:
    """The command's solve: a progress display on a terminal (``progress=None``)."""
    return api.solve(inst, progress=progress, **options)


def _generate(*, size: int | None = None, seed: int = 0, min_pushes: int = 0, **options: Any) -> Instance:
    try:
        return api.generate(size=size, seed=seed, min_pushes=min_pushes or None, **options)
    except ValueError as e:  # no board with that many pushes within the generator's bound
        raise InputError(str(e)) from None


SPEC = GameSpec(
    "labyrinth", "Labyrinth (ASP Competition): the fewest pushes to the goal.",
    load=api.load, solve=_solve, check=api.check, generate=_generate, render=api.render,
    dumps=format_instance, engines=ENGINES, options=OPTIONS, comment="%", text_certificate=True,
    text_picture=_text_frames, certificate_of=plan_of,
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
