"""The registry of ``escapology reduce``: every reduction of the papers, by name.

A reduction turns a formula (DIMACS CNF, or QDIMACS for a quantified formula) into an instance of a
game that ``escapology solve`` answers directly. Each entry names its theorem and paper and the
function that runs it, as ``"module:function"``: the game is imported only when its reduction
runs, so the registry costs nothing at start-up. The function takes the formula's text, the file
name (for error messages) and the command that makes the output (written into the instance), and
returns the instance's text and a few facts about it (a dictionary for ``--format json``).

>>> [r.name for r in REDUCTIONS][:2]
['amazeing-3sat', 'amazeing-3sat-compact']
>>> find("amazeing-3sat").source
'DIMACS CNF'
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any, Callable

FUN2018 = "Schwahn & Thielen, The Complexity of Escaping Labyrinths and Enchanted Forests, FUN 2018"
NEMESIS = "Nemesis (escape on a graph against a blocking adversary)"
FUN2026 = "Bergé, Dailly, Gerard, Nemesis, an Escape Game in Graphs, FUN 2026"
ROMA = "Goergen, Fernau, Oest, Wolf, All Paths Lead to Rome, 2022"
_NEMESIS_DOOR = "escapology.nemesis.reductions.door:"


@dataclass(frozen=True)
class Reduction:
    """One reduction: its name, what it proves, where, what it reads, and how to run it."""

    name: str
    theorem: str
    paper: str
    source: str  # the input format: "DIMACS CNF" or "QDIMACS"
    game: str  # the game of the instance it writes
    function: str  # "module:function" (imported when the reduction runs)

    def load(self) -> Callable[..., tuple[str, dict[str, Any]]]:
        module, _, name = self.function.partition(":")
        return getattr(import_module(module), name)

    def run(self, text: str, *, file: str | None, command: str) -> tuple[str, dict[str, Any]]:
        """The instance's text and its facts; bad input raises :class:`~escapology.core.errors.InputError`."""
        return self.load()(text, file=file, command=command)


REDUCTIONS: tuple[Reduction, ...] = (
    Reduction("amazeing-3sat", "Theorem 3: 3SAT -> SP-Labyrinth (t reachable in n turns iff satisfiable), "
              "the paper's construction", FUN2018, "DIMACS CNF", "amazeing",
              "escapology.amazeing.reductions.door:three_sat"),
    Reduction("amazeing-3sat-compact", "Theorem 3: 3SAT -> SP-Labyrinth, the project's compact board",
              FUN2018, "DIMACS CNF", "amazeing", "escapology.amazeing.reductions.door:three_sat_compact"),
    Reduction("amazeing-qsat", "Theorem 4: QSAT -> SP-Versus-Labyrinth (Lara forces her goal first iff the QBF "
              "is true), the paper's construction", FUN2018, "QDIMACS", "amazeing",
              "escapology.amazeing.reductions.door:qsat"),
    Reduction("roma-planar3sat", "Theorems 2 and 10: 3SAT -> Roma, parsimonious (the number of solutions is "
              "the number of models), the crossing-free design: variables on a line, monotone clause rings, "
              "Lichtenstein's crossover as a swap where clauses would cross",
              ROMA, "DIMACS CNF (any 3-CNF)", "roma",
              "escapology.roma.reductions.planar3sat:reduce_text"),
    Reduction("nemesis-lsat-escape-tree-ours", "LSAT -> Nemesis: a binary escape tree iff the CNF is "
              "satisfiable (the project's construction; as 'nemesis generate lsat --from F')",
              NEMESIS, "DIMACS CNF", "nemesis", "escapology.nemesis.reductions.door:lsat_escape_tree_ours"),
    # the Nemesis paper's own constructions (escapology.nemesis.reductions, one module per theorem)
    Reduction("nemesis-escape-tree", "Theorem 3: LINEAR 3-SAT -> graph of maximum degree 4 where r roots a binary "
              "escape tree iff the CNF is satisfiable, the paper's construction", FUN2026, "DIMACS CNF", "nemesis",
              _NEMESIS_DOOR + "escape_tree"),
    Reduction("nemesis-pmr3sat", "Theorem 4: planar monotone rectilinear 3SAT -> Nemesis on a planar multigraph "
              "(the fugitive wins iff satisfiable), the paper's construction", FUN2026,
              "DIMACS CNF, monotone clauses ('c pmr3sat order/levels' lines: the embedding)", "nemesis",
              _NEMESIS_DOOR + "pmr3sat"),
    Reduction("nemesis-qsat", "Theorem 5 (§4.3): QSAT -> Nemesis on a multigraph with electric gadgets (the "
              "fugitive wins iff the QBF is true), the paper's construction", FUN2026, "QDIMACS", "nemesis",
              _NEMESIS_DOOR + "qsat"),
    Reduction("nemesis-qsat-simple", "Theorem 5 (§4.4, Lemma 14): QSAT -> Nemesis on a simple graph (the "
              "multigraph of nemesis-qsat, every vertex copied N times)", FUN2026, "QDIMACS", "nemesis",
              _NEMESIS_DOOR + "qsat_simple"),
    Reduction("nemesis-two-exits", "Theorem 9: Nemesis -> Nemesis with two exits (n + 1 new vertices joined to "
              "every exit and to the two new exits), the paper's construction", FUN2026,
              "Nemesis instance (ASP facts)", "nemesis", _NEMESIS_DOOR + "two_exits"),
    Reduction("nemesis-cat", "Corollary 6: Nemesis -> Cat Herding (the cat stays free more than 2m rounds iff "
              "the fugitive wins), the paper's construction with a decoy for herder-first play", FUN2026,
              "Nemesis instance (ASP facts)", "nemesis (--game cat --cat-speed 1)", _NEMESIS_DOOR + "cat"),
)


def find(name: str) -> Reduction | None:
    """The reduction called ``name``, or ``None``."""
    return next((r for r in REDUCTIONS if r.name == name), None)
