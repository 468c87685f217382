import pytest

from escapology.core.errors import InputError
from escapology.labyrinth.generator import generate_instance
from escapology.labyrinth import load
from escapology.labyrinth.io import format_instance, parse_instance

GOOD = """% a 2x2 board
field(1,1). field(1,2).
field(2,1). field(2,2).
init_on(1,1).
goal_on(2,2).
connect(1,1,n).
connect(2,1,
   s).
max_steps(2).
"""


def test_parses_comments_spacing_and_facts_across_lines():
    inst = parse_instance(GOOD, file="g.lp")
    assert inst.n == 2 and inst.init == (1, 1) and inst.goal == (2, 2) and inst.max_steps == 2
    assert inst.connections == (1, 0, 4, 0)


@pytest.mark.parametrize(
    "edit, line, fragment",
    [
        (lambda t: t.replace("init_on(1,1).\n", ""), None, "missing init_on"),
        (lambda t: t.replace("goal_on(2,2).\n", ""), None, "missing goal_on"),
        (lambda t: t.replace("max_steps(2).\n", ""), None, "missing max_steps"),
        (lambda t: t + "init_on(2,1).\n", 10, "repeated init_on (first on line 4)"),
        (lambda t: t + "goal_on(2,1).\n", 10, "repeated goal_on"),
        (lambda t: t + "max_steps(3).\n", 10, "repeated max_steps"),
        (lambda t: t.replace("field(2,2).", ""), None, "gap: field(2,2) is missing"),
        (lambda t: t + "field(3,1).\n", None, "not square"),
        (lambda t: t.replace("connect(1,1,n).", "connect(1,1,up)."), 6, "unknown direction 'up'"),
        (lambda t: t + "connect(3,1,n).\n", 10, "outside the 2x2 board"),
        (lambda t: t.replace("init_on(1,1).", "init_on(0,1)."), 4, "outside the 2x2 board"),
        (lambda t: t.replace("goal_on(2,2).", "goal_on(2,5)."), 5, "outside the 2x2 board"),
        (lambda t: t + "conect(1,1,n).\n", 10, "unknown predicate conect/3"),
        (lambda t: t + "field(1).\n", 10, "field takes 2 arguments"),
        (lambda t: t.replace("max_steps(2).", "max_steps(-1)."), 9, "must not be negative"),
        (lambda t: t.replace("max_steps(2).", "max_steps(two)."), 9, "integer arguments"),
        (lambda t: t.replace("init_on(1,1).", "init_on(1,1)"), 5, "expected '.'"),
    ],
)
def test_errors_name_file_line_and_problem(edit, line, fragment):
    with pytest.raises(InputError) as info:
        parse_instance(edit(GOOD), file="g.lp")
    err = info.value
    assert fragment in str(err)
    assert err.file == "g.lp"
    assert err.line == line


def test_format_and_parse_round_trip():
    for seed in range(20):
        inst = generate_instance(5, seed=seed)
        assert parse_instance(format_instance(inst)) == inst


def test_reads_every_shared_instance(shared_dir):
    files = sorted(shared_dir.glob("*.asp"))
    assert len(files) == 248
    sizes = {load(f).n for f in files}
    assert sizes == {4} | set(range(10, 23))


def test_the_command_description_names_the_readers_limit():
    """labyrinth/spec.py states the reader's largest side without importing the reader."""
    from escapology.labyrinth import io, spec

    assert spec.MAX_SIDE == io.MAX_SIDE
