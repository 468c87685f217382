"""Reading and writing Nemesis instances: ASP facts, GraphML and GML, edge lists and CSV.

ASP facts: ``edge(U,V).`` or ``edge(U,V,K).`` (``K`` = multiplicity, how many deletions the edge
takes; a repeated ``edge(U,V)`` adds one), optional ``vertex(V).``, ``exit(V).``, ``start(V).``.
Vertex names are integers or lowercase constants. Edge lists (``.edgelist``, ``.edges``, ``.txt``)
and CSV (``.csv``) carry the multiplicity in a third column (:func:`read_edge_list`,
:func:`read_csv_edges`); GraphML and GML in an edge attribute ``multiplicity``; directed graph
files are refused (:func:`read_graph_file`). A start on an exit is allowed: the fugitive has won.

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

import ast
import csv
import re
from pathlib import Path
from typing import Any, Iterable

from escapology.core.errors import InputError
from escapology.core.reading import read_text_file
from escapology.core.facts import Fact, format_fact, parse_facts
from escapology.core.limits import Deadline
from escapology.nemesis import sizes
from escapology.nemesis.model import Instance
from escapology.nemesis.native_instance import NativeInstance, read_text

_POLL = 1 << 16
#: A vertex name the ASP reader accepts besides an integer: a lowercase constant
VERTEX_NAME = re.compile(r"[a-z_][A-Za-z0-9_']*")


def _check_sizes(n_vertices: int, n_edges: int, file: str | None, line: int | None = None) -> None:
    if n_vertices > sizes.MAX_VERTICES:
        raise InputError(f"the graph has more than {sizes.MAX_VERTICES} vertices (the limit)", file=file, line=line)
    if n_edges > sizes.MAX_EDGES:
        raise InputError(f"the graph has more than {sizes.MAX_EDGES} edges (the limit)", file=file, line=line)

#: File name endings read as plain edge lists (unless the file holds edge/2 facts).
EDGE_LIST_SUFFIXES = (".edgelist", ".edges", ".txt")

_FOREIGN = {"roll", "die", "special", "target"}  # Enchanted Forest also uses edge/2
_KNOWN = {("edge", 2), ("edge", 3), ("vertex", 1), ("exit", 1), ("start", 1)}


def detect(text: str, *, deadline: Deadline | None = None) -> bool:
    """True iff ``text`` holds ASP facts of a Nemesis instance (edges or vertices, plus exit/1 or
    start/1: a random graph may have no edge);
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
    if not re.search(r"\b(edge|vertex)\s*\(", text) or not re.search(r"\b(exit|start)\s*\(", text):
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
    return bool(keys & {("edge", 2), ("edge", 3), ("vertex", 1)}) and bool(keys & {("exit", 1), ("start", 1)})


#: The header line of an instance that names how it is answered (the Cat Herding instance of
#: ``escapology reduce nemesis-cat`` and ``nemesis generate cat``): ``escapology solve FILE`` obeys it
ANSWER_WITH = "answer with: escapology nemesis solve FILE"
_ANSWER_OPTION = re.compile(r"--(game|cat-speed|exceeds)[ =](\S+)")


def answer_with(options: str) -> str:
    """The header comment (without its ``%``) saying that the instance is answered with
    ``options`` (``--game cat --cat-speed 1 --exceeds 32``), which :func:`instance_options` reads back."""
    return f"{ANSWER_WITH} {options}"


def instance_options(text: str) -> dict[str, Any]:
    """The ``solve`` options (``game``, ``cat_speed``, ``exceeds`` as an integer) the header
    comments of ``text`` name in an :func:`answer_with` line; ``{}`` when there is none.

    >>> instance_options("% answer with: escapology nemesis solve FILE --game cat --cat-speed 1 --exceeds 6\\n")
    {'game': 'cat', 'cat_speed': '1', 'exceeds': 6}
    >>> instance_options("% answer with: escapology nemesis solve FILE --game cat --cat-speed 1\\n")
    {'game': 'cat', 'cat_speed': '1'}
    >>> instance_options("edge(1,2). exit(2). start(1).")
    {}
    """
    for line in text.lstrip().splitlines():
        if not line.startswith("%"):
            break
        said = line.lstrip("% ")
        if said.startswith(ANSWER_WITH):
            found = {k.replace("-", "_"): v for k, v in _ANSWER_OPTION.findall(said[len(ANSWER_WITH):])}
            if "exceeds" in found:
                if not found["exceeds"].isdigit():
                    raise InputError(f"the header's --exceeds {found['exceeds']}: K is an integer >= 0")
                found["exceeds"] = int(found["exceeds"])
            return found
    return {}


def _name(f: Fact, i: int, file: str | None) -> str:
    a = f.args[i]
    if isinstance(a, int):
        return str(a)
    if not VERTEX_NAME.fullmatch(a):
        raise InputError(f"vertex names are integers or lowercase constants, not {a!r}", file=file, line=f.line)
    return a


def parse_instance(text: str, *, file: str | None = None, deadline: Deadline | None = None) -> Instance:
    """Parse ASP facts into an :class:`Instance`, with a clear error (file and line) for mistakes.

    Sizes are checked against the limits of :mod:`escapology.nemesis.sizes` (``MAX_VERTICES``,
    ``MAX_EDGES``, ``MAX_MULTIPLICITY``, ``MAX_FACTS``) while reading; ``deadline`` is polled
    (:class:`~escapology.core.limits.LimitReached`)."""
    facts = parse_facts(text, file=file, max_facts=sizes.MAX_FACTS, deadline=deadline,
                        why=f"a Nemesis graph has at most {sizes.MAX_VERTICES} vertices and {sizes.MAX_EDGES} edges")
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
            if f.args[2] > sizes.MAX_MULTIPLICITY:
                raise InputError(f"multiplicity {f.args[2]} is above the limit {sizes.MAX_MULTIPLICITY}", file=file,
                                 line=f.line)
            k = f.args[2]
        for w in (u, v):
            add(w)
        key2 = Instance.key(u, v)
        inst.edges[key2] = min(sizes.MAX_MULTIPLICITY, inst.edges.get(key2, 0) + k)
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
            inst.start = v  # a start on an exit is the trivial win of §2, not an error
    return inst


def read_graph_file(
    path: str | Path, *, exits: Iterable[str] = (), start: str | None = None
) -> Instance:
    """Read GraphML (``.graphml``) or GML (``.gml``) with networkx, or an edge list (``.csv``:
    :func:`read_csv_edges`; anything else: :func:`read_edge_list`).

    Parallel edges of a multigraph add up; an edge attribute ``multiplicity`` (or ``k``) sets the
    multiplicity; node attributes ``exit`` / ``start`` (true/1) mark exits and the start, and the
    ``exits`` / ``start`` arguments add to them. A directed graph is refused: Nemesis edges are
    undirected, and arcs both ways would silently become two copies of one edge.
    """
    p = Path(path)
    name = str(p)
    suffix = p.suffix.lower()
    if suffix not in (".graphml", ".gml"):
        text = read_text_file(p)
        reader = read_csv_edges if suffix == ".csv" else read_edge_list
        return _apply_options(reader(text, file=name), name, exits, start)
    import networkx as nx  # networkx: only GraphML and GML files need it

    try:
        if suffix == ".graphml":
            g = nx.read_graphml(p, force_multigraph=True)
        else:
            g = nx.read_gml(p, label="label")
    except FileNotFoundError:
        raise InputError("no such file", file=name) from None
    except Exception as exc:  # networkx raises many kinds of parse errors
        raise InputError(f"networkx cannot read this graph: {exc}", file=name) from None
    return _networkx_instance(g, name, exits, start)


def is_graphml(name: str, text: str) -> bool:
    """Whether ``text`` (read from ``name``) is GraphML: its name ends in ``.graphml``, or it opens
    with a ``<graphml`` element (standard input)."""
    return Path(name).suffix.lower() == ".graphml" or "<graphml" in text.lstrip()[:4000]


def read_graph_text(text: str, name: str, *, exits: Iterable[str] = (), start: str | None = None) -> Instance:
    """:func:`read_graph_file` for text already read: GraphML (:func:`is_graphml`), else GML."""
    import networkx as nx  # networkx: only GraphML and GML files need it

    try:
        if is_graphml(name, text):
            g = nx.parse_graphml(text, force_multigraph=True)
        else:
            g = nx.parse_gml(text, label="label")
    except Exception as exc:  # networkx raises many kinds of parse errors
        raise InputError(f"networkx cannot read this graph: {exc}", file=name) from None
    return _networkx_instance(g, name, exits, start)


def _networkx_instance(g: Any, name: str, exits: Iterable[str], start: str | None) -> Instance:
    if g.is_directed():
        raise InputError("the graph is directed (edgedefault=\"directed\" or \"directed 1\"); Nemesis edges are "
                         "undirected: declare the graph undirected (an arc each way would be two copies of "
                         "one edge; give a multiplicity instead)", file=name)
    _check_sizes(g.number_of_nodes(), g.number_of_edges(), name)
    inst = Instance()
    for v in g.nodes:
        inst.vertices.append(str(v))
    for u, v, data in g.edges(data=True):
        su, sv = str(u), str(v)
        if su == sv:
            raise InputError(f"self-loop at {su} is not allowed", file=name)
        k = _multiplicity(data.get("multiplicity", data.get("k", 1)), f"edge {su}-{sv}", name, None)
        key = Instance.key(su, sv)
        inst.edges[key] = min(sizes.MAX_MULTIPLICITY, inst.edges.get(key, 0) + k)
    for v, data in g.nodes(data=True):
        if str(data.get("exit", "")).lower() in ("1", "true", "yes"):
            inst.exits.add(str(v))
        if str(data.get("start", "")).lower() in ("1", "true", "yes"):
            inst.start = str(v)
    return _apply_options(inst, name, exits, start)


def _multiplicity(value: object, what: str, file: str | None, line: int | None) -> int:
    try:
        k = int(str(value).strip())
    except (TypeError, ValueError):
        raise InputError(f"{what}: the multiplicity is a positive integer, not {value!r}", file=file,
                         line=line) from None
    if k < 1:
        raise InputError(f"{what}: multiplicity {k} < 1", file=file, line=line)
    if k > sizes.MAX_MULTIPLICITY:
        raise InputError(f"{what}: multiplicity {k} is above the limit {sizes.MAX_MULTIPLICITY}", file=file, line=line)
    return k


def _add_edge(inst: Instance, seen: set[str], u: str, v: str, k: int, file: str | None, line: int) -> None:
    if u == v:
        raise InputError(f"self-loop at {u} is not allowed", file=file, line=line)
    for w in (u, v):
        if w not in seen:
            seen.add(w)
            inst.vertices.append(w)
    key = Instance.key(u, v)
    inst.edges[key] = min(sizes.MAX_MULTIPLICITY, inst.edges.get(key, 0) + k)
    if len(inst.vertices) > sizes.MAX_VERTICES or len(inst.edges) > sizes.MAX_EDGES:
        _check_sizes(len(inst.vertices), len(inst.edges), file, line)


def read_edge_list(text: str, *, file: str | None = None) -> Instance:
    r"""An edge list: one edge ``u v`` per line, a third column ``k`` or an attribute dictionary
    ``{'multiplicity': k}`` (what networkx's ``write_edgelist`` writes) giving the multiplicity
    (other attributes are ignored); ``#`` starts a comment; repeated edges add up.

    >>> sorted(read_edge_list("s a\na x 2\na y {'multiplicity': 3, 'weight': 0.5}\n").edges.items())
    [(('a', 's'), 1), (('a', 'x'), 2), (('a', 'y'), 3)]
    """
    inst = Instance()
    seen: set[str] = set()
    for ln, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split(None, 2)
        if len(parts) < 2:
            raise InputError(f"an edge is 'u v' or 'u v k', not {line!r}", file=file, line=ln)
        k = 1
        if len(parts) == 3:
            rest = parts[2].strip()
            if rest.startswith("{"):
                try:
                    attrs = ast.literal_eval(rest)
                except (ValueError, SyntaxError):
                    raise InputError(f"not an attribute dictionary: {rest!r}", file=file, line=ln) from None
                if not isinstance(attrs, dict):
                    raise InputError(f"not an attribute dictionary: {rest!r}", file=file, line=ln)
                k = _multiplicity(attrs.get("multiplicity", attrs.get("k", 1)), f"edge {parts[0]}-{parts[1]}",
                                  file, ln)
            elif len(rest.split()) == 1:
                k = _multiplicity(rest, f"edge {parts[0]}-{parts[1]}: the third column", file, ln)
            else:
                raise InputError(f"an edge is 'u v' or 'u v k', not {line!r}", file=file, line=ln)
        _add_edge(inst, seen, parts[0], parts[1], k, file, ln)
    return inst


_CSV_ENDS = {"source", "target", "u", "v", "from", "to", "node1", "node2"}


def read_csv_edges(text: str, *, file: str | None = None) -> Instance:
    r"""A CSV edge list: ``u,v`` or ``u,v,k`` per row (``k`` the multiplicity). A first row naming
    its columns is a header: then the endpoints are the columns ``source``/``target`` (or ``u``/``v``,
    ``from``/``to``, else the first two) and the multiplicity is the column ``multiplicity`` (or
    ``k``); other columns are ignored.

    >>> sorted(read_csv_edges("source,target,weight,multiplicity\ns,a,0.5,1\na,x,1.0,2\n").edges.items())
    [(('a', 's'), 1), (('a', 'x'), 2)]
    """
    rows = list(csv.reader(text.splitlines()))
    inst = Instance()
    seen: set[str] = set()
    cols = (0, 1, 2)
    first = 1
    if rows and any(c.strip().lower() in _CSV_ENDS | {"multiplicity", "k"} for c in rows[0]):
        head = [c.strip().lower() for c in rows[0]]

        def col(*names: str) -> int | None:
            return next((head.index(n) for n in names if n in head), None)

        a = col("source", "u", "from", "node1")
        b = col("target", "v", "to", "node2")
        k = col("multiplicity", "k")
        cols = (0 if a is None else a, 1 if b is None else b, -1 if k is None else k)
        first = 2
    for ln, row in enumerate(rows[first - 1:], first):
        if not row or all(not c.strip() for c in row) or row[0].lstrip().startswith("#"):
            continue
        if len(row) <= max(cols[0], cols[1]):
            raise InputError(f"a row is u,v or u,v,k, not {','.join(row)!r}", file=file, line=ln)
        u, v = row[cols[0]].strip(), row[cols[1]].strip()
        if not u or not v:
            raise InputError("an empty vertex name", file=file, line=ln)
        if first == 1 and len(row) > 3:
            raise InputError(f"a row is u,v or u,v,k (name the columns in a header row to add others), "
                             f"not {','.join(row)!r}", file=file, line=ln)
        k = 1
        if cols[2] >= 0 and len(row) > cols[2] and row[cols[2]].strip():
            k = _multiplicity(row[cols[2]], f"edge {u}-{v}", file, ln)
        _add_edge(inst, seen, u, v, k, file, ln)
    return inst


def _apply_options(inst: Instance, name: str, exits: Iterable[str], start: str | None) -> Instance:
    known = set(inst.vertices)
    for x in exits:
        if x not in known:
            raise InputError(f"--exits names an unknown vertex {x}", file=name)
        inst.exits.add(x)
    if start is not None:
        if start not in known:
            raise InputError(f"--start names an unknown vertex {start}", file=name)
        inst.start = start
    return inst


def is_edge_list(path: str, text: str) -> bool:
    """Whether the file is read as an edge list: its name ends in one of
    :data:`EDGE_LIST_SUFFIXES` and it holds no ``edge(`` fact."""
    return (Path(path).suffix.lower() in EDGE_LIST_SUFFIXES and path != "-"
            and not re.search(r"\bedge\s*\(", text))


def load_native(path: str | Path, text: str, *, exits: Iterable[str] = (), start: str | None = None) -> Any:
    """The native graph (:mod:`escapology.nemesis.native_instance`) of ASP facts or an edge list in
    the plain form, with the command-line ``exits`` and ``start``; None for the other formats and
    for files the native reader declines (read them with :func:`load_instance`)."""
    p = str(path)
    if p != "-" and Path(p).suffix.lower() in (".graphml", ".gml", ".csv"):
        return None
    return read_text(text, file=p, edge_list=is_edge_list(p, text), exits=[x for x in exits if x], start=start)


def read_instance(text: str, name: str, *, exits: Iterable[str] = (), start: str | None = None,
                  deadline: Deadline | None = None) -> Instance:
    """The instance in ``text`` read from the file ``name`` (``<stdin>`` for standard input), in
    the format its name and content say: GraphML or GML (networkx), CSV, and else ASP facts or an
    edge list. Facts and edge lists in the plain form are read natively (:func:`load_native`, in
    about a second per million facts; the deadline is looked at before and after): the instance is
    then a :class:`~escapology.nemesis.native_instance.NativeInstance`, which the linear methods
    solve without a Python object per vertex. The others are read by the readers of this module,
    ``deadline`` polled while reading facts. ``exits`` are added and ``start`` overrides the start;
    ``source`` of the instance is ``name``."""
    exits = [x for x in exits if x]
    suffix = Path(name).suffix.lower()
    if suffix in (".graphml", ".gml") or is_graphml(name, text):
        inst = read_graph_text(text, name, exits=exits, start=start)
    elif suffix == ".csv":
        inst = _apply_options(read_csv_edges(text, file=name), name, exits, start)
    else:
        if deadline is not None:
            deadline.check()  # the native reader does not poll: look before and after it
        ng = load_native(name, text, exits=exits, start=start)
        if ng is not None:
            if deadline is not None:
                deadline.check()
            return NativeInstance(ng, name)
        if is_edge_list(name, text):
            inst = _apply_options(read_edge_list(text, file=name), name, exits, start)
        else:
            inst = parse_and_apply(text, name, exits=exits, start=start, deadline=deadline)
    inst.source = name
    return inst


def load_instance(
    path: str | Path, *, text: str | None = None, exits: Iterable[str] = (), start: str | None = None,
    deadline: Deadline | None = None,
) -> Instance:
    """Load ASP facts (``.lp`` or anything that parses as facts) or a networkx graph file
    (:func:`read_instance`; a plain :class:`Instance`); ``deadline`` is polled while reading facts."""
    p = str(path)
    exits = [x for x in exits if x]
    if Path(p).suffix.lower() in (".graphml", ".gml") and p != "-":
        return read_graph_file(p, exits=exits, start=start)
    if text is None:
        text = read_text_file(p) if p != "-" else ""
    inst = read_instance(text, p if p != "-" else "<stdin>", exits=exits, start=start, deadline=deadline)
    python = getattr(inst, "python", None)
    return python() if python is not None else inst


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
        inst.start = start
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
