"""Grading by the reasoning a human needs: a propagation solver with rules in levels.

Each rule only removes candidate arrows that no solution can use, so the solver never removes
the solution's arrows (soundness of each rule is stated at the rule):

1. *basic*: an arrow leaving the board is never allowed; an arrow fixed in a box removes that
   direction from the other cells of the box (box rule); in a box of four arrow cells every
   direction appears exactly once, so a direction possible in only one cell goes there; a cell
   never points at a neighbour that points back at it (a loop of two); a cell with one candidate
   is fixed.
2. *subsets and loops*: ``j`` cells of a box whose candidates together are ``j`` directions use
   them all, so the other cells of the box lose them; a cell never points at a neighbour whose
   fixed arrows lead back to it (a longer loop).
3. *reach*: a cell ``c`` never points at a neighbour ``n`` from which no goal can be reached along
   candidate arrows without passing through ``c`` (then every path from ``c`` through ``n`` comes
   back to ``c``, or stops). Found with dominators (networkx's Cooper-Harvey-Kennedy
   ``immediate_dominators``) of the reversed candidate graph rooted behind the goals.

The grade is the lowest level whose rules alone fix every cell: ``easy``, ``medium``, ``hard``;
``expert`` when level 3 needs one-step trials (:func:`trial`); ``search`` when even those leave
cells open.

>>> from escapology.roma.io import decode_url
>>> grade(decode_url("https://puzz.link/p?roma/4/4/augddgb2a12d53a3b"))
'easy'
"""

from __future__ import annotations

from functools import lru_cache

from escapology.core.limits import Deadline
from escapology.roma.model import DIRECTIONS, EMPTY, GOAL, OPPOSITE, Cell, Puzzle

LEVELS = ("easy", "medium", "hard")
#: Boards of more cells are not tried with one-step trials (graded ``search`` when levels 1-3 leave
#: cells open). With the worklist trials a 20 x 20 minimal puzzle takes about 3.5 s on a loaded
#: 2-core VM, a 30 x 30 one 10-20 s.
TRIAL_LIMIT = 400


def initial_candidates(puzzle: Puzzle) -> dict[Cell, set[str]]:
    """Every arrow cell's candidates: the given arrow, or the arrows that stay on the board."""
    cand: dict[Cell, set[str]] = {}
    for cell in puzzle.cells():
        g = puzzle.given(cell)
        if g == GOAL:
            continue
        opts = {g} if g != EMPTY else set(DIRECTIONS)
        cand[cell] = {d for d in opts if puzzle.neighbour(cell, d) is not None}
    return cand


@lru_cache(maxsize=8)
def _geometry(puzzle: Puzzle) -> tuple[dict[Cell, dict[str, Cell | None]], dict[Cell, tuple[Cell, ...]]]:
    """Each cell's neighbour in each direction (``None`` off the board) and its box's cells
    (computed once per board: the rules ask for them millions of times)."""
    nbr = {cell: {d: puzzle.neighbour(cell, d) for d in DIRECTIONS} for cell in puzzle.cells()}
    box = {cell: puzzle.box_cells[puzzle.box(cell)] for cell in puzzle.cells()}
    return nbr, box


def _cell_rules(cell: Cell, opts: set[str], cand: dict[Cell, set[str]], level: int,
                nbr: dict[Cell, dict[str, Cell | None]], box_of: dict[Cell, tuple[Cell, ...]], limit: int) -> None:
    """The rules of levels 1 and 2 on one cell: remove from ``opts`` (the cell's candidates, a set
    this call may change) what they exclude, given the candidates ``cand`` of the others."""
    mates = [x for x in box_of[cell] if x in cand]
    for other in mates:  # box rule
        if other != cell and len(cand[other]) == 1:
            opts -= cand[other]
    if len(mates) == 4 and len(opts) > 1:  # a full box holds each direction once
        for d in DIRECTIONS:
            if d in opts and not any(d in cand[x] for x in mates if x != cell):
                opts.intersection_update({d})
                break
    if level >= 2 and len(opts) > 1 and len(mates) > 1:  # naked subsets: j cells sharing j directions
        others = [x for x in mates if x != cell]
        for k in range(1, 1 << len(others)):
            group = [x for i, x in enumerate(others) if k >> i & 1]
            union = set().union(*(cand[x] for x in group))
            if len(union) == len(group):
                opts -= union
    here = nbr[cell]
    for d in list(opts):  # a loop of two
        nb = here[d]
        if nb in cand and cand[nb] == {OPPOSITE[d]}:
            opts.discard(d)
    if level >= 2:
        for d in list(opts):  # longer loops along fixed arrows
            cur = here[d]
            seen = 0
            while cur in cand and len(cand[cur]) == 1 and seen <= limit:
                if cur == cell:
                    break
                cur = nbr[cur][next(iter(cand[cur]))]
                seen += 1
            if cur == cell:
                opts.discard(d)


def propagate(
    puzzle: Puzzle, level: int, cand: dict[Cell, set[str]] | None = None, deadline: Deadline | None = None,
) -> dict[Cell, set[str]] | None:
    """The candidates left after applying the rules up to ``level`` (starting from ``cand``, which
    is not modified); ``None`` on a contradiction. Raises
    :class:`~escapology.core.limits.LimitReached` when ``deadline`` passes (checked every pass)."""
    cand = initial_candidates(puzzle) if cand is None else {k: set(v) for k, v in cand.items()}
    nbr, box_of = _geometry(puzzle)
    limit = len(cand)
    changed = True
    while changed:
        if deadline is not None:
            deadline.check()
        changed = False
        dom: dict | None = None  # dominators of the current candidate graph (level 3)
        for cell, opts in cand.items():
            if not opts:
                return None
            before = len(opts)
            _cell_rules(cell, opts, cand, level, nbr, box_of, limit)
            if level >= 3 and len(opts) > 1:
                if dom is None:
                    dom = _dominators(puzzle, cand)
                here = nbr[cell]
                for d in list(opts):
                    if _dominated(dom, here[d], cell):
                        opts.discard(d)
            if not opts:
                return None
            if len(opts) != before:
                changed = True
    return cand


def _fails_at_level2(puzzle: Puzzle, cand: dict[Cell, set[str]], cell: Cell, d: str) -> bool:
    """Whether level 2, started from ``cand`` (a fixpoint of level 2) with ``cell`` fixed to
    ``d``, meets a contradiction (see :func:`_level2_from`)."""
    return _level2_from(puzzle, cand, cell, {d}) is None


def _level2_from(puzzle: Puzzle, cand: dict[Cell, set[str]], cell: Cell,
                 opts: set[str]) -> dict[Cell, set[str]] | None:
    """Level 2 started from ``cand`` (a fixpoint of level 2) with ``cell``'s candidates set to
    ``opts``: the new fixpoint, or ``None`` on a contradiction. It is :func:`propagate` at level 2,
    but re-examining only the cells whose rules read a changed cell (a worklist). The rules only remove candidates, so they have one
    largest fixpoint, and both ways reach it: a rule's outcome for a cell can change only when a
    cell it reads changes, and then the cell is examined again. What a cell's rules read: its box
    mates (box rule, full boxes, subsets), its neighbours (a loop of two) and the chains of fixed
    arrows from its neighbours, which end at the first open cell; when that cell becomes fixed,
    every neighbour of the cells whose fixed arrows lead to it is examined again."""
    nbr, box_of = _geometry(puzzle)
    work = dict(cand)  # sets are shared with cand and replaced, never changed in place
    limit = len(work)
    work[cell] = set(opts)
    if not opts:
        return None
    queue = [cell]
    queued = {cell}

    def touched(y: Cell) -> None:
        around = set(box_of[y])
        around.update(nb for nb in nbr[y].values() if nb is not None)
        if len(work[y]) == 1:  # chains of fixed arrows that ended at y now go on
            tree, stack = {y}, [y]
            while stack:
                cur = stack.pop()
                for z in nbr[cur].values():
                    if z is not None and z not in tree and z in work and len(work[z]) == 1 \
                            and nbr[z][next(iter(work[z]))] == cur:
                        tree.add(z)
                        stack.append(z)
            for t in tree:
                around.update(nb for nb in nbr[t].values() if nb is not None)
        for x in around:
            if x in work and x not in queued:
                queued.add(x)
                queue.append(x)

    touched(cell)
    while queue:
        x = queue.pop()
        queued.discard(x)
        now = set(work[x])
        _cell_rules(x, now, work, 2, nbr, box_of, limit)
        if not now:
            return None
        if len(now) != len(work[x]):
            work[x] = now
            touched(x)
    return work


def _dominators(puzzle: Puzzle, cand: dict[Cell, set[str]]) -> dict:
    """Immediate dominators in the reversed candidate graph rooted at a sink behind all goals:
    ``c`` dominates ``n`` iff every candidate path from ``n`` to a goal passes through ``c``."""
    import networkx as nx  # networkx (~200 ms): only the level-3 rule (dominators) needs it

    g = nx.DiGraph()
    sink = ("goal",)
    g.add_node(sink)
    for cell in puzzle.cells():
        if cell not in cand:
            g.add_edge(sink, cell)
            continue
        for d in cand[cell]:
            nb = puzzle.neighbour(cell, d)
            if nb is not None:
                g.add_edge(nb, cell)
    return nx.immediate_dominators(g, sink)


def _dominated(dom: dict, start: Cell | None, avoid: Cell) -> bool:
    """True iff no candidate path from ``start`` reaches a goal without passing ``avoid``.

    ``dom`` may be stale (computed earlier in the pass): candidates only shrink, so what was
    true of every path in the larger, older graph is true of every path now; a stale ``dom`` can
    only miss a removal, which the next pass makes."""
    if start is None or start not in dom:
        return True  # off the board, or no candidate path to any goal at all
    cur = start
    while True:
        if cur == avoid:
            return True
        nxt = dom.get(cur, cur)
        if nxt == cur:
            return False
        cur = nxt


def trial(puzzle: Puzzle, cand: dict[Cell, set[str]], deadline: Deadline | None = None) -> dict[Cell, set[str]] | None:
    """Level 4, one-step trial: an arrow whose assumption makes level 2 find a contradiction is
    removed (sound: level 2 never removes a solution's arrow, so no solution uses that arrow);
    level 3 then runs again."""
    # Sweeps over the open cells; a removal is followed at once by level 2 from that cell (a
    # worklist, cheap), level 3 runs after a sweep that removed something, and it ends with a
    # sweep that removes nothing. The result does not depend on the order: a trial that fails from
    # some candidates fails from fewer too (level 2 only removes, so it reaches a subset), so
    # every order of removals ends at the same, largest common fixpoint.
    cur: dict[Cell, set[str]] | None = cand
    while cur is not None:
        changed = False
        for cell in [c for c, v in cur.items() if len(v) > 1]:
            if deadline is not None:
                deadline.check()
            for d in sorted(cur[cell]):
                if d not in cur[cell]:
                    continue
                if _fails_at_level2(puzzle, cur, cell, d):
                    changed = True
                    cur = _level2_from(puzzle, cur, cell, cur[cell] - {d})
                    if cur is None:
                        return None
        if not changed:
            return cur
        cur = propagate(puzzle, 3, cur, deadline)
    return cur


def grade(puzzle: Puzzle, *, trial_limit: int = TRIAL_LIMIT, deadline: Deadline | None = None) -> str:
    """``easy``, ``medium``, ``hard``, ``expert`` (one-step trial) or ``search``: the lowest level
    of the rules above that fixes every cell (see the module docstring). Trials are only tried on
    boards of at most ``trial_limit`` cells (they are slow in Python); larger boards that levels
    1-3 do not finish are graded ``search``. Each level starts from the previous level's
    candidates (the rules only remove candidates, so the fixpoint is the same as from scratch).
    Raises :class:`~escapology.core.limits.LimitReached` when ``deadline`` passes."""
    cand: dict[Cell, set[str]] | None = None
    for level, name in enumerate(LEVELS, 1):
        cand = propagate(puzzle, level, cand, deadline)
        if cand is None:
            break
        if all(len(v) == 1 for v in cand.values()):
            return name
    if cand is not None and puzzle.n_cells <= trial_limit:
        done = trial(puzzle, cand, deadline)
        if done is not None and all(len(v) == 1 for v in done.values()):
            return "expert"
    return "search"
