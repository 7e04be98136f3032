"""Runs the real Flask app on a free loopback port for the client and CLI tests.

The client speaks HTTP only, so the tests drive it against the layout of `castillo serve`
in the test process (tests.frontdoor): the stream server in front of the Flask app on a
threaded werkzeug server, on the run's Redis.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from service.config import Config
from tests.conftest import GENEROUS
from tests.frontdoor import Front

OPERATOR = "clients-operator-token"


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    """Runs every client test in the POSIX default locale (English), whatever the machine's is."""
    for name in ("CASTILLO_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(scope="session")
def server_url(redis_url: str) -> Iterator[str]:
    """Yields the base URL of a live Castillo server on the test run's Redis."""
    config = Config(
        REDIS_URL=redis_url,
        SECRET_KEY="clients-secret",
        ADMIN_TOKEN=OPERATOR,
        PUBLIC_URL="http://castillo.test",
        SSE_KEEPALIVE_S=0.2,
        **GENEROUS,
    )
    with Front(config) as url:
        yield url
