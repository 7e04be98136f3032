"""Writes the Server-Sent Events of a game's stream and reads where a stream resumes (pure).

The wire format: `retry: 3000` first; one `id: <version>` / `event: entry` / `data: <entry
as the caller may see it>` frame per log entry; a `: keep-alive` comment when there is
nothing to say; after each batch an `event: receipt` (the signed receipt of its last version);
`event: end` last, with `{status, version}` once the game is over, or with a
problem (`code: unauthorized`, plus `version`) when the caller's credential was revoked or
its session expired.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from engine.errors import Text
from engine.i18n import N_
from service.errors import ServiceError, problem, validation

RETRY = b"retry: 3000\n\n"
KEEPALIVE = b": keep-alive\n\n"
HEADERS = {"Content-Type": "text/event-stream", "Cache-Control": "no-cache", "X-Accel-Buffering": "no"}


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def entry_frames(envs: Iterable[dict[str, Any]]) -> list[tuple[int, bytes]]:
    """Returns (version, frame) of each redacted entry."""
    return [(env["v"], f"id: {env['v']}\nevent: entry\ndata: {_compact(env)}\n\n".encode()) for env in envs]


def receipt_frame(receipt: str, version: int) -> bytes:
    """Returns the frame that follows a batch: the server's signed receipt of its last version
    (service.receipts), `data: {"receipt", "v"}`; no `id`, so resuming is unaffected."""
    return f"event: receipt\ndata: {_compact({'receipt': receipt, 'v': version})}\n\n".encode()


def end_frame(status: str, version: int) -> bytes:
    """Returns the last frame of a stream whose game is over."""
    return f"event: end\ndata: {_compact({'status': status, 'version': version})}\n\n".encode()


def revoked_frame(reason: str, version: int) -> bytes:
    """Returns the last frame of a stream whose credential no longer holds: an `unauthorized` problem."""
    _, body = problem(
        ServiceError(
            "unauthorized", Text(N_("this stream's credential no longer holds: {reason}"), reason=reason)
        )
    )
    return f"event: end\ndata: {_compact({**body, 'version': version})}\n\n".encode()


def resume_point(last_event_id: str | None, after: str | None, default: int) -> int:
    """Returns the version to stream after: Last-Event-ID, else `after`, else `default`."""
    raw = last_event_id or after
    if raw is None:
        return default
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 12:  # '٣' is a digit to isdigit alone
        raise validation(
            Text(N_("Last-Event-ID / after must be a version number, got {value}"), value=repr(raw[:40]))
        )
    return int(raw)
