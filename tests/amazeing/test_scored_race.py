"""The scored turn-restricted race (the paper's upper-bound remark, §2.3) of the native search
against a plain minimax over the rules engine with the plain solo search (bruteforce.py)."""

import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from escapology.amazeing import native
from escapology.amazeing.bruteforce import scored_race_bruteforce
from escapology.amazeing.generator import published_position, random_position
from escapology.amazeing.io import dumps
from escapology.cli import app
from escapology.core.results import Status

pytestmark = pytest.mark.skipif(not native.available(), reason="the extension module is not built")


def scored(pos, turns, cap):
    return native.forced_win_native(pos, turns, scored=True, solo_cap=cap)


@settings(max_examples=80, deadline=None)
@given(
    shape=st.sampled_from([(2, 2), (2, 3), (3, 2), (3, 3)]),
    seed=st.integers(0, 10**6),
    cap=st.sampled_from([1, 2]),
)
def test_one_turn_each_equals_minimax(shape, seed, cap):
    rows, cols = shape
    pos = random_position(rows, cols, seed=seed, players=2, shapes="IILT")
    if (rows, cols) == (3, 3):
        pos = replace(pos, spare=0b0101)  # an I spare keeps the minimax small
    if not pos.legal_shifts():
        return
    got = scored(pos, 1, cap)
    assert (got.status is Status.SOLVED) == scored_race_bruteforce(pos, 1, cap)


@settings(max_examples=15, deadline=None)
@given(shape=st.sampled_from([(2, 2), (2, 3)]), seed=st.integers(0, 10**6))
def test_two_turns_each_equals_minimax(shape, seed):
    pos = random_position(*shape, seed=seed, players=2, shapes="IILT")
    pos = replace(pos, spare=0b0101)
    if not pos.legal_shifts():
        return
    got = scored(pos, 2, 1)
    assert (got.status is Status.SOLVED) == scored_race_bruteforce(pos, 2, 1)


def test_a_forced_race_win_is_a_scored_win():
    """Reaching the target within k own turns before him wins the scored race of k turns too."""
    for seed in range(8):
        pos = published_position(seed, players=2)
        plain = native.forced_win_native(pos, 1)
        if plain.status is Status.SOLVED:
            assert scored(pos, 1, 2).status is Status.SOLVED


def test_cli_scored(tmp_path):
    f = tmp_path / "p.json"
    f.write_text(dumps(published_position(2, players=2)))
    runner = CliRunner()
    res = runner.invoke(app, ["amazeing", "race", str(f), "--turns", "1", "--scored", "--format", "json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert out["scored"] is True and out["solo_cap"] == 3 and out["forced_win"] is False
    res = runner.invoke(app, ["amazeing", "race", str(f), "--turns", "2", "--scored"])
    assert res.exit_code == 0 and "scored race" in res.output
    res = runner.invoke(app, ["amazeing", "race", str(f), "--turns", "1", "--scored", "--solo-cap", "0"])
    assert res.exit_code == 2
