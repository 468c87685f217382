"""Roma's page: the puzzle, solved by hand with the checker's error marks, hints on request, its
puzz.link URL to take away (and any URL to bring in: the loader reads them), and the solver's
answer filled in row by row.

A state: ``rows``, ``cols``, ``boxes`` (box id per cell), ``givens`` (rows over ``. ^ v < > O``),
``grid`` (the arrows shown: the givens, or the ``answer`` the puzzle came with), ``answer`` (the
arrows a pzprv3 file's answer section holds, :attr:`escapology.roma.model.Puzzle.answer`, with the
givens; ``None`` without one), ``step``, ``url`` (the puzzle's puzz.link URL,
:func:`escapology.roma.io.encode_url`). A generalized Roma graph (facts ``vertex``/``arc``) has no
grid: its state is ``{"svg": ...}``, the picture of :func:`escapology.roma.drawing`.

>>> from escapology.roma import load
>>> p = load("https://puzz.link/p?roma/3/3/70og4a322c5")
>>> check_grid(p, grid=["...", "...", "..O"])["empty"]
8
>>> [e["kind"] for e in check_grid(p, grid=[">v<", "v<^", ">>O"])["errors"]]
['given']
>>> h = hint(p, grid=[">v<", "...", "..O"])
>>> h["cell"], h["symbol"], h["rule"], h["level"]
([1, 2], '^', 'box', 1)
>>> e = export(p, grid=[">v<", "...", "..O"])
>>> e["url"], e["pzprv3"].splitlines()[-3]
('https://puzz.link/p?roma/3/3/70og4a322c5', '. 2 . ')
"""

from __future__ import annotations

from typing import Any

from escapology.core.errors import InputError
from escapology.core.limits import Deadline, LimitReached
from escapology.roma import render
from escapology.roma.checker import violations
from escapology.roma.io import encode_url, write_pzprv3
from escapology.web.views import QUICK
from escapology.roma.model import Puzzle
from escapology.web.views.forms import generator_form

__all__ = ["ACTIONS", "GENERATE", "SLOW", "check_grid", "export", "frames", "hint", "state", "to_text"]

GENERATE = generator_form(
    "roma", size={"label": "rows", "default": 5, "min": 2, "max": 10}, cols={"label": "columns", "min": 2, "max": 10},
    seed={}, max_box={"label": "cells per box", "min": 1, "max": 8}, goals={"min": 1, "max": 4})
SUFFIX = ".txt"


def to_text(inst: Puzzle) -> str:
    return encode_url(inst) + "\n"


def state(inst: Any) -> dict[str, Any]:
    if not isinstance(inst, Puzzle):
        return {"svg": render(inst).to_string()}
    answer = list(inst.answer) if inst.answer is not None else None
    return {"rows": inst.rows, "cols": inst.cols, "boxes": [list(r) for r in inst.boxes],
            "givens": list(inst.givens), "grid": answer or list(inst.givens), "answer": answer, "step": 0,
            "url": encode_url(inst)}


def _grid(inst: Puzzle, grid: Any) -> list[str]:
    if not isinstance(grid, list) or len(grid) != inst.rows or \
            not all(isinstance(r, str) and len(r) == inst.cols for r in grid):
        raise InputError(f"the grid is {inst.rows} rows of {inst.cols} symbols")
    return grid


def check_grid(inst: Puzzle, *, grid: Any) -> dict[str, Any]:
    """The checker's violations of the grid (:func:`escapology.roma.checker.violations`): the
    empty cells counted, the other violations with their cells; ``solved`` when there is none."""
    if not isinstance(inst, Puzzle):
        raise InputError("a Roma graph has no grid to fill")
    found = violations(inst, _grid(inst, grid))
    empty = sum(1 for v in found if v.kind == "empty")
    return {"solved": not found, "empty": empty, "errors": [v.to_json() for v in found if v.kind != "empty"]}


def hint(inst: Puzzle, *, grid: Any) -> dict[str, Any]:
    """The next step of a human-style solve path from the grid (:func:`escapology.roma.explain.explain`):
    a wrong cell first (``symbol`` ``.``: take it away), else the next cell the rules force, with
    the rule, its level and why; ``cell: None`` when the grid is the solution."""
    from escapology.roma.explain import explain  # python-sat and numpy (roma.explain): only a hint needs them

    if not isinstance(inst, Puzzle):
        raise InputError("a Roma graph has no grid to fill")
    rows = _grid(inst, grid)
    try:
        ex = explain(inst, rows, deadline=Deadline(QUICK), max_steps=1)
    except LimitReached:
        raise InputError("no hint within the time limit") from None
    if ex.solution is None:
        raise InputError(f"the solver found no solution ({ex.status.value})")
    if not ex.steps:
        return {"cell": None, "symbol": None}
    step = ex.steps[0]
    return {"cell": list(step.cell), "symbol": "." if step.rule == "wrong" else step.arrow, "rule": step.rule,
            "level": step.level, "because": step.because}


def frames(inst: Any, certificate: Any) -> list[dict[str, Any]]:
    """The givens, then the solution filled in one row at a time."""
    first = state(inst)
    if "svg" in first:
        return [{"svg": render(inst, certificate).to_string()}]
    solution = certificate.get("solution", certificate.get("certificate")) if isinstance(certificate, dict) \
        else certificate
    solution = _grid(inst, list(solution) if isinstance(solution, (list, tuple)) else solution)
    first = {**first, "grid": list(inst.givens)}
    out = [first]
    for r in range(inst.rows):
        grid = list(solution[: r + 1]) + list(inst.givens[r + 1:])
        out.append({**first, "grid": grid, "step": r + 1})
    return out


def export(inst: Puzzle, *, grid: Any) -> dict[str, Any]:
    """The puzzle to take away: its puzz.link ``url`` (the givens; a URL holds no answer) and the
    pzprjs file with the grid's arrows as its answer (``pzprv3``, as ``roma convert --to pzprv3``
    writes it)."""
    if not isinstance(inst, Puzzle):
        raise InputError("a Roma graph has no puzz.link URL")
    return {"url": encode_url(inst), "pzprv3": write_pzprv3(inst, _grid(inst, grid))}


ACTIONS = {"check": check_grid, "hint": hint, "export": export}
SLOW = {"hint"}
