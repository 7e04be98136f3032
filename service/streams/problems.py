"""Answers refusals of the stream server as the Flask app does: RFC 9457 application/problem+json."""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web

from service.errors import ServiceError, problem, problem_headers

PROBLEM_TYPE = "application/problem+json"


def problem_response(exc: ServiceError, headers: dict[str, str] | None = None) -> web.Response:
    """Returns the problem+json answer of a refusal."""
    status, body = problem(exc)
    return json_problem(status, body, headers)


def json_problem(status: int, body: dict[str, Any], headers: dict[str, str] | None = None) -> web.Response:
    """Returns a problem+json answer of a problem body (the body as json.dumps writes it, like Flask's)."""
    extra = {**problem_headers(status), **(headers or {})}
    return web.Response(
        body=json.dumps(body).encode(), status=status, content_type=PROBLEM_TYPE, headers=extra
    )
