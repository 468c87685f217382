"""The request size limit: an ASGI middleware that answers 413 for a body over ``limit`` bytes,
by its ``Content-Length`` or, without one, as soon as the bytes received pass the limit."""

from __future__ import annotations

import json

from escapology.web.asgi import App, HttpMiddleware, Message, Receive, Scope, Send

__all__ = ["BodyLimit"]


class TooLarge(Exception):
    pass


class BodyLimit(HttpMiddleware):
    def __init__(self, app: App, limit: int) -> None:
        super().__init__(app)
        self.limit = limit

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await self._refuse(send)
            return
        received = 0
        started = False

        async def counting() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise TooLarge()
            return message

        async def tracking(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counting, tracking)
        except TooLarge:
            if not started:
                await self._refuse(send)

    async def _refuse(self, send: Send) -> None:
        body = json.dumps({"detail": f"the request is larger than the limit of {self.limit} bytes"}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})
