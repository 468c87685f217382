"""The rules of play are the server's, not only the page's: a move after the end of a game is
refused with the reason (a 422 ``{"detail": "the game is over: ..."}``, as every bad input of the
API), never played and never a server error."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

httpx = pytest.importorskip("httpx", reason="httpx is not installed")

sys.path.insert(0, str(Path(__file__).parent))
from webtools import serve  # noqa: E402

LINE = "edge(1,2). edge(2,3). edge(3,4). start(1). target(4). die(2).\n"  # fields 0..3 are 1..4
KNOWN = "edge(1,2). edge(2,3). edge(3,4). start(1). target(4). roll(1,1,2). roll(2,2,2).\n"


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    with serve(tmp_path_factory.mktemp("rules"), solve_timeout=10.0) as served:
        with httpx.Client(base_url=served.url, timeout=60) as client:
            yield client


def _move(api, text: str, **args):  # type: ignore[no-untyped-def]
    return api.post("/api/games/forest/play/move", json={"text": text, "name": "line.lp", "args": args})


def test_forest_a_move_from_the_target_is_refused(api) -> None:  # type: ignore[no-untyped-def]
    r = _move(api, LINE, position=3, dice=[1, 1], to=1)
    assert r.status_code == 422 and r.json()["detail"] == "the game is over: the target is reached"
    r = _move(api, LINE, position=3, dice=[1, 1], to=1, step=1, turns=5)
    assert r.status_code == 422 and r.json()["detail"] == "the game is over: the target is reached"


def test_forest_a_move_after_the_last_turn_is_refused(api) -> None:  # type: ignore[no-untyped-def]
    r = _move(api, LINE, position=1, dice=[2, 2], to=1, step=3, turns=3)
    assert r.status_code == 422 and r.json()["detail"] == "the game is over: the 3 turns are played"
    r = _move(api, KNOWN, position=1, dice=[2, 2], to=1, step=2)
    assert r.status_code == 422 and r.json()["detail"] == "the game is over: the 2 known rolls are used up"
    r = _move(api, KNOWN, position=1, dice=[1, 1], to=1, step=1)
    assert r.status_code == 422 and "turn 2 takes the known roll 2,2" in r.json()["detail"]


def test_forest_a_move_before_the_end_is_played(api) -> None:  # type: ignore[no-untyped-def]
    r = _move(api, LINE, position=0, dice=[1, 2], to=3, step=0, turns=3)
    assert r.status_code == 200 and r.json()["field"] == 3 and r.json()["walk"] == [0, 1, 2, 3]
    r = _move(api, KNOWN, position=1, dice=[2, 2], to=1, step=1)  # the last known roll, back on field 2
    assert r.status_code == 200 and r.json()["field"] == 1
    r = _move(api, LINE, position=0, dice=[1, 2], to=3)  # the turn not said: only the target ends it
    assert r.status_code == 200 and r.json()["walk"] == [0, 1, 2, 3]
    r = _move(api, LINE, position=0, dice=[1, 2], to=2, step=0)
    assert r.status_code == 422 and r.json()["detail"] == "a turn with roll 1,2 from field 1 cannot end on field 3"


CHESS = "4\n1 4 2 2\n1 0\n0 1\n1 1\n-1 -1\n"


def _turn(api, **args):  # type: ignore[no-untyped-def]
    base = {"alice": [1, 4], "bob": [2, 2], "side": "alice", "mover": "alice", "moves": []}
    return api.post("/api/games/chess/play/turn", json={"text": CHESS, "name": "c.txt", "args": {**base, **args}})


def test_chess_an_illegal_move_is_refused_with_the_reason(api) -> None:  # type: ignore[no-untyped-def]
    r = _turn(api, action="move", field=[3, 3])
    assert r.status_code == 422 and "(2, -1) is not one of the vectors" in r.json()["detail"]
    r = _turn(api, alice=[2, 4], moves=[[1, 0]], action="teleport", field=[4, 4])
    assert r.status_code == 422 and r.json()["detail"] == "a teleport is a whole turn: it cannot follow a move"
    r = _turn(api, action="teleport", field=[2, 2])
    assert r.status_code == 422 and "is not free" in r.json()["detail"]
    r = _turn(api, moves=[[2, 2]], action="end")
    assert r.status_code == 422 and r.json()["detail"] == "(2, 2) is not one of the vectors"


def test_chess_the_solver_answers_the_turn(api) -> None:  # type: ignore[no-untyped-def]
    r = _turn(api, action="end")  # Alice stays on (1, 4), out of Bob's reach: a draw
    assert r.status_code == 200
    assert r.json()["outcome"] == "draw" and r.json()["mover"] is None and r.json()["events"][-1]["who"] == "bob"


ROMA = "pzprv3\nroma\n3\n3\n5\n0 0 1 \n2 1 1 \n2 3 4 \n4 . 3 \n2 2 . \n. . 5 \n. . . \n. . 1 \n4 . . \n"


def test_roma_a_pzprv3_file_loads_with_its_arrows_and_exports_them(api) -> None:  # type: ignore[no-untyped-def]
    state = api.post("/api/games/roma/load", json={"text": ROMA, "name": "partial.pzprv3"}).json()["state"]
    assert state["givens"] == [">.<", "vv.", "..O"] and state["answer"] == state["grid"] == [">.<", "vv^", ">.O"]
    r = api.post("/api/games/roma/play/export", json={"text": ROMA, "name": "partial.pzprv3",
                                                       "args": {"grid": state["grid"]}})
    assert r.status_code == 200 and r.json()["pzprv3"].split() == ROMA.split()
