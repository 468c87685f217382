"""A progress display for long searches: rich on a terminal, silent when piped.

>>> with search_progress("searching", enabled=False) as p:
...     p.update(depth=3, nodes=120)

A process may also :func:`listen` to every search's progress, drawn or not (the web app's workers
forward it to the page):

>>> seen = []
>>> listen(lambda what, fields: seen.append((what, fields)))
>>> with search_progress("searching", enabled=False) as p:
...     p.update(depth=3, nodes=120)
>>> listen(None)
>>> seen
[('searching', {'depth': 3, 'nodes': 120})]
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import Any, Callable, Iterator

#: who hears every progress update of this process besides the display (:func:`listen`)
_listener: Callable[[str, dict[str, Any]], None] | None = None


def listen(listener: Callable[[str, dict[str, Any]], None] | None) -> None:
    """Call ``listener(description, fields)`` on every progress update of every search in this
    process, shown or not (``None``: stop). While one listens, searches report as if shown."""
    global _listener
    _listener = listener


class _Forwarding:
    """A display that also tells the listener."""

    shown = True

    def __init__(self, inner: Any, description: str) -> None:
        self._inner = inner
        self._description = description

    def update(self, **fields: Any) -> None:
        self._inner.update(**fields)
        if _listener is not None:
            _listener(self._description, fields)


class _Quiet:
    shown = False  # whether anything is drawn

    def update(self, **fields: Any) -> None:
        """Ignore progress fields."""


class _RichProgress:
    shown = True

    def __init__(self, description: str) -> None:
        from rich.console import Console  # rich (~45 ms): only a search drawn on a terminal, not a piped solve
        from rich.live import Live  # (rich, as above)

        self._description = description
        self._fields: dict[str, Any] = {}
        self._live = Live("", console=Console(stderr=True), transient=True, refresh_per_second=8)

    def __enter__(self) -> "_RichProgress":
        self._live.__enter__()
        self.update()
        return self

    def __exit__(self, *exc: object) -> None:
        self._live.__exit__(*exc)  # type: ignore[arg-type]

    def update(self, **fields: Any) -> None:
        """Show the given fields (``depth=3, nodes=120``) next to a spinner; fields given earlier
        stay until they are given again."""
        from rich.spinner import Spinner  # (rich, as above: only while drawing)

        self._fields.update(fields)
        text = "  ".join(f"{k}={v}" for k, v in self._fields.items())
        self._live.update(Spinner("dots", text=f"{self._description} {text}"))


@contextmanager
def search_progress(description: str, *, enabled: bool | None = None) -> Iterator[Any]:
    """Yield an object with ``update(**fields)``; it draws only when stderr is a terminal."""
    if enabled is None:
        enabled = sys.stderr.isatty()
    if not enabled:
        yield _Quiet() if _listener is None else _Forwarding(_Quiet(), description)
        return
    with _RichProgress(description) as p:
        yield p if _listener is None else _Forwarding(p, description)
