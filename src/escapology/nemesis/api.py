"""Nemesis, Blizzard and Cat Herding's side of the protocol (:mod:`escapology.core.protocol`):
load, solve, check, generate, render.

``solve`` answers the game chosen by ``game`` (``nemesis``, ``blizzard`` or ``cat``) from the
instance's start; ``status`` is ``solved`` once the winner (or the cat number) is known, and the
certificate is the winner's strategy (or the Cat-and-Herder certificate). The answer object of
``escapology nemesis solve --format json`` is ``Result.answer``.

>>> from escapology.nemesis import load, solve, check
>>> inst = load("edge(s,a). edge(a,x). edge(a,y). exit(x). exit(y). start(s).")
>>> result = solve(inst, timeout=10)
>>> result.status.value, result.winner
('solved', 'fugitive')
>>> check(inst, result.certificate).ok, check(inst, result.to_json()).ok
(True, True)
>>> check(inst, {"position": "s", "trapped": True}).ok
False
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from escapology.core.errors import InputError
from escapology.core.limits import Deadline, LimitReached
from escapology.core.protocol import Verdict, read_source
from escapology.core.results import Status
from escapology.core.svg import Svg
from escapology.nemesis import io as nio
from escapology.nemesis.model import Graph, Instance

__all__ = ["Result", "load", "solve", "check", "generate", "render"]


def load(source: str | Path, *, exits: Iterable[str] = (), start: str | None = None,
         deadline: Deadline | None = None) -> Instance:
    """ASP facts (a path, ``"-"`` or the facts themselves) or a networkx graph file (GraphML,
    GML, edge list); ``exits`` and ``start`` add exits and override the start. The limits are those
    of :mod:`escapology.nemesis.io` (``MAX_VERTICES``, ...); ``deadline`` is polled while reading
    facts."""
    exits = [x for x in exits if x]
    name = str(source)
    if isinstance(source, Path) or (name != "-" and "\n" not in name and "(" not in name):
        if Path(name).suffix.lower() in (".graphml", ".gml"):
            if not Path(name).is_file():
                raise InputError("no such file", file=name)
            return nio.read_graph_file(name, exits=exits, start=start)
        text, name = read_source(source)
        return nio.load_instance(name, text=text, exits=exits, start=start, deadline=deadline)
    text, name = read_source(source, is_text=lambda s: "(" in s)
    return nio.parse_and_apply(text, name, exits=exits, start=start, deadline=deadline)


@dataclass
class Result:
    """The protocol's :class:`Result`: ``answer`` is the object ``solve --format json`` prints."""

    status: Status
    answer: dict[str, Any]
    stats: dict[str, Any] = field(default_factory=dict)

    @property
    def certificate(self) -> dict[str, Any] | None:
        """The winner's strategy document (Nemesis, Blizzard), the Cat-and-Herder certificate (Cat
        Herding from a start) or Blizzard's trap region (the linear method when the Storm wins);
        ``None`` for the answers without one (winning starts, time limit, a strategy above
        ``max_strategy_nodes``, the Nemesis' wins of the linear method on graphs of degree 3)."""
        a = self.answer
        if "cat_number" in a:
            return a.get("certificate")
        if a.get("strategy") is not None:
            return a["strategy"]
        if a.get("trap_region") is not None:
            return {"trap_region": a["trap_region"]}
        return None

    @property
    def winner(self) -> str | None:
        return self.answer.get("winner")

    @property
    def cat_number(self) -> int | None:
        return self.answer.get("cat_number")

    def to_json(self) -> dict[str, Any]:
        """``answer`` with ``status`` and ``certificate``."""
        return {**self.answer, "status": self.status.value, "certificate": self.certificate}


def _need_start(inst: Instance) -> None:
    if inst.start is None:
        raise InputError("no start vertex: add a start(V). fact or use --start")
    if not inst.exits:
        raise InputError("no exit: add exit(V). facts or use --exits")


def solve(inst: Instance, *, timeout: float | None = None, game: str = "nemesis", method: str = "exact",
          all_starts: bool = False, cat_speed: str = "unbounded", max_strategy_nodes: int | None = None,
          engine: str = "native", strategy_file: str | Path | None = None) -> Result:
    """The winner from the start with a winning strategy (``game`` nemesis or blizzard), the
    winning starts (``all_starts``), or the cat number (``game="cat"``, ``cat_speed`` ``"1"`` or
    ``"unbounded"``). ``method`` is ``exact`` (any graph) or ``linear`` (trees, maximum degree 3,
    Blizzard). A strategy of more than ``max_strategy_nodes`` nodes (default: no cap) is left out,
    with a note. ``unknown`` when ``timeout`` passes. ``engine`` runs the exact searches in the
    Rust crate (``native``, the default) or in Python (``python``); the answers are the same.
    ``strategy_file`` (exact method, one start): the strategy is written to that file, streamed
    (:func:`escapology.nemesis.exact.solve`), and the answer holds ``"strategy_file"``,
    ``"strategy_nodes"`` and a note instead of the strategy; check the file with :func:`check_file`
    (or ``escapology nemesis check``, which reads a large one as a stream)."""
    try:
        return Result(Status.SOLVED, _answer(inst, game, all_starts=all_starts, method=method,
                                             cat_speed=cat_speed, timeout=timeout,
                                             max_strategy_nodes=max_strategy_nodes, engine=engine,
                                             strategy_file=strategy_file))
    except LimitReached as exc:
        known = getattr(exc, "winner", None)  # the time ran out while the strategy was written
        return Result(Status.UNKNOWN, {"game": game, **({"winner": known} if known else {})})


def refuse_strategy_file(strategy_file: str | Path | None, *, method: str, all_starts: bool, game: str) -> None:
    """Raise :class:`~escapology.core.errors.InputError` when a strategy file is asked for where
    none is written: only the exact method for one start (Nemesis or Blizzard) writes one."""
    if strategy_file is not None and (method != "exact" or all_starts or game == "cat"):
        raise InputError("--strategy-file is written by the exact method for one start "
                         "(not with --method linear, --all-starts or --game cat)")


def _answer(inst: Instance, game: str, *, all_starts: bool, method: str, cat_speed: str,
            timeout: float | None, max_strategy_nodes: int | None = None,
            engine: str = "native", strategy_file: str | Path | None = None) -> dict[str, Any]:
    """The JSON answer (raises LimitReached on timeout)."""
    deadline = Deadline(timeout)
    refuse_strategy_file(strategy_file, method=method, all_starts=all_starts, game=game)
    g = inst.graph()
    if game == "cat":
        from escapology.nemesis.cat import new_cat_search

        from escapology.core.progress import search_progress

        cs = new_cat_search(g, None if cat_speed == "unbounded" else 1, deadline, engine=engine)
        with search_progress("cat herding: searching") as prog:
            cs.progress = prog
            per = {g.names[v]: cs.herder_turn(v, g.mult) for v in range(g.n)}
        cs.progress = None
        out: dict[str, Any] = {
            "game": "cat",
            "cat_speed": cat_speed,
            "cat_number": max(per.values(), default=0),
            "per_vertex": per,
        }
        if inst.start is not None:
            from escapology.nemesis.cat import CertificateTooLarge, cat_certificate

            out["start"] = inst.start
            out["value"] = per[inst.start]
            try:
                out["certificate"] = cat_certificate(cs, g.index[inst.start])
            except CertificateTooLarge:
                out["certificate"] = None
        return out
    if game not in ("nemesis", "blizzard"):
        raise ValueError(f"unknown game {game!r}; choose nemesis, blizzard or cat")
    if all_starts:
        if method == "linear":
            starts = _linear_starts(g, game)
        else:
            from escapology.nemesis.exact import winning_starts

            starts = winning_starts(g, game, deadline=deadline, engine=engine)
        return {"game": game, "winning_starts": [g.names[v] for v in starts]}
    _need_start(inst)
    if method == "linear":
        return _solve_linear(g, game)
    from escapology.nemesis.exact import solve as solve_graph

    r = solve_graph(g, game, deadline=deadline, max_strategy=max_strategy_nodes, engine=engine,
                    strategy_file=strategy_file)
    out = {"game": game, "start": inst.start, "winner": r.winner, "strategy": r.strategy, "nodes": r.nodes}
    if "strategy_file" in r.stats:
        out["strategy_file"] = r.stats["strategy_file"]
        out["strategy_nodes"] = r.stats["strategy_nodes"]
        out["strategy_note"] = (f"strategy of {r.stats['strategy_nodes']:,} nodes written to {r.stats['strategy_file']}"
                                " (check it: escapology nemesis check INSTANCE FILE)")
    if "strategy_too_large" in r.stats:
        out["strategy_note"] = (f"strategy above {r.stats['strategy_too_large']} nodes (--max-strategy-nodes), "
                                "not written")
    return out


def _linear_starts(g: Graph, game: str) -> list[int]:
    from escapology.nemesis import linear, linear_native

    if game == "blizzard":
        W, _ = linear.blizzard_winning_set(g)
        return [v for v in range(g.n) if not g.is_exit[v] and any(w in W for w, _ in g.adj[v])]
    ng = linear_native.from_graph(g)
    out = []
    for v in range(g.n):
        if not g.is_exit[v]:
            if _solve_linear(g, game, v, ng)["winner"] == "fugitive":
                out.append(v)
    return out


def _solve_linear(g: Graph, game: str, start: int | None = None, ng: Any = None) -> dict[str, Any]:
    """The answer of the linear method, natively (:mod:`escapology.nemesis.linear_native`, the
    same documents as the Python reference :func:`solve_linear_python`, much faster)."""
    from escapology.nemesis import linear_native

    ng = ng if ng is not None else linear_native.from_graph(g)
    if ng is None:  # pragma: no cover - the package is built with its extension
        return solve_linear_python(g, game, start)
    return linear_native.solve(ng, game, start=start).parsed()


def solve_linear_python(g: Graph, game: str, start: int | None = None) -> dict[str, Any]:
    """The answer of the linear method by the Python reference (:mod:`escapology.nemesis.linear`)."""
    from escapology.nemesis import linear

    s = g.start if start is None else start
    assert s is not None
    if game == "blizzard":
        w, strat = linear.blizzard_winner(g, s)
        W, _ = linear.blizzard_winning_set(g)
        out = {"game": game, "start": g.names[s], "winner": w, "strategy": strat,
               "method": "Theorem 13", "winning_set": sorted(g.names[v] for v in W)}
        if w == "nemesis":
            out["trap_region"] = linear.blizzard_trap_region(g, s)
        return out
    try:
        w, strat = linear.tree_winner(g, s)
        return {"game": game, "start": g.names[s], "winner": w, "strategy": strat, "method": "Lemma 11 (tree)"}
    except linear.NotApplicable:
        pass
    try:
        w, tree = linear.subcubic_winner(g, s)
    except linear.NotApplicable:
        raise InputError("--method linear needs a tree or a graph of maximum degree 3 (or --game blizzard)") from None
    out = {"game": game, "start": g.names[s], "winner": w,
           "strategy": linear.subcubic_strategy(g, tree, s) if w == "fugitive" else None,
           "method": "Lemma 12 (maximum degree 3)"}
    if w == "fugitive":
        out["escape_tree"] = tree
    else:
        out["strategy_note"] = ("the linear method gives no Nemesis strategy on graphs of maximum degree 3; "
                                "--method exact writes one")
    return out


def check(inst: Instance, certificate: Any, *, game: str | None = None, cat_speed: str = "unbounded") -> Verdict:
    """Verify a certificate against every reply of the opponent: a strategy document (or an
    earlier strategy tree), a Cat-and-Herder certificate, a binary escape tree
    ``{"root": r, "escape_tree_children": ...}``, a Blizzard ``{"trap_region": [...]}``, or the
    ``to_json()`` object. The game is ``game``, else the object's ``"game"``, else Nemesis; a
    ``game`` that contradicts the object's is an :class:`InputError` naming both."""
    if inst.start is None:
        return Verdict.reject("the instance has no start vertex")
    return check_graph(inst.graph(), certificate, game=game, cat_speed=cat_speed)


def check_graph(g: Graph, certificate: Any, *, game: str | None = None, cat_speed: str = "unbounded") -> Verdict:
    """:func:`check` on the indexed graph (what ``escapology nemesis check`` runs on a graph it read
    natively, :func:`escapology.nemesis.linear_native.graph`)."""
    from escapology.nemesis.checker_base import paused_gc

    with paused_gc():
        return _check_graph(g, certificate, game=game, cat_speed=cat_speed)


def check_file(inst: Instance | Graph, path: str | Path, *, game: str | None = None) -> Verdict:
    """:func:`check` for a Nemesis (or Blizzard: ``game="blizzard"``) strategy document in a file,
    read one node at a time into flat arrays: the same independent checker and verdicts as
    :func:`check`, in about 70 bytes per strategy node instead of a kilobyte, which is what checks
    the tens of millions of nodes of the 12 x 12 and 13 x 13 grids' strategies
    (:func:`escapology.nemesis.checker.check_strategy_file`). ``escapology nemesis check`` takes
    this way by itself for such files of 32 MiB or more. A file that is not JSON raises
    :class:`~escapology.core.errors.InputError`.

    >>> import json, tempfile
    >>> inst = load("examples/nemesis/small.lp")
    >>> with tempfile.NamedTemporaryFile("w", suffix=".json") as fh:
    ...     _ = fh.write(json.dumps(solve(inst).certificate)); fh.flush()
    ...     check_file(inst, fh.name).ok
    True
    """
    from escapology.nemesis.checker import check_strategy_file
    from escapology.nemesis.checker_base import paused_gc

    g = inst.graph() if isinstance(inst, Instance) else inst
    if g.start is None:
        return Verdict.reject("the instance has no start vertex")
    if game not in (None, "nemesis", "blizzard"):
        return Verdict.reject(f"check_file reads Nemesis and Blizzard strategies, not {game}")
    with paused_gc():
        ok, msg = check_strategy_file(g, game or "nemesis", g.start, path)
    return Verdict(True, [], msg) if ok else Verdict.reject(msg)


def _check_graph(g: Graph, certificate: Any, *, game: str | None, cat_speed: str) -> Verdict:
    from escapology.nemesis.checker import check_cat, check_strategy
    from escapology.nemesis.checker_nemesis import check_trap_region
    from escapology.nemesis.strategy import is_document, player

    if g.start is None:
        return Verdict.reject("the instance has no start vertex")
    data = certificate
    if isinstance(data, Result):
        data = data.to_json()
    if not isinstance(data, dict):
        return Verdict.reject("a certificate is a JSON object (a strategy or the answer of solve)")
    if data.get("status", "solved") != "solved":
        return Verdict.reject(f"the answer is {data['status']}: there is no strategy to check")
    said = data.get("game")
    if game is not None and said is not None and said != game:
        raise InputError(f"--game {game}, but the certificate says \"game\": \"{said}\"")
    gname = game or (said if said in ("nemesis", "blizzard", "cat") else "nemesis")
    if "escape_tree_children" in data:
        ok, msg = _check_tree(g, data)
    elif gname == "cat" or "herder" in data:
        cert = data.get("certificate", data) if "herder" not in data else data
        if not isinstance(cert, dict):
            return Verdict.reject("the file holds no Cat Herding certificate")
        speed_name = data.get("cat_speed", cat_speed)
        ok, msg = check_cat(g, g.start, cert, speed=None if speed_name == "unbounded" else 1)
    elif "trap_region" in data or isinstance(data.get("certificate"), dict) and "trap_region" in data["certificate"]:
        region = data["trap_region"] if "trap_region" in data else data["certificate"]["trap_region"]
        if gname != "blizzard":
            return Verdict.reject("a trap region proves a win of Blizzard's Storm, not of the Nemesis")
        ok, msg = check_trap_region(g, g.start, region)
    else:
        if is_document(data) or "winner" not in data and player(data) is not None:
            strat = data
        else:
            strat = data.get("strategy", data.get("certificate"))
        if strat is None:
            return Verdict.reject("the file holds no strategy")
        ok, msg = check_strategy(g, gname, g.start, strat)
        if ok and "winner" in data:
            claimed, actual = data["winner"], player(strat)
            if claimed != actual:
                ok, msg = False, f"the file claims the {claimed} wins but holds a {actual} strategy"
    return Verdict(True, [], msg) if ok else Verdict.reject(msg)


def _check_tree(g: Graph, data: dict[str, Any]) -> tuple[bool, str]:
    """A binary escape tree (Definition 10) at ``data["root"]``; files of the earlier form (no
    root: the start with one child) are read with that child as the root."""
    from escapology.nemesis.escape_tree import check_escape_tree

    tree = data["escape_tree_children"]
    if not isinstance(tree, dict):
        return False, "escape_tree_children maps a vertex to its children"
    root = data.get("root")
    s = g.names[g.start]
    if root is None:
        kids = tree.get(s)
        if isinstance(kids, list) and len(kids) == 1 and isinstance(kids[0], str):
            root, tree = kids[0], {k: v for k, v in tree.items() if k != s}
        else:
            root = s
    if root not in g.index:
        return False, f"unknown root {root!r}"
    r = g.index[root]
    ok, msg = check_escape_tree(g, tree, r)
    if ok and (r == g.start or any(w == r for w, _ in g.adj[g.start])):
        msg += f" at distance {0 if r == g.start else 1} from the start: the fugitive wins (Lemma 11)"
    return ok, msg


def generate(*, size: int | None = None, seed: int = 0, kind: str = "random", p: float = 0.3,
             exits: int = 2) -> Instance:
    """A random instance on ``size`` vertices (default 12): ``kind`` ``random`` (edge probability
    ``p``), ``tree`` or ``subcubic``, with ``exits`` exits; ``grid`` is the ``size`` x ``size``
    grid (no randomness)."""
    from escapology.nemesis import generator

    n = 12 if size is None else size
    if kind == "random":
        return generator.random_graph(n, p, exits=exits, seed=seed)
    if kind == "tree":
        return generator.random_tree(n, exits=exits, seed=seed)
    if kind == "subcubic":
        return generator.random_subcubic(n, exits=exits, seed=seed)
    if kind == "grid":
        return generator.grid(n, n)
    raise ValueError(f"unknown kind {kind!r}; choose random, tree, subcubic or grid")


def render(inst: Instance, certificate: Any = None) -> Svg:
    """The graph with exits and start, and a strategy's line of play when given."""
    from escapology.nemesis.render import picture

    strategy = certificate.to_json() if isinstance(certificate, Result) else certificate
    if isinstance(strategy, dict) and "winner" in strategy:
        strategy = strategy.get("strategy")
    return picture(inst, strategy=strategy if isinstance(strategy, dict) else None)
