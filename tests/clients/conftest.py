"""Runs the real Flask app on a free loopback port for the client and CLI tests.

The client speaks HTTP only, so the tests drive it against a werkzeug server in a
background thread (threaded, so SSE streams and moves run side by side) on the run's Redis.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator

import pytest
from werkzeug.serving import make_server

from service.app import create_app
from service.config import Config
from tests.conftest import GENEROUS

OPERATOR = "clients-operator-token"


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
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    server = make_server("127.0.0.1", 0, create_app(config), threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="castillo-test-server", daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=5)
