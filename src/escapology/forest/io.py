"""Reading and writing forest instances: ASP facts, the real board's XML map, networkx graph files.

ASP facts (``.lp``)::

    edge(U,V).      % an undirected edge between fields U and V (fields are integers or names)
    special(V).     % V is in V' (a double may jump here)
    die(D).         % the die shows 1..D (default 6)
    roll(I,X,Y).    % the I-th turn (1, 2, ...) rolls X and Y
    start(S). target(T).
    pos(V,X,Y).     % optional: where to draw field V

The Enchanted Forest board map (``<map><index value=..><color>..<branch>..``, as in
``../shared/enchanted_forest/map_graph.xml``) is read with defaults start = the blue village,
target = the red castle, ``V'`` = the orange tree fields and the castle, die 6. GraphML, GML and
edge-list files are read with networkx (nodes with a true ``special`` attribute are special).
Options given on the command line (start, target, rolls, die, special fields) override the file.

>>> inst = parse_instance("edge(1,2). edge(2,3). edge(3,1). special(3). die(6). roll(1,2,5). start(1). target(3).")
>>> inst.board.n, inst.rolls, inst.label(inst.target)
(3, ((2, 5),), 3)
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import deque
from pathlib import Path
from typing import Any, Iterable, Sequence

from escapology.core.errors import InputError
from escapology.core.reading import read_text_file
from escapology.core.facts import Term, format_fact, parse_facts
from escapology.core.limits import Deadline
from escapology.forest.model import Board, Instance, Label, Roll

#: The most edges a board may have (the fast engine's arrays grow with the arcs, two per edge).
MAX_EDGES = 1_000_000
#: The most fields a board may have.
MAX_FIELDS = 1_000_000
#: The most known rolls.
MAX_ROLLS = 1_000_000
#: The most faces a die may have (walks are followed until they repeat, so long ones are cheap).
MAX_DIE = 1_000_000_000
#: The most facts an instance file may hold (intervals expanded).
MAX_FACTS = 2 * MAX_EDGES + MAX_ROLLS
_POLL = 1 << 16

KNOWN = {
    ("edge", 2),
    ("special", 1),
    ("die", 1),
    ("roll", 3),
    ("start", 1),
    ("target", 1),
    ("pos", 3),
    ("field", 1),
}


def _check_connected(board: Board, file: str | None) -> None:
    if board.n == 0:
        raise InputError("the board has no fields (no edge/2 facts)", file=file)
    seen = [False] * board.n
    seen[0] = True
    queue = deque([0])
    while queue:
        u = queue.popleft()
        for v in board.adj[u]:
            if not seen[v]:
                seen[v] = True
                queue.append(v)
    if not all(seen):
        cut = seen.index(False)
        raise InputError(
            f"the graph is not connected: field {board.labels[cut]} cannot be reached from {board.labels[0]}",
            file=file,
        )


def _check_sizes(n_fields: int, n_edges: int, file: str | None, line: int | None = None) -> None:
    if n_edges > MAX_EDGES:
        raise InputError(f"the board has more than {MAX_EDGES} edges (the limit)", file=file, line=line)
    if n_fields > MAX_FIELDS:
        raise InputError(f"the board has more than {MAX_FIELDS} fields (the limit)", file=file, line=line)


def _check_die(d: Any, file: str | None, line: int | None, what: str) -> int:
    if not isinstance(d, int) or isinstance(d, bool) or d < 1:
        raise InputError(f"{what}: the die needs a positive number of faces", file=file, line=line)
    if d > MAX_DIE:
        raise InputError(f"{what}: a die has at most {MAX_DIE} faces (the limit)", file=file, line=line)
    return d


def parse_instance(text: str, *, file: str | None = None, deadline: Deadline | None = None) -> Instance:
    """Parse ASP facts into an :class:`Instance` (rolls may be absent), validating everything.

    Sizes are checked against :data:`MAX_EDGES`, :data:`MAX_FIELDS`, :data:`MAX_ROLLS`,
    :data:`MAX_DIE` and :data:`MAX_FACTS` while reading; ``deadline`` is polled
    (:class:`~escapology.core.limits.LimitReached`)."""
    facts = parse_facts(text, file=file, max_facts=MAX_FACTS, deadline=deadline,
                        why=f"a forest board has at most {MAX_EDGES} edges and {MAX_ROLLS} rolls")
    edges: list[tuple[Term, Term]] = []
    # the facts of one argument, each as (argument, line), by name
    single: dict[str, list[tuple[Any, int]]] = {name: [] for name in ("field", "special", "die", "start", "target")}
    fields, special, dies, starts, targets = single.values()
    rolls: dict[int, tuple[int, int, int]] = {}
    pos: dict[Term, tuple[float, float]] = {}
    for k, f in enumerate(facts):
        if deadline is not None and k & (_POLL - 1) == 0:
            deadline.check()
        key = (f.name, len(f.args))
        if key not in KNOWN:
            known = ", ".join(f"{n}/{a}" for n, a in sorted(KNOWN))
            raise InputError(f"unknown fact {f.name}/{len(f.args)} (expected {known})", file=file, line=f.line)
        if f.name == "edge":
            u, v = f.args
            if u == v:
                raise InputError(f"edge({u},{v}) is a loop; the board must be a simple graph", file=file, line=f.line)
            edges.append((u, v))
            fields.append((u, f.line))
            fields.append((v, f.line))
            if len(edges) > MAX_EDGES:
                _check_sizes(0, len(edges), file, f.line)
        elif f.name in single:
            single[f.name].append((f.args[0], f.line))
        elif f.name == "roll":
            i, x, y = f.args
            if not all(isinstance(a, int) for a in f.args):
                raise InputError("roll(I,X,Y) needs three integers", file=file, line=f.line)
            if i in rolls:
                raise InputError(f"roll {i} is given twice (also on line {rolls[i][2]})", file=file, line=f.line)
            if len(rolls) >= MAX_ROLLS:
                raise InputError(f"more than {MAX_ROLLS} rolls (the limit)", file=file, line=f.line)
            rolls[i] = (int(x), int(y), f.line)
        elif f.name == "pos":
            v, x, y = f.args
            if not (isinstance(x, int) and isinstance(y, int)):
                raise InputError("pos(V,X,Y) needs integer coordinates", file=file, line=f.line)
            pos[v] = (float(x), float(y))
    if len(dies) > 1:
        raise InputError("die/1 is given more than once", file=file, line=dies[1][1])
    die = 6
    if dies:
        d, line = dies[0]
        die = _check_die(d, file, line, f"die({d})")
    labels = {v for v, _ in fields}
    _check_sizes(len(labels), len(edges), file)
    if deadline is not None:
        deadline.check()
    board = Board.from_edges(edges, special=[], die=die, fields=labels, positions=pos or None)
    _check_connected(board, file)
    for v, line in special:
        if v not in board.index:
            raise InputError(f"special({v}): unknown field {v}", file=file, line=line)
    for v in pos:
        if v not in board.index:
            raise InputError(f"pos({v},...): unknown field {v}", file=file)
    board = Board(board.labels, board.adj, frozenset(board.index[v] for v, _ in special), die, board.positions)
    for name, items in (("start", starts), ("target", targets)):
        if len(items) > 1:
            raise InputError(f"{name}/1 is given more than once", file=file, line=items[1][1])
        if items and items[0][0] not in board.index:
            raise InputError(f"{name}({items[0][0]}): unknown field {items[0][0]}", file=file, line=items[0][1])
    if not starts:
        raise InputError("no start/1 fact", file=file)
    if not targets:
        raise InputError("no target/1 fact", file=file)
    order = sorted(rolls)
    for want, i in enumerate(order, start=1):
        if i != want:
            raise InputError(f"roll {want} is missing (rolls are numbered 1, 2, ...)", file=file, line=rolls[i][2])
    seq: list[Roll] = []
    for i in order:
        x, y, line = rolls[i]
        for v in (x, y):
            if not 1 <= v <= die:
                raise InputError(f"roll({i},{x},{y}): {v} is not a face of a die with 1..{die}", file=file, line=line)
        seq.append((x, y))
    return Instance(board, board.index[starts[0][0]], board.index[targets[0][0]], tuple(seq))


def _label_from_text(text: str) -> Label:
    text = text.strip()
    return int(text) if re.fullmatch(r"-?\d+", text) else text


def read_map_xml(text: str, *, file: str | None = None, deadline: Deadline | None = None) -> Instance:
    """Read the board map XML of the Enchanted Forest data (cells, colours, ``branch`` adjacency)."""
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise InputError(f"not well-formed XML: {exc}", file=file, line=exc.position[0]) from None
    edges: list[tuple[Label, Label]] = []
    colours: dict[Label, str] = {}
    pos: dict[Label, tuple[float, float]] = {}
    cells = root.findall("index")
    if not cells:
        raise InputError("no <index> cells in the map", file=file)
    for k, cell in enumerate(cells):
        if deadline is not None and k & 4095 == 0:
            deadline.check()
        _check_sizes(len(colours), len(edges) // 2, file)
        value = (cell.get("value") or "").strip()
        if not value:
            raise InputError(f"<index> cell number {k + 1} has no value (its field's label)", file=file)
        v = _label_from_text(value)
        if v in colours:
            raise InputError(f"two <index> cells have the value {v}", file=file)
        colours[v] = (cell.findtext("color") or "").strip()
        for br in cell.findall("branch"):
            w = _label_from_text(br.text or "")
            if w == v:
                raise InputError(f"cell {v} is adjacent to itself", file=file)
            edges.append((v, w))
        xs, ys = cell.findtext("cordinateX"), cell.findtext("cordinateY")
        if xs and ys:
            pos[v] = (float(xs), float(ys))
    for u, w in edges:
        if w not in colours:
            raise InputError(f"cell {u} has a branch to unknown cell {w}", file=file)
    special = [v for v, c in colours.items() if c in ("Orange", "Red")]
    board = Board.from_edges(edges, special=special, die=6, fields=colours, positions=pos or None, colours=colours)
    _check_connected(board, file)
    start = next((v for v, c in colours.items() if c == "Blue"), board.labels[0])
    target = next((v for v, c in colours.items() if c == "Red"), board.labels[-1])
    return Instance(board, board.index[start], board.index[target])


def read_networkx(path: Path, *, graphml: bool = False, text: str | None = None) -> Instance:
    """Read a GraphML, GML or edge-list file with networkx (start and target come from options);
    ``text``, when given, is the file's content already read (``path`` then only names it)."""
    import networkx as nx  # heavy: only graph files need it

    suffix = path.suffix.lower()
    try:
        if graphml or suffix == ".graphml":
            g = nx.read_graphml(path) if text is None else nx.parse_graphml(text)
        elif suffix == ".gml":
            g = nx.read_gml(path, label="id") if text is None else nx.parse_gml(text, label="id")
        else:
            g = nx.read_edgelist(path) if text is None else nx.parse_edgelist(text.splitlines())
    except (nx.NetworkXError, ValueError, TypeError, KeyError, IndexError, SyntaxError, ET.ParseError) as exc:
        # networkx reports a malformed line in many ways (an edge's data that is no dictionary is
        # a TypeError): every one is the user's file's fault
        raise InputError(f"networkx cannot read it: {exc}", file=str(path)) from None
    _check_sizes(g.number_of_nodes(), g.number_of_edges(), str(path))
    relabel = {v: _label_from_text(str(v)) for v in g.nodes}
    loops = [relabel[u] for u, v in g.edges if u == v]
    if loops:
        raise InputError(f"field {loops[0]} has a loop; the board must be a simple graph", file=str(path))
    edges = [(relabel[u], relabel[v]) for u, v in g.edges]
    special = [relabel[v] for v, data in g.nodes(data=True) if data.get("special") in (True, 1, "true", "1")]
    try:
        pos = {relabel[v]: (float(d["x"]), float(d["y"])) for v, d in g.nodes(data=True) if "x" in d and "y" in d}
    except (TypeError, ValueError):
        raise InputError("a field's x or y attribute is not a number", file=str(path)) from None
    board = Board.from_edges(edges, special=special, die=6, fields=relabel.values(), positions=pos or None)
    _check_connected(board, str(path))
    return Instance(board, 0, 0)


def parse_rolls(text: str) -> list[Roll]:
    """``"3,5 2,2 6,1"`` (or separated by ``;``) as a list of rolls.

    >>> parse_rolls("3,5 2,2;6,1")
    [(3, 5), (2, 2), (6, 1)]
    """
    out: list[Roll] = []
    for part in re.split(r"[\s;]+", text.strip()):
        if not part:
            continue
        m = re.fullmatch(r"(\d+),(\d+)", part)
        if not m:
            raise InputError(f"--rolls: {part!r} is not X,Y")
        out.append((int(m.group(1)), int(m.group(2))))
    return out


def load_instance(
    path: str | Path,
    *,
    text: str | None = None,
    start: str | None = None,
    target: str | None = None,
    rolls: str | Sequence[Roll] | None = None,
    die: int | None = None,
    special: str | None = None,
    deadline: Deadline | None = None,
) -> Instance:
    """Read any supported file (``-`` for ASP facts on standard input) and apply the overrides;
    ``deadline`` is polled while reading ASP facts and the map XML."""
    name = str(path)
    p = Path(path)
    if name != "-" and p.suffix.lower() in (".graphml", ".gml", ".edgelist", ".edges"):
        inst = read_networkx(p, text=text)
        needs_ends = True
    else:
        if text is None:
            text = read_text_file(p)
        stripped = text.lstrip()
        if "<graphml" in stripped[:2000]:
            inst = read_networkx(p, graphml=True, text=text)
            needs_ends = True
        elif stripped.startswith("<?xml") or stripped.startswith("<map"):
            inst = read_map_xml(text, file=name, deadline=deadline)
            needs_ends = False
        else:
            inst = parse_instance(text, file=name, deadline=deadline)
            needs_ends = False
    return apply_options(inst, name, start=start, target=target, rolls=rolls, die=die, special=special, needs_ends=needs_ends)


def _field(board: Board, text: str, what: str, file: str) -> int:
    label = _label_from_text(text)
    if label not in board.index:
        raise InputError(f"{what}: unknown field {text}", file=file)
    return board.index[label]


def apply_options(
    inst: Instance,
    file: str,
    *,
    start: str | None = None,
    target: str | None = None,
    rolls: str | Sequence[Roll] | None = None,
    die: int | None = None,
    special: str | None = None,
    needs_ends: bool = False,
) -> Instance:
    """Override start, target, rolls, die and special fields; validate rolls against the die."""
    board = inst.board
    if needs_ends and (start is None or target is None):
        raise InputError("graph files need --start and --target", file=file)
    if die is not None or special is not None:
        if die is not None:
            _check_die(die, file, None, "--die")
        sp = board.special
        if special is not None:
            sp = frozenset(_field(board, s, "--special", file) for s in re.split(r"[\s,]+", special.strip()) if s)
        board = Board(board.labels, board.adj, sp, die if die is not None else board.die, board.positions, board.colours)
    s = inst.start if start is None else _field(board, start, "--start", file)
    t = inst.target if target is None else _field(board, target, "--target", file)
    seq = inst.rolls
    if rolls is not None:
        seq = tuple(parse_rolls(rolls) if isinstance(rolls, str) else rolls)
        if len(seq) > MAX_ROLLS:
            raise InputError(f"more than {MAX_ROLLS} rolls (the limit)", file=file)
    for i, (x, y) in enumerate(seq, start=1):
        for v in (x, y):
            if not 1 <= v <= board.die:
                raise InputError(f"roll {i} ({x},{y}): {v} is not a face of a die with 1..{board.die}", file=file)
    return Instance(board, s, t, tuple(seq))


def instance_to_facts(inst: Instance, *, positions: bool = True) -> str:
    """Write an instance as ASP facts (the format :func:`parse_instance` reads)."""
    b = inst.board
    lab = b.labels
    lines: list[str] = [f"% Enchanted Forest instance: {b.n} fields, {b.m} edges, die 1..{b.die}"]
    lines.append(format_fact("die", b.die))
    lines.append(format_fact("start", lab[inst.start]) + " " + format_fact("target", lab[inst.target]))
    if b.special:
        lines.append(" ".join(format_fact("special", lab[v]) for v in sorted(b.special)))
    row: list[str] = []
    for u, v in b.edges():
        row.append(format_fact("edge", lab[u], lab[v]))
        if len(row) == 8:
            lines.append(" ".join(row))
            row = []
    if row:
        lines.append(" ".join(row))
    for i, (x, y) in enumerate(inst.rolls, start=1):
        lines.append(format_fact("roll", i, x, y))
    if positions and b.positions:
        row = []
        for v in sorted(b.positions):
            x, y = b.positions[v]
            row.append(format_fact("pos", lab[v], int(round(x)), int(round(y))))
            if len(row) == 8:
                lines.append(" ".join(row))
                row = []
        if row:
            lines.append(" ".join(row))
    return "\n".join(lines) + "\n"


def detect(text: str) -> bool:
    """True iff the text looks like an Enchanted Forest instance: ``roll/3`` or ``die/1`` facts,
    or the board map XML (``<map>`` with ``<index>`` cells).

    >>> detect("edge(1,2). die(6). start(1). target(2).")
    True
    >>> detect("edge(1,2). start(1).")
    False
    >>> detect('<?xml version="1.0"?><map><index value="0"><color>Blue</color></index></map>')
    True
    """
    head = text.lstrip()[:2000]
    if (head.startswith("<?xml") or head.startswith("<map")) and re.search(r"<map[\s>]", head) and "<index" in head:
        return True
    return bool(re.search(r"(?m)^[^%\n]*\b(roll\s*\(\s*[^,()]+,[^,()]+,[^,()]+\)|die\s*\(\s*[^,()]+\s*\))", text))


def labels_of(inst: Instance, fields: Iterable[int]) -> list[Label]:
    return [inst.label(v) for v in fields]
