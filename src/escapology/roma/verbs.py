"""Roma's own pieces of the four verbs (:mod:`escapology.core.commands`), named by
:data:`escapology.roma.spec.SPEC`: files of several puzzles, their certificates, what ``generate``
writes and what ``render`` reads and draws. Imported when a command runs them, so that the
description itself stays light."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from escapology.core.commands import Part
from escapology.core.errors import InputError
from escapology.core.limits import Deadline
from escapology.core.protocol import read_source
from escapology.core.wording import plural
from escapology.roma import api
from escapology.roma.graph import GraphRoma
from escapology.roma.io import encode_url, parse_rows, read_answers
from escapology.roma.model import Puzzle

if TYPE_CHECKING:  # the generator loads python-sat: imported when a puzzle is generated
    from escapology.roma.generator import Generated


def load_many(source: Any, *, deadline: Deadline | None = None, strict: bool = False) -> list[Part]:
    """Every puzzle of ``source`` as the command layer's :class:`Part`: the heading ``puzzle i
    (line n): URL`` and the answer its file holds (a generalized Roma graph is one part)."""
    found = api.load_entries(source, strict=strict, deadline=deadline)
    if isinstance(found, GraphRoma):
        return [Part(found)]
    if len(found) == 1:  # no heading is shown (and a large board's URL takes seconds to encode)
        return [Part(found[0].puzzle, "", found[0].solution or found[0].answer)]
    parts = []
    for i, e in enumerate(found):
        if deadline is not None and not i % 1024:
            deadline.check()
        parts.append(Part(e.puzzle, f"puzzle {i + 1} (line {e.line}): {encode_url(e.puzzle)}", e.solution or e.answer))
    return parts


def certificates(parts: Sequence[Part], source: Any, *, solution: str | None = None, **_: Any) -> list[Any]:
    """The certificate of each puzzle ``check`` judges: from the certificate file (what ``solve``
    wrote, one per puzzle), the rows of the old ``--solution ROWS``, or the answer the puzzle file
    holds."""
    if source is not None and solution is not None:
        raise InputError("give the certificate once: a file or --solution rows")
    if source is not None:
        text, name = read_source(Path(source))
        given = read_answers(text, file=name)
        if len(given) != len(parts):
            raise InputError(f"{plural(len(given), 'certificate')} for {plural(len(parts), 'puzzle')}", file=name)
        return given
    if solution is not None:
        rows = parse_rows(solution)
        return [rows for _ in parts]
    for p in parts:
        if p.certificate is None:
            raise InputError("no solution to check: give CERTIFICATE (what 'solve' wrote) or a file with an answer")
    return [p.certificate for p in parts]


def solution_of(inst: Puzzle, data: Any, file: str) -> tuple[str, ...]:
    """The solution ``render --certificate`` draws: the first of what ``solve`` wrote."""
    first = read_answers(data, file=file)[0] if isinstance(data, str) else data
    if isinstance(first, list) and first and isinstance(first[0], dict):
        first = first[0]
    if isinstance(first, dict):
        first = first.get("solution", first.get("certificate"))
    if not first:
        raise InputError("no solution in the certificate", file=file)
    return tuple(first)


def text_picture(inst: Any, solution: Any) -> str:
    from escapology.roma.drawing import text_board  # the drawing code: only render needs it

    if isinstance(inst, GraphRoma):
        raise InputError("a generalized Roma graph has no picture: solve it with `escapology roma graph FILE`")
    return text_board(inst, solution)


def generate(*, size: int | None = None, seed: int = 0, rows: int = 6, cols: int | None = None, number: int = 1,
             max_box: int = 4, goals: int = 1, shapes: str = "any", grade: str | None = None,
             style: str | None = None, goal_in_box: bool = False, strict: bool = False,
             timeout: float | None = None) -> list[Generated]:
    """``number`` puzzles (seeds ``seed``, ``seed + 1``, ...) of ``size`` (or ``rows``) rows, with
    the options of :func:`escapology.roma.generator.generate`; ``timeout`` covers them all."""
    from escapology.roma.generator import generate as generate_puzzle  # python-sat: only generate needs it

    rows = size if size is not None else rows
    deadline = Deadline(timeout)
    return [generate_puzzle(rows, cols or rows, max_box=max_box, goals=goals, strict=strict, seed=seed + i,
                            timeout=deadline.remaining(), grade=grade,
                            shapes=[x.strip() for x in shapes.split(",") if x.strip()],
                            goal_alone=not goal_in_box, style=style or "minimal")
            for i in range(number)]


def dumps(made: Sequence[Generated]) -> str:
    """The puzzles' URLs, one a line (what every command reads)."""
    return "".join(encode_url(g.puzzle) + "\n" for g in made)


def generated_json(made: Sequence[Generated]) -> list[dict[str, Any]]:
    """``generate -f json``: one object per puzzle with its URL, grade, givens and solution."""
    return [{"url": encode_url(g.puzzle), "grade": g.grade, "givens": g.puzzle.n_givens(), "minimal": g.minimal,
             "puzzle": list(g.puzzle.givens), "solution": list(g.solution)} for g in made]
