"""Time limits shared by every long search.

A :class:`Deadline` is created from a ``--timeout`` in seconds (or ``None`` for no limit) and polled by
the searches; when it has passed they stop and answer "unknown" (or the best certificate so far).
"""

from __future__ import annotations

import time


class Deadline:
    """A point in time after which searches give up.

    >>> Deadline(None).expired()
    False
    >>> Deadline(0).expired()
    True
    """

    __slots__ = ("seconds", "_end")

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self._end = None if seconds is None else time.monotonic() + max(0.0, float(seconds))

    def expired(self) -> bool:
        """True once the time is up."""
        return self._end is not None and time.monotonic() >= self._end

    def remaining(self) -> float | None:
        """Seconds left (never negative), or ``None`` without a limit."""
        if self._end is None:
            return None
        return max(0.0, self._end - time.monotonic())


class LimitReached(Exception):
    """Raised inside a search when its :class:`Deadline` has passed."""
