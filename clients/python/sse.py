"""Parses a Server-Sent Events byte stream (the WHATWG event-stream format) into events.

`SseParser.feed(chunk)` accepts bytes as they arrive (any split, CR, LF or CRLF line ends)
and returns the events completed by them; comments (keep-alives) are skipped, `retry:`
is remembered, and `id:` carries over to later events as the last event id.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class SseEvent:
    """One dispatched server-sent event: `event` type (default "message"), `data` text, last `id`."""

    event: str
    data: str
    id: str | None

    def json(self) -> Any:
        """Returns `data` parsed as JSON (None when it is empty)."""
        return json.loads(self.data) if self.data else None


class SseParser:
    """Incremental event-stream parser; one instance per connection."""

    def __init__(self, last_id: str | None = None) -> None:
        self.last_id = last_id
        self.retry_ms: int | None = None
        self._buffer = b""
        self._event = ""
        self._data: list[str] = []

    def feed(self, chunk: bytes) -> list[SseEvent]:
        """Returns the events completed by `chunk`, keeping any partial line for the next call."""
        self._buffer += chunk
        events: list[SseEvent] = []
        while (line := self._next_line()) is not None:
            event = self._line(line)
            if event is not None:
                events.append(event)
        return events

    def _next_line(self) -> str | None:
        """Returns and consumes the next complete line of the buffer, or None."""
        for index, byte in enumerate(self._buffer):
            if byte in (10, 13):
                if byte == 13 and index + 1 == len(self._buffer):
                    return None  # a CR at the end may be the first half of CRLF
                end = index + 2 if self._buffer[index : index + 2] == b"\r\n" else index + 1
                line, self._buffer = self._buffer[:index], self._buffer[end:]
                return line.decode("utf-8", errors="replace")
        return None

    def _line(self, line: str) -> SseEvent | None:
        """Applies one line; returns the event a blank line dispatches."""
        if not line:
            return self._dispatch()
        if line.startswith(":"):
            return None
        name, _, value = line.partition(":")
        value = value.removeprefix(" ")
        if name == "data":
            self._data.append(value)
        elif name == "event":
            self._event = value
        elif name == "id" and "\0" not in value:
            self.last_id = value
        elif name == "retry" and value.isdigit():
            self.retry_ms = int(value)
        return None

    def _dispatch(self) -> SseEvent | None:
        """Returns the event gathered so far (None if it has no data) and resets the fields."""
        data, kind = self._data, self._event
        self._data, self._event = [], ""
        if not data:
            return None
        return SseEvent(event=kind or "message", data="\n".join(data), id=self.last_id)
