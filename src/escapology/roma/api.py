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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Union

from escapology.core.errors import InputError
from escapology.core.protocol import Verdict, read_source
from escapology.core.results import Status
from escapology.core.svg import Svg
from escapology.roma.checker import violations
from escapology.roma.graph import GraphRoma
from escapology.roma.io import decode_url, encode_url, read_puzzles, sniff
from escapology.roma.model import Puzzle, Solution
from escapology.roma.sat import SolveResult

__all__ = ["Result", "GraphResult", "load", "split", "solve", "check", "generate", "render"]

Instance = Union[Puzzle, GraphRoma]

_URL_LIKE = re.compile(r"://|^(roma|rome)/|\?(roma|rome)/")


def _is_text(s: str) -> bool:
    try:
        return bool(_URL_LIKE.search(s)) or sniff(s) is not None
    except Exception:  # sniffing never fails loudly
        return False


def load(source: str | Path) -> Instance:
    """A puzzle from a puzz.link URL, a path, ``"-"`` or the text itself (a URL, pzprv3, the
    ``roma`` text grid or ASP facts); of a file with several puzzles the first (all of them:
    :func:`~escapology.roma.io.read_puzzles`). Generalized Roma graph facts give a
    :class:`~escapology.roma.graph.GraphRoma`."""
    if isinstance(source, str) and "\n" not in source.strip() and _URL_LIKE.search(source.strip()) \
            and not Path(source).exists():
        return decode_url(source)
    text, name = read_source(source, is_text=_is_text)
    if sniff(text) == "graph":
        from escapology.roma.graph import read_graph_facts

        try:
            return read_graph_facts(text, file=name)
        except InputError as exc:
            raise exc.with_file(name) from None
    try:
        return read_puzzles(text, file=name)[0].puzzle
    except InputError as exc:
        raise exc.with_file(name) from None


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
class Result:
    """A grid puzzle's answer: the protocol's :class:`Result`.

    ``certificate`` is the solution (rows over ``^ v < > O``); ``unique`` is ``True`` (proven),
    ``False`` (``second`` is another solution) or ``None`` (not settled).
    """

    puzzle: Puzzle
    answer: SolveResult
    stats: dict[str, Any] = field(default_factory=dict)

    @property
    def status(self) -> Status:
        return self.answer.status

    @property
    def certificate(self) -> Solution | None:
        return self.answer.solution if self.status is Status.SOLVED else None

    @property
    def solution(self) -> Solution | None:
        return self.answer.solution

    @property
    def unique(self) -> bool | None:
        return self.answer.unique

    @property
    def second(self) -> Solution | None:
        return self.answer.second

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

    def to_json(self) -> dict[str, Any]:
        """``{"status", "unique", "solution": [[v, w], ...], "certificate"}``."""
        pairs = sorted(([str(v), str(w)] for v, w in self.successors.items()), key=str) if self.successors else None
        return {"status": self.status.value, "unique": self.unique, "solution": pairs, "certificate": pairs}


ENGINES = ("sat", "branch")


def solve(inst: Instance, *, timeout: float | None = None, unique: bool = True, solver: str | None = None,
          engine: str = "sat") -> Result | GraphResult:
    """Solve with the SAT encoding (``engine="sat"``) or the Lemma 12 search tree
    (``engine="branch"``, :func:`~escapology.roma.branch.solve_branch`) and, with ``unique``, prove
    the solution unique or find a second one; a generalized graph is solved by search (no time limit)."""
    if engine not in ENGINES:
        raise InputError(f"unknown engine {engine!r} (use {', '.join(ENGINES)})")
    if isinstance(inst, GraphRoma):
        from escapology.roma.graph import count_graph, solve_graph

        succ = solve_graph(inst)
        return GraphResult(inst, succ, (count_graph(inst, cap=2) == 1) if succ is not None and unique else None)
    from escapology.roma.sat import DEFAULT_SOLVER
    from escapology.roma.sat import solve as solve_sat

    t0 = time.perf_counter()
    if engine == "branch":
        from escapology.roma.branch import solve_branch

        res = solve_branch(inst, timeout=timeout, uniqueness=unique)
    else:
        res = solve_sat(inst, timeout=timeout, uniqueness=unique, solver=solver or DEFAULT_SOLVER)
    ms = (time.perf_counter() - t0) * 1000
    return Result(inst, res, {**res.stats, "time_ms": round(ms, 3)})


def _rows(certificate: Any) -> Any:
    if isinstance(certificate, (Result, GraphResult)):
        return certificate.certificate
    if isinstance(certificate, dict):
        status = certificate.get("status", "solved")
        if status != "solved":
            return f"the answer is {status}: there is no solution to check"
        return certificate["solution"] if "solution" in certificate else certificate.get("certificate")
    if isinstance(certificate, str):
        return tuple(r for r in certificate.replace("/", "\n").replace(",", "\n").split() if r)
    return certificate


def check(inst: Instance, certificate: Any) -> Verdict:
    """Name every violation of a solution (``Result.certificate``, rows as a list or as text
    ``">v</vv^/>>O"``, or the ``to_json()`` object); each error is ``kind: message``."""
    rows = _rows(certificate)
    if isinstance(rows, str):
        return Verdict.reject(rows)
    if rows is None:
        return Verdict.reject("there is no solution to check")
    if isinstance(inst, GraphRoma):
        from escapology.roma.graph import is_graph_solution

        succ = dict(rows.items()) if isinstance(rows, dict) else {v: w for v, w in rows}
        names = {str(v): v for v in inst.graph.nodes}
        succ = {names.get(str(v), v): names.get(str(w), w) for v, w in succ.items()}
        return Verdict.from_errors(is_graph_solution(inst, succ), "valid: every path leads to Rome")
    if not all(isinstance(r, str) for r in rows):
        return Verdict.reject("a solution is a list of rows over ^ v < > O")
    return Verdict.from_errors([f"{v.kind}: {v.message}" for v in violations(inst, rows)],
                               "valid: every path leads to Rome")


def generate(*, size: int | None = None, seed: int = 0, cols: int | None = None, **options: Any) -> Puzzle:
    """A puzzle with a unique solution and few givens on a ``size`` x ``size`` board (default 6;
    ``cols`` for a rectangle); ``options`` are those of
    :func:`~escapology.roma.generator.generate` (``max_box``, ``goals``, ``grade``, ``shapes``, ...)."""
    from escapology.roma.generator import generate as generate_puzzle

    rows = 6 if size is None else size
    return generate_puzzle(rows, cols or rows, seed=seed, **options).puzzle


def render(inst: Instance, certificate: Any = None) -> Svg:
    """The puzzle as a printed puzzle looks, with the solution's arrows when given."""
    from escapology.roma.render import render_svg

    if isinstance(inst, GraphRoma):
        raise InputError("a generalized Roma graph has no picture; draw the grid puzzles")
    rows = _rows(certificate) if certificate is not None else None
    if isinstance(rows, str):
        raise InputError(rows)
    return render_svg(inst, rows)
