"""The generator forms of the pages, made from the games' own descriptions.

A page offers a few of the options of its game's ``generate`` (``escapology.<game>.spec``: the one
definition the command line is built from too), with the limits that suit a browser: a view
names the options it offers and overrides only what differs for the page (a label, a smaller
maximum, a default); the type, the choices and the range come from the game's :class:`Option`.
So a page cannot offer an option the game does not have, nor offer it with another type.

>>> [f["name"] for f in generator_form("chess", size={"max": 60}, seed={}, kind={"label": "vectors"})]
['size', 'seed', 'kind']
>>> generator_form("chess", kind={})[0]["choices"]
['random', 'capture', 'cross', 'sidon', 'bob']
>>> generator_form("chess", nope={})
Traceback (most recent call last):
...
KeyError: "chess's generate has no option 'nope'"
"""

from __future__ import annotations

from enum import Enum
from importlib import import_module
from typing import Any, Mapping

from escapology.core.commands import Option

__all__ = ["generator_form"]

#: the options every game's generate has, which the layer defines itself
_SHARED = {
    "size": Option("size", int, None, "size", verbs=("generate",), min=1),
    "seed": Option("seed", int, 1, "seed", verbs=("generate",)),
}


def _field(option: Option) -> dict[str, Any]:
    """A form field for ``option``: name, label, type (``int``, ``float``, ``choice``, ``text``),
    default, range and choices."""
    kind = option.type
    field: dict[str, Any] = {"name": option.name, "label": option.name.replace("_", " ")}
    if isinstance(kind, type) and issubclass(kind, Enum):
        field.update(type="choice", choices=[c.value for c in kind])
    elif kind is int or kind is float:
        field["type"] = kind.__name__
    else:
        field["type"] = "text"
    default = option.default
    field["default"] = default.value if isinstance(default, Enum) else default
    if option.min is not None:
        field["min"] = option.min
    if option.max is not None:
        field["max"] = option.max
    return field


def generator_form(game: str, **offered: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The fields of ``game``'s generator form: one per keyword, in order, each the game's option of
    that name (or the shared ``size`` and ``seed``) with the page's overrides applied
    (``label``, ``default``, ``min``, ``max``, ``choices``, a subset of the option's)."""
    spec = import_module(f"escapology.{game}.spec").SPEC
    own = {o.name: o for o in spec.options_of("generate") if not o.alias_of and not o.argument or o.name == "kind"}
    fields = []
    for name, override in offered.items():
        option = own.get(name) or _SHARED.get(name)
        if option is None:
            raise KeyError(f"{game}'s generate has no option {name!r}")
        field = {**_field(option), **override}
        if "choices" in override and "choices" in _field(option):
            assert set(override["choices"]) <= set(_field(option)["choices"]), f"{game} {name}: not its choices"
        fields.append(field)
    return fields
