"""The request size limit: an ASGI middleware that answers 413 for a body over ``limit`` bytes,
by its ``Content-Length`` or, without one, as soon as the bytes received pass the limit."""

from __future__ import annotations

import json
from typing import Any, Awaitable, Callable

__all__ = ["BodyLimit"]

Scope = dict[str, Any]
Message = dict[str, Any]


class TooLarge(Exception):
    pass


class BodyLimit:
    def __init__(self, app: Callable[..., Awaitable[None]], limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Callable[[], Awaitable[Message]],
                       send: Callable[[Message], Awaitable[None]]) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
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

    async def _refuse(self, send: Callable[[Message], Awaitable[None]]) -> None:
        body = json.dumps({"detail": f"the request is larger than the limit of {self.limit} bytes"}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})
