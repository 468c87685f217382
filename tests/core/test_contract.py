"""The protocol's contract, checked the same way for every game (see escapology.core.protocol).

For each game: load the shipped example by path and by text, solve it, check the certificate
object and the to_json() object after a JSON round trip, reject a corrupted certificate, generate
reproducibly, render with and without a certificate, and name the file of bad input.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import pytest

from escapology.core.errors import InputError
from escapology.core.protocol import GameModule, Result, Verdict
from escapology.core.results import Status
from escapology.games import GAMES

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _set_certificate(key: str, value: Any) -> Callable[[dict], dict]:
    def corrupt(d: dict) -> dict:
        d = copy.deepcopy(d)
        d[key] = value
        d["certificate"] = value
        return d

    return corrupt


def _flip_winner(d: dict) -> dict:
    d = copy.deepcopy(d)
    d["winner"] = "nemesis" if d["winner"] == "fugitive" else "fugitive"
    return d


def _flip_outcome(d: dict) -> dict:
    d = copy.deepcopy(d)
    wrong = "bob" if d["outcome"] != "bob" else "draw"
    d["outcome"] = d["certificate"]["outcome"] = wrong
    return d


def _change_first_arrow(d: dict) -> dict:
    d = copy.deepcopy(d)
    rows = list(d["certificate"])
    first = rows[0]
    rows[0] = ("<" if first[0] != "<" else ">") + first[1:]
    d["certificate"] = d["solution"] = rows
    return d


@dataclass
class Case:
    game: str
    example: str
    bad: tuple[str, str]  # (file name, content) that load must reject
    corrupt: Callable[[dict], dict]
    size: int | None = None
    solve_options: dict[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.game


CASES = [
    Case("labyrinth", "labyrinth/small.lp", ("bad.lp", "field(1,1).\nbogus(1).\n"), _set_certificate("pushes", []), 4),
    Case("amazeing", "amazeing/published.json", ("bad.json", '{"game": "amazeing",\n "board": 3}\n'),
         _set_certificate("plan", []), None, {"max_turns": 4}),
    Case("forest", "forest/glade.lp", ("bad.lp", "edge(1,2).\nedge(2,2).\n"), _set_certificate("plan", []), 4),
    Case("nemesis", "nemesis/small.lp", ("bad.lp", "edge(a,b).\nedge(a,a).\nexit(b).\n"), _flip_winner, 8),
    Case("chess", "chess/teleport.txt", ("bad.txt", "3\n1 1 9 9\n"), _flip_outcome, 6),
    Case("roma", "roma/example-6x6.txt", ("bad.txt", "roma\nAB\nA\n"), _change_first_arrow, 3),
]


def test_every_game_has_a_case():
    assert sorted(c.game for c in CASES) == sorted(g.name for g in GAMES)


@pytest.fixture(params=CASES, ids=str)
def case(request) -> Case:
    return request.param


@pytest.fixture
def module(case: Case) -> Any:
    return next(g for g in GAMES if g.name == case.game).protocol()


def test_the_module_fills_the_protocol(module):
    assert isinstance(module, GameModule)


def test_load_by_path_and_by_text_agree(case, module):
    path = EXAMPLES / case.example
    by_path = module.load(path)
    assert module.load(str(path)) == by_path
    assert module.load(path.read_text(encoding="utf-8")) == by_path


def test_load_from_standard_input(case, module, monkeypatch):
    import io
    import sys

    path = EXAMPLES / case.example
    monkeypatch.setattr(sys, "stdin", io.StringIO(path.read_text(encoding="utf-8")))
    assert module.load("-") == module.load(path)


def test_solve_check_and_json_round_trip(case, module):
    inst = module.load(EXAMPLES / case.example)
    result = module.solve(inst, timeout=30, **case.solve_options)
    assert isinstance(result, Result)
    assert result.status is Status.SOLVED
    assert isinstance(result.stats, dict)
    verdict = module.check(inst, result.certificate)
    assert isinstance(verdict, Verdict) and verdict.ok and verdict.errors == [], verdict
    data = json.loads(json.dumps(result.to_json()))
    assert data["status"] == "solved" and data["certificate"] is not None
    assert module.check(inst, data).ok
    bad = module.check(inst, case.corrupt(data))
    assert not bad.ok and bad.errors and bad.errors[0], bad
    assert bad.summary


def test_generate_is_reproducible(case, module):
    a = module.generate(size=case.size, seed=1)
    assert module.generate(size=case.size, seed=1) == a
    assert module.generate(size=case.size, seed=2) != a


def test_render_with_and_without_certificate(case, module, tmp_path):
    inst = module.load(EXAMPLES / case.example)
    assert module.render(inst).to_string().startswith("<svg")
    result = module.solve(inst, timeout=30, **case.solve_options)
    picture = module.render(inst, result.certificate)
    assert picture.to_string().startswith("<svg")
    out = tmp_path / "x.svg"
    picture.save(out)
    assert out.read_text(encoding="utf-8").lstrip().startswith(("<svg", "<?xml"))


def test_bad_input_names_the_file(case, module, tmp_path):
    name, content = case.bad
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    with pytest.raises(InputError) as err:
        module.load(path)
    assert err.value.file == str(path)
    with pytest.raises(InputError) as err:
        module.load(str(tmp_path / "missing" / name))
    assert err.value.file == str(tmp_path / "missing" / name)


def test_every_game_names_its_result_type_result():
    """``escapology.<game>.Result`` is the class ``solve`` returns, in all six games, and is a
    :class:`~escapology.core.protocol.Result` over the game's certificate."""
    import inspect

    from escapology.core.protocol import Result as ProtocolResult
    from escapology.games import GAMES

    for game in GAMES:
        package = game.protocol()
        returned = str(inspect.signature(package.solve).return_annotation)
        assert package.Result.__name__ in returned, (game.name, returned)
        assert ProtocolResult in package.Result.__mro__, game.name
