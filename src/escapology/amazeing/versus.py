"""SP-Versus-Labyrinth (Definition 2 of Schwahn & Thielen, FUN 2018): racing an opponent.

Two players move in turns (shift, then walk). The player to move wins when she stands on her
target tile before the opponent stands on his. The paper shows that deciding whether she can
force a win is PSPACE-hard (Theorem 4), and PSPACE-complete when the number of turns is bounded.
:func:`forced_win` decides that bounded version exactly: can the player to move force reaching
her target within ``turns`` of her own turns, whatever the opponent does, before he reaches his?

:func:`forced_win` runs the native search of :mod:`escapology.amazeing.native` when the extension
is built (same answers, iterative deepening and a transposition table; it also reports the fewest
own turns); this module's search is the reference it is tested against.

Search: AND-OR depth-first search on bitboards (:mod:`escapology.amazeing.bitboard`). Sound
reductions, each exact for the bounded question:

* on her last allowed turn only reachability matters, so her walk is not branched on (the set of
  cells she can reach after the shift is one flood fill), and the last-turn shift is first tried
  with the inserted tile open on all sides (opening sides only adds passages);
* the opponent's walk is not branched on when it cannot matter any more, i.e. on his turn right
  before her last one (his position only matters for his own later wins);
* every opponent reply that reaches his target refutes her move at once (tried before the others).

:func:`peeking_bot_move` is the game-playing bot that was built on it (it reads the opponent's
secret target, so the game now uses :mod:`escapology.amazeing.bot`; this one stays as the
baseline the new bot is measured against): it takes an immediate win, then a forced
win in two turns if it finds one in its time budget, and otherwise the move that leaves the
opponent no immediate win and gives itself the most (shift, orientation) pairs that would win on
its next turn if the board stayed as it is, then the shortest distance to its target. (A two-ply
refinement, "winning pairs left after the opponent's most damaging shift", was tried and did not
win more games: 31-29 over 60 games against this bot.)

>>> from escapology.amazeing.model import Position, Player
>>> pos = Position.from_glyphs(["┌─┐", "│·│", "└─┘"], spare="─", fixed="none",
...     treasures={"A": 8, "B": 4}, players=(Player("red", 0, "A"), Player("blue", 2, "B")))
>>> forced_win(pos, 1).status.value
'solved'
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from escapology.amazeing.bitboard import Geometry, cells_of, geometry
from escapology.amazeing import native  # the native race search, chosen by forced_win
from escapology.amazeing.model import Move, Position, Shift, VersusResult, rotations
from escapology.core.limits import Deadline, LimitReached
from escapology.core.progress import search_progress
from escapology.core.results import Status


@dataclass(frozen=True, slots=True)
class _State:
    board: tuple[int, int, int, int]
    spare: int
    forbidden: int
    me: int  # bit of the player to move
    opp: int
    my_target: int  # bit of her target tile, 0 when it rides on the spare
    opp_target: int


class _Engine:
    def __init__(self, pos: Position, deadline: Deadline, progress: object = None) -> None:
        self.geo: Geometry = geometry(pos.rows, pos.cols, pos.fixed)
        self.deadline = deadline
        self.progress = progress
        self.nodes = 0
        self.rot = {t: rotations(t) for t in range(16)}

    def tick(self) -> None:
        self.nodes += 1
        if self.nodes & 255 == 0:
            if self.deadline.expired():
                raise LimitReached
            if self.progress is not None and self.nodes & 8191 == 0:
                self.progress.update(nodes=self.nodes)

    def legal_shifts(self, st: _State):
        """Every shift the player to move may make (all but the one reversing the last): its
        index, its :class:`LineShift`, and her cells and her target where it carries them."""
        for k, ls in enumerate(self.geo.shifts):
            if k != st.forbidden:
                yield k, ls, self.geo.shift_cells(st.me, k), self._carry_target(st.my_target, k)

    def children(self, st: _State):
        """Every (shift index, tile, state after the shift) for the player to move."""
        geo = self.geo
        for k, ls, me, mt in self.legal_shifts(st):
            opp = geo.shift_cells(st.opp, k)
            ot = self._carry_target(st.opp_target, k)
            for tile in self.rot[st.spare]:
                board, out = geo.shift(st.board, k, tile)
                yield k, tile, _State(board, out, ls.reverse, me, opp, mt, ot)

    def _carry_target(self, t: int, k: int) -> int:
        ls = self.geo.shifts[k]
        if t == 0:
            return 1 << ls.entry
        moved, out = self.geo.shift_bits(t, ls, 0)
        return 0 if out else moved

    def wins_now(self, st: _State) -> tuple[int, int] | None:
        """A (shift, tile) after which the player to move can reach her target, or ``None``."""
        geo = self.geo
        for k, _ls, me, mt in self.legal_shifts(st):
            if not mt:
                continue
            relaxed, _ = geo.shift(st.board, k, 15)
            if not geo.flood(relaxed, me) & mt:
                continue
            for tile in self.rot[st.spare]:
                self.tick()
                board, _ = geo.shift(st.board, k, tile)
                if geo.flood(board, me) & mt:
                    return k, tile
        return None

    @staticmethod
    def swap(st: _State, me: int) -> _State:
        """The state from the opponent's side, with the player (who moved) on ``me``."""
        return _State(st.board, st.spare, st.forbidden, st.opp, me, st.opp_target, st.my_target)

    def win(self, st: _State, turns: int) -> tuple[int, int, int] | None:
        """A first move (shift, tile, cell) forcing a win within ``turns`` own turns, or ``None``."""
        self.tick()
        now = self.wins_now(st)
        if now is not None:
            k, tile = now
            board, _ = self.geo.shift(st.board, k, tile)
            me = self.geo.shift_cells(st.me, k)
            mt = self._carry_target(st.my_target, k)
            return k, tile, (mt & self.geo.flood(board, me)).bit_length() - 1
        if turns <= 1:
            return None
        for k, tile, child in self.children(st):
            reach = self.geo.flood(child.board, child.me)
            for cell in cells_of(reach):
                after = self.swap(child, 1 << cell)  # the opponent to move
                if self.loses(after, turns - 1):
                    return k, tile, cell
        return None

    def loses(self, st: _State, turns: int) -> bool:
        """Whether the player to move (the opponent) cannot avoid the other one winning within
        ``turns`` of the other one's turns, and cannot win first himself."""
        if self.wins_now(st) is not None:
            return False
        for _k, _tile, child in self.children(st):
            self.tick()
            if turns == 1:
                # his walk does not matter any more: only her last turn remains
                if self.win(self.swap(child, child.me), 1) is None:
                    return False
                continue
            reach = self.geo.flood(child.board, child.me)
            for cell in cells_of(reach):
                if self.win(self.swap(child, 1 << cell), turns) is None:
                    return False
        return True


def _state(pos: Position, geo: Geometry) -> _State:
    me_i = pos.to_move
    opp_i = (me_i + 1) % len(pos.players)
    me, opp = pos.players[me_i], pos.players[opp_i]

    def tbit(name: str | None) -> int:
        if name is None:
            return 1 << (geo.size + 1)  # unreachable: no target
        c = pos.treasures[name]
        return 0 if c == -1 else 1 << c

    forbidden = -1
    if pos.last_shift is not None and pos.last_shift in geo.index:
        forbidden = geo.shifts[geo.index[pos.last_shift]].reverse
    return _State(
        geo.encode(pos.tiles), pos.spare, forbidden, 1 << me.cell, 1 << opp.cell, tbit(me.target), tbit(opp.target)
    )


def forced_win(
    position: Position,
    turns: int,
    *,
    deadline: Deadline | None = None,
    show_progress: bool = False,
    engine: str = "auto",
) -> VersusResult:
    """Whether the player to move can force reaching her target within ``turns`` own turns before
    the next player reaches his (the turn-restricted SP-Versus-Labyrinth of Definition 2).

    ``engine``: ``"native"`` is the Rust search of :mod:`escapology.amazeing.native` (iterative
    deepening, transposition table; same answers, its result also says the fewest own turns),
    ``"python"`` the search of this module, ``"auto"`` the native one when the extension is
    built and the board fits it."""
    if len(position.players) < 2:
        raise ValueError("SP-Versus needs two players")
    if engine not in ("auto", "native", "python"):
        raise ValueError(f"engine must be auto, native or python, not {engine!r}")
    if engine != "python":
        if engine == "native" or (native.available() and position.rows * position.cols <= native.max_cells()):
            return native.forced_win_native(position, turns, deadline=deadline, show_progress=show_progress)
    with search_progress("amazeing: race", enabled=None if show_progress else False) as progress:
        eng = _Engine(position, deadline or Deadline(None), progress)
        st = _state(position, eng.geo)
        try:
            found = eng.win(st, turns)
        except LimitReached:
            return VersusResult(Status.UNKNOWN, None, turns, eng.nodes)
    if found is None:
        return VersusResult(Status.UNSOLVABLE, None, turns, eng.nodes)
    k, tile, cell = found
    return VersusResult(Status.SOLVED, Move(eng.geo.shifts[k].shift, tile, cell), turns, eng.nodes)


def peeking_bot_move(position: Position, *, budget: float = 1.0) -> Move:
    """The bot of the module documentation, which **reads the opponent's secret target**: kept as
    the baseline the bot of :mod:`escapology.amazeing.bot` (which does not) is measured against.
    It runs the Python search, as it did when it was the game's bot."""
    geo = geometry(position.rows, position.cols, position.fixed)
    if len(position.players) >= 2:
        quick = forced_win(position, 1, engine="python")
        if quick.move is not None:
            return quick.move
        deep = forced_win(position, 2, deadline=Deadline(budget / 2), engine="python")
        if deep.move is not None:
            return deep.move
    eng = _Engine(position, Deadline(None))
    st = _state(position, geo)
    if len(position.players) < 2:
        st = replace(st, opp=st.me, opp_target=1 << (geo.size + 1))
    best: tuple | None = None
    best_move: Move | None = None
    for k, tile, child in eng.children(st):
        # the opponent's immediate win does not depend on where she walks: test it once
        opp_wins = eng.wins_now(eng.swap(child, child.me)) is not None
        reach = geo.flood(child.board, child.me)
        counts = _winning_starts(eng, child)
        tcell = child.my_target.bit_length() - 1 if child.my_target else -1
        for cell in cells_of(reach):
            dist = _manhattan(geo, cell, tcell) if tcell >= 0 else 0
            score = (not opp_wins, counts.get(cell, 0), -dist)
            if best is None or score > best:
                best, best_move = score, Move(geo.shifts[k].shift, tile, cell)
    assert best_move is not None
    return best_move


def _winning_starts(eng: _Engine, st: _State) -> dict[int, int]:
    """For each cell: how many (shift, orientation) of her next turn would let her walk from it to
    her target on this board (ignoring the opponent's turn in between). Computed backwards: the
    target's component after a shift, carried back through the inverse shift (the reverse shift
    is the inverse permutation of cells, wrap-around included)."""
    geo = eng.geo
    counts: dict[int, int] = {}
    for k, ls in enumerate(geo.shifts):
        target = eng._carry_target(st.my_target, k)
        if not target:
            continue
        for tile in eng.rot[st.spare]:
            board, _ = geo.shift(st.board, k, tile)
            comp = geo.flood(board, target)
            for cell in cells_of(geo.shift_cells(comp, ls.reverse)):
                counts[cell] = counts.get(cell, 0) + 1
    return counts


def _manhattan(geo: Geometry, a: int, b: int) -> int:
    ra, ca = divmod(a, geo.cols)
    rb, cb = divmod(b, geo.cols)
    return abs(ra - rb) + abs(ca - cb)
