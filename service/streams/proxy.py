"""Forwards every request but the streams to the API server (gunicorn): the front of `castillo serve`.

One keep-alive pool of connections to the upstream (a unix socket in the data folder, or
http://HOST:PORT). Request and response bodies are streamed through, never buffered whole;
Host passes unchanged, hop-by-hop headers do not; X-Forwarded-For gets the peer appended and
X-Forwarded-Proto names the scheme (a trusted proxy's own X-Forwarded-Proto is kept). The
pool drops an idle connection after KEEPALIVE_S, before gunicorn would (its --keep-alive is
longer), so a request never goes out on a connection the upstream already closed; a GET or
HEAD that meets a dead connection anyway (gunicorn restarted) is sent once more. An upstream
that does not answer gives 503 `unavailable` with Retry-After: 1.
"""

from __future__ import annotations

import logging

import aiohttp
from aiohttp import web
from multidict import CIMultiDict
from yarl import URL

from service.errors import ServiceError
from service.peers import Trusted
from service.streams.problems import problem_response

log = logging.getLogger("castillo.streams")

HOP_BY_HOP = frozenset(
    (
        "connection",
        "keep-alive",
        "proxy-authenticate",
        "proxy-authorization",
        "proxy-connection",
        "te",
        "trailer",
        "transfer-encoding",
        "upgrade",
        "expect",  # the front answers 100-continue itself
    )
)
FORWARDING = frozenset(("x-forwarded-for", "x-forwarded-proto"))
SKIP_AUTO = ("User-Agent", "Accept", "Accept-Encoding", "Content-Type")  # send only what the client sent
POOL = 100  # connections to the upstream at most
KEEPALIVE_S = 30.0  # idle pooled connections are closed after this (gunicorn's --keep-alive is 60 s)
TIMEOUT = aiohttp.ClientTimeout(total=None, sock_connect=5.0, sock_read=120.0)
SAFE = frozenset(("GET", "HEAD", "OPTIONS"))


class Upstream:
    """The API server behind the front and the pool of connections to it."""

    def __init__(self, target: str, trusted: Trusted) -> None:
        if not target.startswith(("unix:", "http://")):
            raise ValueError(f"an upstream is unix:PATH or http://HOST:PORT, not {target!r}")
        self.target = target
        self.trusted = trusted
        self.base = "http://localhost" if target.startswith("unix:") else target.rstrip("/")
        self.session: aiohttp.ClientSession | None = None

    def open(self) -> aiohttp.ClientSession:
        """Returns the pool, opening it on first use (inside the running loop)."""
        if self.session is None:
            if self.target.startswith("unix:"):
                connector: aiohttp.BaseConnector = aiohttp.UnixConnector(
                    path=self.target[5:], limit=POOL, keepalive_timeout=KEEPALIVE_S
                )
            else:
                connector = aiohttp.TCPConnector(limit=POOL, keepalive_timeout=KEEPALIVE_S)
            self.session = aiohttp.ClientSession(
                connector=connector,
                auto_decompress=False,
                skip_auto_headers=SKIP_AUTO,
                timeout=TIMEOUT,
                cookie_jar=aiohttp.DummyCookieJar(),  # never carry one client's cookies to another
            )
        return self.session

    async def close(self) -> None:
        """Closes the pool."""
        if self.session is not None:
            await self.session.close()


UPSTREAM = web.AppKey("upstream", Upstream)


def install(app: web.Application, target: str, trusted: Trusted) -> None:
    """Routes every request that no earlier route took to `target`."""
    app[UPSTREAM] = Upstream(target, trusted)
    app.router.add_route("*", "/{tail:.*}", forward)
    app.on_cleanup.append(_close)


async def _close(app: web.Application) -> None:
    await app[UPSTREAM].close()


def request_headers(request: web.Request, trusted: Trusted) -> CIMultiDict[str]:
    """Returns the headers to send upstream: the client's end-to-end ones plus X-Forwarded-*."""
    named = {
        n.strip().lower() for value in request.headers.getall("Connection", []) for n in value.split(",")
    }
    dropped = HOP_BY_HOP | FORWARDING | named
    out = CIMultiDict((k, v) for k, v in request.headers.items() if k.lower() not in dropped)
    peer = request.remote or "unix"
    hops = [*request.headers.getall("X-Forwarded-For", []), peer]
    out["X-Forwarded-For"] = ", ".join(hops)
    proto = request.headers.get("X-Forwarded-Proto") if peer in trusted else None
    out["X-Forwarded-Proto"] = proto or request.scheme
    return out


async def forward(request: web.Request) -> web.StreamResponse:
    """Sends the request upstream and streams the answer back unchanged (but for hop-by-hop headers)."""
    upstream = request.app[UPSTREAM]
    try:
        answer = await _send(request, upstream)
    except (TimeoutError, aiohttp.ClientConnectionError) as exc:
        log.warning("the API server at %s does not answer: %s", upstream.target, exc)
        detail = "the API server does not answer (it may be restarting); try again in a moment"
        return problem_response(ServiceError("unavailable", detail), {"Retry-After": "1"})
    async with answer:
        response = web.StreamResponse(status=answer.status, reason=answer.reason)
        for name, value in answer.headers.items():
            if name.lower() not in HOP_BY_HOP:
                response.headers.add(name, value)
        await response.prepare(request)
        async for chunk in answer.content.iter_any():
            await response.write(chunk)
        await response.write_eof()
    return response


async def _send(request: web.Request, upstream: Upstream) -> aiohttp.ClientResponse:
    """Sends the request upstream; a safe request without a body is sent once more if the connection was dead."""
    session = upstream.open()
    url = URL(upstream.base + request.raw_path, encoded=True)
    headers = request_headers(request, upstream.trusted)
    data = request.content if request.body_exists else None
    try:
        return await session.request(request.method, url, headers=headers, data=data, allow_redirects=False)
    except (aiohttp.ServerDisconnectedError, aiohttp.ClientOSError):
        if request.method not in SAFE or data is not None:
            raise
        return await session.request(request.method, url, headers=headers, allow_redirects=False)
