"""Strategy documents with shared nodes: the schema, sizes, old trees, deep strategies without
recursion, the linear method's certificates, and the command line around them."""

import json
import re
from pathlib import Path

import fastjsonschema
import networkx as nx
import pytest
from typer.testing import CliRunner

from escapology.nemesis import Instance, blizzard_winner, check, load, random_graph, solve, solve_graph
from escapology.nemesis.checkers.check import check_strategy
from escapology.nemesis.cli import app
from escapology.nemesis.engines.linear import blizzard_trap_region, subcubic_strategy, subcubic_winner, tree_winner
from escapology.nemesis.strategy.document import SCHEMA, as_document, write_json

runner = CliRunner()
DOCS = Path(__file__).resolve().parents[2] / "docs" / "nemesis.md"
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "nemesis" / "small.lp"
validate = fastjsonschema.compile(SCHEMA)


def binary_tree(height: int = 6) -> Instance:
    """The complete binary tree with 2^(h+1) - 1 vertices, leaves as exits, plus the start above
    the root: 128 vertices for height 6 (issue 23: 175 MB as a tree, under 1 MB shared)."""
    t = nx.balanced_tree(2, height)
    leaves = [v for v in t if t.degree(v) == 1]
    edges = [(f"v{a}", f"v{b}") for a, b in t.edges()] + [("s", "v0")]
    return Instance.from_edges(edges, exits=[f"v{x}" for x in leaves], start="s")


def caterpillar(n: int) -> Instance:
    """A path v1..vk from the start, each vi with an exit, vk with a second one (n = 2k + 2)."""
    k = (n - 2) // 2
    edges = [("s", "v1"), (f"v{k}", "y")] + [(f"v{i}", f"x{i}") for i in range(1, k + 1)]
    edges += [(f"v{i}", f"v{i + 1}") for i in range(1, k)]
    return Instance.from_edges(edges, exits=[f"x{i}" for i in range(1, k + 1)] + ["y"], start="s")


def test_the_schema_in_the_docs_is_the_schema():
    block = re.search(r"<!-- schema -->\s*```json\n(.*?)```", DOCS.read_text(), re.S)
    assert block and json.loads(block.group(1)) == SCHEMA


@pytest.mark.parametrize("game", ["nemesis", "blizzard"])
def test_every_writer_follows_the_schema(game):
    docs = []
    for seed in range(40):
        g = random_graph(7, 0.45, exits=2, seed=seed, max_mult=2).graph()
        docs.append(solve_graph(g, game).strategy)
        if game == "blizzard":
            docs.append(blizzard_winner(g)[1])
    docs.append(tree_winner(binary_tree(3).graph())[1])
    docs.append(tree_winner(Instance.from_edges([("s", "a"), ("a", "b"), ("b", "x")], exits={"x"}, start="s").graph())[1])
    for doc in docs:
        if doc is not None:
            validate(json.loads(json.dumps(doc)))
    assert sum(d is not None and d["player"] == "nemesis" for d in docs) > 3
    assert sum(d is not None and d["player"] == "fugitive" for d in docs) > 3


def test_the_binary_tree_of_128_vertices_is_small():
    inst = binary_tree(6)
    g = inst.graph()
    assert g.n == 128
    for method in ("exact", "linear"):
        r = solve(inst, method=method)
        text = json.dumps(r.to_json())
        assert len(text) < 1_000_000, (method, len(text))
        assert check(inst, json.loads(text)).ok


@pytest.mark.parametrize("n", [24_002])
def test_deep_linear_strategies_need_no_recursion(n):
    """24,002 vertices raised RecursionError before; built, written and checked on explicit stacks."""
    g = caterpillar(n).graph()
    winner, doc = tree_winner(g)
    assert winner == "fugitive" and len(doc["nodes"]) == n
    assert check_strategy(g, "nemesis", g.start, doc)[0]
    assert subcubic_winner(g)[0] == "fugitive"
    # Blizzard on the same path: the ranks go down the caterpillar
    w, bdoc = blizzard_winner(g)
    assert w == "fugitive" and check_strategy(g, "blizzard", g.start, bdoc)[0]
    # the Nemesis' strategy on a tree without an escape: the exits of the spine are gone
    lost = caterpillar(n)
    lost.edges.pop(Instance.key(f"v{(n - 2) // 2}", "y"))
    lg = lost.graph()
    w, ndoc = tree_winner(lg)
    assert w == "nemesis" and check_strategy(lg, "nemesis", lg.start, ndoc)[0]


def test_strategies_are_written_streaming(tmp_path):
    g = caterpillar(2002).graph()
    doc = tree_winner(g)[1]
    out = tmp_path / "s.json"
    with out.open("w") as f:
        write_json(doc, f, chunk=64)
    assert json.loads(out.read_text()) == doc and out.read_text().count("\n") == 1


def test_the_earlier_tree_form_is_still_read():
    g = Instance.from_edges([("s", "a"), ("a", "x"), ("a", "b"), ("b", "y")], exits={"x", "y"}, start="s").graph()
    lost = {"position": "s", "moves": [{"move": "a", "delete": ["a", "x"], "then": {"position": "a", "moves": [
        {"move": "b", "delete": ["b", "y"], "then": {"position": "b", "trapped": True}}]}}]}
    assert check_strategy(g, "nemesis", g.start, lost)[0]
    assert as_document(lost, "s")["player"] == "nemesis"
    wrong = {"position": "s", "moves": [{"move": "a", "delete": ["b", "y"], "then": {"position": "a", "moves": []}}]}
    ok, msg = check_strategy(g, "nemesis", g.start, wrong)
    assert not ok and "escapes" in msg
    g2 = Instance.from_edges([("s", "a"), ("a", "x"), ("a", "y")], exits={"x", "y"}, start="s").graph()
    won = {"move": "a", "then": {"replies": [{"delete": ["a", "x"], "then": {"move": "y"}}], "otherwise": {"move": "x"}}}
    assert check_strategy(g2, "blizzard", g2.start, won)[0]


def test_linear_answers_are_checkable():
    tree = Instance.from_edges([("s", "a"), ("a", "b"), ("a", "c"), ("b", "x"), ("c", "y"), ("b", "d")],
                               exits={"x", "y"}, start="s")
    for game, method in (("nemesis", "linear"), ("blizzard", "linear")):
        r = solve(tree, game=game, method=method)
        assert r.winner == "nemesis" and r.certificate is not None, (game, r.answer)
        assert check(tree, json.loads(json.dumps(r.to_json()))).ok
    # the Storm's trap region: a vertex with two copies leaving it is refused
    g = tree.graph()
    region = blizzard_trap_region(g)
    assert check(tree, {"trap_region": region}, game="blizzard").ok
    assert not check(tree, {"trap_region": [v for v in region if v != "a"]}, game="blizzard").ok
    assert not check(tree, {"trap_region": region}, game="nemesis").ok
    # maximum degree 3: the escape tree's strategy
    cube = Instance.from_edges([("s", "a"), ("s", "b"), ("s", "d"), ("b", "d"), ("a", "x"), ("a", "c"),
                                ("c", "x"), ("c", "y")], exits={"x", "y"}, start="s")  # a cycle s-b-d
    r = solve(cube, method="linear")
    assert r.winner == "fugitive" and r.answer["escape_tree"] and check(cube, r.to_json()).ok
    w, edges = subcubic_winner(cube.graph())
    assert check_strategy(cube.graph(), "nemesis", cube.graph().start, subcubic_strategy(cube.graph(), edges))[0]


def _write(tmp_path, text, name):
    p = tmp_path / name
    p.write_text(text)
    return p


def test_check_game_contradicting_the_file_is_an_error(tmp_path):
    solved = runner.invoke(app, ["solve", str(EXAMPLE), "--game", "blizzard", "--format", "json"])
    cert = _write(tmp_path, solved.stdout, "b.json")
    r = runner.invoke(app, ["check", str(EXAMPLE), str(cert), "--game", "nemesis"])
    assert r.exit_code == 2 and "--game nemesis" in r.output and '"game": "blizzard"' in r.output
    assert runner.invoke(app, ["check", str(EXAMPLE), str(cert)]).exit_code == 0  # the file's game
    assert runner.invoke(app, ["check", str(EXAMPLE), str(cert), "--game", "blizzard"]).exit_code == 0


def test_max_strategy_nodes(tmp_path):
    capped = runner.invoke(app, ["solve", str(EXAMPLE), "--format", "json", "--max-strategy-nodes", "3"])
    data = json.loads(capped.stdout)
    assert data["winner"] == "nemesis" and data["strategy"] is None and "3 nodes" in data["strategy_note"]
    bad = runner.invoke(app, ["check", str(EXAMPLE), str(_write(tmp_path, capped.stdout, "c.json"))])
    assert bad.exit_code == 2 and "no strategy" in bad.output
    full = runner.invoke(app, ["solve", str(EXAMPLE), "--format", "json"])
    assert full.exit_code == 0 and json.loads(full.stdout)["strategy"]["format"] == "nemesis-strategy"
    assert runner.invoke(app, ["check", str(EXAMPLE), str(_write(tmp_path, full.stdout, "s.json"))]).exit_code == 0
    assert runner.invoke(app, ["solve", str(EXAMPLE), "--max-strategy-nodes", "0"]).exit_code == 2


def test_escape_tree_command_definition_10(tmp_path):
    f = _write(tmp_path, "edge(s,a). edge(a,b). edge(a,c). edge(b,x). edge(b,y). edge(c,x). edge(c,y). "
               "exit(x). exit(y). start(s).", "t.lp")
    r = runner.invoke(app, ["escape-tree", str(f), "--format", "json"])
    data = json.loads(r.stdout)
    assert data["exists"] and data["root"] == "a" and len(data["escape_tree_children"]["a"]) == 2
    assert runner.invoke(app, ["check", str(f), str(_write(tmp_path, r.stdout, "t.json"))]).exit_code == 0
    r = runner.invoke(app, ["escape-tree", str(f), "--root", "s", "--format", "json"])
    assert json.loads(r.stdout)["exists"] is False  # the start has one neighbour: no root there
    r = runner.invoke(app, ["escape-tree", str(f), "--root", "b"])
    assert r.exit_code == 0 and "rooted at b" in r.output
    assert runner.invoke(app, ["escape-tree", str(f), "--root", "nope"]).exit_code == 2


def test_pictures_draw_exits_red_and_number_the_rounds(tmp_path):
    from escapology.nemesis.drawing import EXIT, START, line_of_play, picture

    inst = load(EXAMPLE)
    strat = solve(inst).certificate
    text = picture(inst, strategy=strat).svg()
    assert text.count(f'fill="{EXIT}"') >= len(inst.exits) and f'fill="{START}"' in text
    line = line_of_play(strat, inst.start)
    assert line.rounds == list(range(1, len(line.deletions) + 1))
    for i in range(1, len(line.path)):
        assert re.search(rf'font-size="9" fill="black"[^>]*>{i}</text>', text)


@pytest.mark.parametrize("seed", [1, 2, 4])
@pytest.mark.parametrize("engine", ["linear", "linear-python"])
def test_lemma_11_strategies_leave_out_moves_into_dead_branches_and_are_accepted(seed, engine):
    """On a random recursive tree whose two exits lie in one branch, the tree method's Nemesis
    strategy answers no move into a dead branch (a leaf, a subtree without exits): the fugitive
    is trapped there whatever the Nemesis deletes, and the checker accepts the strategy (it named
    such a move "no answer" before)."""
    import random

    rng = random.Random(seed)
    n = 100
    edges = [(str(i), str(rng.randrange(i))) for i in range(1, n)]
    tree = Instance.from_edges(edges, exits={str(n - 1), str(n // 2)}, start="0")
    r = solve(tree, engine=engine)
    assert r.winner == "nemesis" and r.certificate is not None
    assert check(tree, json.loads(json.dumps(r.to_json()))).ok


def test_a_missing_answer_where_the_fugitive_is_not_trapped_is_still_rejected():
    """A graph with cycles where the Nemesis wins but must answer the fugitive's first move (the
    trap rule does not decide it): without the root's answers the strategy is rejected, naming the
    move."""
    edges = [("1", "0"), ("2", "1"), ("3", "0"), ("4", "2"), ("5", "4"), ("6", "3"), ("7", "3"), ("8", "4"),
             ("7", "5"), ("3", "2"), ("4", "2")]
    graph = Instance.from_edges(edges, exits={"7", "8"}, start="0")
    doc = json.loads(json.dumps(solve(graph, engine="exact").to_json()))
    assert doc["winner"] == "nemesis" and check(graph, doc).ok
    root = doc["strategy"]["nodes"][doc["strategy"]["root"]]
    assert root["answers"]
    root["answers"] = []
    verdict = check(graph, doc)
    assert not verdict.ok and "no answer to the fugitive's move 0->1" in verdict.errors[0]
