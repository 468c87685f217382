"""The project's own reductions, from before the paper's gadgets were at hand (the paper's are the
other modules of this package); each docstring proves its own, and each is checked in the tests by
solving its output. Formulas are read in DIMACS CNF.

- :func:`merge_exits`: all exits become one exit ``x``; ``k`` copies from ``u`` to exits become the
  multiplicity of ``ux``. Same winner for Nemesis and Blizzard: a play only uses an exit as its last
  vertex, so only the number of edge copies from each vertex into the exits matters.
- :func:`two_exits` (the statement of Theorem 9 for simple graphs): the merged multigraph becomes
  simple with two exits when no vertex has more than two edge copies into exits (a vertex with ``k``
  copies gets edges to ``k`` distinct exits among ``x1``, ``x2``); beyond two we raise, since
  replacing a multiplicity needs the exit gadget of §4.4.
- :func:`nemesis_to_cat` (after Corollary 6): Nemesis from ``s`` is won by the fugitive iff for some
  neighbour ``u`` of ``s`` the cat (speed 1) starting on ``u`` in ``G - s`` with the exits merged into
  ``x`` and a pendant edge ``xy`` of multiplicity ``K = m + 1`` (``m`` = edge copies of the rest)
  scores at least ``K``. Proof: the herder deleting then the cat moving is the Nemesis-to-move
  position at ``u``; a cat trapped away from ``x`` is isolated within ``m`` deletions; a cat that reaches
  ``x`` bounces on ``xy`` until all ``K`` copies are gone.
- :func:`lsat_to_escape_tree` (Theorem 3): a CNF (LSAT in particular) is satisfiable iff the instance
  has a binary escape tree; see its docstring.
"""

from __future__ import annotations

from escapology.core.errors import InputError
from escapology.nemesis.model import Instance

Clause = list[int]


def merge_exits(inst: Instance, name: str = "x") -> Instance:
    """Merge every exit into one exit vertex (a multigraph).

    >>> i = Instance.from_edges([("s","a"),("a","p"),("a","q")], exits={"p","q"}, start="s")
    >>> sorted(merge_exits(i).edges.items())
    [(('a', 's'), 1), (('a', 'x'), 2)]
    """
    used = set(inst.vertices) - inst.exits
    x = name
    i = 1
    while x in used:
        i += 1
        x = f"{name}{i}"
    out = Instance(start=inst.start)
    out.vertices = [v for v in inst.vertices if v not in inst.exits] + [x]
    out.exits = {x}
    for (a, b), k in inst.edges.items():
        ea, eb = a in inst.exits, b in inst.exits
        if ea and eb:
            continue
        a2 = x if ea else a
        b2 = x if eb else b
        key = Instance.key(a2, b2)
        out.edges[key] = out.edges.get(key, 0) + k
    return out


def two_exits(inst: Instance) -> Instance:
    """A simple graph with two exits ``x1``, ``x2`` equivalent to ``inst`` (see module docstring)."""
    merged = merge_exits(inst, "x")
    (x,) = merged.exits
    out = Instance(start=inst.start)
    out.vertices = [v for v in merged.vertices if v != x] + ["x1", "x2"]
    out.exits = {"x1", "x2"}
    for (a, b), k in merged.edges.items():
        if x in (a, b):
            u = b if a == x else a
            if k > 2:
                raise InputError(f"vertex {u} has {k} edge copies into exits; two_exits handles at most 2")
            for j in range(k):
                out.edges[Instance.key(u, f"x{j + 1}")] = 1
        else:
            if k > 1:
                raise InputError(f"edge {a}-{b} has multiplicity {k}: two_exits needs a simple graph")
            out.edges[(a, b)] = 1
    return out


def nemesis_to_cat(inst: Instance) -> list[tuple[Instance, int]]:
    """One Cat Herding instance per neighbour of the start, with the threshold ``K``.

    The fugitive wins Nemesis iff some instance has cat value (speed 1, from its start) ``>= K``.
    """
    if inst.start is None:
        raise InputError("the reduction needs a start")
    merged = merge_exits(inst, "x")
    (x,) = merged.exits
    s = merged.start
    assert s is not None
    base = {k: v for k, v in merged.edges.items() if s not in k}
    m = sum(base.values())
    K = m + 1
    y = "y"
    while y in merged.vertices:
        y += "y"
    out = []
    for (a, b), _ in sorted(merged.edges.items()):
        if s not in (a, b):
            continue
        u = b if a == s else a
        if u == x:
            continue  # the fugitive steps out at once: no game to reduce (handled by the caller)
        cat = Instance(start=u)
        cat.vertices = [v for v in merged.vertices if v != s] + [y]
        cat.edges = dict(base)
        cat.edges[Instance.key(x, y)] = K
        out.append((cat, K))
    return out


def parse_dimacs(text: str, *, file: str | None = None) -> list[Clause]:
    """Clauses of a DIMACS CNF (``p cnf`` header optional, ``c`` comments)."""
    clauses: list[Clause] = []
    cur: list[int] = []
    for ln, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line[0] in "c%":
            continue
        if line[0] == "p":
            parts = line.split()
            if len(parts) != 4 or parts[1] != "cnf":
                raise InputError("bad header, expected 'p cnf VARS CLAUSES'", file=file, line=ln)
            continue
        for tok in line.split():
            try:
                lit = int(tok)
            except ValueError:
                raise InputError(f"not a literal: {tok!r}", file=file, line=ln) from None
            if lit == 0:
                clauses.append(cur)
                cur = []
            else:
                cur.append(lit)
    if cur:
        clauses.append(cur)
    if any(not c for c in clauses):
        raise InputError("an empty clause", file=file)
    return clauses


def lsat_to_escape_tree(clauses: list[Clause], *, simple: bool = True) -> Instance:
    """A graph with a binary escape tree iff the CNF is satisfiable.

    Spine ``s - v1 - ... - vn - c1 - ... - cm - z``, every spine vertex of degree 3 with a side
    vertex: ``b_i`` for variable ``i`` and ``a_j`` for clause ``j``; ``z`` has two exit edges. Each
    literal occurrence (variable ``i`` with sign ``σ`` in clause ``j``) is a vertex ``t`` joined to
    ``a_j`` and to both exits; the occurrences of ``i`` with sign ``σ`` also hang, in order, from a
    chain ``τ_1 - ... - τ_k`` (``τ_j`` joined to the ``j``-th occurrence, ``τ_k`` to an exit);
    ``b_i`` is joined to the first ``τ`` of both signs and to an exit; ``a_j`` to an exit.

    Degree 3 forces the spine, ``b_i`` and ``a_j`` into every tree. ``b_i`` takes its exit and one
    chain, which (degree 3 again) swallows every occurrence of that sign: taking the chain of
    ``¬x_i`` means ``x_i`` true. ``a_j`` takes its exit and an occurrence vertex not swallowed, i.e. a
    true literal (a chain cannot be entered from an occurrence: walking it back reaches ``b_i``,
    already in the tree). Conversely an assignment gives the tree. Exits may end several branches.

    >>> inst = lsat_to_escape_tree([[1, 2], [-1]])
    >>> len(inst.exits), inst.start
    (2, 's')
    """
    nvars = max((abs(l) for c in clauses for l in c), default=0)
    edges: list[tuple[str, str]] = []
    X1, X2 = "x1", "x2"
    spine = ["s"] + [f"v{i}" for i in range(1, nvars + 1)] + [f"c{j}" for j in range(1, len(clauses) + 1)] + ["z"]
    for a, b in zip(spine, spine[1:]):
        edges.append((a, b))
    edges += [("z", X1), ("z", X2)]
    occ: dict[tuple[int, int], list[str]] = {}
    for j, clause in enumerate(clauses, 1):
        a = f"a{j}"
        edges += [(f"c{j}", a), (a, X1)]
        for lit in dict.fromkeys(clause):
            i, sign = abs(lit), ("p" if lit > 0 else "n")
            t = f"t{sign}{i}_{j}"
            edges += [(a, t), (t, X1), (t, X2)]
            occ.setdefault((i, lit > 0), []).append(t)
    for i in range(1, nvars + 1):
        b = f"b{i}"
        edges += [(f"v{i}", b), (b, X1)]
        for positive in (True, False):
            sign = "p" if positive else "n"
            ts = occ.get((i, positive), [])
            if not ts:
                leaf = f"tau{sign}{i}_1"
                edges += [(b, leaf), (leaf, X1), (leaf, X2)]
                continue
            taus = [f"tau{sign}{i}_{k}" for k in range(1, len(ts) + 1)]
            edges.append((b, taus[0]))
            for k, (tau, t) in enumerate(zip(taus, ts)):
                edges.append((tau, t))
                if k + 1 < len(taus):
                    edges.append((tau, taus[k + 1]))
            edges.append((taus[-1], X1))
    return Instance.from_edges(edges, exits={X1, X2}, start="s")
