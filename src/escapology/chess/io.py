"""Reading and writing teleport-chess instances.

The format is plain text: line 1 the board size ``n``; line 2 ``ax ay bx by`` (Alice's and Bob's
fields); then ``n`` lines ``dx dy``, the move vectors. Comment lines starting with ``#`` may come
before line 1 (``escapology chess generate`` writes the command that made the file there); blank
lines at the end and ``\\r\\n`` line endings are accepted; everything else that deviates is an
:class:`~escapology.core.errors.InputError` naming the line (counted in the file, comments included).

>>> inst = parse_instance("3\\n1 1 3 3\\n1 1\\n0 1\\n1 0\\n")
>>> inst.n, inst.alice, inst.bob, inst.vectors
(3, (1, 1), (3, 3), ((1, 1), (0, 1), (1, 0)))
>>> parse_instance("3\\n1 1 1 1\\n1 1\\n0 1\\n1 0\\n", file="x.txt")
Traceback (most recent call last):
...
escapology.core.errors.InputError: x.txt:2: Alice and Bob stand on the same field (1, 1)
>>> format_instance(inst) == "3\\n1 1 3 3\\n1 1\\n0 1\\n1 0\\n"
True
"""

from __future__ import annotations

import gc
import re
import warnings
from pathlib import Path

import numpy as np

from escapology.core.errors import InputError
from escapology.chess.model import MAX_N, MIN_N, Instance, field_name

_INT = r"[+-]?[0-9]+"
_INT_TOKEN = re.compile(_INT)
_VECTOR_LINE = re.compile(rf"[ \t]*{_INT}[ \t]+{_INT}[ \t]*")
_SMALL = r"[+-]?[0-9]{1,18}"  # fits in int64
_SMALL_VECTOR_LINE = re.compile(rf"[ \t]*{_SMALL}[ \t]+{_SMALL}[ \t]*")
_FIRST = re.compile(rf"[ \t]*({_INT})[ \t]*")
_SECOND = re.compile(rf"[ \t]*{_INT}[ \t]+{_INT}[ \t]+{_INT}[ \t]+{_INT}[ \t]*")


def _lines(text: str) -> list[str]:
    if text.startswith("\ufeff"):  # a byte-order mark some editors write
        text = text[1:]
    lines = text.split("\n")
    if "\r" in text:
        lines = [ln[:-1] if ln.endswith("\r") else ln for ln in lines]
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


def _leading_comments(lines: list[str]) -> int:
    """How many lines at the top are ``#`` comments."""
    k = 0
    while k < len(lines) and lines[k].lstrip().startswith("#"):
        k += 1
    return k


#: Integers (size, fields, vector components) have at most this many digits (huge vectors are
#: accepted and unusable; Python itself refuses to read integers of more than 4300 digits).
MAX_DIGITS = 1000


def _ints(line: str, count: int, what: str, lineno: int, file: str | None) -> list[int]:
    tokens = line.split()
    for tok in tokens:
        if not _INT_TOKEN.fullmatch(tok):
            raise InputError(f"{tok[:40]!r} is not an integer (expected {what})", file=file, line=lineno)
        if len(tok.lstrip("+-")) > MAX_DIGITS:
            raise InputError(f"the integer {tok[:12]}... has {len(tok.lstrip('+-'))} digits; the limit is "
                             f"{MAX_DIGITS} (expected {what})", file=file, line=lineno)
    if len(tokens) != count:
        found = "nothing" if not tokens else f"{len(tokens)} integer{'s' * (len(tokens) != 1)}"
        raise InputError(
            f"expected {count} integer{'s' * (count != 1)} ({what}), found {found}", file=file, line=lineno
        )
    return [int(t) for t in tokens]


def parse_instance(text: str, *, file: str | None = None) -> Instance:
    """Parse the text format into an :class:`Instance`, with an exact error for every mistake.

    Errors (each with its line): a missing or non-integer size, ``n`` outside
    ``2..100000``, a second line without exactly four integers, Alice's or Bob's field off the board,
    both on one field, a vector line without exactly two integers, fewer or more than ``n`` vector
    lines.
    """
    lines = _lines(text)
    skip = _leading_comments(lines)  # line numbers in errors count these too
    lines = lines[skip:]
    if not lines:
        raise InputError("empty input: expected the board size n on line 1", file=file, line=skip + 1)
    m = _FIRST.fullmatch(lines[0])
    if m is None:
        _ints(lines[0], 1, "the board size n", skip + 1, file)  # raises with the precise complaint
    (n,) = _ints(lines[0], 1, "the board size n", skip + 1, file)
    if not MIN_N <= n <= MAX_N:
        raise InputError(f"board size n = {n} is outside {MIN_N}..{MAX_N}", file=file, line=skip + 1)
    if len(lines) < 2:
        raise InputError("missing line 2 'ax ay bx by' (Alice's and Bob's fields)", file=file, line=skip + 2)
    ax, ay, bx, by = _ints(lines[1], 4, "ax ay bx by", skip + 2, file)
    alice, bob = (ax, ay), (bx, by)
    for who, f in (("Alice", alice), ("Bob", bob)):
        if not (1 <= f[0] <= n and 1 <= f[1] <= n):
            raise InputError(
                f"{who}'s field {field_name(f)} is off the {n} x {n} board (coordinates run from 1 to {n})",
                file=file,
                line=skip + 2,
            )
    if alice == bob:
        raise InputError(f"Alice and Bob stand on the same field {field_name(alice)}", file=file, line=skip + 2)
    body = lines[2:]
    head = body[:n]
    if all(map(_SMALL_VECTOR_LINE.fullmatch, head)):
        fast = True
    else:
        for i, line in enumerate(head):
            _ints(line, 2, "dx dy", skip + i + 3, file)  # raises with the precise complaint
        fast = False
    if len(body) < n:
        raise InputError(
            f"expected n = {n} vector lines 'dx dy', found {len(body)}", file=file, line=skip + len(lines) + 1
        )
    if len(body) > n:
        raise InputError(
            f"extra line after the n = {n} vector lines (expected the file to end)",
            file=file,
            line=skip + n + 3,
        )
    raw = None
    if fast:
        # Every component fits in int64: numpy reads them all in one C loop.
        raw = np.fromstring(" ".join(body), dtype=np.int64, sep=" ").reshape(-1, 2)
        values = raw.ravel().tolist()
    else:
        values = list(map(int, " ".join(body).split()))
    gc_was_on = gc.isenabled()
    gc.disable()  # a hundred thousand small tuples would trigger many useless collections
    try:
        vectors = tuple(zip(values[0::2], values[1::2]))
    finally:
        if gc_was_on:
            gc.enable()
    inst = Instance(n, alice, bob, vectors)
    if raw is not None:
        inst._cache["raw_array"] = raw
    return inst


def read_instance(path: str | Path) -> Instance:
    """Read an instance from a file (``-`` for standard input).

    Deprecated: use :func:`escapology.chess.load` (paths, ``-`` and text alike).
    """

    from escapology.core.cli_support import read_input  # cli_support imports typer: only this deprecated reader

    warnings.warn("read_instance is deprecated: use escapology.chess.load", DeprecationWarning, stacklevel=2)

    text, name = read_input(path)
    return parse_instance(text, file=name)


def format_instance(inst: Instance) -> str:
    """Write an instance in the text format (the inverse of :func:`parse_instance`)."""
    head = [str(inst.n), f"{inst.alice[0]} {inst.alice[1]} {inst.bob[0]} {inst.bob[1]}"]
    return "\n".join(head + [f"{dx} {dy}" for dx, dy in inst.vectors]) + "\n"


def detect(text: str) -> bool:
    """True iff ``text`` is a teleport-chess instance: a line with one integer ``n``, a line of four
    integers, then exactly ``n`` lines of two integers.

    >>> detect("2\\n1 1 2 2\\n1 0\\n0 1\\n"), detect("edge(1,2).\\n")
    (True, False)
    """
    lines = _lines(text)
    lines = lines[_leading_comments(lines):]
    if len(lines) < 2:
        return False
    m = _FIRST.fullmatch(lines[0])
    if m is None or not _SECOND.fullmatch(lines[1]):
        return False
    if len(m.group(1)) > 12:
        return False
    n = int(m.group(1))
    if not MIN_N <= n <= MAX_N or len(lines) != n + 2:
        return False
    return all(map(_VECTOR_LINE.fullmatch, lines[2:]))
