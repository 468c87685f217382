"""The web app: ``escapology serve`` (FastAPI and uvicorn) with pages of plain HTML, CSS and ES
modules that draw every board as SVG; see ``docs/web.md``.

:func:`create_app` makes the app for :class:`Settings`; the API is the JSON of the protocol of
every game (:mod:`escapology.core.protocol`), solves run in worker processes
(:mod:`escapology.web.jobs`) and their answers go to the batch runs' results store.
"""

import lazy_loader

# imported on first use (PEP 562, lazy_loader): `import escapology.<pkg>` and the command line stay light
__getattr__, __dir__, _ = lazy_loader.attach(__name__, submod_attrs={
    "app": ["create_app"],
    "settings": ["Settings"],
})

__all__ = ["Settings", "create_app"]
