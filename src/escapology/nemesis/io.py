"""Reading and writing Nemesis instances: ASP facts and any graph file networkx reads.

ASP facts: ``edge(U,V).`` or ``edge(U,V,K).`` (``K`` = multiplicity, how many deletions the edge
takes; a repeated ``edge(U,V)`` adds one), optional ``vertex(V).``, ``exit(V).``, ``start(V).``.
Vertex names are integers or lowercase constants.

>>> inst = parse_instance("edge(s,a). edge(a,x,2). exit(x). start(s).")
>>> inst.edges[("a", "x")], inst.start
(2, 's')
>>> print(format_instance(inst))
edge(a,s).
edge(a,x,2).
exit(x).
start(s).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterable

from escapology.core.errors import InputError, read_text_file
from escapology.core.facts import Fact, format_fact, parse_facts
from escapology.core.limits import Deadline
from escapology.nemesis.model import Instance

#: The most vertices a graph may have.
MAX_VERTICES = 100_000
#: The most distinct edges a graph may have.
MAX_EDGES = 1_000_000
#: The largest multiplicity of one edge (more copies than vertices behave alike anyway).
MAX_MULTIPLICITY = 10**9
#: The most facts an instance file may hold (intervals expanded).
MAX_FACTS = 2 * MAX_EDGES + MAX_VERTICES
_POLL = 1 << 16


def _check_sizes(n_vertices: int, n_edges: int, file: str | None, line: int | None = None) -> None:
    if n_vertices > MAX_VERTICES:
        raise InputError(f"the graph has more than {MAX_VERTICES} vertices (the limit)", file=file, line=line)
    if n_edges > MAX_EDGES:
        raise InputError(f"the graph has more than {MAX_EDGES} edges (the limit)", file=file, line=line)

_FOREIGN = {"roll", "die", "special", "target"}  # Enchanted Forest also uses edge/2
_KNOWN = {("edge", 2), ("edge", 3), ("vertex", 1), ("exit", 1), ("start", 1)}


def detect(text: str, *, deadline: Deadline | None = None) -> bool:
    """True iff ``text`` holds ASP facts of a Nemesis instance (edges plus exit/1 or start/1);
    ``deadline`` is polled while the facts are read.

    >>> detect("edge(1,2). exit(2). start(1).")
    True
    >>> detect("edge(1,2). roll(1,3). target(2). start(1).")
    False

    A GraphML graph whose nodes carry an ``exit`` or ``start`` attribute counts too.

    >>> detect('<graphml><key id="d1" for="node" attr.name="exit" attr.type="long"/></graphml>')
    True
    """
    head = text.lstrip()[:4000]
    if "<graphml" in head:
        return bool(re.search(r"""attr\.name=["'](exit|start)["']""", head))
    if not re.search(r"\bedge\s*\(", text) or not re.search(r"\b(exit|start)\s*\(", text):
        return False
    try:
        facts = parse_facts(text, deadline=deadline)
    except InputError:
        return False
    names = {f.name for f in facts}
    if names & _FOREIGN:
        return False
    keys = {(f.name, len(f.args)) for f in facts}
    if not keys <= _KNOWN:
        return False
    return bool(keys & {("edge", 2), ("edge", 3)}) and bool(keys & {("exit", 1), ("start", 1)})


def _name(f: Fact, i: int, file: str | None) -> str:
    a = f.args[i]
    if isinstance(a, int):
        return str(a)
    if not re.fullmatch(r"[a-z_][A-Za-z0-9_']*", a):
        raise InputError(f"vertex names are integers or lowercase constants, not {a!r}", file=file, line=f.line)
    return a


def parse_instance(text: str, *, file: str | None = None, deadline: Deadline | None = None) -> Instance:
    """Parse ASP facts into an :class:`Instance`, with a clear error (file and line) for mistakes.

    Sizes are checked against :data:`MAX_VERTICES`, :data:`MAX_EDGES`, :data:`MAX_MULTIPLICITY`
    and :data:`MAX_FACTS` while reading; ``deadline`` is polled
    (:class:`~escapology.core.limits.LimitReached`)."""
    facts = parse_facts(text, file=file, max_facts=MAX_FACTS, deadline=deadline,
                        why=f"a Nemesis graph has at most {MAX_VERTICES} vertices and {MAX_EDGES} edges")
    inst = Instance()
    seen: set[str] = set()
    declared: set[str] = set()

    def add(v: str) -> None:
        if v not in seen:
            seen.add(v)
            inst.vertices.append(v)

    for f in facts:
        if f.name == "vertex" and len(f.args) == 1:
            v = _name(f, 0, file)
            declared.add(v)
            add(v)
    for i, f in enumerate(facts):
        if i & (_POLL - 1) == 0:
            if deadline is not None:
                deadline.check()
            _check_sizes(len(inst.vertices), len(inst.edges), file, f.line)
        key = (f.name, len(f.args))
        if key not in _KNOWN:
            raise InputError(
                f"unknown fact {f.name}/{len(f.args)} (expected edge/2, edge/3, vertex/1, exit/1, start/1)",
                file=file,
                line=f.line,
            )
        if f.name != "edge":
            continue
        u, v = _name(f, 0, file), _name(f, 1, file)
        if u == v:
            raise InputError(f"self-loop edge({u},{v}) is not allowed", file=file, line=f.line)
        k = 1
        if len(f.args) == 3:
            if not isinstance(f.args[2], int) or f.args[2] < 1:
                raise InputError(f"multiplicity must be a positive integer, not {f.args[2]!r}", file=file, line=f.line)
            if f.args[2] > MAX_MULTIPLICITY:
                raise InputError(f"multiplicity {f.args[2]} is above the limit {MAX_MULTIPLICITY}", file=file,
                                 line=f.line)
            k = f.args[2]
        for w in (u, v):
            add(w)
        key2 = Instance.key(u, v)
        inst.edges[key2] = min(MAX_MULTIPLICITY, inst.edges.get(key2, 0) + k)
    _check_sizes(len(inst.vertices), len(inst.edges), file)
    for f in facts:
        if f.name == "exit":
            v = _name(f, 0, file)
            if v not in seen:
                raise InputError(f"exit({v}) names an unknown vertex", file=file, line=f.line)
            inst.exits.add(v)
    for f in facts:
        if f.name == "start":
            v = _name(f, 0, file)
            if v not in seen:
                raise InputError(f"start({v}) names an unknown vertex", file=file, line=f.line)
            if inst.start is not None and inst.start != v:
                raise InputError(f"a second start: start({v}) after start({inst.start})", file=file, line=f.line)
            if v in inst.exits:
                raise InputError(f"the start {v} is an exit; the fugitive starts on a non-exit vertex", file=file, line=f.line)
            inst.start = v
    return inst


def read_graph_file(
    path: str | Path, *, exits: Iterable[str] = (), start: str | None = None
) -> Instance:
    """Read GraphML (``.graphml``), GML (``.gml``) or an edge list (anything else) with networkx.

    Parallel edges of a multigraph add up; an edge attribute ``multiplicity`` (or ``k``) sets the
    multiplicity; node attributes ``exit`` / ``start`` (true/1) mark exits and the start, and the
    ``exits`` / ``start`` arguments add to them.
    """
    import networkx as nx

    p = Path(path)
    name = str(p)
    suffix = p.suffix.lower()
    try:
        if suffix == ".graphml":
            g = nx.read_graphml(p, force_multigraph=True)
        elif suffix == ".gml":
            g = nx.read_gml(p, label="label")
        else:
            g = nx.read_edgelist(p, nodetype=str, create_using=nx.MultiGraph, data=False)
    except FileNotFoundError:
        raise
    except Exception as exc:  # networkx raises many kinds of parse errors
        raise InputError(f"networkx cannot read this graph: {exc}", file=name) from None
    _check_sizes(g.number_of_nodes(), g.number_of_edges(), name)
    inst = Instance()
    for v in g.nodes:
        inst.vertices.append(str(v))
    data_iter = g.edges(data=True)
    for u, v, data in data_iter:
        su, sv = str(u), str(v)
        if su == sv:
            raise InputError(f"self-loop at {su} is not allowed", file=name)
        try:
            k = int(data.get("multiplicity", data.get("k", 1)))
        except (TypeError, ValueError):
            raise InputError(f"edge {su}-{sv}: the multiplicity must be an integer", file=name) from None
        if k < 1:
            raise InputError(f"edge {su}-{sv} has multiplicity {k} < 1", file=name)
        if k > MAX_MULTIPLICITY:
            raise InputError(f"edge {su}-{sv}: multiplicity {k} is above the limit {MAX_MULTIPLICITY}", file=name)
        key = Instance.key(su, sv)
        inst.edges[key] = inst.edges.get(key, 0) + k
    for v, data in g.nodes(data=True):
        if str(data.get("exit", "")).lower() in ("1", "true", "yes"):
            inst.exits.add(str(v))
        if str(data.get("start", "")).lower() in ("1", "true", "yes"):
            inst.start = str(v)
    known = set(inst.vertices)
    for x in exits:
        if x not in known:
            raise InputError(f"--exits names an unknown vertex {x}", file=name)
        inst.exits.add(x)
    if start is not None:
        if start not in known:
            raise InputError(f"--start names an unknown vertex {start}", file=name)
        inst.start = start
    if inst.start is not None and inst.start in inst.exits:
        raise InputError(f"the start {inst.start} is an exit; the fugitive starts on a non-exit vertex", file=name)
    return inst


def load_instance(
    path: str | Path, *, text: str | None = None, exits: Iterable[str] = (), start: str | None = None,
    deadline: Deadline | None = None,
) -> Instance:
    """Load ASP facts (``.lp`` or anything that parses as facts) or a networkx graph file;
    ``deadline`` is polled while reading facts."""
    p = str(path)
    exits = [x for x in exits if x]
    suffix = Path(p).suffix.lower()
    if suffix in (".graphml", ".gml") and p != "-":
        return read_graph_file(p, exits=exits, start=start)
    if text is None:
        text = read_text_file(p) if p != "-" else ""
    if suffix in (".edgelist", ".edges", ".txt") and p != "-" and not re.search(r"\bedge\s*\(", text):
        return read_graph_file(p, exits=exits, start=start)
    return parse_and_apply(text, p if p != "-" else "<stdin>", exits=exits, start=start, deadline=deadline)


def parse_and_apply(text: str, file: str, *, exits: Iterable[str] = (), start: str | None = None,
                    deadline: Deadline | None = None) -> Instance:
    """Parse ASP facts, then add ``exits`` and override the start (command-line options)."""
    p = file
    inst = parse_instance(text, file=file, deadline=deadline)
    for x in exits:
        if x not in inst.vertices:
            raise InputError(f"--exits names an unknown vertex {x}", file=p)
        inst.exits.add(x)
    if start is not None:
        if start not in inst.vertices:
            raise InputError(f"--start names an unknown vertex {start}", file=p)
        if start in inst.exits:
            raise InputError(f"the start {start} is an exit", file=p)
        inst.start = start
    if inst.start is not None and inst.start in inst.exits:
        raise InputError(f"the start {inst.start} is an exit", file=p)
    return inst


def format_instance(inst: Instance) -> str:
    """Write an instance as ASP facts (edges sorted, multiplicity written when above one)."""
    lines = []
    in_edges = set()
    for (u, v), k in sorted(inst.edges.items(), key=lambda kv: (_sort_key(kv[0][0]), _sort_key(kv[0][1]))):
        a, b = sorted((u, v), key=_sort_key)
        lines.append(format_fact("edge", _term(a), _term(b)) if k == 1 else format_fact("edge", _term(a), _term(b), k))
        in_edges.update((u, v))
    for v in inst.vertices:
        if v not in in_edges:
            lines.append(format_fact("vertex", _term(v)))
    for x in sorted(inst.exits, key=_sort_key):
        lines.append(format_fact("exit", _term(x)))
    if inst.start is not None:
        lines.append(format_fact("start", _term(inst.start)))
    return "\n".join(lines)


def _term(v: str) -> int | str:
    return int(v) if re.fullmatch(r"-?\d+", v) else v


def _sort_key(v: str) -> tuple[int, int, str]:
    return (0, int(v), "") if re.fullmatch(r"-?\d+", v) else (1, 0, v)
