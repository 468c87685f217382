"""``escapology serve``: the web app on 127.0.0.1 (by default) with uvicorn."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from escapology.core.cli_support import user_errors


@user_errors
def serve(
    host: Annotated[str, typer.Option("--host", help="The address to listen on (127.0.0.1: this machine only).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="The port.")] = 8000,
    store: Annotated[Optional[Path], typer.Option("--store", help="The results store (SQLite) that keeps the "
                                                  "solved instances.")] = Path("escapology.db"),
    solve_timeout: Annotated[float, typer.Option("--solve-timeout", min=0.1, help="Time limit of each solve, seconds.")] = 60.0,
    max_solves: Annotated[int, typer.Option("--max-solves", min=1, help="Solves that run at once (worker processes).")] = 2,
    max_queued: Annotated[int, typer.Option("--max-queued", min=0, help="Solves that may wait besides.")] = 200,
    max_request: Annotated[int, typer.Option("--max-request", min=1024, help="Largest request body, bytes.")] = 4 << 20,
    allow_host: Annotated[Optional[list[str]], typer.Option("--allow-host", help="Also serve requests that "
                                                            "name this host (repeatable; the loopback names and --host are always served).")] = None,
    shared: Annotated[Optional[Path], typer.Option("--shared", help="The folder of the shared real instances "
                                                   "(default: ../shared when it exists).")] = None,
) -> None:
    """Serve the web app: load, solve, step through and play every game in the browser."""
    import uvicorn  # uvicorn (~140 ms): only `escapology serve` runs it, not `escapology --help`

    from escapology.web.app import create_app  # the web app (fastapi, ~0.5 s): likewise only `serve`
    from escapology.web.settings import Settings, default_shared  # only `serve`: not every command's start-up

    settings = Settings(host=host, port=port, store=store, solve_timeout=solve_timeout, max_solves=max_solves,
                        max_queued=max_queued, max_request_bytes=max_request, allowed_hosts=tuple(allow_host or ()),
                        shared=shared if shared is not None else default_shared())
    where = "this machine only" if host in ("127.0.0.1", "localhost", "::1") else "every machine that reaches it"
    typer.echo(f"escapology serve: http://{host}:{port}/ (listening on {host}: {where}); results store "
               f"{store}; {max_solves} solve(s) at once, {solve_timeout:g} s each", err=True)
    uvicorn.run(create_app(settings), host=host, port=port, log_level="warning")
