"""Time and memory limits shared by every reader and every long search.

A :class:`Deadline` is created from a ``--timeout`` in seconds (or ``None`` for no limit) and polled by
the readers and the searches; when it has passed they stop (raise :class:`LimitReached`) and the
answer is "unknown" (or the best certificate so far).

``--timeout`` counts from the start of the process, so that reading a big file counts too:
:meth:`Deadline.from_process_start` ends ``seconds`` after :func:`clock_start`, which is the
moment the process started (``/proc/self/stat``; elsewhere, the moment the ``escapology`` package
was first imported). Whoever runs several commands in one process (tests, notebooks) restarts
that clock with :func:`start_clock` before each.

A :class:`MemoryLimit` guards the engines that allocate by formula (the forest's matrix method, the
Labyrinth's native engine): they compute what they would allocate first and refuse with a
:class:`MemoryLimitError` (an :class:`~escapology.core.errors.InputError`: one line, exit 2) when
it exceeds the limit, instead of dying in the allocation. The default limit is what the machine
has available (``MemAvailable`` of ``/proc/meminfo``); ``MemoryLimit(mib)`` sets another.

>>> MemoryLimit(64).check(1 << 20, "a table")
>>> MemoryLimit(1).check(3 << 20, "the matrix method's arc matrix")
Traceback (most recent call last):
...
escapology.core.limits.MemoryLimitError: the matrix method's arc matrix needs 3.0 MiB; the memory limit is 1.0 MiB
"""

from __future__ import annotations

import os
import time

from escapology.core.errors import InputError

__all__ = [
    "Deadline", "LimitReached", "MemoryLimit", "MemoryLimitError", "MemoryReached", "available_memory", "clock_start",
    "format_bytes", "process_start", "room", "start_clock",
]

_IMPORTED = time.monotonic()
_clock: float | None = None


def process_start() -> float:
    """The :func:`time.monotonic` time at which this process started.

    Read from ``/proc/self/stat`` (start time in clock ticks since boot) against the boot-time
    clock; where that is not available, the time this module was first imported (which the
    ``escapology`` command imports at start-up).
    """
    try:
        with open("/proc/self/stat", "rb") as fh:
            stat = fh.read().decode("ascii", "replace")
        fields = stat[stat.rindex(")") + 2:].split()
        ticks = int(fields[19])  # field 22 of proc(5), counted after "pid (comm)"
        since_boot = time.clock_gettime(time.CLOCK_BOOTTIME)
        elapsed = since_boot - ticks / os.sysconf("SC_CLK_TCK")
        if elapsed >= 0.0:
            return min(_IMPORTED, time.monotonic() - elapsed)
    except (OSError, ValueError, IndexError, AttributeError):
        pass
    return _IMPORTED


def start_clock(at: float | None = None) -> None:
    """Start the clock of :meth:`Deadline.from_process_start` at ``at`` (a :func:`time.monotonic`
    time; default now). ``start_clock(None)`` before each command run in-process."""
    global _clock
    _clock = time.monotonic() if at is None else float(at)


def clock_start() -> float:
    """Where :meth:`Deadline.from_process_start` counts from: the last :func:`start_clock`, else
    :func:`process_start`."""
    return process_start() if _clock is None else _clock


class Deadline:
    """A point in time after which readers and searches give up.

    >>> Deadline(None).expired()
    False
    >>> Deadline(0).expired()
    True
    >>> Deadline(0).check()
    Traceback (most recent call last):
    ...
    escapology.core.limits.LimitReached
    """

    __slots__ = ("seconds", "_end")

    def __init__(self, seconds: float | None, *, start: float | None = None) -> None:
        self.seconds = seconds
        origin = time.monotonic() if start is None else start
        self._end = None if seconds is None else origin + max(0.0, float(seconds))

    @classmethod
    def from_process_start(cls, seconds: float | None) -> "Deadline":
        """``seconds`` after the process started (:func:`clock_start`): what ``--timeout`` means,
        reading the input included.

        >>> Deadline.from_process_start(None).remaining() is None
        True
        >>> Deadline.from_process_start(3600).remaining() <= 3600
        True
        """
        return cls(seconds, start=clock_start())

    def expired(self) -> bool:
        """True once the time is up."""
        return self._end is not None and time.monotonic() >= self._end

    def check(self) -> None:
        """Raise :class:`LimitReached` once the time is up."""
        if self._end is not None and time.monotonic() >= self._end:
            raise LimitReached()

    def remaining(self) -> float | None:
        """Seconds left (never negative), or ``None`` without a limit."""
        if self._end is None:
            return None
        return max(0.0, self._end - time.monotonic())


class LimitReached(Exception):
    """Raised inside a reader or a search when its :class:`Deadline` has passed."""


class MemoryReached(LimitReached):
    """Raised inside a search when what it holds would pass its :class:`MemoryLimit`: the answer
    is "unknown" as at the time limit, with the note that the memory limit was reached."""


class MemoryLimitError(InputError):
    """An engine would need more memory than the limit: refused before allocating."""

    def __str__(self) -> str:
        return super().__str__() if self.file is not None else self.message


def available_memory() -> int:
    """Bytes the machine has available now (``MemAvailable`` of ``/proc/meminfo``; elsewhere the
    physical memory, or 4 GiB when even that is unknown)."""
    try:
        with open("/proc/meminfo", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return int(os.sysconf("SC_PAGE_SIZE")) * int(os.sysconf("SC_PHYS_PAGES"))
    except (OSError, ValueError, AttributeError):
        return 4 << 30


def room() -> int | None:
    """Bytes this process may still add under its data limit (``RLIMIT_DATA``, which ``--memory``
    sets: :mod:`escapology.core.memory`), less what it holds (``VmData``); ``None`` without a limit
    or where that cannot be read."""
    try:
        import resource  # Unix only: its ImportError (Windows) is caught below

        soft, _ = resource.getrlimit(resource.RLIMIT_DATA)
        if soft == resource.RLIM_INFINITY:
            return None
        with open("/proc/self/status", "rb") as fh:
            for line in fh:
                if line.startswith(b"VmData:"):
                    return max(0, soft - int(line.split()[1]) * 1024)
    except (ImportError, OSError, ValueError, IndexError):
        pass
    return None


def format_bytes(n: float) -> str:
    """``format_bytes(3 << 30) == '3.0 GiB'``"""
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if abs(n) < 1024 or unit == "TiB":
            return f"{n:.0f} B" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} TiB"  # pragma: no cover


class MemoryLimit:
    """How much memory an engine may allocate: ``mib`` MiB, or by default what the machine has
    available (:func:`available_memory`, read when the limit is made) -- and never more than the
    process may still add under the limit ``--memory`` set on it
    (:func:`room`), so that an engine's estimate refuses beforehand what the
    process limit would stop halfway.

    >>> MemoryLimit(512).bytes
    536870912
    >>> MemoryLimit.of(MemoryLimit(2)).bytes, MemoryLimit.of(2).bytes
    (2097152, 2097152)
    """

    __slots__ = ("mib", "bytes", "process_room")

    def __init__(self, mib: float | None = None) -> None:
        if mib is not None and mib <= 0:
            raise InputError(f"the memory limit must be positive, not {mib} MiB")
        self.mib = mib
        self.bytes = available_memory() if mib is None else int(mib * (1 << 20))
        left = room()
        #: whether the process's limit leaves less than ``mib`` (the limit is then what it leaves)
        self.process_room = left is not None and left < self.bytes
        if left is not None and left < self.bytes:
            self.bytes = left

    @classmethod
    def of(cls, memory: "MemoryLimit | float | None") -> "MemoryLimit":
        """A limit from the ``memory=`` keyword of an engine: a limit, MiB, or ``None`` (default)."""
        return memory if isinstance(memory, MemoryLimit) else cls(memory)

    def fits(self, needed: int) -> bool:
        return needed <= self.bytes

    def check(self, needed: int, what: str, hint: str = "") -> None:
        """Raise :class:`MemoryLimitError` when ``needed`` bytes exceed the limit."""
        if needed > self.bytes:
            origin = (" (what the process may still add under --memory)" if self.process_room
                      else "" if self.mib is not None else " (the memory available on this machine)")
            raise MemoryLimitError(f"{what} needs {format_bytes(needed)}; the memory limit is "
                                   f"{format_bytes(self.bytes)}{origin}{'; ' + hint if hint else ''}")
