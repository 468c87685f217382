"""The answer of a Labyrinth solver: status, plan (the certificate), optimality and lower bound."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from escapology.core.pictures import DrawnResult
from escapology.core.protocol import Result
from escapology.core.results import Status
from escapology.core.wording import plural
from escapology.labyrinth.model import Instance, Plan, Push, plan_facts

#: What ``solve`` is asked for: the plan with the fewest pushes (proven), or any plan within
#: ``max_steps`` (the ASP Competition's decision task)
GOALS = ("fewest", "any")


def check_goal(goal: str) -> str:
    """``goal`` if it is one of :data:`GOALS`, else :class:`ValueError`.

    >>> check_goal("any")
    'any'
    """
    if goal not in GOALS:
        raise ValueError(f"goal must be one of {', '.join(GOALS)}, not {goal!r}")
    return goal


@dataclass
class SolveResult(Result[Plan], DrawnResult):
    """What a solver found.

    ``status`` is ``solved`` (``plan`` is valid), ``unsolvable`` (proven: no plan within
    ``max_steps``) or ``unknown`` (a limit was reached before any plan was found).
    ``lower_bound`` is proven: every plan has at least that many pushes. ``optimal`` holds when
    ``len(plan) == lower_bound``. ``goal`` is what was asked: ``"fewest"`` (the plan with the fewest
    pushes) or ``"any"`` (the first plan within ``max_steps``, the competition's decision task).
    ``instance`` is the instance answered (:func:`~escapology.labyrinth.solve` fills it in; a
    notebook draws the plan on it, :class:`~escapology.core.pictures.DrawnResult`).
    """

    status: Status
    plan: list[Push] | None
    optimal: bool
    lower_bound: int
    stats: dict[str, Any] = field(default_factory=dict)
    goal: str = "fewest"
    instance: Instance | None = field(default=None, repr=False, compare=False)

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
        ``[]`` when there are none); ``goal`` is the goal asked (``"fewest"`` or ``"any"``)."""
        pushes = Plan(tuple(self.plan or ())).to_json()
        return {
            "status": self.status.value,
            "pushes": pushes,
            "optimal": self.optimal,
            "lower_bound": self.lower_bound,
            "stats": self.stats,
            "certificate": pushes if self.status is Status.SOLVED else None,
            "goal": self.goal,
        }

    def to_text(self) -> str:
        """What ``solve`` prints: the plan as push facts (what ``check`` reads), or why there is
        none (``unknown: ...`` names the proven lower bound)."""
        if self.status is Status.UNKNOWN:
            return f"unknown: every plan has at least {plural(self.lower_bound, 'push')}"
        if self.status is Status.UNSOLVABLE:
            return "% unsolvable: no plan within max_steps (proven)"
        return self.facts() if self.plan else "% the avatar starts on the goal: no push needed"

    def note(self) -> str | None:
        """The line ``solve`` writes on standard error: the length and whether it is proven."""
        if self.status is not Status.SOLVED:
            return None
        proven = "proven minimum" if self.optimal else f"not proven minimal (lower bound {self.lower_bound})"
        if self.goal == "any" and not self.optimal:
            proven = f"a plan within max_steps (goal any; lower bound {self.lower_bound})"
        return f"% {plural(len(self.plan or []), 'push')}, {proven}; {self.stats.get('seconds', 0)} s"

    def facts(self) -> str:
        """The plan as push facts, as the problem page writes solutions."""
        return plan_facts(self.plan or [])


#: The name every game's package gives its :class:`~escapology.core.protocol.Result`
#: (``escapology.<game>.Result``); ``SolveResult`` stays the class's own name.
Result = SolveResult
