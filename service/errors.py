"""Refusals raised by the service itself, and the one table mapping every refusal to HTTP.

Engine refusals (`engine.errors.RuleViolation`) keep their code; the service adds its own
below. `problem(exc)` turns any of them into an RFC 9457 body (design.md, "Errors"), its
`title` and `detail` in the current language (`engine.i18n`: the request's, set by
`service.language`); `type`, `code`, `rule` and quoted moves never change with the language.
"""

from __future__ import annotations

import json
from typing import Any

from engine.errors import RuleViolation, Text, UnknownGame
from engine.i18n import N_, _

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
    "validation": N_("The request is not valid"),
    "malformed-move": N_("The move is not a well-formed move of this game"),
    "unauthorized": N_("A valid credential is required"),
    "forbidden": N_("This credential may not do that"),
    "unknown-game": N_("No such game"),
    "not-found": N_("No such resource"),
    "method-not-allowed": N_("Method not allowed on this resource"),
    "not-acceptable": N_("No acceptable representation"),
    "misdirected": N_("Streams are served by the stream server"),
    "not-your-turn": N_("This seat owes no decision now"),
    "game-over": N_("The game is over"),
    "version-conflict": N_("The game has moved on since that version"),
    "rules-retired": N_("The game's rules are no longer played by this server"),
    "precondition-failed": N_("If-Match does not match the current version"),
    "payload-too-large": N_("The request body is too large"),
    "uri-too-long": N_("The URL is too long"),
    "headers-too-large": N_("The request's header fields are too large"),
    "unsupported-media-type": N_("The body must be JSON"),
    "illegal-move": N_("The rules forbid that move"),
    "illegal-options": N_("Those options are not allowed together"),
    "unsupported-option": N_("Unknown or unimplemented option"),
    "idempotency-mismatch": N_("That Idempotency-Key was used with another body"),
    "vacation-exhausted": N_("Not enough vacation days left"),
    "unknown-language": N_("This server does not speak that language"),
    "rate-limited": N_("Too many requests: wait for Retry-After seconds"),
    "unavailable": N_("The store is unavailable"),
    "too-many-streams": N_("Too many open streams"),
}
SCHEMA_DETAIL = N_("the request does not match its schema")
INTERNAL_TITLE = N_("Internal error")
INTERNAL_DETAIL = N_("an unexpected error; it was logged")


class ServiceError(Exception):
    """Signals a refusal of the service with a stable `code`; `extra` goes into the problem body.

    `message` is English words marked with `N_`, or a `Text` (a template and its values);
    `self.message` is the English text, `localized()` the text in the current language.
    """

    def __init__(self, code: str, message: str | Text, *, status: int | None = None, **extra: Any) -> None:
        self.text = message if isinstance(message, Text) else Text(message)
        self.message = self.text.english()
        super().__init__(self.message)
        self.code = code
        self.extra = extra
        self.status = status or STATUS[code]

    def localized(self) -> str:
        """Returns the message in the current language."""
        return self.text.localized()


def title(code: str) -> str:
    """Returns the title of a problem code in the current language."""
    return _(TITLES[code]) if code in TITLES else code


def validation(message: str | Text, **extra: Any) -> ServiceError:
    """Returns a 400 `validation` refusal."""
    return ServiceError("validation", message, **extra)


def problem(exc: BaseException) -> tuple[int, dict[str, Any]]:
    """Returns (status, RFC 9457 body) for a service or engine refusal."""
    if isinstance(exc, ServiceError):
        code, detail, extra = exc.code, exc.localized(), dict(exc.extra)
        status = exc.status
    elif isinstance(exc, RuleViolation):
        code, detail = exc.code, exc.localized()
        extra = {"reason": exc.reason, **({"rule": exc.rule} if exc.rule else {})}
        status = STATUS.get(code, 422)
    elif isinstance(exc, UnknownGame):
        code, detail, extra = "unknown-game", exc.localized(), {}
        status = 404
    else:
        raise TypeError(f"not a refusal: {exc!r}")
    body = {
        "type": PROBLEM_BASE + code,
        "title": title(code),
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
        "title": title("validation"),
        "status": 400,
        "detail": _(SCHEMA_DETAIL),
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
