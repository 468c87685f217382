"""The FastAPI application: :func:`create_app` with the API and the pages.

The API is the toolkit's protocol as JSON (:mod:`escapology.core.protocol`, the registry
:mod:`escapology.games`); its OpenAPI schema is at ``/openapi.json``. A bad instance, certificate
or option is a 422 with the reason (``{"detail": ...}``), a request larger than
``max_request_bytes`` a 413, a full solve queue a 503, a ``Host`` not served a 400
(:mod:`escapology.web.security`, which also sets the security headers). The pages (``/``) are plain HTML, CSS and
ES modules from ``static/``.
"""

from __future__ import annotations

from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.middleware.trustedhost import TrustedHostMiddleware

from escapology import __version__
from escapology.web import routes_games, routes_jobs
from escapology.web.instances import BadInstance
from escapology.web.jobs import Busy, Jobs
from escapology.web.limits import BodyLimit
from escapology.web.security import SecurityHeaders, allowed_hosts
from escapology.web.settings import Settings
from escapology.web.store import WebStore

__all__ = ["create_app"]

STATIC = Path(__file__).parent / "static"


def create_app(settings: Settings | None = None) -> FastAPI:
    """The app for ``settings`` (default :class:`Settings`): the worker pool starts with it and
    stops with it (FastAPI's lifespan)."""
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = WebStore(settings.store)
        jobs = Jobs(settings.max_solves, settings.max_queued, lambda row: store.run("record", row))
        app.state.store, app.state.jobs = store, jobs
        await jobs.start()
        try:
            yield
        finally:
            await jobs.close()
            store.close()

    app = FastAPI(title="escapology", version=__version__, lifespan=lifespan,
                  description="Load, solve, check and play the escape games of the complexity literature: "
                              "the JSON of the toolkit's protocol.")
    app.state.settings = settings
    app.add_middleware(BodyLimit, limit=settings.max_request_bytes)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(TrustedHostMiddleware, allowed_hosts=allowed_hosts(settings.host, settings.allowed_hosts))

    @app.exception_handler(BadInstance)
    async def bad_instance(request: Request, exc: BadInstance) -> JSONResponse:
        return JSONResponse({"detail": exc.reason}, status_code=422)

    @app.exception_handler(Busy)
    async def busy(request: Request, exc: Busy) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=503)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = [{"loc": list(e.get("loc", ())), "msg": str(e.get("msg", ""))} for e in exc.errors()]
        return JSONResponse({"detail": errors}, status_code=422)

    app.include_router(routes_games.router)
    app.include_router(routes_jobs.router)

    @app.get("/", include_in_schema=False)
    async def index() -> Any:
        return FileResponse(STATIC / "index.html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Any:  # an SVG: every browser of today takes it, also at this old address
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app
