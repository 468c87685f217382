"""Nemesis, Blizzard and Cat Herding as the command layer sees them (:mod:`escapology.core.commands`):
the engines and the game's own options, each defined once; ``escapology nemesis
solve|check|generate|render``, batch runs and the web app are made from this description.

The engines are :data:`escapology.nemesis.api.ENGINES` (``-e exact|exact-python|linear|linear-python``);
the earlier ``--method exact|linear`` and ``--engine native|python`` stay accepted, hidden, for one
release (:func:`escapology.nemesis.api.resolve_engine` maps them).
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Any

from escapology.core.commands import EngineSpec, GameSpec, Option
from escapology.core.errors import InputError
from escapology.nemesis import api
from escapology.nemesis.drawing import is_grid, picture, text_board
from escapology.nemesis.io import format_instance
from escapology.nemesis.model import Instance


class GameName(str, Enum):
    nemesis = "nemesis"
    blizzard = "blizzard"
    cat = "cat"


class CatSpeed(str, Enum):
    one = "1"
    unbounded = "unbounded"


class Method(str, Enum):
    """The deprecated ``--method`` (the kind of engine)."""

    exact = "exact"
    linear = "linear"


Kind = Enum("Kind", {k.replace("-", "_"): k for k in api.KINDS}, type=str)  # type: ignore[misc]

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


def dumps(inst: Instance) -> str:
    """What ``generate`` writes after its command line: a reduction's note, then the facts."""
    return (inst.comment + "\n" if inst.comment else "") + format_instance(inst) + "\n"


def strategy_of(inst: Instance, data: Any, file: str) -> Any:
    """What ``render --certificate`` draws: the strategy of what ``solve`` wrote (or a strategy)."""
    if isinstance(data, str):
        raise InputError("not JSON: give what 'solve --format json' wrote", file=file)
    return data.get("strategy") if isinstance(data, dict) and "winner" in data else data


#: the winning region of the instance being drawn: ``render -o`` on a grid draws it in the picture and
#: on the text board, computed once (the instance, the game, the region)
_REGION: list[Any] = [None, None, None]


def _region(inst: Instance, game: str, region: bool, timeout: float | None) -> set[str] | None:
    if not region:
        return None
    if _REGION[0] is not inst or _REGION[1] != game:
        _REGION[:] = [inst, game, api.winning_region(inst, game, timeout=timeout)]
    return _REGION[2]


def _render(inst: Instance, certificate: Any = None, *, game: str = "nemesis", region: bool = True,
            timeout: float | None = None) -> Any:
    return picture(inst, winning=_region(inst, game, region, timeout), strategy=api.strategy_of(certificate))


def _text_board(inst: Instance, certificate: Any = None, *, game: str = "nemesis", region: bool = True,
                timeout: float | None = None) -> str | None:
    """The grid as text (``S`` start, ``W`` winning start); ``None`` for other graphs."""
    return text_board(inst, _region(inst, game, region, timeout)) if is_grid(inst) else None


SPEC = GameSpec(
    "nemesis", "Nemesis, Blizzard and Cat Herding (Bergé, Dailly, Gerard, FUN 2026).",
    load=api.load, solve=api.solve, check=api.check, generate=api.generate, render=_render,
    dumps=dumps, engines=ENGINES, options=OPTIONS, comment="%",
    text_picture=_text_board, certificate_of=strategy_of,
    instance_help="ASP facts (.lp), an edge list or a networkx graph file, or '-'.",
    # the old --engine values pass as they are: api.resolve_engine maps them with the old --method
    engine_aliases={"native": "native", "python": "python"}, read_certificate=api.read_certificate,
    text_with_output=True, recognised_options={"all_starts": None},
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
                  "struck through in order) with a legend as SVG/PNG; grids also as text.",
    },
)
