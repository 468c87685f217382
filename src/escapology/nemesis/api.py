"""Nemesis, Blizzard and Cat Herding's side of the protocol (:mod:`escapology.core.protocol`):
load, solve, check, generate, render.

``solve`` answers the game chosen by ``game`` (``nemesis``, ``blizzard`` or ``cat``) from the
instance's start; ``status`` is ``solved`` once the winner (or the cat number) is known, and the
certificate (:data:`~escapology.nemesis.strategy.certificate.Certificate`) is the winner's
:class:`~escapology.nemesis.strategy.document.Strategy`, the
:class:`~escapology.nemesis.strategy.certificate.CatCertificate` (or, for ``exceeds=K`` answered
no, the :class:`~escapology.nemesis.strategy.certificate.HerderBound`) or Blizzard's
:class:`~escapology.nemesis.strategy.certificate.TrapRegion`. The answer object of
``escapology nemesis solve --format json`` is ``Result.answer``.

The engines (:data:`ENGINES`; ``engine=``, ``-e/--engine``):

``exact`` (the default)
    the exact minimax search in Rust: any graph; Cat Herding's search too.
``exact-python``
    the same search in Python (a cross-check; the answers are the same).
``linear``
    the linear-time methods of the paper in Rust: Lemma 11 (trees), Lemma 12 (maximum degree 3),
    Theorem 13 (Blizzard, any graph). A file in the plain form is read natively
    (:class:`~escapology.nemesis.native_instance.NativeInstance`) and solved without a Python object
    per vertex: graphs of millions of vertices in seconds.
``linear-python``
    the Python reference of the linear methods (a cross-check).

The earlier two axes stay accepted for one release, with a :class:`DeprecationWarning`:
``method="exact"|"linear"`` and ``engine="native"|"python"`` name the engine they combine to
(``method="linear", engine="python"`` is ``linear-python``).

>>> from escapology.nemesis import load, solve, check
>>> inst = load("edge(s,a). edge(a,x). edge(a,y). exit(x). exit(y). start(s).")
>>> result = solve(inst, timeout=10)
>>> result.status.value, result.winner
('solved', 'fugitive')
>>> result.certificate
Strategy(player='fugitive', root=3, nodes=<4 nodes>)
>>> check(inst, result.certificate).ok, check(inst, result.to_json()).ok
(True, True)
>>> check(inst, {"position": "s", "trapped": True}).ok
False
>>> print(result.to_text())
nemesis: the fugitive wins from s
fugitive strategy: 4 nodes; main line: a -> x
>>> solve(inst, engine="linear").winner
'fugitive'
"""

from __future__ import annotations

import io
import json
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, TextIO

from escapology.core.errors import InputError
from escapology.core.limits import Deadline, LimitReached
from escapology.core.pictures import DrawnResult, answering
from escapology.core.progress import search_progress
from escapology.core.protocol import AnswerData, ContradictoryAnswer, TEXT, Text, Verdict, every_copy, own_certificate, read_source
from escapology.core.protocol import Result as ProtocolResult
from escapology.core.results import Status
from escapology.core.svg import Svg
from escapology.core.wording import listing, plural
from escapology.nemesis import generator, native_instance, sizes
from escapology.nemesis import io as nio
from escapology.nemesis.checkers.base import paused_gc
from escapology.nemesis.checkers.escape_tree import check_escape_tree
from escapology.nemesis.drawing import picture
from escapology.nemesis.model import Graph, Instance
from escapology.nemesis.strategy.certificate import CatCertificate, Certificate, HerderBound, TrapRegion, json_of
from escapology.nemesis.strategy.document import Strategy, is_document, player, principal_line, strategy_size, write_json
from escapology.nemesis.strategy.stream import streamed_nemesis_document

__all__ = ["ENGINES", "Result", "load", "solve", "check", "generate", "render", "require_start", "resolve_engine",
           "read_certificate", "check_file", "check_graph", "winning_region", "strategy_of", "KINDS"]

#: The engines of ``solve``, the default first (module docstring).
ENGINES = ("exact", "exact-python", "linear", "linear-python")
#: The kinds of ``generate``: random graphs, the paper's grid, and reductions of an instance (or,
#: for ``lsat``, of a DIMACS CNF) read from ``source``.
KINDS = ("random", "tree", "subcubic", "grid", "merge-exits", "two-exits", "cat", "lsat")
#: Nemesis strategy documents from this size on are checked as they are read, a node at a time
#: into flat arrays (:func:`check_file`), when the command reads them (:func:`read_certificate`).
STREAM_BYTES = 32 << 20


def exit_names(exits: str | Iterable[str]) -> list[str]:
    """The exits given: a comma-separated string (``--exits x,y``) or names."""
    if isinstance(exits, str):
        exits = exits.split(",")
    return [x.strip() for x in exits if x and x.strip()]


def load(source: str | Path | Text, *, deadline: Deadline | None = None, exits: str | Iterable[str] = (),
         start: str | None = None) -> Instance:
    """ASP facts, an edge list or a networkx graph file (GraphML, GML, CSV): a path, ``"-"``, the
    text itself, or :class:`~escapology.core.protocol.Text` already read; ``exits`` (names, or
    ``"x,y"``) add exits and ``start`` overrides the start. The limits are those of
    :mod:`escapology.nemesis.io` (``MAX_VERTICES``, ...); ``deadline`` is polled while reading.
    A file in the plain form is read natively (:func:`escapology.nemesis.io.read_instance`)."""
    xs = exit_names(exits)
    if not isinstance(source, Text):
        name = str(source)
        if (isinstance(source, Path) or name != "-" and "\n" not in name and "(" not in name) \
                and Path(name).suffix.lower() in (".graphml", ".gml"):
            if not Path(name).is_file():
                raise InputError("no such file", file=name)
            inst = nio.read_graph_file(name, exits=xs, start=start)
            inst.source = name
            return inst
    text, name = read_source(source, is_text=lambda s: "(" in s)
    if name == TEXT:  # facts given as text: the Python reader, which names their lines
        return nio.parse_and_apply(text, name, exits=xs, start=start, deadline=deadline)
    return nio.read_instance(text, name, exits=xs, start=start, deadline=deadline)


def require_start(inst: Instance) -> None:
    """Raise :class:`InputError` (naming the instance's file) when the instance has no start
    vertex or no exit: the games are played from a start towards the exits."""
    if inst.start is None:
        raise InputError("no start vertex: add a start(V). fact or use --start", file=inst.source)
    has_exits = getattr(inst, "has_exits", None)
    if not (has_exits() if has_exits is not None else inst.exits):
        raise InputError("no exit: add exit(V). facts or use --exits", file=inst.source)


@dataclass
class Result(ProtocolResult[Certificate], DrawnResult):
    """The protocol's :class:`Result`: ``answer`` is the object ``solve --format json`` prints;
    ``certificate`` is its typed certificate (:data:`~escapology.nemesis.strategy.certificate.Certificate`);
    ``instance`` is the instance answered (:func:`solve` fills it in; a notebook draws the
    strategy's line of play on it, :class:`~escapology.core.pictures.DrawnResult`)."""

    status: Status
    answer: dict[str, Any]
    stats: dict[str, Any] = field(default_factory=dict)
    instance: Instance | None = field(default=None, repr=False, compare=False)

    @property
    def certificate(self) -> Certificate | None:
        """The winner's :class:`Strategy` (Nemesis, Blizzard), the :class:`CatCertificate` (Cat
        Herding from a start), the :class:`HerderBound` (``exceeds=K`` answered no) or Blizzard's
        :class:`TrapRegion` (the linear method when the Storm wins); ``None`` for the answers
        without one (winning starts, time limit, a strategy above ``max_strategy_nodes``, the
        Nemesis' wins of the linear method on graphs of degree 3, ``exceeds=K`` answered yes). It
        holds the answer's lists (nodes, vertices) as they are."""
        a = self.answer
        if "exceeds" in a:
            cert = a.get("certificate")
            return None if cert is None else HerderBound.from_json(cert)
        if "cat_number" in a:
            cert = a.get("certificate")
            return None if cert is None else CatCertificate.from_json(cert)
        if a.get("strategy") is not None:
            return Strategy.from_json(a["strategy"])
        if a.get("trap_region") is not None:
            return TrapRegion.from_json({"trap_region": a["trap_region"]})
        return None

    @property
    def winner(self) -> str | None:
        return self.answer.get("winner")

    @property
    def cat_number(self) -> int | None:
        return self.answer.get("cat_number")

    def to_json(self) -> dict[str, Any]:
        """``answer`` with ``status`` and ``certificate``, the certificate's ``to_json()`` (a
        strategy's document is under ``strategy`` too, its documented alias)."""
        cert = self.certificate
        return {**self.answer, "status": self.status.value, "certificate": None if cert is None else cert.to_json()}

    def write_json(self, out: TextIO) -> None:
        """Write :meth:`to_json` as one line as it is encoded (strategies share nodes: the text can
        be far larger than the objects)."""
        write_json(self.to_json(), out)

    def note(self) -> str | None:
        """Nothing on standard error: the text answer says it all."""
        return None

    def to_text(self) -> str:
        """What ``solve`` prints: the winner and the size and main line of the strategy (the JSON
        holds the strategy itself), or the winning starts, or the cat numbers."""
        a = self.answer
        if "exceeds" in a:
            return _threshold_text(a, self.status)
        if self.status is Status.UNKNOWN:
            w = a.get("winner")
            return f"unknown: the {w} wins; the time limit was reached while the strategy was written" if w \
                else "unknown"
        if "cat_number" in a:
            lines = [f"cat number {a['cat_number']} (cat speed {a['cat_speed']})"]
            if "value" in a:
                lines.append(f"from start {a['start']}: {plural(a['value'], 'deletion')}")
                cert = a.get("certificate")
                if cert:
                    lines.append(f"certificate: herder strategy {plural(len(cert['herder']['nodes']), 'node')}, "
                                 f"cat strategy {plural(len(cert['cat']['nodes']), 'node')}")
            per = a["per_vertex"]
            lines.append("per vertex: " + ", ".join(f"{v}={per[v]}" for v in _by_name(per)))
            return "\n".join(lines)
        if "winning_starts" in a:
            starts = a["winning_starts"]
            if not starts:
                return f"{a['game']}: the fugitive wins from no start"
            return f"{a['game']}: the fugitive wins from {plural(len(starts), 'start')}: " + listing(_by_name(starts))
        return "\n".join(self._play_lines(a))

    def _play_lines(self, a: dict[str, Any]) -> list[str]:
        lines = [f"{a['game']}: the {a['winner']} wins from {a['start']}"]
        strat = a.get("strategy")
        if a.get("strategy_note"):
            lines.append(a["strategy_note"])
        if strat:
            who = "fugitive" if player(strat) == "fugitive" else "Nemesis"
            lines.append(f"{who} strategy: {plural(strategy_size(strat), 'node')}" + _main_line(principal_line(strat)))
        lines += _tree_and_region(a.get("escape_tree"), a.get("trap_region"))
        return lines


def _threshold_text(a: dict[str, Any], status: Status) -> str:
    """The summary of a threshold answer (``exceeds``): the answer and what it rests on."""
    head = f"value from start {a['start']} more than {a['exceeds']}"
    if a.get("answer") is None:
        upper = "" if a.get("upper") is None else f", at most {a['upper']}"
        return f"unknown: {head}: not settled (at least {a['lower']}{upper})"
    if a["answer"]:
        return f"{head}: yes (at least {a['lower']}; {a['method']}; no certificate)"
    cert = a.get("certificate")
    if status is Status.UNKNOWN or cert is None:
        return (f"unknown: {head}: no (at most {a['upper']}), but the time limit was reached while the herder "
                "strategy was written")
    return f"{head}: no (at most {a['upper']}; herder strategy {plural(len(cert['herder']['nodes']), 'node')})"


def _main_line(line: Any) -> str:
    """``; main line: a -> b`` (nothing for a strategy that makes no move: the game is over at once)."""
    line = list(line)
    return "; main line: " + " -> ".join(line) if line else ""


def _by_name(names: Any) -> list[str]:
    """Vertex names in order: integers by value (``2`` before ``10``), then the others."""
    return sorted(names, key=lambda v: (0, int(v), "") if str(v).lstrip("-").isdigit() else (1, 0, str(v)))


def _tree_and_region(tree: Any, region: Any) -> list[str]:
    lines = []
    if tree:
        lines.append("binary escape tree: " + " ".join(f"{a}-{b}" for a, b in tree))
    if region is not None:
        lines.append(f"trap region (the Storm keeps him there): {plural(len(region), 'vertex')}")
    return lines


class LinearResult(Result):
    """The answer of the linear engine on a natively read graph: the strategy and the other
    documents stay JSON text (:class:`~escapology.nemesis.engines.linear_native.LinearAnswer`) until
    :attr:`answer` parses them; :meth:`write_json` writes them as they are."""

    def __init__(self, raw: Any, stats: dict[str, Any] | None = None) -> None:  # noqa: D107
        self.raw = raw
        self.status = Status.SOLVED
        self.stats = stats or {}
        self._parsed: dict[str, Any] | None = None

    @property  # type: ignore[override]
    def answer(self) -> dict[str, Any]:
        if self._parsed is None:
            self._parsed = self.raw.parsed()
        return self._parsed

    def write_json(self, out: TextIO) -> None:
        out.flush()
        binary = getattr(out, "buffer", None)
        if binary is None:  # a text stream without bytes below (some test runners)
            data = io.BytesIO()
            self.raw.write_json(data)
            out.write(data.getvalue().decode())
        else:
            self.raw.write_json(binary)
            binary.flush()

    def to_text(self) -> str:
        a = self.raw.answer
        lines = [f"{a['game']}: the {a['winner']} wins from {a['start']}"]
        if a.get("strategy_note"):
            lines.append(a["strategy_note"])
        if a.get("strategy") is not None:
            who = "fugitive" if a["winner"] == "fugitive" else "Nemesis"
            lines.append(f"{who} strategy: {plural(self.raw.nodes, 'node')}" + _main_line(self.raw.principal_line))
        tree, region = a.get("escape_tree"), a.get("trap_region")
        lines += _tree_and_region(json.loads(tree) if tree else None, None if region is None else json.loads(region))
        return "\n".join(lines)


def resolve_engine(engine: str | None = None, method: str | None = None) -> str:
    """The engine's name (:data:`ENGINES`) from ``engine=`` and the deprecated ``method=``
    (``exact``/``linear``) or ``engine="native"|"python"`` (with a :class:`DeprecationWarning`).

    >>> resolve_engine(), resolve_engine("linear-python")
    ('exact', 'linear-python')
    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     resolve_engine("python", "linear"), resolve_engine(method="linear"), resolve_engine("native")
    ('linear-python', 'linear', 'exact')
    >>> resolve_engine("linear", "exact")
    Traceback (most recent call last):
    ...
    escapology.core.errors.InputError: --method exact contradicts --engine linear (use --engine alone)
    """
    if method is not None:
        if method not in ("exact", "linear"):
            raise InputError(f"unknown method {method!r}; choose an engine: {', '.join(ENGINES)}")
        if engine in ENGINES and not engine.startswith(method):
            raise InputError(f"--method {method} contradicts --engine {engine} (use --engine alone)")
        warnings.warn("method= (--method) is deprecated: choose the engine with engine= (-e/--engine): "
                      + ", ".join(ENGINES), DeprecationWarning, stacklevel=3)
    if engine in ("native", "python"):
        warnings.warn(f"engine={engine!r} is deprecated: the engines are {', '.join(ENGINES)}",
                      DeprecationWarning, stacklevel=3)
        return (method or "exact") + ("-python" if engine == "python" else "")
    if engine is None:
        return method or "exact"
    if engine not in ENGINES:
        raise InputError(f"unknown engine {engine!r}; choose {', '.join(ENGINES)}")
    return engine


def solve(inst: Instance, *, engine: str | None = None, timeout: float | None = None, game: str = "nemesis",
          all_starts: bool | None = False, cat_speed: str = "unbounded", max_strategy_nodes: int | None = None,
          strategy_file: str | Path | None = None, memory: float | None = None,
          method: str | None = None, exceeds: int | None = None) -> Result:
    """The winner from the start with a winning strategy (``game`` nemesis or blizzard), the
    winning starts (``all_starts``; ``None``: when the instance has no start), or the cat number (``game="cat"``, ``cat_speed`` ``"1"`` or
    ``"unbounded"``). ``engine`` is one of :data:`ENGINES` (default ``exact``; module docstring);
    ``method=`` is its deprecated older name. A strategy of more than ``max_strategy_nodes`` nodes
    (default: no cap) is left out, with a note. ``unknown`` when ``timeout`` passes. ``memory`` is
    accepted as every game's ``solve`` takes it; the Nemesis searches take no memory limit.
    ``strategy_file`` (an exact engine, one start): the strategy is written to that file, streamed
    (:func:`escapology.nemesis.engines.exact.solve`), and the answer holds ``"strategy_file"``,
    ``"strategy_nodes"`` and a note instead of the strategy; check the file with :func:`check_file`
    (or ``escapology nemesis check``, which reads a large one as a stream). Errors name the file
    the instance was read from.

    ``exceeds=K`` (``game="cat"``, ``cat_speed="1"``, from the start) asks instead whether the Cat
    Herding value from the start is more than ``K``, by the threshold search
    (:func:`~escapology.nemesis.engines.cat_threshold.cat_exceeds`; it settles Corollary 6's
    instances, where the exact search cannot finish): ``answer`` ``True`` (no certificate: it rests
    on the clique lemma) or ``False`` with the herder's strategy as a :class:`HerderBound`
    (``value_at_most <= K``); ``unknown`` when neither side settles it in time. The engine plays no
    part in it."""
    name = resolve_engine(engine, method)
    deadline = Deadline(timeout)
    if exceeds is not None and all_starts is None:  # the threshold question is asked from the start
        all_starts = False
    if all_starts is None:  # what `escapology solve FILE` asks: from the start, else every start
        all_starts = inst.start is None
    refuse_strategy_file(strategy_file, engine=name, all_starts=all_starts, game=game)
    try:
        if exceeds is not None:
            return answering(_solve_threshold(inst, exceeds, game=game, cat_speed=cat_speed, all_starts=all_starts,
                                              deadline=deadline), inst)
        ng = getattr(inst, "native", None)
        if name == "linear" and not all_starts and game != "cat" and ng is not None:
            return answering(_solve_native_linear(inst, ng, game, deadline), inst)
        return answering(Result(Status.SOLVED, _answer(inst, game, all_starts=all_starts, engine=name,
                                                       cat_speed=cat_speed, deadline=deadline,
                                                       max_strategy_nodes=max_strategy_nodes,
                                                       strategy_file=strategy_file)), inst)
    except LimitReached as exc:
        known = getattr(exc, "winner", None)  # the time ran out while the strategy was written
        return answering(Result(Status.UNKNOWN, {"game": game, **({"winner": known} if known else {})}), inst)
    except InputError as exc:
        raise (exc.with_file(inst.source) if inst.source else exc) from None


def _solve_threshold(inst: Instance, k: int, *, game: str, cat_speed: str, all_starts: bool,
                     deadline: Deadline) -> Result:
    """``solve(..., exceeds=k)``: whether the Cat Herding value (cat speed 1) from the start is more
    than ``k`` (:func:`~escapology.nemesis.engines.cat_threshold.cat_exceeds`)."""
    if game != "cat":
        raise InputError(f"--exceeds is a Cat Herding question: use --game cat --cat-speed 1, not --game {game}")
    if all_starts:
        raise InputError("--exceeds answers from the start, not for every start (--all-starts)")
    if cat_speed != "1":
        raise InputError("--exceeds needs --cat-speed 1: the threshold search is for a cat of speed 1")
    if isinstance(k, bool) or not isinstance(k, int) or k < 0:
        raise InputError(f"--exceeds {k}: K is an integer >= 0")
    if inst.start is None:
        raise InputError("no start vertex: --exceeds asks about the start (add a start(V). fact or use --start)")
    from escapology.nemesis.engines.cat_threshold import cat_exceeds  # an engine: loaded when it runs

    g = inst.graph(deadline)
    r = cat_exceeds(g, g.index[inst.start], k, deadline=deadline)
    out: dict[str, Any] = {"game": "cat", "cat_speed": "1", "start": inst.start, "exceeds": k, "answer": r.exceeds,
                           "lower": r.lower, "upper": r.upper, "method": r.method, "nodes": r.nodes,
                           "certificate": None}
    if r.exceeds is False and r.herder is not None:
        out["certificate"] = {"value_at_most": r.upper, "start": inst.start, "herder": r.herder}
    settled = r.exceeds is True or out["certificate"] is not None
    return Result(Status.SOLVED if settled else Status.UNKNOWN, out)


def _solve_native_linear(inst: Instance, ng: Any, game: str, deadline: Deadline) -> Result:
    """The linear engine on a natively read graph: the deadline is looked at before and after
    (each takes seconds at most on millions of vertices)."""
    from escapology.nemesis.engines import linear_native  # an engine: loaded when it runs (start-up)

    if deadline.expired():
        return Result(Status.UNKNOWN, {"game": game})
    require_start(inst)
    answer = linear_native.solve(ng, game)
    if deadline.expired():
        return Result(Status.UNKNOWN, {"game": game, "winner": answer.winner})
    return LinearResult(answer)


def refuse_strategy_file(strategy_file: str | Path | None, *, engine: str = "exact", all_starts: bool = False,
                         game: str = "nemesis", method: str | None = None) -> None:
    """Raise :class:`~escapology.core.errors.InputError` when a strategy file is asked for where
    none is written (only an exact engine for one start, Nemesis or Blizzard, writes one), or in a
    directory that does not exist. ``method`` is the deprecated name of the engine's kind."""
    if strategy_file is None:
        return
    if (method or engine).startswith("linear") or all_starts or game == "cat":
        raise InputError("--strategy-file is written by the exact engines for one start "
                         "(not with --engine linear, --all-starts or --game cat)")
    if not Path(strategy_file).parent.is_dir():
        raise InputError(f"--strategy-file: no directory {Path(strategy_file).parent}")


def _answer(inst: Instance, game: str, *, all_starts: bool, engine: str, cat_speed: str, deadline: Deadline,
            max_strategy_nodes: int | None = None, strategy_file: str | Path | None = None) -> dict[str, Any]:
    """The JSON answer (raises LimitReached on timeout)."""
    native = "native" if not engine.endswith("-python") else "python"  # the exact searches' own switch
    g = inst.graph(deadline)
    if game == "cat":
        from escapology.nemesis.engines.cat import CertificateTooLarge, cat_certificate, new_cat_search  # an engine

        cs = new_cat_search(g, None if cat_speed == "unbounded" else 1, deadline, engine=native)
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
            out["start"] = inst.start
            out["value"] = per[inst.start]
            try:
                out["certificate"] = cat_certificate(cs, g.index[inst.start])
            except CertificateTooLarge:
                out["certificate"] = None
        return out
    if game not in ("nemesis", "blizzard"):
        raise ValueError(f"unknown game {game!r}; choose nemesis, blizzard or cat")
    linear = engine.startswith("linear")
    if all_starts:
        if linear:
            starts = _linear_starts(g, game, python=native == "python")
        else:
            from escapology.nemesis.engines.exact import winning_starts  # an engine: loaded when it runs

            starts = winning_starts(g, game, deadline=deadline, engine=native)
        return {"game": game, "winning_starts": [g.names[v] for v in starts]}
    require_start(inst)
    if linear:
        return solve_linear_python(g, game) if native == "python" else _solve_linear(g, game)
    from escapology.nemesis.engines.exact import solve as solve_graph  # an engine: loaded when it runs

    r = solve_graph(g, game, deadline=deadline, max_strategy=max_strategy_nodes, engine=native,
                    strategy_file=strategy_file)
    out = {"game": game, "start": inst.start, "winner": r.winner, "strategy": r.strategy, "nodes": r.nodes}
    if "strategy_file" in r.stats:
        out["strategy_file"] = r.stats["strategy_file"]
        out["strategy_nodes"] = r.stats["strategy_nodes"]
        out["strategy_note"] = (f"strategy of {plural(r.stats['strategy_nodes'], 'node', grouped=True)} written to {r.stats['strategy_file']}"
                                " (check it: escapology nemesis check INSTANCE FILE)")
    if "strategy_unwritten" in r.stats:
        why = r.stats["strategy_unwritten"]
        out["proven_by"] = why["proven_by"]
        out["strategy_note"] = (f"no strategy: the winner is exact (proven by {why['proven_by']}, a game on the graph "
                                f"with its heavy classes cut down: docs/nemesis.md), but no strategy on the whole graph "
                                f"was found in {why['seconds']:.0f} s")
    if "strategy_too_large" in r.stats:
        out["strategy_note"] = (f"strategy above {plural(r.stats['strategy_too_large'], 'node')} (--max-strategy-nodes), "
                                "not written")
    return out


def _linear_starts(g: Graph, game: str, *, python: bool = False) -> list[int]:
    from escapology.nemesis.engines import linear  # an engine: loaded when it runs

    if game == "blizzard":
        W, _ = linear.blizzard_winning_set(g)
        return [v for v in range(g.n) if not g.is_exit[v] and any(w in W for w, _ in g.adj[v])]
    ng = None if python else native_instance.from_graph(g)
    out = []
    for v in range(g.n):
        if not g.is_exit[v]:
            answer = solve_linear_python(g, game, v) if python else _solve_linear(g, game, v, ng)
            if answer["winner"] == "fugitive":
                out.append(v)
    return out


def _solve_linear(g: Graph, game: str, start: int | None = None, ng: Any = None) -> dict[str, Any]:
    """The answer of the linear method, natively (:mod:`escapology.nemesis.engines.linear_native`, the
    same documents as the Python reference :func:`solve_linear_python`, much faster)."""
    from escapology.nemesis.engines import linear_native  # an engine: loaded when it runs

    ng = ng if ng is not None else native_instance.from_graph(g)
    if ng is None:  # pragma: no cover - the package is built with its extension
        return solve_linear_python(g, game, start)
    return linear_native.solve(ng, game, start=start).parsed()


def solve_linear_python(g: Graph, game: str, start: int | None = None) -> dict[str, Any]:
    """The answer of the linear method by the Python reference (:mod:`escapology.nemesis.engines.linear`)."""
    from escapology.nemesis.engines import linear  # an engine: loaded when it runs

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
        raise InputError("--engine linear needs a tree or a graph of maximum degree 3 (or --game blizzard)") from None
    out = {"game": game, "start": g.names[s], "winner": w,
           "strategy": linear.subcubic_strategy(g, tree, s) if w == "fugitive" else None,
           "method": "Lemma 12 (maximum degree 3)"}
    if w == "fugitive":
        out["escape_tree"] = tree
    else:
        out["strategy_note"] = ("the linear method gives no Nemesis strategy on graphs of maximum degree 3; "
                                "--engine exact writes one")
    return out


def check(inst: Instance, certificate: Certificate | Result | Path | AnswerData, *, game: str | None = None,
          cat_speed: str = "unbounded", file: str | None = None) -> Verdict:
    """Verify a certificate against every reply of the opponent: ``Result.certificate`` (a
    :class:`Strategy`, :class:`CatCertificate` or :class:`TrapRegion`, judged as its JSON is), the
    :class:`Result`, a strategy document (or an earlier strategy tree), a Cat-and-Herder
    certificate, a binary escape tree ``{"root": r, "escape_tree_children": ...}``, a Blizzard
    ``{"trap_region": [...]}``, the ``to_json()`` object, or a :class:`~pathlib.Path` to a file of
    one (a large Nemesis strategy document is read as a stream: :func:`check_file`). The game is
    ``game``, else the object's ``"game"``, else Nemesis; a ``game`` that contradicts the object's
    is an :class:`InputError` naming both.

    ``file`` names the file the certificate was read from (what ``escapology nemesis check``
    passes): a file that holds no certificate at all (text, an answer without a strategy) and an
    instance without a start are then :class:`InputError`\\ s naming their files (exit 2), not
    rejections."""
    if isinstance(certificate, Path):
        return _check_path(inst, certificate, game=game, cat_speed=cat_speed)
    certificate = json_of(certificate)
    if file is not None:
        if _about_cat(certificate, game):  # Cat Herding has no exits (Corollary 6's instances)
            if inst.start is None:
                raise InputError("no start vertex: add a start(V). fact or use --start", file=inst.source)
        else:
            require_start(inst)
        _refuse_non_certificate(certificate, game, file)
    if inst.start is None:
        return Verdict.reject("the instance has no start vertex")
    with paused_gc():
        g = inst.graph()
    try:
        return check_graph(g, certificate, game=game, cat_speed=cat_speed)
    except InputError as exc:
        raise (exc.with_file(file) if file else exc) from None


def _about_cat(data: Any, game: str | None) -> bool:
    """Whether ``check`` judges a Cat Herding certificate (``--game cat``, the answer's ``game``,
    a bare certificate with a herder strategy)."""
    if game is not None:
        return game == "cat"
    return isinstance(data, dict) and (data.get("game") == "cat" or "herder" in data or "value_at_most" in data)


def _refuse_non_certificate(data: Any, game: str | None, file: str) -> None:
    if isinstance(data, str):
        raise InputError("not JSON: give what 'solve --format json' (or 'solve -o FILE') wrote, or a strategy",
                         file=file)
    if isinstance(data, dict) and "exceeds" in data and data.get("certificate") is None:
        raise InputError(_no_threshold_certificate(data), file=file)
    if isinstance(data, dict) and "winner" in data and data.get("strategy") is None and "trap_region" not in data:
        raise InputError("the file holds no strategy" + (f" ({data['strategy_note']})" if data.get("strategy_note")
                                                         else ""), file=file)
    if not isinstance(data, dict) and game == "cat":
        raise InputError("the file holds no Cat Herding certificate", file=file)


def _no_threshold_certificate(data: dict[str, Any]) -> str:
    """Why a threshold answer (``solve --exceeds K``) holds no certificate."""
    if data.get("answer") is True:
        return (f"the answer 'more than {data['exceeds']}: yes' holds no certificate (the threshold search proves "
                "a yes by the clique lemma and writes no cat strategy): there is nothing to check")
    if data.get("answer") is False:
        return "the file holds no herder strategy (the time limit was reached while it was written)"
    return "the answer is unknown: there is no certificate to check"


def _check_path(inst: Instance, path: Path, *, game: str | None, cat_speed: str) -> Verdict:
    """The verdict on the certificate in the file ``path``: streamed when it is a large Nemesis
    strategy document (:data:`STREAM_BYTES`), else read whole; errors name the file."""
    if game != "cat" and streamed_nemesis_document(path, STREAM_BYTES) is not None:
        require_start(inst)
        try:
            return check_file(inst, path, game=game)
        except InputError as exc:
            raise exc.with_file(str(path)) from None
    data, name = read_certificate(path)
    return check(inst, data, game=game, cat_speed=cat_speed, file=name)


def read_certificate(source: str | Path) -> tuple[Any, str]:
    """``(certificate, name)`` of what ``check`` reads from ``source`` (a path or ``"-"``): a
    large Nemesis strategy document stays its :class:`~pathlib.Path` (:func:`check` streams it),
    anything else is read whole (:func:`escapology.core.cli_support.read_certificate`)."""
    from escapology.core.cli_support import read_certificate as read_whole  # typer: only files read need it

    if str(source) != "-" and streamed_nemesis_document(source, STREAM_BYTES) is not None:
        return Path(source), str(source)
    with paused_gc():  # millions of small objects, no cycles: collections would only walk them
        return read_whole(source)


def check_graph(g: Graph, certificate: Any, *, game: str | None = None, cat_speed: str = "unbounded") -> Verdict:
    """:func:`check` on the indexed graph (what ``escapology nemesis check`` runs on a graph it read
    natively, :func:`escapology.nemesis.native_instance.graph`)."""
    with paused_gc():
        return _check_graph(g, certificate, game=game, cat_speed=cat_speed)


def check_file(inst: Instance | Graph, path: str | Path, *, game: str | None = None) -> Verdict:
    """:func:`check` for a Nemesis (or Blizzard: ``game="blizzard"``) strategy document in a file,
    read one node at a time into flat arrays: the same independent checker and verdicts as
    :func:`check`, in about 70 bytes per strategy node instead of a kilobyte, which is what checks
    the tens of millions of nodes of the 12 x 12 and 13 x 13 grids' strategies
    (:func:`escapology.nemesis.checkers.check.check_strategy_file`). ``escapology nemesis check`` takes
    this way by itself for such files of 32 MiB or more. A file that is not JSON raises
    :class:`~escapology.core.errors.InputError`.

    >>> import json, tempfile
    >>> inst = load("examples/nemesis/small.lp")
    >>> with tempfile.NamedTemporaryFile("w", suffix=".json") as fh:
    ...     _ = fh.write(json.dumps(solve(inst).certificate.to_json())); fh.flush()
    ...     check_file(inst, fh.name).ok
    True
    """
    from escapology.nemesis.checkers.check import check_strategy_file  # the checkers: loaded when one runs

    with paused_gc():  # millions of small objects, no cycles: collections would only walk them
        g = inst.graph() if isinstance(inst, Instance) else inst
    if g.start is None:
        return Verdict.reject("the instance has no start vertex")
    if game not in (None, "nemesis", "blizzard"):
        return Verdict.reject(f"check_file reads Nemesis and Blizzard strategies, not {game}")
    with paused_gc():
        ok, msg = check_strategy_file(g, game or "nemesis", g.start, path)
    return Verdict(True, [], msg) if ok else Verdict.reject(msg)


@every_copy("strategy", "trap_region")
def _check_graph(g: Graph, certificate: Any, *, game: str | None, cat_speed: str) -> Verdict:
    if g.start is None:
        return Verdict.reject("the instance has no start vertex")
    data = json_of(certificate)
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
    try:
        ok, msg = _judge(g, data, gname, cat_speed)
    except ContradictoryAnswer as exc:
        return Verdict.reject(str(exc))
    return Verdict(True, [], msg) if ok else Verdict.reject(msg)


def _judge(g: Graph, data: dict[str, Any], gname: str, cat_speed: str) -> tuple[bool, str]:
    """The checker's verdict on an answer object (or a bare certificate) of the game ``gname``."""
    from escapology.nemesis.checkers.check import check_cat, check_strategy  # the checkers: loaded when one runs
    from escapology.nemesis.checkers.nemesis import check_trap_region  # the checkers: loaded when one runs

    start = g.names[g.start]
    said = data.get("start")
    if said is not None and not is_document(data) and str(said) != start:
        return False, f"the answer is about the start {said}, the instance starts on {start}"
    if "escape_tree_children" in data:
        return _check_tree(g, data)
    if "exceeds" in data or "value_at_most" in data:
        return _check_threshold(g, data)
    if gname == "cat" or "herder" in data:
        cert = data.get("certificate", data) if "herder" not in data else data
        if not isinstance(cert, dict):
            return False, "the file holds no Cat Herding certificate"
        if cert.get("start") is not None and str(cert["start"]) != start:
            return False, f"the certificate is about the start {cert['start']}, the instance starts on {start}"
        speed_name = data.get("cat_speed", cat_speed)
        ok, msg = check_cat(g, g.start, cert, speed=None if speed_name == "unbounded" else 1)
        if ok and cert is not data and "value" in data and data["value"] != cert.get("value"):
            ok, msg = False, (f"the answer claims {plural(data['value'], 'deletion')} from the start, its "
                              f"certificate proves {cert.get('value')}")
        return ok, msg
    if "trap_region" in data or isinstance(data.get("certificate"), dict) and "trap_region" in data["certificate"]:
        cert = data.get("certificate")
        region, theirs = data.get("trap_region"), cert.get("trap_region") if isinstance(cert, dict) else None
        if region is not None and theirs is not None and sorted(map(str, region)) != sorted(map(str, theirs)):
            raise ContradictoryAnswer("the answer holds two different certificates: its 'trap_region' and its 'certificate'")
        region = region if region is not None else theirs
        if gname != "blizzard":
            return False, "a trap region proves a win of Blizzard's Storm, not of the Nemesis"
        return check_trap_region(g, g.start, region)
    if is_document(data) or "winner" not in data and player(data) is not None:
        strat = data
    else:
        strat = own_certificate(data, "strategy")
    if strat is None:
        return False, "the file holds no strategy"
    ok, msg = check_strategy(g, gname, g.start, strat)
    if ok and "winner" in data:
        claimed, actual = data["winner"], player(strat)
        if claimed != actual:
            ok, msg = False, f"the file claims the {claimed} wins but holds a {actual} strategy"
    return ok, msg


def _check_threshold(g: Graph, data: dict[str, Any]) -> tuple[bool, str]:
    """A threshold answer (``solve --exceeds K``) or its :class:`HerderBound`: the herder strategy
    isolates the cat (speed 1, the only speed the threshold search answers) within
    ``value_at_most`` deletions, and, for an answer, ``value_at_most <= K`` (so not more than ``K``)."""
    from escapology.nemesis.checkers.check import check_herder  # the checkers: loaded when one runs

    start = g.names[g.start]
    answer = "exceeds" in data
    if answer and data.get("answer") is not False:
        return False, _no_threshold_certificate(data)
    if answer and str(data.get("cat_speed", "1")) != "1":
        return False, "a threshold answer is about a cat of speed 1"
    cert = data.get("certificate") if answer else data
    try:
        bound = HerderBound.from_json(cert)
    except ValueError as exc:
        return False, str(exc)
    if bound.start is not None and bound.start != start:
        return False, f"the certificate is about the start {bound.start}, the instance starts on {start}"
    k = data.get("exceeds")
    if answer and (not isinstance(k, int) or isinstance(k, bool)):
        return False, "'exceeds' is an integer K"
    if answer and bound.value_at_most > k:
        return False, (f"the certificate bounds the value by {bound.value_at_most}, more than {k}: it does not "
                       f"prove 'not more than {k}'")
    if answer and data.get("upper") is not None and data["upper"] != bound.value_at_most:
        return False, (f"the answer claims at most {data['upper']}, its certificate bounds the value by "
                       f"{bound.value_at_most}")
    ok, msg = check_herder(g, g.start, bound.herder.to_json(), bound.value_at_most, speed=1)
    if ok and answer:
        msg += f": the value from {start} is not more than {k}"
    return ok, msg


def _check_tree(g: Graph, data: dict[str, Any]) -> tuple[bool, str]:
    """A binary escape tree (Definition 10) at ``data["root"]``; files of the earlier form (no
    root: the start with one child) are read with that child as the root."""
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


def generate(*, size: int | None = None, seed: int = 0, kind: str = "random", p: float | None = None,
             exits: int = 2, rows: int | None = None, cols: int | None = None,
             source: str | Path | None = None) -> Instance:
    """A new instance of ``kind`` (:data:`KINDS`): ``random`` (``size`` vertices, default 12, edge
    probability ``p``, default 0.3), ``tree`` or ``subcubic``, with ``exits`` exits; ``grid`` the
    ``size`` x ``size`` grid of the paper's Fig. 4 (default 11; ``rows`` x ``cols`` for a
    rectangle; no randomness); or a reduction of the instance in ``source`` (``merge-exits``,
    ``two-exits``, ``cat``: Cat Herding with speed 1, its note in the instance's ``comment``) or of
    the DIMACS CNF in ``source`` (``lsat``: Theorem 3's escape-tree instance)."""
    from escapology.nemesis import reductions  # a dozen modules: only the reduced kinds need them

    n = 12 if size is None else size
    if kind in ("random", "tree", "subcubic") and n < 2:
        what = {"random": "a random graph", "tree": "a tree", "subcubic": "a subcubic graph"}[kind]
        raise InputError(f"--size {n}: {what} needs at least 2 vertices (a start and an exit)")
    if kind == "random":
        return generator.random_graph(n, 0.3 if p is None else p, exits=exits, seed=seed)
    if kind == "tree":
        return generator.random_tree(n, exits=exits, seed=seed)
    if kind == "subcubic":
        return generator.random_subcubic(n, exits=exits, seed=seed)
    if kind == "grid":  # the K x K grid of Fig. 4 for size K; rows/cols for rectangles
        rows = rows if rows is not None else (size if size is not None else 11)
        cols = cols if cols is not None else (size if size is not None else 11)
        if rows * cols > sizes.MAX_VERTICES:
            raise InputError(f"a {rows} x {cols} grid has more than {sizes.MAX_VERTICES} vertices")
        return generator.grid(rows, cols)
    if kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}; choose {', '.join(KINDS)}")
    if source is None:
        raise InputError(f"generate {kind} needs --from FILE")
    if kind == "lsat":
        text, name = read_source(Path(source) if str(source) != "-" else "-")
        return reductions.lsat_to_escape_tree(reductions.parse_dimacs(text, file=name))
    base = load(Path(source) if str(source) != "-" else "-")
    if kind == "merge-exits":
        return reductions.merge_exits(base)
    if kind == "two-exits":
        return reductions.two_exits(base)
    cats = reductions.nemesis_to_cat(base)
    if not cats:
        raise InputError("the start is next to an exit: the fugitive wins at once", file=str(source))
    inst, k = cats[0]
    # the exact search answers these small instances with both sides' strategies (the threshold
    # search, `--exceeds`, writes none for a yes)
    inst.comment = (f"% Cat Herding (cat speed 1) from {inst.start}: the fugitive wins the source via this\n"
                    f"% first move iff the cat number from start is >= {k}; {plural(len(cats), 'instance')} in all.\n"
                    "% " + nio.answer_with("--game cat --cat-speed 1"))
    return inst


def winning_region(inst: Instance, game: str = "nemesis", *, timeout: float | None = 20.0) -> set[str] | None:
    """The starts from which the fugitive wins (the exact search), or ``None`` when that takes
    longer than ``timeout`` seconds (``None``: 20 s) or the game is Cat Herding."""
    from escapology.nemesis.engines.exact import winning_starts  # an engine: loaded when it runs

    if game == "cat":
        return None
    g = inst.graph()
    try:
        return {g.names[v] for v in winning_starts(g, game, deadline=Deadline(20.0 if timeout is None else timeout))}
    except LimitReached:
        return None


def strategy_of(certificate: Any) -> dict[str, Any] | None:
    """The strategy (or Cat-and-Herder certificate) a picture draws from a certificate, as JSON:
    the :class:`Result`, its ``to_json()`` object, ``Result.certificate``, or the strategy itself."""
    strategy = certificate.to_json() if isinstance(certificate, Result) else json_of(certificate)
    if isinstance(strategy, dict) and "winner" in strategy:
        strategy = strategy.get("strategy")
    return strategy if isinstance(strategy, dict) else None


def render(inst: Instance, certificate: Certificate | Result | AnswerData | None = None, *, game: str = "nemesis",
           region: bool = False, timeout: float | None = None) -> Svg:
    """The graph with exits and start, and a strategy's line of play when given; with ``region``,
    the winning starts of ``game`` shaded (:func:`winning_region`, left out when they take longer
    than ``timeout``, default 20 s)."""
    winning = winning_region(inst, game, timeout=timeout) if region else None
    return picture(inst, winning=winning, strategy=strategy_of(certificate))
