"""The web app: ``escapology serve`` (FastAPI and uvicorn) with pages of plain HTML, CSS and ES
modules that draw every board as SVG; see ``docs/web.md``.

:func:`create_app` makes the app for :class:`Settings`; the API is the JSON of the protocol of
every game (:mod:`escapology.core.protocol`), solves run in worker processes
(:mod:`escapology.web.jobs`) and their answers go to the batch runs' results store.
"""

from escapology.core.lazy import lazy_package

__getattr__, __dir__ = lazy_package(__name__, {
    ".app": ["create_app"],
    ".settings": ["Settings"],
})

__all__ = ["Settings", "create_app"]
