"""Nemesis's own pieces of the four verbs (:mod:`escapology.core.commands`), named by
:data:`escapology.nemesis.spec.SPEC`: what ``generate`` writes, what ``render`` reads and draws.
Imported when a command runs them, so that the description itself stays light."""

from __future__ import annotations

from typing import Any

from escapology.core.errors import InputError
from escapology.nemesis import api
from escapology.nemesis.drawing import is_grid, picture, text_board
from escapology.nemesis.io import format_instance
from escapology.nemesis.model import Instance


def dumps(inst: Instance) -> str:
    """What ``generate`` writes after its command line: a reduction's note, then the facts."""
    return (inst.comment + "\n" if inst.comment else "") + format_instance(inst) + "\n"


def strategy_of(inst: Instance, data: Any, file: str) -> Any:
    """What ``render --certificate`` draws: the strategy of what ``solve`` wrote (or a strategy)."""
    if isinstance(data, str):
        raise InputError("not JSON: give what 'solve --format json' wrote", file=file)
    return data.get("strategy") if isinstance(data, dict) and "winner" in data else data


def _region(inst: Instance, game: str, region: bool, timeout: float | None) -> set[str] | None:
    """The winning region drawn (the picture's pale blue vertices, the text board's ``W``)."""
    return api.winning_region(inst, game, timeout=timeout) if region else None


def render(inst: Instance, certificate: Any = None, *, game: str = "nemesis", region: bool = True,
            timeout: float | None = None) -> Any:
    return picture(inst, winning=_region(inst, game, region, timeout), strategy=api.strategy_of(certificate))


def text_picture(inst: Instance, certificate: Any = None, *, game: str = "nemesis", region: bool = True,
                timeout: float | None = None) -> str | None:
    """The grid as text (``S`` start, ``W`` winning start); ``None`` for other graphs."""
    return text_board(inst, _region(inst, game, region, timeout)) if is_grid(inst) else None
