"""The Rust engines of Nemesis, Blizzard and Cat Herding behind the Python searches' interfaces.

:class:`NativeSearch` is :class:`escapology.nemesis.engines.exact_python.Search` and :class:`NativeCatSearch` is
:class:`escapology.nemesis.engines.cat.CatSearch` with the search itself in the crate (``native/src/nemesis``,
the same soundness steps, each argued in its doc comment), the GIL released while it runs, the
deadline and Ctrl-C polled. The table entries come back in the Python tables' tuple shapes, keyed by
the entry's index, so that :mod:`escapology.nemesis.engines.extract` and :func:`escapology.nemesis.engines.cat.cat_certificate`
write the strategies of either engine alike; the checkers never call either.

>>> from escapology.nemesis.model import Instance
>>> g = Instance.from_edges([("s","a"),("a","x"),("a","y")], exits={"x","y"}, start="s").graph()
>>> sr = NativeSearch(g)
>>> sr.f_turn(g.start, g.mult)[0], sr.nodes
(True, 2)
"""

from __future__ import annotations

import json
from typing import Any, Callable

from escapology.core.errors import InputError
from escapology.core.limits import Deadline, LimitReached
from escapology.nemesis.engines.base import CatGame, GameSearch
from escapology.nemesis.model import Graph

try:
    from escapology import _native
except ImportError:  # pragma: no cover - the package is built with its extension
    _native = None

ENGINES = ("native", "python")

#: Units of each heavy class that the reduced graph of :class:`NativeSearch` keeps
#: (``native/src/nemesis/reduced.rs``). Measured on the Lemma 14 graphs of the benchmark: with 2
#: the one-sided game loses every one of them (her deletions at his vertex then cut a class), with
#: 3 and 4 it settles the same positions in the same time.
REDUCED_UNITS = 3


#: The budgets of transient deletions (in his unit, or passes) the restoring game of
#: :class:`NativeSearch` is asked with first, progressing and without horizon
#: (``Restoring::nemesis_wins_progressing``), before its horizons. Measured on Lemma 14's graphs of
#: false QBFs: 0 settles those without a universal variable, 1 the benchmark's ``forall x exists
#: y`` (one fuse to burn).
RESTORING_BUDGETS = (0, 1, 2, 4, 8)


def restoring_horizons(size: int) -> list[int]:
    """The horizons (moves of the fugitive) the restoring game of :class:`NativeSearch` is asked
    with, in turn, for a cut-down graph of ``size`` vertices: from 8, a quarter more each time, up
    to ``2 * size``. A horizon too short costs little (his refutations come first: on the 807-vertex
    graph of ``exists x: x & -x``, 0.3 s and 0.9 s at 22 and 26 moves before her win at 30)."""
    out, h = [], 8
    while h < 2 * size:
        out.append(h)
        h += max(1, h // 4)
    return out + [2 * size]


def available() -> bool:
    """Whether the extension module has the Nemesis engines."""
    return _native is not None and hasattr(_native, "NemesisSearch")


class _Entries:
    """A read-only mapping from an entry's index to its tuple (``sr.tf[i]``, ``sr.tn[i]``)."""

    __slots__ = ("_get",)

    def __init__(self, get: Callable[[int], tuple]) -> None:
        self._get = get

    def __getitem__(self, i: int) -> tuple:
        return self._get(i)


def choose(engine: str, native_kind: type, python_kind: type) -> type:
    """The search class for ``engine``: ``native_kind`` for ``"native"`` (``python_kind`` when the
    extension was built without the Nemesis engines), ``python_kind`` for ``"python"``."""
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}; choose {' or '.join(ENGINES)}")
    return native_kind if engine == "native" and available() else python_kind


class _CrateProgress:
    """The ``progress`` display of a crate search (``self._s``), told the positions searched."""

    _s: Any

    @property
    def progress(self) -> Any:
        """A display with ``update(**fields)`` (:func:`escapology.core.progress.search_progress`)
        told the positions searched while the crate searches, or None."""
        return self._progress

    @progress.setter
    def progress(self, shown: Any) -> None:
        self._progress = shown
        if shown is None:
            self._s.progress = None
            return

        def count(nodes: int) -> None:
            shown.update(nodes=nodes)

        self._s.progress = count


class NativeSearch(_CrateProgress, GameSearch):
    """The restricted-game search of :mod:`escapology.nemesis.engines.exact_python` in the crate; tables shared
    by every start vertex. Keys of the tables are entry indices (ints).

    ``symmetry``: with twin classes (vertices with the same neighbours and multiplicities,
    ``native/src/nemesis/symmetry.rs``) and block classes (blocks of vertices exchanged whole, as
    the copies ``{u_i, v_i}`` that Lemma 14's fuses join), positions are searched up to the
    permutations within the classes: one search per orbit, the table's entries held in the
    coordinates of the orbit's canonical position; and the one-sided search of the fugitive
    (``Search::fugitive_side``: he never comes back into a class he has left) is asked first, its
    wins being wins; before it, at the start position of a graph with heavy classes (Remark 7:
    more copies than a play can spoil), the same one-sided search of the graph with those classes
    cut down to :data:`REDUCED_UNITS` units (``native/src/nemesis/reduced.rs``, whose theorem makes
    its wins wins on the whole graph: what settles Lemma 14's two-variable graphs), and the
    restoring game for the Nemesis' wins (``native/src/nemesis/restoring.rs``: the unit he leaves
    comes back whole; what settles the graphs of false QBFs). ``None`` (the default) uses all of
    them when twin classes of two vertices or more and block classes hold at least half of the
    non-exit vertices (the blow-ups of Lemma 14 and Corollary 6); otherwise, with ``automorphisms``, the
    positions are searched up to the graph's automorphisms when one vertex pins them down
    (``native/src/nemesis/automorphism.rs``: the 8 symmetries of a grid of Fig. 4, whose only
    twins, the two exits at each corner, would cost more than they save), else plainly. ``True``
    forces the symmetric search whenever there are twins or block classes, ``False`` is the plain
    search. ``automorphisms`` is for the questions of winners alone (:func:`~escapology.nemesis.engines.exact.winning_starts`):
    the Nemesis' strategies read from such a search are some 30 % larger on the grids (her replies
    are images of the orbit's, which meet fewer positions again), and on the grids her strategies,
    not the search, are what costs. :meth:`f_turn` and :meth:`n_turn` still answer in the caller's
    coordinates; ``tf[i]``/``tn[i]`` are then in the entry's own, and the fugitive's strategy is
    written by the crate walking real positions (:meth:`write_fugitive_strategy`;
    :func:`escapology.nemesis.engines.extract.fugitive_strategy` asks :attr:`symmetric`).
    """

    engine = "native"

    def __init__(self, g: Graph, game: str = "nemesis", deadline: Deadline | None = None, *,
                 symmetry: bool | None = None, automorphisms: bool = False) -> None:
        super().__init__(g, game, deadline)

        def crate_search(*flags: bool, automorphisms: bool = False) -> Any:
            try:
                return _native.NemesisSearch(g.n, g.ends, list(g.mult), g.is_exit, self.blizzard, *flags,
                                             automorphisms=automorphisms)
            except ValueError as exc:  # deeper than the crate's stack takes: the user's graph is too large
                raise InputError(f"{exc} ({g.n:,} vertices): too large for the exact search; the linear "
                                 "methods (-e linear) answer graphs of millions of vertices") from None

        self._s = crate_search(symmetry is not False)
        twinned = self._s.symmetric and _twinned(g, self._s.twin_classes(), self._s.block_classes())
        if symmetry is None and not twinned and (self._s.symmetric or automorphisms):
            # twins among the exits only: their canonical forms cost more than they save; the
            # graph's automorphisms instead when asked for (the grids of Fig. 4)
            self._s = crate_search(False, automorphisms=automorphisms)
        #: the one-sided search (``Search::fugitive_side`` in the crate: the fugitive never enters a
        #: twin class that has lost a vertex), asked first when twins cover at least half of the
        #: non-exit vertices: its fugitive wins are wins; anything else is asked of ``_s``
        self._f = crate_search(True, True) if symmetry is not False and twinned else None
        #: per start, the one-sided search of the reduced graph (``NemesisSearch.reduced``: the
        #: heavy classes of Remark 7 cut down to :data:`REDUCED_UNITS` units, its fugitive wins
        #: wins on ``g``) with its vertices' and edges' labels in ``g``, or None (no heavy class)
        self._reduced: dict[int, tuple[Any, list[int], list[int]] | None] = {}
        #: the game on a smaller graph that proved the start position's winner ("the reduced
        #: graph", "the restoring game"), which writes no strategy on this graph; None: this
        #: graph's own searches
        self.proven_by: str | None = None
        #: per start, the restoring game (``native/src/nemesis/restoring.rs``: the unit he leaves
        #: comes back whole; its Nemesis wins are wins on ``g``), or None (no class to restore)
        self._restoring: dict[int, Any] = {}
        #: per (start, whether by horizons), the restoring game's answer
        self._restoring_answers: dict[tuple[int, bool], bool] = {}
        self.progress = None
        self.tf = _Entries(self._s.f_entry)
        self.tn = _Entries(self._s.n_entry)

    @property
    def progress(self) -> Any:
        """As :class:`_CrateProgress` (told the positions of whichever search is running)."""
        return self._progress

    @progress.setter
    def progress(self, shown: Any) -> None:
        self._progress = shown
        reduced = [r[0] for r in getattr(self, "_reduced", {}).values() if r is not None]
        reduced += [q for q in getattr(self, "_restoring", {}).values() if q is not None]
        searches = [x for x in (self._s, getattr(self, "_f", None), *reduced) if x is not None]
        if shown is None:
            for x in searches:
                x.progress = None
            return
        def count(nodes: int) -> None:
            shown.update(nodes=nodes)

        for x in searches:
            x.progress = count

    @property
    def nodes(self) -> int:
        """Positions searched (table misses), by every search asked (the one-sided ones too)."""
        return sum(int(x.nodes) for x in self._searches())

    def _searches(self) -> list[Any]:
        reduced = [r[0] for r in self._reduced.values() if r is not None]
        reduced += [q for q in self._restoring.values() if q is not None]
        return [x for x in (self._s, self._f, *reduced) if x is not None]

    @property
    def positions(self) -> int:
        """Entries in the tables."""
        return sum(int(x.positions) for x in self._searches())

    @property
    def symmetric(self) -> bool:
        """Whether the search runs up to twin symmetry (asked for, and the graph has twins)."""
        return bool(self._s.symmetric)

    @property
    def symmetry_stats(self) -> dict[str, int]:
        """Twin classes of two vertices or more, the vertices in them, block classes (``symmetry.rs``)
        and their vertices, canonical forms computed and those that stopped at the crate's bound of
        leaves (a position then possibly searched twice)."""
        classes, vertices, forms, fallbacks = self._s.symmetry_stats
        blocks, block_vertices = self._s.block_stats
        return {"twin_classes": classes, "twin_vertices": vertices, "block_classes": blocks,
                "block_vertices": block_vertices, "canonical_forms": forms,
                "canonical_fallbacks": fallbacks}

    def twin_classes(self) -> list[int]:
        """Each vertex's twin class (numbered by its least vertex)."""
        return list(self._s.twin_classes())

    def restricted(self, pos: int, mult: tuple[int, ...]) -> tuple[int, ...]:
        """The restricted position ``(pos, mult)`` as the search reads it, in the graph's own labels:
        the multiplicities capped, zero outside the fugitive's pruned component."""
        return tuple(self._s.restricted(pos, mult))

    def f_turn(self, pos: int, mult: tuple[int, ...]) -> tuple:
        """The fugitive-turn entry of ``(pos, mult)`` (see :meth:`Search.f_turn`), in this position's
        labels (its ``next`` an index of :attr:`tn`; of the one-sided search's table when that
        search proved the win, so read a symmetric search by positions). At the graph's start
        position (its start vertex, ``mult`` the graph's) of a graph with heavy classes, the
        restoring game is asked first for her win, progressing (:meth:`_restoring_win`; the entry
        is then ``(False, -1)``), then the reduced graph's one-sided search for his
        (:meth:`_reduced_win`), then the restoring game by horizons; each builds its own small
        graph, so they are not asked at the other vertices of ``winning_starts``. The progressing
        search comes first because it is quick both ways (2.5 s or less to fail on the benchmark's
        true two-variable graphs) where the reduced graph's search fails slowly on false ones
        (181 s on the fourth two-variable graph, whose progressing win takes 19-24 s)."""
        return self._turn("f_turn", pos, mult)

    def n_turn(self, w: int, mult: tuple[int, ...]) -> tuple:
        """The Nemesis-turn entry of ``(w, mult)`` (see :meth:`Search.n_turn`), in this position's labels."""
        return self._turn("n_turn", w, mult)

    def answer(self, w: int, mult: tuple[int, ...], deletion: int | None = None) -> tuple[bool, int, int, Any]:
        """The fugitive's answer at ``(w, mult)`` after the deletion of one copy of ``deletion`` (in
        Blizzard an edge at ``w``, else ValueError): ``(wins, to, edge, next)``, ``next`` the restricted Nemesis-turn position after his move
        (None when ``to`` is an exit), in the position's own labels (one call where
        :meth:`f_turn` and two :meth:`restricted` would take three)."""
        for s in (self._f, self._s):
            if s is None:
                continue
            out = s.answer(w, mult, deletion, self.deadline.remaining())
            if out is None:
                raise LimitReached()
            if out[0] or s is self._s:
                wins, to, e, nxt = out
                return wins, to, e, (to, tuple(nxt)) if nxt is not None else None
        raise AssertionError("unreachable")

    def _reduced_win(self, pos: int, mult: tuple[int, ...]) -> tuple | None:
        """The fugitive-turn entry of the start position ``(g.start, g.mult)`` when the one-sided
        search of the reduced graph proves his win (``native/src/nemesis/reduced.rs``: the heavy
        classes cut down to :data:`REDUCED_UNITS` units; the theorem there makes its wins wins on
        ``g``), in ``g``'s labels: his first move is a winning move of ``g``; ``next`` indexes that
        search's table and the support is its strategy's on the reduced graph. None otherwise
        (another position, no heavy class, or no win there)."""
        g = self.g
        if self._f is None or pos != g.start or tuple(mult) != tuple(g.mult):
            return None
        if pos not in self._reduced:
            self._reduced[pos] = _native.NemesisSearch.reduced(g.n, g.ends, list(g.mult), g.is_exit, self.blizzard,
                                                               pos, REDUCED_UNITS)
            self.progress = self._progress  # the new search reports too
        found = self._reduced[pos]
        if found is None:
            return None
        search, vertices, edges = found
        out = search.f_turn(vertices.index(pos), [g.mult[e] for e in edges], self.deadline.remaining())
        if out is None:
            raise LimitReached()
        if not out[0]:
            return None
        _, to, e, nxt, support, i = out
        return True, vertices[to], edges[e], nxt, frozenset(edges[x] for x in support), i

    def _restoring_win(self, pos: int, mult: tuple[int, ...], *, horizons: bool) -> bool:
        """Whether the restoring game proves the Nemesis' win at the start position ``(g.start,
        g.mult)`` (``native/src/nemesis/restoring.rs``: the heavy classes cut down to two units, the
        unit the fugitive leaves restored whole, her deletions kept to his unit and the vertices
        outside the heavy classes; the theorem there makes her wins wins on ``g``), asked
        progressing with the budgets of :data:`RESTORING_BUDGETS` in turn, or with ``horizons`` with
        those of :func:`restoring_horizons`. False: not proven (another position, no class to
        restore, or no win within the last budget or horizon). Each answer is kept."""
        g = self.g
        if self._f is None or pos != g.start or tuple(mult) != tuple(g.mult):
            return False
        if (pos, horizons) in self._restoring_answers:
            return self._restoring_answers[pos, horizons]
        if pos not in self._restoring:
            self._restoring[pos] = _native.RestoringGame.of(g.n, g.ends, list(g.mult), g.is_exit, self.blizzard, pos)
            self.progress = self._progress  # the new search reports too
        game = self._restoring[pos]
        if game is None:
            return False
        if horizons:
            asks = [(game.nemesis_wins, h) for h in restoring_horizons(game.size[0])]
        else:
            asks = [(game.nemesis_wins_progressing, b) for b in RESTORING_BUDGETS]
        won = False
        for ask, limit in asks:
            out = ask(limit, self.deadline.remaining())
            if out is None:
                raise LimitReached()
            if out:
                won = True
                break
        self._restoring_answers[pos, horizons] = won
        return won

    def _turn(self, which: str, pos: int, mult: tuple[int, ...]) -> tuple:
        if which == "f_turn":
            if pos == self.g.start and tuple(mult) == tuple(self.g.mult):
                self.proven_by = None
            # her quick proof first (a second or two lost on his wins), then his, then hers again
            if self._restoring_win(pos, mult, horizons=False):
                self.proven_by = "the restoring game"
                return False, -1
            won = self._reduced_win(pos, mult)
            if won is not None:
                self.proven_by = "the reduced graph"
                return won
            if self._restoring_win(pos, mult, horizons=True):
                self.proven_by = "the restoring game"
                return False, -1
        if self._f is not None:
            out = getattr(self._f, which)(pos, mult, self.deadline.remaining())
            if out is None:
                raise LimitReached()
            if out[0]:  # a fugitive win of the one-sided game is one of the game
                return out
        out = getattr(self._s, which)(pos, mult, self.deadline.remaining())
        if out is None:
            raise LimitReached()
        return out

    def write_nemesis_strategy(self, start: int, path: str, max_nodes: int | None = None) -> tuple[str, int, int]:
        """The crate writes the Nemesis' strategy from ``start`` to ``path`` (the document of
        :func:`escapology.nemesis.engines.extract.nemesis_strategy`, streamed): ``("written", nodes,
        root)``, ``("too_large", 0, 0)`` or ``("stopped", 0, 0)`` (deadline), the file then
        incomplete. Use :func:`escapology.nemesis.engines.extract.write_nemesis_strategy`."""
        names = [json.dumps(v, ensure_ascii=False) for v in self.g.names]
        status, nodes, root = self._s.write_nemesis_strategy(
            start, list(self.g.mult), names, path, max_nodes, self.deadline.remaining())
        return str(status), int(nodes), int(root)

    def write_fugitive_strategy(self, start: int, path: str, max_nodes: int | None = None) -> tuple[str, int, int]:
        """The crate walks real positions and writes the fugitive's strategy from ``start`` to
        ``path`` (``native/src/nemesis/fugitive_walk.rs``: the document of
        :func:`escapology.nemesis.engines.extract.fugitive_strategy_by_positions`, streamed),
        asking the one-sided search first at every position as :meth:`answer` does; returns as
        :meth:`write_nemesis_strategy`. Use :func:`escapology.nemesis.engines.extract.write_fugitive_strategy`."""
        names = [json.dumps(v, ensure_ascii=False) for v in self.g.names]
        status, nodes, root = self._s.write_fugitive_strategy(
            start, list(self.g.mult), names, path, max_nodes, self.deadline.remaining(), self._f)
        return str(status), int(nodes), int(root)

    def prune(self, mult: tuple[int, ...], pos: int) -> tuple[None, None, bool]:
        """Only the third element of :meth:`Search.prune`: whether an exit is left in the pruned
        component of ``pos`` (what the strategy writers ask)."""
        return None, None, bool(self._s.has_exit(pos, mult))


def _twinned(g: Graph, classes: list[int], blocks: list[int | None]) -> bool:
    """Whether twin classes of two vertices or more and block classes (the blocks of copies that
    Lemma 14's fuses join) hold at least half of the non-exit vertices (when the one-sided search
    of :class:`NativeSearch` is worth a try)."""
    size: dict[int, int] = {}
    for v, c in enumerate(classes):
        size[c] = size.get(c, 0) + 1
    inner = [v for v in range(g.n) if not g.is_exit[v]]
    held = sum(size[classes[v]] > 1 or blocks[v] is not None for v in inner)
    return bool(inner) and 2 * held >= len(inner)


class NativeCatSearch(_CrateProgress, CatGame):
    """:class:`escapology.nemesis.engines.cat.CatSearch` in the crate (same methods, same values)."""

    engine = "native"

    def __init__(self, g: Graph, speed: int | None = None, deadline: Deadline | None = None) -> None:
        super().__init__(g, speed, deadline)
        try:
            self._s = _native.CatHerding(g.n, g.ends, list(g.mult), speed == 1)
        except ValueError as exc:  # (as NativeSearch)
            raise InputError(f"{exc}: too many edge copies for the exact Cat Herding search") from None
        self.progress = None

    @property
    def nodes(self) -> int:
        return int(self._s.nodes)

    def _value(self, out: Any) -> Any:
        if out is None:
            raise LimitReached()
        return out

    def herder_turn(self, pos: int, mult: tuple[int, ...]) -> int:
        """Deletions still to come, herder to move, cat at ``pos``."""
        return self._value(self._s.herder_turn(pos, mult, self.deadline.remaining()))

    def cat_turn(self, pos: int, mult: tuple[int, ...]) -> int:
        """Deletions still to come, cat to move at ``pos``."""
        return self._value(self._s.cat_turn(pos, mult, self.deadline.remaining()))

    def best_deletion(self, pos: int, mult: tuple[int, ...]) -> int | None:
        """An optimal deletion for the herder (None when the cat is isolated)."""
        found, e = self._s.best_deletion(pos, mult, self.deadline.remaining())
        if not found:
            raise LimitReached()
        return e

    def best_move(self, pos: int, mult: tuple[int, ...]) -> int | None:
        """An optimal move for the cat after a deletion (None when isolated)."""
        found, w = self._s.best_move(pos, mult, self.deadline.remaining())
        if not found:
            raise LimitReached()
        return w

    def component(self, pos: int, mult: tuple[int, ...]) -> tuple[set[int], list[int]]:
        """The cat's component: its vertices and edges (as :meth:`CatSearch.component`)."""
        seen = set(self._s.component(pos, mult))
        edges = [e for e, k in enumerate(mult) if k and self.g.ends[e][0] in seen]
        return seen, edges
