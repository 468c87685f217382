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
    Reduction("nemesis-lsat-escape-tree-ours", "LSAT -> Nemesis: a binary escape tree iff the CNF is "
              "satisfiable (the project's construction; as 'nemesis generate lsat --from F')",
              NEMESIS, "DIMACS CNF", "nemesis", "escapology.core.reductions:nemesis_lsat"),
)


def find(name: str) -> Reduction | None:
    """The reduction called ``name``, or ``None``."""
    return next((r for r in REDUCTIONS if r.name == name), None)


def nemesis_lsat(text: str, *, file: str | None, command: str) -> tuple[str, dict[str, Any]]:
    """``nemesis-lsat-escape-tree-ours``: the public functions of :mod:`escapology.nemesis`
    (``parse_dimacs``, ``lsat_to_escape_tree``, ``format_instance``), the file as
    ``escapology nemesis generate lsat --from F`` writes it."""
    from escapology.nemesis import io as nio
    from escapology.nemesis import reductions

    inst = reductions.lsat_to_escape_tree(reductions.parse_dimacs(text, file=file))
    return f"% {command}\n" + nio.format_instance(inst) + "\n", {}
