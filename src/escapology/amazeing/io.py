"""The JSON position format of the aMAZEing Labyrinth, and DIMACS CNF / QDIMACS for the reductions.

A position is one JSON object::

    {
      "game": "amazeing",
      "board": ["┌─┬…", …],            // one string of tile glyphs per row, row 0 at the top
      "fixed": "standard",              // or "none", or rows of "x" (fixed) and "." (movable)
      "spare": "│",                     // the spare tile, in any orientation
      "treasures": {"A": [0, 2], "M": "spare"},
      "players": [{"name": "red", "at": [0, 0], "target": "A",
                   "cards": ["B", "C"], "home": [0, 0]}],
      "to_move": 0,                     // optional, index into players
      "last_shift": "N1",               // optional: the shift just played (its reversal is forbidden)
      "race_turns": 2,                  // optional: a race (SP-Versus): can the player to move reach
                                        // her target within 2 own turns before the next player his?
      "command": "escapology amazeing generate --seed 7", // optional: what made it (ignored)
      "labels": [{"text": "C1", "rows": [9, 20], "cols": [8, 28]}]  // optional: gadgets, drawn by render
    }

Glyphs: ``│ ─`` (I), ``└ ┌ ┐ ┘`` (L), ``┬ ┤ ┴ ├`` (T), ``┼`` (X) and ``· ╵ ╶ ╷ ╴`` for the closed
and dead-end tiles an arbitrary board may use. A player's ``target`` is a treasure's name or a
cell ``[row, col]`` (the tile on that cell, which then moves with the board). Cells are
``[row, col]``, 0-based. Shifts are written ``N1`` (spare goes in at the north end of column 1),
``E3``, ``S5``, ``W1``.

>>> pos = loads('{"game": "amazeing", "board": ["┌┐", "└┘"], "fixed": "none", "spare": "│",'
...             ' "treasures": {"A": [1, 1]}, "players": [{"name": "red", "at": [0, 0], "target": "A"}]}')
>>> pos.rows, pos.cols, pos.players[0].target, pos.treasures
(2, 2, 'A', {'A': 3})
>>> loads(dumps(pos)) == pos
True
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from escapology.amazeing.certificate import Plan
from escapology.amazeing.model import COORDINATES, MASKS, Player, Position, Shift, Turn, glyph
from escapology.core.dimacs import MAX_CNF_CLAUSES, MAX_CNF_VARIABLES, QBF, read_dimacs, read_qdimacs  # noqa: F401 (the readers moved to core)
from escapology.core.errors import InputError
from escapology.core.reading import parse_json

TARGET_TILE = "*"  # the treasure name given to a target that is written as a cell


#: The most cells a board may have (rows times columns). Measured 2026-11-25: a board of 1.09 M
#: cells (the Theorem 3 board of 30 variables, 128 clauses) is built, written, read back and given a
#: one-turn search in 72 MB; so 2 M cells stay near 150 MB (:data:`BYTES_PER_CELL`). The exact
#: search itself is exponential in the turns, not the cells: it settles Theorem 3 boards up to about
#: 5 turns in seconds whatever their size (docs/amazeing.md).
MAX_CELLS = 2_000_000
#: Memory per cell of a board while it is built, written, read and searched (the estimate above).
BYTES_PER_CELL = 75
#: The most own turns a race position (``"race_turns"``) may ask about.
MAX_RACE_TURNS = 1_000


def _line_of(text: str, needle: str) -> int | None:
    pos = text.find(needle)
    return None if pos < 0 else text.count("\n", 0, pos) + 1


def detect(text: str) -> bool:
    """True iff ``text`` is a JSON object with ``"game": "amazeing"``."""
    if '"amazeing"' not in text:
        return False
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return False
    return isinstance(data, dict) and data.get("game") == "amazeing"


def loads(text: str, *, file: str | None = None) -> Position:
    """Parse a JSON position, raising :class:`InputError` (with file and line) on any mistake."""
    try:
        data = parse_json(text, file)
    except json.JSONDecodeError as exc:
        raise InputError(f"not valid JSON: {exc.msg}", file=file, line=exc.lineno) from None
    except ValueError as exc:  # e.g. an integer of thousands of digits (an InputError passes on as it is)
        if isinstance(exc, InputError):
            raise
        raise InputError(f"not valid JSON: {exc}", file=file) from None
    return from_dict(data, text=text, file=file)


def from_dict(data: Any, *, text: str = "", file: str | None = None) -> Position:
    """Build a position from a decoded JSON object (see the module documentation)."""

    def err(message: str, key: str | None = None) -> InputError:
        return InputError(message, file=file, line=_line_of(text, f'"{key}"') if key else None)

    if not isinstance(data, dict):
        raise err("a position must be a JSON object")
    if data.get("game") != "amazeing":
        raise err('a position needs "game": "amazeing"', "game")
    board = data.get("board")
    if not isinstance(board, list) or not board or not all(isinstance(r, str) for r in board):
        raise err('"board" must be a non-empty list of strings of tile glyphs', "board")
    rows, cols = len(board), len(board[0])
    if rows * cols > MAX_CELLS or sum(map(len, board)) > MAX_CELLS:
        raise err(f"the board has {max(rows * cols, sum(map(len, board)))} cells; the limit is {MAX_CELLS}", "board")
    tiles: list[int] = []
    for r, row in enumerate(board):
        if len(row) != cols:
            raise err(f"board row {r} has {len(row)} tiles, row 0 has {cols}", "board")
        for c, g in enumerate(row):
            if g not in MASKS:
                raise err(f"unknown tile glyph {g!r} at {COORDINATES.name(r, c)}; use │─└┌┐┘┬┤┴├┼·╵╶╷╴", "board")
            tiles.append(MASKS[g])
    fixed_spec = data.get("fixed", "standard")
    if fixed_spec == "standard":
        fixed = Position.standard_fixed(rows, cols)
    elif fixed_spec == "none":
        fixed = (False,) * (rows * cols)
    elif isinstance(fixed_spec, list) and all(isinstance(r, str) for r in fixed_spec):
        if len(fixed_spec) != rows or any(len(r) != cols or set(r) - set("x.") for r in fixed_spec):
            raise err(f'"fixed" must be {rows} rows of {cols} characters "x" or "."', "fixed")
        fixed = tuple(ch == "x" for r in fixed_spec for ch in r)
    else:
        raise err('"fixed" must be "standard", "none" or a list of rows of "x" and "."', "fixed")
    spare = data.get("spare")
    if not isinstance(spare, str) or spare not in MASKS:
        raise err('"spare" must be one tile glyph', "spare")

    def cell_of(value: Any, what: str, key: str) -> int:
        if (
            isinstance(value, list)
            and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            and 0 <= value[0] < rows
            and 0 <= value[1] < cols
        ):
            return value[0] * cols + value[1]
        raise err(f"{what} must be a cell [row, col] inside the {rows}x{cols} board, not {value!r}", key)

    treasures: dict[str, int] = {}
    raw_t = data.get("treasures", {})
    if not isinstance(raw_t, dict):
        raise err('"treasures" must map names to cells [row, col] or "spare"', "treasures")
    on_tile: dict[int, str] = {}
    for name, where in raw_t.items():
        treasures[name] = -1 if where == "spare" else cell_of(where, f"treasure {name!r}", name)
        if treasures[name] in on_tile:
            raise err(f"treasures {on_tile[treasures[name]]!r} and {name!r} are both on {json.dumps(where)}: "
                      "a tile holds one treasure", name)
        on_tile[treasures[name]] = name
    players: list[Player] = []
    raw_p = data.get("players", [])
    if not isinstance(raw_p, list):
        raise err('"players" must be a list', "players")
    for i, p in enumerate(raw_p):
        if not isinstance(p, dict) or "at" not in p:
            raise err(f"player {i} must be an object with at least \"at\": [row, col]", "players")
        name = str(p.get("name", f"player{i + 1}"))
        at = cell_of(p["at"], f"player {name!r} position", "at")
        target = p.get("target")
        if isinstance(target, list):
            cell = cell_of(target, f"player {name!r} target", "target")
            existing = [k for k, v in treasures.items() if v == cell]
            if existing:
                target = existing[0]
            else:
                target = TARGET_TILE if TARGET_TILE not in treasures else f"{TARGET_TILE}{i}"
                treasures[target] = cell
        elif target is not None and target not in treasures:
            raise err(f"player {name!r} targets unknown treasure {target!r}", "target")
        cards = p.get("cards", [])
        if not isinstance(cards, list) or any(c not in treasures for c in cards):
            raise err(f"player {name!r}: \"cards\" must list known treasures", "cards")
        home = cell_of(p["home"], f"player {name!r} home", "home") if "home" in p else None
        players.append(Player(name, at, target, tuple(cards), home))
    to_move = data.get("to_move", 0)
    if not isinstance(to_move, int) or (players and not 0 <= to_move < len(players)):
        raise err('"to_move" must index a player', "to_move")
    last = data.get("last_shift")
    last_shift = None
    if last is not None:
        try:
            last_shift = Shift.parse(str(last))
        except ValueError as exc:
            raise err(str(exc), "last_shift") from None
    labels = _labels(data.get("labels", []), rows, cols, err)
    race_turns = data.get("race_turns")
    if race_turns is not None:
        if type(race_turns) is not int or not 1 <= race_turns <= MAX_RACE_TURNS:
            raise err(f'"race_turns" must be a number of turns 1..{MAX_RACE_TURNS}', "race_turns")
        if len(players) < 2 or any(p.target is None for p in players[:2]):
            raise err('a race ("race_turns") needs two players with targets', "race_turns")
    pos = Position(rows, cols, tuple(tiles), fixed, MASKS[spare], treasures, tuple(players), last_shift, to_move,
                   labels, race_turns)
    if last_shift is not None and not pos.shiftable(last_shift):
        raise err(f"last_shift {last_shift} is not a shiftable line of this board", "last_shift")
    return pos


def _labels(raw: Any, rows: int, cols: int, err: Any) -> tuple[tuple[str, int, int, int, int], ...]:
    """The optional ``"labels"``: named rectangles inside the board (the gadgets of a reduction)."""
    bad = err('"labels" must be a list of {"text": name, "rows": [top, bottom], "cols": [left, right]} '
              "inside the board", "labels")
    if not isinstance(raw, list) or len(raw) > rows * cols:
        raise bad
    out = []
    for lab in raw:
        if not isinstance(lab, dict) or not isinstance(lab.get("text"), str):
            raise bad
        span = [lab.get("rows"), lab.get("cols")]
        if not all(isinstance(x, list) and len(x) == 2 and all(type(v) is int for v in x) for x in span):
            raise bad
        (top, bottom), (left, right) = span
        if not (0 <= top <= bottom < rows and 0 <= left <= right < cols):
            raise bad
        out.append((lab["text"], top, left, bottom, right))
    return tuple(out)


def to_dict(pos: Position) -> dict[str, Any]:
    """The JSON object of a position (inverse of :func:`from_dict`)."""
    def cell(c: int) -> list[int]:
        return list(divmod(c, pos.cols))

    if pos.fixed == Position.standard_fixed(pos.rows, pos.cols):
        fixed: Any = "standard"
    elif not any(pos.fixed):
        fixed = "none"
    else:
        fixed = [
            "".join("x" if pos.fixed[r * pos.cols + c] else "." for c in range(pos.cols)) for r in range(pos.rows)
        ]
    out: dict[str, Any] = {
        "game": "amazeing",
        "board": ["".join(glyph(pos.tiles[r * pos.cols + c]) for c in range(pos.cols)) for r in range(pos.rows)],
        "fixed": fixed,
        "spare": glyph(pos.spare),
        "treasures": {k: ("spare" if v == -1 else cell(v)) for k, v in pos.treasures.items()},
        "players": [],
    }
    for p in pos.players:
        d: dict[str, Any] = {"name": p.name, "at": cell(p.cell)}
        if p.target is not None:
            d["target"] = p.target
        if p.cards:
            d["cards"] = list(p.cards)
        if p.home is not None:
            d["home"] = cell(p.home)
        out["players"].append(d)
    if pos.to_move:
        out["to_move"] = pos.to_move
    if pos.last_shift is not None:
        out["last_shift"] = str(pos.last_shift)
    if pos.race_turns is not None:
        out["race_turns"] = pos.race_turns
    if pos.labels:
        out["labels"] = [{"text": t, "rows": [top, bottom], "cols": [left, right]}
                         for t, top, left, bottom, right in pos.labels]
    return out


def dumps(pos: Position, *, command: str | None = None) -> str:
    """The position as pretty JSON text (one board row per line); ``command``, the command that
    made it (``escapology amazeing generate`` writes it), goes in as ``"command"`` after ``"game"``."""
    d = to_dict(pos)
    if command is not None:
        d = {"game": d["game"], "command": command, **d}
    text = json.dumps(d, ensure_ascii=False, indent=2)
    # keep short lists such as cells on one line
    text = re.sub(r"\[\s+(-?\d+),\s+(-?\d+)\s+\]", r"[\1, \2]", text)
    text = re.sub(r'\[\s+((?:"[^"\n]{0,3}",\s+)*"[^"\n]{0,3}")\s+\]', lambda m: "[" + re.sub(r",\s+", ", ", m.group(1)) + "]", text)
    return text + "\n"


def plan_to_json(pos: Position, plan: list[Turn]) -> list[dict[str, Any]]:
    """A plan (list of :class:`~escapology.amazeing.model.Turn`) as JSON-ready dictionaries
    (:meth:`Plan.to_json <escapology.amazeing.certificate.Plan.to_json>` of its certificate)."""
    return Plan.of(pos, plan).to_json()


def plan_from_json(pos: Position, data: Any, *, text: str = "", file: str | None = None) -> list[Turn]:
    """Read a plan: a list of turns, or an object with a ``"plan"`` list (the output of ``solve``),
    as the turns on ``pos`` (:meth:`Plan.from_json <escapology.amazeing.certificate.Plan.from_json>`
    and :meth:`~escapology.amazeing.certificate.Plan.on`; a mistake is an :class:`InputError`)."""
    if isinstance(data, dict):
        data = data.get("plan")
    if not isinstance(data, list):
        raise InputError('a plan is a list of turns or an object with a "plan" list', file=file)
    try:
        return Plan.from_json(data).on(pos)
    except ValueError as exc:
        raise InputError(str(exc), file=file, line=_line_of(text, '"shift"') if text else None) from None


_TURN = re.compile(r"^turn (\d+): insert (\S+) at (\S+), walk ?(.*)$")
_CELL = re.compile(r"^\((-?\d+),(-?\d+)\)$")


def plan_from_text(text: str, *, file: str | None = None) -> dict[str, Any]:
    """The answer ``escapology amazeing solve`` printed (``fewest turns: K`` and one line per turn,
    ``turn 1: insert ┐ at N1, walk (0,0) -> (0,1)``) as the JSON object ``solve --format json``
    writes: ``{"status": ..., "plan": [{"shift", "tile", "path"}, ...]}`` for :func:`plan_from_json`
    (which checks the shifts, tiles and cells). Text that is no such answer is an :class:`InputError`."""
    lines = [(k, ln.strip()) for k, ln in enumerate(text.splitlines(), start=1) if ln.strip()]
    if not lines:
        raise InputError("no answer of 'solve' (the file is empty)", file=file)
    first, head = lines[0]
    status = head.split(":", 1)[0]
    if status in ("unsolvable", "unknown"):
        return {"status": status}
    if status != "fewest turns":
        raise InputError("not an answer of 'amazeing solve' (its first line is 'fewest turns: K')", file=file,
                         line=first)
    plan = []
    for k, ln in lines[1:]:
        m = _TURN.match(ln)
        if m is None:
            raise InputError("not a turn ('turn I: insert TILE at SHIFT, walk (R,C) -> ...')", file=file, line=k)
        path = []
        for cell in filter(None, (c.strip() for c in m.group(4).split("->"))):
            c = _CELL.match(cell)
            if c is None:
                raise InputError(f"a cell is (row,col), not {cell!r}", file=file, line=k)
            path.append([int(c.group(1)), int(c.group(2))])
        plan.append({"shift": m.group(3), "tile": m.group(2), "path": path})
    return {"status": "solved", "plan": plan}
