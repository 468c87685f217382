"""The formula side: a *monotone rectilinear* embedding of a 3-CNF, variables on one line.

A :class:`LineFormula` has *slots* ``0..n-1`` on a horizontal line (each a variable) and *arcs*:
an arc on the page ``up`` is the clause ``(s1 or s2 or ...)`` over its slots, an arc on the page
``down`` the clause ``(not s1 or not s2 or ...)``. It is *drawable* when no two arcs of a page
cross: for arcs ``S`` and ``T`` of a page, either one lies in a closed gap between two consecutive
slots of the other (it is *inside*), or they overlap in at most one slot. A drawable line formula
is drawn as in Knuth and Raghunathan's rectilinear embedding: each slot a horizontal segment, each
arc a horizontal bar above (``up``) or below (``down``) the line at a height one more than the
arcs inside it, with a vertical leg down (up) to each of its slots; at a slot the legs of a page
are ordered as the nesting asks (:func:`leg_order`), so no leg crosses a bar or another leg.

:func:`monotone_line` builds one from any CNF (clauses of at most three literals):

1. *Order and pages.* The orders of the variables are searched (:func:`embed`, depth first with
   pruning); for an order the clauses are arcs over the variables' positions, and two arcs that
   cross must go on different pages: the first order whose crossing graph is bipartite gives the
   pages. Without such an order one variable may be split in two equal ones (:func:`split_embed`);
   a formula still without one is refused (crossovers are not built: see docs/roma.md).
2. *Monotone copies* (de Berg and Khosravi). A clause on the page ``up`` needs its literals
   positive, ``down`` negative. Each variable ``x`` becomes a chain of slots ``x_1, x_2, ...`` with
   ``x_{j+1} = not x_j`` (the arcs ``(x_j or x_{j+1})`` up and ``(not x_j or not x_{j+1})`` down:
   exactly the two assignments that differ), ``x_1 = x``; walking the legs of ``x`` in their
   order on each page, every leg goes to the next copy whose polarity makes its literal monotone.
   The chain's arcs join neighbouring slots, and a page's legs keep their order along the chain,
   so the result is drawable (and :func:`check_drawable` verifies it).

**Count.** Each model of the input extends in exactly one way (every copy is fixed by ``x``) and
each model of the line formula restricts to a model of the input (every clause reads its literal
through a copy of the right polarity), so the number of models is the same.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from functools import cmp_to_key

from escapology.core.errors import InputError

UP, DOWN = "up", "down"


@dataclass(frozen=True)
class Arc:
    """A clause of a line formula: its page and its slots (increasing)."""

    page: str
    slots: tuple[int, ...]


@dataclass
class LineFormula:
    """Slots on a line and monotone arcs over them (see the module docstring); ``origin[s]`` is
    ``(variable, polarity)``: slot ``s`` equals the input variable, or its negation."""

    n_slots: int
    arcs: list[Arc]
    origin: list[tuple[int, bool]] = field(default_factory=list)

    def clauses(self) -> list[list[int]]:
        """The line formula as DIMACS clauses over slots ``1..n_slots``."""
        return [[(s + 1) if a.page == UP else -(s + 1) for s in a.slots] for a in self.arcs]


# -- crossing, nesting and leg order ------------------------------------------------------------
def _in_gap(t: tuple[int, ...], s: tuple[int, ...]) -> bool:
    """Whether all of ``t`` lies in one closed gap between consecutive slots of ``s``."""
    if len(s) == 1:
        return False
    return any(s[i] <= t[0] and t[-1] <= s[i + 1] for i in range(len(s) - 1))


def crosses(t: tuple[int, ...], s: tuple[int, ...]) -> bool:
    """Whether two arcs of one page cross.

    >>> crosses((0, 2), (1, 3)), crosses((0, 3), (1, 2)), crosses((0, 1), (1, 2)), crosses((0, 1, 2), (1,))
    (True, False, False, False)
    """
    if t[-1] <= s[0] or s[-1] <= t[0]:
        return False
    if len(t) == 1 and t[0] in s or len(s) == 1 and s[0] in t:
        return False
    return not (_in_gap(t, s) or _in_gap(s, t))


def inside(i: int, j: int, arcs: list[tuple[int, ...]]) -> bool:
    """Whether arc ``i`` is drawn inside arc ``j``: in a gap of it (ties between equal arcs: the
    later inside); a one-slot arc is inside the arcs that pass over its slot."""
    t, s = arcs[i], arcs[j]
    if i == j:
        return False
    if len(t) == 1:
        return s[0] < t[0] < s[-1]
    a, b = _in_gap(t, s), _in_gap(s, t)
    return a and (not b or i > j)


def levels(arcs: list[tuple[int, ...]]) -> list[int]:
    """The height of each arc of a page: 1 + the greatest height of the arcs inside it."""
    out: dict[int, int] = {}

    def level(i: int) -> int:
        if i not in out:
            out[i] = 1 + max((level(j) for j in range(len(arcs)) if inside(j, i, arcs)), default=0)
        return out[i]

    return [level(i) for i in range(len(arcs))]


def leg_order(slot: int, idx: list[int], arcs: list[tuple[int, ...]]) -> list[int]:
    """The arcs ``idx`` (all with a leg at ``slot``, one page) from left to right along it."""

    def cmp(i: int, j: int) -> int:
        if inside(i, j, arcs):  # i sits in a gap of j next to slot: right of j's leg if that gap is right
            return 1 if _right_gap(slot, arcs[i], arcs[j]) else -1
        if inside(j, i, arcs):
            return -1 if _right_gap(slot, arcs[j], arcs[i]) else 1
        return _touch(slot, arcs[i]) - _touch(slot, arcs[j])  # touching at slot

    return sorted(idx, key=cmp_to_key(cmp))


def _touch(slot: int, t: tuple[int, ...]) -> int:
    """Arcs touching at ``slot`` go left to right: those ending there, one-slot arcs, those starting."""
    return 1 if len(t) == 1 else (0 if t[-1] == slot else 2)


def _right_gap(slot: int, t: tuple[int, ...], s: tuple[int, ...]) -> bool:
    """Whether ``t`` (inside ``s``) lies in the gap of ``s`` to the right of ``slot`` (a one-slot
    arc: always, as it sits in the right gap)."""
    if len(t) == 1:
        return True
    return t[0] >= slot and slot != s[-1] and any(s[k] == slot and t[-1] <= s[k + 1] for k in range(len(s) - 1))


def check_drawable(lf: LineFormula) -> None:
    """Refuse (an internal error) a line formula with two crossing arcs on one page."""
    for p in (UP, DOWN):
        arcs = [a.slots for a in lf.arcs if a.page == p]
        for t, s in itertools.combinations(arcs, 2):
            if crosses(t, s):
                raise AssertionError(f"arcs {t} and {s} cross on page {p}")


# -- from a CNF ---------------------------------------------------------------------------------
def _pages(arcs: list[tuple[int, ...]]) -> list[str] | None:
    """Pages for arcs such that no two on one page cross (a 2-colouring), or ``None``."""
    n = len(arcs)
    adj = [[j for j in range(n) if j != i and crosses(arcs[i], arcs[j])] for i in range(n)]
    colour: list[int | None] = [None] * n
    for start in range(n):
        if colour[start] is not None:
            continue
        colour[start] = 0
        stack = [start]
        while stack:
            i = stack.pop()
            for j in adj[i]:
                if colour[j] is None:
                    colour[j] = 1 - colour[i]  # type: ignore[operator]
                    stack.append(j)
                elif colour[j] == colour[i]:
                    return None
    return [UP if c == 0 else DOWN for c in colour]


class SearchLimit(Exception):
    """The node budget of :func:`embed` ran out."""


def embed(n: int, clauses: list[list[int]], budget: list[int] | None = None) -> tuple[list[int], list[str]]:
    """A variable order (``order[k]`` = the variable at position ``k``) and a page per clause
    with no crossing; :class:`InputError` when there is none.

    The orders are tried in lexicographic order, depth first, placing one variable after another:
    once all variables of two clauses are placed, whether they cross is settled (later variables
    go to the right), and two crossing clauses must take different pages, a parity constraint kept
    in a union-find; an odd cycle cuts the whole subtree. The first complete order is the
    lexicographically first crossing-free one. ``budget`` (a one-element list) counts the
    variables placed down: :class:`SearchLimit` when it reaches 0."""
    m = len(clauses)
    var_sets = [frozenset(abs(lit) for lit in cl) for cl in clauses]
    pairs_of: dict[int, list[tuple[int, int]]] = {v: [] for v in range(1, n + 1)}
    for i in range(m):
        for j in range(i + 1, m):
            for v in var_sets[i] | var_sets[j]:
                pairs_of[v].append((i, j))

    def find(parent: list[int], parity: list[int], x: int) -> tuple[int, int]:
        p = 0
        while parent[x] != x:
            p ^= parity[x]
            x = parent[x]
        return x, p

    def dfs(order: list[int], pos: dict[int, int], parent: list[int], parity: list[int]) -> list[int] | None:
        if len(order) == n:
            return order
        for v in range(1, n + 1):
            if v in pos:
                continue
            if budget is not None:
                budget[0] -= 1
                if budget[0] < 0:
                    raise SearchLimit
            pos[v] = len(order)
            par, pty = list(parent), list(parity)
            ok = True
            for i, j in pairs_of[v]:
                if not all(u in pos for u in var_sets[i] | var_sets[j]):
                    continue
                if not crosses(tuple(sorted(pos[u] for u in var_sets[i])), tuple(sorted(pos[u] for u in var_sets[j]))):
                    continue
                (ri, pi), (rj, pj) = find(par, pty, i), find(par, pty, j)
                if ri == rj:
                    if pi == pj:
                        ok = False
                        break
                else:
                    par[ri], pty[ri] = rj, pi ^ pj ^ 1
            if ok:
                found = dfs(order + [v], pos, par, pty)
                if found is not None:
                    parent[:], parity[:] = par, pty
                    return found
            del pos[v]
        return None

    parent, parity = list(range(m)), [0] * m
    order = dfs([], {}, parent, parity)
    if order is None:
        raise InputError(f"no order of the {n} variables draws the clauses without crossings: the "
                         "formula's clauses cross on both sides of every variable line, and crossovers are not built")
    return order, [UP if find(parent, parity, i)[1] == 0 else DOWN for i in range(m)]


#: The most variables :func:`split_embed` places, over all the splits it tries (a count, so the
#: answer does not depend on the machine's speed).
SPLIT_BUDGET = 50_000


def split_embed(n: int, clauses: list[list[int]]) -> tuple[int, list[list[int]], list[int], list[str]]:
    """:func:`embed`, and when no order exists, the same after splitting one variable ``v`` in two:
    a new variable ``x`` takes over ``v``'s occurrences in some of its clauses, and the clauses
    ``(not v or x)`` and ``(v or not x)`` make ``x = v`` (so every model extends in exactly one way
    and the count stays). A planar incidence graph may lack a drawing with one slot per variable
    (about one random planar formula in 2,400 here), and a split often gives one. The splits are
    tried variable by variable, their clause subsets by size, within :data:`SPLIT_BUDGET` placed
    variables. Returns the variables, clauses (the split ones appended), order and pages."""
    try:
        return (n, clauses, *embed(n, clauses))
    except InputError as first:
        refusal = first
    budget = [SPLIT_BUDGET]
    for v in range(1, n + 1):
        occ = [j for j, cl in enumerate(clauses) if any(abs(lit) == v for lit in cl)]
        for k in range(1, len(occ)):
            for part in itertools.combinations(occ, k):
                x = n + 1
                moved = [[(x if lit > 0 else -x) if j in part and abs(lit) == v else lit for lit in cl]
                         for j, cl in enumerate(clauses)] + [[-v, x], [v, -x]]
                try:
                    return (n + 1, moved, *embed(n + 1, moved, budget))
                except InputError:
                    continue
                except SearchLimit:
                    raise refusal from None
    raise refusal


def monotone_line(n: int, clauses: list[list[int]]) -> LineFormula:
    """The monotone line formula of a CNF (see the module docstring); clauses must be normalised
    (no repeated variable in a clause). Variables beyond ``n`` in ``origin`` are split copies
    (:func:`split_embed`)."""
    _, clauses, order, pages = split_embed(n, clauses)
    return monotone_copies(order, clauses, pages)


def monotone_copies(order: list[int], clauses: list[list[int]], pages: list[str]) -> LineFormula:
    """The monotone line formula of clauses drawn without crossings with the variables in
    ``order`` and each clause on its page (step 2 of the module docstring)."""
    pos = {v: k for k, v in enumerate(order)}
    arcs = [tuple(sorted(pos[abs(l)] for l in cl)) for cl in clauses]
    lit_at = [{pos[abs(l)]: l for l in cl} for cl in clauses]
    slots: list[tuple[int, bool]] = []
    leg_slot: dict[tuple[int, int], int] = {}  # (clause, position) -> slot
    chain: list[tuple[int, int]] = []
    for k, v in enumerate(order):
        queues: dict[str, list[tuple[int, bool]]] = {}
        for p in (UP, DOWN):
            idx = [i for i, a in enumerate(arcs) if pages[i] == p and k in a]
            # the copy polarity each leg needs: up wants the literal positive, down negative
            queues[p] = [(i, (lit_at[i][k] > 0) == (p == UP)) for i in leg_order(k, idx, arcs)]
        heads = [q[0][1] for q in queues.values() if q]
        pol = heads[0] if heads else True
        slots.append((v, pol))
        while True:
            for q in queues.values():
                while q and q[0][1] == pol:
                    leg_slot[(q.pop(0)[0], k)] = len(slots) - 1
            if not any(queues.values()):
                break
            pol = not pol
            chain.append((len(slots) - 1, len(slots)))
            slots.append((v, pol))
    out = [Arc(UP, (a, b)) for a, b in chain] + [Arc(DOWN, (a, b)) for a, b in chain]
    for i, cl in enumerate(clauses):
        out.append(Arc(pages[i], tuple(sorted(leg_slot[(i, pos[abs(l)])] for l in cl))))
    lf = LineFormula(len(slots), list(dict.fromkeys(out)), slots)  # equal clauses once
    check_drawable(lf)
    return lf
