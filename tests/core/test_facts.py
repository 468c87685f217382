import pytest

from escapology.core.errors import InputError
from escapology.core.facts import format_fact, parse_facts


def test_facts_across_lines_comments_and_spacing():
    text = "%* block\ncomment *%\nfield( 1 ,\n  2 ).  init_on(1,2). % tail\n\nmax_steps(3).\n"
    facts = parse_facts(text)
    assert [(f.name, f.args, f.line) for f in facts] == [
        ("field", (1, 2), 3),
        ("init_on", (1, 2), 4),
        ("max_steps", (3,), 6),
    ]


def test_intervals_expand_like_clingo():
    assert [f.args for f in parse_facts("field(1..2,1..2).")] == [(1, 1), (1, 2), (2, 1), (2, 2)]


def test_strings_constants_and_negative_numbers():
    assert parse_facts('p("a b", c, -3).')[0].args == ("a b", "c", -3)


@pytest.mark.parametrize(
    "text, line, fragment",
    [
        ("p(1).\nq(1,).", 2, "bad argument"),
        ("p(1)\nq(2).", 2, "expected '.'"),
        ("p(X).", 1, "bad argument"),
        ("a :- b.", 1, "rules are not accepted"),
        ("p(1,\n2", 1, "unterminated"),
        ("1.", 1, "expected a fact name"),
    ],
)
def test_errors_name_the_line(text, line, fragment):
    with pytest.raises(InputError) as info:
        parse_facts(text, file="f.lp")
    assert info.value.line == line
    assert fragment in str(info.value)
    assert str(info.value).startswith(f"f.lp:{line}: ")


def test_format_roundtrip():
    text = " ".join([format_fact("push", 1, "w", 1), format_fact("name", "Hello World"), format_fact("q")])
    assert text == 'push(1,w,1). name("Hello World"). q.'
    assert [f.args for f in parse_facts(text)] == [(1, "w", 1), ("Hello World",), ()]
