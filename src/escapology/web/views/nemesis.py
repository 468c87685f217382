"""Nemesis, Blizzard and Cat Herding's page: the graph, the winning starts shaded, the line of
play of a strategy step by step, and play against the exact solver.

A state: ``vertices`` (name, position ``x``/``y`` in layout units, ``y`` downwards, ``exit``),
``edges`` (``id``, ``a``, ``b``, ``mult`` deletions left), ``position`` of the fugitive, ``deleted``
(the edges deleted so far, ``[a, b]``), ``winner`` once the game is over, ``note``; ``drawn`` is
false for a graph too large to draw (:data:`MAX_DRAWN` vertices, grids :data:`MAX_GRID`), ``grid``
true for a grid of the generator (vertices ``r{i}c{j}``, drawn as its rows and columns). Any other
graph is laid out here (:func:`graph_layout`): of networkx's Kamada-Kawai and spring layouts of each
component, the one with the fewest crossing edges and vertices nearest an edge not theirs.

Play follows the rules of the terminal game (:mod:`escapology.nemesis.play`): a round is the
fugitive's move to a neighbour then the Nemesis' deletion of one edge (Blizzard: an edge at the
fugitive's vertex); the fugitive wins on an exit, the Nemesis once no exit is reachable. The
solver's side replies by :mod:`escapology.nemesis.play` (the replies ``escapology nemesis play``
makes, from the exact search's tables, :func:`escapology.nemesis.engines.exact.new_search`): as the
Nemesis a deletion after which the fugitive loses, when there is one; as the fugitive a move after
which he wins, when there is one; in Cat Herding the minimax's herder and cat.
Each answer lists what happened in order as ``events`` (``{"who": "you" | "solver", "move": v,
"from": u}`` or ``{"who", "delete": [a, b]}``) besides the ``log`` in words.

>>> from escapology.nemesis import load
>>> inst = load("edge(s,a). edge(a,x). edge(a,y). exit(x). exit(y). start(s).")
>>> r = reply(inst, game="nemesis", side="fugitive", position="s", mult=state(inst)["mult"], move="a")
>>> r["position"], r["winner"] is None, len(r["deleted"])
('a', True, 1)
>>> [sorted(e) for e in r["events"]]
[['from', 'move', 'who'], ['delete', 'who']]
>>> reply(inst, game="nemesis", side="fugitive", position=r["position"], mult=r["mult"], move="x")["winner"]
'fugitive'

Cat Herding on a triangle (cat number 2): a first deletion at the cat's vertex lets it run to
the middle of the path left, from where two more deletions are needed.

>>> tri = load("edge(1,2). edge(2,3). edge(3,1). start(1).")
>>> c = reply(tri, game="cat", side="nemesis", position="1", mult=[1, 1, 1], move=["1", "2"])
>>> c["position"], c["value"], c["value_before"], c["winner"]
('3', 2, 2, None)
>>> cat_numbers(tri)
{'1': 2, '2': 2, '3': 2}
"""

from __future__ import annotations

from typing import Any

from escapology.core.errors import InputError
from escapology.core.limits import Deadline, LimitReached
from escapology.nemesis.drawing import is_grid, layout, line_of_play
from escapology.web.views import QUICK
from escapology.nemesis.model import Graph, Instance
from escapology.nemesis.play import (after_deletion, cat_move, cat_targets, deletable, fugitive_move,
                                     herder_deletion, nemesis_deletion, winner)

__all__ = ["ACTIONS", "GENERATE", "MAX_DRAWN", "MAX_GRID", "SLOW", "cat_numbers", "cat_reply", "frames",
           "graph_layout", "reply", "starts", "state", "to_text"]

#: the largest graph (vertices) the page draws; a generator's grid up to :data:`MAX_GRID`
MAX_DRAWN = 800
MAX_GRID = 5000
#: components up to this many vertices get the layouts compared (crossings counted)
SCORED = 150

GENERATE = [
    {"name": "kind", "label": "kind", "type": "choice", "choices": ["random", "tree", "subcubic", "grid"],
     "default": "random"},
    {"name": "size", "label": "vertices (grid: side)", "type": "int", "default": 10, "min": 2, "max": 60},
    {"name": "seed", "label": "seed", "type": "int", "default": 1},
    {"name": "p", "label": "edge probability", "type": "float", "default": 0.3, "min": 0.0, "max": 1.0},
    {"name": "exits", "label": "exits", "type": "int", "default": 2, "min": 1, "max": 20},
]
GAMES = ("nemesis", "blizzard")
#: Cat Herding at the cat's two speeds: ``cat`` (any vertex of its component) and ``cat-1`` (one edge)
CATS = {"cat": None, "cat-1": 1}


def to_text(inst: Instance) -> str:
    from escapology.nemesis.io import format_instance  # the native extension: /games loads every view without it

    return format_instance(inst)


def generate(**options: Any) -> Instance:
    """The protocol's ``generate``, with a start: the first vertex that is no exit (the generators
    of random graphs name none)."""
    from escapology.nemesis import generate as make  # nemesis.api (native extension): only when generating

    inst = make(**options)
    if inst.start is None:
        inst.start = next((v for v in inst.vertices if v not in inst.exits), None)
    return inst


Point = tuple[float, float]


def _crossings(pos: dict[str, Point], edges: list[tuple[str, str]]) -> int:
    """Pairs of edges without a common end whose segments cross."""

    def side(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    count = 0
    for i, (a, b) in enumerate(edges):
        p, q = pos[a], pos[b]
        for c, d in edges[i + 1:]:
            if c in (a, b) or d in (a, b):
                continue
            r, t = pos[c], pos[d]
            if side(p, q, r) * side(p, q, t) < 0 and side(r, t, p) * side(r, t, q) < 0:
                count += 1
    return count


def _near_edges(pos: dict[str, Point], edges: list[tuple[str, str]], gap: float) -> int:
    """Vertices closer than ``gap`` to an edge that does not end at them (they look joined to it)."""
    count = 0
    for v, (x, y) in pos.items():
        for a, b in edges:
            if v in (a, b):
                continue
            (x1, y1), (x2, y2) = pos[a], pos[b]
            dx, dy = x2 - x1, y2 - y1
            length = dx * dx + dy * dy
            t = 0.0 if length == 0 else max(0.0, min(1.0, ((x - x1) * dx + (y - y1) * dy) / length))
            if (x - x1 - t * dx) ** 2 + (y - y1 - t * dy) ** 2 < gap * gap:
                count += 1
    return count


def _component_layout(nx: Any, g: Any) -> dict[str, Point]:
    """A layout of one connected component, in ``[0, 1]`` squared: of Kamada-Kawai's and three
    spring layouts, the one with the fewest crossings (then vertices nearest a foreign edge, then
    the largest smallest distance between two vertices)."""
    n = g.number_of_nodes()
    if n == 1:
        return {v: (0.5, 0.5) for v in g}
    if n == 2:
        a, b = list(g)
        return {a: (0.0, 0.5), b: (1.0, 0.5)}
    candidates = []
    if n <= SCORED:
        try:
            candidates.append(nx.kamada_kawai_layout(g))
        except Exception:  # noqa: BLE001 - scipy's optimiser may fail on odd graphs: the spring layouts remain
            pass
        candidates += [nx.spring_layout(g, seed=seed) for seed in range(3)]
    else:
        candidates.append(nx.spring_layout(g, seed=0))
    edges = [(a, b) for a, b in g.edges() if a != b]
    best, best_key = None, None
    for raw in candidates:
        xs = [float(p[0]) for p in raw.values()]
        ys = [float(p[1]) for p in raw.values()]
        span = max(max(xs) - min(xs), max(ys) - min(ys)) or 1.0
        pos = {v: ((float(p[0]) - min(xs)) / span, (float(p[1]) - min(ys)) / span) for v, p in raw.items()}
        if len(candidates) == 1:
            return pos
        names = list(pos)
        closest = min(((pos[a][0] - pos[b][0]) ** 2 + (pos[a][1] - pos[b][1]) ** 2) ** 0.5
                      for i, a in enumerate(names) for b in names[i + 1:])
        key = (_crossings(pos, edges), _near_edges(pos, edges, 0.25 / n ** 0.5), -closest)
        if best_key is None or key < best_key:
            best, best_key = pos, key
    assert best is not None
    return best


def graph_layout(inst: Instance) -> dict[str, Point]:
    """Where each vertex is drawn, ``x`` to the right and ``y`` downwards: a grid of the generator
    as its rows and columns (:func:`escapology.nemesis.drawing.layout`), any other graph one
    component beside the other, each laid out by :func:`_component_layout` in a square whose side
    grows with the square root of its size.

    >>> from escapology.nemesis.io import parse_instance
    >>> pos = graph_layout(parse_instance("edge(a,b). edge(b,c). edge(c,a). edge(x,y). exit(x). start(a)."))
    >>> sorted(pos) == ["a", "b", "c", "x", "y"], max(p[0] for p in pos.values()) > 1
    (True, True)
    """
    if is_grid(inst):
        return layout(inst)
    import networkx as nx  # networkx: only the layout of a graph that is not a grid needs it

    whole = nx.Graph()
    whole.add_nodes_from(inst.vertices)
    whole.add_edges_from(inst.edges)
    parts = sorted(nx.connected_components(whole), key=lambda c: (-len(c), min(c)))
    out: dict[str, Point] = {}
    left = 0.0
    for part in parts:
        side = len(part) ** 0.5
        for v, (x, y) in _component_layout(nx, whole.subgraph(part)).items():
            out[v] = (left + x * side, y * side)
        left += side + 0.8
    return out


def state(inst: Instance) -> dict[str, Any]:
    g = inst.graph()
    grid = is_grid(inst)
    drawn = g.n <= (MAX_GRID if grid else MAX_DRAWN)
    pos = graph_layout(inst) if drawn else {}
    return {
        "vertices": [{"name": v, "x": pos.get(v, (0, 0))[0], "y": pos.get(v, (0, 0))[1], "exit": v in inst.exits}
                     for v in g.names],
        "edges": [{"id": e, "a": g.edge_name(e)[0], "b": g.edge_name(e)[1], "mult": g.mult[e]} for e in range(g.m)],
        "mult": list(g.mult), "start": inst.start, "position": inst.start, "deleted": [], "winner": None,
        "note": "", "drawn": drawn, "grid": grid,
    }


def _mult(g: Graph, mult: Any) -> tuple[int, ...]:
    if not isinstance(mult, list) or len(mult) != g.m or not all(isinstance(k, int) and 0 <= k <= g.mult[e]
                                                                 for e, k in enumerate(mult)):
        raise InputError(f"mult must list the {g.m} edges' deletions left")
    return tuple(mult)


def _vertex(g: Graph, name: Any) -> int:
    if not isinstance(name, str) or name not in g.index:
        raise InputError(f"no vertex {name!r}")
    return g.index[name]


class _Play:
    """A round being played: the vertex of the fugitive (or the cat), the edges left (their
    multiplicities), the edges deleted so far and what each side did, in words."""

    def __init__(self, g: Graph, position: str, mult: list[int], deleted: list[Any] | None) -> None:
        self.g = g
        self.pos, self.m = _vertex(g, position), _mult(g, mult)
        self.deleted = list(deleted or [])
        self.log: list[str] = []
        self.events: list[dict[str, Any]] = []

    def delete(self, e: int, who: str) -> None:
        self.m = after_deletion(self.m, e)
        self.deleted.append(self.g.edge_name(e))
        self.log.append(f"{who} {'delete' if who == 'you' else 'deletes'} {'-'.join(self.g.edge_name(e))}")
        self.events.append({"who": "you" if who == "you" else "solver", "delete": self.g.edge_name(e)})

    def move(self, w: int, who: str) -> None:
        self.events.append({"who": "you" if who == "you" else "solver", "move": self.g.names[w],
                            "from": self.g.names[self.pos]})
        self.pos = w
        self.log.append(f"{who} {'move' if who == 'you' else 'moves'} to {self.g.names[w]}")


def reply(inst: Instance, *, game: str, side: str, position: str, mult: list[int], move: Any = None,
          deleted: list[Any] | None = None) -> dict[str, Any]:
    """One round of play against the solver. ``side`` is the person's: ``fugitive`` (``move`` is a
    neighbour's name; the solver then deletes) or ``nemesis`` (``move`` is an edge ``[a, b]`` to
    delete, then the solver's fugitive moves; without ``move``, the solver's fugitive makes the
    first move)."""
    if game in CATS and side in ("fugitive", "nemesis"):
        return cat_reply(inst, speed=CATS[game], side=side, position=position, mult=mult, move=move,
                         deleted=deleted)
    if game not in GAMES or side not in ("fugitive", "nemesis"):
        raise InputError("game is nemesis, blizzard, cat or cat-1; side fugitive or nemesis")
    from escapology.nemesis.engines.exact import new_search  # the native extension: only a reply needs it

    return _answered(inst, position, mult, deleted, lambda g: new_search(g, game, Deadline(QUICK)),
                     lambda g, play, search: _reply(g, play, search, game, side, move))


def _answered(inst: Instance, position: Any, mult: Any, deleted: Any, search_of: Any, answer: Any) -> dict[str, Any]:
    """``answer(graph, play, search)`` on the position the page sent, with the search
    ``search_of(graph)`` makes; a search out of time is the page's :class:`InputError`."""
    g = inst.graph()
    play = _Play(g, position, mult, deleted)
    search = search_of(g)
    try:
        return answer(g, play, search)
    except LimitReached:
        raise InputError(f"the solver found no reply within {QUICK:g} s") from None


def _reply(g: Graph, play: "_Play", search: Any, game: str, side: str, move: Any) -> dict[str, Any]:
    """The person's move, checked, then the solver's reply (:mod:`escapology.nemesis.play`)."""
    over = winner(g, play.pos, play.m)
    if over is None and side == "fugitive":
        w = _vertex(g, move)
        if not any(x == w and play.m[e] for x, e in g.adj[play.pos]):
            raise InputError(f"{move} is not a neighbour of {g.names[play.pos]} over an edge left")
        play.move(w, "you")
        over = winner(g, play.pos, play.m)
        if over is None:
            e = nemesis_deletion(g, search, game, play.pos, play.m)
            if e is not None:
                play.delete(e, "the Nemesis")
            over = winner(g, play.pos, play.m)
    elif over is None:
        if move is not None:
            if not (isinstance(move, list) and len(move) == 2):
                raise InputError("an edge is [a, b]")
            e = g.edge_id(str(move[0]), str(move[1]))
            if e is None or e not in deletable(g, game, play.pos, play.m):
                raise InputError(f"{move[0]}-{move[1]} is not an edge you may delete")
            play.delete(e, "you")
            over = winner(g, play.pos, play.m)
        if over is None:
            w = fugitive_move(g, search, play.pos, play.m)
            assert w is not None  # an exit is reachable: an edge is left at his vertex
            play.move(w, "the fugitive")
            over = winner(g, play.pos, play.m)
    note = {"fugitive": "the fugitive reaches an exit", "nemesis": "no exit is reachable: the fugitive is trapped",
            None: ""}[over]
    return {"position": g.names[play.pos], "mult": list(play.m), "deleted": play.deleted, "winner": over,
            "log": play.log, "events": play.events, "note": note}


def cat_reply(inst: Instance, *, speed: int | None, side: str, position: str, mult: list[int], move: Any = None,
              deleted: list[Any] | None = None) -> dict[str, Any]:
    """One round of Cat Herding against the exact minimax (the crate's,
    :func:`escapology.nemesis.engines.cat.new_cat_search`): the herder deletes an edge, then the
    cat moves (to a neighbour at speed 1, else anywhere in its component; it must move when it
    can); it ends when the cat's vertex has no edge left. ``side`` ``nemesis`` is the herder
    (``move`` an edge ``[a, b]``; the solver's cat replies), ``fugitive`` the cat (``move`` a
    vertex; without it the solver's herder deletes first). ``value`` is the number of deletions
    still to come with best play after the round (``value_before``: before it; the value of the
    start, herder first, is the cat number of the start vertex); ``targets`` where the person's
    cat may go next."""
    from escapology.nemesis.engines.cat import new_cat_search  # the native extension: only Cat Herding's replies

    return _answered(inst, position, mult, deleted, lambda g: new_cat_search(g, speed, Deadline(QUICK)),
                     lambda g, play, search: _cat_reply(g, play, search, speed, side, move))


def _cat_reply(g: Graph, play: "_Play", search: Any, speed: int | None, side: str, move: Any) -> dict[str, Any]:

    def isolated() -> bool:
        return not any(play.m[e] for _, e in g.adj[play.pos])

    def targets() -> list[int]:
        return cat_targets(g, search, play.pos, play.m)

    def value(herder_to_move: bool) -> int:
        if isolated():
            return 0
        return search.herder_turn(play.pos, play.m) if herder_to_move else search.cat_turn(play.pos, play.m)

    before = value(side == "nemesis" or move is None)
    if not isolated():
        if side == "nemesis":  # the person herds
            if not (isinstance(move, list) and len(move) == 2):
                raise InputError("an edge is [a, b]")
            e = g.edge_id(str(move[0]), str(move[1]))
            if e is None or not play.m[e]:
                raise InputError(f"{move[0]}-{move[1]} is not an edge left")
            play.delete(e, "you")
            w = cat_move(search, play.pos, play.m)
            if w is not None:
                play.move(w, "the cat")
        else:  # the person is the cat
            if move is not None:
                w = _vertex(g, move)
                if w not in targets():
                    raise InputError(f"the cat cannot go from {g.names[play.pos]} to {move}")
                play.move(w, "you")
            if not isolated():
                e = herder_deletion(search, play.pos, play.m)
                if e is not None:
                    play.delete(e, "the herder")
    over = isolated()
    return {"position": g.names[play.pos], "mult": list(play.m), "deleted": play.deleted, "log": play.log,
            "events": play.events, "winner": ("nemesis" if over else None), "value": value(side == "nemesis"),
            "value_before": before,
            "targets": [] if over or side == "nemesis" else [g.names[w] for w in targets()],
            "note": f"the cat is isolated after {len(play.deleted)} deletions" if over else ""}


def cat_numbers(inst: Instance, *, game: str = "cat") -> dict[str, int]:
    """Every vertex's value in Cat Herding (the deletions the herder needs from there)."""
    from escapology.nemesis import solve  # nemesis.api and its engines (native extension): only when solving

    if game not in CATS:
        raise InputError("game is cat or cat-1")
    result = solve(inst, game="cat", cat_speed="unbounded" if CATS[game] is None else "1", timeout=QUICK)
    if result.status.value != "solved":
        raise InputError(f"the cat numbers took longer than {QUICK:g} s")
    return dict(result.answer["per_vertex"])


def starts(inst: Instance, *, game: str = "nemesis") -> list[str]:
    """The vertices from which the fugitive wins (the exact method, all starts)."""
    from escapology.nemesis import solve  # nemesis.api and its engines (native extension): only when solving

    if game not in GAMES:
        raise InputError("game is nemesis or blizzard")
    result = solve(inst, game=game, all_starts=True, timeout=QUICK)
    if result.status.value != "solved":
        raise InputError(f"the winning starts took longer than {QUICK:g} s")
    return list(result.answer["winning_starts"])


def frames(inst: Instance, certificate: Any) -> list[dict[str, Any]]:
    """The line of play of a strategy (:func:`escapology.nemesis.drawing.line_of_play`): the
    fugitive's moves and the deletions, round by round; each frame's ``trail`` holds the vertices
    visited so far and ``rounds`` the round of each deletion in ``deleted``."""
    first = state(inst)
    strategy = certificate.get("strategy", certificate) if isinstance(certificate, dict) and "winner" in certificate \
        else certificate
    line = line_of_play(strategy, inst.start, set(inst.exits))
    g = inst.graph()
    first = {**first, "trail": line.path[:1], "rounds": []}
    out = [first]
    mult = list(g.mult)
    deleted: list[list[str]] = []
    rounds: list[int] = []
    for i, v in enumerate(line.path[1:], start=1):
        for (a, b), r in zip(line.deletions, line.rounds):
            if r == i:
                e = g.edge_id(a, b)
                if e is not None and mult[e] > 0:
                    mult[e] -= 1
                deleted.append([a, b])
                rounds.append(r)
        last = i == len(line.path) - 1
        out.append({**first, "position": v, "mult": list(mult), "deleted": list(deleted), "rounds": list(rounds),
                    "trail": line.path[: i + 1], "note": line.end if last else "", "step": i})
    if len(out) == 1 and line.end:
        out[0] = {**first, "note": line.end}
    return out


ACTIONS = {"reply": reply, "starts": starts, "cat_numbers": cat_numbers}
#: run in a worker: the exact search may take long
SLOW = {"reply", "starts", "cat_numbers"}
