"""Every game's text board is readable on its own (:mod:`escapology.core.textboard`): its rows and
columns are numbered as the game's ``COORDINATES`` name its fields (the pieces stand where the
numbers say: the avatar, a player, Alice, the Roma cell, the start), and one legend line names
every glyph the board shows and no glyph it does not. The boards are read back here as a reader
reads them, from the printed text alone, on generated instances of several sizes (ten columns and
more: the column numbers written downwards where they do not fit side by side)."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from escapology.core.coordinates import Grid
from escapology.core.textboard import Key, column_lines, frame, glyph_board, legend

FEW = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ----- reading a board as a reader does ------------------------------------------------------

def is_word(token: str) -> bool:
    """Whether a legend's glyph token is a word (``spare``), not glyphs (those are written ``a/b``)."""
    return token.isalpha() and token.islower() and len(token) > 1


def legend_glyphs(line: str) -> tuple[list[str], list[str]]:
    """The glyphs and the words a legend line ``(G meaning, G meaning; fields)`` explains, ranges
    ``A-D`` and lists ``1/2`` spelled out."""
    assert line.startswith("(") and line.endswith(")"), line
    keys = line[1:-1].split("; ")[0]
    words, glyphs = [], []
    for entry in keys.split(", "):
        word = entry.split(" ")[0]
        if is_word(word):
            words.append(word)
            continue
        spelled = ""
        for part in (word.split("/") if "/" in word else [word]):
            m = re.fullmatch(r"(\w)-(\w)", part)
            spelled += "".join(map(chr, range(ord(m[1]), ord(m[2]) + 1))) if m else part
        glyphs.append(spelled)
    return glyphs, words


def assert_legend_covers(body: list[str], line: str) -> None:
    """Every character of ``body`` but blanks is named by the legend, and every legend entry names
    something ``body`` shows."""
    keys, words = legend_glyphs(line)
    text = "\n".join(body)
    for w in words:
        assert w in text, (w, line)
        text = text.replace(w, " ")
    shown = set(text) - {" ", "\n"}
    assert shown <= set("".join(keys)), (sorted(shown - set("".join(keys))), line)
    for k in keys:
        assert set(k) & shown, (k, line)


class Framed:
    """A framed board read back: its body (the lines without the numbers' margin), the row label
    of each body line (``""`` for none) and the column numbers' lines."""

    def __init__(self, lines: list[str], grid: Grid, rows: int, body_lines: int, at: range) -> None:
        self.at = at  # where the columns' fields are in the body's lines
        width = max(len(grid.row_label(i, rows)) for i in range(rows)) + 1
        heads = len(lines) - body_lines
        assert heads >= 1, lines
        body = lines[:body_lines] if grid.rows_up else lines[heads:]
        self.header = lines[body_lines:] if grid.rows_up else lines[:heads]
        assert all(line[:width].strip() == "" for line in self.header)
        self.header = [line[width:] for line in self.header]
        self.gutter = [line[:width].strip() for line in body]
        assert all(line[width - 1:width] in ("", " ") for line in body), body
        self.body = [line[width:] for line in body]

    def row_labels(self) -> list[str]:
        return [g for g in self.gutter if g]

    def column_labels(self) -> list[str]:
        return [self.column_label_at(c) for c in self.at]

    def column_label_at(self, c: int) -> str:
        """The number over (or under) the character ``c`` of the body's lines: the one written
        across it, or (written downwards, or one digit a column) the characters down from it."""
        if len(self.header) == 1:
            for m in re.finditer(r"\S+", self.header[0]):
                if m.start() <= c < m.end() and sum(m.start() <= a < m.end() for a in self.at) == 1:
                    return m.group()
        return "".join(h[c] for h in self.header if c < len(h)).strip()

    def where(self, glyph: str, right: int = 0) -> list[tuple[str, str]]:
        """The (row label, column label) of every ``glyph`` in the body (of the column ``right``
        characters right of it)."""
        out = []
        for k, line in enumerate(self.body):
            for c, ch in enumerate(line):
                if ch == glyph:
                    assert self.gutter[k], (glyph, k, self.body)  # a piece stands on a numbered line
                    out.append((self.gutter[k], self.column_label_at(c + right)))
        return out


def pair(grid: Grid, row: str, col: str) -> tuple[int, int]:
    """The game's pair of the field in the row and column so labelled."""
    return (int(col), int(row)) if grid.column_first else (int(row), int(col))


def assert_axes(framed: Framed, grid: Grid, rows: int, cols: int) -> None:
    assert framed.row_labels() == [grid.row_label(i, rows) for i in range(rows)]
    assert framed.column_labels() == [grid.column_label(j) for j in range(cols)]


# ----- the shared helper -------------------------------------------------------------------------

GRIDS = st.builds(Grid, base=st.sampled_from([0, 1]), rows_up=st.booleans(), column_first=st.booleans())


@given(GRIDS, st.integers(1, 14), st.integers(1, 14), st.sampled_from(["", " ", "  "]), st.data())
def test_glyph_board_numbers_every_row_and_column_where_its_fields_are(grid, rows, cols, gap, data):
    glyphs = "ab.#"
    cells = [[data.draw(st.sampled_from(glyphs)) for _ in range(cols)] for _ in range(rows)]
    i, j = data.draw(st.integers(0, rows - 1)), data.draw(st.integers(0, cols - 1))
    cells[i][j] = "@"
    keys = [Key("@", "marked"), Key("ab", "letter"), Key(".", "dot"), Key("#", "hash")]
    lines = glyph_board(cells, grid, keys, gap=gap).split("\n")
    framed = Framed(lines[:-1], grid, rows, rows, range(0, (1 + len(gap)) * cols, 1 + len(gap)))
    assert_axes(framed, grid, rows, cols)
    assert framed.where("@") == [(grid.row_label(i, rows), grid.column_label(j))]
    assert_legend_covers(framed.body, lines[-1])


@given(st.lists(st.text("0123456789", min_size=1, max_size=3), min_size=1, max_size=20), st.integers(1, 5))
def test_column_numbers_never_run_together(labels, pitch):
    at = range(1, 1 + pitch * len(labels), pitch)
    lines = column_lines(labels, at)
    down = ["".join(line[c] if c < len(line) else " " for line in lines).strip() for c in at]
    spans = [m.span() for m in re.finditer(r"\S+", lines[0])]
    across = len(lines) == 1 and [lines[0][a:b] for a, b in spans] == labels and all(
        a <= c < b for (a, b), c in zip(spans, at))  # each number over its own column, blanks between
    assert across or down == labels, (labels, lines)


def test_a_legend_names_only_what_is_shown_and_the_fields():
    keys = [Key("@", "avatar"), Key("*", "goal")]
    assert legend(keys, "@@ ", fields="field (x,y)") == "(@ avatar; field (x,y))"
    assert frame(["ab"], Grid(base=1, rows_up=True), 1, 2, row_lines=[0], column_at=[0, 1]) == ["1 ab", "  12"]


# ----- the six games -----------------------------------------------------------------------------

@FEW
@given(st.integers(2, 12), st.integers(0, 10_000))
def test_labyrinth_board(n, seed):
    from escapology import labyrinth
    from escapology.labyrinth.drawing import replay, text_frames
    from escapology.labyrinth.model import COORDINATES

    inst = labyrinth.generate(size=n, seed=seed)
    text = text_frames(inst)
    lines = text.split("\n")
    assert lines[0] == "start"
    framed = Framed(lines[1:-1], COORDINATES, n, n, range(n))
    assert_axes(framed, COORDINATES, n, n)
    reach = replay(inst, [])[0].reach
    assert {pair(COORDINATES, r, c) for r, c in framed.where("@")} == {(p // n + 1, p % n + 1) for p in reach}
    assert pair(COORDINATES, *framed.where("@")[0]) in {(p // n + 1, p % n + 1) for p in reach}
    assert_legend_covers(framed.body, lines[-1])
    assert lines[-1].endswith("; field (x,y) = (row,column))")


@FEW
@given(st.integers(2, 12), st.integers(0, 10_000))
def test_chess_board(n, seed):
    from escapology import chess
    from escapology.chess.drawing import text_board
    from escapology.chess.model import COORDINATES

    inst = chess.generate(size=n, seed=seed)
    lines = text_board(inst, chess.solve(inst)).split("\n")
    framed = Framed(lines[:-1], COORDINATES, n, n, range(0, 2 * n, 2))
    assert_axes(framed, COORDINATES, n, n)
    assert [pair(COORDINATES, *w) for w in framed.where("A")] == [tuple(inst.alice)]
    assert [pair(COORDINATES, *w) for w in framed.where("B")] == [tuple(inst.bob)]
    assert_legend_covers(framed.body, lines[-1])


@FEW
@given(st.integers(3, 11), st.integers(0, 10_000), st.integers(1, 3))
def test_amazeing_board(n, seed, players):
    from escapology import amazeing
    from escapology.amazeing.drawing import text_board
    from escapology.amazeing.model import COORDINATES

    pos = amazeing.generate(size=n, seed=seed, players=players)
    lines = text_board(pos).split("\n")
    key = next(k for k, line in enumerate(lines) if line.startswith("("))
    framed = Framed(lines[:key], COORDINATES, pos.rows, 3 * pos.rows + 2, range(3, 3 * pos.cols + 2, 3))
    assert_axes(framed, COORDINATES, pos.rows, pos.cols)
    for i, p in enumerate(pos.players):  # (a player on the cell of one listed before her is hidden)
        hidden = any(q.cell == p.cell for q in pos.players[:i])
        assert [pair(COORDINATES, *w) for w in framed.where(str(i + 1))] == ([] if hidden else [pos.rc(p.cell)])
    assert_legend_covers(framed.body, lines[key])


@FEW
@given(st.integers(1, 5), st.integers(1, 12), st.data())
def test_roma_board_tells_given_from_solved_arrows(rows, cols, data):
    from escapology.roma.drawing import text_board
    from escapology.roma.io import board_rows
    from escapology.roma.model import COORDINATES, DIRECTIONS, Puzzle

    # any boxes (connected equal labels), givens and a full grid of arrows: what is drawn, not solved
    cell = st.tuples(st.integers(0, 2), st.sampled_from("..^v<>O"), st.sampled_from(DIRECTIONS))
    cells = [[data.draw(cell) for _ in range(cols)] for _ in range(rows)]
    puzzle = Puzzle.from_labels([[c[0] for c in row] for row in cells], ["".join(c[1] for c in row) for row in cells])
    solution = tuple("".join("O" if c[1] == "O" else c[1] if c[1] in DIRECTIONS else c[2] for c in row)
                     for row in cells)
    goals = sorted((r, c) for r in range(rows) for c in range(cols) if cells[r][c][1] == "O")
    given = sorted((r, c) for r in range(rows) for c in range(cols) if cells[r][c][1] in DIRECTIONS)
    for shown in (None, solution):
        lines = text_board(puzzle, shown).split("\n")
        framed = Framed(lines[:-1], COORDINATES, rows, 2 * rows + 1, range(2, 4 * cols, 4))
        assert_axes(framed, COORDINATES, rows, cols)
        assert sorted(pair(COORDINATES, *w) for w in framed.where("O")) == goals
        assert sorted(pair(COORDINATES, *w) for w in framed.where("[", 1)) == given  # a given arrow: [>]
        assert_legend_covers(framed.body, lines[-1])
    assert board_rows("\n".join(lines)) == [solution]  # what check reads back
    assert ("[>] given arrow (the others solved)" in lines[-1]) == bool(given)


@FEW
@given(st.integers(1, 12), st.integers(1, 12), st.data())
def test_nemesis_grid_board(rows, cols, data):
    from escapology.nemesis.drawing import GRID_NAMES, text_board
    from escapology.nemesis.generator import grid

    start = (data.draw(st.integers(0, rows - 1)), data.draw(st.integers(0, cols - 1)))
    inst = grid(rows, cols, start=start)
    lines = text_board(inst).split("\n")
    framed = Framed(lines[:-1], GRID_NAMES, rows, rows, range(0, 2 * cols, 2))
    assert_axes(framed, GRID_NAMES, rows, cols)
    assert [pair(GRID_NAMES, *w) for w in framed.where("S")] == [start]
    assert_legend_covers(framed.body, lines[-1])
    assert "vertex r<row>c<column>" in lines[-1]


@FEW
@given(st.integers(1, 6), st.integers(2, 12), st.integers(0, 10_000))
def test_forest_board_numbers_every_field(rows, cols, seed):
    from escapology.forest import api
    from escapology.forest.drawing import text_board

    inst = api.generate(rows=rows, cols=cols, seed=seed, rolls=4)
    result = api.solve(inst)
    plan = result.solution.plan if result.solution.plan else []
    lines = text_board(inst, plan).split("\n")
    glyphs, names = lines[0:-1:3], lines[1:-1:3]
    paths = lines[2:-1:3]
    assert len(glyphs) == len(names) == rows
    pos = inst.board.positions
    for y, (g, nm) in enumerate(zip(glyphs, names)):  # under each field's glyph its number
        cells = [m.start() for m in re.finditer(r"[^ |-]", g)]
        numbers = [(m.start(), m.group()) for m in re.finditer(r"\S+", nm)]
        assert [c for c, _ in numbers] == cells
        in_row = sorted((pos[v][0], str(inst.label(v))) for v in range(inst.board.n) if pos[v][1] == y)
        assert [s for _, s in numbers] == [s for _, s in in_row]
    start_line, start_col = next((k, g.index("S")) for k, g in enumerate(glyphs) if "S" in g)
    assert re.match(r"\S+", names[start_line][start_col:]).group() == str(inst.label(inst.start))
    assert_legend_covers(glyphs + paths, lines[-1])
