"""The aMAZEing reductions as ``escapology reduce`` runs them (see :mod:`escapology.core.reductions`):
formula text (DIMACS CNF, QDIMACS) in, the JSON position (with its ``"command"``) and its facts out."""

from __future__ import annotations

from typing import Any

from escapology.amazeing.io import dumps, read_dimacs, read_qdimacs
from escapology.amazeing.reductions import reduce_3sat
from escapology.amazeing.reductions.theorem3 import sat_to_labyrinth
from escapology.amazeing.reductions.theorem4 import check_prefix, qsat_to_versus
from escapology.core.errors import InputError


def _cnf(text: str, file: str | None) -> tuple[int, list[list[int]]]:
    return read_dimacs(text, file=file)


def _built(run: Any, file: str | None) -> Any:
    """``run()``, its refusals (an :class:`InputError`, or a construction's own ``ValueError``)
    naming the formula's file."""
    try:
        return run()
    except InputError as exc:
        raise exc.with_file(file) from None
    except ValueError as exc:
        raise InputError(str(exc), file=file) from None


def _board(red: Any, command: str, summary: str) -> tuple[str, dict[str, Any]]:
    """A Theorem 3 board (either construction) as the door's text and facts."""
    pos = red.position
    return dumps(pos, command=command), {"turns": red.turns, "rows": pos.rows, "cols": pos.cols,
                                         "summary": summary.format(rows=pos.rows, cols=pos.cols, turns=red.turns)}


def three_sat(text: str, *, file: str | None, command: str) -> tuple[str, dict[str, Any]]:
    """``amazeing-3sat``: Theorem 3 as the paper builds it."""
    n, clauses = _cnf(text, file)
    red = _built(lambda: sat_to_labyrinth(n, clauses), file)
    return _board(red, command, "SP-Labyrinth board {rows}x{cols}: t is reachable in {turns} turns iff the "
                                "formula is satisfiable (shift a variable column down = true, up = false)")


def three_sat_compact(text: str, *, file: str | None, command: str) -> tuple[str, dict[str, Any]]:
    """``amazeing-3sat-compact``: the project's compact board (:func:`~escapology.amazeing.reductions.reduce_3sat`)."""
    n, clauses = _cnf(text, file)
    red = _built(lambda: reduce_3sat(n, clauses), file)
    return _board(red, command, "compact SP-Labyrinth board {rows}x{cols}: the target is reachable in {turns} "
                                "turns iff the formula is satisfiable")


def qsat(text: str, *, file: str | None, command: str) -> tuple[str, dict[str, Any]]:
    """``amazeing-qsat``: Theorem 4 (:func:`~escapology.amazeing.reductions.theorem4.qsat_to_versus`)."""
    qbf = read_qdimacs(text, file=file)
    _built(lambda: check_prefix(qbf), file)
    red = _built(lambda: qsat_to_versus(qbf.nvars, [list(c) for c in qbf.clauses]), file)
    pos = red.position
    return dumps(pos, command=command), {
        "turns": red.turns, "rows": pos.rows, "cols": pos.cols,
        "summary": f"SP-Versus-Labyrinth board {pos.rows}x{pos.cols}: Lara (to move) can force reaching t1 within "
                   f"{red.turns} own turns before Henry reaches t2 iff the QBF is true (shift variable row X_i "
                   "right = true, left = false)",
    }
