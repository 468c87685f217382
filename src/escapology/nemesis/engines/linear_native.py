"""The linear methods on graphs of millions of vertices, natively: decide and write the strategy.

The Rust engine (``escapology._native.NemesisGraph``, crate module ``nemesis::linear``) runs the
algorithms of :mod:`escapology.nemesis.engines.linear` step for step on a graph read natively
(:mod:`escapology.nemesis.native_instance`) — Lemma 11 on trees, Lemma 12 on graphs of maximum
degree 3, Theorem 13 for Blizzard — writing the winner's strategy document straight to JSON text.
The documents are the very ones the Python reference writes (the tests compare them on random
graphs); the Python checker (:mod:`escapology.nemesis.checkers.check`) verifies them on its own path.

>>> from escapology.nemesis.native_instance import read_text
>>> ng = read_text("edge(s,a). edge(a,x). edge(a,y). exit(x). exit(y). start(s).")
>>> answer = solve(ng, "nemesis")
>>> answer.winner, answer.nodes, answer.principal_line
('fugitive', 4, ['a', 'x'])
>>> import io
>>> out = io.BytesIO(); answer.write_json(out); out.getvalue()[:60]
b'{"game": "nemesis", "start": "s", "winner": "fugitive", "str'
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, BinaryIO

from escapology.core.errors import InputError


class RawJson(bytes):
    """JSON text (UTF-8) written as it is by :meth:`LinearAnswer.write_json`."""


@dataclass
class LinearAnswer:
    """The answer of a linear method: ``answer`` is the object ``solve --format json`` writes (as
    :func:`escapology.nemesis.api.solve`'s ``Result.answer``), its strategy, escape tree, winning
    set and trap region kept as JSON text (:class:`RawJson`) until they are written or parsed."""

    answer: dict[str, Any]
    nodes: int
    principal_line: list[str]

    @property
    def winner(self) -> str:
        return self.answer["winner"]

    def certificate(self) -> Any:
        """What ``Result.certificate`` is: the strategy, else the trap region, else None."""
        if self.answer.get("strategy") is not None:
            return self.answer["strategy"]
        if self.answer.get("trap_region") is not None:
            return RawJson(b'{"trap_region": ' + self.answer["trap_region"] + b"}")
        return None

    def to_json(self) -> dict[str, Any]:
        """``Result.to_json()``: the answer with ``status`` and ``certificate``."""
        return {**self.answer, "status": "solved", "certificate": self.certificate()}

    def parsed(self) -> dict[str, Any]:
        """The answer with every JSON text parsed (the dict :func:`api.solve` returns)."""
        return {k: json.loads(v) if isinstance(v, RawJson) else v for k, v in self.answer.items()}

    def write_json(self, out: BinaryIO) -> None:
        """Write :meth:`to_json` as one line of UTF-8 (what
        :func:`escapology.nemesis.strategy.document.write_json` writes), the JSON texts as they are (the
        strategy, written twice, is encoded once)."""
        out.write(b"{")
        for i, (key, value) in enumerate(self.to_json().items()):
            head = (", " if i else "") + json.dumps(key) + ": "
            if isinstance(value, RawJson):
                out.write(head.encode())
                out.write(value)
            else:
                out.write((head + json.dumps(value, ensure_ascii=False)).encode())
        out.write(b"}\n")


def solve(ng: Any, game: str, *, start: int | None = None) -> LinearAnswer:
    """The linear method of ``game`` (``nemesis``: Lemma 11 on trees, else Lemma 12 on maximum
    degree 3; ``blizzard``: Theorem 13) from ``start`` (default: the graph's). The answer's keys
    are those of :func:`escapology.nemesis.api.solve` with ``engine="linear"``. A Nemesis graph
    that is neither a tree nor of maximum degree 3 is an :class:`InputError`."""
    try:
        raw = ng.solve_linear(game == "blizzard", start)
    except ValueError as exc:
        if str(exc) == "no start vertex":
            raise InputError("no start vertex: add a start(V). fact or use --start") from None
        raise InputError("--engine linear needs a tree or a graph of maximum degree 3 (or --game blizzard)") from None
    s = ng.start if start is None else start
    answer: dict[str, Any] = {"game": game, "start": ng.name(s), "winner": raw["winner"],
                              "strategy": None if raw["strategy"] is None else RawJson(raw["strategy"]),
                              "method": raw["method"]}
    if game == "blizzard":
        answer["winning_set"] = RawJson(raw["winning_set"])
        if raw["trap_region"] is not None:
            answer["trap_region"] = RawJson(raw["trap_region"])
    elif raw["method"].startswith("Lemma 12"):
        if raw["escape_tree"] is not None:
            answer["escape_tree"] = RawJson(raw["escape_tree"])
        else:
            answer["strategy_note"] = ("the linear method gives no Nemesis strategy on graphs of maximum degree 3; "
                                       "--engine exact writes one")
    return LinearAnswer(answer, raw.get("nodes", 0), raw.get("principal_line", []))
