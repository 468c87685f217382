"""The last resort behind ``--timeout``: a thread that ends the process when a command's deadline
is overrun by more than :data:`GRACE` seconds.

Every engine polls its deadline, but some phases cannot (a C library building a large structure,
parsing a huge file, an encoding handed to a SAT solver in one call). The command's watchdog is
armed when the command's deadline is made (:func:`escapology.core.cli_support.command_deadline`,
only in a real ``escapology`` process, never in-process under tests or in a notebook), disarmed
as soon as the command has an answer to print (:func:`disarm`), and when it fires it prints the
answer "unknown" the way every command does and ends the process with exit 3 -- whatever the main
thread is doing. Invariant: at most one watchdog is armed; arming another replaces it.

>>> import threading
>>> fired = threading.Event()
>>> arm(0.0, fired.set, grace=0.05, end=False); fired.wait(5)
True
>>> arm(0.0, fired.clear, grace=60, end=False); disarm(); fired.is_set()  # disarmed: never fires
True
"""

from __future__ import annotations

import os
import sys
import threading
from typing import Callable

__all__ = ["GRACE", "arm", "disarm"]

#: seconds past the deadline before the watchdog ends the process (the engines' own polling
#: answers "unknown" well within this)
GRACE = 1.0

_timer: threading.Timer | None = None
_lock = threading.Lock()


def arm(remaining: float, report: Callable[[], object], *, grace: float = GRACE, end: bool = True) -> None:
    """In ``remaining + grace`` seconds, call ``report`` (which prints the answer "unknown") and,
    with ``end``, end the process with exit 3 (standard streams flushed first)."""
    global _timer

    def fire() -> None:
        with _lock:
            if _timer is not timer:  # disarmed or replaced meanwhile
                return
        try:
            report()
        finally:
            if end:
                for stream in (sys.stdout, sys.stderr):
                    try:
                        stream.flush()
                    except (OSError, ValueError):
                        pass
                os._exit(3)

    timer = threading.Timer(max(0.0, remaining) + grace, fire)
    timer.daemon = True
    with _lock:
        if _timer is not None:
            _timer.cancel()
        _timer = timer
    timer.start()


def disarm() -> None:
    """The command has its answer: the watchdog will not fire."""
    global _timer
    with _lock:
        if _timer is not None:
            _timer.cancel()
        _timer = None
