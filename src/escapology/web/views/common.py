"""The calls every page makes the same way, run in the server's threads or in a worker process
(:mod:`escapology.web.worker`): generating an instance from the form, and a move of play."""

from __future__ import annotations

from typing import Any

from escapology.core.errors import InputError
from escapology.web.instances import BadInstance, game_named, load_text
from escapology.web.views import view

__all__ = ["generate", "generate_options", "play"]


def generate_options(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """The form's values checked against the game's ``GENERATE`` fields: known names, numbers of
    the right type within their bounds (``None`` or missing: the field's default)."""
    fields = {f["name"]: f for f in view(game).GENERATE}
    out: dict[str, Any] = {}
    for key, value in options.items():
        if key not in fields:
            raise InputError(f"the generator of {game} has no option {key!r} (it has {', '.join(fields)})")
        f = fields[key]
        if value is None or value == "":
            continue
        kind = f["type"]
        try:
            if kind == "int":
                if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
                    raise ValueError
                value = int(value)
            elif kind == "float":
                if isinstance(value, bool):
                    raise ValueError
                value = float(value)
            elif kind == "choice":
                if value not in f["choices"]:
                    raise ValueError
            else:
                value = str(value)
        except (TypeError, ValueError, OverflowError):
            raise InputError(f"{f['label']}: {value!r} is not a valid {kind}") from None
        if kind in ("int", "float") and not (f.get("min", -float("inf")) <= value <= f.get("max", float("inf"))):
            raise InputError(f"{f['label']} must be between {f.get('min')} and {f.get('max')}, not {value}")
        out[key] = value
    return out


def generate(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """``{"text", "name"}`` of a new instance from the game's ``generate`` and the page's form."""
    chosen = generate_options(game, options)
    v = view(game)
    maker = getattr(v, "generate", None) or game_named(game).protocol().generate
    inst = maker(**chosen)
    tag = "-".join(f"{k}{chosen[k]}" for k in sorted(chosen))
    return {"text": v.to_text(inst), "name": f"{game}-{tag or 'default'}{getattr(v, 'SUFFIX', '.lp')}"}


def play(game: str, action: str, text: str, name: str | None, args: dict[str, Any]) -> Any:
    """A move of play: the view's action ``action`` on the instance with the page's ``args``."""
    actions = getattr(view(game), "ACTIONS", {})
    if action not in actions:
        raise InputError(f"{game} has no action {action!r}")
    try:
        inst = load_text(game_named(game), text, name)
    except BadInstance as exc:
        raise InputError(exc.reason) from None
    try:
        return actions[action](inst, **args)
    except TypeError as exc:
        raise InputError(f"{action}: {exc}") from None
