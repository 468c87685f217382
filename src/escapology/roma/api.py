"""Roma's side of the protocol (:mod:`escapology.core.protocol`): load, solve (with the proof of
uniqueness), check, generate, render. Counting stays :func:`~escapology.roma.sat.count` and
:func:`~escapology.roma.dp.count_dp`, hints :func:`~escapology.roma.hints.minimal_hints`.

>>> from escapology.roma import load, solve, check
>>> p = load("https://puzz.link/p?roma/3/3/70og4a322c5")
>>> r = solve(p, timeout=10)
>>> r.status.value, r.unique, r.certificate
('solved', True, ('>v<', 'vv^', '>>O'))
>>> check(p, r.certificate).ok, check(p, r.to_json()).ok
(True, True)
>>> check(p, (">v<", "v<^", ">>O")).errors
["given: cell (1,1) must hold the given 'v', not '<'"]

``unique`` is ``None`` when uniqueness was not settled (``unique=False``, a time limit, or no
solution):

>>> solve(p, unique=False).to_json()["unique"] is None
True
"""

from __future__ import annotations

import re
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence, Union

from escapology.core.errors import InputError
from escapology.core.limits import Deadline
from escapology.core.pictures import DrawnResult
from escapology.core.protocol import AnswerData, ContradictoryAnswer, TEXT, Text, Verdict, every_copy, own_certificate, read_source
from escapology.core.protocol import Result as ProtocolResult
from escapology.core.results import Status
from escapology.core.svg import Svg
from escapology.roma.checker import violations
from escapology.roma.graph import GraphRoma, count_graph, is_graph_solution, read_graph_facts, solve_graph
from escapology.roma.io import Entry, decode_url, encode_url, read_puzzles, sniff
from escapology.roma.model import Arrows, Puzzle, Solution

if TYPE_CHECKING:  # the SAT solver's answer; python-sat is loaded when a puzzle is solved
    from escapology.roma.sat import SolveResult

__all__ = ["ENGINES", "Result", "GraphResult", "load", "load_entries", "split", "solve", "check", "generate",
           "render"]

Instance = Union[Puzzle, GraphRoma]

_URL_LIKE = re.compile(r"://|^(roma|rome)/|\?(roma|rome)/")

#: The engines (``engine=``), the default first: the SAT encoding (:mod:`escapology.roma.sat`) run
#: by one of three SAT solvers, and the Lemma 12 search tree (:mod:`escapology.roma.branch`).
#: ``engine="sat"`` (the name before the engines were one list) is ``glucose4``; any other
#: python-sat solver name runs the SAT encoding with that solver.
ENGINES = ("glucose4", "maplechrono", "minisat22", "branch")
#: Old engine names and what they stand for.
ENGINE_ALIASES = {"sat": ENGINES[0]}


def is_url(text: str) -> bool:
    """Whether ``text`` (one line) is a puzz.link URL or a ``roma/...`` id: the puzzle itself, not
    a file name.

    >>> is_url("https://puzz.link/p?roma/3/3/70og4a322c5"), is_url("puzzles.txt")
    (True, False)
    """
    return "\n" not in text.strip() and bool(_URL_LIKE.search(text.strip()))


def _is_text(s: str) -> bool:
    try:
        return bool(_URL_LIKE.search(s)) or sniff(s) is not None
    except Exception:  # sniffing never fails loudly
        return False


def _is_file(s: str) -> bool:
    """Whether ``s`` names an existing file (a long URL is no file name: the OS refuses it)."""
    try:
        return Path(s).exists()
    except OSError:
        return False


def load(source: str | Path | Text, *, deadline: Deadline | None = None, strict: bool = False) -> Instance:
    """A puzzle from a puzz.link URL, a path, ``"-"`` or the text itself (a URL, pzprv3, the
    ``roma`` text grid or ASP facts); of a file with several puzzles the first (all of them:
    :func:`load_entries`). Generalized Roma graph facts give a
    :class:`~escapology.roma.graph.GraphRoma`. ``strict``: a puzzle outside the paper's
    Definition 1 is an :class:`InputError` (see :meth:`Puzzle.strict_violations`)."""
    found = load_entries(source, strict=strict, deadline=deadline)
    return found if isinstance(found, GraphRoma) else found[0].puzzle


def load_entries(source: str | Path | Text, *, strict: bool = False,
                 deadline: Deadline | None = None) -> list[Entry] | GraphRoma:
    """Every puzzle ``source`` holds (see :func:`load`), each with the solution or partial answer
    its file gives and its line; a generalized Roma graph is returned as it is. A file of many
    puzzles polls ``deadline`` as it reads (:class:`~escapology.core.limits.LimitReached`)."""
    if isinstance(source, str) and is_url(source) and not _is_file(source):
        source = Text(source, TEXT)
    text, name = read_source(source, is_text=_is_text)
    if name == TEXT and is_url(text):  # the URL itself, not a file: its errors name no file
        entries, name = [Entry(decode_url(text))], "<url>"
    elif sniff(text, deadline) == "graph":
        try:
            return read_graph_facts(text, file=name)
        except InputError as exc:
            raise exc.with_file(name) from None
    else:
        try:
            entries = read_puzzles(text, file=name, deadline=deadline)
        except InputError as exc:
            raise exc.with_file(name) from None
    if strict:
        for e in entries:
            bad = e.puzzle.strict_violations()
            if bad:
                raise InputError("not a strict Roma instance: " + "; ".join(bad), file=name, line=e.line)
    return entries


def split(text: str) -> list[str]:
    """The texts of the puzzles a file holds, each for :func:`load`: one per line of a file of
    puzz.link URLs (or Rome ids), else the whole text (the protocol's optional ``split``).

    >>> split("# two\\nhttps://puzz.link/p?roma/3/3/70og4a322c5\\n\\nroma/3/3/70og4a322c5\\n")
    ['https://puzz.link/p?roma/3/3/70og4a322c5', 'roma/3/3/70og4a322c5']
    """
    if sniff(text) not in ("url", "rome"):
        return [text]
    lines = (ln.strip() for ln in text.splitlines())
    return [ln for ln in lines if ln and not ln.startswith(("#", "%"))]


@dataclass
class Result(ProtocolResult[Arrows], DrawnResult):
    """A grid puzzle's answer: the protocol's :class:`Result`.

    ``certificate`` is the solution, :class:`~escapology.roma.model.Arrows` (rows over
    ``^ v < > O``); ``unique`` is ``True`` (proven),
    ``False`` (``second`` is another solution) or ``None`` (not settled).
    """

    puzzle: Puzzle
    answer: SolveResult
    stats: dict[str, Any] = field(default_factory=dict)

    @property
    def instance(self) -> Puzzle:
        """The puzzle answered, :attr:`puzzle` (the name every game's result gives it; a notebook
        draws the solution on it, :class:`~escapology.core.pictures.DrawnResult`)."""
        return self.puzzle

    @property
    def status(self) -> Status:
        return self.answer.status

    @property
    def certificate(self) -> Arrows | None:
        return Arrows(self.answer.solution) if self.status is Status.SOLVED and self.answer.solution else None

    @property
    def solution(self) -> Solution | None:
        return self.answer.solution

    @property
    def unique(self) -> bool | None:
        return self.answer.unique

    @property
    def second(self) -> Solution | None:
        return self.answer.second

    def to_text(self) -> str:
        """What ``escapology roma solve`` prints: the board with the arrows (what ``check`` reads
        back) and whether the solution is unique, with a second solution when it is not."""
        from escapology.roma.drawing import text_board  # the drawing code: only text answers need it

        res, ms = self.answer, self.stats.get("time_ms", 0.0)
        if res.status is Status.UNSOLVABLE:
            return "unsolvable: no arrows satisfy the rules"
        if res.status is Status.UNKNOWN:
            return "unknown: a solution was found, its uniqueness is not settled" if res.solution else "unknown"
        assert res.solution is not None
        lines = [text_board(self.puzzle, res.solution)]
        if res.unique:
            lines.append(f"solved; the solution is unique ({ms:.1f} ms)")
        elif res.second is not None:
            lines += ["solved; NOT unique, a second solution:", *res.second]
        else:
            lines.append(f"solved ({ms:.1f} ms); uniqueness not tested")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        """The object of ``escapology roma solve --format json``: ``status``, ``unique`` (``null``
        when not settled), ``solution``, ``url``, ``second_solution`` (when not unique),
        ``time_ms``, and ``certificate`` (the solution)."""
        res = self.answer
        obj: dict[str, Any] = {
            "status": res.status.value, "unique": res.unique,
            "solution": list(res.solution) if res.solution else None, "url": encode_url(self.puzzle),
        }
        if res.second is not None:
            obj["second_solution"] = list(res.second)
        if "time_ms" in self.stats:
            obj["time_ms"] = self.stats["time_ms"]
        obj["certificate"] = list(res.solution) if res.solution and res.status is Status.SOLVED else None
        return obj


@dataclass
class GraphResult:
    """A generalized Roma graph's answer: ``certificate`` maps every vertex to its successor."""

    graph: GraphRoma
    successors: dict[Any, Any] | None
    unique: bool | None
    stats: dict[str, Any] = field(default_factory=dict)

    @property
    def status(self) -> Status:
        return Status.SOLVED if self.successors is not None else Status.UNSOLVABLE

    @property
    def certificate(self) -> dict[Any, Any] | None:
        return self.successors

    def to_text(self) -> str:
        """One ``v -> w`` line per vertex and whether the solution is unique."""
        if self.successors is None:
            return "unsolvable: no choice of arcs leads every vertex to Rome"
        pairs = self.to_json()["solution"] or []
        verdict = {True: "the solution is unique", False: "NOT unique", None: "uniqueness not tested"}[self.unique]
        return "\n".join([*(f"{v} -> {w}" for v, w in pairs), f"solved; {verdict}"])

    def to_json(self) -> dict[str, Any]:
        """``{"status", "unique", "solution": [[v, w], ...], "certificate"}``."""
        pairs = sorted(([str(v), str(w)] for v, w in self.successors.items()), key=str) if self.successors else None
        return {"status": self.status.value, "unique": self.unique, "solution": pairs, "certificate": pairs}


def engine_name(engine: str | None = None, solver: str | None = None) -> str:
    """The engine ``engine=`` (and the deprecated ``solver=``) choose: a name of :data:`ENGINES`
    (or another python-sat solver's name); ``solver=X`` is ``engine=X`` with a
    :class:`DeprecationWarning`.

    >>> engine_name(), engine_name("sat"), engine_name("branch")
    ('glucose4', 'glucose4', 'branch')
    """
    if solver is not None:
        warnings.warn("roma.solve(solver=...) is deprecated: the SAT solver is the engine, "
                      f"solve(engine={solver!r})", DeprecationWarning, stacklevel=3)
        if engine not in (None, "sat"):
            if engine == "branch":
                return engine
            raise InputError(f"give the engine once: engine={engine!r} and solver={solver!r} differ")
        engine = solver
    engine = ENGINE_ALIASES.get(engine or ENGINES[0], engine or ENGINES[0])
    if engine not in ENGINES:
        from pysat.solvers import SolverNames  # python-sat (~60 ms; roma.api is on `roma --help`): other solvers only

        if not any(engine in names for names in vars(SolverNames).values() if isinstance(names, tuple)):
            raise InputError(f"unknown engine {engine!r} (use {', '.join(ENGINES)})")
    return engine


def solve(inst: Instance, *, timeout: float | None = None, unique: bool = True, engine: str | None = None,
          memory: float | None = None, solver: str | None = None) -> Result | GraphResult:
    """Solve with the SAT encoding run by a SAT solver (``engine="glucose4"``, the default, or
    ``"maplechrono"``, ``"minisat22"``: :data:`ENGINES`) or the Lemma 12 search tree
    (``engine="branch"``, :func:`~escapology.roma.branch.solve_branch`) and, with ``unique``, prove
    the solution unique or find a second one; a generalized graph is solved by search (no time
    limit). ``solver=`` is the deprecated name of ``engine=``; ``memory`` (MiB) is not used (no
    Roma engine plans its memory)."""
    engine = engine_name(engine, solver)
    if isinstance(inst, GraphRoma):
        succ = solve_graph(inst)
        return GraphResult(inst, succ, (count_graph(inst, cap=2) == 1) if succ is not None and unique else None)
    from escapology.roma.sat import solve as solve_sat  # python-sat: loaded when a puzzle is solved

    t0 = time.perf_counter()
    if engine == "branch":
        from escapology.roma.branch import solve_branch  # the search tree engine, loaded when chosen

        res = solve_branch(inst, timeout=timeout, uniqueness=unique)
    else:
        res = solve_sat(inst, timeout=timeout, uniqueness=unique, solver=engine)
    ms = (time.perf_counter() - t0) * 1000
    return Result(inst, res, {**res.stats, "time_ms": round(ms, 3)})


def _rows(certificate: Any) -> Any:
    if isinstance(certificate, (Result, GraphResult)):
        return certificate.certificate
    if isinstance(certificate, dict):
        status = certificate.get("status", "solved")
        if status != "solved":
            return f"the answer is {status}: there is no solution to check"
        try:
            return own_certificate(certificate, "solution")
        except ContradictoryAnswer as exc:
            return str(exc)
    if isinstance(certificate, str):
        return tuple(r for r in certificate.replace("/", "\n").replace(",", "\n").split() if r)
    return certificate


@every_copy("solution")
def check(inst: Instance, certificate: Result | Solution | AnswerData) -> Verdict:
    """Name every violation of a solution (``Result.certificate``, rows as a list or as text
    ``">v</vv^/>>O"``, or the ``to_json()`` object); each error is ``kind: message``."""
    rows = _rows(certificate)
    if isinstance(rows, str):
        return Verdict.reject(rows)
    if rows is None:
        return Verdict.reject("there is no solution to check")
    if isinstance(inst, GraphRoma):
        succ = dict(rows.items()) if isinstance(rows, dict) else {v: w for v, w in rows}
        names = {str(v): v for v in inst.graph.nodes}
        succ = {names.get(str(v), v): names.get(str(w), w) for v, w in succ.items()}
        return Verdict.from_errors(is_graph_solution(inst, succ), "valid: every path leads to Rome")
    if not isinstance(rows, (list, tuple)) or not all(isinstance(r, str) for r in rows):
        return Verdict.reject("a solution is a list of rows over ^ v < > O")
    broken = violations(inst, rows)
    verdict = Verdict.from_errors([f"{v.kind}: {v.message}" for v in broken], "valid: every path leads to Rome")
    return Verdict(verdict.ok, verdict.errors, verdict.summary, {"violations": [v.to_json() for v in broken]})


def generate(*, size: int | None = None, seed: int = 0, cols: int | None = None,
             **options: int | str | bool | float | Sequence[str] | None) -> Puzzle:
    """A puzzle with a unique solution and few givens on a ``size`` x ``size`` board (default 6;
    ``cols`` for a rectangle); ``options`` are those of
    :func:`~escapology.roma.generator.generate` (``max_box``, ``goals``, ``grade``, ``shapes``, ...)."""
    from escapology.roma.generator import generate as generate_puzzle  # python-sat: only generate needs it

    rows = 6 if size is None else size
    return generate_puzzle(rows, cols or rows, seed=seed, **options).puzzle


def render(inst: Instance, certificate: Result | Solution | AnswerData | None = None) -> Svg:
    """The puzzle as a printed puzzle looks, with the solution's arrows when given."""
    from escapology.roma.drawing import render_svg  # the drawing code: only render needs it

    if isinstance(inst, GraphRoma):
        raise InputError("a generalized Roma graph has no picture; draw the grid puzzles")
    rows = _rows(certificate) if certificate is not None else None
    if isinstance(rows, str):
        raise InputError(rows)
    return render_svg(inst, rows)
