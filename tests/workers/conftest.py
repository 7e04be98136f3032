"""Fixtures of the worker tests: a real SMTP server and Redis clients on the test database."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import redis

from tests.workers.smtp import SmtpServer


@pytest.fixture
def smtp() -> Iterator[SmtpServer]:
    """Yields a running aiosmtpd server capturing messages; stopped afterwards."""
    server = SmtpServer()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def r(redis_url: str) -> Iterator[redis.Redis]:
    """Yields a decoded Redis client on the test database, flushed before the test."""
    client = redis.Redis.from_url(redis_url, decode_responses=True)
    client.flushdb()
    client.set("castillo:test-run-claim", "workers")
    yield client
    client.close()
