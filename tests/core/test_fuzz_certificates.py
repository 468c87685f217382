"""Fuzzing every game's checker with certificates of the wrong shape (issue 32): each game's
certificate for its shipped example, solved once, with leaves and lists replaced by values of
other types (strings for numbers, lists for strings, null, booleans, floats, deep nesting, huge
integers). Whatever the certificate, ``check`` answers a verdict or an ``InputError`` -- never
another exception -- and accepts only what the checker accepts unchanged."""

from __future__ import annotations

import copy
import json
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from escapology.core.errors import InputError
from escapology.games import GAMES

sys.path.insert(0, str(Path(__file__).parent))
from shipped import EXAMPLE as FILES, EXAMPLES  # noqa: E402

ODD = [None, True, False, 0, -1, 1.5, 10**40, "", "x", "4", [], {}, [[[]]], {"a": 1}, ["n"], "\u00e9"]


@lru_cache(maxsize=None)
def _solved(game: str) -> tuple[Any, str]:
    module = next(g for g in GAMES if g.name == game).protocol()
    inst = module.load(EXAMPLES / FILES[game])
    answer = module.solve(inst, timeout=60).to_json()
    return inst, json.dumps(answer)


def _paths(value: Any, here: tuple = ()) -> list[tuple]:
    """Every place in a JSON value (the value itself included)."""
    out = [here]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, here + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, here + (i,))
    return out


def _replace(value: Any, path: tuple, new: Any) -> Any:
    if not path:
        return new
    value[path[0]] = _replace(value[path[0]], path[1:], new)
    return value


@pytest.mark.parametrize("game", sorted(FILES))
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_certificate_of_the_wrong_shape_is_a_verdict_or_bad_input(game: str, data: st.DataObject) -> None:
    module = next(g for g in GAMES if g.name == game).protocol()
    inst, text = _solved(game)
    answer = json.loads(text)
    for _ in range(data.draw(st.integers(1, 3))):
        places = _paths(answer)
        path = data.draw(st.sampled_from(places))
        new = data.draw(st.sampled_from(ODD + ["deep"]))
        if new == "deep":
            new = json.loads("[" * 50 + "]" * 50)
        answer = _replace(answer, path, copy.deepcopy(new))
    for given_ in (answer, answer.get("certificate") if isinstance(answer, dict) else answer):
        try:
            verdict = module.check(inst, given_)
        except InputError:
            continue
        assert isinstance(verdict.ok, bool)
