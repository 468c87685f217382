"""The clingo engine: escapology's own ASP encoding (``encoding.lp``), solved by clingo.

It asks clingo for a plan of exactly ``h`` pushes for ``h = 0, 1, 2, ...``: the first satisfiable
horizon is the minimum, and every unsatisfiable one raises the proven lower bound. It shares no code
with the native engine and serves as its cross-check.
"""

from __future__ import annotations

import time
from importlib import resources
from typing import Any

import clingo

from escapology.core.limits import Deadline
from escapology.core.progress import search_progress
from escapology.core.results import Status
from escapology.labyrinth.io import format_instance
from escapology.labyrinth.model import Instance, Push
from escapology.labyrinth.result import SolveResult

ENCODING = resources.files("escapology.labyrinth").joinpath("encoding.lp").read_text(encoding="utf-8")


def _horizon(inst_facts: str, h: int, deadline: Deadline, stats: dict[str, Any]) -> list[Push] | None | str:
    """A plan of exactly h pushes, None if there is none, or "timeout"."""
    ctl = clingo.Control([f"-c h={h}", "--warn=none"])
    ctl.add("base", [], ENCODING)
    ctl.add("base", [], inst_facts)
    ctl.ground([("base", [])])
    if deadline.expired():
        return "timeout"
    found: list[Push] = []

    def on_model(model: clingo.Model) -> None:
        atoms = sorted((a.arguments[2].number, a.arguments[0].number, a.arguments[1].name)
                       for a in model.symbols(shown=True) if a.name == "push")
        found[:] = [Push(z, d) for _, z, d in atoms]

    with ctl.solve(on_model=on_model, async_=True) as handle:  # type: ignore[union-attr]
        remaining = deadline.remaining()
        if not handle.wait(remaining if remaining is not None else -1.0):
            handle.cancel()
            return "timeout"
        result = handle.get()
    s = ctl.statistics
    stats["conflicts"] = stats.get("conflicts", 0) + int(s["solving"]["solvers"]["conflicts"])
    stats["nodes"] = stats.get("nodes", 0) + int(s["solving"]["solvers"]["choices"])  # decisions: search nodes
    stats["atoms"] = max(stats.get("atoms", 0), int(s["problem"]["lp"]["atoms"]))
    if result.satisfiable:
        return found
    return None


def solve_clingo(inst: Instance, *, timeout: float | None = None, progress: bool | None = None) -> SolveResult:
    """The fewest pushes by asking clingo horizon after horizon (see the module docstring)."""
    start = time.perf_counter()
    deadline = Deadline(timeout)
    stats: dict[str, Any] = {"engine": "clingo", "clingo": clingo.__version__}
    facts = format_instance(inst)
    lower = 0
    with search_progress("clingo", enabled=progress) as bar:
        for h in range(0, inst.max_steps + 1):
            bar.update(horizon=h)
            out = _horizon(facts, h, deadline, stats)
            if out == "timeout":
                stats["seconds"] = round(time.perf_counter() - start, 4)
                return SolveResult(Status.UNKNOWN, None, False, lower, stats)
            if out is not None:
                stats["seconds"] = round(time.perf_counter() - start, 4)
                return SolveResult(Status.SOLVED, list(out), True, h, stats)  # type: ignore[arg-type]
            lower = h + 1
    stats["seconds"] = round(time.perf_counter() - start, 4)
    return SolveResult(Status.UNSOLVABLE, None, True, lower, stats)
