"""Crossings on the variable line: any CNF drawn with its variables on one line, the clauses that
would cross routed through Lichtenstein's crossover drawn as a *swap* (parsimonious).

A *drawing* is a variable order and a page (``up`` or ``down``) per clause, as in :mod:`.layout`;
it is *drawable* when no two clauses of one page cross (:func:`~.layout.crosses`). A formula whose
incidence graph is not planar has no drawable drawing; :func:`route` makes one by the moves below,
each of which keeps the number of models: *every model of the formula before the move extends in
exactly one way to a model after it, and every model after it restricts to one before it*.

**Expansion** (:func:`expand`). Each variable ``v`` with ``k`` literals becomes a block of ``k``
adjacent slots ``v = v_1, v_2, ..., v_k``, joined by *copies* ``v_{j+1} = not v_j`` (the clauses
``(v_j or v_{j+1})`` up and ``(not v_j or not v_{j+1})`` down, whose models are exactly the two
assignments that differ), each literal read through its own slot with its sign adjusted. Count:
the copies are fixed by ``v``, and each clause reads the value it read before. Drawing: a copy
joins neighbouring slots, so it crosses nothing; afterwards no two clauses share a slot, and two
clauses of one page cross exactly when a gap (two consecutive legs) of one and a gap of the other
*interleave*, ``la < lb < ra < rb``. The order of the literals inside the blocks is chosen by a
seeded descent on the crossings left.

**The swap** (:data:`~.planarize.CROSSOVER_SWAP`). Let the gap ``la..ra`` of clause ``X`` and the
gap ``lb..rb`` of clause ``Y`` interleave on page ``P``. The crossover's nine variables go on the
line between ``lb`` and ``ra`` in the order of :data:`~.planarize.CROSSOVER_SWAP`
(``b1 a1 gamma delta b2 alpha xi beta a2``) with its 18 clauses on the pages it gives (its ``P`` is
``P``). One end of each gap is moved onto the crossover: for ``X`` either its leg at ``ra`` goes to
``a1`` and the *link* ``a2 = ra`` is added, or its leg at ``la`` goes to ``a2`` and the link
``la = a1``; for ``Y`` likewise with ``b1`` (left) and ``b2`` (right). A link ``u = v`` is the two
clauses ``(u or not v)`` and ``(not u or v)`` on page ``P``. *Count:* for each value of ``(a1, b1)``
the crossover has exactly one model, and it has ``a2 = a1`` and ``b2 = b1``
(:func:`~.planarize.crossover_models`, all 512 assignments); the links fix ``a1`` or ``a2`` and
``b1`` or ``b2`` to the variables whose legs moved, so the moved legs read the values they read
before and each model extends in exactly one way. *Drawing:* the four pieces ``la..a1``,
``lb..b1``, ``a2..ra``, ``b2..rb`` are two nested pairs that cross none of the crossover's clauses
(:func:`~.planarize.swap_drawing`, tested), so these two gaps no longer cross; the crossover's
clauses lie between its first and last slot, where no other clause has a leg, so every other
clause passing over them has them all in one gap. The swap is never put between two slots of
one swap or of one copy (that would stretch their clauses over it).

**The tight swap** (:func:`_tight_swap`). When ``lb`` and ``ra`` are neighbouring slots ``u`` and
``w`` (outside any swap), no link is needed: ``u`` *is* ``b1`` and ``w`` *is* ``a2``, and the seven
other variables go between them; ``X``'s leg at ``w`` goes to ``a1`` and ``Y``'s leg at ``u`` to
``b2``. If a copy joined ``u`` and ``w`` (``w = not u``: both are slots of one block), it is
replaced by the same copy between ``u`` and ``a1``, the two neighbouring slots ``b1 a1``.
*Count:* given ``u`` and ``w`` the crossover (with ``b1 = u``, ``a2 = w``) has exactly one model
for each ``(a1, b1)``, in which ``a1 = a2 = w`` and ``b2 = b1 = u``: so ``X`` reads ``w`` and
``Y`` reads ``u`` as before. With the copy: the old formula says ``w = not u``; the new one says
``a1 = not u``, and ``a2 = a1`` in every model of the crossover, so again ``w = not u``, and the
crossover's variables are fixed by ``u``: the models correspond one to one. *Drawing:* this is
the drawing of the swap with the links ``lb..b1`` and ``a2..ra`` shrunk to a point (they joined
neighbouring slots), plus, in the copy case, a copy between neighbouring slots.

**Merging** (:func:`merge`). Afterwards each copy ``w = not u`` of the expansion whose slots are
neighbours outside the swaps is merged back into ``u`` (its clauses read ``not u``) when no two
clauses of one page cross afterwards: the inverse of an expansion step, same count.

:func:`route` tries the drawings of :func:`drawings` (fewest crossing pairs first); for each it
expands and then applies, greedily, the swap that leaves the fewest crossings
(:func:`leg_crossings`, then :func:`interleavings`, then the fewest variables), as long as each
step lowers them, at most :data:`MAX_SWAPS` swaps. The greedy may give up (nothing proves it
always finds such a swap: it did on 5-6 % of small random formulas); when it does on every
drawing, the *complete router* below routes the expansion with the fewest interleaving pairs of
gaps (each drawing expanded again, the blocks ordered by a descent on those pairs alone). The
result feeds :func:`~.layout.monotone_copies` unchanged, which checks that it is drawable. The only refusals here (:class:`~escapology.core.errors.InputError`, exit 2) are the
limit :data:`MAX_SWAPS`: on the crossing pairs of the best drawing, before any routing, and on the
number of swaps the complete router will make, known in advance (below) and checked before it
runs; the board's size is checked by :mod:`.planar3sat` before it is drawn.

**The complete router** (:func:`route_complete`). It works on *pieces* of page ``up`` or ``down``:
at first the gaps of the input's clauses in the expansion (a copy's clauses join neighbouring
slots and are not pieces); a swap cuts a piece in two. Let ``I`` be the number of pairs of pieces
of one page that interleave. Each *step* takes an interleaving pair ``g = la..ra``,
``h = lb..rb`` (``la < lb < ra < rb``, page ``P``) whose *overlap* ``lb..ra`` is the shortest, and
puts a swap right after the slot ``lb``, in the order of :data:`~.planarize.CROSSOVER_CUT`
(``b1 beta alpha xi gamma a1 delta b2 a2``, no clause of side ``P`` right of ``b2``): ``g`` becomes
the pieces ``la..a1`` and ``a2..ra``, ``h`` the pieces ``lb..b1`` and ``b2..rb``. If a copy joined
``lb`` to its right neighbour, both its clauses go to the other page ``Q`` (the formula is the same).

*Lemma 1 (a step lowers I by exactly one).* The ends of the pieces are distinct slots, except a
clause's middle leg, shared by its own two gaps. (a) By minimality, a piece ``k`` with an end
``e`` strictly between ``lb`` and ``ra`` has its other end ``f`` there too, or left of ``la``,
or right of ``rb``: if ``la < f < lb``, ``k`` and ``h`` would interleave with the shorter overlap
``lb..e``; if ``ra < f < rb``, ``k`` and ``g`` with ``e..ra``; and ``f`` is none of ``la, lb, ra,
rb``, whose other pieces are the other gaps of ``g``'s and ``h``'s clauses, with no end between
``la`` and ``ra`` (resp. ``lb`` and ``rb``): a gap joins consecutive legs. (b) Let ``c`` be the
point right after ``lb``. A piece crosses ``la..c`` (resp. ``c..ra``) when exactly one of its
ends is strictly inside. So a piece ``k`` other than ``g`` and ``h`` crosses as many pieces of
``g`` as it crossed ``g``, plus two when it has one end strictly inside ``la..c`` and the other
strictly inside ``c..ra``; the latter end is strictly between ``lb`` and ``ra``, so by (a) the
former is strictly between ``lb`` and ``c``, where there is no slot. Likewise with ``h``,
``lb..c`` and ``c..rb``. (c) ``la..a1`` encloses ``lb..b1`` and ``b2..rb`` encloses ``a2..ra``
(``b1 < a1 < b2 < a2``), the other pairs of the four lie apart: ``g``'s and ``h``'s pieces no
longer interleave. Pieces of ``Q``, and pairs without ``g`` or ``h``, are as before (no piece
has an end inside the swap but at its terminals). So ``I`` drops by one.

*Termination and size.* The router stops when ``I = 0``, after exactly ``I0`` steps, ``I0`` the
interleaving pairs of gaps of the expansion (:func:`interleavings`): :func:`route` compares
``I0`` with :data:`MAX_SWAPS` before it routes. No swap of this kind can lower ``I`` by more than
one (by (b) without minimality a piece's crossings with ``g``'s pieces grow by 0 or 2), so
``I0`` is also the fewest swaps any sequence of them needs on that expansion.

*Lemma 2 (the final drawing has no crossing).* Invariants: (i) each swap's terminals carry one
piece each, entering ``b1`` and ``a1`` from the left (``a1``'s enclosing ``b1``'s) and leaving
``b2`` and ``a2`` to the right (``b2``'s enclosing ``a2``'s): a step cuts pieces only at points
between their ends, so the side a piece reaches a terminal from never changes. (ii) A swap is
put either between two slots not of one swap, or inside one swap right after its ``b2``: the slot
``lb`` has a piece leaving to the right, so inside a swap it is ``b2`` or ``a2``, the last one.
No clause of side ``P`` of :data:`~.planarize.CROSSOVER_CUT` has a slot right of ``b2``, so none
is stretched over the new swap; the clauses of side ``Q`` passing over it have it in one gap, and
no piece of ``Q`` ends in it. (iii) A copy either joins neighbours (and crosses nothing), or both
its clauses are on one page and only swaps of the other page stand between its slots: the step
that moved it put a swap of ``P`` there with its clauses on ``Q``; a later step cuts inside it
only right after its first slot (which carries a piece of ``P`` only) or after a terminal of a
swap there (pieces of ``P`` only), so always with a swap of ``P``; no piece of ``Q`` ends between
its slots, so it crosses no piece, and the clauses of those swaps on ``Q`` lie in it. Then at the
end: two clauses of the input or links with no common slot cross exactly when two of their gaps
interleave (as in the expansion), and ``I = 0``; the clauses of a swap cross neither each other
nor the pieces at its terminals (:func:`~.planarize.swap_drawing` with ``CROSSOVER_CUT``, tested;
a clause of three reaching a terminal has its other gap outside the swap), and every other piece
passes over a swap with no end inside it; copies cross nothing by (iii).
:func:`route_complete` checks both lemmas as it goes (an internal error if either failed).

*Lemma 3 (every model extends in exactly one way).* Each gap ``l..r`` the router cut is a *wire*:
its pieces ``l..in_1``, ``out_1..in_2``, ..., ``out_k..r`` pass the swaps ``G_1 < ... < G_k`` (``in``
is ``a1`` or ``b1``, ``out`` the ``a2`` or ``b2`` of the same swap). The wire carries the value of
one of its clause ``X``'s end legs: for a gap ending at ``X``'s last leg (any gap of a clause of
two), ``X`` reads its literal of ``r`` at ``in_1`` and the other pieces are links
(``out_t = in_{t+1}``, ``out_k = r``); for the first gap of a clause of three, ``X`` reads its
literal of ``l`` at ``out_k`` and the pieces ``l..in_1``, ``out_t..in_{t+1}`` are links. ``X``'s
arc is then exactly the pieces it keeps. Given a model of the expansion, the links force every
variable of a wire to the value of the slot it carries, so each crossover's ``(a1, b1)`` is fixed
and it has exactly one model, which has ``a2 = a1`` and ``b2 = b1`` as the wires say; so the
model extends in exactly one way, and ``X`` reads the values it read. Conversely, in every model
the links and crossovers make each wire equal to its slot, so it restricts to a model of the
expansion. With the expansion (above) and merging (below), the count is the input's.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field

from escapology.core.errors import InputError
from escapology.roma.reductions.layout import DOWN, UP, crosses
from escapology.roma.reductions.planarize import CROSSOVER, CROSSOVER_CUT, CROSSOVER_SWAP

#: The most swaps :func:`route` inserts (each adds nine variables and twenty clauses to the line).
MAX_SWAPS = 6
#: The seeded random orders :func:`drawings` tries for 8 variables (below, every order; a count, so the
#: answer does not depend on the machine's speed).
ORDER_BUDGET = 1000

#: The drawings :func:`route` tries, fewest crossing pairs first, until one is routed.
DRAWINGS = 6
#: Seeded restarts of the descent that orders the literals in each variable's block (:func:`expand`).
RESTARTS = 12

_OTHER = {UP: DOWN, DOWN: UP}
# the crossover's variables in CROSSOVER's numbering
_A1, _B1, _A2, _B2 = 1, 2, 3, 4


@dataclass
class Drawing:
    """Variables ``1..n_vars`` in ``order`` on the line; clause ``i`` on ``pages[i]``;
    ``gadget[v]``: the swap that variable ``v`` belongs to (nothing is put between two of them)."""

    n_vars: int
    order: list[int]
    clauses: list[list[int]]
    pages: list[str]
    swaps: int = 0
    copies: int = 0
    gadget: dict[int, int] = field(default_factory=dict)
    made: frozenset[int] = frozenset()  # the copies made by :func:`expand`

    def arcs(self) -> list[tuple[int, ...]]:
        pos = {v: k for k, v in enumerate(self.order)}
        return [tuple(sorted(pos[abs(lit)] for lit in cl)) for cl in self.clauses]

    def crossing_pairs(self) -> list[tuple[int, int]]:
        """The pairs of clauses of one page that cross."""
        arcs = self.arcs()
        out = []
        for p in (UP, DOWN):
            idx = [i for i, q in enumerate(self.pages) if q == p]
            out += [(i, j) for i, j in itertools.combinations(idx, 2) if crosses(arcs[i], arcs[j])]
        return out


def _count_crossings(arcs: list[tuple[int, ...]], pages: list[str]) -> int:
    """The pairs of clauses of one page that cross."""
    n = 0
    for p in (UP, DOWN):
        idx = [arcs[i] for i, q in enumerate(pages) if q == p]
        n += sum(1 for s, t in itertools.combinations(idx, 2) if crosses(s, t))
    return n


def leg_crossings(arcs: list[tuple[int, ...]], pages: list[str]) -> int:
    """The crossings of a bar drawing, counted per crossing pair of one page as the fewer of the
    legs of one clause that stand strictly inside the other's span (those legs pass its bar
    when it is drawn lower; a pair that shares slots counts at least one): a guide for the greedy,
    not a bound."""
    n = 0
    for p in (UP, DOWN):
        idx = [a for a, q in zip(arcs, pages) if q == p and len(a) > 1]
        for s, t in itertools.combinations(idx, 2):
            if crosses(s, t):
                n += min(sum(1 for v in s if t[0] < v < t[-1] and v not in t),
                         sum(1 for v in t if s[0] < v < s[-1] and v not in s)) or 1
    return n


def interleavings(arcs: list[tuple[int, ...]], pages: list[str]) -> int:
    """The pairs of gaps of clauses of one page that interleave (``a < c < b < d`` for gaps
    ``a..b`` and ``c..d``): where two clauses with no common slot cross, each needing a swap."""
    n = 0
    for p in (UP, DOWN):
        gaps = sorted(g for a, q in zip(arcs, pages) if q == p for g in zip(a, a[1:]))
        for k, (a, b) in enumerate(gaps):
            for c, d in gaps[k + 1:]:
                if c >= b:
                    break
                if a < c < b < d:
                    n += 1
    return n


def _best_pages(arcs: list[tuple[int, ...]]) -> tuple[int, list[str]]:
    """Pages with few crossing pairs on one page (a maximum cut of the crossing graph: exact for
    up to 9 clauses that cross something, else a local search), and their number."""
    m = len(arcs)
    adj = [[j for j in range(m) if j != i and crosses(arcs[i], arcs[j])] for i in range(m)]
    live = [i for i in range(m) if adj[i]]
    side = [0] * m
    if len(live) <= 9:
        best, best_mask = None, 0
        for mask in range(1 << max(0, len(live) - 1)):
            bad = sum(1 for a, i in enumerate(live) for j in adj[i]
                      if i < j and ((mask >> a) & 1) == ((mask >> live.index(j)) & 1))
            if best is None or bad < best:
                best, best_mask = bad, mask
        for a, i in enumerate(live):
            side[i] = (best_mask >> a) & 1
    else:
        improved = True
        while improved:
            improved = False
            for i in live:
                same = sum(1 for j in adj[i] if side[j] == side[i])
                if 2 * same > len(adj[i]):
                    side[i] ^= 1
                    improved = True
    pages = [UP if s == 0 else DOWN for s in side]
    return _count_crossings(arcs, pages), pages


def drawings(n: int, clauses: list[list[int]], keep: int = DRAWINGS) -> list[Drawing]:
    """Up to ``keep`` orders of the variables with pages, fewest crossing pairs first: every order
    when there are at most 7 variables (mirror images once), else :data:`ORDER_BUDGET` seeded
    random orders; ties go to the earlier order."""
    var_sets = [sorted({abs(lit) for lit in cl}) for cl in clauses]
    if n <= 7:
        candidates = [o for o in itertools.permutations(range(1, n + 1)) if n < 2 or o[0] < o[-1]]
    else:
        rng = random.Random(0)
        candidates = [tuple(rng.sample(range(1, n + 1), n)) for _ in range(ORDER_BUDGET)]
    scored = []
    for k, order in enumerate(candidates):
        pos = {v: i for i, v in enumerate(order)}
        c, pages = _best_pages([tuple(sorted(pos[v] for v in vs)) for vs in var_sets])
        scored.append((c, k, order, pages))
        if c == 0:
            break
    scored.sort(key=lambda t: t[:2])
    return [Drawing(n, list(o), [list(cl) for cl in clauses], pages) for _, _, o, pages in scored[:keep]]


def best_drawing(n: int, clauses: list[list[int]]) -> Drawing:
    """The drawing with the fewest crossing pairs that :func:`drawings` finds."""
    return drawings(n, clauses, 1)[0]


# -- the moves ----------------------------------------------------------------------------------
def _swap(d: Drawing, x: int, la: int, ra: int, keep_x: str, y: int, lb: int, rb: int, keep_y: str,
          at: int) -> Drawing:
    """The swap of the gap ``la..ra`` of clause ``x`` with the gap ``lb..rb`` of clause ``y``
    (positions, ``la < lb < at <= ra < rb``), the crossover put on the line before position
    ``at``; ``keep_x`` is ``"left"`` (the leg at ``ra`` moves to ``a1``) or ``"right"`` (the leg
    at ``la`` moves to ``a2``), ``keep_y`` likewise with ``b1``, ``b2``."""
    page = d.pages[x]
    base = d.n_vars
    name = {k: base + k for k in range(1, 10)}
    order_in, sides = CROSSOVER_SWAP
    new_order = d.order[:at] + [name[v] for v in order_in] + d.order[at:]
    clauses = [list(cl) for cl in d.clauses]
    pages = list(d.pages)
    for cl, side in zip(CROSSOVER, sides):
        clauses.append([(1 if lit > 0 else -1) * name[abs(lit)] for lit in cl])
        pages.append(page if side == "P" else _OTHER[page])

    def move(ci: int, pos: int, to: int, other: int) -> None:
        v = d.order[pos]
        clauses[ci] = [(1 if lit > 0 else -1) * to if abs(lit) == v else lit for lit in clauses[ci]]
        clauses.extend([[other, -v], [-other, v]])  # the link: other = v
        pages.extend([page, page])

    if keep_x == "left":
        move(x, ra, name[_A1], name[_A2])
    else:
        move(x, la, name[_A2], name[_A1])
    if keep_y == "left":
        move(y, rb, name[_B1], name[_B2])
    else:
        move(y, lb, name[_B2], name[_B1])
    gadget = dict(d.gadget)
    gadget.update((v, d.swaps) for v in name.values())
    return Drawing(base + 9, new_order, clauses, pages, d.swaps + 1, d.copies, gadget, d.made)


def expand(d: Drawing, fewest_pairs: bool = False) -> Drawing:
    """Each variable with several literals as a block of adjacent slots, one per literal, joined by
    copies ``v' = not v`` (``(v or v')`` up, ``(not v or not v')`` down: one extension, and the
    two clauses join neighbouring slots, so they cross nothing): no two clauses share a slot, and
    two clauses cross exactly where two of their gaps interleave. The literals of a block are
    ordered by a descent on the number of interleaving gaps (:func:`interleavings`), starting
    from: those whose clause comes from the left (the nearest first), those whose clause passes
    on both sides, those whose clause goes to the right (the farthest first). With
    ``fewest_pairs`` the descent counts the interleaving pairs of gaps alone (each costs the complete
    router one swap: :func:`route_complete`)."""
    pos = {v: k for k, v in enumerate(d.order)}
    occ: dict[int, list[int]] = {v: [] for v in d.order}
    for i, cl in enumerate(d.clauses):
        for lit in cl:
            occ[abs(lit)].append(i)

    def key(v: int, i: int) -> tuple[int, int]:
        others = [pos[abs(lit)] for lit in d.clauses[i] if abs(lit) != v]
        p = pos[v]
        if others and max(others) < p:
            return (0, -min(others))
        if others and min(others) > p:
            return (2, -max(others))
        return (1, 0)

    blocks = {v: sorted(occ[v], key=lambda i: key(v, i)) for v in d.order}

    def arcs_of(blocks: dict[int, list[int]]) -> list[tuple[int, ...]]:
        at: dict[tuple[int, int], int] = {}
        k = 0
        for v in d.order:
            for i in blocks[v] or [None]:
                at[(v, i)] = k
                k += 1
        return [tuple(sorted(at[(abs(lit), i)] for lit in cl)) for i, cl in enumerate(d.clauses)]

    seen: dict[tuple[tuple[int, ...], ...], tuple[int, int]] = {}

    def cost(blocks: dict[int, list[int]]) -> tuple[int, int]:
        """Interleaving gaps, and those of them that are not tight (a swap there needs links);
        remembered per order of the blocks (the restarts' descents meet the same orders again)."""
        k = tuple(tuple(blocks[v]) for v in d.order)
        if k not in seen:
            arcs = arcs_of(blocks)
            if fewest_pairs:
                seen[k] = interleavings(arcs, d.pages), 0
            else:
                seen[k] = leg_crossings(arcs, d.pages), interleavings(arcs, d.pages)
        return seen[k]

    def descend(blocks: dict[int, list[int]]) -> tuple[tuple[int, int], dict[int, list[int]]]:
        score = cost(blocks)
        improved = True
        while improved and score != (0, 0):
            improved = False
            for v in d.order:
                for a, b in itertools.permutations(range(len(blocks[v])), 2):
                    trial = dict(blocks)
                    trial[v] = list(blocks[v])
                    trial[v].insert(b, trial[v].pop(a))  # move one literal elsewhere in its block
                    sc = cost(trial)
                    if sc < score:
                        blocks, score, improved = trial, sc, True
        return score, blocks

    best = descend(blocks)
    rng = random.Random(0)
    for _ in range(RESTARTS):
        if best[0] == (0, 0):
            break
        shuffled = {v: rng.sample(b, len(b)) for v, b in blocks.items()}
        found = descend(shuffled)
        if found[0] < best[0]:
            best = found
    blocks = best[1]

    nxt = d.n_vars
    clauses = [list(cl) for cl in d.clauses]
    pages = list(d.pages)
    order: list[int] = []
    for v in d.order:
        prev, sign = v, 1
        order.append(v)
        for i in blocks[v][1:]:
            nxt += 1
            sign = -sign
            clauses += [[prev, nxt], [-prev, -nxt]]
            pages += [UP, DOWN]
            clauses[i] = [(sign if lit > 0 else -sign) * nxt if abs(lit) == v else lit for lit in clauses[i]]
            order.append(nxt)
            prev = nxt
    return Drawing(nxt, order, clauses, pages, d.swaps, d.copies + nxt - d.n_vars, dict(d.gadget),
                   d.made | frozenset(range(d.n_vars + 1, nxt + 1)))


def _tight_swap(d: Drawing, x: int, y: int, lb: int) -> Drawing:
    """The swap at two neighbouring slots ``lb`` (clause ``y``'s leg, its gap going right) and
    ``lb + 1`` (clause ``x``'s leg, its gap coming from the left), which become the crossover's
    ``b1`` and ``a2``: no link is needed (see the module docstring)."""
    u, w = d.order[lb], d.order[lb + 1]
    page = d.pages[x]
    base = d.n_vars
    order_in, sides = CROSSOVER_SWAP
    fresh = [k for k in order_in if k not in (_B1, _A2)]
    name = {_B1: u, _A2: w}
    name.update((k, base + 1 + i) for i, k in enumerate(fresh))
    new_order = d.order[:lb + 1] + [name[k] for k in order_in[1:-1]] + d.order[lb + 1:]
    clauses, pages = [], []
    for i, (cl, q) in enumerate(zip(d.clauses, d.pages)):
        if len(cl) == 2 and {abs(lit) for lit in cl} == {u, w}:  # the copy joining u and w: now u and a1
            cl = [lit if abs(lit) == u else (1 if lit > 0 else -1) * name[_A1] for lit in cl]
        elif i == x:
            cl = [(1 if lit > 0 else -1) * name[_A1] if abs(lit) == w else lit for lit in cl]
        elif i == y:
            cl = [(1 if lit > 0 else -1) * name[_B2] if abs(lit) == u else lit for lit in cl]
        clauses.append(list(cl))
        pages.append(q)
    for cl, side in zip(CROSSOVER, sides):
        clauses.append([(1 if lit > 0 else -1) * name[abs(lit)] for lit in cl])
        pages.append(page if side == "P" else _OTHER[page])
    gadget = dict(d.gadget)
    gadget.update((v, d.swaps) for v in name.values())
    return Drawing(base + len(fresh), new_order, clauses, pages, d.swaps + 1, d.copies, gadget, d.made)


def _interleaving_gaps(arcs: list[tuple[int, ...]], pages: list[str]) -> list[tuple[int, tuple[int, int], int, tuple[int, int]]]:
    """Every ``(x, (la, ra), y, (lb, rb))``: a gap of clause ``x`` and one of clause ``y`` on the
    same page with ``la < lb < ra < rb``."""
    out = []
    for p in (UP, DOWN):
        gaps = sorted((g, i) for i, (a, q) in enumerate(zip(arcs, pages)) if q == p for g in zip(a, a[1:]))
        for k, ((la, ra), x) in enumerate(gaps):
            for (lb, rb), y in gaps[k + 1:]:
                if lb >= ra:
                    break
                if la < lb < ra < rb:
                    out.append((x, (la, ra), y, (lb, rb)))
    return out


def _moves(d: Drawing):
    """The swaps that undo one interleaving pair of gaps ``la..ra`` (clause ``x``) and ``lb..rb``
    (clause ``y``): tight where ``lb`` and ``ra`` are neighbouring slots outside the swaps, and
    with links at every place between ``lb`` and ``ra`` that is neither inside a swap nor between
    two copies of one variable."""
    arcs = d.arcs()
    chained = {frozenset(abs(lit) for lit in cl) for cl in d.clauses if len(cl) == 2}
    for x, (la, ra), y, (lb, rb) in _interleaving_gaps(arcs, d.pages):
        if ra == lb + 1 and d.order[lb] not in d.gadget and d.order[ra] not in d.gadget:
            yield _tight_swap(d, x, y, lb)
        for at in range(lb + 1, ra + 1):
            u, w = d.order[at - 1], d.order[at]
            if (d.gadget.get(u, -1) == d.gadget.get(w, -2)) or frozenset((u, w)) in chained:
                continue
            for kx, ky in itertools.product(("left", "right"), repeat=2):
                yield _swap(d, x, la, ra, kx, y, lb, rb, ky, at)


def _tight(d: Drawing, arcs: list[tuple[int, ...]], x: int, ra: int, y: int, lb: int) -> bool:
    return (ra == lb + 1 and ra == arcs[x][-1] and lb == arcs[y][0]
            and d.order[lb] not in d.gadget and d.order[ra] not in d.gadget)


def route(n: int, clauses: list[list[int]]) -> Drawing:
    """A drawable drawing of the clauses (see the module docstring): the greedy on each of the
    :data:`DRAWINGS` drawings tried, else the complete router (:func:`route_complete`) on the
    expansion with the fewest interleaving gaps (``expand(d, fewest_pairs=True)`` of each);
    :class:`InputError` when the best drawing has more than :data:`MAX_SWAPS` crossing pairs, or
    that expansion more than :data:`MAX_SWAPS` interleaving pairs of gaps (the number of swaps the
    complete router makes, checked before it runs)."""
    tried = drawings(n, clauses)
    pairs = len(tried[0].crossing_pairs())
    if not pairs:
        return tried[0]
    if pairs > MAX_SWAPS:
        raise InputError(f"the best drawing found has {pairs} crossing pairs of clauses, each needing a "
                         f"crossover: more than the {MAX_SWAPS} roma-planar3sat builds")
    for d in tried:
        try:
            return merge(_route(expand(d)))
        except InputError:
            continue
    expanded = [expand(d, fewest_pairs=True) for d in tried]
    need, k = min((interleavings(e.arcs(), e.pages), k) for k, e in enumerate(expanded))
    e = expanded[k]
    if need > MAX_SWAPS:
        raise InputError(f"the formula needs {need} crossovers on the variable line (one per pair of "
                         f"interleaving gaps of its best expansion), more than the {MAX_SWAPS} "
                         f"roma-planar3sat builds")
    return merge(route_complete(e, len(clauses)))


def _route(d: Drawing) -> Drawing:
    """Swaps, greedily, until no two clauses of one page cross."""

    def key(e: Drawing) -> tuple[int, int]:
        arcs = e.arcs()
        return leg_crossings(arcs, e.pages), interleavings(arcs, e.pages)

    left = key(d)
    while left[0]:
        if d.swaps >= MAX_SWAPS:
            raise InputError(f"the formula needs more than {MAX_SWAPS} crossovers on the variable line "
                             f"(each adds a swap of seven to nine variables), the most roma-planar3sat builds")
        best: tuple[tuple[int, int], int, Drawing] | None = None
        for e in _moves(d):
            k = key(e)
            if best is None or (k, e.n_vars) < best[:2]:
                best = (k, e.n_vars, e)
        if best is None or best[0] >= left:
            raise InputError("roma-planar3sat found no way to route the formula's crossings through "
                             "swaps (docs/roma.md, crossings)")
        d, left = best[2], best[0]
    return d


def route_complete(d: Drawing, m: int) -> Drawing:
    """The complete router (see the module docstring, *Completeness*): ``d`` is an expansion
    (:func:`expand`, no swap yet) whose first ``m`` clauses are the input's and the others its copies
    in pairs. Repeatedly, of the pairs of pieces of one page that interleave, ``la < lb < ra < rb``,
    one with the shortest overlap ``lb..ra`` gets a swap (:data:`~.planarize.CROSSOVER_CUT`) right
    after ``lb``; each such swap lowers the number of interleaving pairs by exactly one, so it makes
    exactly as many swaps as ``d`` has interleaving pairs of gaps. Then every piece is drawn: each
    gap is a *wire* through the swaps it passes, read by its clause at one end and joined by links."""
    order = list(d.order)
    pages = list(d.pages)
    copy_of = {frozenset(abs(lit) for lit in d.clauses[i]): (i, i + 1) for i in range(m, len(d.clauses), 2)}
    pos = {v: k for k, v in enumerate(order)}
    # each gap of an input clause: its wire, a path l, in_1, out_1, ..., in_k, out_k, r (pieces: pairs)
    legs = [sorted((abs(lit) for lit in d.clauses[i]), key=pos.__getitem__) for i in range(m)]
    wires = {(i, j): [legs[i][j], legs[i][j + 1]] for i in range(m) for j in range(len(legs[i]) - 1)}
    extra: list[list[int]] = []
    extra_pages: list[str] = []
    gadget: dict[int, int] = {}
    n_vars, swaps = d.n_vars, 0

    def pairs(pos: dict[int, int]) -> list[tuple[int, int, int, tuple[int, int], tuple[int, int]]]:
        """Every interleaving pair of pieces of one page: (overlap, la, lb, g, h), g and h as (wire, piece)."""
        out = []
        for p in (UP, DOWN):
            pieces = sorted((pos[w[2 * k]], pos[w[2 * k + 1]], key, k) for key, w in wires.items()
                            if d.pages[key[0]] == p for k in range(len(w) // 2))
            for a, (la, ra, g, kg) in enumerate(pieces):
                for lb, rb, h, kh in pieces[a + 1:]:
                    if lb >= ra:
                        break
                    if la < lb < ra < rb:
                        out.append((ra - lb, la, lb, (g, kg), (h, kh)))
        return out

    left = pairs(pos)
    while left:
        _, _, _, (g, kg), (h, kh) = min(left)
        page = d.pages[g[0]]
        lb = wires[h][2 * kh]
        at = pos[lb] + 1
        u, w = order[at - 1], order[at]
        if frozenset((u, w)) in copy_of:  # a copy joins lb to its neighbour: both its clauses to the other page
            for ci in copy_of[frozenset((u, w))]:
                pages[ci] = _OTHER[page]
        name = {k: n_vars + k for k in range(1, 10)}
        cut_order, sides = CROSSOVER_CUT
        order[at:at] = [name[k] for k in cut_order]
        for cl, side in zip(CROSSOVER, sides):
            extra.append([(1 if lit > 0 else -1) * name[abs(lit)] for lit in cl])
            extra_pages.append(page if side == "P" else _OTHER[page])
        gadget.update((v, swaps) for v in name.values())
        n_vars, swaps = n_vars + 9, swaps + 1
        wires[g][2 * kg + 1:2 * kg + 1] = [name[_A1], name[_A2]]
        wires[h][2 * kh + 1:2 * kh + 1] = [name[_B1], name[_B2]]
        pos = {v: k for k, v in enumerate(order)}
        now = pairs(pos)
        if len(now) != len(left) - 1:  # the lemma of the module docstring, checked
            raise AssertionError(f"a swap of the complete router left {len(now)} interleaving pairs, "
                                 f"not {len(left) - 1}")
        left = now
    clauses = [list(cl) for cl in d.clauses]
    for (i, j), path in wires.items():
        if len(path) == 2:
            continue
        right = len(legs[i]) == 2 or j == 1  # the wire carries the value of the clause's end leg
        moved, to = (legs[i][j + 1], path[1]) if right else (legs[i][j], path[-2])
        clauses[i] = [(1 if lit > 0 else -1) * to if abs(lit) == moved else lit for lit in clauses[i]]
        links = range(1, len(path) // 2) if right else range(len(path) // 2 - 1)
        for t in links:
            a, b = path[2 * t], path[2 * t + 1]
            extra += [[a, -b], [-a, b]]
            extra_pages += [d.pages[i]] * 2
    e = Drawing(n_vars, order, clauses + extra, pages + extra_pages, swaps, d.copies, gadget, d.made)
    if e.crossing_pairs():  # the drawing lemma of the module docstring, checked
        raise AssertionError(f"the complete router left crossing clauses {e.crossing_pairs()}")
    return e


def merge(d: Drawing) -> Drawing:
    """Undo the copies of :func:`expand` that the drawing does not need: a copy ``w = not u`` made by
    :func:`expand` next to ``u`` (outside the swaps) is merged back into ``u`` (its clauses read ``not u``) whenever no two
    clauses of one page cross afterwards. The models stay in bijection (``w`` was fixed by ``u``)."""
    changed = True
    while changed:
        changed = False
        for k in range(len(d.order) - 1):
            u, w = d.order[k], d.order[k + 1]
            if u in d.gadget or w in d.gadget or w not in d.made:
                continue
            pair = [i for i, cl in enumerate(d.clauses) if len(cl) == 2 and {abs(lit) for lit in cl} == {u, w}]
            if len(pair) != 2 or sorted(d.clauses[pair[0]] + d.clauses[pair[1]]) != sorted([u, w, -u, -w]) \
                    or {tuple(sorted(d.clauses[i])) for i in pair} != {tuple(sorted((u, w))), tuple(sorted((-u, -w)))}:
                continue
            clauses, pages = [], []
            for i, (cl, q) in enumerate(zip(d.clauses, d.pages)):
                if i in pair:
                    continue
                clauses.append([(-u if lit > 0 else u) if abs(lit) == w else lit for lit in cl])
                pages.append(q)
            e = Drawing(d.n_vars, d.order[:k + 1] + d.order[k + 2:], clauses, pages, d.swaps, d.copies - 1,
                        dict(d.gadget), d.made - {w})
            if any(len({abs(lit) for lit in cl}) < len(cl) for cl in clauses):
                continue  # a clause would read u twice
            if not e.crossing_pairs():
                d, changed = e, True
                break
    return d


__all__ = ["Drawing", "MAX_SWAPS", "best_drawing", "drawings", "expand", "interleavings", "merge", "route", "route_complete"]
