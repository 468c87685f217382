"""Generalized Roma on graphs (Goergen et al., Section 5).

A directed graph whose edges carry colours (on the grid: the four directions), Roma vertices
(goals), boxes of vertices in which no colour may be chosen twice, and hint edges that must be
chosen. A solution picks one out-edge for every non-Roma vertex such that following the picked
edges from any vertex ends in a Roma vertex. It is solved by the same engine as the grid
(:class:`escapology.roma.sat_core.ArrowSat`: exactly one out-arc, at most one arc of each colour per
box, lazily added loop cuts).

Files: ASP facts ``arc(U,V,Colour).`` (an edge U -> V), ``roma(V).``, ``box(V,B).`` and
``hint(U,V).``; vertices are integers or constants (:func:`read_graph_facts`).

>>> import networkx as nx
>>> g = nx.DiGraph()
>>> g.add_edge("a", "rome", colour="red"); g.add_edge("b", "a", colour="red")
>>> g.add_edge("b", "rome", colour="blue"); g.add_edge("a", "b", colour="blue")
>>> inst = GraphRoma(g, roma={"rome"}, boxes={"a": 0, "b": 0})
>>> sorted(solve_graph(inst).items())
[('a', 'rome'), ('b', 'rome')]
>>> count_graph(inst)
1
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Hashable, Iterator

if TYPE_CHECKING:
    import networkx as nx  # imported where a graph is built (start-up stays light)

from escapology.core.errors import InputError
from escapology.core.facts import parse_facts
from escapology.roma.model import Puzzle

Vertex = Hashable


@dataclass
class GraphRoma:
    """``graph``: edges with a ``colour`` attribute; ``roma``: the goal vertices; ``boxes``:
    vertex -> box (vertices without a box are unconstrained); ``hints``: vertex -> forced successor."""

    graph: nx.DiGraph
    roma: set[Vertex]
    boxes: dict[Vertex, Hashable] = field(default_factory=dict)
    hints: dict[Vertex, Vertex] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for v, w in self.hints.items():
            if not self.graph.has_edge(v, w):
                raise InputError(f"the hint {v!r} -> {w!r} is not an edge of the graph")
        missing = [v for v in self.roma if v not in self.graph]
        if missing:
            raise InputError(f"the Roma vertex {missing[0]!r} is not in the graph")
        on_roma = [v for v in self.hints if v in self.roma]
        if on_roma:  # a Roma vertex chooses no arc: a hint there is a mistake, not a no-op
            raise InputError(f"the hint {on_roma[0]!r} -> {self.hints[on_roma[0]]!r} leaves a Roma vertex, "
                             "which has out-degree zero")


def from_puzzle(puzzle: Puzzle) -> GraphRoma:
    """The grid puzzle as a generalized instance: cells, edges to neighbours coloured by direction."""
    import networkx as nx  # networkx (~200 ms): this module is on `roma --help`'s path (roma.api, roma.cli)

    g = nx.DiGraph()
    for cell in puzzle.cells():
        g.add_node(cell)
        for d in "^v<>":
            nb = puzzle.neighbour(cell, d)
            if nb is not None:
                g.add_edge(cell, nb, colour=d)
    hints = {}
    for cell in puzzle.cells():
        ch = puzzle.given(cell)
        if ch in "^v<>":
            nb = puzzle.neighbour(cell, ch)
            if nb is None:  # a given arrow off the board: the cell has no way out at all
                g.remove_edges_from(list(g.out_edges(cell)))
            else:
                hints[cell] = nb
    return GraphRoma(g, set(puzzle.goals), {c: puzzle.box(c) for c in puzzle.cells()}, hints)  # type: ignore[arg-type]


def read_graph_facts(text: str, *, file: str | None = None) -> GraphRoma:
    """Read a generalized instance from ASP facts (see the module docstring).

    >>> inst = read_graph_facts("arc(a,r,red). arc(b,a,red). arc(b,r,blue). roma(r). box(a,1). box(b,1).")
    >>> sorted(solve_graph(inst).items())
    [('a', 'r'), ('b', 'r')]
    """
    import networkx as nx  # (networkx, as above)

    g = nx.DiGraph()
    roma: set[Vertex] = set()
    boxes: dict[Vertex, Hashable] = {}
    hints: dict[Vertex, Vertex] = {}
    hint_lines: dict[Vertex, int] = {}
    for f in parse_facts(text, file=file):
        if f.name == "arc" and len(f.args) in (2, 3):
            g.add_edge(f.args[0], f.args[1], colour=f.args[2] if len(f.args) == 3 else None)
        elif f.name == "vertex" and len(f.args) == 1:
            g.add_node(f.args[0])
        elif f.name == "roma" and len(f.args) == 1:
            roma.add(f.args[0])
            g.add_node(f.args[0])
        elif f.name == "box" and len(f.args) == 2:
            boxes[f.args[0]] = f.args[1]
        elif f.name == "hint" and len(f.args) == 2:
            if f.args[0] in hints:
                raise InputError(f"two hints for the vertex {f.args[0]}", file=file, line=f.line)
            hints[f.args[0]] = f.args[1]
            hint_lines[f.args[0]] = f.line
        else:
            raise InputError(f"unknown fact {f.name}/{len(f.args)} (use arc/3, roma/1, box/2, hint/2, vertex/1)", file=file, line=f.line)
    if not roma:
        raise InputError("no roma(V) fact: the graph needs a Roma vertex", file=file, line=1)
    for v, w in hints.items():
        if not g.has_edge(v, w):
            raise InputError(f"the hint {v} -> {w} is not an arc", file=file, line=hint_lines[v])
        if v in roma:
            raise InputError(f"the hint {v} -> {w} leaves the Roma vertex {v}, which has out-degree zero "
                             "(Section 5: hints are arcs the solution keeps)", file=file, line=hint_lines[v])
    return GraphRoma(g, roma, boxes, hints)


def is_graph_solution(inst: GraphRoma, succ: dict[Vertex, Vertex]) -> list[str]:
    """Independent check of a graph solution: the rule each vertex or box breaks (empty if none)."""
    out = []
    for v in inst.graph.nodes:
        if v in inst.roma:
            continue
        if v not in succ or not inst.graph.has_edge(v, succ[v]):
            out.append(f"vertex {v} has no chosen arc")
        elif v in inst.hints and succ[v] != inst.hints[v]:
            out.append(f"vertex {v} ignores its hint")
    if out:
        return out
    seen: dict[tuple[Hashable, object], Vertex] = {}
    for v, w in succ.items():
        colour = inst.graph.edges[v, w].get("colour")
        if v in inst.boxes and colour is not None:
            key = (inst.boxes[v], colour)
            if key in seen:
                out.append(f"box {inst.boxes[v]} uses colour {colour} twice ({seen[key]} and {v})")
            seen[key] = v
    for v in succ:
        cur, steps = v, 0
        while cur not in inst.roma and steps <= len(succ):
            cur, steps = succ[cur], steps + 1
        if cur not in inst.roma:
            out.append(f"the path from {v} never reaches a Roma vertex")
    return out


def _solutions(inst: GraphRoma) -> Iterator[dict[Vertex, Vertex]]:
    g = inst.graph
    arcs = {v: [(w, g.edges[v, w].get("colour")) for w in g.successors(v)] for v in g.nodes}
    from escapology.roma.sat_core import ArrowSat  # python-sat and numpy: loaded when a graph is solved

    with ArrowSat(arcs, inst.roma, inst.boxes) as engine:
        assumptions = [engine.arc_var[(v, w)] for v, w in inst.hints.items() if v not in inst.roma]
        while True:
            succ = engine.find_successors(assumptions)
            if succ is None:
                return
            yield succ
            free = [engine.arc_var[(v, w)] for v, w in succ.items() if v not in inst.hints]
            if not free:
                return
            engine.solver.add_clause([-x for x in free])


def solve_graph(inst: GraphRoma) -> dict[Vertex, Vertex] | None:
    """A successor for every non-Roma vertex such that all paths lead to Rome, or ``None``."""
    return next(_solutions(inst), None)


def count_graph(inst: GraphRoma, cap: int | None = None) -> int:
    """The number of solutions (at most ``cap``)."""
    n = 0
    for _ in _solutions(inst):
        n += 1
        if cap is not None and n >= cap:
            break
    return n
