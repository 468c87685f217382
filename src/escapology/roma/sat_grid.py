"""The grid's SAT encoding built with numpy: the clauses that :class:`~escapology.roma.sat_core.ArrowSat`
builds for a board's arcs, in the same order and with the same variable numbers, without a Python
loop per cell or per clause (a 400 x 400 board has 2.7 million clauses).

Numbering: cell ``(r, c)`` is ``i = r * cols + c``; arrow ``k`` is ``DIRECTIONS[k]``. The variables
are numbered 1, 2, ... over the non-goal cells in row-major order, each cell's arrows that stay on
the board consecutively in the order of ``DIRECTIONS`` (what ``ArrowSat`` numbers when the arcs are
listed that way). ``var[i, k]`` is the variable of cell ``i``'s arrow ``k``, 0 where there is none
(a goal, or an arrow leaving the board).

The clauses, in ``ArrowSat``'s order (see :func:`clauses`):

1. per arrow cell: "some arrow", then "not both" for each pair of its arrows;
2. per (box, direction), in the order of their first variable: "not both" for each pair;
3. per variable ``x`` whose reverse arrow ``y`` (the neighbour pointing back) has ``x < y``: ``[-x, -y]``;
4. per box of several cells without a goal, in the order of their first cell: its loop cut;
5. ``[]`` when there are arrow cells but no goal;
6. per 2x2 block, row-major: "not this circle", clockwise then anticlockwise (RomaSat's own).

Everything is made as arrays and turned into lists with ``ndarray.tolist()`` in bulk. Rows of
different lengths (a cell's "some arrow" has 2 to 4 literals) are put in place through an object
array of list references (:func:`_ragged`, :func:`_exactly_one`).

>>> from escapology.roma.model import Puzzle
>>> g = Grid(Puzzle.from_labels(["AB", "CD"], ["O.", ".."]))
>>> g.var.tolist()   # cell 0 is the goal; cell 1 may point down or left, ...
[[0, 0, 0, 0], [0, 1, 2, 0], [3, 0, 0, 4], [5, 0, 6, 0]]
>>> clauses(g, lambda: None)[:4]
[[1, 2], [-1, -2], [3, 4], [-3, -4]]
"""

from __future__ import annotations

from typing import Callable, Iterator

import numpy as np

from escapology.roma.model import DELTA, DIRECTIONS, DOWN, GOAL, LEFT, OPPOSITE, RIGHT, UP, Cell, Puzzle
from escapology.roma.sat_core import CHUNK

#: the row and column step of each arrow, in the order of DIRECTIONS
_STEP = np.array([DELTA[d] for d in DIRECTIONS], dtype=np.int64)
#: the index of each arrow's opposite
_BACK = np.array([DIRECTIONS.index(OPPOSITE[d]) for d in DIRECTIONS], dtype=np.int64)
_UP, _DOWN, _LEFT, _RIGHT = (DIRECTIONS.index(d) for d in (UP, DOWN, LEFT, RIGHT))


class Grid:
    """The board as arrays; every array over variables is indexed by ``x - 1``.

    ``var``: (cells, 4) variable numbers (0: none); ``target``: (cells, 4) the cell each arrow points
    to (-1 off the board); ``box``: each cell's box, renumbered 0, 1, ... by first cell in row-major
    order; ``goal``: the goal cells; ``cell``, ``arrow``, ``to``: each variable's cell, arrow index
    and target cell; ``vertex``: ArrowSat's vertex id of each cell (:attr:`order` lists the cells by
    id: the arrow cells row-major, then the goals in the order the arcs first reach them, then the
    goals no arc reaches, row-major, as ArrowSat lists its vertices).
    """

    def __init__(self, puzzle: Puzzle) -> None:
        R, C = puzzle.rows, puzzle.cols
        self.rows, self.cols = R, C
        n = R * C
        rc = np.indices((R, C)).reshape(2, n).T  # (cells, 2): row and column of each cell
        self.goal = (np.frombuffer("".join(puzzle.givens).encode("ascii"), dtype=np.uint8) == ord(GOAL))
        boxes = np.asarray(puzzle.boxes, dtype=np.int64).reshape(n)
        _, first, dense = np.unique(boxes, return_index=True, return_inverse=True)
        rank = np.empty(len(first), dtype=np.int64)
        rank[np.argsort(first)] = np.arange(len(first))
        self.box = rank[dense.reshape(n)]
        self.n_boxes = len(first)
        to = rc[:, None, :] + _STEP[None, :, :]
        on = (to[..., 0] >= 0) & (to[..., 0] < R) & (to[..., 1] >= 0) & (to[..., 1] < C)
        self.target = np.where(on, to[..., 0] * C + to[..., 1], -1)
        has = on & ~self.goal[:, None]
        self.var = np.where(has, np.cumsum(has.reshape(-1)).reshape(n, 4), 0)
        self.n_vars = int(has.sum())
        self.cell, self.arrow = np.nonzero(has)  # row-major over (cell, arrow): the order of the variables
        self.to = self.target[self.cell, self.arrow]
        movers = np.flatnonzero(~self.goal)
        reached = self.to[self.goal[self.to]]
        _, at = np.unique(reached, return_index=True)
        reached = reached[np.sort(at)]
        unreached = np.flatnonzero(self.goal)
        unreached = unreached[~np.isin(unreached, reached)]
        self.order = np.concatenate([movers, reached, unreached])
        self.vertex = np.empty(n, dtype=np.int64)
        self.vertex[self.order] = np.arange(n)
        self.n_movers = len(movers)

    def cells(self, ids: np.ndarray) -> list[Cell]:
        """The cells of the given cell numbers, as ``(row, col)`` tuples."""
        r, c = np.divmod(ids, self.cols)
        return list(zip(r.tolist(), c.tolist()))


def clauses(g: Grid, poll: Callable[[], None]) -> list[list[int]]:
    """The clauses of the board (the module docstring's order), ``poll`` called between passes and
    between chunks of about :data:`~escapology.roma.sat_core.CHUNK` clauses (a box of thousands of
    cells has millions)."""
    out: list[list[int]] = []
    x = np.arange(1, g.n_vars + 1, dtype=np.int64)
    # 1. exactly one arrow per arrow cell (the variables of a cell are consecutive)
    per_cell = np.count_nonzero(g.var[~g.goal], axis=1)
    indptr = np.concatenate([[0], np.cumsum(per_cell)])
    for lo, hi in _chunks(1 + per_cell * (per_cell - 1) // 2, CHUNK):
        out += _exactly_one(x[indptr[lo]:indptr[hi]], indptr[lo:hi + 1] - indptr[lo])
        poll()
    # 2. a box uses each direction at most once: the groups in the order of their first variable
    group = g.box[g.cell] * 4 + g.arrow
    first = np.full(4 * g.n_boxes, g.n_vars + 1, dtype=np.int64)
    np.minimum.at(first, group, x)
    key = first[group]
    lits = x[np.lexsort((x, key))]
    later = _later(np.concatenate([[0], np.flatnonzero(np.diff(key[lits - 1])) + 1, [len(lits)]]))
    for lo, hi in _chunks(later, CHUNK):
        out += (-_pairs(lits, later, lo, hi)).tolist()
        poll()
    # 3. two neighbours never point at each other (one clause per pair, at its smaller variable)
    back = g.var[g.to, _BACK[g.arrow]]
    keep = back > x
    out += (-np.stack([x[keep], back[keep]], axis=1)).tolist()
    poll()
    # 4. some cell of a box without a goal points out of it
    size = np.bincount(g.box, minlength=g.n_boxes)
    sealed = (size > 1) & (np.bincount(g.box, weights=g.goal, minlength=g.n_boxes) == 0)
    leaving = sealed[g.box[g.cell]] & (g.box[g.to] != g.box[g.cell])
    by_box = np.argsort(g.box[g.cell][leaving], kind="stable")  # stable: variables ascending in a box
    counts = np.bincount(g.box[g.cell][leaving], minlength=g.n_boxes)[sealed]
    out += _ragged(x[leaving][by_box], np.concatenate([[0], np.cumsum(counts)]))
    # 5. without a goal the arrow cells form a set that no arrow leaves
    if g.n_movers and not g.goal.any():
        out.append([])
    # 6. no 2x2 block turns in a circle
    out += _circles(g)
    poll()
    return out


def _circles(g: Grid) -> list[list[int]]:
    """Per 2x2 block (by top-left cell, row-major), "not clockwise" then "not anticlockwise", for
    the blocks of four arrow cells."""
    R, C, v = g.rows, g.cols, g.var
    if R < 2 or C < 2:
        return []
    i = (np.arange(R - 1)[:, None] * C + np.arange(C - 1)[None, :]).reshape(-1)
    cw = [v[i, _RIGHT], v[i + 1, _DOWN], v[i + C + 1, _LEFT], v[i + C, _UP]]
    ccw = [v[i, _DOWN], v[i + C, _RIGHT], v[i + C + 1, _UP], v[i + 1, _LEFT]]
    both = np.stack([np.stack(cw, axis=1), np.stack(ccw, axis=1)], axis=1).reshape(-1, 4)
    return (-both[(both > 0).all(axis=1)]).tolist()


def _chunks(weight: np.ndarray, limit: int) -> Iterator[tuple[int, int]]:
    """Consecutive ranges ``[lo, hi)`` of rows whose weights add up to about ``limit`` (a heavier
    row makes a range alone); at least one range, empty when there are no rows."""
    ends = np.cumsum(weight)
    lo = 0
    while True:
        base = int(ends[lo - 1]) if lo else 0
        hi = max(lo + 1, int(np.searchsorted(ends, base + limit, side="right")))
        hi = min(hi, len(weight))
        yield lo, hi
        if hi >= len(weight):
            return
        lo = hi


def _later(indptr: np.ndarray) -> np.ndarray:
    """For each position of rows split by ``indptr``, the number of positions after it in its row."""
    return np.repeat(indptr[1:], np.diff(indptr)) - np.arange(indptr[-1]) - 1


def _pairs(lits: np.ndarray, later: np.ndarray, lo: int, hi: int) -> np.ndarray:
    """The pairs ``(lits[p], lits[q])`` for ``p`` in ``[lo, hi)`` and the ``later[p]`` positions
    ``q`` after ``p`` (the rest of ``p``'s group), ``p`` then ``q`` ascending: the order of
    pairwise "at most one" clauses."""
    n = later[lo:hi]
    p = np.repeat(np.arange(lo, hi), n)
    q = p + 1 + np.arange(len(p)) - np.repeat(np.cumsum(n) - n, n)
    return np.stack([lits[p], lits[q]], axis=1)


def _objects(lists: list[list[int]]) -> np.ndarray:
    """A 1-D object array of references to the given lists (``np.array`` would read them as rows
    of numbers)."""
    return np.fromiter(lists, dtype=object, count=len(lists))


def _ragged(flat: np.ndarray, indptr: np.ndarray) -> list[list[int]]:
    """The rows ``flat[indptr[j]:indptr[j + 1]]`` as lists: the rows of each length are gathered
    into a 2-D array and turned into lists at once."""
    lengths = np.diff(indptr)
    out = np.empty(len(lengths), dtype=object)
    for n in np.unique(lengths).tolist():
        rows = np.flatnonzero(lengths == n)
        out[rows] = _objects(flat[indptr[rows][:, None] + np.arange(n)].tolist())
    return out.tolist()


def _exactly_one(lits: np.ndarray, indptr: np.ndarray) -> list[list[int]]:
    """Per row of ``lits`` (split by ``indptr``): the clause of the row, then ``[-a, -b]`` for each
    pair ``a`` before ``b`` of it."""
    n = np.diff(indptr)
    block = 1 + n * (n - 1) // 2
    at = np.cumsum(block) - block  # where each row's own clause goes
    out = np.empty(int(block.sum()), dtype=object)
    pair = np.ones(len(out), dtype=bool)
    pair[at] = False
    out[at] = _objects(_ragged(lits, indptr))
    out[pair] = _objects((-_pairs(lits, _later(indptr), 0, len(lits))).tolist())
    return out.tolist()
