"""The native race search (Rust): SP-Versus-Labyrinth, bounded, as :func:`~escapology.amazeing.versus.forced_win`.

Schwahn & Thielen, FUN 2018, Definition 2: can the player to move force standing on her target
within ``turns`` of her own turns, whatever the opponent does, before he stands on his? The
recursion and its answers are those of :mod:`escapology.amazeing.versus`; the crate
(``native/src/amazeing/``) adds iterative deepening (the first bound that wins is the fewest own
turns of a forced win), a transposition table of proven bounds with whole states as keys, and
move ordering from solo distances. The proof of each step is in the module documentation of
``native/src/amazeing/race.rs``.

This module only converts the position to the crate's plain data and the answer back to a
:class:`~escapology.amazeing.versus.Move`; the GIL is released while the search runs and Ctrl-C
raises ``KeyboardInterrupt``. The witness is replayed by the rules engine of
:mod:`escapology.amazeing.model` in the tests and by :func:`escapology.amazeing.checker.check_race_move`.

>>> from escapology.amazeing.model import Position, Player
>>> pos = Position.from_glyphs(["┌─┐", "│·│", "└─┘"], spare="─", fixed="none",
...     treasures={"A": 8, "B": 4}, players=(Player("red", 0, "A"), Player("blue", 2, "B")))
>>> res = forced_win_native(pos, 3)
>>> res.status.value, res.fewest_turns
('solved', 1)
"""

from __future__ import annotations

from dataclasses import dataclass

from escapology.amazeing.model import Move, Position, Shift, VersusResult
from escapology.core.limits import Deadline
from escapology.core.progress import search_progress
from escapology.core.results import Status

#: States the transposition table keeps by default (about 100 bytes each on a 7x7 board) ...
TABLE_STATES = 4_000_000
#: ... and the memory it may take (a state of a wide board is larger: a Theorem 4 board of 5,000
#: cells takes about 5 KB a state)
TABLE_MB = 1024


@dataclass
class NativeVersusResult(VersusResult):
    """:class:`VersusResult` with what the native search adds."""

    #: with a win: the fewest own turns it needs; without: every bound up to this is proven lost
    fewest_turns: int | None = None
    proven_turns: int = 0
    table_states: int = 0


def available() -> bool:
    """Whether the extension module is built."""
    try:
        from escapology import _native  # the extension: loaded when needed (it may be absent)
    except ImportError:
        return False
    return hasattr(_native, "amazeing_race")


def max_cells() -> int:
    """The largest board (cells) the native race search takes."""
    from escapology import _native  # the extension: loaded when needed (it may be absent)

    return int(_native.AMAZEING_MAX_CELLS)


def race_arguments(position: Position) -> dict:
    """The crate's plain data of a race position (the player to move and the next one)."""
    if len(position.players) < 2:
        raise ValueError("SP-Versus needs two players")
    me = position.players[position.to_move]
    opp = position.players[(position.to_move + 1) % len(position.players)]

    def target(name: str | None) -> int:
        return -2 if name is None else position.treasures[name]

    forbidden = None
    if position.last_shift is not None:
        rev = position.last_shift.reverse()
        forbidden = (rev.side, rev.index)
    return dict(
        rows=position.rows, cols=position.cols, fixed=list(position.fixed), tiles=list(position.tiles),
        spare=position.spare, forbidden=forbidden, me=me.cell, opp=opp.cell,
        my_target=target(me.target), opp_target=target(opp.target),
    )


def forced_win_native(
    position: Position,
    turns: int,
    *,
    deadline: Deadline | None = None,
    table_states: int = TABLE_STATES,
    table_mb: int = TABLE_MB,
    node_limit: int | None = None,
    scored: bool = False,
    solo_cap: int = 3,
    show_progress: bool = False,
) -> NativeVersusResult:
    """Whether the player to move can force reaching her target within ``turns`` own turns before
    the next player reaches his (Definition 2, bounded), by the native search.

    Answers as :func:`escapology.amazeing.versus.forced_win` (``solved`` with a winning first
    move, ``unsolvable``, or ``unknown`` when the deadline or ``node_limit`` stops it first);
    ``fewest_turns`` is the fewest own turns of a forced win, ``proven_turns`` the largest bound
    proven to have none. ``show_progress`` draws the nodes searched on a terminal.

    ``scored``: the turn-restricted race of the paper's upper-bound remark instead (§2.3): each
    player has ``turns`` own turns; if nobody stands on his target by then, the one with fewer solo
    turns left (Definition 1, counted up to ``solo_cap``, farther counts as ``solo_cap + 1``) wins
    and a tie is a draw. The answer says whether she can force a win (a draw is not one); the
    rules in full are in ``native/src/amazeing/scored.rs`` and ``docs/amazeing.md``.
    """
    from escapology import _native  # the extension: loaded when needed (it may be absent)

    if turns < 1:
        raise ValueError("turns must be at least 1")
    remaining = deadline.remaining() if deadline is not None else None
    with search_progress("amazeing: race", enabled=None if show_progress else False) as bar:
        out = _native.amazeing_race(
            **race_arguments(position), turns=turns, seconds=remaining, table_states=table_states,
            table_mb=table_mb, node_limit=node_limit, scored_cap=solo_cap if scored else None,
            progress=(lambda nodes: bar.update(nodes=nodes)) if bar.shown else None,
        )
    nodes, proven = int(out["nodes"]), int(out["turns"])
    common = dict(nodes=nodes, table_states=int(out["table_states"]))
    if out["move"] is not None:
        side, index, tile, cell = out["move"]
        move = Move(Shift(side, index), tile, cell)
        if scored:  # not monotone in the turns: the answer is for this bound only
            return NativeVersusResult(Status.SOLVED, move, turns, **common)
        return NativeVersusResult(Status.SOLVED, move, turns, fewest_turns=proven, proven_turns=proven - 1, **common)
    if out["stopped"]:
        return NativeVersusResult(Status.UNKNOWN, None, turns, proven_turns=0 if scored else proven, **common)
    return NativeVersusResult(Status.UNSOLVABLE, None, turns, proven_turns=0 if scored else proven, **common)
