"""A progress display for long searches: rich on a terminal, silent when piped.

>>> with search_progress("searching", enabled=False) as p:
...     p.update(depth=3, nodes=120)
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import Any, Iterator


class _Quiet:
    shown = False  # whether anything is drawn

    def update(self, **fields: Any) -> None:
        """Ignore progress fields."""


class _RichProgress:
    shown = True

    def __init__(self, description: str) -> None:
        from rich.console import Console
        from rich.live import Live

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
        from rich.spinner import Spinner

        self._fields.update(fields)
        text = "  ".join(f"{k}={v}" for k, v in self._fields.items())
        self._live.update(Spinner("dots", text=f"{self._description} {text}"))


@contextmanager
def search_progress(description: str, *, enabled: bool | None = None) -> Iterator[Any]:
    """Yield an object with ``update(**fields)``; it draws only when stderr is a terminal."""
    if enabled is None:
        enabled = sys.stderr.isatty()
    if not enabled:
        yield _Quiet()
        return
    with _RichProgress(description) as p:
        yield p
