"""SP-Labyrinth (Definition 1 of Schwahn & Thielen, FUN 2018): the fewest turns from s to t.

One player stands on tile ``s`` and wants to stand on tile ``t`` (a treasure: it moves with its
tile). Each turn is a mandatory shift followed by an optional walk. Theorem 3 of the paper shows
the problem strongly NP-hard, so the search is exponential in the number of turns; it is exact.

Algorithm: iterative deepening over the sequences of (shift, orientation of the spare). The key
observation that makes it exact *without* branching on where the player walks: the board's
evolution does not depend on the player, and a walk may end on any reachable cell, so after a
fixed sequence of shifts the set of cells the player can occupy is obtained by alternating
"carry the set along the shift" and "flood fill through open passages" (both bitset operations,
see :mod:`escapology.amazeing.bitboard`). The target is reachable in ``k`` turns iff some
sequence of ``k`` shifts puts the target tile inside that set. Iterative deepening makes the
first answer the fewest turns.

Pruning (sound): an *optimistic* search in which every tile inserted from now on is a cross
(open on all four sides) bounds the real one: opening sides only adds passages, and where tiles
go does not depend on how the spare is turned, so when the target is out of reach optimistically
it is out of reach for every orientation. The bound is checked at the root for each depth and
for every shift of the search, before the orientations are branched on; it cuts the exhaustive
part of a 4-turn search on 7x7 by one to two orders of magnitude (the optimistic search branches
on the shifts only, about 12 instead of 44 per turn on 7x7).
A transposition table remembers failed states (board, spare, target tile) with the set of cells,
the turns left and the forbidden shift: a state with a subset of those cells and no more turns
fails too (fewer starting cells and fewer turns can only reach less) provided the failures cover
every shift it may play first (two failures with different forbidden shifts cover all shifts).
The optimistic search keeps such a table too. Shifts of different lines
often commute, so this collapses the orders of the same shifts (on the Theorem 3 boards, the
``n!`` orders of the variable shifts).

>>> from escapology.amazeing.model import Position, Player
>>> pos = Position.from_glyphs(["┌─┐", "│·│", "└─┘"], spare="─", fixed="none",
...     treasures={"A": 8}, players=(Player("red", 0, "A"),))
>>> sol = fewest_turns(pos)
>>> sol.status.value, sol.turns
('solved', 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from escapology.amazeing.bitboard import cells_of, geometry
from escapology.amazeing.model import Position, Shift, Turn, rotations
from escapology.core.limits import Deadline, LimitReached
from escapology.core.progress import search_progress
from escapology.core.results import Status


@dataclass
class Solution:
    """The answer of :func:`fewest_turns`: status, fewest turns and the plan that achieves them."""

    status: Status
    turns: int | None
    plan: list[Turn] = field(default_factory=list)
    nodes: int = 0
    max_turns: int = 0
    proven_lower_bound: int = 0  # no plan with fewer turns exists


class _Search:
    def __init__(self, pos: Position, deadline: Deadline, progress: object) -> None:
        self.geo = geometry(pos.rows, pos.cols, pos.fixed)
        self.deadline = deadline
        self.progress = progress
        self.nodes = 0
        self.stack: list[tuple[int, int]] = []
        # transposition table: (board, spare, target) -> [(cells, turns left, forbidden shift)]
        # that failed; a state is pruned if it has no more turns and no more cells than failures
        # that together cover every first shift it may play
        self.failed: dict[tuple, list[tuple[int, int, int]]] = {}
        self.failed_optimistic: dict[tuple, list[tuple[int, int, int]]] = {}
        self.table_limit = 1_000_000
        self.optimistic_depth = 9  # bound every shift with the optimistic search (it pays at every depth)
        self.rot = {t: rotations(t) for t in range(16)}

    def dfs(self, board, spare: int, last: int, cells: int, target: int, depth: int) -> bool:
        self.nodes += 1
        if self.nodes & 1023 == 0:
            if self.deadline.expired():
                raise LimitReached
            self.progress.update(nodes=self.nodes)
        key = (board, spare, target)
        failures = self.failed.get(key)
        if failures is not None:
            covered = set()
            for failed_cells, failed_depth, failed_last in failures:
                if failed_depth >= depth and cells & ~failed_cells == 0:
                    covered.add(failed_last)
            # a failure with forbidden shift f covers every first shift but f: two different
            # f, or f = -1 (nothing forbidden), or f equal to ours cover all our first shifts
            if covered and (last in covered or -1 in covered or len(covered) >= 2):
                return False
        if self._search(board, spare, last, cells, target, depth):
            return True
        if len(self.failed) < self.table_limit:
            self.failed.setdefault(key, []).append((cells, depth, last))
        return False

    def _search(self, board, spare: int, last: int, cells: int, target: int, depth: int) -> bool:
        geo = self.geo
        for k, ls in enumerate(geo.shifts):
            if k == last:
                continue
            cells1 = geo.shift_cells(cells, k)
            if target:
                target1, out = geo.shift_bits(target, ls, 0)
                target_on_spare = bool(out)
            else:  # the target rides on the spare and goes in now
                target1, target_on_spare = 1 << ls.entry, False
            if depth <= self.optimistic_depth:
                # optimistic bound: every tile inserted from now on open on all four sides
                if depth == 1 and not target1:
                    continue
                relaxed, _ = geo.shift(board, k, 15)
                reach = geo.flood(relaxed, cells1)
                if not reach & target1 and (
                    depth == 1
                    or not self.optimistic(
                        relaxed, ls.reverse, reach, 0 if target_on_spare else target1, depth - 1
                    )
                ):
                    continue
            for tile in self.rot[spare]:
                board1, out_tile = geo.shift(board, k, tile)
                reach = geo.flood(board1, cells1)
                if reach & target1:
                    self.stack.append((k, tile))
                    return True
                if depth > 1:
                    self.stack.append((k, tile))
                    if self.dfs(
                        board1, out_tile, ls.reverse, reach, 0 if target_on_spare else target1, depth - 1
                    ):
                        return True
                    self.stack.pop()
        return False

    def optimistic(self, board, last: int, cells: int, target: int, depth: int) -> bool:
        """Whether the target is reachable within ``depth`` turns if every inserted tile were a
        cross (open on all sides). Sound as a bound: opening sides only adds passages, and where
        tiles go does not depend on their orientation, so "no" here means "no" for the real game."""
        key = (board, target)
        failures = self.failed_optimistic.get(key)
        if failures is not None:
            covered = {f for c, d, f in failures if d >= depth and cells & ~c == 0}
            if covered and (last in covered or -1 in covered or len(covered) >= 2):
                return False
        if self._optimistic(board, last, cells, target, depth):
            return True
        if len(self.failed_optimistic) < self.table_limit:
            self.failed_optimistic.setdefault(key, []).append((cells, depth, last))
        return False

    def _optimistic(self, board, last: int, cells: int, target: int, depth: int) -> bool:
        geo = self.geo
        for k, ls in enumerate(geo.shifts):
            if k == last:
                continue
            self.nodes += 1
            if self.nodes & 1023 == 0 and self.deadline.expired():
                raise LimitReached
            if target:
                target1, out = geo.shift_bits(target, ls, 0)
            else:
                target1, out = 1 << ls.entry, 0
            board1, _ = geo.shift(board, k, 15)
            reach = geo.flood(board1, geo.shift_cells(cells, k))
            if reach & target1:
                return True
            if depth > 1 and self.optimistic(board1, ls.reverse, reach, 0 if out else target1, depth - 1):
                return True
        return False


def fewest_turns(
    position: Position,
    player: int = 0,
    *,
    max_turns: int = 6,
    deadline: Deadline | None = None,
    show_progress: bool = False,
) -> Solution:
    """The fewest turns for ``player`` to stand on her target tile, with a plan (Definition 1).

    Searches up to ``max_turns`` turns; answers ``unsolvable`` when no plan of at most
    ``max_turns`` turns exists (the answer is exact for that bound) and ``unknown`` when the
    deadline passes first.
    """
    deadline = deadline or Deadline(None)
    start = position.players[player].cell
    t = position.target_cell(player)
    if t is None:
        raise ValueError(f"player {position.players[player].name} has no target")
    if t == start:
        return Solution(Status.SOLVED, 0, [], 0, max_turns, 0)
    with search_progress("amazeing: fewest turns", enabled=None if show_progress else False) as progress:
        search = _Search(position, deadline, progress)
        geo = search.geo
        board = geo.encode(position.tiles)
        last = geo.index[position.last_shift] if position.last_shift in geo.index else -1
        last = geo.shifts[last].reverse if last >= 0 else -1
        cells = 1 << start  # a turn starts with the shift: no walk before it
        target = 0 if t == -1 else 1 << t
        lower = 1
        try:
            for depth in range(1, max_turns + 1):
                progress.update(turns=depth)
                if not search.optimistic(board, last, cells, target, depth):
                    lower = depth + 1
                    continue
                if search.dfs(board, position.spare, last, cells, target, depth):
                    plan = _plan(position, player, search.stack)
                    return Solution(Status.SOLVED, depth, plan, search.nodes, max_turns, depth)
                lower = depth + 1
        except LimitReached:
            return Solution(Status.UNKNOWN, None, [], search.nodes, max_turns, lower)
    return Solution(Status.UNSOLVABLE, None, [], search.nodes, max_turns, lower)


def _plan(position: Position, player: int, choices: list[tuple[int, int]]) -> list[Turn]:
    """Turn the winning (shift, tile) sequence into walks, working backwards from the target."""
    geo = geometry(position.rows, position.cols, position.fixed)
    positions = [position]
    boards = [geo.encode(position.tiles)]
    sets = [1 << position.players[player].cell]  # cells the player may occupy after each turn
    for k, tile in choices:
        positions.append(positions[-1].apply(geo.shifts[k].shift, tile))
        board, _ = geo.shift(boards[-1], k, tile)
        boards.append(board)
        sets.append(geo.flood(board, geo.shift_cells(sets[-1], k)))
    goal = positions[-1].target_cell(player)
    assert goal is not None and sets[-1] >> goal & 1
    walks: list[tuple[int, ...]] = []
    end = goal
    for i in range(len(choices), 0, -1):
        k = choices[i - 1][0]
        comp = geo.flood(boards[i], 1 << end)
        begins = geo.shift_cells(sets[i - 1], k) & comp
        begin = (begins & -begins).bit_length() - 1
        path = positions[i].walk(begin, end)
        assert path is not None
        walks.append(tuple(path))
        if i > 1:  # the cell that the shift carried onto ``begin``
            end = next(c for c in cells_of(sets[i - 1]) if geo.shift_cells(1 << c, k) == 1 << begin)
    walks.reverse()
    return [Turn(geo.shifts[k].shift, tile, walk) for (k, tile), walk in zip(choices, walks)]
