"""What the app's own ASGI middlewares share (:class:`~escapology.web.limits.BodyLimit`,
:class:`~escapology.web.security.SecurityHeaders`): they act on HTTP requests and let everything
else (the lifespan events) pass through untouched."""

from __future__ import annotations

from typing import Any, Awaitable, Callable

__all__ = ["App", "HttpMiddleware", "Message", "Receive", "Scope", "Send"]

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[..., Awaitable[None]]


class HttpMiddleware:
    """An ASGI middleware around ``app`` whose :meth:`http` handles each HTTP request."""

    def __init__(self, app: App) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        await self.http(scope, receive, send)

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Handle one HTTP request (calling ``self.app`` to pass it on)."""
        raise NotImplementedError
