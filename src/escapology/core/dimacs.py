"""DIMACS CNF and QDIMACS, the formulas every reduction of ``escapology reduce`` reads, and the plain
evaluators the tests and benchmarks compare the games' answers with.

:func:`read_dimacs` and :func:`read_qdimacs` check sizes before they allocate and name the line of
every error (:class:`~escapology.core.errors.InputError`, exit 2 on the command line).
:func:`satisfiable` (every assignment) and :func:`qbf_true` (the quantifier prefix, branch by branch)
are the independent truth of a formula: exponential, for the small formulas a reduction is checked on.

>>> n, clauses = read_dimacs("p cnf 2 2\\n1 -2 0\\n2 0\\n")
>>> satisfiable(n, clauses)
True
>>> qbf_true(read_qdimacs("p cnf 2 2\\na 1 0\\ne 2 0\\n1 2 0\\n-1 -2 0\\n"))
True
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Iterable, Sequence

from escapology.core.errors import InputError

#: The most variables and clauses of a DIMACS CNF formula.
MAX_CNF_VARIABLES = 100_000
MAX_CNF_CLAUSES = 1_000_000


def read_dimacs(text: str, *, file: str | None = None) -> tuple[int, list[list[int]]]:
    """Parse DIMACS CNF: ``(number of variables, clauses)``; errors name the line.

    >>> read_dimacs("c demo\\np cnf 2 2\\n1 -2 0\\n2 0\\n")
    (2, [[1, -2], [2]])
    """
    nvars: int | None = None
    nclauses = 0
    clauses: list[list[int]] = []
    current: list[int] = []
    for ln, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if not s or s.startswith("c") or s.startswith("%"):
            if s.startswith("%"):
                break
            continue
        if s.startswith("p"):
            parts = s.split()
            if len(parts) != 4 or parts[1] != "cnf" or not parts[2].isdigit() or not parts[3].isdigit():
                raise InputError("bad header: expected 'p cnf VARIABLES CLAUSES'", file=file, line=ln)
            if nvars is not None:
                raise InputError("a second 'p cnf' header", file=file, line=ln)
            if len(parts[2]) > 9 or int(parts[2]) > MAX_CNF_VARIABLES:
                raise InputError(f"{parts[2][:12]} variables: the limit is {MAX_CNF_VARIABLES}", file=file, line=ln)
            if len(parts[3]) > 9 or int(parts[3]) > MAX_CNF_CLAUSES:
                raise InputError(f"{parts[3][:12]} clauses: the limit is {MAX_CNF_CLAUSES}", file=file, line=ln)
            nvars, nclauses = int(parts[2]), int(parts[3])
            continue
        if nvars is None:
            raise InputError("clauses before the 'p cnf' header", file=file, line=ln)
        for tok in s.split():
            try:
                lit = int(tok)
            except ValueError:
                raise InputError(f"bad literal {tok!r}", file=file, line=ln) from None
            if abs(lit) > nvars:
                raise InputError(f"literal {lit} exceeds the {nvars} variables of the header", file=file, line=ln)
            if lit == 0:
                clauses.append(current)
                current = []
                if len(clauses) > nclauses:
                    raise InputError(f"more clauses than the {nclauses} the header announces", file=file, line=ln)
            else:
                current.append(lit)
    if nvars is None:
        raise InputError("no 'p cnf' header", file=file)
    if current:
        clauses.append(current)
    if len(clauses) != nclauses:
        raise InputError(f"the header announces {nclauses} clauses, the file has {len(clauses)}", file=file)
    if any(not c for c in clauses):
        raise InputError("an empty clause: the formula is trivially unsatisfiable", file=file)
    return nvars, clauses


@dataclass(frozen=True)
class QBF:
    """A prenex QBF in CNF as QDIMACS writes it: ``prefix`` lists the quantifier blocks in order as
    ``(quantifier, variables, line)`` (``"e"`` exists, ``"a"`` for all; ``line`` for messages)."""

    nvars: int
    prefix: tuple[tuple[str, tuple[int, ...], int], ...]
    clauses: tuple[tuple[int, ...], ...]


def read_qdimacs(text: str, *, file: str | None = None) -> QBF:
    """Parse QDIMACS: the ``p cnf`` header, quantifier lines ``e …0`` / ``a …0`` before the clauses,
    then the clauses (read as DIMACS CNF by :func:`read_dimacs`); errors name the line. A variable
    may be quantified once; no quantifier line may follow a clause.

    >>> q = read_qdimacs("p cnf 3 1\\ne 1 0\\na 2 0\\ne 3 0\\n1 -2 3 0\\n")
    >>> q.prefix, q.clauses
    ((('e', (1,), 2), ('a', (2,), 3), ('e', (3,), 4)), ((1, -2, 3),))
    """
    lines = text.splitlines()
    header = False
    seen: dict[int, int] = {}
    prefix: list[tuple[str, tuple[int, ...], int]] = []
    body = False
    for ln, line in enumerate(lines, 1):
        s = line.strip()
        if not s or s.startswith("c"):
            continue
        if s.startswith("%"):
            break
        if s.startswith("p"):
            header = True
            nvars = s.split()[2] if len(s.split()) > 2 else ""
            continue
        if s[0] not in "ea":
            body = True
            continue
        if not header:
            raise InputError("a quantifier line before the 'p cnf' header", file=file, line=ln)
        if body:
            raise InputError("a quantifier line after the clauses began (QDIMACS puts the prefix first)",
                             file=file, line=ln)
        tokens = s.split()
        if tokens[0] not in ("e", "a"):
            raise InputError(f"bad quantifier {tokens[0]!r}: expected 'e' or 'a'", file=file, line=ln)
        if tokens[-1] != "0":
            raise InputError("a quantifier line must end with 0", file=file, line=ln)
        block = []
        for tok in tokens[1:-1]:
            if not tok.isdigit() or tok == "0":
                raise InputError(f"bad variable {tok!r} in the quantifier line", file=file, line=ln)
            v = int(tok)
            if nvars.isdigit() and v > int(nvars):
                raise InputError(f"variable {v} exceeds the {nvars} variables of the header", file=file, line=ln)
            if v in seen:
                raise InputError(f"variable {v} is quantified twice (first on line {seen[v]})", file=file, line=ln)
            seen[v] = ln
            block.append(v)
        if not block:
            raise InputError("an empty quantifier line", file=file, line=ln)
        prefix.append((tokens[0], tuple(block), ln))
        lines[ln - 1] = ""  # the clause reader sees a blank line (so its line numbers stay right)
    n, clauses = read_dimacs("\n".join(lines), file=file)
    return QBF(n, tuple(prefix), tuple(tuple(c) for c in clauses))


def check_clauses(nvars: int, clauses: Iterable[Sequence[int]]) -> None:
    """Refuse (:class:`InputError`) what no reduction can build a gadget for: an empty clause, or
    a literal that is not a variable ``1..nvars`` (the reductions of every game check their
    formula with this).

    >>> check_clauses(2, [[1, -2], []])
    Traceback (most recent call last):
    ...
    escapology.core.errors.InputError: clause 2 is empty (the formula is unsatisfiable; no gadget can express it)
    """
    for j, c in enumerate(clauses, 1):
        if not c:
            raise InputError(f"clause {j} is empty (the formula is unsatisfiable; no gadget can express it)")
        for lit in c:
            if lit == 0 or abs(lit) > nvars:
                raise InputError(f"clause {j}: literal {lit} is not a variable 1..{nvars}")


def satisfiable(nvars: int, clauses: list[list[int]] | tuple[tuple[int, ...], ...]) -> bool:
    """Whether some assignment of ``1..nvars`` satisfies every clause (tries them all: small ``nvars``)."""
    for values in product((False, True), repeat=nvars):
        if all(any(values[abs(lit) - 1] == (lit > 0) for lit in c) for c in clauses):
            return True
    return False


def qbf_true(qbf: QBF) -> bool:
    """The truth of a prenex QBF by plain recursion over its variables in prefix order (variables
    the prefix leaves free are existential and outermost, the QDIMACS convention)."""
    quantified = [v for _, block, _ in qbf.prefix for v in block]
    free = [v for v in range(1, qbf.nvars + 1) if v not in set(quantified)]
    order = [("e", v) for v in free] + [(q, v) for q, block, _ in qbf.prefix for v in block]
    clauses = [list(c) for c in qbf.clauses]

    def value(i: int, assignment: dict[int, bool]) -> bool:
        if i == len(order):
            return all(any(assignment.get(abs(lit), False) == (lit > 0) for lit in c) for c in clauses)
        q, v = order[i]
        branches = (value(i + 1, {**assignment, v: b}) for b in (False, True))
        return any(branches) if q == "e" else all(branches)

    return value(0, {})
