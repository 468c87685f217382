import networkx as nx
import pytest

from escapology.core.errors import InputError
from escapology.nemesis.io import detect, format_instance, load_instance, parse_instance, read_graph_file


def test_parse_multiplicities_and_repeats():
    inst = parse_instance("edge(1,2). edge(2,1). edge(2,3,3). exit(3). start(1).\nvertex(9).")
    assert inst.edges[("1", "2")] == 2
    assert inst.edges[("2", "3")] == 3
    assert inst.start == "1" and inst.exits == {"3"}


def test_roundtrip():
    text = "edge(a,b). edge(b,x,2). vertex(z). exit(x). start(a)."
    inst = parse_instance(text)
    again = parse_instance(format_instance(inst))
    assert again.edges == inst.edges and again.exits == inst.exits and again.start == inst.start
    assert "z" in again.vertices


@pytest.mark.parametrize(
    "text, message, line",
    [
        ("edge(1,2).\nexit(7).", "exit(7) names an unknown vertex", 2),
        ("edge(1,2).\nstart(8).", "start(8) names an unknown vertex", 2),
        ("edge(1,1).", "self-loop", 1),
        ("edge(1,2,0).", "multiplicity", 1),
        ("edge(1,2). colour(1,red).", "unknown fact colour/2", 1),
        ('edge("A b",2).', "vertex names", 1),
    ],
)
def test_errors_name_file_and_line(text, message, line):
    with pytest.raises(InputError) as exc:
        parse_instance(text, file="g.lp")
    assert message in str(exc.value)
    assert exc.value.line == line and exc.value.file == "g.lp"


def test_detect_is_specific():
    assert detect("edge(1,2). exit(2). start(1).")
    assert detect("edge(1,2,2). start(1).")
    assert not detect("edge(1,2). roll(1). die(6). start(1).")  # Enchanted Forest
    assert not detect("edge(1,2). special(2). target(2).")
    assert not detect("edge(1,2).")  # no exit/start
    assert not detect("field(1,2). start(1).")
    assert not detect("edge(1,2). exit(2). push(1,w,3).")


def test_networkx_files(tmp_path):
    g = nx.MultiGraph()
    g.add_edges_from([("s", "a"), ("a", "x"), ("a", "x"), ("a", "y")])
    nx.write_graphml(g, tmp_path / "g.graphml")
    inst = read_graph_file(tmp_path / "g.graphml", exits=["x", "y"], start="s")
    assert inst.edges[("a", "x")] == 2 and inst.start == "s"
    (tmp_path / "g.edgelist").write_text("s a\na x\na y\n")
    inst2 = load_instance(tmp_path / "g.edgelist", exits=["x", "y"], start="s")
    assert inst2.edges[("a", "s")] == 1
    h = nx.Graph()
    h.add_edge("s", "a", multiplicity=3)
    h.add_node("a", exit=1)
    nx.write_gml(h, tmp_path / "h.gml")
    inst3 = read_graph_file(tmp_path / "h.gml", start="s")
    assert inst3.edges[("a", "s")] == 3 and inst3.exits == {"a"}
    with pytest.raises(InputError, match="unknown vertex"):
        read_graph_file(tmp_path / "g.graphml", exits=["nope"])
    assert read_graph_file(tmp_path / "g.graphml", exits=["s"], start="s").start == "s"  # a trivial win


def test_txt_files_hold_facts_or_edge_lists(tmp_path):
    facts = tmp_path / "facts.txt"
    facts.write_text("edge(s,a). edge(a,x). exit(x). start(s).")
    assert load_instance(facts).exits == {"x"}
    plain = tmp_path / "plain.txt"
    plain.write_text("s a\na x\n")
    assert load_instance(plain, exits=["x"], start="s").start == "s"
    assert load_instance(facts, exits=["s"]).exits == {"s", "x"}  # the start on an exit: a trivial win


def test_start_on_an_exit_is_a_trivial_fugitive_win():
    from escapology.nemesis import check, load, solve

    inst = load("edge(s,a). edge(a,x). exit(s). exit(x). start(s).")
    for game in ("nemesis", "blizzard"):
        for method in ("exact", "linear"):
            r = solve(inst, game=game, method=method)
            assert r.winner == "fugitive", (game, method)
            assert check(inst, r.to_json()).ok and check(inst, r.certificate, game=game).ok
    nemesis_claim = {"format": "nemesis-strategy", "version": 1, "player": "nemesis", "root": 0,
                     "nodes": [{"at": "s", "answers": []}]}
    assert not check(inst, nemesis_claim).ok


@pytest.mark.parametrize("name, text", [
    ("g.edgelist", "s a\na x 2\n# a comment\na y\n"),
    ("g.edges", "s a {}\na x {'multiplicity': 2}\na y {'weight': 7}\n"),
    ("g.txt", "s a 1\na x 2\na y\n"),
    ("g.csv", "s,a\na,x,2\na,y\n"),
    ("h.csv", "target,source,multiplicity\na,s,\nx,a,2\ny,a,1\n"),
])
def test_edge_lists_read_the_multiplicity(tmp_path, name, text):
    """The third column (or the multiplicity attribute) is the multiplicity; it decides the winner."""
    from escapology.nemesis import solve

    f = tmp_path / name
    f.write_text(text)
    inst = load_instance(f, exits=["x", "y"], start="s")
    assert inst.edges[("a", "x")] == 2 and inst.edges[("a", "s")] == 1
    assert solve(inst).winner == "fugitive"
    inst.edges[("a", "x")] = 1
    inst.edges.pop(("a", "y"))
    assert solve(inst).winner == "nemesis"


@pytest.mark.parametrize("name, text, message, line", [
    ("g.edgelist", "s a\na x two\n", "multiplicity is a positive integer", 2),
    ("g.edgelist", "s a 0\n", "multiplicity 0 < 1", 1),
    ("g.edgelist", "s\n", "an edge is", 1),
    ("g.edgelist", "s a {'multiplicity': 'x'}\n", "positive integer", 1),
    ("g.csv", "s,a\na,x,1.5\n", "positive integer", 2),
    ("g.csv", "s,a,1,red\n", "name the columns", 1),
    ("g.csv", "s\n", "a row is", 1),
])
def test_edge_list_errors_name_file_and_line(tmp_path, name, text, message, line):
    f = tmp_path / name
    f.write_text(text)
    with pytest.raises(InputError) as exc:
        load_instance(f)
    assert message in str(exc.value) and exc.value.line == line and exc.value.file == str(f)


def test_directed_graph_files_are_refused(tmp_path):
    d = nx.MultiDiGraph()
    d.add_edges_from([("s", "a"), ("a", "s"), ("a", "x")])
    nx.write_graphml(d, tmp_path / "d.graphml")
    nx.write_gml(nx.DiGraph(d), tmp_path / "d.gml")
    for f in ("d.graphml", "d.gml"):
        with pytest.raises(InputError, match="directed"):
            read_graph_file(tmp_path / f, exits=["x"], start="s")


def test_building_the_graph_polls_the_deadline(tmp_path):
    """The exact searches' indexed graph of a large file is built under the deadline (issue 32: a
    graph of 3 M vertices answered 18 s after -t 5): an expired deadline stops both builders."""
    from escapology.core.limits import Deadline, LimitReached
    from escapology.nemesis import load

    path = tmp_path / "path.txt"
    path.write_text("".join(f"{i} {i + 1}\n" for i in range(70_000)), encoding="utf-8")
    native = load(path, exits=["0"], start="70000")
    plain = native.python() if hasattr(native, "python") else native
    for inst in (native, plain):
        assert inst.graph(Deadline(60)).n == 70_001
        with pytest.raises(LimitReached):
            inst.graph(Deadline(0.0))
