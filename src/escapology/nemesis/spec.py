"""Nemesis, Blizzard and Cat Herding as the command layer sees them (:mod:`escapology.core.commands`):
the engines and the game's own options, each defined once; ``escapology nemesis
solve|check|generate|render``, batch runs and the web app are made from this description.

The engines are :data:`escapology.nemesis.api.ENGINES` (``-e exact|exact-python|linear|linear-python``);
the earlier ``--method exact|linear`` and ``--engine native|python`` stay accepted, hidden, for one
release (:func:`escapology.nemesis.api.resolve_engine` maps them).
"""

from __future__ import annotations

from pathlib import Path

from escapology.core.commands import EngineSpec, GameSpec, Option, choices

#: the kinds of ``generate`` (escapology.nemesis.api.KINDS; named here so that the description
#: imports none of the game: a test keeps the two equal)
KINDS = ("random", "tree", "subcubic", "grid", "merge-exits", "two-exits", "cat", "lsat")
_API, _VERBS = "escapology.nemesis.api:", "escapology.nemesis.verbs:"


GameName = choices("GameName", ["nemesis", "blizzard", "cat"])
CatSpeed = choices("CatSpeed", {"one": "1", "unbounded": "unbounded"})
#: the deprecated ``--method`` (the kind of engine)
Method = choices("Method", ["exact", "linear"])
Kind = choices("Kind", KINDS)

ENGINES = (
    EngineSpec("exact", "escapology.nemesis.engines.native:NativeSearch",
               "the exact minimax search in Rust, any graph (Cat Herding's search too)"),
    EngineSpec("exact-python", "escapology.nemesis.engines.exact:Search",
               "the same exact search in Python (a cross-check)"),
    EngineSpec("linear", "escapology.nemesis.engines.linear_native:solve",
               "the paper's linear-time methods in Rust: trees (Lemma 11), maximum degree 3 (Lemma 12), "
               "Blizzard on any graph (Theorem 13); plain files of millions of vertices are read natively"),
    EngineSpec("linear-python", "escapology.nemesis.api:solve_linear_python",
               "the Python reference of the linear methods (a cross-check)"),
)

_EXITS = "Comma-separated exit vertices (added to the file's; for graph files without exits)."
_START = "The start vertex (overrides start/1)."

OPTIONS = (
    # solve
    Option("game", GameName, GameName.nemesis, "nemesis, blizzard or cat (herding).",
           verbs=("solve", "render"), flags=("--game", "-g")),
    Option("all_starts", bool, False, "List every winning start vertex.", flags=("--all-starts",)),
    Option("cat_speed", CatSpeed, CatSpeed.unbounded,
           "Cat Herding: 1 edge per round or unbounded (default, Ashmore et al.)."),
    Option("exceeds", int, None, "Cat Herding (speed 1): decide whether the value from the start is more than K "
           "(the threshold search; the Corollary 6 question) instead of the exact value; a no holds the herder's "
           "strategy, a yes no certificate.", min=0),
    Option("max_strategy_nodes", int, None, "Leave out a strategy of more nodes (default: no cap).", min=1),
    Option("strategy_file", Path, None, "Write the strategy to this file, streamed (large Nemesis strategies: "
           "tens of millions of nodes in a few GB); the answer names the file instead of holding the strategy."),
    Option("method", Method, None, "Deprecated: use --engine.", hidden=True),
    # check
    Option("game", GameName, None, "nemesis, blizzard or cat; default: the certificate's \"game\", else nemesis "
           "(a contradiction is an error).", verbs=("check",), flags=("--game", "-g")),
    Option("cat_speed", CatSpeed, CatSpeed.unbounded, "Cat Herding speed, when the file does not say.",
           verbs=("check",)),
    # reading the instance (every verb that reads one)
    Option("exits", str, None, _EXITS, verbs=("solve", "check", "render"), to="load"),
    Option("start", str, None, _START, verbs=("solve", "check", "render"), to="load"),
    # generate
    Option("kind", Kind, Kind.random, "random, tree, subcubic, grid, or a reduction: merge-exits, two-exits, "
           "cat (from FILE), lsat (from a DIMACS CNF).", verbs=("generate",), argument=True),
    Option("size", int, None, "Number of vertices (default 12); grid: the side (default 11).",
           verbs=("generate",), min=1),
    Option("n", int, None, verbs=("generate",), flags=("--n",), alias_of="size"),
    Option("p", float, None, "Edge probability (random; default 0.3).", verbs=("generate",), flags=("--density",)),
    Option("p_alias", float, None, verbs=("generate",), flags=("--p",), alias_of="p"),
    Option("exits", int, 2, "Number of exits.", verbs=("generate",), flags=("--n-exits",)),
    Option("rows", int, None, "Grid rows (default --size, else 11).", verbs=("generate",), min=1),
    Option("cols", int, None, "Grid columns (default --size, else 11).", verbs=("generate",), min=1),
    Option("source", Path, None, "Input of a reduction (instance or DIMACS CNF).", verbs=("generate",),
           flags=("--from",)),
    # render
    Option("strategy", Path, None, verbs=("render",), alias_of="certificate", to="none"),
    Option("region", bool, True, "Shade the winning starts (exact solver).", verbs=("render",),
           flags=("--region/--no-region",)),
)


SPEC = GameSpec(
    "nemesis", "Nemesis, Blizzard and Cat Herding (Bergé, Dailly, Gerard, FUN 2026).",
    load=_API + "load", solve=_API + "solve", check=_API + "check", generate=_API + "generate",
    render=_VERBS + "render", dumps=_VERBS + "dumps", engines=ENGINES, options=OPTIONS, comment="%",
    text_picture=_VERBS + "text_picture", certificate_of=_VERBS + "strategy_of",
    instance_help="ASP facts (.lp), an edge list or a networkx graph file, or '-'.",
    # the old --engine values pass as they are: api.resolve_engine maps them with the old --method
    engine_aliases={"native": "native", "python": "python"}, read_certificate=_API + "read_certificate",
    recognised_options={"all_starts": None},
    instance_options="escapology.nemesis.io:instance_options",
    seeded=lambda options: options.get("kind", "random") in ("random", "tree", "subcubic"),
    help={
        "solve": "Solve: the winner and a winning strategy (or the winning starts, or the cat number).\n\n"
                 "Text: a summary (the winner, the strategy's size and main line); JSON, and the file "
                 "written by -o: the answer with the strategy, what 'check' reads.\n"
                 "--timeout counts from the start, reading included. The JSON answer is written as it is "
                 "encoded (strategies share nodes).",
        "check": "Verify a strategy (what 'solve --format json' or 'solve -o FILE' wrote) against every reply "
                 "of the opponent (exit 0 accepted, 1 rejected); a large Nemesis strategy file is read as a "
                 "stream.",
        "generate": "Generate an instance (ASP facts) or apply a reduction (the first line is the command that "
                    "makes it again); KIND defaults to random.",
        "render": "Draw the graph (exits, start, winning region, a strategy's line of play with its deletions "
                  "struck through in order) with a legend as SVG/PNG (--output); without --output, grids as text.",
    },
)
