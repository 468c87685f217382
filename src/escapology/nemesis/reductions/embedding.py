"""Rectilinear embeddings of planar monotone 3SAT (PMR3SAT, de Berg & Khosravi), the input of
Theorem 4, and the text format that carries one.

**The picture.** The variables are boxes in a row on the horizontal axis; every all-positive clause
is a horizontal bar above the axis, every all-negative clause a bar below, at a height (its
*level*, a positive integer); each literal is a vertical leg from the clause's bar down (or up) to
its variable's box. The embedding is valid when no leg crosses a bar: for two clauses on the same
side, the higher one has no variable strictly between the leftmost and rightmost variables of the
lower one, and two clauses at the same level do not overlap (they may share an end variable,
whose box is wide enough for two legs).

**The format** is DIMACS CNF with two comment lines, so that the file stays a formula every SAT
solver reads::

    c pmr3sat order 2 1 3 4        the variables from left to right (a permutation of 1..n)
    c pmr3sat levels 1 1 2         the level of each clause, in the order of the clauses
    p cnf 4 3
    1 2 0
    -1 -3 0
    2 3 4 0

Both lines are optional. Without ``order`` the order is ``1..n``; without ``levels`` the levels are
computed (each clause one above the highest clause nested under it). Without either,
:func:`embed` looks for an order: ``1..n`` first, then, for at most :data:`SEARCH_VARIABLES`
variables, every permutation; otherwise (or when no order works) it refuses, naming two clauses
that cross.

>>> e = read_embedded("c pmr3sat order 2 1 3\\np cnf 3 2\\n1 2 0\\n-2 -3 0\\n")
>>> e.order, e.levels
([2, 1, 3], [1, 1])
>>> embed(4, [[1, 3], [2, 4]]).order  # on 1..4 the clauses {1,3} and {2,4} cross; another order is found
[1, 2, 4, 3]
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations

from escapology.core.dimacs import read_dimacs
from escapology.core.errors import InputError

#: Up to this many variables :func:`embed` tries every order of the variables.
SEARCH_VARIABLES = 8
TAG = "pmr3sat"


@dataclass(frozen=True)
class Embedded:
    """A monotone CNF with a rectilinear embedding: ``order`` of the variables, ``levels`` of the
    clauses (positive clauses above the axis, negative below)."""

    nvars: int
    clauses: tuple[tuple[int, ...], ...]
    order: list[int]
    levels: list[int]

    def text(self) -> str:
        """The file of the module docstring."""
        lines = [f"c {TAG} order " + " ".join(map(str, self.order)),
                 f"c {TAG} levels " + " ".join(map(str, self.levels)),
                 f"p cnf {self.nvars} {len(self.clauses)}"]
        lines += [" ".join(map(str, c)) + " 0" for c in self.clauses]
        return "\n".join(lines) + "\n"


def _numbers(tokens: list[str], what: str, file: str | None, line: int) -> list[int]:
    out = []
    for tok in tokens:
        if not tok.isdigit() or len(tok) > 9:
            raise InputError(f"bad {what} {tok!r}: expected a positive integer", file=file, line=line)
        out.append(int(tok))
    return out


def read_embedded(text: str, *, file: str | None = None) -> Embedded:
    """Read the format of the module docstring; the embedding is computed where it is not given
    (:func:`embed`) and checked where it is (:func:`check_embedding`). Errors name the line."""
    nvars, clauses = read_dimacs(text, file=file)
    order: list[int] | None = None
    levels: list[int] | None = None
    order_line = levels_line = None
    for ln, line in enumerate(text.splitlines(), 1):
        tokens = line.split()
        if len(tokens) >= 2 and tokens[0] == "c" and tokens[1] == TAG:
            if len(tokens) < 3 or tokens[2] not in ("order", "levels"):
                raise InputError(f"expected 'c {TAG} order ...' or 'c {TAG} levels ...'", file=file, line=ln)
            if tokens[2] == "order":
                order, order_line = _numbers(tokens[3:], "variable", file, ln), ln
            else:
                levels, levels_line = _numbers(tokens[3:], "level", file, ln), ln
    check_monotone(clauses, file=file)
    if order is not None and sorted(order) != list(range(1, nvars + 1)):
        raise InputError(f"the order must list each of the variables 1..{nvars} once", file=file, line=order_line)
    if levels is not None and len(levels) != len(clauses):
        raise InputError(f"{len(levels)} levels for {len(clauses)} clauses", file=file, line=levels_line)
    if order is None and levels is None:
        return embed(nvars, clauses, file=file)
    order = order if order is not None else list(range(1, nvars + 1))
    try:
        levels = levels if levels is not None else nesting_levels(order, clauses)
        check_embedding(order, clauses, levels)
    except InputError as exc:
        raise exc.with_file(file) from None
    return Embedded(nvars, tuple(tuple(c) for c in clauses), order, levels)


def check_monotone(clauses: list[list[int]] | tuple[tuple[int, ...], ...], *, file: str | None = None) -> None:
    """Refuse a clause that mixes positive and negative literals."""
    for j, c in enumerate(clauses, 1):
        if len({lit > 0 for lit in c}) > 1:
            raise InputError(f"clause {j} ({' '.join(map(str, c))}) mixes positive and negative literals: "
                             "PMR3SAT clauses are monotone", file=file)


def _span(pos: dict[int, int], clause: list[int] | tuple[int, ...]) -> tuple[int, int]:
    xs = [pos[abs(lit)] for lit in clause]
    return min(xs), max(xs)


def _blocks(pos: dict[int, int], upper: tuple[int, ...] | list[int], lower: tuple[int, ...] | list[int]) -> bool:
    """Whether a leg of ``upper`` would cross the bar of ``lower`` (a variable strictly inside)."""
    lo, hi = _span(pos, lower)
    return any(lo < pos[abs(lit)] < hi for lit in upper)


def nesting_levels(order: list[int], clauses: list[list[int]]) -> list[int]:
    """The lowest levels that embed the clauses on ``order``: a clause sits one above every clause
    of its side whose bar lies under its span. Refuses (naming them) two clauses that cross."""
    pos = {v: i for i, v in enumerate(order)}
    levels = [0] * len(clauses)
    def width(j: int) -> tuple[int, int, int]:  # narrower first; of two equal spans, more legs lower
        lo, hi = _span(pos, clauses[j])
        return hi - lo, -len({abs(lit) for lit in clauses[j]}), j

    by_width = sorted(range(len(clauses)), key=width)
    rank = {j: i for i, j in enumerate(by_width)}
    for a in by_width:
        lo, hi = _span(pos, clauses[a])
        level = 1
        for b in by_width:
            if b == a or (clauses[b][0] > 0) != (clauses[a][0] > 0):
                continue
            blo, bhi = _span(pos, clauses[b])
            if bhi <= lo or hi <= blo:
                continue  # side by side
            if rank[b] < rank[a]:  # b is narrower: it must sit under a
                if _blocks(pos, clauses[a], clauses[b]):
                    raise InputError(f"clauses {a + 1} and {b + 1} cross on the order {' '.join(map(str, order))}")
                level = max(level, levels[b] + 1)
        levels[a] = level
    return levels


def check_embedding(order: list[int], clauses: list[list[int]] | tuple[tuple[int, ...], ...], levels: list[int]) -> None:
    """Refuse (:class:`InputError`) levels under which a leg crosses a bar (module docstring)."""
    pos = {v: i for i, v in enumerate(order)}
    for a, ca in enumerate(clauses):
        for b, cb in enumerate(clauses):
            if a >= b or (ca[0] > 0) != (cb[0] > 0):
                continue
            (alo, ahi), (blo, bhi) = _span(pos, ca), _span(pos, cb)
            if levels[a] == levels[b]:
                if not (ahi <= blo or bhi <= alo):
                    raise InputError(f"clauses {a + 1} and {b + 1} are at the same level {levels[a]} and overlap")
                continue
            upper, lower = (ca, cb) if levels[a] > levels[b] else (cb, ca)
            if _blocks(pos, upper, lower):
                hi_j, lo_j = (a, b) if levels[a] > levels[b] else (b, a)
                raise InputError(f"a leg of clause {hi_j + 1} (level {levels[hi_j]}) crosses clause {lo_j + 1} "
                                 f"(level {levels[lo_j]})")


def embed(nvars: int, clauses: list[list[int]], *, file: str | None = None) -> Embedded:
    """An embedding of a monotone CNF: the order ``1..n`` if it works, else the first order that
    works among all of them (at most :data:`SEARCH_VARIABLES` variables); refuses otherwise."""
    check_monotone(clauses, file=file)
    frozen = tuple(tuple(c) for c in clauses)
    identity = list(range(1, nvars + 1))
    try:
        return Embedded(nvars, frozen, identity, nesting_levels(identity, clauses))
    except InputError as first:
        if nvars > SEARCH_VARIABLES:
            raise InputError(f"{first.message}; with more than "
                             f"{SEARCH_VARIABLES} variables no other order is tried: give one "
                             f"('c {TAG} order ...', see docs/nemesis.md)", file=file) from None
        for order in permutations(identity):
            try:
                return Embedded(nvars, frozen, list(order), nesting_levels(list(order), clauses))
            except InputError:
                continue
        raise InputError("no order of the variables embeds the clauses without crossings: the formula "
                         "is not planar monotone rectilinear", file=file) from None
