"""What keeps other web pages away from a running ``escapology serve``: the ``Host`` allow-list,
the response headers that forbid framing and foreign scripts, and unguessable job ids.

- **Host allow-list** (:func:`allowed_hosts`, enforced by Starlette's ``TrustedHostMiddleware``,
  400 for any other ``Host``): a page elsewhere can point a name of its own at 127.0.0.1 (DNS
  rebinding) and then talk to the app as if from the same origin; the request still carries that
  foreign name in ``Host``, so only the loopback names and the names ``--host`` and
  ``--allow-host`` give are served. Listening on every interface (``--host 0.0.0.0`` or ``::``)
  without ``--allow-host`` accepts every name, as the address does not say which are meant.
- **Headers** (:class:`SecurityHeaders`, on every response): a Content-Security-Policy that lets
  the pages load scripts, styles, pictures and connections from the app only (no inline script, no
  ``eval``, no framing, no ``<base>``), ``X-Frame-Options: DENY``, ``X-Content-Type-Options:
  nosniff`` and ``Referrer-Policy: no-referrer``.
- **Job ids** (:func:`new_job_id`): 128 random bits, so that a page cannot read or cancel another
  page's job by counting.

>>> sorted(allowed_hosts("127.0.0.1", ("example.org",)))
['127.0.0.1', '::1', '[::1]', 'example.org', 'localhost']
>>> allowed_hosts("0.0.0.0", ())
['*']
>>> len(new_job_id())
32
"""

from __future__ import annotations

import secrets
from typing import Iterable

from escapology.web.asgi import HttpMiddleware, Message, Receive, Scope, Send

__all__ = ["CSP", "HEADERS", "SecurityHeaders", "allowed_hosts", "new_job_id"]

#: the loopback names always served
LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")

#: addresses that listen on every interface
WILDCARD = ("0.0.0.0", "::", "[::]")

#: The pages' policy: everything from the app itself; pictures may also be ``data:`` and ``blob:``
#: URLs (the SVG the pages draw, the downloads they offer). Inline ``style`` attributes are not
#: allowed either: the pages style through their stylesheet and the DOM's ``element.style``.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
       "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
       "frame-ancestors 'none'")

HEADERS = (
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)


def allowed_hosts(host: str, also: Iterable[str] = ()) -> list[str]:
    """The ``Host`` names served when listening on ``host``, with the names ``also`` allows:
    the loopback names and ``host`` itself, or every name (``["*"]``) for a wildcard address
    without ``also``."""
    extra = [h for h in also if h]
    if host in WILDCARD and not extra:
        return ["*"]
    names = dict.fromkeys([*LOOPBACK, *([] if host in WILDCARD else [host]), *extra])
    return list(names)


def new_job_id() -> str:
    """A job's id: 128 random bits in hex."""
    return secrets.token_hex(16)


class SecurityHeaders(HttpMiddleware):
    """ASGI middleware: adds :data:`HEADERS` to every HTTP response (a header the app set itself
    is kept)."""

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers") or [])
                present = {k.lower() for k, _ in headers}
                headers.extend((k, v) for k, v in HEADERS if k not in present)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)
