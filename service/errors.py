"""Refusals raised by the service itself, and the one table mapping every refusal to HTTP.

Engine refusals (`engine.errors.RuleViolation`) keep their code; the service adds its own
below. `problem(exc)` turns any of them into an RFC 9457 body (design.md, "Errors").
"""

from __future__ import annotations

import json
from typing import Any

from engine.errors import RuleViolation, UnknownGame

PROBLEM_BASE = "urn:castillo:problem:"

STATUS: dict[str, int] = {
    "validation": 400,
    "malformed-move": 400,
    "unauthorized": 401,
    "forbidden": 403,
    "unknown-game": 404,
    "not-found": 404,
    "method-not-allowed": 405,
    "not-acceptable": 406,
    "misdirected": 421,
    "not-your-turn": 409,
    "game-over": 409,
    "version-conflict": 409,
    "rules-retired": 409,
    "precondition-failed": 412,
    "payload-too-large": 413,
    "uri-too-long": 414,
    "unsupported-media-type": 415,
    "illegal-move": 422,
    "illegal-options": 422,
    "unsupported-option": 422,
    "idempotency-mismatch": 422,
    "vacation-exhausted": 422,
    "unknown-language": 422,
    "headers-too-large": 431,
    "rate-limited": 429,
    "unavailable": 503,
    "too-many-streams": 503,
}

TITLES: dict[str, str] = {
    "validation": "The request is not valid",
    "malformed-move": "The move is not a well-formed move of this game",
    "unauthorized": "A valid credential is required",
    "forbidden": "This credential may not do that",
    "unknown-game": "No such game",
    "not-found": "No such resource",
    "method-not-allowed": "Method not allowed on this resource",
    "not-acceptable": "No acceptable representation",
    "misdirected": "Streams are served by the stream server",
    "not-your-turn": "This seat owes no decision now",
    "game-over": "The game is over",
    "version-conflict": "The game has moved on since that version",
    "rules-retired": "The game's rules are no longer played by this server",
    "precondition-failed": "If-Match does not match the current version",
    "payload-too-large": "The request body is too large",
    "uri-too-long": "The URL is too long",
    "headers-too-large": "The request's header fields are too large",
    "unsupported-media-type": "The body must be JSON",
    "illegal-move": "The rules forbid that move",
    "illegal-options": "Those options are not allowed together",
    "unsupported-option": "Unknown or unimplemented option",
    "idempotency-mismatch": "That Idempotency-Key was used with another body",
    "vacation-exhausted": "Not enough vacation days left",
    "unknown-language": "This server does not speak that language",
    "rate-limited": "Too many requests: wait for Retry-After seconds",
    "unavailable": "The store is unavailable",
    "too-many-streams": "Too many open streams",
}
SCHEMA_DETAIL = "the request does not match its schema"


class ServiceError(Exception):
    """Signals a refusal of the service with a stable `code`; `extra` goes into the problem body."""

    def __init__(self, code: str, message: str, *, status: int | None = None, **extra: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.extra = extra
        self.status = status or STATUS[code]


def validation(message: str, **extra: Any) -> ServiceError:
    """Returns a 400 `validation` refusal."""
    return ServiceError("validation", message, **extra)


def problem(exc: BaseException) -> tuple[int, dict[str, Any]]:
    """Returns (status, RFC 9457 body) for a service or engine refusal."""
    if isinstance(exc, ServiceError):
        code, detail, extra = exc.code, exc.message, dict(exc.extra)
        status = exc.status
    elif isinstance(exc, RuleViolation):
        code, detail = exc.code, exc.message
        extra = {"reason": exc.reason, **({"rule": exc.rule} if exc.rule else {})}
        status = STATUS.get(code, 422)
    elif isinstance(exc, UnknownGame):
        code, detail, extra = "unknown-game", str(exc.args[0]) if exc.args else "unknown game", {}
        status = 404
    else:
        raise TypeError(f"not a refusal: {exc!r}")
    body = {
        "type": PROBLEM_BASE + code,
        "title": TITLES.get(code, code),
        "status": status,
        "detail": detail,
        "code": code,
        **extra,
    }
    return status, body


def schema_problem(messages: Any) -> dict[str, Any]:
    """Returns the 400 `validation` body of a request that does not match its schema (webargs' messages)."""
    return {
        "type": PROBLEM_BASE + "validation",
        "title": TITLES["validation"],
        "status": 400,
        "detail": SCHEMA_DETAIL,
        "code": "validation",
        "errors": flat_messages(messages),
    }


def flat_messages(messages: Any) -> dict[str, Any]:
    """Returns webargs' {location: {field: [msg]}} as {field: [msg]} (JSON-safe)."""
    if (
        isinstance(messages, dict)
        and len(messages) == 1
        and next(iter(messages)) in ("json", "query", "headers")
    ):
        messages = next(iter(messages.values()))
    if not isinstance(messages, dict):
        messages = {"_body": messages}
    return json.loads(json.dumps(messages, default=str))


def problem_headers(status: int) -> dict[str, str]:
    """Returns the headers every problem of `status` carries (401s name the Bearer scheme, RFC 6750)."""
    return {"WWW-Authenticate": 'Bearer realm="castillo"'} if status == 401 else {}
