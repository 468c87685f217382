import pytest

from escapology.chess.io import detect, format_instance, parse_instance
from escapology.chess.model import Instance
from escapology.core.errors import InputError

GOOD = "3\n1 1 3 3\n1 1\n0 1\n1 0\n"


def error(text: str) -> InputError:
    with pytest.raises(InputError) as exc:
        parse_instance(text, file="in.txt")
    return exc.value


def test_parse_good_and_roundtrip():
    inst = parse_instance(GOOD)
    assert inst == Instance(3, (1, 1), (3, 3), ((1, 1), (0, 1), (1, 0)))
    assert format_instance(inst) == GOOD
    assert parse_instance(format_instance(inst)) == inst


def test_parse_tolerates_crlf_spaces_trailing_blank_lines_and_signs():
    inst = parse_instance("\ufeff3\r\n 1 1  3 3 \r\n+1 -1\r\n0\t1\r\n1 0\r\n\r\n\n")
    assert inst.vectors == ((1, -1), (0, 1), (1, 0))


@pytest.mark.parametrize(
    "text, line, message",
    [
        ("", 1, "empty input"),
        ("x\n", 1, "'x' is not an integer (expected the board size n)"),
        ("3 4\n", 1, "expected 1 integer (the board size n), found 2 integers"),
        ("1\n1 1 1 1\n0 0\n", 1, "board size n = 1 is outside 2..100000"),
        ("100001\n", 1, "board size n = 100001 is outside 2..100000"),
        ("3\n", 2, "missing line 2"),
        ("3\n1 1 3\n", 2, "expected 4 integers (ax ay bx by), found 3 integers"),
        ("3\n1 1 3 3 3\n", 2, "expected 4 integers (ax ay bx by), found 5 integers"),
        ("3\n1 1 3 x\n", 2, "'x' is not an integer"),
        ("3\n1 1 3 1.5\n", 2, "'1.5' is not an integer"),
        ("3\n0 1 3 3\n", 2, "Alice's field (0, 1) is off the 3 x 3 board"),
        ("3\n1 1 3 4\n", 2, "Bob's field (3, 4) is off the 3 x 3 board"),
        ("3\n2 2 2 2\n", 2, "Alice and Bob stand on the same field (2, 2)"),
        ("3\n1 1 3 3\n1 1\n0 1\n", 5, "expected n = 3 vector lines 'dx dy', found 2"),
        ("3\n1 1 3 3\n1 1\n0 1\n1 0\n2 2\n", 6, "extra line after the n = 3 vector lines"),
        ("3\n1 1 3 3\n1 1\n0 1 2\n1 0\n", 4, "expected 2 integers (dx dy), found 3 integers"),
        ("3\n1 1 3 3\n1 1\n\n1 0\n", 4, "expected 2 integers (dx dy), found nothing"),
        ("3\n1 1 3 3\n1 1\n\n0 1\n1 0\n", 4, "expected 2 integers (dx dy), found nothing"),
        ("3\n1 1 3 3\n1 1\n0 1\n1 0\n\n2 2\n", 6, "extra line after the n = 3 vector lines"),
        ("3\n1 1 3 3\n1 1\n0 1\n1 zero\n", 5, "'zero' is not an integer (expected dx dy)"),
    ],
)
def test_parse_errors_name_line_and_problem(text, line, message):
    e = error(text)
    assert e.file == "in.txt"
    assert e.line == line
    assert message in e.message, e.message
    assert str(e).startswith(f"in.txt:{line}: ")


def test_huge_vectors_are_accepted_and_unusable():
    inst = parse_instance("2\n1 1 2 2\n123456789012345678901234567890 0\n1 1\n")
    assert inst.usable_vectors() == ((1, 1),)
    assert inst.usable_array().tolist() == [[1, 1]]


def test_detect():
    assert detect(GOOD)
    assert detect("2\r\n1 1 2 2\r\n1 0\r\n0 1\r\n\r\n")
    assert not detect("3\n1 1 3 3\n1 1\n0 1\n")  # too few vectors
    assert not detect("3\n1 1 3\n1 1\n0 1\n1 0\n")
    assert not detect("edge(1,2).\nedge(2,3).\n")
    assert not detect("field(1,1). start(1,1).\n")
    assert not detect("")
    assert not detect("1\n1 1 1 1\n0 0\n")
    assert not detect("2\n1 1 2 2\n1 0\n0 x\n")


import sys  # noqa: E402
from pathlib import Path  # noqa: E402

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))  # the helpers beside this file (importlib mode)
from chess_strategies import instances  # noqa: E402


@settings(max_examples=200, deadline=None)
@given(instances(max_n=12))
def test_roundtrip(inst):
    text = format_instance(inst)
    assert detect(text)
    assert parse_instance(text) == inst
    assert parse_instance(text).usable_vectors() == inst.usable_vectors()


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789 -+\nx.\t", max_size=60))
def test_garbage_gives_input_error_or_instance(text):
    try:
        inst = parse_instance(text, file="g.txt")
    except InputError as e:
        assert e.file == "g.txt" and e.line is not None and e.line >= 1
    else:
        assert detect(text)
        assert len(inst.vectors) == inst.n


def test_the_command_description_names_the_generators_kinds():
    """chess/spec.py lists the kinds without importing the generator (numpy)."""
    from escapology.chess import generator, spec

    assert spec.KINDS == tuple(generator.KINDS)
