"""Enchanted Forest as the command layer sees it (:mod:`escapology.core.commands`): its engines
and its own options, each defined once; ``escapology forest solve|check|generate|render``, batch
runs and the web app are made from this description."""

from __future__ import annotations

from enum import Enum
from pathlib import Path


from escapology.core.commands import EngineSpec, GameSpec, Option

_API, _VERBS = "escapology.forest.api:", "escapology.forest.verbs:"

ENGINES = (
    EngineSpec("fast", "escapology.forest.solver:solve",
               "frontier propagation over the known rolls (numpy steps, or blocks on the chains of boards with "
               "long cycles)"),
    EngineSpec("matrix", "escapology.forest.matrix:solve_matrix",
               "the paper's Theorem 6: powers of sparse Boolean matrices (bounded by --memory)", ("numpy",)),
    EngineSpec("simulation", "escapology.forest.simulate:solve_simulation",
               "plain simulation of every walk (a cross-check; bounded by --memory)"),
    EngineSpec("asp", "escapology.forest.asp:solve_asp",
               "the ASP encoding run by clingo (a cross-check, small dice)", ("clingo",)),
)


class Method(str, Enum):
    """The engines' names, as the old ``--method`` takes them."""

    fast = "fast"
    matrix = "matrix"
    simulation = "simulation"
    asp = "asp"


class Kind(str, Enum):
    grid = "grid"
    random = "random"


#: the reading options: where they override the file (solve, check, render)
_READ = ("solve", "check", "render")

OPTIONS = (
    Option("start", str, None, "Start field (overrides the file).", verbs=_READ, to="load"),
    Option("target", str, None, "Target field (overrides the file).", verbs=_READ, to="load"),
    Option("rolls", str, None, 'Known rolls, e.g. "3,5 2,2 6,1" (overrides roll/3).', verbs=_READ, to="load"),
    Option("die", int, None, "Faces of the die (overrides die/1).", verbs=_READ, to="load"),
    Option("special", str, None, 'Special fields V\', e.g. "15,25" (overrides).', verbs=_READ, to="load"),
    Option("method", Method, None, verbs=("solve",), alias_of="engine", to="none"),
    Option("fewest", bool, True, "Also verify that no plan is shorter.", verbs=("check",),
           flags=("--fewest/--legal-only",)),
    Option("plan", Path, None, verbs=("render",), alias_of="certificate", to="none"),
    Option("kind", Kind, Kind.grid, "grid: a grid-like forest with paths; random: a random connected graph.",
           verbs=("generate",)),
    Option("rows", int, 6, "Grid rows.", verbs=("generate",)),
    Option("cols", int, 8, "Grid columns.", verbs=("generate",)),
    Option("fields", int, 40, "Random graph: number of fields.", verbs=("generate",)),
    Option("edges", int, 60, "Random graph: number of edges.", verbs=("generate",), flags=("--edges", "-m")),
    Option("die", int, 6, "Faces of the die.", verbs=("generate",)),
    Option("rolls", int, 20, "Number of known rolls to write.", verbs=("generate",)),
    Option("specials", int, None, "Number of special fields.", verbs=("generate",)),
)


SPEC = GameSpec(
    "forest", "Enchanted Forest: fewest turns with known dice, best move with unknown dice.",
    load=_API + "load", solve=_VERBS + "solve", check=_API + "check", generate=_API + "generate",
    render=_API + "render", dumps=_VERBS + "dumps", engines=ENGINES, options=OPTIONS, comment="%",
    text_picture=_VERBS + "text_picture", certificate_of=_VERBS + "plan_of", render_solves=True,
    solvable=lambda inst: bool(inst.rolls), text_certificate=True,
    instance_help="ASP facts (.lp, '-' for stdin), the board map .xml, or .graphml/.gml/.edgelist.",
    help={
        "solve": "The fewest turns to end on the target with the known rolls, with a plan (or 'unsolvable').\n\n"
                 "Text: one line per turn (what 'check' reads, unless a walk is too long to spell out); "
                 "JSON: the protocol's Result.to_json().\n"
                 "--timeout counts from the start, reading included; --memory (MiB) bounds the matrix engine's "
                 "matrices (refused beforehand when they would need more) and the simulation's walks.",
        "check": "Verify a plan (what 'solve' wrote, text or JSON): legal turns with the known rolls, ending on the "
                 "target, and the fewest turns.\n\n"
                 "Exit 0 if valid, 1 if rejected. An answer 'unsolvable' is checked as such. When the file gives "
                 "no rolls (a board map), the rolls written in the plan are used.",
        "generate": "Generate a board with rolls as ASP facts (the first line is the command that makes it again).",
        "size": "grid: SIZE x SIZE fields (sets --rows and --cols); random: SIZE fields (sets --fields).",
        "render": "Print the board as text with the turns of a plan, or with --output draw it with a legend of their "
                  "rolls (SVG or PNG). Default: solve the known rolls.",
    },
)
