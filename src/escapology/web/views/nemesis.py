"""Nemesis, Blizzard and Cat Herding's page: the graph, the winning starts shaded, the line of
play of a strategy step by step, and play against the exact solver.

A state: ``vertices`` (name, layout ``x``/``y``, ``exit``), ``edges`` (``id``, ``a``, ``b``,
``mult`` deletions left), ``position`` of the fugitive, ``deleted`` (the edges deleted so far,
``[a, b]``), ``winner`` once the game is over, ``note``. Play follows the rules of the terminal game
(:mod:`escapology.nemesis.play`): a round is the fugitive's move to a neighbour then the Nemesis'
deletion of one edge (Blizzard: an edge at the fugitive's vertex); the fugitive wins on an exit,
the Nemesis once no exit is reachable. The solver's side replies by the exact search's tables
(:class:`escapology.nemesis.engines.exact_python.Search`): as the Nemesis a deletion after which the fugitive
loses, when there is one; as the fugitive a move after which he wins, when there is one.

>>> from escapology.nemesis import load
>>> inst = load("edge(s,a). edge(a,x). edge(a,y). exit(x). exit(y). start(s).")
>>> r = reply(inst, game="nemesis", side="fugitive", position="s", mult=state(inst)["mult"], move="a")
>>> r["position"], r["winner"] is None, len(r["deleted"])
('a', True, 1)
>>> reply(inst, game="nemesis", side="fugitive", position=r["position"], mult=r["mult"], move="x")["winner"]
'fugitive'

Cat Herding on a triangle (cat number 2): a first deletion at the cat's vertex lets it run to
the middle of the path left, from where two more deletions are needed.

>>> tri = load("edge(1,2). edge(2,3). edge(3,1). start(1).")
>>> c = reply(tri, game="cat", side="nemesis", position="1", mult=[1, 1, 1], move=["1", "2"])
>>> c["position"], c["value"], c["winner"]
('3', 2, None)
>>> cat_numbers(tri)
{'1': 2, '2': 2, '3': 2}
"""

from __future__ import annotations

from typing import Any

from escapology.core.errors import InputError
from escapology.core.limits import Deadline
from escapology.nemesis.drawing import layout, line_of_play
from escapology.nemesis.engines.exact_python import Search
from escapology.web.views import QUICK
from escapology.nemesis.model import Graph, Instance

__all__ = ["ACTIONS", "GENERATE", "SLOW", "cat_numbers", "cat_reply", "frames", "reply", "starts", "state", "to_text"]

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


def _layout(inst: Instance) -> dict[str, tuple[float, float]]:
    return layout(inst)


def state(inst: Instance) -> dict[str, Any]:
    g = inst.graph()
    pos = _layout(inst)
    return {
        "vertices": [{"name": v, "x": pos[v][0], "y": pos[v][1], "exit": v in inst.exits} for v in g.names],
        "edges": [{"id": e, "a": g.edge_name(e)[0], "b": g.edge_name(e)[1], "mult": g.mult[e]} for e in range(g.m)],
        "mult": list(g.mult), "start": inst.start, "position": inst.start, "deleted": [], "winner": None,
        "note": "",
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


def _over(g: Graph, pos: int, mult: tuple[int, ...]) -> str | None:
    if g.is_exit[pos]:
        return "fugitive"
    if not g.exit_reachable(pos, mult):
        return "nemesis"
    return None


def _deletable(g: Graph, game: str, pos: int, mult: tuple[int, ...]) -> list[int]:
    if game == "blizzard":
        return [e for _, e in g.adj[pos] if mult[e]]
    return [e for e in range(g.m) if mult[e]]


def _minus(mult: tuple[int, ...], e: int) -> tuple[int, ...]:
    lst = list(mult)
    lst[e] -= 1
    return tuple(lst)


def _without_vertex_edges(g: Graph, pos: int, mult: tuple[int, ...]) -> tuple[int, ...]:
    lst = list(mult)
    for _, e in g.adj[pos]:
        lst[e] = 0
    return tuple(lst)


def _solver_deletes(g: Graph, search: Any, game: str, pos: int, mult: tuple[int, ...]) -> int | None:
    options = _deletable(g, game, pos, mult)
    for e in options:
        if not search.f_turn(pos, _minus(mult, e))[0]:
            return e
    return options[0] if options else None


def _solver_moves(g: Graph, search: Any, pos: int, mult: tuple[int, ...]) -> int:
    moves = [(w, e) for w, e in g.adj[pos] if mult[e]]
    for w, _ in moves:
        if g.is_exit[w] or search.n_turn(w, _without_vertex_edges(g, pos, mult))[0]:
            return w
    return moves[0][0]


class _Play:
    """A round being played: the vertex of the fugitive (or the cat), the edges left (their
    multiplicities), the edges deleted so far and what each side did, in words."""

    def __init__(self, g: Graph, position: str, mult: list[int], deleted: list[Any] | None) -> None:
        self.g = g
        self.pos, self.m = _vertex(g, position), _mult(g, mult)
        self.deleted = list(deleted or [])
        self.log: list[str] = []

    def delete(self, e: int, who: str) -> None:
        self.m = _minus(self.m, e)
        self.deleted.append(self.g.edge_name(e))
        self.log.append(f"{who} {'delete' if who == 'you' else 'deletes'} {'-'.join(self.g.edge_name(e))}")

    def move(self, w: int, who: str) -> None:
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
    g = inst.graph()
    play = _Play(g, position, mult, deleted)
    search = Search(g, game, Deadline(QUICK))
    winner = _over(g, play.pos, play.m)
    if winner is None and side == "fugitive":
        w = _vertex(g, move)
        if not any(x == w and play.m[e] for x, e in g.adj[play.pos]):
            raise InputError(f"{move} is not a neighbour of {g.names[play.pos]} over an edge left")
        play.move(w, "you")
        winner = _over(g, play.pos, play.m)
        if winner is None:
            e = _solver_deletes(g, search, game, play.pos, play.m)
            if e is not None:
                play.delete(e, "the Nemesis")
            winner = _over(g, play.pos, play.m)
    elif winner is None:
        if move is not None:
            if not (isinstance(move, list) and len(move) == 2):
                raise InputError("an edge is [a, b]")
            e = g.edge_id(str(move[0]), str(move[1]))
            if e is None or e not in _deletable(g, game, play.pos, play.m):
                raise InputError(f"{move[0]}-{move[1]} is not an edge you may delete")
            play.delete(e, "you")
            winner = _over(g, play.pos, play.m)
        if winner is None:
            play.move(_solver_moves(g, search, play.pos, play.m), "the fugitive")
            winner = _over(g, play.pos, play.m)
    note = {"fugitive": "the fugitive reaches an exit", "nemesis": "no exit is reachable: the fugitive is trapped",
            None: ""}[winner]
    return {"position": g.names[play.pos], "mult": list(play.m), "deleted": play.deleted, "winner": winner,
            "log": play.log, "note": note}


def cat_reply(inst: Instance, *, speed: int | None, side: str, position: str, mult: list[int], move: Any = None,
              deleted: list[Any] | None = None) -> dict[str, Any]:
    """One round of Cat Herding against the exact minimax (:class:`escapology.nemesis.engines.cat.CatSearch`):
    the herder deletes an edge, then the cat moves (to a neighbour at speed 1, else anywhere in its
    component; it must move when it can); it ends when the cat's vertex has no edge left. ``side``
    ``nemesis`` is the herder (``move`` an edge ``[a, b]``; the solver's cat replies), ``fugitive``
    the cat (``move`` a vertex; without it the solver's herder deletes first). ``value`` is the number
    of deletions still to come with best play; ``targets`` where the person's cat may go next."""
    from escapology.nemesis.engines.cat import CatSearch  # the native extension: only Cat Herding's replies

    g = inst.graph()
    play = _Play(g, position, mult, deleted)
    search = CatSearch(g, speed, Deadline(QUICK))

    def isolated() -> bool:
        return not any(play.m[e] for _, e in g.adj[play.pos])

    def targets() -> list[int]:
        if speed == 1:
            return sorted({w for w, e in g.adj[play.pos] if play.m[e]})
        return sorted(search.component(play.pos, play.m)[0] - {play.pos})

    if not isolated():
        if side == "nemesis":  # the person herds
            if not (isinstance(move, list) and len(move) == 2):
                raise InputError("an edge is [a, b]")
            e = g.edge_id(str(move[0]), str(move[1]))
            if e is None or not play.m[e]:
                raise InputError(f"{move[0]}-{move[1]} is not an edge left")
            play.delete(e, "you")
            w = search.best_move(play.pos, play.m)
            if w is not None:
                play.move(w, "the cat")
        else:  # the person is the cat
            if move is not None:
                w = _vertex(g, move)
                if w not in targets():
                    raise InputError(f"the cat cannot go from {g.names[play.pos]} to {move}")
                play.move(w, "you")
            if not isolated():
                e = search.best_deletion(play.pos, play.m)
                if e is not None:
                    play.delete(e, "the herder")
    over = isolated()
    return {"position": g.names[play.pos], "mult": list(play.m), "deleted": play.deleted, "log": play.log,
            "winner": ("nemesis" if over else None), "value": 0 if over else search.herder_turn(play.pos, play.m),
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
    fugitive's moves and the deletions, round by round."""
    first = state(inst)
    strategy = certificate.get("strategy", certificate) if isinstance(certificate, dict) and "winner" in certificate \
        else certificate
    line = line_of_play(strategy, inst.start, set(inst.exits))
    g = inst.graph()
    out = [first]
    mult = list(g.mult)
    deleted: list[list[str]] = []
    for i, v in enumerate(line.path[1:], start=1):
        for (a, b), r in zip(line.deletions, line.rounds):
            if r == i:
                e = g.edge_id(a, b)
                if e is not None and mult[e] > 0:
                    mult[e] -= 1
                deleted.append([a, b])
        last = i == len(line.path) - 1
        out.append({**first, "position": v, "mult": list(mult), "deleted": list(deleted),
                    "note": line.end if last else "", "step": i})
    if len(out) == 1 and line.end:
        out[0] = {**first, "note": line.end}
    return out


ACTIONS = {"reply": reply, "starts": starts, "cat_numbers": cat_numbers}
#: run in a worker: the exact search may take long
SLOW = {"reply", "starts", "cat_numbers"}
