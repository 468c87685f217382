"""Reading and writing Roma puzzles: puzz.link URLs, pzprjs files (pzprv3), a text grid, ASP facts.

**puzz.link URL** ``https://puzz.link/p?roma/COLS/ROWS/BODY`` (alias ``rome``; columns first). BODY
is the box borders (pzprjs ``decodeBorder``: the vertical then the horizontal border bits, each part
packed 5 bits per base-32 character, most significant first) followed by the clues (pzprjs
``decodeNumber10``: ``1`` up, ``2`` down, ``3`` left, ``4`` right, ``5`` goal, ``a``..``z`` skip
1..26 cells).

>>> p = decode_url("https://puzz.link/p?roma/4/4/augddgb2a12d53a3b")
>>> p.givens
('..v.', '^v..', '..O<', '.<..')
>>> encode_url(p)
'https://puzz.link/p?roma/4/4/augddgb2a12d53a3b'

**pzprv3** (pzprjs's file): ``pzprv3``, ``roma``, rows, cols, the number of boxes, a box id per cell,
the clues (``.`` none, ``1``..``5``), and optionally the answer (``.`` none, ``1``..``4``), which is
read as the puzzle's :attr:`~escapology.roma.model.Puzzle.answer` and written back.

**Text grid** (this project's own): a ``roma`` line, then blocks separated by blank lines: the box
labels (one character per cell; each connected group of equal labels is a box), the givens over
``. ^ v < > O``, and optionally a solution over ``^ v < > O``. ``#`` starts a comment line.

**rome.c game ids** ``WxHde:WALLS,CLUES`` (one per line) are read too (:func:`decode_rome`).

**ASP facts**: ``size(Rows,Cols).``, ``box(R,C,B).``, ``rome(R,C).`` (a goal) and ``arrow(R,C,D).``
with ``D`` in ``up down left right``; rows and columns count from 1.
"""

from __future__ import annotations

import dataclasses
import json
import re
from dataclasses import dataclass
from typing import Sequence

from escapology.core.errors import InputError
from escapology.core.limits import Deadline
from escapology.core.reading import parse_json
from escapology.core.facts import format_fact, parse_facts
from escapology.roma.model import COORDINATES, DIRECTIONS, EMPTY, GOAL, Puzzle, Solution, box_labels, format_text

_CLUE = {"1": "^", "2": "v", "3": "<", "4": ">", "5": "O"}
_CLUE_CODE = {v: k for k, v in _CLUE.items()}
_ARROW_WORD = {"up": "^", "down": "v", "left": "<", "right": ">"}
_WORD = {v: k for k, v in _ARROW_WORD.items()}
_B32 = "0123456789abcdefghijklmnopqrstuv"

#: The most rows and the most columns of a puzzle (every format).
MAX_SIDE = 5000
#: The most cells of a puzzle (every format): what a 500 x 500 board has, the square limit before
#: boards could be long and thin (``reduce roma-planar3sat`` with crossovers). Memory follows the
#: cells, not the sides (the SAT counter holds a few kilobytes per cell), so it is bounded as before.
MAX_CELLS = 250_000
#: The most facts an ASP file may hold (a box fact and a clue per cell, and the rest).
MAX_FACTS = 3 * MAX_CELLS


def size_problem(rows: int, cols: int, max_cells: int | None = None) -> str | None:
    """Why a ``rows`` x ``cols`` board is refused (checked before anything is allocated), or ``None``.

    >>> size_problem(100, 2500) is None, size_problem(600, 600)
    (True, 'unsupported board size 600x600: 360,000 cells (at most 250,000, and 1 to 5000 rows and columns)')
    """
    limit = MAX_CELLS if max_cells is None else max_cells
    if 1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE and rows * cols <= limit:
        return None
    cells = f": {rows * cols:,} cells" if rows * cols > limit else ""
    return f"unsupported board size {rows}x{cols}{cells} (at most {limit:,}, and 1 to {MAX_SIDE} rows and columns)"


@dataclass(frozen=True)
class Entry:
    """One puzzle read from a file, with its solution when the file gives one, and its line."""

    puzzle: Puzzle
    solution: Solution | None = None
    line: int = 1
    answer: Solution | None = None  # a partial answer (``.`` where empty), as a pzprv3 file may hold


# -- puzz.link URL ------------------------------------------------------------------------------
_URL_RE = re.compile(r"(?:^|[?&/])(roma|rome)(?:_edit|_play|_test)?/([0-9]+)/([0-9]+)(?:/([^\s&#]*))?")


def _decode_bits(body: str, pos: int, nbits: int) -> tuple[list[int], int]:
    nchars = (nbits + 4) // 5
    chunk = body[pos : pos + nchars]
    if len(chunk) < nchars:
        raise InputError("the URL ends inside the box borders")
    bits: list[int] = []
    for ch in chunk:
        v = _B32.find(ch)
        if v < 0:
            raise InputError(f"bad character {ch!r} in the box borders of the URL")
        bits.extend((v >> k) & 1 for k in (4, 3, 2, 1, 0))
    return bits[:nbits], pos + nchars


def _encode_bits(bits: Sequence[int]) -> str:
    out = []
    for i in range(0, len(bits), 5):
        chunk = list(bits[i : i + 5]) + [0] * (5 - len(bits[i : i + 5]))
        out.append(_B32[sum(b << (4 - k) for k, b in enumerate(chunk))])
    return "".join(out)


def _box_labels(rows: int, cols: int, walls: Sequence[int]) -> list[list[int]]:
    """The boxes of a board from its walls, as a label per cell (the connected components of the
    cells no wall separates). ``walls`` lists the ``(cols - 1) * rows`` walls between columns, row
    by row, then the ``cols * (rows - 1)`` walls between rows (1: a wall), the order of both the
    puzz.link URL and the rome.c game id."""
    parent = list(range(rows * cols))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    between_rows = (cols - 1) * rows
    for r in range(rows):
        for c in range(cols - 1):
            if not walls[r * (cols - 1) + c]:
                parent[find(r * cols + c)] = find(r * cols + c + 1)
    for r in range(rows - 1):
        for c in range(cols):
            if not walls[between_rows + r * cols + c]:
                parent[find(r * cols + c)] = find((r + 1) * cols + c)
    return [[find(r * cols + c) for c in range(cols)] for r in range(rows)]


def decode_url(url: str) -> Puzzle:
    """Read a puzz.link / pzv.jp URL (``roma`` or ``rome``; also a ``pzprv3/roma/...`` URL)."""
    url = url.strip()
    if "pzprv3/" in url:
        tail = url[url.index("pzprv3/") :]
        return read_pzprv3(tail.replace("/", "\n")).puzzle
    m = _URL_RE.search(url)
    if not m:
        raise InputError(f"not a puzz.link Roma URL: {url[:80]!r}")
    cols, rows, body = int(m.group(2)), int(m.group(3)), m.group(4) or ""
    if (problem := size_problem(rows, cols)) is not None:
        raise InputError(f"{problem} in the URL")
    vbits, pos = _decode_bits(body, 0, (cols - 1) * rows)
    hbits, pos = _decode_bits(body, pos, cols * (rows - 1))
    labels = _box_labels(rows, cols, vbits + hbits)
    cells = [EMPTY] * (rows * cols)
    i = 0
    for j, ch in enumerate(body[pos:], pos):
        if i >= rows * cols:
            raise InputError(f"the URL goes on after its last cell: {body[j:j + 40]!r}")
        if ch in _CLUE:
            cells[i] = _CLUE[ch]
            i += 1
        elif "a" <= ch <= "z":
            i += ord(ch) - ord("a") + 1
        elif ch == ".":
            raise InputError(f"cell {COORDINATES.name(i // cols, i % cols)} is a '?' cell, which no Roma solution can satisfy")
        else:
            raise InputError(f"bad clue character {ch!r} in the URL")
    givens = ["".join(cells[r * cols : (r + 1) * cols]) for r in range(rows)]
    return Puzzle.from_labels(labels, givens)


def encode_url(puzzle: Puzzle, *, site: str = "https://puzz.link/p?") -> str:
    """Write the puzz.link URL of ``puzzle`` (exactly as pzprjs encodes it)."""
    R, C, b = puzzle.rows, puzzle.cols, puzzle.boxes
    v = [int(b[r][c] != b[r][c + 1]) for r in range(R) for c in range(C - 1)]
    h = [int(b[r][c] != b[r + 1][c]) for r in range(R - 1) for c in range(C)]
    out = [_encode_bits(v), _encode_bits(h)]
    run = 0
    for row in puzzle.givens:
        for ch in row:
            if ch == EMPTY:
                run += 1
                if run == 26:
                    out.append("z")
                    run = 0
                continue
            if run:
                out.append(chr(ord("a") + run - 1))
                run = 0
            out.append(_CLUE_CODE[ch])
    if run:
        out.append(chr(ord("a") + run - 1))
    return f"{site}roma/{C}/{R}/{''.join(out)}"


# -- rome.c (Simon Tatham-style collection, x-sheep/puzzles-unreleased) -------------------------
_ROME_RE = re.compile(r"^([0-9]+)x([0-9]+)(?:d[a-z])?:([0-9a-z]*),([a-zUDLRX]*)\s*$")


def decode_rome(game_id: str) -> Puzzle:
    """Read a rome.c game id ``WxHd{e|n|t}:WALLS,CLUES``: WALLS is run-length coded over the
    ``(W-1)*H`` vertical then ``W*(H-1)`` horizontal walls, row-major (a number N = N walls,
    ``a``..``y`` = that many non-walls then a wall, ``z`` = 26 non-walls); CLUES has ``a``..``z``
    for runs of empty cells, ``U D L R`` arrows and ``X`` the goal.

    >>> p = decode_rome("2x2de:1,bX")
    >>> p.givens, p.n_boxes
    (('..', 'O.'), 1)
    """
    m = _ROME_RE.match(game_id.strip())
    if not m:
        raise InputError(f"not a rome.c game id: {game_id.strip()[:60]!r}")
    w, h, walls, clues = int(m.group(1)), int(m.group(2)), m.group(3), m.group(4)
    if (problem := size_problem(h, w)) is not None:
        raise InputError(problem)
    bits: list[int] = []
    for tok in re.findall(r"[0-9]+|[a-z]", walls):
        if len(bits) > (w - 1) * h + w * (h - 1):
            raise InputError("the walls of the rome.c game id run past the board")
        if tok[0] in "0123456789":
            bits += [1] * min(int(tok), w * h * 2 + 1)
        elif tok == "z":
            bits += [0] * 26
        else:
            bits += [0] * (ord(tok) - ord("a") + 1) + [1]
    nv, nh = (w - 1) * h, w * (h - 1)
    if len(bits) > nv + nh and any(bits[nv + nh:]):
        raise InputError("the walls of the rome.c game id run past the board")
    bits += [0] * max(0, nv + nh - len(bits))
    cells = [EMPTY] * (w * h)
    i = 0
    for ch in clues:
        if i >= w * h:
            raise InputError("the clues of the rome.c game id run past the board")
        if "a" <= ch <= "z":
            i += ord(ch) - ord("a") + 1
        else:
            cells[i] = {"U": "^", "D": "v", "L": "<", "R": ">", "X": GOAL}[ch]
            i += 1
    return Puzzle.from_labels(_box_labels(h, w, bits), ["".join(cells[r * w:(r + 1) * w]) for r in range(h)])


# -- pzprv3 -------------------------------------------------------------------------------------
def read_pzprv3(text: str, *, file: str | None = None) -> Entry:
    """Read a pzprjs file. Its answer section, the arrows filled in (by a solver or a person), is
    the puzzle's :attr:`~escapology.roma.model.Puzzle.answer` and the entry's ``answer`` (the givens
    with the answer's arrows, ``.`` where empty); when complete, it is the entry's solution too."""
    lines = [(i + 1, ln.strip()) for i, ln in enumerate(text.splitlines())]
    lines = [(i, ln) for i, ln in lines if ln]
    k = 0

    def take(what: str) -> tuple[int, str]:
        nonlocal k
        if k >= len(lines):
            raise InputError(f"the file ends before {what}", file=file, line=lines[-1][0] if lines else 1)
        k += 1
        return lines[k - 1]

    def num(what: str) -> int:
        ln, s = take(what)
        if not re.fullmatch(r"[0-9]+", s):
            raise InputError(f"expected {what}, found {s!r}", file=file, line=ln)
        return int(s)

    ln, s = take("the header")
    if s != "pzprv3":
        raise InputError("a pzprjs file starts with 'pzprv3'", file=file, line=ln)
    ln, s = take("the puzzle type")
    if s not in ("roma", "rome"):
        raise InputError(f"this pzprjs file holds a {s!r} puzzle, not roma", file=file, line=ln)
    rows, cols = num("the number of rows"), num("the number of columns")
    if (problem := size_problem(rows, cols)) is not None:
        raise InputError(problem, file=file, line=lines[k - 1][0])
    num("the number of boxes")

    def grid(what: str) -> tuple[list[list[str]], int]:
        out = []
        first = 0
        for r in range(rows):
            ln, s = take(what)
            first = first or ln
            toks = s.split()
            if len(toks) != cols:
                raise InputError(f"{what}: expected {cols} entries, found {len(toks)}", file=file, line=ln)
            out.append(toks)
        return out, first

    labels, _ = grid("the box ids")
    clues, cl_line = grid("the clues")
    givens = []
    for r, row in enumerate(clues):
        s = ""
        for c, t in enumerate(row):
            if t == ".":
                s += EMPTY
            elif t in _CLUE:
                s += _CLUE[t]
            elif t == "-":
                raise InputError(f"cell {COORDINATES.name(r, c)} is a '?' cell, which no Roma solution can satisfy", file=file, line=cl_line + r)
            else:
                raise InputError(f"bad clue {t!r} in cell {COORDINATES.name(r, c)}", file=file, line=cl_line + r)
        givens.append(s)
    try:
        puzzle = Puzzle.from_labels(labels, givens)
    except InputError as e:
        raise InputError(e.message, file=file, line=cl_line) from None
    solution = None
    if k + rows <= len(lines) and not lines[k][1].startswith(("history:", "info:")):
        answer, an_line = grid("the answer")
        sol = []
        complete = True
        for r in range(rows):
            s = ""
            for c in range(cols):
                g, t = givens[r][c], answer[r][c]
                if g != EMPTY:
                    s += g
                elif t in ("1", "2", "3", "4"):
                    s += _CLUE[t]
                elif t == "." or t.startswith("+"):
                    s += EMPTY
                    complete = False
                else:
                    raise InputError(f"bad answer entry {t!r} in cell {COORDINATES.name(r, c)}", file=file, line=an_line + r)
            sol.append(s)
        if complete:
            solution = tuple(sol)
        return Entry(dataclasses.replace(puzzle, answer=tuple(sol)), solution, 1, tuple(sol))
    return Entry(puzzle, solution, 1)


def write_pzprv3(puzzle: Puzzle, solution: Sequence[str] | None = None) -> str:
    """Write the pzprjs file of ``puzzle``; its answer section holds the arrows of ``solution``
    (rows over ``. ^ v < > O``, a partial grid too), by default of the puzzle's own
    :attr:`~escapology.roma.model.Puzzle.answer` (what :func:`read_pzprv3` read), else it is empty.
    pzprjs's auxiliary marks (``+N``) are not kept.

    >>> text = "pzprv3/roma/1/3/2/0 0 1 /. . 5 /4 . . /".replace("/", "\\n")
    >>> p = read_pzprv3(text).puzzle
    >>> p.givens, p.answer
    (('..O',), ('>.O',))
    >>> write_pzprv3(p).split() == text.split()
    True
    """
    if solution is None:
        solution = puzzle.answer
    out = ["pzprv3", "roma", str(puzzle.rows), str(puzzle.cols), str(puzzle.n_boxes)]
    out += [" ".join(map(str, row)) + " " for row in puzzle.boxes]
    out += [" ".join(_CLUE_CODE.get(ch, ".") for ch in row) + " " for row in puzzle.givens]
    for r in range(puzzle.rows):
        toks = []
        for c in range(puzzle.cols):
            if solution is None or puzzle.givens[r][c] != EMPTY:
                toks.append(".")
            else:
                toks.append(_CLUE_CODE.get(solution[r][c], ".") if solution[r][c] != GOAL else ".")
        out.append(" ".join(toks) + " ")
    return "\n".join(out) + "\n"


# -- text grid ----------------------------------------------------------------------------------
def read_text(text: str, *, file: str | None = None) -> Entry:
    """Read the text grid format (see the module docstring)."""
    lines = text.splitlines()
    blocks: list[list[tuple[int, str]]] = []
    cur: list[tuple[int, str]] = []
    header = False
    for i, raw in enumerate(lines, 1):
        s = raw.strip()
        if s.startswith("#"):
            continue
        if not header:
            if not s:
                continue
            if s.lower() != "roma":
                raise InputError("a Roma text grid starts with a line 'roma'", file=file, line=i)
            header = True
            continue
        if not s:
            if cur:
                blocks.append(cur)
                cur = []
            continue
        cur.append((i, s))
    if cur:
        blocks.append(cur)
    if not blocks:
        raise InputError("the text grid has no box labels", file=file, line=len(lines) or 1)
    if len(blocks) > 3:
        raise InputError("expected at most three blocks (boxes, givens, solution)", file=file, line=blocks[3][0][0])
    labels = [s.split() if " " in s else list(s) for _, s in blocks[0]]
    cols = len(labels[0])
    if (problem := size_problem(len(labels), cols)) is not None:
        raise InputError(problem, file=file, line=blocks[0][0][0])
    for (ln, _), row in zip(blocks[0], labels):
        if len(row) != cols:
            raise InputError(f"expected {cols} box labels in this row, found {len(row)}", file=file, line=ln)

    def symbols(block: list[tuple[int, str]], what: str, allowed: str) -> list[str]:
        if len(block) != len(labels):
            raise InputError(f"the {what} have {len(block)} rows, the boxes {len(labels)}", file=file, line=block[0][0])
        out = []
        for ln, s in block:
            s = s.replace(" ", "")
            if len(s) != cols:
                raise InputError(f"expected {cols} {what} in this row, found {len(s)}", file=file, line=ln)
            bad = [ch for ch in s if ch not in allowed]
            if bad:
                raise InputError(f"unknown symbol {bad[0]!r} in the {what} (use {' '.join(allowed)})", file=file, line=ln)
            out.append(s)
        return out

    givens = symbols(blocks[1], "givens", ".^v<>O") if len(blocks) > 1 else None
    puzzle = Puzzle.from_labels(labels, givens)
    solution = tuple(symbols(blocks[2], "solution symbols", "^v<>O")) if len(blocks) > 2 else None
    return Entry(puzzle, solution, blocks[0][0][0])


# -- ASP facts ----------------------------------------------------------------------------------
def format_facts(puzzle: Puzzle) -> str:
    """The ASP facts of ``puzzle`` (1-based rows and columns).

    >>> print(format_facts(Puzzle.from_labels(["AB"], ["O<"])))
    size(1,2).
    box(1,1,1). box(1,2,2).
    rome(1,1).
    arrow(1,2,left).
    """
    out = [format_fact("size", puzzle.rows, puzzle.cols)]
    for r in range(puzzle.rows):
        out.append(" ".join(format_fact("box", r + 1, c + 1, puzzle.boxes[r][c] + 1) for c in range(puzzle.cols)))
    out += [format_fact("rome", r + 1, c + 1) for r, c in puzzle.goals]
    for (r, c) in puzzle.cells():
        ch = puzzle.given((r, c))
        if ch in DIRECTIONS:
            out.append(format_fact("arrow", r + 1, c + 1, _WORD[ch]))
    return "\n".join(out)


#: the facts :func:`sniff` parsed last, with their text: :func:`read_facts` of the same text (the
#: same object: sniffing and reading a file go together) takes them instead of parsing again
#: (a 400 x 400 puzzle's 320,000 facts take seconds to parse)
_SNIFFED: tuple[str, list] | None = None


def _sniffed_facts(text: str) -> list | None:
    """The facts of ``text`` when :func:`sniff` has just parsed it, else None."""
    last = _SNIFFED
    return last[1] if last is not None and last[0] is text else None


def read_facts(text: str, *, file: str | None = None, deadline: Deadline | None = None) -> Entry:
    """Read the ASP facts format (see the module docstring); ``deadline`` is polled while parsing."""
    why = f"a Roma puzzle has at most {MAX_CELLS:,} cells"
    facts = _sniffed_facts(text)
    if facts is None:
        facts = parse_facts(text, file=file, max_facts=MAX_FACTS, deadline=deadline, why=why)
    elif len(facts) > MAX_FACTS:  # what parse_facts would have said at the fact past the limit
        raise InputError(f"more than {MAX_FACTS} facts; this reader takes at most {MAX_FACTS} facts ({why})",
                         file=file, line=facts[MAX_FACTS].line)
    size = [f for f in facts if f.name == "size" and len(f.args) == 2]
    boxes = [f for f in facts if f.name == "box" and len(f.args) == 3]
    if not boxes:
        raise InputError("no box(R,C,B) facts", file=file, line=1)
    if size:
        rows, cols = size[0].args
    else:
        if not all(isinstance(f.args[0], int) and isinstance(f.args[1], int) for f in boxes):
            bad = next(f for f in boxes if not (isinstance(f.args[0], int) and isinstance(f.args[1], int)))
            raise InputError(f"box(R,C,B) needs integer R and C, got {bad}", file=file, line=bad.line)
        rows = max(f.args[0] for f in boxes)  # type: ignore[type-var]
        cols = max(f.args[1] for f in boxes)  # type: ignore[type-var]
    if not isinstance(rows, int) or not isinstance(cols, int) or rows < 1 or cols < 1:
        raise InputError("size(Rows,Cols) needs two positive integers", file=file, line=size[0].line if size else 1)
    if (problem := size_problem(rows, cols)) is not None:
        where = size[0].line if size else max(boxes, key=lambda f: max(f.args[0], f.args[1])).line  # type: ignore[type-var]
        raise InputError(problem, file=file, line=where)
    labels: list[list[object]] = [[None] * cols for _ in range(rows)]
    givens = [[EMPTY] * cols for _ in range(rows)]

    def cell(f, kind: str) -> tuple[int, int]:  # type: ignore[no-untyped-def]
        r, c = f.args[0], f.args[1]
        if not (isinstance(r, int) and isinstance(c, int) and 1 <= r <= rows and 1 <= c <= cols):
            raise InputError(f"{kind}({r},{c},...) is not on the {rows}x{cols} board (facts count rows and columns from 1)",
                             file=file, line=f.line)
        return r - 1, c - 1

    for f in boxes:
        r, c = cell(f, "box")
        if labels[r][c] is not None and labels[r][c] != f.args[2]:
            raise InputError(f"cell {COORDINATES.name(r, c)} (the fact's ({r + 1},{c + 1})) is in two boxes, "
                             f"{labels[r][c]} and {f.args[2]}", file=file, line=f.line)
        labels[r][c] = f.args[2]
    for f in facts:
        if f.name in ("rome", "goal") and len(f.args) == 2:
            r, c = cell(f, f.name)
            givens[r][c] = GOAL
        elif f.name == "arrow" and len(f.args) == 3:
            r, c = cell(f, "arrow")
            d = f.args[2]
            if d not in _ARROW_WORD:
                raise InputError(f"unknown direction {d!r} (use up down left right)", file=file, line=f.line)
            if givens[r][c] == GOAL:
                raise InputError(f"cell {COORDINATES.name(r, c)} (the fact's ({r + 1},{c + 1})) is both a goal and an arrow",
                                 file=file, line=f.line)
            if givens[r][c] not in (EMPTY, _ARROW_WORD[str(d)]):
                raise InputError(f"cell {COORDINATES.name(r, c)} (the fact's ({r + 1},{c + 1})) has two arrows",
                                 file=file, line=f.line)
            givens[r][c] = _ARROW_WORD[str(d)]
    missing = [(r, c) for r in range(rows) for c in range(cols) if labels[r][c] is None]
    if missing:
        r, c = missing[0]
        raise InputError(f"cell {COORDINATES.name(r, c)} has no box({r + 1},{c + 1},B) fact", file=file,
                         line=boxes[0].line)
    return Entry(Puzzle.from_labels(labels, ["".join(r) for r in givens]))


# -- any format ---------------------------------------------------------------------------------
def _first_lines(text: str, n: int = 2) -> list[str]:
    out = []
    for ln in text.splitlines():
        s = ln.strip()
        if s and not s.startswith(("#", "%")):
            out.append(s)
            if len(out) == n:
                break
    return out


def sniff(text: str, deadline: Deadline | None = None) -> str | None:
    """Which Roma format ``text`` is in: ``pzprv3``, ``text``, ``facts``, ``url``, ``graph``
    (generalized Roma, :mod:`escapology.roma.graph`) or ``None``.

    >>> sniff("https://puzz.link/p?rome/3/3/70og4a322c5")
    'url'
    >>> sniff("box(1,1,1). rome(1,1).")
    'facts'
    >>> sniff("edge(1,2).") is None
    True
    """
    first = _first_lines(text)
    if not first:
        return None
    if first[0] == "pzprv3":
        return "pzprv3" if len(first) > 1 and first[1] in ("roma", "rome") else None
    if first[0].lower() == "roma":
        return "text"
    if _URL_RE.search(first[0]) or re.search(r"pzprv3/(roma|rome)/", first[0]):
        return "url"
    if _ROME_RE.match(first[0]):
        return "rome"
    graph = re.search(r"\barc\s*\(", text) and re.search(r"\broma\s*\(", text)
    facts = re.search(r"\bbox\s*\(", text) and re.search(r"\b(rome)\s*\(", text)
    if graph or facts:  # ASP facts: which ones
        global _SNIFFED
        parsed = _sniffed_facts(text)
        if parsed is None:
            try:
                parsed = parse_facts(text, deadline=deadline)
            except InputError:
                return None
            _SNIFFED = (text, parsed)
        names = {(f.name, len(f.args)) for f in parsed}
        if graph and ("roma", 1) in names and (("arc", 3) in names or ("arc", 2) in names):
            return "graph"
        if facts and ("box", 3) in names and ("rome", 2) in names:
            return "facts"
    return None


def read_puzzles(text: str, *, file: str | None = None, deadline: Deadline | None = None) -> list[Entry]:
    """Read every puzzle of a file in any of the four formats (URL files: one URL per line); a
    file of many puzzles polls ``deadline`` every 1,024 lines (:class:`LimitReached` when it has
    passed)."""
    kind = sniff(text, deadline)
    if kind == "pzprv3":
        return [read_pzprv3(text, file=file)]
    if kind == "text":
        return [read_text(text, file=file)]
    if kind == "facts":
        return [read_facts(text, file=file, deadline=deadline)]
    if kind == "graph":
        raise InputError("this is a generalized Roma graph: use `escapology roma graph FILE`", file=file, line=1)
    if kind in ("rome", "url"):  # one puzzle per line
        decode = decode_rome if kind == "rome" else decode_url
        out = []
        for i, ln in enumerate(text.splitlines(), 1):
            if deadline is not None and not i % 1024:
                deadline.check()
            s = ln.strip()
            if not s or s.startswith(("#", "%")):
                continue
            try:
                out.append(Entry(decode(s), None, i))
            except InputError as e:
                raise InputError(e.message, file=file, line=i) from None
        return out
    raise InputError("not a Roma puzzle (expected a puzz.link URL, a pzprv3 file, a 'roma' text grid or ASP facts)", file=file, line=1)


def parse_rows(text: str, file: str | None = None) -> tuple[str, ...]:
    """A solution written as rows over ``^ v < > O``, separated by ``/``, ``,`` or white space.

    >>> parse_rows(">v</vv^/>>O")
    ('>v<', 'vv^', '>>O')
    """
    rows = [r for r in text.replace("/", "\n").replace(",", "\n").split() if r]
    if not rows:
        raise InputError("the solution is empty", file=file)
    return tuple(rows)


#: a line of a text board's cells (its row's number before it, as ``text_board`` writes it, or none)
_CELLS = re.compile(r"\s*\d*\s?(\|.*\|)\s*")
#: a border line of a text board
_BORDER = re.compile(r"\s*\+[-+ ]*")


def board_rows(text: str) -> list[tuple[str, ...]]:
    """The solutions drawn by ``solve``'s text answer (boards of ``| > v |`` rows, numbered or not,
    a given arrow in brackets ``[>]``), in order.

    >>> board_rows("+---+---+\\n| > | O |\\n+---+---+\\nsolved")
    [('>O',)]
    >>> board_rows("    0   1\\n  +---+---+\\n0 |[>]| O |\\n  +---+---+\\n(legend)")
    [('>O',)]
    """
    boards: list[list[str]] = []
    current: list[str] = []
    for line in text.splitlines():
        cells = _CELLS.fullmatch(line)
        if cells:
            row = cells.group(1)
            current.append("".join(row[i] for i in range(2, len(row) - 1, 4)))
        elif current and not _BORDER.fullmatch(line):
            boards.append(current)
            current = []
    if current:
        boards.append(current)
    return [tuple(b) for b in boards]


def read_answers(text: str, *, file: str | None = None) -> list[object]:
    """What ``solve`` wrote, one certificate per puzzle: one JSON object a line, or the text boards;
    else solution rows ``>v</...`` (:func:`parse_rows`)."""
    if text.lstrip().startswith("{"):
        out: list[object] = []
        for n, line in enumerate(text.splitlines(), 1):
            if line.strip():
                try:
                    out.append(parse_json(line, file))
                except json.JSONDecodeError as exc:
                    raise InputError(f"not JSON: {exc.msg}", file=file, line=n) from None
                except InputError as exc:
                    raise InputError(exc.message, file=file, line=n) from None
        return out
    boards = board_rows(text)
    return list(boards) if boards else [parse_rows(text, file)]
