"""The native linear methods (escapology.nemesis.engines.linear_native) against the Python reference,
the exact solver and the checker; the native reader against the Python readers."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from escapology.core.errors import InputError
from escapology.nemesis import io as nio
from escapology.nemesis import native_instance, sizes
from escapology.nemesis.engines import linear_native
from escapology.nemesis.api import solve_linear_python
from escapology.nemesis.checkers.check import check_strategy
from escapology.nemesis.checkers.nemesis import check_trap_region
from escapology.nemesis.engines.exact import solve as solve_graph
from escapology.nemesis.generator import random_graph, random_subcubic, random_tree
from escapology.nemesis.model import Instance

pytestmark = pytest.mark.skipif(native_instance.native() is None, reason="the native extension is not built")


def _answers(inst: Instance, game: str) -> None:
    """From every start: the native answer is the Python reference's, its winner the exact
    solver's, and the checker accepts its certificate."""
    g = inst.graph()
    ng = native_instance.from_graph(g)
    for s in range(g.n):
        try:
            expected = json.loads(json.dumps(solve_linear_python(g, game, s)))  # pairs as lists
        except InputError:
            with pytest.raises(InputError):
                linear_native.solve(ng, game, start=s)
            continue
        got = linear_native.solve(ng, game, start=s)
        assert got.parsed() == expected, (inst, s)
        assert json.loads(_written(got)) == {**expected, "status": "solved", "certificate": _certificate(expected)}
        assert got.winner == solve_graph(g, game, start=s, strategy=False).winner, (inst, s)
        if expected["strategy"] is not None:
            assert check_strategy(g, game, s, expected["strategy"])[0], (inst, s)
            assert got.nodes == len(expected["strategy"]["nodes"])
        elif expected.get("trap_region") is not None:
            assert check_trap_region(g, s, expected["trap_region"])[0], (inst, s)


def _certificate(answer: dict) -> object:
    if answer.get("strategy") is not None:
        return answer["strategy"]
    if answer.get("trap_region") is not None:
        return {"trap_region": answer["trap_region"]}
    return None


def _written(answer: linear_native.LinearAnswer) -> bytes:
    import io

    out = io.BytesIO()
    answer.write_json(out)
    return out.getvalue()


def _renamed(inst: Instance, rng: random.Random) -> Instance:
    """The instance with shuffled names: integers (some negative) or constants, so that the
    ends' order (Instance.key compares names as strings) and the vertex order vary."""
    pool = [str(i) for i in range(-5, 40)] + [f"v{i}" for i in range(40)] + ["a", "b_c", "z'"]
    names = dict(zip(inst.vertices, rng.sample(pool, len(inst.vertices))))
    edges = [(names[a], names[b], k) for (a, b), k in inst.edges.items()]
    rng.shuffle(edges)
    return Instance.from_edges(edges, exits=[names[x] for x in inst.exits], start=names[inst.start],
                               vertices=[names[v] for v in rng.sample(inst.vertices, len(inst.vertices))])


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 12), st.integers(1, 4), st.integers(0, 10**6))
def test_trees(n, k, seed):
    inst = _renamed(random_tree(n, exits=k, seed=seed), random.Random(seed))
    _answers(inst, "nemesis")


@settings(max_examples=150, deadline=None)
@given(st.integers(3, 11), st.floats(0.7, 1.5), st.integers(1, 4), st.integers(0, 10**6))
def test_maximum_degree_three(n, extra, k, seed):
    inst = _renamed(random_subcubic(n, extra=extra, exits=k, seed=seed), random.Random(seed))
    _answers(inst, "nemesis")


@settings(max_examples=150, deadline=None)
@given(st.integers(3, 7), st.floats(0.2, 0.8), st.integers(1, 3), st.integers(1, 3), st.integers(0, 10**6))
def test_blizzard_and_multigraphs(n, p, k, mult, seed):
    inst = _renamed(random_graph(n, p, exits=k, seed=seed, max_mult=mult), random.Random(seed))
    _answers(inst, "blizzard")
    _answers(inst, "nemesis")  # a tree or degree <= 3 with multiplicities, or refused by both


def _facts(inst: Instance, rng: random.Random) -> str:
    """ASP facts of ``inst`` in a shuffled order, some edges split into repeated facts, integers
    written with leading zeros, comments and odd spacing."""
    def term(v: str) -> str:
        return ("00" + v) if v.isdigit() and rng.random() < 0.2 else v

    lines = []
    for (a, b), k in inst.edges.items():
        a, b = (a, b) if rng.random() < 0.5 else (b, a)
        parts = [k] if rng.random() < 0.5 else [1] * k
        for part in parts:
            lines.append(f"edge({term(a)},{term(b)})." if part == 1 and rng.random() < 0.5
                         else f"edge( {term(a)} , {term(b)}, {part} ).")
    ends = {v for edge in inst.edges for v in edge}
    lines += [f"vertex({term(v)})." for v in inst.vertices if v not in ends or rng.random() < 0.3]
    lines += [f"exit({term(x)})." for x in inst.exits]
    lines.append(f"start({term(inst.start)}).")
    rng.shuffle(lines)
    return "% shuffled\n" + "\n".join(line + (" % note" if rng.random() < 0.1 else "") for line in lines)


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 9), st.floats(0.2, 0.9), st.integers(1, 3), st.integers(0, 10**6))
def test_reader_agrees_with_python(n, p, mult, seed):
    rng = random.Random(seed)
    inst = _renamed(random_graph(n, p, exits=2, seed=seed, max_mult=mult), rng)
    text = _facts(inst, rng)
    ng = native_instance.read_text(text)
    assert ng is not None
    native, python = native_instance.instance(ng), nio.parse_instance(text)
    assert native.vertices == python.vertices
    assert list(native.edges.items()) == list(python.edges.items())
    assert (native.exits, native.start) == (python.exits, python.start)
    g, h = native_instance.graph(ng), python.graph()
    assert (g.names, g.ends, g.mult, g.adj, g.is_exit, g.start) == (h.names, h.ends, h.mult, h.adj, h.is_exit, h.start)
    edge_list = "\n".join(f"{a} {b} {k}" if k > 1 else f"{a}\t{b}" for (a, b), k in inst.edges.items())
    ng = native_instance.read_text(edge_list, edge_list=True)
    assert ng is not None
    native, python = native_instance.instance(ng), nio.read_edge_list(edge_list)
    assert (native.vertices, list(native.edges.items())) == (python.vertices, list(python.edges.items()))


@pytest.mark.parametrize("text", [
    "edge(a,a). exit(a). start(a).",
    "edge(a,b). exit(c). start(a).",
    "edge(a,b). exit(b). start(a). start(b).",
    "edge(a,b,0). exit(b). start(a).",
    "edge(1..2,3). exit(3). start(1).",
    "%* a block comment *% edge(a,b). exit(b). start(a).",
    "edge(a,b). roll(a). start(a).",
    'edge("a",b). exit(b). start(a).',
    "edge(a,b,2000000000). exit(b). start(a).",
    "edge(a,b) exit(b). start(a).",
])
def test_declined_files_go_to_the_python_reader(text, tmp_path):
    """What the native reader declines, the Python reader reads or reports with its line."""
    assert native_instance.read_text(text) is None
    path = tmp_path / "g.lp"
    path.write_text(text)
    try:
        inst = nio.load_instance(path)
    except InputError as exc:
        assert exc.file == str(path)
    else:
        assert inst.start is not None


def test_options_and_limits(monkeypatch):
    text = "edge(s,a). edge(a,x). edge(a,y). exit(x)."
    ng = native_instance.read_text(text, exits=["y"], start="s")
    assert ng.start == 0 and ng.exits() == [2, 3]
    assert native_instance.read_text(text, exits=["nowhere"], start="s") is None
    monkeypatch.setattr(sizes, "MAX_VERTICES", 3)
    with pytest.raises(InputError, match="more than 3 vertices"):
        native_instance.read_text(text)
    monkeypatch.setattr(sizes, "MAX_VERTICES", 10)
    monkeypatch.setattr(sizes, "MAX_EDGES", 2)
    with pytest.raises(InputError, match="more than 2 edges"):
        native_instance.read_text(text)


def _caterpillar(spine: int) -> str:
    """A path 0..spine-1 with a pendant exit at every vertex but the first (two at the last):
    the binary escape tree is as deep as the path."""
    lines = [f"edge({i},{i + 1})." for i in range(spine - 1)]
    lines += [f"edge({i},{spine + i - 1}). exit({spine + i - 1})." for i in range(1, spine)]
    lines.append(f"edge({spine - 1},{2 * spine - 1}). exit({2 * spine - 1}). start(0).")
    return "\n".join(lines)


def test_caterpillar_of_two_million_vertices():
    """The deep path that once raised RecursionError: 2*10^6 vertices, read, decided and written."""
    ng = native_instance.read_text(_caterpillar(10**6))
    assert ng.n == 2 * 10**6
    answer = linear_native.solve(ng, "nemesis")
    assert answer.winner == "fugitive"
    # a node per spine vertex (the start's included) and per exit; at each spine vertex the
    # smaller branch is the exit, where he goes unless she cuts it
    assert answer.nodes == 2 * 10**6
    assert answer.principal_line == ["1", "1000000"]


def test_caterpillar_through_the_cli(tmp_path):
    """End to end on a smaller caterpillar: solve writes the strategy, check accepts it, and the
    Python reference (no recursion either) writes the same document."""
    from typer.testing import CliRunner

    from escapology.cli import app

    path = tmp_path / "caterpillar.lp"
    path.write_text(_caterpillar(20_000))
    runner = CliRunner()
    solved = runner.invoke(app, ["nemesis", "solve", str(path), "--method", "linear", "--format", "json"])
    assert solved.exit_code == 0, solved.output
    answer = json.loads(solved.output)
    assert answer["winner"] == "fugitive" and answer["certificate"] == answer["strategy"]
    inst = nio.parse_instance(path.read_text())
    assert json.loads(json.dumps(solve_linear_python(inst.graph(), "nemesis"))) == {k: v for k, v in answer.items()
                                                              if k not in ("status", "certificate")}
    (tmp_path / "answer.json").write_text(solved.output)
    checked = runner.invoke(app, ["nemesis", "check", str(path), str(tmp_path / "answer.json")])
    assert checked.exit_code == 0, checked.output


def test_names_that_json_escapes():
    """Edge-list names may hold quotes, backslashes and any Unicode: written as json.dumps writes them."""
    text = 's a"b\na"b c\\d\nc\\d x\u00e9\nc\\d y\u2028z\na"b x\u00e9\n'
    ng = native_instance.read_text(text, edge_list=True, exits=["x\u00e9"], start="s")
    if ng is None:  # U+2028 splits lines for Python: the Python reader reads this file
        ng = native_instance.read_text(text.replace("\u2028", "_"), edge_list=True, exits=["x\u00e9"], start="s")
    g = native_instance.graph(ng)
    answer = linear_native.solve(ng, "nemesis")
    expected = json.loads(json.dumps(solve_linear_python(g, "nemesis")))
    assert answer.parsed() == expected
    assert json.loads(_written(answer))["strategy"] == expected["strategy"]


def test_cli_linear_paths(tmp_path):
    """The native CLI path: text output, the timeout, a graph outside both classes, an edge list,
    and a declined file (a self-loop) reported with its line by the Python reader."""
    from typer.testing import CliRunner

    from escapology.nemesis.cli import app

    runner = CliRunner()
    win = tmp_path / "win.lp"
    win.write_text("edge(s,a). edge(a,x). edge(a,y). exit(x). exit(y). start(s).")
    r = runner.invoke(app, ["solve", str(win), "--method", "linear"])
    assert r.exit_code == 0 and "the fugitive wins from s" in r.output and "main line: a -> x" in r.output
    r = runner.invoke(app, ["solve", str(win), "--method", "linear", "--timeout", "0.000001", "--format", "json"])
    assert r.exit_code == 3 and json.loads(r.stdout)["status"] == "unknown"
    k4 = tmp_path / "k4.lp"
    k4.write_text("edge(s,a). edge(s,b). edge(s,c). edge(a,b). edge(a,c). edge(b,c). edge(s,x). "
                  "edge(a,x). edge(b,x). exit(x). start(s).")
    r = runner.invoke(app, ["solve", str(k4), "--method", "linear"])
    assert r.exit_code == 2 and "maximum degree 3" in r.output
    r = runner.invoke(app, ["solve", str(k4), "--method", "linear", "--game", "blizzard", "--format", "json"])
    assert r.exit_code == 0 and json.loads(r.stdout)["winner"] == "fugitive"
    edges = tmp_path / "g.edgelist"
    edges.write_text("s a\na x\na y\n")
    r = runner.invoke(app, ["solve", str(edges), "--method", "linear", "--exits", "x,y", "--start", "s",
                            "--format", "json"])
    assert r.exit_code == 0 and json.loads(r.stdout)["winner"] == "fugitive"
    (tmp_path / "a.json").write_text(r.stdout)
    r = runner.invoke(app, ["check", str(edges), str(tmp_path / "a.json"), "--exits", "x,y", "--start", "s"])
    assert r.exit_code == 0, r.output
    bad = tmp_path / "bad.lp"
    bad.write_text("edge(s,a).\nedge(a,a).\nexit(a). start(s).")
    r = runner.invoke(app, ["solve", str(bad), "--method", "linear"])
    assert r.exit_code == 2 and "bad.lp:2" in r.output and "self-loop" in r.output
    r = runner.invoke(app, ["solve", str(edges), "--method", "linear"])
    assert r.exit_code == 2 and "no start vertex" in r.output
