"""Roma as the command layer sees it (:mod:`escapology.core.commands`): its engines and its own
options, each defined once; ``escapology roma solve|check|generate|render``, batch runs and the web
app are made from this description.

A Roma file may hold several puzzles (puzz.link URLs one a line): ``solve`` answers each,
``check`` judges each with its certificate (or with the answer the file holds), ``render`` draws
the first. A puzz.link URL is read as the puzzle itself wherever a FILE is asked for.

>>> SPEC.engine_names()
('glucose4', 'maplechrono', 'minisat22', 'branch')
>>> dict(SPEC.engine_aliases)
{'sat': 'glucose4'}
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from escapology.core.commands import EngineSpec, GameSpec, Option, Part
from escapology.core.errors import InputError
from escapology.core.limits import Deadline
from escapology.core.protocol import read_source
from escapology.roma import api
from escapology.roma.graph import GraphRoma
from escapology.roma.io import encode_url, parse_rows, read_answers
from escapology.roma.model import Puzzle

if TYPE_CHECKING:  # the generator loads python-sat: imported when a puzzle is generated
    from escapology.roma.generator import Generated

ENGINES = (
    EngineSpec("glucose4", "escapology.roma.sat:solve",
               "the SAT encoding with lazy loop cuts, solved by Glucose 4 (python-sat)", ("python-sat",)),
    EngineSpec("maplechrono", "escapology.roma.sat:solve", "the SAT encoding solved by MapleChrono",
               ("python-sat",)),
    EngineSpec("minisat22", "escapology.roma.sat:solve", "the SAT encoding solved by MiniSat 2.2",
               ("python-sat",)),
    EngineSpec("branch", "escapology.roma.branch:solve_branch",
               "the Lemma 12 search tree: forced arrows, then branching on empty cells"),
)


class Style(str, Enum):
    minimal = "minimal"
    published = "published"


class Grade(str, Enum):
    easy = "easy"
    medium = "medium"
    hard = "hard"


STRICT_HELP = ("Enforce the paper's Definition 1 (square board, boxes <= 4 cells, one Roma cell alone in its "
               "box).")

OPTIONS = (
    Option("strict", bool, False, STRICT_HELP, verbs=("solve",), flags=("--strict",), to="load"),
    Option("unique", bool, True, "Also prove uniqueness or find a second solution.",
           flags=("--unique/--no-unique",)),
    Option("solution", str, None, verbs=("check",), hidden=True, to="none"),  # the rows, as --solution
    Option("solution", bool, None, verbs=("render",), flags=("--solution/--puzzle",), alias_of="solve_first",
           to="none"),
    Option("size", int, None, "Rows (the same as --rows).", verbs=("generate",), to="call"),
    Option("rows", int, 6, "Rows.", verbs=("generate",), flags=("--rows", "-r")),
    Option("cols", int, None, "Columns (default: rows).", verbs=("generate",), flags=("--cols", "-c")),
    Option("max_box", int, 4, "Cells per box (boxes are grown to this size where possible).", verbs=("generate",)),
    Option("goals", int, 1, "Number of Roma cells.", verbs=("generate",)),
    Option("number", int, 1, "How many puzzles.", verbs=("generate",)),
    Option("shapes", str, "any", "Box shapes, comma-separated: any, square, line, L, T, S (smaller boxes are "
           "parts of them).", verbs=("generate",)),
    Option("grade", Grade, None, "At most this hard: adds givens until the rules of this level solve it.",
           verbs=("generate",)),
    Option("style", Style, None, "minimal: the fewest givens; published: box sizes and given density of published "
           "puzzles (about 30-56 givens per 100 cells).", verbs=("generate",)),
    Option("goal_in_box", bool, False, "Let a goal share its box with arrow cells (by default each goal is alone "
           "in a one-cell box, as in published puzzles).", verbs=("generate",), flags=("--goal-in-box",)),
    Option("strict", bool, False, STRICT_HELP, verbs=("generate",), flags=("--strict",)),
    Option("timeout", float, None, "Give up this many seconds after the start (answer 'unknown', exit 3).",
           verbs=("generate",), flags=("--timeout", "-t")),
)


def load_many(source: Any, *, deadline: Deadline | None = None, strict: bool = False) -> list[Part]:
    """Every puzzle of ``source`` as the command layer's :class:`Part`: the heading ``puzzle i
    (line n): URL`` and the answer its file holds (a generalized Roma graph is one part)."""
    found = api.load_entries(source, strict=strict)
    if isinstance(found, GraphRoma):
        return [Part(found)]
    return [Part(e.puzzle, f"puzzle {i + 1} (line {e.line}): {encode_url(e.puzzle)}", e.solution or e.answer)
            for i, e in enumerate(found)]


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
            raise InputError(f"{len(given)} certificate(s) for {len(parts)} puzzle(s)", file=name)
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


def _text_board(inst: Any, solution: Any) -> str:
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


SPEC = GameSpec(
    "roma", "Roma: every path leads to Rome (puzz.link roma/rome).",
    load=api.load, solve=api.solve, check=api.check, generate=generate, render=api.render,
    dumps=dumps, engines=ENGINES, options=OPTIONS, comment="#", text_certificate=True,
    text_picture=_text_board, certificate_of=solution_of, text_with_output=True,
    instance_help="A puzz.link URL, or a file (URLs one per line, pzprv3, text grid, ASP facts); - for stdin.",
    load_many=load_many, certificates=certificates, is_text=api.is_url, generate_json=generated_json,
    engine_aliases=api.ENGINE_ALIASES,
    help={
        "solve": "Solve PUZZLE(s) and say whether the solution is unique (with a second one when not).\n\n"
                 "Text: the board with the arrows; JSON: one Result.to_json() line per puzzle (both are what "
                 "'check' reads). --engine chooses the SAT solver of the SAT encoding or the search tree.",
        "check": "Check a solution (what 'solve' wrote, JSON or text; default: the answer in the file); name "
                 "every violation (exit 1 if there is one).",
        "generate": "Generate unique puzzles with few givens (minimum givens, exact, up to 100 cells), graded.\n\n"
                    "Writes the puzzles' URLs, one a line (what every command reads), after a comment line with "
                    "the command that makes the file again; -f json: one object per puzzle.",
        "render": "Draw the puzzle (and its solution) as a printed puzzle looks: SVG or PNG, text on the terminal.\n\n"
                  "--solve draws the solution too: the one in the file, else one found.",
    },
)
