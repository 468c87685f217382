"""A terminal game against the exact solver: you are the fugitive or the Nemesis.

The solver replies optimally: as the Nemesis it deletes a winning edge when one exists (otherwise
the edge that keeps the search longest, the first candidate), as the fugitive it moves to a winning
vertex when one exists. The game is the real one (revisits allowed); the solver judges each position
afresh with its own tables.
"""

from __future__ import annotations

from typing import Callable

from escapology.nemesis.engines.exact import new_search
from escapology.nemesis.model import Graph, Instance


def play(
    inst: Instance,
    game: str,
    side: str,
    *,
    ask: Callable[[str], str] = input,
    say: Callable[[str], None] = print,
) -> str:
    """Run one game; returns the winner ("fugitive" or "nemesis")."""
    g = inst.graph()
    sr = new_search(g, game)
    pos = g.start
    assert pos is not None
    mult = tuple(g.mult)
    blizzard = game == "blizzard"
    say(f"{game}: you are the {side}. Exits: {', '.join(sorted(inst.exits))}. Type a vertex (fugitive) or 'a b' (edge to delete).")
    if g.is_exit[pos]:
        say(f"the fugitive starts on the exit {g.names[pos]}: the fugitive wins")
        return "fugitive"
    while True:
        if not g.exit_reachable(pos, mult):
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
            best = None
            for x, e in g.adj[pos]:
                if mult[e] and (g.is_exit[x] or sr.n_turn(x, _remove(g, pos, mult))[0]):
                    best = x
                    break
            w = best if best is not None else next(x for x, e in g.adj[pos] if mult[e])
            say(f"the fugitive moves {g.names[pos]} -> {g.names[w]}")
        pos = w
        if g.is_exit[pos]:
            say(f"the fugitive reaches the exit {g.names[pos]}: the fugitive wins")
            return "fugitive"
        options = [e for _, e in g.adj[pos] if mult[e]] if blizzard else [e for e in range(g.m) if mult[e]]
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
            e = None
            for c in options:
                lst = list(mult)
                lst[c] -= 1
                if not sr.f_turn(pos, tuple(lst))[0]:
                    e = c
                    break
            if e is None:
                e = options[0]
            a, b = g.edge_name(e)
            say(f"the Nemesis deletes {a}-{b}")
        lst = list(mult)
        lst[e] -= 1
        mult = tuple(lst)


def _remove(g: Graph, pos: int, mult: tuple[int, ...]) -> tuple[int, ...]:
    lst = list(mult)
    for _, e in g.adj[pos]:
        lst[e] = 0
    return tuple(lst)
