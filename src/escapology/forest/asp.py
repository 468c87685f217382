"""A fourth method for known rolls: the stratified ASP encoding ``forest.lp``, grounded by clingo.

The encoding (shipped as ``escapology/forest/forest.lp``, printed by ``escapology forest
encoding``) states Definition 5 of Schwahn and Thielen (FUN 2018) as rules over walk states
``w(I,O,P,K,U,V)`` and derives ``at(I,V)``: the fields reachable after exactly ``I`` turns — the
layers of the paper's turn-expanded network — and ``fewest(K)``. Being stratified, it has exactly one
answer set, which clingo's grounder computes; its size grows with the sum of the rolls times the
number of arcs, so it is meant for small dice (ASP benchmarking, cross-checks), not for ``d = 10**9``.
The plan is read back from the ``at/2`` layers like the other solvers do.

>>> from escapology.forest.model import Board, Instance
>>> b = Board.from_edges([(1, 2), (2, 3), (3, 4), (4, 5), (5, 1), (3, 6)], special=[6])
>>> solve_asp(Instance(b, b.index[1], b.index[6], rolls=((1, 2), (3, 4)))).turns
1
"""

from __future__ import annotations

from importlib.resources import files

import numpy as np

from escapology.core.errors import InputError
from escapology.core.facts import format_fact
from escapology.core.limits import Deadline
from escapology.core.results import Status
from escapology.forest.model import Instance
from escapology.forest.plan import Solution, plan_from_layers
from escapology.forest.walks import WalkEngine

#: Refuse instances whose grounding would exceed this many walk atoms.
MAX_ATOMS = 20_000_000


def encoding() -> str:
    """The ASP encoding ``forest.lp``."""
    return files("escapology.forest").joinpath("forest.lp").read_text(encoding="utf-8")


def instance_facts(inst: Instance) -> str:
    """The facts the encoding reads, with field numbers ``0..n-1`` as names."""
    out = [format_fact("edge", u, v) for u, v in inst.board.edges()]
    out += [format_fact("special", v) for v in sorted(inst.board.special)]
    out += [format_fact("roll", i, x, y) for i, (x, y) in enumerate(inst.rolls, start=1)]
    out += [format_fact("start", inst.start), format_fact("target", inst.target)]
    return "\n".join(out) + "\n"


def solve_asp(inst: Instance, *, timeout: float | None = None) -> Solution:
    """Ground ``forest.lp`` with clingo and read the fewest turns and the layers from its model.

    Grounding cannot be interrupted, so ``timeout`` is only checked before it starts; the size
    guard :data:`MAX_ATOMS` keeps it short instead.
    """
    import clingo  # clingo (~45 ms): only this engine; `forest encoding` prints the encoding without it

    if Deadline(timeout).expired():
        return Solution(Status.UNKNOWN, method="asp")

    size = 4 * inst.board.arcs.count * sum(x + y for x, y in inst.rolls)
    if size > MAX_ATOMS:
        raise InputError(f"the ASP method would ground about {size} walk atoms; use --method fast")
    if inst.start == inst.target:
        return Solution(Status.SOLVED, 0, [], method="asp")
    ctl = clingo.Control(["--warn=none"])
    ctl.add("base", [], encoding())
    ctl.add("base", [], instance_facts(inst))
    ctl.ground([("base", [])])
    n = inst.board.n
    layers = [np.zeros(n, dtype=bool) for _ in range(len(inst.rolls) + 1)]
    fewest: list[int] = []

    def on_model(model: "clingo.Model") -> None:
        for sym in model.symbols(shown=True):
            if sym.name == "at":
                i, v = (a.number for a in sym.arguments)
                layers[i][v] = True
            elif sym.name == "fewest":
                fewest.append(sym.arguments[0].number)

    ctl.solve(on_model=on_model)
    if not fewest:
        return Solution(Status.UNSOLVABLE, method="asp")
    k = fewest[0]
    plan = plan_from_layers(WalkEngine(inst.board), inst, layers, k)
    return Solution(Status.SOLVED, k, plan, method="asp")
