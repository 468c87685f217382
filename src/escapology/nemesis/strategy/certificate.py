"""The certificates of Nemesis, Blizzard and Cat Herding as typed objects (``Result.certificate``).

:data:`Certificate` is what ``solve`` proves its answer with, one of:

- :class:`~escapology.nemesis.strategy.document.Strategy`: the winner's strategy document
  (Nemesis and Blizzard, either player);
- :class:`CatCertificate`: Cat Herding's value from the start with the herder's and the cat's
  strategies (:class:`HerdingStrategy`), the two bounds;
- :class:`HerderBound`: Cat Herding's upper bound alone, the herder's strategy (``solve --exceeds K``
  answering no: the value is at most ``value_at_most <= K``);
- :class:`TrapRegion`: Blizzard's trap region, the Storm's win by the linear method.

Each is a frozen dataclass whose ``to_json()`` is the JSON object ``solve --format json`` writes
under ``certificate`` (and its older key: ``strategy`` for a strategy, ``certificate`` itself for
Cat Herding, ``trap_region`` for the region's vertices) and whose ``from_json`` reads it back
(a :class:`ValueError` saying what is wrong). Their lists (nodes, vertices) are held as they are,
not copied. :func:`certificate_from_json` reads any of them.

>>> cert = certificate_from_json({"value": 1, "start": "s", "herder": {"root": 0, "nodes": [
...     {"cat": "s", "delete": ["s", "a"], "after": {}}]}, "cat": {"root": 0, "nodes": [
...     {"cat": "s", "replies": [{"delete": ["s", "a"], "move": None, "then": None}]}]}})
>>> type(cert).__name__, cert.value, cert.herder.root, len(cert.cat.nodes)
('CatCertificate', 1, 0, 1)
>>> CatCertificate.from_json(cert.to_json()) == cert
True
>>> certificate_from_json({"trap_region": ["a", "b"]})
TrapRegion(vertices=['a', 'b'])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from escapology.nemesis.strategy.document import Strategy

__all__ = ["Certificate", "CERTIFICATES", "CatCertificate", "HerderBound", "HerdingStrategy", "Strategy", "TrapRegion",
           "certificate_from_json", "json_of"]


def _node_number(value: Any) -> bool:
    return value is None or isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class HerdingStrategy:
    """One side's strategy in a Cat Herding certificate, the herder's or the cat's: a flat node
    list (a DAG; nodes refer to one another by index) and the root's index (``None`` when the cat
    is isolated from the start). The nodes' shapes are :func:`escapology.nemesis.engines.cat.cat_certificate`'s;
    the checker (:mod:`escapology.nemesis.checkers.cat`) judges them.

    >>> HerdingStrategy.from_json({"root": 0, "nodes": [{"cat": "s", "delete": ["s", "a"], "after": {}}]}).to_json()
    {'root': 0, 'nodes': [{'cat': 's', 'delete': ['s', 'a'], 'after': {}}]}
    >>> HerdingStrategy.from_json({"nodes": []}, "herder")
    Traceback (most recent call last):
    ...
    ValueError: the herder strategy is {"root": node number, "nodes": [...]}
    """

    root: int | None
    nodes: list[dict[str, Any]] = field(hash=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        """``{"root": r, "nodes": [...]}``."""
        return {"root": self.root, "nodes": self.nodes}

    @classmethod
    def from_json(cls, data: Any, side: str = "herding") -> "HerdingStrategy":
        """The strategy ``{"root", "nodes"}`` (``side`` names it in the error)."""
        if not (isinstance(data, dict) and "root" in data and _node_number(data["root"])
                and isinstance(data.get("nodes"), list)):
            raise ValueError(f'the {side} strategy is {{"root": node number, "nodes": [...]}}')
        return cls(data["root"], data["nodes"])


@dataclass(frozen=True)
class CatCertificate:
    """Cat Herding's certificate from the start (the Cat-and-Herder certificate): the ``value``
    (deletions until the cat is isolated), the ``herder``'s strategy that isolates it within
    ``value`` deletions (the upper bound) and the ``cat``'s that survives ``value`` deletions (the
    lower bound); ``start`` is the vertex they are played from (``None``: not named).

    >>> CatCertificate.from_json({"value": "2", "herder": {"root": None, "nodes": []}})
    Traceback (most recent call last):
    ...
    ValueError: a Cat Herding certificate holds an integer value, herder and cat
    """

    value: int
    herder: HerdingStrategy
    cat: HerdingStrategy
    start: str | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"value", "start", "herder", "cat"}`` (``start`` when named), what ``solve --game cat``
        writes under ``certificate``."""
        head: dict[str, Any] = {"value": self.value}
        if self.start is not None:
            head["start"] = self.start
        return {**head, "herder": self.herder.to_json(), "cat": self.cat.to_json()}

    @classmethod
    def from_json(cls, data: Any) -> "CatCertificate":
        """The certificate ``{"value", "start"?, "herder", "cat"}`` (:class:`ValueError` when it is not one)."""
        if (not isinstance(data, dict) or not isinstance(data.get("value"), int) or isinstance(data["value"], bool)
                or "herder" not in data or "cat" not in data):
            raise ValueError("a Cat Herding certificate holds an integer value, herder and cat")
        start = data.get("start")
        if start is not None and not isinstance(start, str):
            raise ValueError(f"the certificate's start is a vertex name, not {start!r}")
        return cls(data["value"], HerdingStrategy.from_json(data["herder"], "herder"),
                   HerdingStrategy.from_json(data["cat"], "cat"), start)


@dataclass(frozen=True)
class HerderBound:
    """Cat Herding's upper bound from the start (cat of speed 1): the ``herder``'s strategy
    isolates the cat within ``value_at_most`` deletions whatever it does. It is the certificate of
    ``solve --exceeds K`` answering no (``value_at_most <= K``: the value is not more than ``K``);
    a yes has none (it rests on the clique lemma, :mod:`escapology.nemesis.engines.cat_threshold`).
    The checker is :func:`escapology.nemesis.checkers.cat.check_herder`.

    >>> b = HerderBound.from_json({"value_at_most": 1, "start": "s", "herder": {"root": 0, "nodes": [
    ...     {"cat": "s", "delete": ["s", "a"], "after": {}}]}})
    >>> b.value_at_most, b.herder.root, HerderBound.from_json(b.to_json()) == b
    (1, 0, True)
    >>> HerderBound.from_json({"value_at_most": True, "herder": {"root": None, "nodes": []}})
    Traceback (most recent call last):
    ...
    ValueError: a Cat Herding upper bound holds an integer value_at_most and herder
    """

    value_at_most: int
    herder: HerdingStrategy
    start: str | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"value_at_most", "start", "herder"}`` (``start`` when named), what ``solve --exceeds K``
        writes under ``certificate``."""
        head: dict[str, Any] = {"value_at_most": self.value_at_most}
        if self.start is not None:
            head["start"] = self.start
        return {**head, "herder": self.herder.to_json()}

    @classmethod
    def from_json(cls, data: Any) -> "HerderBound":
        """The bound ``{"value_at_most", "start"?, "herder"}`` (:class:`ValueError` when it is not one)."""
        if (not isinstance(data, dict) or not isinstance(data.get("value_at_most"), int)
                or isinstance(data["value_at_most"], bool) or "herder" not in data):
            raise ValueError("a Cat Herding upper bound holds an integer value_at_most and herder")
        start = data.get("start")
        if start is not None and not isinstance(start, str):
            raise ValueError(f"the certificate's start is a vertex name, not {start!r}")
        return cls(data["value_at_most"], HerdingStrategy.from_json(data["herder"], "herder"), start)


@dataclass(frozen=True)
class TrapRegion:
    """Blizzard's trap region, the certificate of the Storm's win by the linear method (Theorem
    13): non-exit vertices holding every neighbour of the start, each with at most one edge copy
    leaving the region (the checker verifies both).

    >>> TrapRegion.from_json({"trap_region": ["a", 3]})
    Traceback (most recent call last):
    ...
    ValueError: a trap region is {"trap_region": [vertex names]}
    """

    vertices: list[str] = field(hash=False)

    def to_json(self) -> dict[str, Any]:
        """``{"trap_region": [vertices]}``."""
        return {"trap_region": self.vertices}

    @classmethod
    def from_json(cls, data: Any) -> "TrapRegion":
        """The region ``{"trap_region": [names]}`` (:class:`ValueError` when it is not one)."""
        vertices = data.get("trap_region") if isinstance(data, dict) else None
        if not isinstance(vertices, list) or not all(isinstance(v, str) for v in vertices):
            raise ValueError('a trap region is {"trap_region": [vertex names]}')
        return cls(vertices)


#: What Nemesis' ``solve`` proves its answer with (``Result.certificate``).
Certificate = Strategy | CatCertificate | HerderBound | TrapRegion
#: The certificate types, for ``isinstance``.
CERTIFICATES = (Strategy, CatCertificate, HerderBound, TrapRegion)


def certificate_from_json(data: Any, start: str | None = None) -> Certificate:
    """The certificate a JSON object holds: a Cat Herding upper bound (``value_at_most``), a Cat
    Herding certificate (``herder``), a trap region (``trap_region``), else a strategy
    (:meth:`Strategy.from_json`, with ``start`` for a fugitive's tree of the earlier format); a
    :class:`ValueError` says what is wrong."""
    if isinstance(data, CERTIFICATES):
        return data
    if isinstance(data, dict) and "value_at_most" in data:
        return HerderBound.from_json(data)
    if isinstance(data, dict) and "herder" in data:
        return CatCertificate.from_json(data)
    if isinstance(data, dict) and "trap_region" in data:
        return TrapRegion.from_json(data)
    return Strategy.from_json(data, start)


def json_of(obj: Any) -> Any:
    """``obj.to_json()`` for a :data:`Certificate`, else ``obj`` itself (what the checkers and the
    drawing read: JSON objects)."""
    return obj.to_json() if isinstance(obj, CERTIFICATES) else obj
