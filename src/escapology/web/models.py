"""The request bodies of the API (pydantic models; FastAPI's OpenAPI schema describes them)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from escapology.core.commands import choices
from escapology.games import GAMES

__all__ = ["CheckRequest", "FramesRequest", "GameName", "GenerateRequest", "PlayRequest", "SolveRequest", "Source"]

#: the games, as the path parameter ``{game}`` of every game's route
GameName = choices("GameName", [g.name for g in GAMES])


class Source(BaseModel):
    """An instance: its text (a file's content, facts, a puzz.link URL, ...) and, optionally, the
    file name it came with (the suffix tells GraphML, XML and JSON files apart)."""

    text: str = Field(description="the instance in the game's file format")
    name: str | None = Field(None, max_length=200, description="the file name it came with")


class SolveRequest(Source):
    engine: str | None = Field(None, max_length=40, description="an engine of the game (default: its first)")
    timeout: float | None = Field(None, gt=0, description="seconds (at most the server's limit)")


class CheckRequest(Source):
    certificate: Any = Field(description="a certificate, or the answer object solve returned")


class FramesRequest(Source):
    certificate: Any = Field(None, description="a certificate (none: the instance alone)")


class GenerateRequest(BaseModel):
    options: dict[str, Any] = Field(default_factory=dict, description="the game's generator form")


class PlayRequest(Source):
    args: dict[str, Any] = Field(default_factory=dict, description="the move and the game's state")
