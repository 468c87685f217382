"""The strategy checker against a plain replay (tests/nemesis/nemesis_replay.py): the hand-built
class of issue 23, 10,000 random edits of real strategies, and the trap rule against plain minimax."""

import copy
import random
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent))  # the helpers beside this file (importlib mode)

from nemesis_replay import fugitive_wins_without_revisits, replay, trap_rule  # noqa: E402

from escapology.nemesis import Instance, blizzard_winner, check_strategy, solve_graph, tree_winner  # noqa: E402
from escapology.nemesis.checkers import nemesis as checker_nemesis  # noqa: E402
from escapology.nemesis.checkers.nemesis import NemesisChecker  # noqa: E402
from escapology.nemesis.generator import random_tree  # noqa: E402
from escapology.nemesis.strategy.document import fugitive_document  # noqa: E402

GAMES = ("nemesis", "blizzard")


# -- the hand-built class: a correct strategy plus a reply that later moves along a deleted edge --

def caterpillar_with_z(depth: int) -> Instance:
    """Spine s - v1 - ... - v_d; every v_i has an exit x_i, a dead end d_i and an edge to z; v_d has
    a second exit y; z has one exit xz."""
    edges = [("s", "v1"), (f"v{depth}", "y"), ("z", "xz")]
    for i in range(1, depth + 1):
        edges += [(f"v{i}", f"x{i}"), (f"v{i}", f"d{i}"), (f"v{i}", "z")]
        if i < depth:
            edges.append((f"v{i}", f"v{i + 1}"))
    exits = [f"x{i}" for i in range(1, depth + 1)] + ["y", "xz"]
    return Instance.from_edges(edges, exits=exits, start="s")


def correct_strategy(depth: int) -> tuple[list[dict], dict[int, int]]:
    """At v_i: go to x_i, or, if v_i-x_i was deleted, on to v_{i+1} (at v_d: to y)."""
    nodes: list[dict] = [{"at": f"x{i}"} for i in range(1, depth + 1)] + [{"at": "y"}, {"at": "xz"}]
    spine: dict[int, int] = {}
    nxt = depth  # the node of y
    for i in range(depth, 0, -1):
        nodes.append({"at": f"v{i}", "otherwise": i - 1, "replies": [[f"v{i}", f"x{i}", nxt]]})
        spine[i] = nxt = len(nodes) - 1
    return nodes, spine


def with_bad_reply(depth: int, at: int, delayed: bool) -> dict:
    """The correct strategy, plus at v_{at}: "if v_{at}-d_{at} is deleted, go to z"; at z, if z-xz is
    deleted, still go to xz (``delayed``: first back to v_{at}, then to z and to xz)."""
    nodes, spine = correct_strategy(depth)
    xz = depth + 1
    if delayed:
        nodes.append({"at": "z", "otherwise": xz})  # back at z later: to xz along the deleted edge
        again = len(nodes) - 1
        nodes.append({"at": f"v{at}", "otherwise": again})
        back = len(nodes) - 1
        nodes.append({"at": "z", "otherwise": xz, "replies": [["z", "xz", back]]})
    else:
        nodes.append({"at": "z", "otherwise": xz, "replies": [["z", "xz", xz]]})
    z = len(nodes) - 1
    # v_{at}'s node again, now with the added reply, and the spine above it rebuilt
    nodes.append(copy.deepcopy(nodes[spine[at]]))
    nodes[-1]["replies"].append([f"v{at}", f"d{at}", z])
    node = len(nodes) - 1
    for i in range(at - 1, 0, -1):
        nodes.append({"at": f"v{i}", "otherwise": i - 1, "replies": [[f"v{i}", f"x{i}", node]]})
        node = len(nodes) - 1
    nodes.append({"at": "s", "otherwise": node})
    return fugitive_document(nodes, len(nodes) - 1)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("depth", [1, 2, 4])
def test_the_correct_caterpillar_strategy_is_accepted(game, depth):
    g = caterpillar_with_z(depth).graph()
    nodes, spine = correct_strategy(depth)
    nodes.append({"at": "s", "otherwise": spine[1]})
    doc = fugitive_document(nodes, len(nodes) - 1)
    assert check_strategy(g, game, g.start, doc)[0] and replay(g, game, doc)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("delayed", [False, True])
@pytest.mark.parametrize("depth, at", [(1, 1), (3, 1), (3, 2), (3, 3), (5, 4), (6, 6)])
def test_a_reply_that_moves_along_a_deleted_edge_is_rejected(game, delayed, depth, at):
    g = caterpillar_with_z(depth).graph()
    doc = with_bad_reply(depth, at, delayed)
    ok, msg = check_strategy(g, game, g.start, doc)
    assert not ok and "deleted edge" in msg, msg
    assert not replay(g, game, doc)


# -- mutation testing: random edits of real strategies --------------------------------------------

def small_game(rng: random.Random, most: int = 8) -> Instance:
    """A random multigraph with at most ``most`` edge copies (the replay is exponential in them)."""
    while True:
        n = rng.randint(3, 7)
        pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
        rng.shuffle(pairs)
        edges = [(a, b, rng.choice((1, 1, 2))) for a, b in pairs[:rng.randint(2, min(len(pairs), most))]]
        if sum(k for _, _, k in edges) > most:
            continue
        exits = rng.sample(range(n), rng.randint(1, 2))
        start = rng.choice([v for v in range(n) if v not in exits])
        return Instance.from_edges(edges, exits=exits, start=start, vertices=range(n))


def real_strategies(seed: int, count: int) -> list[tuple]:
    """``count`` (graph, game, document) triples: exact solver strategies of both players and
    games, and the linear methods' (trees, Blizzard)."""
    rng = random.Random(seed)
    out: list[tuple] = []
    players = {"fugitive": 0, "nemesis": 0}
    while len(out) < count:
        kind = rng.random()
        game = rng.choice(GAMES)
        if kind < 0.15:
            g = random_tree(rng.randint(5, 9), exits=rng.randint(2, 4), seed=rng.randrange(10**6)).graph()
            if sum(g.mult) > 10:
                continue
            winner, doc = tree_winner(g)
            game = "nemesis"
        elif kind < 0.25:
            g = small_game(rng, 10).graph()
            winner, doc = blizzard_winner(g)
            game = "blizzard"
        else:
            g = small_game(rng, 10).graph()
            doc = solve_graph(g, game).strategy
        if doc is not None and len(doc["nodes"]) >= 4 and players[doc["player"]] < (count + 1) // 2:
            players[doc["player"]] += 1
            out.append((g, game, doc))
    return out


def _edge_names(g, rng):
    return list(g.edge_name(rng.randrange(g.m)))


def mutate(g, doc, rng: random.Random) -> dict:
    """One random edit: change a move, drop or swap a reply, change a deletion, share (duplicate)
    a sub-strategy under another reply, or (Nemesis) claim or drop a trap."""
    doc = copy.deepcopy(doc)
    nodes = doc["nodes"]
    if doc["player"] == "fugitive":
        inner = [i for i, nd in enumerate(nodes) if i > 0 and ("otherwise" in nd or nd.get("replies"))]
        i = rng.choice(inner)
        nd = nodes[i]
        entries = ([("otherwise",)] if "otherwise" in nd else []) + [("reply", r) for r in range(len(nd.get("replies", [])))]
        op = rng.choice(["move", "drop", "swap", "deletion", "duplicate"])
        if op in ("drop", "deletion") and not nd.get("replies"):
            op = "duplicate"
        if op == "swap" and len(entries) < 2:
            op = "move"
        if op == "duplicate" and i == doc["root"]:
            op = "move"
        if op == "move":
            which = rng.choice(entries)
            if which[0] == "otherwise":
                nd["otherwise"] = rng.randrange(i)
            else:
                nd["replies"][which[1]][2] = rng.randrange(i)
        elif op == "drop":
            nd["replies"].pop(rng.randrange(len(nd["replies"])))
        elif op == "swap":
            a, b = rng.sample(entries, 2)

            def get(e):
                return nd["otherwise"] if e[0] == "otherwise" else nd["replies"][e[1]][2]

            def put(e, v):
                if e[0] == "otherwise":
                    nd["otherwise"] = v
                else:
                    nd["replies"][e[1]][2] = v

            va, vb = get(a), get(b)
            put(a, vb)
            put(b, va)
        elif op == "deletion":
            nd["replies"][rng.randrange(len(nd["replies"]))][:2] = _edge_names(g, rng)
        else:
            nd.setdefault("replies", []).append([*_edge_names(g, rng), rng.randrange(i)])
    else:
        inner = [i for i, nd in enumerate(nodes) if i > 0]
        i = rng.choice(inner)
        nd = nodes[i]
        op = rng.choice(["move", "drop", "swap", "deletion", "duplicate", "trap"])
        answers = nd.get("answers") or []
        if not answers and op != "trap":
            op = "trap"
        if op == "swap" and len(answers) < 2:
            op = "deletion"
        if op == "move":
            answers[rng.randrange(len(answers))][0] = rng.randrange(i)
        elif op == "drop":
            answers.pop(rng.randrange(len(answers)))
        elif op == "swap":
            a, b = rng.sample(range(len(answers)), 2)
            answers[a][1:], answers[b][1:] = answers[b][1:], answers[a][1:]
        elif op == "deletion":
            k = rng.randrange(len(answers))
            answers[k][1:] = _edge_names(g, rng) if rng.random() < 0.85 else []
        elif op == "duplicate":
            k = rng.randrange(len(answers))
            same = [j for j in range(i) if nodes[j]["at"] == nodes[answers[k][0]]["at"] and j != answers[k][0]]
            answers[k][0] = rng.choice(same) if same else rng.randrange(i)
        elif "trapped" in nd:
            nodes[i] = {"at": nd["at"], "answers": []}
        else:
            nodes[i] = {"at": nd["at"], "trapped": True}
    return doc


@pytest.mark.parametrize("chunk", range(8))
def test_ten_thousand_mutants_agree_with_the_plain_replay(chunk):
    """8 chunks of 1,250 mutants (10,000 in all), each from a seeded pool of real strategies."""
    rng = random.Random(1000 + chunk)
    pool = real_strategies(chunk, 60)
    verdicts = {True: 0, False: 0}
    for n in range(1250):
        g, game, doc = pool[n % len(pool)]
        if n < len(pool):  # the real strategies themselves
            assert check_strategy(g, game, g.start, doc)[0] and replay(g, game, doc)
        mutant = mutate(g, doc, rng)
        ok, msg = check_strategy(g, game, g.start, mutant)
        assert ok == replay(g, game, mutant), (msg, g, game, doc, mutant)
        verdicts[ok] += 1
    assert verdicts[True] > 100 and verdicts[False] > 300, verdicts


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 10**6))
def test_mutants_of_hypothesis_drawn_strategies(seed, mutation_seed):
    (g, game, doc), = real_strategies(seed, 1)
    mutant = mutate(g, doc, random.Random(mutation_seed))
    assert check_strategy(g, game, g.start, mutant)[0] == replay(g, game, mutant)


# -- the node table's look-up ------------------------------------------------------------------

@pytest.mark.parametrize("degree", range(1, 25))
def test_every_answer_of_a_high_degree_node_is_found(degree):
    """A node's answers are bisected when there are more than 8: every one is found, and no vertex
    without one is (the bisection once stopped one short of a match at its upper end, so a valid
    strategy whose start had 9 moves was rejected: "no answer to the fugitive's move")."""
    from escapology.nemesis.checkers.base import Names
    from escapology.nemesis.checkers.node_table import NodeTable

    leaves = [f"a{i:02d}" for i in range(degree)]
    g = Instance.from_edges([("s", a) for a in leaves] + [(a, "x") for a in leaves], exits=["x"],
                            start="s").graph()
    for skip in (None, *range(0, degree, 3)):  # every answer, and with one left out
        answered = [a for i, a in enumerate(leaves) if i != skip]
        nodes = [{"at": a, "trapped": True} for a in answered]
        nodes.append({"at": "s", "answers": [[i, a, "x"] for i, a in enumerate(answered)]})
        t = NodeTable.read(nodes, Names(g))
        root = len(nodes) - 1
        for v in range(g.n):
            i = t.answer(root, v)
            if g.names[v] in answered:
                assert i >= 0 and g.names[t.at[t.ans_node[i]]] == g.names[v]
            else:
                assert i == -1


# -- the trap rule -----------------------------------------------------------------------------

@pytest.mark.parametrize("ball", [1, 2, 4, 48])
def test_trap_rule_against_plain_minimax(ball, monkeypatch):
    """Where the checker's trap rule holds, plain minimax without revisits finds a Nemesis win; the
    checker's rule and the slow one of the replay agree (whatever ball it tries first)."""
    monkeypatch.setattr(checker_nemesis, "TRAP_BALL", ball)
    rng = random.Random(5 + ball)
    held = 0
    for _ in range(2500):
        g = small_game(rng).graph()
        game = rng.choice(GAMES)
        p = g.start
        visited = set(rng.sample([v for v in range(g.n) if v != p and not g.is_exit[v]],
                                 rng.randint(0, max(0, g.n - 3)) if g.n > 3 else 0))
        mult = [max(0, k - rng.choice((0, 0, 1))) for k in g.mult]
        checker = NemesisChecker.from_document(g, game == "blizzard", p, {"nodes": [{"at": g.names[p], "trapped": True}], "root": 0})
        checker.cur = list(mult)
        for v in visited:
            checker.visited[v] = True
        rule = checker.trap_rule(p) is None
        assert rule == trap_rule(g, p, mult, visited)
        if rule:
            held += 1
            assert not fugitive_wins_without_revisits(g, game, p, list(mult), set(visited))
    assert held > 300


@pytest.mark.parametrize("ball", [3, 12, 48])
def test_trap_rule_on_grids_with_walls(ball, monkeypatch):
    """On 9x9 grids after a random self-avoiding walk (the vertices behind him) and random
    deletions, the checker's rule (ball first, then the whole component) equals the slow one."""
    from escapology.nemesis.generator import grid

    monkeypatch.setattr(checker_nemesis, "TRAP_BALL", ball)
    rng = random.Random(ball)
    g = grid(9, 9).graph()
    held = 0
    for _ in range(150):
        p = g.index[f"r{rng.randrange(1, 8)}c{rng.randrange(1, 8)}"]
        visited: set[int] = set()
        for _ in range(rng.randrange(4, 40)):
            nxt = [w for w, _ in g.adj[p] if w not in visited and not g.is_exit[w]]
            if not nxt:
                break
            visited.add(p)
            p = rng.choice(nxt)
        mult = [0 if rng.random() < 0.15 else k for k in g.mult]
        checker = NemesisChecker.from_document(g, False, p, {"nodes": [{"at": g.names[p], "trapped": True}], "root": 0})
        checker.cur = list(mult)
        for v in visited:
            checker.visited[v] = True
        rule = checker.trap_rule(p) is None
        assert rule == trap_rule(g, p, mult, visited)
        held += rule
    assert 10 < held < 140, held
