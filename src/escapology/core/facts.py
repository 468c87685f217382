"""A reader for ground ASP facts, the input format of several games.

Accepted: facts ``name(arg, ..., arg).`` and ``name.``, where each argument is an integer, a
lowercase constant, a double-quoted string or an integer interval ``a..b`` (expanded as clingo would);
several facts per line, one fact across several lines, ``%`` line comments and ``%* ... *%`` block
comments. Rules, variables and anything else are rejected with the line where they start.

>>> [(f.name, f.args, f.line) for f in parse_facts("p(1,a). % comment\\nq.\\n r(\\n 2..3).")]
[('p', (1, 'a'), 1), ('q', (), 2), ('r', (2,), 3), ('r', (3,), 3)]
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable

from escapology.core.errors import InputError

if TYPE_CHECKING:
    from escapology.core.limits import Deadline

Term = int | str


@dataclass(frozen=True, slots=True)
class Fact:
    """One ground fact with the line it starts on (1-based)."""

    name: str
    args: tuple[Term, ...]
    line: int

    def __str__(self) -> str:
        return format_fact(self.name, *self.args)


#: The most facts one file may expand to (intervals included) unless the reader says otherwise.
DEFAULT_MAX_FACTS = 1_000_000
#: Integers have at most this many digits (clingo's own integers are 32-bit).
MAX_INTEGER_DIGITS = 18
_POLL = 4096  # facts between two looks at the deadline

_CONST = r"[a-z_][A-Za-z0-9_']*"
_ATOM = rf"(?:-?\d+|{_CONST})"
# A fact whose arguments are integers and constants only, matched whole (the common case).
_SIMPLE = re.compile(rf"([ \t\r\n\f\v]*)({_CONST})[ \t]*\([ \t]*({_ATOM}(?:[ \t]*,[ \t]*{_ATOM})*)[ \t]*\)[ \t]*\.(?!\.)")
_DIGIT = frozenset("-0123456789")
_WS = re.compile(r"[ \t\r\n\f\v]+")
_TOKEN = re.compile(
    r"""
    (?P<interval>-?\d+\s*\.\.\s*-?\d+)
  | (?P<int>-?\d+)
  | (?P<const>[a-z_][A-Za-z0-9_']*)
  | (?P<string>"(?:[^"\\\n]|\\.)*")
  | (?P<lpar>\()
  | (?P<rpar>\))
  | (?P<comma>,)
  | (?P<dot>\.(?!\.))
  | (?P<other>.)
    """,
    re.VERBOSE | re.DOTALL,
)


class _Scanner:
    """Tokens from a position on, skipping white space and comments, counting lines."""

    def __init__(self, text: str, file: str | None) -> None:
        self.text = text
        self.file = file
        self.pos = 0
        self.line = 1

    def skip(self) -> None:
        text, pos, n = self.text, self.pos, len(self.text)
        while pos < n:
            ch = text[pos]
            if ch in " \t\r\n\f\v":
                m = _WS.match(text, pos)
                self.line += text.count("\n", pos, m.end())  # type: ignore[union-attr]
                pos = m.end()  # type: ignore[union-attr]
            elif ch == "%":
                if text.startswith("%*", pos):
                    end = text.find("*%", pos + 2)
                    if end < 0:  # clingo refuses it too
                        raise InputError("a block comment '%*' that no '*%' closes", file=self.file,
                                         line=self.line)
                    self.line += text.count("\n", pos, end)
                    pos = end + 2
                else:  # a line comment
                    nl = text.find("\n", pos)
                    pos = n if nl < 0 else nl
            else:
                break
        self.pos = pos

    def token(self) -> tuple[str, str, int] | None:
        """The next token ``(kind, value, line)``, or ``None`` at the end."""
        self.skip()
        if self.pos >= len(self.text):
            return None
        m = _TOKEN.match(self.text, self.pos)
        assert m is not None  # "other" matches any character
        kind, value, line = m.lastgroup, m.group(), self.line
        self.line += value.count("\n")
        self.pos = m.end()
        return kind, value, line  # type: ignore[return-value]


def _integer(text: str, file: str | None, line: int) -> int:
    if len(text) - text.startswith("-") > MAX_INTEGER_DIGITS:
        raise InputError(f"the integer {text[:12]}... has {len(text.lstrip('-'))} digits; escapology reads "
                         f"integers of at most {MAX_INTEGER_DIGITS} digits", file=file, line=line)
    return int(text)


def parse_facts(text: str, *, file: str | None = None, max_facts: int = DEFAULT_MAX_FACTS,
                deadline: "Deadline | None" = None, why: str = "") -> list[Fact]:
    """Parse ``text`` into ground facts, raising :class:`InputError` with the line of a mistake.

    At most ``max_facts`` facts (after expanding intervals, whose sizes are checked before they are
    expanded): more is an :class:`InputError` naming the line where the limit is crossed (``why``,
    the reader's reason for its limit, is added to the message). With a
    ``deadline``, it is polled while reading (:class:`~escapology.core.limits.LimitReached`).

    >>> parse_facts("field(1..1000,1..1000).", file="big.lp", max_facts=50_000)
    Traceback (most recent call last):
    ...
    escapology.core.errors.InputError: big.lp:1: field(...) expands to 1000000 facts; this reader takes at most 50000 facts
    """
    facts: list[Fact] = []
    sc = _Scanner(text, file)
    n = len(text)
    poll = _POLL

    def err(message: str, line: int) -> InputError:
        return InputError(message, file=file, line=line)

    def too_many(name: str, count: int, line: int) -> InputError:
        what = f"{name}(...) expands to {count} facts" if count > 1 else f"more than {max_facts} facts"
        return err(f"{what}; this reader takes at most {max_facts} facts{' (' + why + ')' if why else ''}", line)

    while True:
        if len(facts) >= poll:
            poll = len(facts) + _POLL
            if deadline is not None:
                deadline.check()
        m = _SIMPLE.match(text, sc.pos)
        if m is not None:
            lead = m.group(1)
            if lead:
                sc.line += lead.count("\n")
            line = sc.line
            args = tuple((int(a) if len(a) <= MAX_INTEGER_DIGITS else _integer(a, file, line))
                         if a[0] in _DIGIT else a for a in m.group(3).replace(" ", "").replace("\t", "").split(","))
            if len(facts) >= max_facts:
                raise too_many(m.group(2), 1, line)
            facts.append(Fact(m.group(2), args, line))
            sc.pos = m.end()
            continue
        sc.skip()
        if sc.pos >= n:
            break
        tok = sc.token()
        assert tok is not None
        kind, value, line = tok
        if kind != "const":
            if value == ":" or value == "-":
                raise err("rules are not accepted here, only ground facts", line)
            raise err(f"expected a fact name, found {value!r}", line)
        name = value
        choices: list[list[Term] | range] = []
        tok = sc.token()
        if tok is not None and tok[0] == "lpar":
            while True:
                tok = sc.token()
                if tok is None:
                    raise err(f"unterminated fact {name}(...", line)
                k, v, ln = tok
                if k == "int":
                    choices.append([_integer(v, file, ln)])
                elif k == "const":
                    choices.append([v])
                elif k == "string":
                    try:
                        choices.append([bytes(v[1:-1], "utf-8").decode("unicode_escape")])
                    except UnicodeDecodeError:
                        raise err(f"bad escape sequence in the string {v[:40]!r}", ln) from None
                elif k == "interval":
                    lo, hi = (_integer(x, file, ln) for x in re.split(r"\s*\.\.\s*", v))
                    choices.append(range(lo, hi + 1))
                else:
                    raise err(f"bad argument {v!r} in {name}(...)", ln)
                tok = sc.token()
                if tok is None:
                    raise err(f"unterminated fact {name}(...", line)
                k, v, ln = tok
                if k == "comma":
                    continue
                if k == "rpar":
                    break
                raise err(f"expected ',' or ')' in {name}(...), found {v!r}", ln)
            tok = sc.token()
        if tok is None or tok[0] != "dot":
            found = tok[1] if tok is not None else "end of file"
            if found == ":":
                raise err("rules are not accepted here, only ground facts", line)
            raise err(f"expected '.' after {name}, found {found!r}", tok[2] if tok is not None else line)
        count = 1
        for c in choices:
            count *= len(c)
        if len(facts) + count > max_facts:
            raise too_many(name, count, line)
        for args in itertools.product(*choices):
            facts.append(Fact(name, tuple(args), line))
    return facts


def format_term(term: Term) -> str:
    """Write a term as clingo would: integers and constants bare, other strings quoted."""
    if isinstance(term, int):
        return str(term)
    if re.fullmatch(r"[a-z_][A-Za-z0-9_']*", term):
        return term
    return '"' + term.replace("\\", "\\\\").replace('"', '\\"') + '"'


def format_fact(name: str, *args: Term) -> str:
    """``format_fact("push", 1, "w", 1) == "push(1,w,1)."``"""
    if not args:
        return f"{name}."
    return f"{name}({','.join(format_term(a) for a in args)})."


def group_facts(facts: Iterable[Fact]) -> dict[tuple[str, int], list[Fact]]:
    """Group facts by (name, arity)."""
    out: dict[tuple[str, int], list[Fact]] = {}
    for f in facts:
        out.setdefault((f.name, len(f.args)), []).append(f)
    return out
