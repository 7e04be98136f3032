"""Sends HTTP requests to a Castillo server: auth, Idempotency-Key, retries, problem+json.

One logical call gets one `Idempotency-Key` (uuid4) on every POST; when the connection
fails before an answer arrives the request is retried with the same key, so the server
applies it at most once (design.md, "Idempotency"). GETs are retried the same way. Any
non-2xx answer is raised as the typed exception of its problem code (`errors`). Every
request asks for answers in the client's language (`Accept-Language`: the `language` given,
else the current one of `engine.i18n`), so problem titles and details come back in it.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Mapping
from typing import Any

import requests

from clients.python.errors import ClientError, ProblemError
from engine.i18n import _, current

RETRIED = (requests.ConnectionError, requests.Timeout)


class Transport:
    """Holds the server URL, the bearer token and a requests session."""

    def __init__(
        self,
        base_url: str,
        token: str | None = None,
        *,
        timeout: float = 30.0,
        retries: int = 3,
        backoff: float = 0.2,
        session: requests.Session | None = None,
        language: str | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.language = language
        self.token = token
        self.timeout = timeout
        self.retries = retries
        self.backoff = backoff
        self.session = session or requests.Session()

    def url(self, path: str) -> str:
        """Returns the absolute URL of an API path such as "/games/abc"."""
        return f"{self.base_url}{path}"

    def headers(self, extra: Mapping[str, str] | None = None, token: str | None = None) -> dict[str, str]:
        """Returns the request headers: Accept, Accept-Language, Authorization (if a token is known)
        and `extra`."""
        out = {
            "Accept": "application/json, application/problem+json",
            "Accept-Language": self.language or current(),
        }
        if bearer := token or self.token:
            out["Authorization"] = f"Bearer {bearer}"
        out.update(extra or {})
        return out

    def request(
        self,
        method: str,
        path: str,
        *,
        params: Mapping[str, Any] | None = None,
        body: Any = None,
        data: bytes | None = None,
        headers: Mapping[str, str] | None = None,
        token: str | None = None,
        idempotency_key: str | None = None,
        stream: bool = False,
        timeout: float | None = None,
    ) -> requests.Response:
        """Returns the 2xx response of one logical call; raises its ProblemError or a ClientError.

        `body` is sent as JSON, `data` as raw bytes. POSTs carry `idempotency_key` (a fresh
        uuid4 when None), the same on every retry.
        """
        sent = self.headers(headers, token)
        if method.upper() == "POST":
            sent["Idempotency-Key"] = idempotency_key or str(uuid.uuid4())
        elif idempotency_key:
            sent["Idempotency-Key"] = idempotency_key
        payload = {"data": data} if data is not None else {"json": body}
        response = self._send(method, path, params, payload, sent, stream, timeout)
        if response.status_code >= 400:
            raise ProblemError.from_response(response)
        return response

    def _send(
        self,
        method: str,
        path: str,
        params: Mapping[str, Any] | None,
        payload: dict[str, Any],
        headers: dict[str, str],
        stream: bool,
        timeout: float | None,
    ) -> requests.Response:
        """Returns the server's answer, retrying connection failures with identical headers."""
        for attempt in range(self.retries + 1):
            try:
                return self.session.request(
                    method,
                    self.url(path),
                    params=_clean(params),
                    headers=headers,
                    stream=stream,
                    timeout=timeout or self.timeout,
                    **payload,
                )
            except RETRIED as error:
                if attempt == self.retries:
                    text = _("cannot reach {url}: {reason}").format(url=self.base_url, reason=_short(error))
                    raise ClientError(text) from None
                time.sleep(self.backoff * 2**attempt)
        raise AssertionError("unreachable")


def _clean(params: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """Returns the query parameters without the ones set to None."""
    return {k: v for k, v in params.items() if v is not None} if params else None


def _short(error: Exception) -> str:
    """Returns the innermost reason of a requests connection error, without the URL noise."""
    text = str(error.args[0] if error.args else error)
    return text.rsplit(": ", 1)[-1].rstrip("')\"") or type(error).__name__
