"""Reads a Server-Sent Events response frame by frame, as the tests need it (comments kept)."""

from __future__ import annotations

import json
import time
from typing import Any

import requests


class Stream:
    """An open event stream: each frame a dict of its fields, comments under "comment"."""

    def __init__(self, url: str, headers: dict[str, str] | None = None, timeout: float = 10.0) -> None:
        self.response = requests.get(url, headers=headers or {}, stream=True, timeout=timeout)
        self.status = self.response.status_code
        self._lines = self.response.iter_lines(decode_unicode=True)
        self.closed = False

    def frame(self) -> dict[str, str] | None:
        """Returns the next frame, or None once the server closed the stream."""
        frame: dict[str, str] = {}
        for line in self._lines:
            if line == "":
                if frame:
                    return frame
                continue
            name, _, value = line.partition(":")
            frame[name or "comment"] = value.removeprefix(" ")
        self.closed = True
        return frame or None

    def until(self, done: Any, limit: int = 500) -> list[dict[str, str]]:
        """Returns frames up to and including the first for which `done(frame)` holds (or the stream's end)."""
        frames: list[dict[str, str]] = []
        for _ in range(limit):
            frame = self.frame()
            if frame is None:
                break
            frames.append(frame)
            if done(frame):
                break
        return frames

    def rest(self, limit: int = 500) -> list[dict[str, str]]:
        """Returns every frame until the server closes the stream."""
        return self.until(lambda _f: False, limit)

    def close(self) -> None:
        """Closes the connection."""
        self.response.close()


def entries(frames: list[dict[str, str]]) -> list[dict[str, Any]]:
    """Returns the entries (decoded `data`) of `event: entry` frames."""
    return [json.loads(f["data"]) for f in frames if f.get("event") == "entry"]


def end_of(frames: list[dict[str, str]]) -> dict[str, Any] | None:
    """Returns the data of the `event: end` frame among `frames`, if any."""
    ends = [json.loads(f["data"]) for f in frames if f.get("event") == "end"]
    return ends[-1] if ends else None


def wait_for(check: Any, timeout: float = 10.0, pause: float = 0.05) -> Any:
    """Returns the first true value of `check()` within `timeout` seconds; fails otherwise."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(pause)
    raise AssertionError(f"still false after {timeout} s: {check}")
