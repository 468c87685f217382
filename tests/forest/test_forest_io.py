import networkx as nx
import pytest

from escapology.core.errors import InputError
from escapology.forest.io import detect, instance_to_facts, load_instance, parse_instance, parse_rolls, read_map_xml
from escapology.forest.model import Board

BASE = "edge(1,2). edge(2,3). edge(3,1). edge(3,4). special(4). die(6). start(1). target(4).\n"


def test_parse_full_instance():
    inst = parse_instance(BASE + "roll(1,2,5). roll(2,6,6).\npos(1,0,0).")
    b = inst.board
    assert b.labels == (1, 2, 3, 4)
    assert b.m == 4 and b.die == 6
    assert [inst.label(v) for v in b.special] == [4]
    assert inst.rolls == ((2, 5), (6, 6))
    assert inst.label(inst.start) == 1 and inst.label(inst.target) == 4


def test_named_fields():
    inst = parse_instance("edge(village,a). edge(a,castle). die(3). start(village). target(castle).")
    assert set(inst.board.labels) == {"village", "a", "castle"}


@pytest.mark.parametrize(
    "text, line, words",
    [
        (BASE + "roll(1,2,7).", 2, "7 is not a face of a die with 1..6"),
        (BASE + "roll(1,0,3).", 2, "0 is not a face"),
        (BASE + "roll(2,1,1).", 2, "roll 1 is missing"),
        (BASE + "roll(1,1,1).\nroll(1,2,2).", 3, "given twice"),
        ("edge(1,2). start(1). target(9).", 1, "unknown field 9"),
        ("edge(1,2).\nspecial(7). start(1). target(2).", 2, "unknown field 7"),
        ("edge(1,1). start(1). target(1).", 1, "loop"),
        (BASE + "\nrol(1,2,3).", 3, "unknown fact rol/3"),
        (BASE + "die(0).", 2, "given more than once"),
        ("edge(1,2). die(0). start(1). target(2).", 1, "positive number of faces"),
        ("edge(1,2).\nstart(1). start(2). target(2).", 2, "start/1 is given more than once"),
    ],
)
def test_bad_input_names_line(text, line, words):
    with pytest.raises(InputError) as exc:
        parse_instance(text, file="f.lp")
    assert words in str(exc.value)
    assert exc.value.file == "f.lp"
    assert exc.value.line == line


def test_disconnected_graph_is_rejected():
    with pytest.raises(InputError, match="not connected"):
        parse_instance("edge(1,2). edge(3,4). start(1). target(4). die(6).")


def test_missing_start_or_target():
    with pytest.raises(InputError, match="no start"):
        parse_instance("edge(1,2). target(2).")
    with pytest.raises(InputError, match="no target"):
        parse_instance("edge(1,2). start(2).")


def test_detect_is_specific():
    assert detect(BASE)
    assert detect("edge(a,b). roll(1,2,3).")
    assert not detect("edge(1,2). edge(2,3). start(1).")
    assert not detect("% die(6). is only a comment\nedge(1,2).")
    assert not detect("field(1,1). init_on(1,1). goal_on(2,2). max_steps(3).")


def test_facts_round_trip():
    inst = parse_instance(BASE + "roll(1,2,5). roll(2,3,3). pos(1,0,0). pos(2,1,0). pos(3,0,1). pos(4,1,1).")
    again = parse_instance(instance_to_facts(inst))
    assert again.board.adj == inst.board.adj
    assert again.board.special == inst.board.special
    assert again.rolls == inst.rolls and again.start == inst.start and again.target == inst.target
    assert again.board.positions == inst.board.positions


def test_options_override_and_validate(tmp_path):
    f = tmp_path / "b.lp"
    f.write_text(BASE + "roll(1,1,1).")
    inst = load_instance(f, rolls="3,5 2,2", start="2", target="3", special="1,2")
    assert inst.rolls == ((3, 5), (2, 2))
    assert inst.label(inst.start) == 2 and inst.label(inst.target) == 3
    assert sorted(inst.label(v) for v in inst.board.special) == [1, 2]
    with pytest.raises(InputError, match="not a face"):
        load_instance(f, rolls="3,9")
    with pytest.raises(InputError, match="unknown field 99"):
        load_instance(f, start="99")
    with pytest.raises(InputError, match="not X,Y"):
        parse_rolls("3-5")
    assert load_instance(f, rolls="9,9", die=10).board.die == 10


def test_networkx_graph_files(tmp_path):
    g = nx.cycle_graph(6)
    g.add_edge(0, 6)
    nx.set_node_attributes(g, {6: True}, "special")
    path = tmp_path / "g.graphml"
    nx.write_graphml(g, path)
    inst = load_instance(path, start="0", target="3", rolls="1,2 3,3")
    assert inst.board.n == 7 and inst.board.m == 7
    assert [inst.label(v) for v in inst.board.special] == [6]
    xml = tmp_path / "g.xml"  # GraphML recognised by its content
    xml.write_text(path.read_text())
    assert load_instance(xml, start="0", target="3").board.m == 7
    el = tmp_path / "g.edgelist"
    nx.write_edgelist(g, el, data=False)
    assert load_instance(el, start="0", target="3").board.m == 7
    with pytest.raises(InputError, match="--start and --target"):
        load_instance(path)
    h = nx.Graph([(0, 1), (2, 3)])
    nx.write_graphml(h, tmp_path / "h.graphml")
    with pytest.raises(InputError, match="not connected"):
        load_instance(tmp_path / "h.graphml", start="0", target="1")


def test_real_board(real_map):
    inst = load_instance(real_map)
    b = inst.board
    assert b.n == 118
    assert inst.label(inst.start) == 0 and inst.label(inst.target) == 25
    assert len(b.special) == 14  # 13 trees and the castle
    assert sorted(len(a) for a in b.adj)[:2] == [1, 1]  # village and castle are dead ends


def test_real_board_with_coordinates(real_map_coords):
    inst = load_instance(real_map_coords)
    assert inst.board.positions is not None and len(inst.board.positions) == 118


def test_map_xml_errors():
    with pytest.raises(InputError, match="unknown cell 5"):
        read_map_xml("<map><index value='0'><color>Blue</color><branch>5</branch></index></map>")
    with pytest.raises(InputError, match="not well-formed"):
        read_map_xml("<map><index>")


def test_arcs_reverse_and_successors():
    b = Board.from_edges([(0, 1), (1, 2), (2, 0), (2, 3)])
    arcs = b.arcs
    for a in range(arcs.count):
        r = int(arcs.rev[a])
        assert (int(arcs.tail[r]), int(arcs.head[r])) == (int(arcs.head[a]), int(arcs.tail[a]))
    a = arcs.arc(0, 2)
    assert sorted(int(arcs.head[s]) for s in arcs.successors(a)) == [1, 3]


def test_shipped_example_is_the_generated_board():
    from escapology.forest.generator import grid_forest

    from forest.conftest import EXAMPLE

    a, b = load_instance(EXAMPLE), grid_forest(5, 6, rolls=8, seed=1)
    assert (a.board.adj, a.board.special, a.rolls, a.start, a.target) == (b.board.adj, b.board.special, b.rolls, b.start, b.target)
