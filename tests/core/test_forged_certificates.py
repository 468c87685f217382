"""The checkers' soundness: forged certificates, none accepted (issue 33).

For every game a valid certificate is first made by the solver for a shipped example (Cat Herding:
a small graph written here) and accepted,
then forged the ways a wrong answer looks: one move off, a path that starts elsewhere, a plan that
ends elsewhere (the goal not reached), a step dropped, a strategy missing a branch (Nemesis), wrong
turn labels and claimed counts (forest), and the answer's two copies of its certificate (the game's
own key and ``certificate``) telling different stories. Each forgery goes to the library's ``check``
as the answer object ``solve --format json`` writes (both copies forged alike) and as the bare
certificate; one per game also through the command line (``escapology GAME check``: exit 1).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any, Callable

import pytest
from typer.testing import CliRunner

from escapology.cli import app
from escapology.games import GAMES

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
Forgery = Callable[[Any], Any]


def game(name: str) -> Any:
    return next(g for g in GAMES if g.name == name).protocol()


def answer_of(name: str, example: str, **options: Any) -> tuple[Any, Any, dict[str, Any], str]:
    """The instance, its module, the answer the solver wrote (checked valid) and the key of the
    game's own copy of the certificate."""
    mod = game(name)
    inst = mod.load(EXAMPLES / name / example)
    answer = json.loads(json.dumps(mod.solve(inst, timeout=60, **options).to_json()))
    assert mod.check(inst, answer).ok, "the solver's own certificate is accepted"
    own = next(k for k in ("pushes", "plan", "solution", "strategy", "witness") if k in answer) \
        if name != "chess" else "witness"
    return inst, mod, answer, own


def forged(answer: dict[str, Any], own: str, forge: Forgery) -> dict[str, Any]:
    """The answer with both copies of its certificate forged alike."""
    out = copy.deepcopy(answer)
    out[own] = forge(copy.deepcopy(answer[own]))
    cert = out["certificate"]
    if isinstance(cert, dict) and own in cert and own not in ("strategy", "plan", "pushes", "solution"):
        cert[own] = copy.deepcopy(out[own])  # chess: {"outcome", "witness"}
    else:
        out["certificate"] = copy.deepcopy(out[own])
    return out


def assert_rejected(mod: Any, inst: Any, answer: dict[str, Any], own: str, forgeries: dict[str, Forgery],
                    bare: bool = True) -> None:
    for what, forge in forgeries.items():
        bad = forged(answer, own, forge)
        assert bad[own] != answer[own], f"{what}: the forgery changes the certificate"
        verdict = mod.check(inst, bad)
        assert not verdict.ok, f"{what}: a forged certificate was accepted ({verdict.summary})"
        if bare:
            verdict = mod.check(inst, bad["certificate"])
            assert not verdict.ok, f"{what}: a forged bare certificate was accepted ({verdict.summary})"


def assert_cli_rejects(tmp_path: Path, name: str, example: str | Path, answer: dict[str, Any], *options: str) -> None:
    cert = tmp_path / "forged.json"
    cert.write_text(json.dumps(answer))
    res = runner.invoke(app, [name, "check", str(EXAMPLES / name / example), str(cert), *options])
    assert res.exit_code == 1 and "rejected" in res.output, res.output


def mixed(answer: dict[str, Any], own: str, forge: Forgery) -> dict[str, Any]:
    """The game's own copy valid, ``certificate`` forged: the answer tells two stories."""
    out = copy.deepcopy(answer)
    cert = out["certificate"]
    if isinstance(cert, dict) and own in cert and own not in ("strategy", "plan", "pushes", "solution"):
        cert[own] = forge(copy.deepcopy(cert[own]))
    else:
        out["certificate"] = forge(copy.deepcopy(cert))
    return out


def drop(i: int) -> Forgery:
    return lambda xs: xs[:i] + xs[i + 1:]


def at(i: int, f: Callable[[Any], Any]) -> Forgery:
    def forge(xs: list[Any]) -> list[Any]:
        xs[i] = f(xs[i])
        return xs
    return forge


# -- Labyrinth: push(line, direction, step) ---------------------------------------------------------

def test_labyrinth_forgeries_are_rejected(tmp_path):
    inst, mod, answer, own = answer_of("labyrinth", "small.lp")
    assert answer[own] == [[4, "n", 1], [5, "w", 2], [2, "n", 3]]
    other = {"n": "s", "s": "n", "e": "w", "w": "e"}
    forgeries = {
        "one push off (another line)": at(1, lambda p: [p[0] + 1, p[1], p[2]]),
        "one push off (the other direction)": at(0, lambda p: [p[0], other[p[1]], p[2]]),
        "a push dropped (the goal not reached)": drop(2),
        "the first push dropped": drop(0),
        "the steps renumbered": at(2, lambda p: [p[0], p[1], 4]),
        "the first two pushes made in the other order": lambda ps: [[*ps[0][:2], 2], [*ps[1][:2], 1], *ps[2:]],
    }
    assert_rejected(mod, inst, answer, own, forgeries)
    verdict = mod.check(inst, mixed(answer, own, drop(2)))
    assert not verdict.ok and verdict.errors[0].startswith("its 'certificate': "), "the two copies of the plan differ"
    assert_cli_rejects(tmp_path, "labyrinth", "small.lp", forged(answer, own, drop(2)))


# -- aMAZEing Labyrinth: turns of {shift, tile, path} -------------------------------------------------

def test_amazeing_forgeries_are_rejected(tmp_path):
    inst, mod, answer, own = answer_of("amazeing", "published.json")
    plan = answer[own]
    assert len(plan) == 3 and plan[2]["path"][0] == [0, 0]

    def last_path(f):
        return at(2, lambda t: {**t, "path": f(t["path"])})

    forgeries = {
        "one move off (a cell of the walk)": last_path(lambda p: p[:3] + [[1, 2]] + p[4:]),
        "one move off (the shift)": at(0, lambda t: {**t, "shift": "N3"}),
        "a tile that is not the spare": at(1, lambda t: {**t, "tile": "┼"}),
        "a walk that starts elsewhere": last_path(lambda p: [[1, 0]] + p[1:]),
        "a walk that ends short of the target": last_path(lambda p: p[:-1]),
        "a turn dropped": drop(1),
        "the last turn dropped": drop(2),
    }
    assert_rejected(mod, inst, answer, own, forgeries)
    assert not mod.check(inst, mixed(answer, own, drop(2))).ok, "the two copies of the plan differ"
    assert_cli_rejects(tmp_path, "amazeing", "published.json", forged(answer, own, drop(2)))


# -- Enchanted Forest: turns of {turn, roll, first, walks} --------------------------------------------

def test_forest_forgeries_are_rejected(tmp_path):
    inst, mod, answer, own = answer_of("forest", "glade.lp")
    plan = answer[own]
    assert plan[0]["walks"][0][0] == 0 and plan[-1]["walks"][-1][-1] == 29 and answer["turns"] == len(plan) == 4

    def walk(turn, k, f):
        return at(turn, lambda t: {**t, "walks": [f(w) if j == k else w for j, w in enumerate(t["walks"])]})

    forgeries = {
        "one move off (a field of a walk)": walk(0, 0, lambda w: w[:2] + [13] + w[3:]),
        "a walk that starts elsewhere": walk(0, 0, lambda w: [1] + w[1:]),
        "a walk one step short": walk(1, 1, lambda w: w[:-1]),
        "a plan that ends elsewhere": walk(3, 1, lambda w: w[:-2] + [w[-3]]),  # ... 22, 23, 22: not the target
        "a turn dropped": drop(1),
        "the last turn dropped": drop(3),
        "a turn labelled wrongly": at(1, lambda t: {**t, "turn": 3}),
        "two turns swapped": lambda ts: [ts[1], ts[0], *ts[2:]],
        "a roll that was not rolled": at(0, lambda t: {**t, "roll": [2, 4]}),
        "the dice used in the other order": at(0, lambda t: {**t, "first": 1}),
    }
    assert_rejected(mod, inst, answer, own, forgeries)
    # the claimed count of turns: a shorter claim than the plan, or the plan claimed the fewest when it is not
    for claim in (3, 5):
        bad = {**answer, "turns": claim}
        assert not mod.check(inst, bad).ok, f"a plan of 4 turns claimed as {claim}"
    assert not mod.check(inst, mixed(answer, own, drop(3))).ok, "the two copies of the plan differ"
    assert_cli_rejects(tmp_path, "forest", "glade.lp", forged(answer, own, drop(1)))


# -- Roma: the arrows of every cell --------------------------------------------------------------------

def test_roma_forgeries_are_rejected(tmp_path):
    inst, mod, answer, own = answer_of("roma", "example-6x6.lp")
    rows = answer[own]
    assert rows[1][1] == "O"

    def cell(r, c, ch):
        return at(r, lambda row: row[:c] + ch + row[c + 1:])

    forgeries = {
        # (0, 0) points right: turned down, the box of (0, 0)-(1, 0) holds two "v" ... and the path changes
        "one arrow off": cell(0, 0, "v"),
        "a path that runs in a loop (never reaches Roma)": cell(4, 4, "v"),
        "a path that leaves the board": cell(0, 5, ">"),
        "an arrow dropped (a cell left empty)": cell(3, 3, "."),
        "a row dropped": drop(5),
        "Roma moved": lambda rs: [rs[0], "^^<>v<", *rs[2:]],
    }
    assert_rejected(mod, inst, answer, own, forgeries)
    assert not mod.check(inst, mixed(answer, own, cell(0, 0, "v"))).ok, "the two copies of the solution differ"
    assert_cli_rejects(tmp_path, "roma", "example-6x6.lp", forged(answer, own, cell(0, 0, "v")))


# -- teleport chess: Alice's capture, her way to a safe field, Bob's capture of every field --------------

def test_chess_forgeries_are_rejected(tmp_path):
    inst, mod, answer, own = answer_of("chess", "alice.txt")
    assert answer["outcome"] == "alice" and answer[own]["path"][0] == [1, 3]
    forgeries = {
        "one move off": lambda w: {**w, "moves": [[3, 2], [2, 1]], "path": [[1, 3], [4, 5], [6, 6]]},
        "a path that starts elsewhere": lambda w: {**w, "path": [[2, 3], [5, 5], [7, 5]]},
        "a path that does not match its moves": lambda w: {**w, "path": [[1, 3], [4, 4], [6, 5]]},
        "a capture that ends elsewhere (a move dropped)": lambda w: {**w, "moves": w["moves"][:1],
                                                                    "path": w["path"][:2]},
        "three moves": lambda w: {**w, "moves": w["moves"] + [[0, 0]], "path": w["path"] + [w["path"][-1]]},
    }
    assert_rejected(mod, inst, answer, own, forgeries, bare=False)
    assert not mod.check(inst, mixed(answer, own, forgeries["one move off"])).ok, "the two copies differ"
    assert_cli_rejects(tmp_path, "chess", "alice.txt", forged(answer, own, forgeries["a path that starts elsewhere"]))

    inst, mod, answer, own = answer_of("chess", "teleport.txt")
    assert answer[own]["how"] == "teleport" and answer[own]["path"] == [[5, 7], [2, 6]]
    forgeries = {
        "a teleport from elsewhere": lambda w: {**w, "path": [[1, 1], [2, 6]]},  # the issue's forgery
        "a teleport path that ends elsewhere": lambda w: {**w, "path": [[5, 7], [3, 3]]},
        "a teleport with moves": lambda w: {**w, "moves": [[1, 1]]},
        "a safe field Bob reaches": lambda w: {**w, "field": [1, 1], "path": [[5, 7], [1, 1]]},
        "Alice's field claimed as a stay": lambda w: {**w, "how": "stay", "path": [[5, 7]]},
    }
    assert_rejected(mod, inst, answer, own, forgeries, bare=False)
    assert_cli_rejects(tmp_path, "chess", "teleport.txt", forged(answer, own, forgeries["a teleport from elsewhere"]))

    inst, mod, answer, own = answer_of("chess", "bob.txt")
    assert answer["outcome"] == "bob"
    caps = answer[own]["captures"]
    forgeries = {
        "a field Bob does not capture (an entry dropped)": lambda w: {**w, "captures": w["captures"][1:]},
        "a capture one move off": lambda w: {**w, "captures": [
            {**caps[0], "moves": [[-m[0], -m[1]] for m in caps[0]["moves"]], "path": None}, *caps[1:]]},
        "a capture path that starts elsewhere": lambda w: {**w, "captures": [
            {**caps[0], "path": [[9, 9], *caps[0]["path"][1:]]}, *caps[1:]]},
        "a field captured twice, another not": lambda w: {**w, "captures": [caps[0], caps[0], *caps[2:]]},
    }
    assert_rejected(mod, inst, answer, own, forgeries, bare=False)


# -- Nemesis, Blizzard, Cat Herding: strategies ------------------------------------------------------

def _nodes(f: Callable[[list[dict[str, Any]]], None]) -> Forgery:
    def forge(doc: dict[str, Any]) -> dict[str, Any]:
        f(doc["nodes"])
        return doc
    return forge


def test_nemesis_strategy_forgeries_are_rejected(tmp_path):
    inst, mod, answer, own = answer_of("nemesis", "small.lp")
    doc = answer[own]
    assert doc["player"] == "nemesis" and doc["nodes"][5] == {"at": "5", "answers": [[3, "2", "4"], [4, "6", "7"]]}
    forgeries = {
        "a branch missing (the move to 6 unanswered)": _nodes(lambda ns: ns[5].update(answers=[[3, "2", "4"]])),
        "a branch missing deeper (the move to 4)": _nodes(lambda ns: ns[3].update(answers=[[0, "0", "3"], [2, "3", "7"]])),
        "a deletion one edge off (no such edge)": _nodes(lambda ns: ns[5].update(answers=[[3, "2", "5"], [4, "6", "7"]])),
        "a deletion of another edge": _nodes(lambda ns: ns[5].update(answers=[[3, "0", "1"], [4, "6", "7"]])),
        "a strategy that starts elsewhere": _nodes(lambda ns: ns[5].update(at="7")),
        "a trap claimed where he escapes": _nodes(lambda ns: ns[3].update(answers=None, trapped=True)),
        "a move answered as another vertex": _nodes(lambda ns: ns[5].update(answers=[[2, "2", "4"], [4, "6", "7"]])),
        "the root moved": lambda d: {**d, "root": 3},
    }
    assert_rejected(mod, inst, answer, own, forgeries)
    assert not mod.check(inst, mixed(answer, own, forgeries["the root moved"])).ok, "the two copies differ"
    assert not mod.check(inst, {**answer, "start": "1"}).ok, "an answer about another start"
    assert_cli_rejects(tmp_path, "nemesis", "small.lp",
                       forged(answer, own, forgeries["a branch missing (the move to 6 unanswered)"]))


def test_fugitive_strategy_forgeries_are_rejected(tmp_path):
    inst, mod, answer, own = answer_of("nemesis", "small.lp", game="blizzard")
    doc = answer[own]
    assert doc["player"] == "fugitive" and doc["nodes"][5] == {"at": "5", "otherwise": 4}
    forgeries = {
        "a move off (5 -> 4, no edge)": _nodes(lambda ns: ns[5].update(otherwise=2)),
        "a strategy that starts elsewhere": _nodes(lambda ns: ns[5].update(at="6")),
        "a line that ends elsewhere (on 4, no exit)": _nodes(lambda ns: ns[1].update(at="4")),
        "a step dropped (5 -> 7)": _nodes(lambda ns: ns[5].update(otherwise=3)),
        "a branch missing (no reply to the deletion of 1-7)": _nodes(
            lambda ns: ns[4].update(replies=[r for r in ns[4]["replies"] if r[:2] != ["1", "7"]])),
        "a reply along the deleted edge": _nodes(lambda ns: ns[2].update(replies=[["2", "4", 0]])),
    }
    assert_rejected(mod, inst, answer, own, forgeries)
    assert_cli_rejects(tmp_path, "nemesis", "small.lp",
                       forged(answer, own, forgeries["a strategy that starts elsewhere"]), "--game", "blizzard")


# Cat Herding on a 5-vertex graph (value 5: the certificate, 245 cat nodes, is 46 KB of JSON where
# examples/nemesis/small.lp's is 3.6 MB, and each forgery is caught the same way); 2-4 is no edge;
# the exit only for the command line, which asks every graph for one
CAT_GRAPH = "edge(0,1). edge(1,2). edge(2,0). edge(2,3). edge(3,4). edge(4,0). edge(1,3).\nexit(4). start(0).\n"


def test_cat_certificate_forgeries_are_rejected(tmp_path):
    mod = game("nemesis")
    graph = tmp_path / "cat.lp"
    graph.write_text(CAT_GRAPH)
    inst = mod.load(graph)
    answer = json.loads(json.dumps(mod.solve(inst, game="cat", cat_speed="1", timeout=60).to_json()))
    assert mod.check(inst, answer, game="cat", cat_speed="1").ok
    assert answer["value"] == answer["certificate"]["value"] == 5
    cert = answer["certificate"]
    herder = cert["herder"]
    forgeries = {
        "a value claimed one lower": lambda c: {**c, "value": c["value"] - 1},
        "a value claimed one higher": lambda c: {**c, "value": c["value"] + 1},
        "a certificate from elsewhere": lambda c: {**c, "start": "0" if c["start"] != "0" else "1"},
        "the herder's first deletion off": lambda c: {**c, "herder": {**herder, "nodes": [
            {**n, "delete": ["2", "4"]} if i == herder["root"] else n for i, n in enumerate(herder["nodes"])]}},
    }
    for what, forge in forgeries.items():
        bad = {**copy.deepcopy(answer), "certificate": forge(copy.deepcopy(cert))}
        if "value" in bad and what.startswith("a value"):
            bad["value"] = bad["certificate"]["value"]
        verdict = mod.check(inst, bad, game="cat", cat_speed="1")
        assert not verdict.ok, f"{what}: a forged cat certificate was accepted ({verdict.summary})"
    assert not mod.check(inst, {**answer, "value": answer["value"] - 1}, game="cat").ok, "a value the certificate does not prove"
    bad = {**answer, "certificate": forgeries["a value claimed one lower"](copy.deepcopy(cert))}
    assert_cli_rejects(tmp_path, "nemesis", graph, bad, "--game", "cat", "--cat-speed", "1")


def test_every_game_has_its_forgeries():
    tested = {"labyrinth", "amazeing", "forest", "roma", "chess", "nemesis"}
    assert {g.name for g in GAMES} <= tested, "a new game needs its forged certificates here"
