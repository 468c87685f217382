"""What each game's page needs besides the protocol: the instance as JSON for the browser to draw,
the states of a certificate step by step, the moves of play, and the generator form.

One module per game (``escapology.web.views.<game>``), each with

- ``to_text(inst) -> str``: an instance in the game's own file format (what the generator form
  loads, what the page shows and sends back);
- ``state(inst) -> dict``: the instance as JSON for the game's ES module to draw as SVG;
- ``frames(inst, certificate) -> list[dict]``: the states of the certificate, step by step;
- ``GENERATE``: the generator form's fields (name, label, type, default), the keywords of the
  game's ``generate``, made by :func:`escapology.web.views.forms.generator_form` from the game's
  own options (its ``spec.py``, which the command line is built from too), with the page's limits;

and the game's moves of play (``move``, ``reply``, ...). They use the games' public API only (the
protocol, the models, the checkers) and never draw: drawing is the browser's.
"""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["QUICK", "view"]

#: seconds after which the searches behind a page's moves stop themselves (before the worker's
#: own limit, :attr:`escapology.web.settings.Settings.quick_timeout`, would kill them)
QUICK = 15.0


def view(game: str) -> ModuleType:
    """The view module of ``game``."""
    return importlib.import_module(f"{__name__}.{game}")
