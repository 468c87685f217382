"""How the Labyrinth kernels are compiled: numba's options, and its on-disk cache kept in step.

``kernel_jit`` compiles without numba's reference counting (NRT). Every array view the kernels take
(``rl[lvl]``, ``ent[lvl, 0]``, ...) and every array handed to a helper that is not inlined costs an
atomic increment and decrement of the array's reference count; on the search of depth 5 of
``asptools-ntdb__0199`` these took 30 % of the samples (``perf``), and without them the same search
(same nodes) runs 2.1x faster. The kernels allocate nothing: every array comes from the Python
caller, which keeps it alive for the call, so there is nothing for reference counts to free (numba
refuses to compile an allocation without NRT, so this cannot break silently).

numba (``cache=True``) checks only the file of the function it compiles: a kernel whose callee in
another module changed (``board_ops.py``, ``rules.py``) is loaded from the stale cache, with the old
callee compiled into it, and a change of the options here would go unseen. So before any kernel is
compiled, the cache files of this package are dropped whenever the digest of the compiled modules'
sources (this one included) differs from the one recorded with the cache. Read-only installs simply
keep their cache.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any, Callable

from numba import njit

_MODULES = ("board_ops.py", "rules.py", "kernel.py", "beam.py", "jit_cache.py")


def kernel_jit(**options: Any) -> Callable[[Callable[..., Any]], Any]:
    """``numba.njit`` with the kernels' options: cached on disk, no reference counting (see above)."""
    return njit(cache=True, _nrt=False, **options)


def drop_stale_cache() -> None:
    """Delete this package's numba cache files if the kernels' sources changed since they were made."""
    here = Path(__file__).resolve().parent
    try:
        digest = hashlib.sha256(b"".join((here / m).read_bytes() for m in _MODULES)).hexdigest()
        cache = here / "__pycache__"
        stamp = cache / "numba-sources.sha256"
        if stamp.is_file() and stamp.read_text() == digest:
            return
        for f in list(cache.glob("*.nbi")) + list(cache.glob("*.nbc")):
            f.unlink(missing_ok=True)
        cache.mkdir(exist_ok=True)
        stamp.write_text(digest)
    except OSError:  # no sources to read or no right to write: numba's own checks still apply
        pass


drop_stale_cache()
