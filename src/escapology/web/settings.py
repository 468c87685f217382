"""What an ``escapology serve`` instance may do: where it listens, its store and its limits."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from escapology.core.examples import EXAMPLES

__all__ = ["Settings", "default_examples", "default_shared"]

_ROOT = Path(__file__).resolve().parents[3]  # the project's folder (src/escapology/web -> .) in a checkout
_CHECKOUT = _ROOT if (_ROOT / "pyproject.toml").is_file() else None  # None: an installed copy


def default_examples() -> Path | None:
    """The shipped examples (inside the package: :mod:`escapology.core.examples`)."""
    return EXAMPLES if EXAMPLES.is_dir() else None


def default_shared() -> Path | None:
    """``../shared`` beside the project (the real reference instances), when it exists; an
    installed copy looks beside the current folder only."""
    beside = [_CHECKOUT.parent / "shared"] if _CHECKOUT is not None else []
    for path in (*beside, Path.cwd().parent / "shared"):
        if (path / "instances").is_dir() or (path / "enchanted_forest").is_dir():
            return path
    return None


@dataclass(frozen=True)
class Settings:
    """The server's settings (``escapology serve`` options).

    ``max_request_bytes`` bounds every request body (an instance, a certificate); ``solve_timeout``
    is the time limit of every solve in seconds (the engines stop themselves, a worker still busy
    a grace period later is killed); ``max_solves`` worker processes run solves at once and at most
    ``max_queued`` more wait; ``store`` is the batch runs' SQLite results store (``None``: no store,
    nothing survives a restart); ``examples`` and ``shared`` are the folders of shipped examples
    and real instances (``None``: not offered).
    """

    host: str = "127.0.0.1"
    port: int = 8000
    store: Path | None = Path("escapology.db")
    max_request_bytes: int = 4 << 20
    solve_timeout: float = 60.0
    max_solves: int = 2
    max_queued: int = 200
    examples: Path | None = default_examples()
    shared: Path | None = default_shared()
    #: ``Host`` names served besides the loopback names and ``host`` (:mod:`escapology.web.security`)
    allowed_hosts: tuple[str, ...] = ()
    #: the time limit of the quick computations of a page (a reply in a game, a hint, ...), seconds
    quick_timeout: float = 20.0
