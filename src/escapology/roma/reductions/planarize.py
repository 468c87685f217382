"""Lichtenstein's planarization of a 3-CNF, parsimonious (the formula side of Theorems 2 and 9).

Goergen, Fernau, Oest, Wolf, "All Paths Lead to Rome" (2022), Theorem 9 and Figure 8, after
Lichtenstein, "Planar formulae and their uses" (1982). The incidence graph of a formula has a
vertex per variable and per clause and an edge when the variable occurs in the clause.

**The layout** (Figure 7). Variable ``u`` sits at column ``u`` of a horizontal axis; the clauses
sit on a vertical axis at column 0, below it. Clause ``j`` owns one horizontal *track* per
variable it contains, at its own depth (tracks of clause ``j`` lie below those of clause
``j - 1``; within a clause, the nearer variable has the shallower track). Each variable draws
one vertical line from the axis down to its deepest track; a track runs from its variable's
vertical, to the left, into the clause. The drawing is planar except where the vertical of ``u``
crosses a track of a variable ``v > u`` lying above the vertical's lower end.

**The crossover** (Figure 8's caption, Lichtenstein's formula): at a crossing the vertical
carries a variable ``a1`` (from above) and the track a variable ``b1`` (from the right); they
continue as fresh variables ``a2`` (below) and ``b2`` (to the left), with five auxiliaries
``alpha, beta, gamma, delta, xi`` and the 18 clauses of :data:`CROSSOVER`. For each value of
``(a1, b1)`` the 18 clauses have exactly one model, and it has ``a2 = a1``, ``b2 = b1``
(:func:`crossover_models` checks all 512 assignments). Its incidence graph with a frame through
``a1, b1, a2, b2`` in this cyclic order is planar (checked with networkx in the tests), so the
gadget can be drawn in a small disc around the crossing with its four terminals at the top,
right, bottom and left.

**Lemma.** :func:`planarize` returns a formula whose incidence graph is planar and whose models
are in bijection with the models of the input: every model extends in exactly one way
(each crossover fixes its outputs and auxiliaries from its inputs, and the copies of a variable
along its vertical and its tracks all equal it, by induction along the lines), and every model
of the output restricts to a model of the input (each original clause reads copies that equal
the original variables). The number of crossings is at most ``3m * n`` for ``n`` variables and
``m`` clauses, each adding 7 variables and 18 clauses: ``O(N^2)`` for ``N = n + m`` (Theorem 9).

>>> pf = planarize(3, [[1, 2, 3], [-1, -3]])
>>> pf.crossings, pf.n_vars, len(pf.clauses)
(2, 17, 38)
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

# The crossover's variables, in the order of CROSSOVER's numbering (1-based).
CROSSOVER_VARS = ("a1", "b1", "a2", "b2", "alpha", "beta", "gamma", "delta", "xi")
_A1, _B1, _A2, _B2, _AL, _BE, _GA, _DE, _XI = range(1, 10)
CROSSOVER: tuple[tuple[int, ...], ...] = (
    (-_A1, -_GA), (_A1, _B1, _GA), (_B2, -_DE), (_B2, -_AL), (-_DE, -_AL), (_AL, _BE, _XI),
    (-_AL, -_BE), (_A2, -_BE), (-_A2, _B1, _BE), (_A2, -_AL), (-_A2, -_B2, _AL), (-_B1, -_BE),
    (-_B1, -_GA), (-_BE, -_GA), (_GA, _DE, -_XI), (-_GA, -_DE), (-_A1, -_DE), (_A1, -_B2, _DE),
)
"""Lichtenstein's crossover formula as printed in Figure 8 of the paper, over ``CROSSOVER_VARS``."""


#: A line drawing of :data:`CROSSOVER` that acts as a *swap*: with the variables on a line in the
#: order ``b1 a1 gamma delta b2 alpha xi beta a2`` and clause ``i`` above the line when
#: ``CROSSOVER_SWAP[1][i] == "P"`` (below for ``"Q"``), no two clauses on one side cross, nor do they
#: cross four links on side ``P``: ``a1`` and ``b1`` joined to the left with ``a1``'s link enclosing
#: ``b1``'s, ``a2`` and ``b2`` joined to the right with ``b2``'s enclosing ``a2``'s. Two nested links
#: entering it leave it nested the other way round (:func:`swap_drawing`; ``tests/roma/test_planarize.py``
#: checks it), with the values carried over (:func:`crossover_models`). Of the 46 orders with ``b1``
#: first and ``a2`` last that have such a drawing (found by trying all of them), this one needs the
#: fewest monotone copies on the board (``benchmarks/roma_reduction.py --swap-search``);
#: :mod:`.crossings` routes ``roma-planar3sat``'s crossings through it.
CROSSOVER_SWAP: tuple[tuple[int, ...], str] = (
    (_B1, _A1, _GA, _DE, _B2, _AL, _XI, _BE, _A2), "PQQQQPPPQPPQQQQPPP",
)


#: The swap of :data:`CROSSOVER_SWAP` in another order, ``b1 beta alpha xi gamma a1 delta b2 a2``, whose
#: clauses on side ``P`` all lie between ``b1`` and ``b2``: none has a slot right of ``b2``, so a
#: piece leaving ``b2`` to the right can be cut right after ``b2`` (another swap put between ``b2`` and
#: ``a2``) without stretching a clause of this one over it (the *cut*). Found among the 7! orders with
#: ``b1`` first and ``a2`` last, by the same drawing test as :data:`CROSSOVER_SWAP` with the cut
#: required; of the 384 drawings it has, this one is the cheapest on the board (the monotone cost
#: of ``--swap-search`` with links in place of the tight swap's neighbours: 774 columns, against
#: 798 for :data:`CROSSOVER_SWAP`). :func:`~.crossings.route`'s complete router uses it
#: (:func:`swap_drawing` with ``CROSSOVER_CUT``; ``tests/roma/test_reduction_crossings.py`` checks it).
CROSSOVER_CUT: tuple[tuple[int, ...], str] = (
    (_B1, _BE, _AL, _XI, _GA, _A1, _DE, _B2, _A2), "QPQQQPQQQQQPPPQQQP",
)


def swap_drawing(swap: tuple[tuple[int, ...], str] = CROSSOVER_SWAP) -> list[tuple[str, tuple[int, ...]]]:
    """The arcs ``(side, positions)`` of ``swap`` (:data:`CROSSOVER_SWAP` by default) on a line: the
    links' outer ends at
    positions 0, 1 (left: ``a``, ``b``) and 11, 12 (right: ``a``, ``b``), the crossover's variables
    at 2..10, then its 18 clauses.

    >>> swap_drawing()[:2]
    [('P', (0, 3)), ('P', (1, 2))]
    """
    order, sides = swap
    pos = {v: k + 2 for k, v in enumerate(order)}
    links = [("P", (0, pos[_A1])), ("P", (1, pos[_B1])), ("P", (pos[_A2], 11)), ("P", (pos[_B2], 12))]
    return links + [(side, tuple(sorted(pos[abs(lit)] for lit in cl))) for side, cl in zip(sides, CROSSOVER)]


def crossover_models() -> dict[tuple[bool, bool], list[tuple[bool, ...]]]:
    """Every model of :data:`CROSSOVER` (all nine variables), grouped by ``(a1, b1)``.

    >>> ms = crossover_models()
    >>> sorted((k, len(v)) for k, v in ms.items())
    [((False, False), 1), ((False, True), 1), ((True, False), 1), ((True, True), 1)]
    >>> all(m[2] == m[0] and m[3] == m[1] for v in ms.values() for m in v)
    True
    """
    out: dict[tuple[bool, bool], list[tuple[bool, ...]]] = {}
    for bits in itertools.product((False, True), repeat=9):
        if all(any(bits[abs(lit) - 1] == (lit > 0) for lit in cl) for cl in CROSSOVER):
            out.setdefault((bits[0], bits[1]), []).append(bits)
    return out


@dataclass
class PlanarFormula:
    """The planarized formula: clauses over variables ``1..n_vars`` (``1..n_original`` are the
    input's), and for each input variable the copies that stand for it."""

    n_original: int
    n_vars: int
    clauses: list[list[int]]
    crossings: int
    copies: dict[int, list[int]] = field(default_factory=dict)

    def dimacs(self) -> str:
        lines = [f"p cnf {self.n_vars} {len(self.clauses)}"]
        lines += [" ".join(map(str, cl)) + " 0" for cl in self.clauses]
        return "\n".join(lines) + "\n"


def normalise_clauses(clauses: list[list[int]]) -> list[list[int]]:
    """Each clause without repeated literals; tautologies (``x`` and ``-x``) dropped (they hold in
    every assignment, so the models do not change)."""
    out = []
    for cl in clauses:
        lits = list(dict.fromkeys(cl))
        if any(-lit in lits for lit in lits):
            continue
        out.append(lits)
    return out


def planarize(n_vars: int, clauses: list[list[int]]) -> PlanarFormula:
    """Lichtenstein's layout with a crossover at each crossing (see the module's lemma).

    Clauses may have any number of literals (the layout does not care); with at most three, the
    result is a 3-CNF (the crossover's clauses have two or three literals).
    """
    clauses = normalise_clauses(clauses)
    nxt = n_vars + 1
    # tracks: (depth, clause index, position in clause, variable)
    tracks = []
    depth = 0
    for j, cl in enumerate(clauses):
        for t, lit in enumerate(sorted(cl, key=abs)):
            depth += 1
            tracks.append((depth, j, abs(lit)))
    deepest = {u: 0 for u in range(1, n_vars + 1)}
    for d, _, u in tracks:
        deepest[u] = max(deepest[u], d)
    vertical = {u: u for u in range(1, n_vars + 1)}  # the copy on u's vertical at this depth
    copies: dict[int, list[int]] = {u: [u] for u in range(1, n_vars + 1)}
    out: list[list[int]] = []
    crossings = 0
    reading: dict[tuple[int, int], int] = {}  # (clause, variable) -> the copy the clause reads
    for d, j, v in tracks:  # by increasing depth
        cur = vertical[v]  # the track branches off v's vertical here
        for u in range(v - 1, 0, -1):  # leftwards, crossing the verticals that reach deeper
            if deepest[u] <= d:
                continue
            a1, b1 = vertical[u], cur
            a2, b2, *aux = range(nxt, nxt + 7)
            nxt += 7
            names = (a1, b1, a2, b2, *aux)
            out += [[(1 if lit > 0 else -1) * names[abs(lit) - 1] for lit in cl] for cl in CROSSOVER]
            vertical[u], cur = a2, b2
            copies[u].append(a2)
            copies[v].append(b2)
            crossings += 1
        reading[(j, v)] = cur
    for j, cl in enumerate(clauses):
        out.append([(1 if lit > 0 else -1) * reading[(j, abs(lit))] for lit in cl])
    return PlanarFormula(n_vars, nxt - 1, out, crossings, copies)


__all__ = ["CROSSOVER", "CROSSOVER_CUT", "CROSSOVER_SWAP", "CROSSOVER_VARS", "swap_drawing", "PlanarFormula", "crossover_models", "normalise_clauses", "planarize"]
