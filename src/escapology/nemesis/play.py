"""Nemesis, Blizzard and Cat Herding played round by round: the end of a game, the moves each side
may make, and the solver's replies; and a terminal game against the solver (:func:`play`).

A round of Nemesis is the fugitive's move to a neighbour, then the Nemesis' deletion of one edge
(Blizzard: an edge at the fugitive's vertex); the fugitive wins on an exit, the Nemesis once no exit
is reachable (:func:`winner`). The game is the real one (revisits allowed). A round of Cat Herding
is the herder's deletion, then the cat's move; it ends when the cat's vertex has no edge left.

The replies are the one place the solver's choices are made (the terminal game and the web page
both call them); they read the exact search's tables (``search``: Nemesis and Blizzard
:func:`escapology.nemesis.engines.exact.new_search`, Cat Herding
:func:`escapology.nemesis.engines.cat.new_cat_search`), judging each position afresh:

- :func:`nemesis_deletion`: a deletion after which the fugitive loses, when there is one (else the
  first edge it may delete);
- :func:`fugitive_move`: a move to an exit or to a vertex from which he wins, when there is one
  (else the first neighbour);
- :func:`herder_deletion` and :func:`cat_move`: the minimax's optimal deletion and move.

Positions are the indexed graph's (:class:`escapology.nemesis.model.Graph`): the fugitive's vertex
``pos`` and ``mult``, the copies of each edge still there.

>>> from escapology.nemesis.engines.exact import new_search
>>> from escapology.nemesis.model import Instance
>>> g = Instance.from_edges([("s", "a"), ("a", "x"), ("a", "y")], exits={"x", "y"}, start="s").graph()
>>> search = new_search(g, "nemesis")
>>> g.names[fugitive_move(g, search, g.start, g.mult)]
'a'
>>> e = nemesis_deletion(g, search, "nemesis", g.index["a"], g.mult)
>>> g.edge_name(e), winner(g, g.index["a"], after_deletion(g.mult, e))  # he wins whatever it deletes
(['a', 's'], None)
"""

from __future__ import annotations

from typing import Any, Callable

from escapology.nemesis.model import Graph, Instance

__all__ = ["after_deletion", "cat_move", "cat_targets", "deletable", "fugitive_move", "herder_deletion",
           "nemesis_deletion", "play", "winner"]

Mult = tuple[int, ...]


def winner(g: Graph, pos: int, mult: Mult) -> str | None:
    """Who has won with the fugitive on ``pos``: ``fugitive`` on an exit, ``nemesis`` when no
    exit is reachable any more, ``None`` while the game goes on."""
    if g.is_exit[pos]:
        return "fugitive"
    if not g.exit_reachable(pos, mult):
        return "nemesis"
    return None


def deletable(g: Graph, game: str, pos: int, mult: Mult) -> list[int]:
    """The edges the Nemesis may delete with the fugitive on ``pos``: any edge left (Nemesis),
    an edge left at ``pos`` (Blizzard)."""
    if game == "blizzard":
        return [e for _, e in g.adj[pos] if mult[e]]
    return [e for e in range(g.m) if mult[e]]


def after_deletion(mult: Mult, e: int) -> Mult:
    """The copies of each edge after one copy of edge ``e`` is deleted.

    >>> after_deletion((1, 2), 1)
    (1, 1)
    """
    lst = list(mult)
    lst[e] -= 1
    return tuple(lst)


def _without_vertex_edges(g: Graph, pos: int, mult: Mult) -> Mult:
    lst = list(mult)
    for _, e in g.adj[pos]:
        lst[e] = 0
    return tuple(lst)


def nemesis_deletion(g: Graph, search: Any, game: str, pos: int, mult: Mult) -> int | None:
    """The Nemesis' reply with the fugitive on ``pos``: the first edge (of :func:`deletable`)
    after whose deletion the fugitive loses, else the first edge it may delete; ``None`` when
    there is none."""
    options = deletable(g, game, pos, mult)
    for e in options:
        if not search.f_turn(pos, after_deletion(mult, e))[0]:
            return e
    return options[0] if options else None


def fugitive_move(g: Graph, search: Any, pos: int, mult: Mult) -> int | None:
    """The fugitive's reply from ``pos``: the first neighbour over an edge left that is an exit
    or from which he wins, else the first neighbour; ``None`` when he has none."""
    moves = [(w, e) for w, e in g.adj[pos] if mult[e]]
    for w, _ in moves:
        if g.is_exit[w] or search.n_turn(w, _without_vertex_edges(g, pos, mult))[0]:
            return w
    return moves[0][0] if moves else None


def cat_targets(g: Graph, search: Any, pos: int, mult: Mult) -> list[int]:
    """Where the cat on ``pos`` may go: a neighbour over an edge left at speed 1, else any other
    vertex of its component (``search`` knows the speed)."""
    if search.speed == 1:
        return sorted({w for w, e in g.adj[pos] if mult[e]})
    return sorted(search.component(pos, mult)[0] - {pos})


def herder_deletion(search: Any, pos: int, mult: Mult) -> int | None:
    """The herder's reply with the cat on ``pos``: an optimal deletion of the minimax (``None``
    when the cat is isolated)."""
    e: int | None = search.best_deletion(pos, mult)
    return e


def cat_move(search: Any, pos: int, mult: Mult) -> int | None:
    """The cat's reply after a deletion: an optimal move of the minimax (``None`` when it is
    isolated)."""
    w: int | None = search.best_move(pos, mult)
    return w


def play(
    inst: Instance,
    game: str,
    side: str,
    *,
    ask: Callable[[str], str] = input,
    say: Callable[[str], None] = print,
) -> str:
    """Run one game of Nemesis or Blizzard in the terminal, the person on ``side`` (``fugitive``
    or ``nemesis``), the solver replying (:func:`fugitive_move`, :func:`nemesis_deletion`);
    returns the winner (``fugitive`` or ``nemesis``)."""
    from escapology.nemesis.engines.exact import new_search  # the native extension: only a game needs it

    g = inst.graph()
    sr = new_search(g, game)
    pos = g.start
    assert pos is not None
    mult = tuple(g.mult)
    say(f"{game}: you are the {side}. Exits: {', '.join(sorted(inst.exits))}. Type a vertex (fugitive) or 'a b' (edge to delete).")
    if g.is_exit[pos]:
        say(f"the fugitive starts on the exit {g.names[pos]}: the fugitive wins")
        return "fugitive"
    while True:
        if winner(g, pos, mult) == "nemesis":
            say(f"the fugitive at {g.names[pos]} has no exit left in his component: the Nemesis wins")
            return "nemesis"
        moves = sorted({g.names[w] for w, e in g.adj[pos] if mult[e]})
        if side == "fugitive":
            while True:
                ans = ask(f"you are at {g.names[pos]}; move to ({' '.join(moves)}): ").strip()
                if ans in moves:
                    break
                say("not a neighbour")
            w = g.index[ans]
        else:
            found = fugitive_move(g, sr, pos, mult)
            assert found is not None  # an exit is reachable: there is an edge left at pos
            w = found
            say(f"the fugitive moves {g.names[pos]} -> {g.names[w]}")
        pos = w
        if g.is_exit[pos]:
            say(f"the fugitive reaches the exit {g.names[pos]}: the fugitive wins")
            return "fugitive"
        options = deletable(g, game, pos, mult)
        if not options:
            continue
        if side == "nemesis":
            while True:
                ans = ask(f"the fugitive is at {g.names[pos]}; delete an edge 'a b': ").split()
                e = g.edge_id(*ans) if len(ans) == 2 else None
                if e is not None and e in options:
                    break
                say("not an edge you may delete")
        else:
            chosen = nemesis_deletion(g, sr, game, pos, mult)
            assert chosen is not None  # options is not empty
            e = chosen
            a, b = g.edge_name(e)
            say(f"the Nemesis deletes {a}-{b}")
        mult = after_deletion(mult, e)
