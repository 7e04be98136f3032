"""Follows a game's Server-Sent Events stream, resuming after a dropped connection.

Each (re)connection sends `Last-Event-ID` with the last id seen, so the server replays
exactly the versions missed. The `retry:` field sets the pause before reconnecting.
"""

from __future__ import annotations

import time
from collections.abc import Generator, Iterator

import requests

from clients.python.errors import ClientError
from clients.python.sse import SseParser
from clients.python.transport import Transport
from clients.python.types import StreamEvent
from engine.i18n import _

READ_TIMEOUT_S = 90.0  # well above the server's keep-alive period
END_EVENTS = frozenset({"end"})
MAX_FAILURES = 5


def follow(
    http: Transport, game_id: str, last_event_id: int | str | None
) -> Generator[StreamEvent, None, None]:
    """Yields the game's events up to and including `end`; reconnects after a dropped connection.

    Without `last_event_id` it starts at the game's current version, read first so that a
    reconnection before the first event resumes from there and misses nothing.
    """
    if last_event_id is None:
        last_event_id = http.request("GET", f"/games/{game_id}").json()["version"]
    last = str(last_event_id)
    pause, failures = 1.0, 0
    while True:
        parser = SseParser(last)
        try:
            for event in _connection(http, game_id, parser):
                failures = 0
                yield event
                if event.event in END_EVENTS:
                    return
        except (
            requests.ConnectionError,
            requests.Timeout,
            requests.exceptions.ChunkedEncodingError,
        ) as error:
            failures += 1
            if failures > MAX_FAILURES:
                raise ClientError(
                    _("lost the event stream of {game}: {error}").format(game=game_id, error=error)
                ) from None
        last = parser.last_id if parser.last_id is not None else last
        pause = parser.retry_ms / 1000 if parser.retry_ms is not None else pause
        time.sleep(pause)


def _connection(http: Transport, game_id: str, parser: SseParser) -> Iterator[StreamEvent]:
    """Yields the events of one connection until the server closes it."""
    headers = {"Accept": "text/event-stream"}
    if parser.last_id is not None:
        headers["Last-Event-ID"] = parser.last_id
    response = http.request(
        "GET", f"/games/{game_id}/stream", headers=headers, stream=True, timeout=READ_TIMEOUT_S
    )
    with response:
        for chunk in response.iter_content(chunk_size=None):
            for raw in parser.feed(chunk):
                yield StreamEvent(raw.event, raw.id, raw.json() if raw.data else None)
