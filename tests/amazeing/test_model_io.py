"""The rules engine, the published game's tile set and the JSON/DIMACS formats."""

from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from escapology.amazeing.generator import FIXED_TILES, published_position, random_position
from escapology.amazeing.io import dumps, loads, read_dimacs
from escapology.amazeing.model import Position, Shift, mask, rotations, shape
from escapology.core.errors import InputError


def test_published_game_tile_set():
    pos = published_position(seed=0, players=4)
    assert (pos.rows, pos.cols) == (7, 7)
    fixed = [i for i, f in enumerate(pos.fixed) if f]
    assert len(fixed) == 16 and all(r % 2 == 0 and c % 2 == 0 for r, c in map(pos.rc, fixed))
    assert Counter(shape(pos.tiles[i]) for i in fixed) == {"L": 4, "T": 12}
    movable = [pos.tiles[i] for i in range(49) if not pos.fixed[i]] + [pos.spare]
    assert Counter(map(shape, movable)) == {"I": 12, "L": 16, "T": 6}
    assert len(pos.treasures) == 24 and len(set(pos.treasures.values())) == 24
    assert sorted(map(str, pos.legal_shifts())) == sorted(f"{s}{i}" for s in "NESW" for i in (1, 3, 5))
    assert [p.cell for p in pos.players] == [0, 6, 48, 42]
    assert len(FIXED_TILES) == 16


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), data=st.data())
def test_shifts_keep_the_tiles_and_undo(seed, data):
    pos = published_position(seed, players=2)
    shift = data.draw(st.sampled_from(pos.legal_shifts()))
    tile = data.draw(st.sampled_from(rotations(pos.spare)))
    after = pos.apply(shift, tile)
    before_shapes = Counter(map(shape, pos.tiles + (pos.spare,)))
    assert Counter(map(shape, after.tiles + (after.spare,))) == before_shapes
    assert shift.reverse() not in after.legal_shifts()
    # undoing by hand (the rule forbids it in play): the pushed-out tile goes back in
    undone = Position(after.rows, after.cols, after.tiles, after.fixed, after.spare, after.treasures, after.players)
    back = undone.apply(shift.reverse(), after.spare)
    assert back.tiles == pos.tiles and back.spare == tile
    assert back.treasures == pos.treasures and back.players == pos.players


@settings(max_examples=40, deadline=None)
@given(rows=st.integers(1, 6), cols=st.integers(1, 6), seed=st.integers(0, 10**6), players=st.integers(0, 3))
def test_json_round_trip(rows, cols, seed, players):
    assume(players <= rows * cols + 1)  # a tile (or the spare) for each player's treasure
    pos = random_position(rows, cols, seed=seed, fixed="none", players=players)
    assert loads(dumps(pos)) == pos


def test_fixed_lines_cannot_shift():
    pos = published_position(1)
    with pytest.raises(ValueError, match="cannot be shifted"):
        pos.apply(Shift("N", 2))
    with pytest.raises(ValueError, match="not an orientation"):
        pos.apply(Shift("N", 1), mask("┼"))


@pytest.mark.parametrize(
    "text, fragment, line",
    [
        ('{"game": "amazeing",\n"board": ["┌┐", "└"], "spare": "│"}', "row 1 has 1 tiles", 2),
        ('{"game": "amazeing", "board": ["┌┐"],\n"spare": "xx"}', "one tile glyph", 2),
        ('{"game": "amazeing", "board": ["┌┐"], "spare": "│",\n"treasures": {"A": [5, 0]}}', "inside the 1x2 board", 2),
        ('{"game": "amazeing", "board": ["┌┐"], "spare": "│",\n"players": [{"at": [0, 0], "target": "Q"}]}', "unknown treasure", 2),
        ('{"game": "amazeing", "board": ["┌┐"], "spare": "│",\n"last_shift": "Z1"}', "bad shift", 2),
        ('{"game": "amazeing", "board": ["┌┐"], "spare": "│", "fixed": "xx"}', '"fixed" must be', 1),
        ('{"game": "other"}', '"game": "amazeing"', 1),
    ],
)
def test_json_errors_name_the_line(text, fragment, line):
    with pytest.raises(InputError) as exc:
        loads(text, file="p.json")
    assert fragment in str(exc.value) and exc.value.line == line and exc.value.file == "p.json"


def test_target_given_as_a_cell_rides_with_its_tile():
    pos = loads('{"game": "amazeing", "board": ["│││"], "fixed": "none", "spare": "─",'
                ' "players": [{"at": [0, 0], "target": [0, 1]}]}')
    assert pos.treasures == {"*": 1}
    assert pos.apply(Shift("W", 0)).treasures == {"*": 2}


@pytest.mark.parametrize(
    "text, fragment, line",
    [
        ("p cnf 2 1\n1 3 0\n", "exceeds the 2 variables", 2),
        ("1 2 0\n", "before the 'p cnf' header", 1),
        ("p cnf 2 2\n1 2 0\n", "announces 2 clauses", None),
        ("p dnf 2 2\n", "bad header", 1),
    ],
)
def test_dimacs_errors(text, fragment, line):
    with pytest.raises(InputError) as exc:
        read_dimacs(text, file="f.cnf")
    assert fragment in str(exc.value) and exc.value.line == line
