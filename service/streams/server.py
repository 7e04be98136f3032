"""The stream server: an aiohttp app serving GET /games/{id}/stream (and, as a front, proxying the rest).

Each stream is validated exactly as the Flask route documents it (the query's schema, then
404 `unknown-game`, 401 `unauthorized`, 400 for a bad Last-Event-ID), counted against
STREAM_MAX_TOTAL and STREAM_MAX_PER_CLIENT (the client address of service.peers, proxy
headers believed only from TRUSTED_PROXIES; over a cap: 503 `too-many-streams` with
Retry-After), then fed by the hub. A stream costs a socket, a queue and a keep-alive timer.
"""

from __future__ import annotations

import asyncio
import logging
import resource
import signal
import time
from collections import Counter
from typing import Any

from aiohttp import web
from marshmallow import EXCLUDE, ValidationError

import service.i18n  # noqa: F401 - registers the service's catalogs (problem titles and details)
from engine.i18n import N_, current, negotiate, speaking
from service.api.inputs import limit_problem
from service.api.schemas import StreamArgs
from service.auth import SPECTATOR, Grant, grant, parse_bearer
from service.config import Config
from service.errors import PROBLEM_BASE, ServiceError, schema_problem
from service.games import GameService
from service.loaded import Loaded
from service.peers import Trusted, client_address
from service.redis_clients import STORE_ERRORS, store_client, stream_client
from service.store import use_prefix
from service.streams import proxy
from service.streams.hub import BATCH, Final, Hub, Subscriber
from service.streams.problems import json_problem, problem_response
from service.streams.wire import HEADERS, KEEPALIVE, RETRY, end_frame, resume_point, revoked_frame

log = logging.getLogger("castillo.streams")

CONFIG = web.AppKey("config", Config)
CAPS = web.AppKey("caps", "Caps")
HUB = web.AppKey("hub", Hub)
TRUSTED = web.AppKey("trusted", Trusted)
UNEXPECTED = {  # as the Flask app answers anything unexpected
    "type": PROBLEM_BASE + "unavailable",
    "title": "Internal error",
    "status": 500,
    "detail": "an unexpected error; it was logged",
    "code": "unavailable",
}
BACKLOG = 1024  # pending connections the listening socket holds (many streams open at once)
PARSER_LIMIT = 65536  # the front's longest request line and header field; the API's limits are smaller


class Caps:
    """Counts the open streams, in all and per client address; refuses one over either cap."""

    def __init__(self, total: int, per_client: int) -> None:
        self.total, self.per_client = total, per_client
        self.open = 0
        self.by_client: Counter[str] = Counter()

    def acquire(self, address: str) -> str | None:
        """Counts a new stream of `address`; returns why it is refused instead (nothing counted)."""
        if self.open >= self.total:
            return f"this server holds {self.open} open streams, its cap (STREAM_MAX_TOTAL)"
        if self.by_client[address] >= self.per_client:
            return f"{address} holds {self.by_client[address]} open streams, the cap per client address"
        self.open += 1
        self.by_client[address] += 1
        return None

    def release(self, address: str) -> None:
        """Uncounts a stream of `address` that has ended."""
        self.open -= 1
        self.by_client[address] -= 1
        if self.by_client[address] <= 0:
            del self.by_client[address]


def make_app(config: Config, upstream: str | None = None) -> web.Application:
    """Returns the stream server; with `upstream` (unix:PATH or http://HOST:PORT) it proxies every other request there."""
    use_prefix(config.KEY_PREFIX)
    app = web.Application(middlewares=[in_the_request_language, within_limits])
    app[CONFIG] = config
    app[CAPS] = Caps(config.STREAM_MAX_TOTAL, config.STREAM_MAX_PER_CLIENT)
    app[TRUSTED] = Trusted.parse(config.TRUSTED_PROXIES)
    app.router.add_get("/games/{game_id}/stream", stream, allow_head=False)
    if upstream:
        proxy.install(app, upstream, app[TRUSTED])
    else:
        app.router.add_route("*", "/{tail:.*}", elsewhere)
    app.on_startup.append(_start_hub)
    app.on_shutdown.append(_close_hub)
    return app


@web.middleware
async def in_the_request_language(request: web.Request, handler: Any) -> web.StreamResponse:
    """Answers in the request's language, as the Flask app does (service.language): problems and
    the stream's own refusals speak it, and an answer not yet sent says which it is."""
    with speaking(negotiate(request.headers.get("Accept-Language"))) as language:
        response = await handler(request)
    if not response.prepared:
        labelled(response.headers, language)
    return response


def labelled(headers: Any, language: str) -> Any:
    """Sets Content-Language and adds Accept-Language to Vary (keeping its other values) in `headers`."""
    headers["Content-Language"] = language
    vary = [v.strip() for v in headers.get("Vary", "").split(",") if v.strip()]
    if "accept-language" not in {v.lower() for v in vary}:
        headers["Vary"] = ", ".join([*vary, "Accept-Language"])
    return headers


@web.middleware
async def within_limits(request: web.Request, handler: Any) -> web.StreamResponse:
    """Answers a request past the API's URL and header limits (service.api.inputs) with the same
    problem+json the app gives, before streaming or proxying it: the front's own parser takes
    up to PARSER_LIMIT bytes a line, so gunicorn's HTML refusals are never reached through it."""
    fields = [(name.decode("latin-1"), value.decode("latin-1")) for name, value in request.raw_headers]
    refusal = limit_problem(len(request.raw_path), fields)
    return problem_response(refusal) if refusal is not None else await handler(request)


async def _start_hub(app: web.Application) -> None:
    config = app[CONFIG]
    app[HUB] = Hub(GameService(store_client(config.REDIS_URL), config), stream_client(config.REDIS_URL))


async def _close_hub(app: web.Application) -> None:
    await app[HUB].close()


async def elsewhere(request: web.Request) -> web.Response:
    """Answers every path but the streams: 404, they are served by the API server."""
    detail = "this is Castillo's stream server: it serves only GET /games/{id}/stream"
    return problem_response(ServiceError("not-found", detail))


async def stream(request: web.Request) -> web.StreamResponse:
    """Serves GET /games/{id}/stream: validates, counts against the caps, then streams."""
    caps, config = request.app[CAPS], request.app[CONFIG]
    forwarded = request.headers.getall("X-Forwarded-For", [])
    address = client_address(request.remote, forwarded, request.app[TRUSTED])
    refusal = caps.acquire(address)
    if refusal is not None:
        retry = {"Retry-After": str(config.STREAM_RETRY_AFTER_S)}
        return problem_response(ServiceError("too-many-streams", refusal), retry)
    try:
        return await _serve(request)
    finally:
        caps.release(address)


async def _serve(request: web.Request) -> web.StreamResponse:
    """Validates the request; answers its problem, or streams until the end, a revocation or a drop."""
    hub = request.app[HUB]
    try:
        opened = await _open(request, hub, request.app[CONFIG])
    except ServiceError as exc:
        return problem_response(exc)
    except ValidationError as exc:
        return json_problem(400, schema_problem({"query": exc.messages}))
    except STORE_ERRORS as exc:
        log.warning("stream refused: the store is unavailable (%s)", exc)
        return problem_response(ServiceError("unavailable", N_("the game store is unavailable")))
    except Exception:
        log.exception("unexpected error opening a stream")
        return json_problem(500, UNEXPECTED)
    response = web.StreamResponse(headers=labelled(dict(HEADERS), current()))
    response.force_close()
    await response.prepare(request)
    await response.write(RETRY)
    try:
        await _stream(response, hub, *opened, request.app[CONFIG].SSE_KEEPALIVE_S)
    except (ConnectionError, RuntimeError):
        pass  # the client went away (aiohttp raises RuntimeError on a closed transport in older versions)
    return response


async def _open(request: web.Request, hub: Hub, config: Config) -> tuple[Loaded, Grant, int]:
    """Returns the game, the caller's grant and the resume point; raises the route's refusals in its order."""
    query = request.query
    StreamArgs().load({"after": query.getone("after")} if "after" in query else {}, unknown=EXCLUDE)
    loaded = await hub.load(request.match_info["game_id"])
    bearer = parse_bearer(request.headers.get("Authorization", ""))
    granted = grant(loaded.meta, bearer, config.SECRET_KEY, config.ADMIN_TOKEN)
    after = resume_point(request.headers.get("Last-Event-ID"), query.get("after"), loaded.version)
    return loaded, granted, after


async def _stream(
    response: web.StreamResponse, hub: Hub, loaded: Loaded, granted: Grant, after: int, keepalive: float
) -> None:
    """Writes the entries after `after`, then what the hub queues, until the stream's last frame."""
    if loaded.status != "running":
        await _finished(response, hub, loaded, after)
        return
    sub, until = hub.subscribe(loaded, granted, after)
    try:
        for lo in range(after, until, BATCH):
            page = await hub.page(sub, loaded, lo, min(until, lo + BATCH))
            if isinstance(page, Final):
                await response.write(page.frame)
                return
            await response.write(page)
        await _pump(response, sub, keepalive)
    finally:
        hub.unsubscribe(sub)


async def _finished(response: web.StreamResponse, hub: Hub, loaded: Loaded, after: int) -> None:
    """Writes what is left of a game that is over (all of it public by then), and `event: end`."""
    sub = Subscriber(loaded.game_id, Grant(SPECTATOR), after)
    for lo in range(after, loaded.version, BATCH):
        page = await hub.page(sub, loaded, lo, min(loaded.version, lo + BATCH))
        await response.write(page.frame if isinstance(page, Final) else page)
    await response.write(end_frame(loaded.status, max(after, loaded.version)))


async def _pump(response: web.StreamResponse, sub: Subscriber, keepalive: float) -> None:
    """Writes the stream's queued frames and a keep-alive whenever it has been quiet for `keepalive`."""
    while True:
        expires = sub.grant.expires
        wait = keepalive if expires is None else max(0.0, min(keepalive, expires - time.time()))
        try:
            async with asyncio.timeout(wait):
                item = await sub.queue.get()
        except TimeoutError:
            if expires is not None and time.time() >= expires:
                item = Final(revoked_frame("the session has expired", sub.queued))
            else:
                await response.write(KEEPALIVE)
                continue
        if isinstance(item, Final):
            await response.write(item.frame)
            return
        await response.write(item)


def raise_open_files(wanted: int) -> int:
    """Raises this process's soft limit of open files towards `wanted` (at most the hard limit); returns it."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        return target
    return soft


async def start(app: web.Application, host: str, port: int) -> web.AppRunner:
    """Starts `app` on host:port (a client that disconnects cancels its handler); returns its runner."""
    runner = web.AppRunner(
        app,
        handler_cancellation=True,
        access_log=None,
        shutdown_timeout=5.0,
        max_line_size=PARSER_LIMIT,
        max_field_size=PARSER_LIMIT,
    )
    await runner.setup()
    await web.TCPSite(runner, host, port, backlog=BACKLOG).start()
    return runner


def run(config: Config, host: str, port: int, upstream: str | None = None) -> None:
    """Runs the stream server until SIGTERM or SIGINT."""
    limit = raise_open_files(2 * config.STREAM_MAX_TOTAL + 1024)
    log.info("stream server on http://%s:%d, open files up to %d", host, port, limit)
    if upstream:
        log.info("proxying every other request to %s", upstream)
    asyncio.run(_serve_until_signalled(make_app(config, upstream), host, port))


async def _serve_until_signalled(app: web.Application, host: str, port: int) -> None:
    runner = await start(app, host, port)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    log.info("stream server stopping")
    await runner.cleanup()
