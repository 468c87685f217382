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
from typing import Iterable, Iterator

from escapology.core.errors import InputError

Term = int | str


@dataclass(frozen=True, slots=True)
class Fact:
    """One ground fact with the line it starts on (1-based)."""

    name: str
    args: tuple[Term, ...]
    line: int

    def __str__(self) -> str:
        return format_fact(self.name, *self.args)


_TOKEN = re.compile(
    r"""
    (?P<ws>[ \t\r\f\v]+)
  | (?P<nl>\n)
  | (?P<block>%\*.*?\*%)
  | (?P<comment>%[^\n]*)
  | (?P<interval>-?\d+\s*\.\.\s*-?\d+)
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


def _tokens(text: str) -> Iterator[tuple[str, str, int]]:
    line = 1
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup
        value = m.group()
        if kind == "nl":
            line += 1
            continue
        if kind in ("ws", "comment"):
            continue
        if kind == "block":
            line += value.count("\n")
            continue
        yield kind, value, line  # type: ignore[misc]
        line += value.count("\n")


def parse_facts(text: str, *, file: str | None = None) -> list[Fact]:
    """Parse ``text`` into ground facts, raising :class:`InputError` with the line of a mistake."""
    facts: list[Fact] = []
    toks = list(_tokens(text))
    i = 0
    n = len(toks)

    def err(message: str, line: int) -> InputError:
        return InputError(message, file=file, line=line)

    while i < n:
        kind, value, line = toks[i]
        if kind != "const":
            if value == ":" or value == "-":
                raise err("rules are not accepted here, only ground facts", line)
            raise err(f"expected a fact name, found {value!r}", line)
        name = value
        i += 1
        choices: list[list[Term]] = []
        if i < n and toks[i][0] == "lpar":
            i += 1
            while True:
                if i >= n:
                    raise err(f"unterminated fact {name}(...", line)
                k, v, ln = toks[i]
                if k == "int":
                    choices.append([int(v)])
                elif k == "const":
                    choices.append([v])
                elif k == "string":
                    choices.append([bytes(v[1:-1], "utf-8").decode("unicode_escape")])
                elif k == "interval":
                    lo, hi = (int(x) for x in v.replace(" ", "").split(".."))
                    choices.append(list(range(lo, hi + 1)))
                else:
                    raise err(f"bad argument {v!r} in {name}(...)", ln)
                i += 1
                if i >= n:
                    raise err(f"unterminated fact {name}(...", line)
                k, v, ln = toks[i]
                i += 1
                if k == "comma":
                    continue
                if k == "rpar":
                    break
                raise err(f"expected ',' or ')' in {name}(...), found {v!r}", ln)
        if i >= n or toks[i][0] != "dot":
            found = toks[i][1] if i < n else "end of file"
            if found in (":-", ":"):
                raise err("rules are not accepted here, only ground facts", line)
            raise err(f"expected '.' after {name}, found {found!r}", toks[i][2] if i < n else line)
        i += 1
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
