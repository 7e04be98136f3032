"""Turns RFC 9457 problem+json answers into typed exceptions, one class per problem code.

Every class carries the whole problem (`problem`), its `status`, `code`, `title` and
`detail`; `IllegalMove` also the engine's `rule` (e.g. "R23") and stable `reason`.
`ProblemError.from_response` picks the class by the problem's `code` (or the last path
segment of its `type`), falling back to the HTTP status, then to `ProblemError` itself.
"""

from __future__ import annotations

import re
from typing import Any

import requests


class ClientError(Exception):
    """Signals a failure of the client itself: no answer from the server, or an answer it cannot read."""


class ProblemError(ClientError):
    """Signals a problem+json answer from the server (or any non-2xx answer, read as one)."""

    code = "problem"

    def __init__(self, problem: dict[str, Any], status: int) -> None:
        self.problem = problem
        self.status = status
        self.title = str(problem.get("title") or f"HTTP {status}")
        self.detail = str(problem.get("detail") or "")
        super().__init__(self.message())

    def message(self) -> str:
        """Returns the one-line text a terminal user is shown: title, detail, and the fields at fault."""
        text = f"{self.title}: {self.detail}" if self.detail else self.title
        fields = "; ".join(field_errors(self.problem.get("errors")))
        return f"{text} ({fields})" if fields else text

    @staticmethod
    def from_response(response: requests.Response) -> ProblemError:
        """Returns the typed exception for a non-2xx `response` (not raised)."""
        problem = _problem_of(response)
        cls = _BY_CODE.get(problem_code(problem)) or _BY_STATUS.get(response.status_code, ProblemError)
        return cls(problem, response.status_code)


def field_errors(errors: Any, path: str = "") -> list[str]:
    """Returns `seats.0.email: Not a valid email address.` lines from a problem's nested `errors`."""
    if isinstance(errors, dict):
        return [
            line for key, value in errors.items() for line in field_errors(value, f"{path}.{key}".lstrip("."))
        ]
    if isinstance(errors, list) and all(isinstance(e, str) for e in errors):
        return [f"{path or 'body'}: {' '.join(errors)}"]
    if isinstance(errors, list):
        return [line for value in errors for line in field_errors(value, path)]
    return [f"{path or 'body'}: {errors}"] if errors else []


class Validation(ProblemError):
    """Signals a request body or parameter the API refuses before any rule is consulted (400)."""

    code = "validation"


class MalformedMove(ProblemError):
    """Signals a move that is not a well-formed move of the game (400)."""

    code = "malformed-move"


class IllegalMove(ProblemError):
    """Signals a well-formed move the rules forbid now (422); `rule` cites the spec, `reason` is stable."""

    code = "illegal-move"

    def __init__(self, problem: dict[str, Any], status: int) -> None:
        self.rule: str | None = problem.get("rule")
        self.reason: str | None = problem.get("reason")
        super().__init__(problem, status)

    def message(self) -> str:
        """Returns title and detail, followed by the cited rule when there is one."""
        text = super().message()
        return f"{text} ({self.rule})" if self.rule and self.rule not in text else text


class NotYourTurn(ProblemError):
    """Signals a move from a seat that owes no decision now (409)."""

    code = "not-your-turn"


class GameOver(ProblemError):
    """Signals a move or change to a game that has ended (409)."""

    code = "game-over"


class RulesRetired(ProblemError):
    """Signals a move in a game whose rules the server no longer plays (409); `rules` names them.

    The game can still be read and audited.
    """

    code = "rules-retired"


class VersionConflict(ProblemError):
    """Signals a stale `If-Match` (412) or `expected_version` (409): the game moved on; re-read it.

    `version` is the game's current version when the server says so.
    """

    code = "version-conflict"

    def __init__(self, problem: dict[str, Any], status: int) -> None:
        super().__init__(problem, status)
        self.version: int | None = problem.get("version") if isinstance(problem.get("version"), int) else None


class PreconditionFailed(VersionConflict):
    """Signals an `If-Match` that no longer matches the game's version (412)."""

    code = "precondition-failed"


class IdempotencyMismatch(ProblemError):
    """Signals an `Idempotency-Key` reused with a different body (422)."""

    code = "idempotency-mismatch"


class Unauthorized(ProblemError):
    """Signals a missing, bad or expired credential (401)."""

    code = "unauthorized"


class Forbidden(ProblemError):
    """Signals a valid credential that may not do this (403), e.g. a seat token on an admin route."""

    code = "forbidden"


class UnknownGame(ProblemError):
    """Signals a game id (or game name) the server does not know (404)."""

    code = "unknown-game"


class NotFound(ProblemError):
    """Signals any other missing resource (404)."""

    code = "not-found"


class IllegalOptions(ProblemError):
    """Signals option values or a combination of options the game forbids (422)."""

    code = "illegal-options"


class UnsupportedOption(ProblemError):
    """Signals an option id the game does not know or implement (422)."""

    code = "unsupported-option"


class VacationExhausted(ProblemError):
    """Signals a vacation request longer than the seat's remaining vacation days (422)."""

    code = "vacation-exhausted"


class MethodNotAllowed(ProblemError):
    """Signals an HTTP method the resource does not support (405)."""

    code = "method-not-allowed"


class NotAcceptable(ProblemError):
    """Signals an Accept header the resource cannot satisfy (406)."""

    code = "not-acceptable"


class PayloadTooLarge(ProblemError):
    """Signals a request body over the server's limit (413)."""

    code = "payload-too-large"


class UnsupportedMediaType(ProblemError):
    """Signals a request body that is not JSON where JSON is required (415)."""

    code = "unsupported-media-type"


class RateLimited(ProblemError):
    """Signals too many requests from this client, or invitations to one address (429);
    `retry_after` is how many seconds to wait (the Retry-After header)."""

    code = "rate-limited"

    def __init__(self, problem: dict[str, Any], status: int) -> None:
        self.retry_after: int | None = problem.get("retry_after")
        super().__init__(problem, status)


class Unavailable(ProblemError):
    """Signals that the server cannot reach its store right now (503); retry later."""

    code = "unavailable"


class ServerError(ProblemError):
    """Signals a 5xx answer: the server failed, not the request."""

    code = "server-error"


PROBLEM_CLASSES: tuple[type[ProblemError], ...] = (
    Validation,
    MalformedMove,
    IllegalMove,
    NotYourTurn,
    GameOver,
    RulesRetired,
    VersionConflict,
    PreconditionFailed,
    IdempotencyMismatch,
    Unauthorized,
    Forbidden,
    UnknownGame,
    NotFound,
    IllegalOptions,
    UnsupportedOption,
    VacationExhausted,
    MethodNotAllowed,
    NotAcceptable,
    PayloadTooLarge,
    UnsupportedMediaType,
    RateLimited,
    Unavailable,
    ServerError,
)
_BY_CODE: dict[str, type[ProblemError]] = {cls.code: cls for cls in PROBLEM_CLASSES}
_BY_STATUS: dict[int, type[ProblemError]] = {
    400: Validation,
    401: Unauthorized,
    403: Forbidden,
    404: NotFound,
    405: MethodNotAllowed,
    406: NotAcceptable,
    409: VersionConflict,
    412: PreconditionFailed,
    413: PayloadTooLarge,
    415: UnsupportedMediaType,
    429: RateLimited,
    500: ServerError,
    502: ServerError,
    503: Unavailable,
    504: ServerError,
}


def problem_code(problem: dict[str, Any]) -> str:
    """Returns a problem's code: its `code` member, else the last segment of its `type` URI."""
    if isinstance(problem.get("code"), str):
        return str(problem["code"])
    kind = str(problem.get("type") or "")
    return "" if kind == "about:blank" else re.split(r"[/#:]", kind.rstrip("/"))[-1]


def _problem_of(response: requests.Response) -> dict[str, Any]:
    """Returns the response body as a problem dict, synthesising one from a non-JSON body."""
    try:
        body = response.json()
    except ValueError:
        body = None
    if isinstance(body, dict):
        return body
    plain = response.headers.get("Content-Type", "").startswith("text/plain")
    detail = response.text.strip()[:300] if plain else ""
    return {"title": response.reason or f"HTTP {response.status_code}", "detail": detail}
