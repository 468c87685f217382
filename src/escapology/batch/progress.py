"""The batch's progress bar (rich, on standard error when it is a terminal): done out of total,
the solved, unknown and failed counts (:func:`escapology.batch.runner.outcome`) and the time left."""

from __future__ import annotations

import sys
from collections import Counter
from typing import Any

from escapology.batch.runner import outcome

__all__ = ["BatchProgress"]


class BatchProgress:
    """``with BatchProgress() as p: run_batch(..., progress=p)``; draws nothing when ``enabled`` is
    false (default: standard error is a terminal)."""

    def __init__(self, enabled: bool | None = None) -> None:

        self.enabled = sys.stderr.isatty() if enabled is None else enabled
        self.counts: Counter = Counter()
        self._progress: Any = None
        self._bar: Any = None

    def __enter__(self) -> "BatchProgress":
        if self.enabled:
            from rich.console import Console  # rich (~50 ms): only a run shown on a terminal draws the bar
            from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn,
                                       TimeRemainingColumn)  # (rich, as above)

            self._progress = Progress(
                TextColumn("[bold]batch"), BarColumn(), MofNCompleteColumn(),
                TextColumn("[green]solved {task.fields[solved]}[/] [yellow]unknown {task.fields[unknown]}[/] "
                           "[red]failed {task.fields[failed]}[/]"),
                TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
                console=Console(stderr=True), transient=False)
            self._progress.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._progress is not None:
            self._progress.__exit__(*exc)

    def start(self, total: int, skipped: int) -> None:
        """``total`` tasks, of which ``skipped`` are in the store already (they count as done)."""
        if self._progress is not None:
            self._bar = self._progress.add_task("batch", total=total, completed=skipped, solved=0, unknown=0,
                                                failed=0)

    def task_started(self, task: Any) -> None:
        """Nothing to draw: the bar moves when tasks finish."""

    def task_done(self, row: dict[str, Any]) -> None:
        self.counts[outcome(row)] += 1
        if self._progress is not None and self._bar is not None:
            self._progress.update(self._bar, advance=1, **{k: self.counts[k] for k in ("solved", "unknown", "failed")})
