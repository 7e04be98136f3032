"""Fixtures of the worker tests: a real SMTP server and Redis clients on the run's Redis."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import redis

from tests.conftest import connect, queue_url, remove_run_keys
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
    """Yields a decoded client of the store, with the run's keys removed before the test (on the
    store, and rq's on the queue's server when the store is a cluster)."""
    remove_run_keys(connect(redis_url))
    if queue_url(redis_url) != redis_url:
        remove_run_keys(connect(queue_url(redis_url)))
    client = connect(redis_url, decode=True)
    yield client
    client.close()
