"""The API of every game: list, load, generate, check, the certificate step by step, and play."""

from __future__ import annotations

import importlib.util
from typing import Any, Callable

from fastapi import APIRouter, HTTPException, Request
from fastapi.concurrency import run_in_threadpool

from escapology.core.errors import InputError
from escapology.games import GAMES
from escapology.web.instances import BadInstance, content_hash, game_named, listing, load_text, read_listed
from escapology.web.models import CheckRequest, FramesRequest, GameName, GenerateRequest, PlayRequest, Source
from escapology.web.views import view
from escapology.web.views.common import generate_options, play as run_play
from escapology.web.worker import Call

router = APIRouter(prefix="/api")


def _has_view(game: str) -> bool:
    return importlib.util.find_spec(f"escapology.web.views.{game}") is not None


def guarded(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """``fn(...)``; what a game raises for a bad certificate or option is a :class:`BadInstance`."""
    try:
        return fn(*args, **kwargs)
    except BadInstance:
        raise
    except InputError as exc:
        raise BadInstance(str(exc)) from None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as exc:
        raise BadInstance(f"{type(exc).__name__}: {exc}") from None


@router.get("/games", summary="The games, their engines and generator forms")
def games() -> list[dict[str, Any]]:
    out = []
    for g in GAMES:
        has_view = _has_view(g.name)
        out.append({"name": g.name, "title": g.title, "engines": [e.name for e in g.engines],
                    "size_unit": g.size_unit, "view": has_view,
                    "coordinates": (coords.to_json() if (coords := g.coordinates()) is not None else None),
                    "generate": view(g.name).GENERATE if has_view else []})
    return out


@router.get("/games/{game}/instances", summary="The shipped examples and the shared real instances")
def instances(game: GameName, request: Request) -> dict[str, list[str]]:
    s = request.app.state.settings
    return listing(game.value, s.examples, s.shared)


@router.get("/games/{game}/instances/{source}/{name}", summary="One listed instance's text")
def instance(game: GameName, source: str, name: str, request: Request) -> dict[str, str]:
    s = request.app.state.settings
    try:
        text, fname = read_listed(game.value, source, name, s.examples, s.shared)
    except KeyError:
        raise HTTPException(404, f"no {source} instance {name!r} of {game.value}") from None
    return {"text": text, "name": fname}


def _loaded(game: str, text: str, name: str | None, timeout: float) -> dict[str, Any]:
    g = game_named(game)
    inst = load_text(g, text, name, timeout=timeout)
    out: dict[str, Any] = {"game": game, "name": name, "content_hash": content_hash(text), "size": None,
                           "size_unit": g.size_unit, "state": None, "svg": None}
    out["size"] = guarded(g.size, inst)
    if _has_view(game):
        out["state"] = guarded(view(game).state, inst)
    else:
        out["svg"] = guarded(lambda: g.protocol().render(inst).to_string())
    return out


@router.post("/games/{game}/load", summary="Read an instance: its size and its state as JSON")
async def load(game: GameName, body: Source, request: Request) -> dict[str, Any]:
    s = request.app.state.settings
    return await run_in_threadpool(_loaded, game.value, body.text, body.name, s.quick_timeout)


@router.post("/games/{game}/generate", summary="A new instance from the generator form")
async def generate(game: GameName, body: GenerateRequest, request: Request) -> dict[str, Any]:
    s = request.app.state.settings
    if not _has_view(game.value):
        raise BadInstance(f"{game.value} has no generator form")

    guarded(generate_options, game.value, body.options)  # a 422 before a worker is taken
    job = await request.app.state.jobs.run(Call("escapology.web.views.common:generate",
                                                {"game": game.value, "options": body.options}), s.quick_timeout)
    made = _answer(job)
    loaded = await run_in_threadpool(_loaded, game.value, made["text"], made["name"], s.quick_timeout)
    return {**loaded, "text": made["text"]}


def _answer(job: Any) -> Any:
    """A worker call's value; its bad input is a 422, its time limit a 422 too (it is the input's)."""
    if job.state != "done":
        reason = job.events[-1].get("reason", job.state) if job.events else job.state
        raise BadInstance(f"not answered: {reason}")
    if "error" in job.answer:
        raise BadInstance(job.answer["error"])
    return job.answer["ok"]


async def _with_instance(game: GameName, body: Source, request: Request,
                         work: Callable[[Any, Any], dict[str, Any]]) -> dict[str, Any]:
    """``work(game, instance)`` in a thread of the server, the instance read from the request's
    text within the quick time limit."""
    timeout = request.app.state.settings.quick_timeout

    def run() -> dict[str, Any]:
        g = game_named(game.value)
        return work(g, load_text(g, body.text, body.name, timeout=timeout))

    return await run_in_threadpool(run)


@router.post("/games/{game}/check", summary="The independent checker's verdict on a certificate")
async def check(game: GameName, body: CheckRequest, request: Request) -> dict[str, Any]:
    return await _with_instance(game, body, request,
                                lambda g, inst: guarded(lambda: g.protocol().check(inst, body.certificate).to_json()))


@router.post("/games/{game}/frames", summary="The states of a certificate, step by step, and its picture")
async def frames(game: GameName, body: FramesRequest, request: Request) -> dict[str, Any]:
    def run(g: Any, inst: Any) -> dict[str, Any]:
        out: dict[str, Any] = {"frames": None, "svg": None}
        if _has_view(game.value):
            out["frames"] = guarded(view(game.value).frames, inst, body.certificate)
        else:
            out["svg"] = guarded(lambda: g.protocol().render(inst, body.certificate).to_string())
        return out

    return await _with_instance(game, body, request, run)


@router.post("/games/{game}/play/{action}", summary="A move of play (the game's own actions)")
async def play(game: GameName, action: str, body: PlayRequest, request: Request) -> Any:
    s = request.app.state.settings
    module = view(game.value) if _has_view(game.value) else None
    if module is None or action not in getattr(module, "ACTIONS", {}):
        raise HTTPException(404, f"{game.value} has no action {action!r}")

    kwargs = {"game": game.value, "action": action, "text": body.text, "name": body.name, "args": body.args}
    if action in getattr(module, "SLOW", ()):
        job = await request.app.state.jobs.run(Call("escapology.web.views.common:play", kwargs), s.quick_timeout)
        return _answer(job)
    return await run_in_threadpool(guarded, run_play, **kwargs)


@router.get("/games/{game}/solved", summary="The answers the results store keeps for this game")
async def solved(game: GameName, request: Request) -> list[dict[str, Any]]:
    return await request.app.state.store.run("solved", game.value)


@router.get("/games/{game}/solved/{content_hash}", summary="A solved instance's text, from the store")
async def solved_instance(game: GameName, content_hash: str, request: Request) -> dict[str, Any]:
    found = await request.app.state.store.run("instance", content_hash, game.value)
    if found is None:
        raise HTTPException(404, "the store keeps no such instance")
    return found


@router.get("/games/{game}/solved/{content_hash}/{engine}",
            summary="The latest answer of an engine to a solved instance (a page's link names it)")
async def solved_answer(game: GameName, content_hash: str, engine: str, request: Request) -> dict[str, Any] | None:
    """``null`` when the store keeps none (a link from another server): the page says so, no 404 in its console."""
    return await request.app.state.store.run("answer", content_hash, game.value, engine)
