"""The limit behind ``--memory``: the process's data segment bounded by the kernel, so that every
engine -- Python, numpy, C++ or Rust -- stays within the command's memory limit.

The engines that allocate by formula compute what they would need first and refuse beforehand
(:class:`~escapology.core.limits.MemoryLimit`, exit 2). Behind them, :func:`limit` sets the
process's ``RLIMIT_DATA`` (Linux counts in it every private writable mapping: the heap,
``malloc``'s and numpy's anonymous mappings, thread stacks), so that an allocation past the limit
fails -- in Python a :class:`MemoryError` (numpy's too), which the command layer turns into the
answer "unknown" with the note :data:`NOTE` (exit 3); in the native extension (Rust, where a failed
allocation aborts and Python cannot catch it) the extension's allocator, armed beforehand
(:func:`arm_native`), writes the same answer and note itself and ends the process with exit 3.

What the limit means: **the process's peak resident memory stays under ``--memory`` MiB.** The
data segment counts memory reserved as well as memory used (a thread's 8 MiB stack, the 32 MiB
buffer numpy's BLAS reserves per thread when it loads, mostly untouched), while the resident memory
counts what is used, the program's code among it. So the limit is set on what the process may add:
``RLIMIT_DATA = data now + (MiB - resident now - CODE_MARGIN)``. Every byte the process then adds to
its private memory counts against ``MiB - resident now``; the code libraries load later (pysat,
clingo, cairosvg: a few MiB of pages) has :data:`CODE_MARGIN`. numpy is loaded before the limit is
set (:data:`PRELOAD`), since its reservation (about 75 MiB on two cores, more on more) would
otherwise count against the limit without ever being resident -- and a BLAS that cannot reserve
ends the process. What is not bounded: memory reserved before the command started and touched
after (thread stacks, the BLAS buffers: numpy's dense matrix products use them), and a library
loaded later that reserves much at load (``scipy.linalg``'s BLAS, which no engine uses). Not caught:
at the limit, glibc ends the process itself when a thread started just then gets its stack but not
its thread-local data (clingo's solving thread: ``cannot allocate memory for thread-local data:
ABORT``, exit 127); a thread that does not get its stack is caught (:func:`is_out_of_memory`).

The limit is set once, by the command layer (:func:`escapology.core.cli_support.command_memory`),
only in a real ``escapology`` process (never in-process under tests or in a notebook: a limit
never leaks into the process that runs the tests), and in each worker process of a batch run
(:func:`escapology.batch.pool.worker_main`). It is Linux's: elsewhere (no ``/proc/self/status``)
nothing is set, and only the engines' estimates hold.

>>> usage() is None or usage().resident > 0
True
>>> needed(Usage(resident=40 << 20, data=120 << 20)) >= 40
True
"""

from __future__ import annotations

import errno
import importlib
import math
from typing import NamedTuple

from escapology.core.limits import MemoryLimitError, format_bytes, room

try:
    import resource
except ImportError:  # pragma: no cover - Windows: no process limits; the engines' estimates hold
    resource = None  # type: ignore[assignment]

__all__ = ["CODE_MARGIN", "NOTE", "NativeFailure", "PRELOAD", "Usage", "arm_native", "is_out_of_memory", "limit",
           "needed", "room", "usage"]

#: The note of the answer "unknown" when the memory limit was reached (standard error)
NOTE = "the memory limit was reached"

#: Bytes of the limit kept for the program code that libraries loaded later bring in (resident,
#: but not counted by ``RLIMIT_DATA``): pysat, clingo, cairosvg and their imports are 3 to 10 MiB
CODE_MARGIN = 12 << 20

#: The least room the command must have above what the process takes at its start and the code
#: margin (reading a small file, printing an answer)
ROOM = 4 << 20

#: Libraries loaded before the limit is set: what they reserve at load is counted as the
#: process's own, not against the limit (numpy's BLAS reserves 32 MiB and a stack per thread)
PRELOAD = ("numpy",)


class Usage(NamedTuple):
    """The process's memory now, in bytes: ``resident`` (``VmRSS``) and ``data`` (``VmData``, what
    ``RLIMIT_DATA`` counts)."""

    resident: int
    data: int


def usage() -> Usage | None:
    """The process's memory now (``/proc/self/status``), ``None`` where it cannot be read."""
    found: dict[str, int] = {}
    try:
        with open("/proc/self/status", "rb") as fh:
            for line in fh:
                key, _, value = line.partition(b":")
                if key in (b"VmRSS", b"VmData"):
                    found[key.decode()] = int(value.split()[0]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    if len(found) != 2:
        return None
    return Usage(found["VmRSS"], found["VmData"])


def needed(now: Usage) -> int:
    """The least ``--memory`` (MiB, rounded up) with which the command can run: what the process
    takes now, the margin for code loaded later, and a little room."""
    return math.ceil((now.resident + CODE_MARGIN + ROOM) / (1 << 20))


def limit(mib: float, native: NativeFailure | None = None) -> int | None:
    """Bound this process to ``mib`` MiB of peak resident memory (see the module's notes): load
    :data:`PRELOAD`, arm the native extension with ``native`` (:func:`arm_native`), then set the
    soft ``RLIMIT_DATA`` (never above a limit already set). Returns the limit set in bytes,
    ``None`` where nothing could be set. A limit below what the process takes now (plus margins)
    is a :class:`~escapology.core.limits.MemoryLimitError` saying how much it needs (exit 2)."""
    for name in PRELOAD:
        try:
            importlib.import_module(name)
        except ImportError:  # pragma: no cover - a dependency of the package
            pass
    if native is not None:
        arm_native(native)
    now = usage()
    if now is None or resource is None:
        return None
    if mib < needed(now):
        raise MemoryLimitError(f"--memory {mib:g} MiB is less than this command needs: the program takes "
                               f"{format_bytes(now.resident)} at its start; give at least {needed(now)} MiB")
    extra = int(mib * (1 << 20)) - now.resident - CODE_MARGIN
    wanted = now.data + extra
    soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
    if hard != resource.RLIM_INFINITY:
        wanted = min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        return soft  # a lower limit set from outside (ulimit -d) stays
    try:
        resource.setrlimit(resource.RLIMIT_DATA, (wanted, hard))
    except (ValueError, OSError):  # pragma: no cover - not allowed here
        return None
    return wanted


class NativeFailure(NamedTuple):
    """What the native extension does when one of its allocations fails under the limit: write
    ``out`` to the file descriptor ``out_fd`` (the command's answer "unknown") and ``err`` to
    standard error (the note); with ``rename`` ``(from, to)``, rename the file (``solve -o FILE``'s
    temporary file to FILE) and write ``after`` to standard output; then end the process with exit
    code ``code``."""

    out: bytes
    err: bytes
    code: int
    out_fd: int = 1
    rename: "tuple[bytes, bytes] | None" = None
    after: bytes = b""


def arm_native(failure: NativeFailure) -> bool:
    """Arm the native extension's allocator (``native/src/oom.rs``): Python cannot catch the abort
    that ends a Rust allocation that fails, so the extension writes ``failure``'s answer and note
    itself and ends the process with its exit code. Once per process; False where the extension
    is not built (or was armed already)."""
    try:
        from escapology import _native  # the extension (it may be absent)
    except ImportError:
        return False
    arm = getattr(_native, "on_allocation_failure", None)
    if arm is None:  # pragma: no cover - an extension older than the Python package
        return False
    rename_from, rename_to = failure.rename or (None, None)
    return bool(arm(failure.out, failure.err, failure.code, failure.out_fd, rename_from, rename_to, failure.after))


#: How C and C++ libraries say that an allocation failed, in the exceptions they hand to Python
_ALLOCATION_FAILED = ("bad_alloc", "Cannot allocate memory")
#: How a thread that could not be started says so (its stack did not fit): under the limit, that is
#: the limit (clingo's solving thread: ``RuntimeError: Resource temporarily unavailable``)
_THREAD_NOT_STARTED = ("Resource temporarily unavailable", "can't start new thread")


def is_out_of_memory(exc: BaseException) -> bool:
    """Whether ``exc`` is an allocation that failed: Python's :class:`MemoryError` (numpy's
    ``_ArrayMemoryError`` among them, and what clingo and python-sat's MiniSat family raise for a
    ``std::bad_alloc``), another library's exception naming ``std::bad_alloc`` or ``ENOMEM``, or --
    while a limit is set -- a thread that could not be started (its stack did not fit).

    >>> is_out_of_memory(MemoryError()), is_out_of_memory(RuntimeError("std::bad_alloc"))
    (True, True)
    >>> is_out_of_memory(RuntimeError("parsing failed")), is_out_of_memory(ValueError("bad_alloc"))
    (False, False)
    """
    if isinstance(exc, MemoryError):
        return True
    if not isinstance(exc, (RuntimeError, OSError, SystemError)):
        return False
    text = str(exc)
    if any(s in text for s in _ALLOCATION_FAILED) or getattr(exc, "errno", None) == errno.ENOMEM:
        return True
    return isinstance(exc, RuntimeError) and any(s in text for s in _THREAD_NOT_STARTED) and room() is not None
