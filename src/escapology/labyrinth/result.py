"""The answer of a Labyrinth solver: status, plan (the certificate), optimality and lower bound."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from escapology.core.protocol import Result
from escapology.core.results import Status
from escapology.labyrinth.model import Plan, Push, plan_facts


@dataclass
class SolveResult(Result[Plan]):
    """What a solver found.

    ``status`` is ``solved`` (``plan`` is valid), ``unsolvable`` (proven: no plan within
    ``max_steps``) or ``unknown`` (a limit was reached before any plan was found).
    ``lower_bound`` is proven: every plan has at least that many pushes. ``optimal`` holds when
    ``len(plan) == lower_bound``.
    """

    status: Status
    plan: list[Push] | None
    optimal: bool
    lower_bound: int
    stats: dict[str, Any] = field(default_factory=dict)

    @property
    def pushes(self) -> int | None:
        return None if self.plan is None else len(self.plan)

    @property
    def certificate(self) -> Plan | None:
        """The plan as the game's certificate (``None`` unless solved)."""
        return Plan(tuple(self.plan or ())) if self.status is Status.SOLVED else None

    def to_json(self) -> dict[str, Any]:
        """The JSON object of ``escapology labyrinth solve --format json``: ``certificate`` is
        :meth:`Plan.to_json <escapology.labyrinth.model.Plan.to_json>` (``None`` unless solved);
        ``pushes`` is its documented alias, the key of the first versions (the pushes found so far,
        ``[]`` when there are none)."""
        pushes = Plan(tuple(self.plan or ())).to_json()
        return {
            "status": self.status.value,
            "pushes": pushes,
            "optimal": self.optimal,
            "lower_bound": self.lower_bound,
            "stats": self.stats,
            "certificate": pushes if self.status is Status.SOLVED else None,
        }

    def to_text(self) -> str:
        """What ``solve`` prints: the plan as push facts (what ``check`` reads), or why there is
        none (``unknown: ...`` names the proven lower bound)."""
        if self.status is Status.UNKNOWN:
            return f"unknown: every plan has at least {self.lower_bound} pushes"
        if self.status is Status.UNSOLVABLE:
            return "% unsolvable: no plan within max_steps (proven)"
        return self.facts() if self.plan else "% the avatar starts on the goal: no push needed"

    def note(self) -> str | None:
        """The line ``solve`` writes on standard error: the length and whether it is proven."""
        if self.status is not Status.SOLVED:
            return None
        proven = "proven minimum" if self.optimal else f"not proven minimal (lower bound {self.lower_bound})"
        return f"% {len(self.plan or [])} pushes, {proven}; {self.stats.get('seconds', 0)} s"

    def facts(self) -> str:
        """The plan as push facts, as the problem page writes solutions."""
        return plan_facts(self.plan or [])
