"""Joining a Ray cluster, for every view that spreads work over one (batch runs, the Labyrinth's
split of the first pushes): ``--ray ADDRESS`` means the same everywhere. Ray itself is imported
only when a cluster is asked for."""

from __future__ import annotations

import os
import socket
from typing import Any

from escapology.core.errors import InputError

__all__ = ["connect"]


def connect(address: str, jobs: int | None = None) -> Any:
    """Connect to the Ray cluster at ``address`` (``local``: start a private one with ``jobs``
    CPUs) and return the ``ray`` module; :class:`InputError` when Ray is missing or unreachable."""
    try:
        import ray  # optional (escapology[ray]) and seconds to import: only when a cluster is asked for
    except ImportError:
        raise InputError("Ray is not installed: pip install 'escapology[ray]' (ray==2.60.0)", file="--ray") from None
    asked = address
    if address == "auto":
        address = _last_started()
    _listening(address, asked)
    try:
        if address == "local":
            # address="local": always a new cluster, never one that ``ray start`` left running here
            ray.init(address="local", num_cpus=jobs or os.cpu_count() or 1, include_dashboard=False,
                     log_to_driver=False, configure_logging=False)
        else:
            ray.init(address=address, log_to_driver=False, configure_logging=False)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        hint = ""
        if address != "local" and not os.environ.get("RAY_AUTH_MODE"):
            hint = ("; if the cluster was made by `ray start` (token authentication, Ray's default since "
                    "2.59), set RAY_AUTH_MODE=token here, with the cluster's token in ~/.ray/auth_token "
                    "or RAY_AUTH_TOKEN (`ray get-auth-token` on the head prints it)")
        elif address != "local" and os.environ.get("RAY_AUTH_MODE") == "token":
            hint = ("; with RAY_AUTH_MODE=token a wrong token looks like this too: compare RAY_AUTH_TOKEN "
                    "(or ~/.ray/auth_token) with what `ray get-auth-token` prints on the head")
        raise InputError(f"cannot reach the Ray cluster: {exc}{hint}", file=f"--ray {asked}") from None
    return ray


def _last_started() -> str:
    """The ``HOST:PORT`` that ``auto`` means: ``RAY_ADDRESS`` when set, else the address the last
    ``ray start`` on this machine wrote (``ray_current_cluster`` in Ray's temporary folder,
    ``$RAY_TMPDIR/ray`` or ``/tmp/ray``), as Ray reads it. Resolved here so that a cluster that has
    since stopped is refused at once by :func:`_listening`; Ray would wait for it without end."""
    try:
        from ray._private.services import canonicalize_bootstrap_address  # Ray's own reading of "auto"

        found = canonicalize_bootstrap_address("auto")
    except ImportError:  # another Ray version: let ray.init resolve it
        return "auto"
    except (ConnectionError, ValueError) as exc:
        raise InputError(f"no Ray cluster to join: {exc}", file="--ray auto") from None
    if not found:
        raise InputError("no Ray cluster to join: no `ray start` on this machine and RAY_ADDRESS is not set",
                         file="--ray auto")
    return found


def _listening(address: str, asked: str) -> None:
    """Refuse at once a ``HOST:PORT`` where nothing listens (Ray itself would retry for minutes);
    ``asked`` is what the user wrote (``auto`` or the address)."""
    host, sep, port = address.rpartition(":")
    if not sep or not port.isdigit() or address in ("local", "auto"):
        return
    try:
        socket.create_connection((host.strip("[]") or "127.0.0.1", int(port)), timeout=5).close()
    except OSError as exc:
        found = "" if asked == address else " (where RAY_ADDRESS or the last `ray start` on this machine points)"
        raise InputError(f"cannot reach the Ray cluster: nothing answers at {address}{found} ({exc.strerror or exc})",
                         file=f"--ray {asked}") from None
