"""Keep numba's on-disk cache of the Labyrinth kernels in step with their source.

numba (``cache=True``) checks only the file of the function it compiles: a kernel whose callee in
another module changed (``board_ops.py``, ``rules.py``) is loaded from the stale cache, with the old
callee compiled into it. So before any kernel is compiled, the cache files of this package are
dropped whenever the digest of the compiled modules' sources differs from the one recorded with the
cache. Read-only installs simply keep their cache.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

_MODULES = ("board_ops.py", "rules.py", "kernel.py", "beam.py")


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
