"""The smallest set of given arrows that makes a solution unique (exact, implicit hitting sets).

Deciding whether ``k`` preset arrows suffice to make a Roma board uniquely solvable is
Sigma_2^P-complete (Goergen et al., Theorem 11), so no single SAT call can answer it. For a fixed
target solution ``S`` the problem is a hitting set problem with implicitly given sets: a set ``H``
of cells, given with their arrows from ``S``, makes ``S`` unique iff every other solution ``T``
differs from ``S`` on some cell of ``H``, i.e. ``H`` hits ``diff(T) = {c : T(c) != S(c)}`` for
every solution ``T != S``.

The loop (implicit hitting set, as in MaxHS): ``H`` := a minimum hitting set of the diff sets found
so far (exact, pysat's :class:`~pysat.examples.hitman.Hitman`); ask the SAT solver for a solution
``T != S`` agreeing with ``S`` on ``H``; if there is none, ``H`` is optimal (it is a minimum hitting
set of a subset of the constraints and satisfies all of them), else add ``diff(T)`` and repeat.
The lower bound ``|H|`` only grows, and each round adds a set ``H`` does not hit, so it ends.

>>> from escapology.roma.io import decode_url
>>> res = minimal_hints(decode_url("https://puzz.link/p?roma/4/4/augddgb2a12d53a3b"))
>>> res.optimal, len(res.hints) <= 5
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import numpy as np
from pysat.examples.hitman import Hitman
from pysat.examples.rc2 import RC2
from pysat.formula import WCNF

from escapology.core.errors import InputError
from escapology.core.limits import Deadline, LimitReached
from escapology.core.results import Status
from escapology.roma.checker import violations
from escapology.roma.model import DIRECTIONS, EMPTY, Cell, Puzzle, Solution
from escapology.roma.sat import RomaSat, solve


@dataclass
class HintResult:
    """``hints``: the cells to give (with ``solution``'s arrows); ``puzzle``: the board with them."""

    status: Status
    hints: tuple[Cell, ...] = ()
    puzzle: Puzzle | None = None
    solution: Solution | None = None
    optimal: bool = False
    lower_bound: int = 0
    rounds: int = 0


def minimal_hints(
    puzzle: Puzzle, *, solution: Sequence[str] | None = None, keep_givens: bool = False,
    timeout: float | None = None, deadline: Deadline | None = None, max_rounds: int | None = None,
) -> HintResult:
    """A minimum set of arrows of ``solution`` (default: the puzzle's first solution) that makes it
    the unique solution of the bare board (goals and boxes), or, with ``keep_givens``, of the board
    with the puzzle's givens kept (then only additional hints are counted).

    The answer is "unknown" (with the lower bound reached) when ``timeout``/``deadline`` passes or
    after ``max_rounds`` hitting-set rounds; the round limit does not depend on the machine or its
    load, so a caller that needs the same answer everywhere (the generator) limits rounds."""
    deadline = deadline or Deadline(timeout)
    if solution is None:
        res = solve(puzzle, deadline=deadline, uniqueness=False)
        if res.status is not Status.SOLVED:
            return HintResult(res.status)
        solution = res.solution
    assert solution is not None
    sol = tuple(solution)
    if violations(puzzle, sol):
        raise InputError("the target is not a solution of the puzzle: " + violations(puzzle, sol)[0].message)
    base = puzzle if keep_givens else puzzle.bare()
    candidates = [c for c in base.cells() if base.given(c) == EMPTY and sol[c[0]][c[1]] in DIRECTIONS]
    index = {c: i + 1 for i, c in enumerate(candidates)}
    enc = RomaSat(base)
    hitman = Hitman(htype="sorted", solver="g4")
    rounds = 0
    try:
        base_lits = enc.assumptions(base.givens)
        if base_lits is None:
            return HintResult(Status.UNSOLVABLE)
        block = enc.blocking_clause(sol, base.givens)
        if not block:  # every cell is fixed already: the solution is unique with no hints
            return HintResult(Status.SOLVED, (), base, sol, True, 0, 0)
        enc.solver.add_clause(block)
        while True:
            rounds += 1
            if deadline.expired() or (max_rounds is not None and rounds > max_rounds):
                raise LimitReached
            chosen = hitman.get() or []
            hs = [candidates[i - 1] for i in chosen]
            lits = base_lits + [enc.var[(r, c, sol[r][c])] for r, c in hs]
            other = enc.find(lits, deadline)
            if other is None:
                givens = [list(row) for row in base.givens]
                for r, c in hs:
                    givens[r][c] = sol[r][c]
                out = base.with_givens(["".join(row) for row in givens])
                return HintResult(Status.SOLVED, tuple(sorted(hs)), out, sol, True, len(hs), rounds)
            diff = [index[c] for c in candidates if other[c[0]][c[1]] != sol[c[0]][c[1]]]
            hitman.hit(diff)
    except LimitReached:
        return HintResult(Status.UNKNOWN, solution=sol, lower_bound=len(hitman.get() or []), rounds=rounds)
    finally:
        hitman.delete()
        enc.close()


def minimal_hints_any(
    puzzle: Puzzle, *, keep_givens: bool = False, timeout: float | None = None,
    deadline: Deadline | None = None, spread: int = 8,
) -> HintResult:
    """The fewest given arrows that make the bare board (or, with ``keep_givens``, the puzzle)
    uniquely solvable, minimised over *all* solutions: the Sigma_2^P-complete problem of
    Theorem 11 itself, solved exactly by counterexample-guided abstraction refinement.

    Master (MaxSAT, pysat's RC2): variables ``x`` of the Roma encoding and ``p_l`` "the arrow
    literal ``l`` is given", hard ``p_l -> x_l`` (the givens come from a solution ``x``), soft
    ``not p_l``. Its optimum ``P`` is checked by the SAT solver: if ``x`` has a loop, a loop cut
    is added; if ``P`` has two completions ``T1 != T2``, the hard clause "``P`` holds a literal
    false in ``T1`` or one false in ``T2``" is added (every valid ``P`` satisfies it: it cannot
    be consistent with both). Up to ``spread`` completions are collected per
    round and every pair of them is added. When ``P`` has one completion it is optimal, since the
    master only ever holds constraints that every valid set of givens satisfies.

    >>> from escapology.roma.model import Puzzle
    >>> r = minimal_hints_any(Puzzle.from_labels(["AB", "CD"], ["O.", ".."]))
    >>> r.optimal, len(r.hints)
    (True, 1)
    """
    deadline = deadline or Deadline(timeout)
    base = puzzle if keep_givens else puzzle.bare()
    enc = RomaSat(base)
    base_lits = enc.assumptions(base.givens)
    if base_lits is None:
        enc.close()
        return HintResult(Status.UNSOLVABLE)
    n = enc.n_vars
    free = {x for (r, c, d), x in enc.var.items() if base.givens[r][c] == EMPTY}
    wcnf = WCNF()
    for cl in enc.clauses:
        wcnf.append(cl)
    for x in base_lits:
        wcnf.append([x])
    for x in free:
        wcnf.append([-(n + x), x])
        wcnf.append([-(n + x)], weight=1)
    master = RC2(wcnf)
    act = 2 * n + 1  # activation literals for temporary blocking clauses in the checker
    rounds = 0
    try:
        while True:
            rounds += 1
            if deadline.expired():
                raise LimitReached
            model = master.compute()
            if model is None:
                return HintResult(Status.UNSOLVABLE, rounds=rounds)
            pos = set(l for l in model if l > 0)
            succ = {enc.decode[x][0]: enc.decode[x][1] for x in pos if x <= n}
            cycles = enc.cycles(_as_ids(enc, succ))
            if cycles:
                for cyc in cycles:
                    master.add_clause(enc.cut(cyc))
                continue
            given = [x for x in free if n + x in pos]
            first = enc.find(base_lits + given, deadline)
            assert first is not None  # x itself completes the givens
            # up to `spread` completions of P; each pair of them yields a refinement clause
            act += 1
            found = [first]
            while len(found) < spread:
                last = found[-1]
                enc.solver.add_clause([-act] + [-enc.var[(r, c, last[r][c])] for r, c in enc.arrow_cells
                                                if enc.var[(r, c, last[r][c])] in free])
                nxt = enc.find(base_lits + given + [act], deadline)
                if nxt is None:
                    break
                found.append(nxt)
            enc.solver.add_clause([-act])  # retire the temporary blocking clauses
            if len(found) == 1:
                givens = [list(row) for row in base.givens]
                hints = []
                for x in given:
                    (r, c), _ = enc.decode[x]
                    givens[r][c] = first[r][c]
                    hints.append((r, c))
                out = base.with_givens(["".join(row) for row in givens])
                return HintResult(Status.SOLVED, tuple(sorted(hints)), out, first, True, len(hints), rounds)
            sets = [{enc.var[(r, c, t[r][c])] for r, c in enc.arrow_cells} for t in found]
            for i, t1 in enumerate(sets):
                for t2 in sets[i + 1:]:
                    master.add_clause([n + x for x in free if x not in t1 or x not in t2])
    except LimitReached:
        return HintResult(Status.UNKNOWN, rounds=rounds)
    finally:
        master.delete()
        enc.close()


def _as_ids(enc: RomaSat, succ: dict) -> np.ndarray:
    """A successor dict as the engine's array of vertex ids."""
    vid = {v: i for i, v in enumerate(enc.vertices)}
    arr = np.full(len(enc.vertices), -1, dtype=np.int64)
    for v, w in succ.items():
        arr[vid[v]] = vid[w]
    return arr


@dataclass
class RedundantGivens:
    """The answer of :func:`redundant_givens` for a puzzle with a unique solution.

    ``redundant``: each given arrow that can be removed alone, the puzzle staying unique;
    ``kept``: an inclusion-minimal subset of the givens that keeps it unique (greedy, in row-major
    order: every given left is needed by the others); ``puzzle``: the board with ``kept`` only."""

    status: Status
    givens: tuple[Cell, ...] = ()
    redundant: tuple[Cell, ...] = ()
    kept: tuple[Cell, ...] = ()
    puzzle: Puzzle | None = None
    solution: Solution | None = None
    unique: bool | None = None


def redundant_givens(puzzle: Puzzle, *, timeout: float | None = None,
                     deadline: Deadline | None = None) -> RedundantGivens:
    """Which of the setter's givens can be removed while the solution stays unique.

    One SAT encoding of the bare board serves every question: its solution ``S`` is excluded once
    for all ("some cell differs from ``S``"), so a set of givens keeps ``S`` unique iff the
    encoding is unsatisfiable under those givens as assumptions. Each given is asked alone (the
    ``redundant`` list), then the givens are dropped greedily while the rest keeps ``S`` unique
    (``kept``; removing one given can make another one necessary, so ``kept`` may keep more than
    the givens minus ``redundant``). A puzzle without a solution, or with two, is answered with
    ``unique`` False and nothing removed.

    >>> from escapology.roma.io import decode_url
    >>> r = redundant_givens(decode_url("https://puzz.link/p?roma/4/4/augddgb2a12d53a3b"))
    >>> r.unique, len(r.givens), len(r.kept) <= len(r.givens)
    (True, 5, True)
    """
    deadline = deadline or Deadline(timeout)
    try:
        res = solve(puzzle, deadline=deadline, uniqueness=True)
    except LimitReached:
        return RedundantGivens(Status.UNKNOWN)
    givens = tuple(c for c in puzzle.cells() if puzzle.given(c) in DIRECTIONS)
    if res.status is not Status.SOLVED or not res.unique:
        return RedundantGivens(res.status, givens, solution=res.solution,
                               unique=None if res.status is Status.UNKNOWN else False)
    sol = res.solution
    assert sol is not None
    base = puzzle.bare()
    with RomaSat(base) as enc:
        differ = [-enc.var[(r, c, sol[r][c])] for r, c in enc.arrow_cells]
        if not differ:
            return RedundantGivens(Status.SOLVED, givens, (), (), puzzle, sol, True)
        enc.solver.add_clause(differ)
        lit = {c: enc.var[(c[0], c[1], sol[c[0]][c[1]])] for c in givens}

        def unique_with(cells: list[Cell]) -> bool:
            return enc.find([lit[c] for c in cells], deadline) is None

        try:
            redundant = tuple(g for g in givens if unique_with([c for c in givens if c != g]))
            kept = list(givens)
            for g in redundant:  # only an alone-removable given can be removed from a subset
                trial = [c for c in kept if c != g]
                if unique_with(trial):
                    kept = trial
        except LimitReached:
            return RedundantGivens(Status.UNKNOWN, givens, solution=sol, unique=True)
    rows = [["O" if ch == "O" else "." for ch in row] for row in puzzle.givens]
    for r, c in kept:
        rows[r][c] = sol[r][c]
    out = puzzle.with_givens(["".join(row) for row in rows])
    return RedundantGivens(Status.SOLVED, givens, redundant, tuple(kept), out, sol, True)
