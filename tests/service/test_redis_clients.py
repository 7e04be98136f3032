"""Every Redis client of the service and the workers has its timeouts set, each longer than its
longest blocking command (redis-py 8 defaults to 5 s; the stream's XREAD blocks 10 s)."""

from __future__ import annotations

import ast
from dataclasses import replace
from pathlib import Path

import pytest
from redis.asyncio.cluster import RedisCluster as AsyncRedisCluster
from redis.cluster import RedisCluster

from service import redis_clients
from service.app import create_app
from service.config import Config
from service.redis_clients import PROBE, QUEUE, STORE, STREAM_BLOCK_S, STREAMS, Timeouts
from workers.deadlines import RELAY_POLL_S
from workers.queue import connect
from workers.runtime import Runtime

ROOT = Path(__file__).resolve().parents[2]
CREATORS = {"from_url", "Redis", "StrictRedis", "ConnectionPool"}


def _settings(client: object) -> Timeouts:
    """Returns the timeouts of a client: of its pool, or of every node of a cluster client (all equal)."""
    if isinstance(client, RedisCluster):  # redis-py's cluster client drops health_check_interval
        per_node = {_settings(node.redis_connection) for node in client.get_nodes()}
        assert len(per_node) == 1
        return replace(per_node.pop(), health_check_interval=STORE.health_check_interval)
    if isinstance(client, AsyncRedisCluster):
        return _settings_of(client.connection_kwargs)
    return _settings_of(client.connection_pool.connection_kwargs)  # type: ignore[attr-defined]


def _settings_of(kwargs: dict) -> Timeouts:
    return Timeouts(
        kwargs["socket_timeout"], kwargs["socket_connect_timeout"], kwargs["health_check_interval"]
    )


def test_the_clients_of_the_api_and_the_workers_carry_explicit_timeouts(config: Config) -> None:
    app = create_app(config)
    assert _settings(app.extensions["castillo"].redis) == STORE
    runtime = Runtime(config)
    assert _settings(runtime.redis) == STORE and _settings(runtime.queue.connection) == QUEUE
    assert _settings(connect(config.QUEUE_REDIS_URL)) == QUEUE
    assert _settings(redis_clients.stream_client(config.REDIS_URL)) == STREAMS
    assert _settings(redis_clients.probe_client(config.QUEUE_REDIS_URL)) == PROBE


def test_a_cluster_url_names_its_seed_nodes_and_credentials() -> None:
    seeds, options = redis_clients.cluster_seeds("rediss+cluster://ann:p%40ss@10.0.0.1:7000,[::1]:7001,db")
    assert seeds == [("10.0.0.1", 7000), ("::1", 7001), ("db", 6379)]
    assert options == {"ssl": True, "username": "ann", "password": "p@ss"}
    for bad in ("redis+cluster://h:1/0", "redis+cluster://h:x", "redis+cluster://", "redis://h:1"):
        with pytest.raises(ValueError):
            redis_clients.cluster_seeds(bad)


def test_rq_and_the_limiter_refuse_a_cluster_and_the_queue_url_is_then_required() -> None:
    cluster = "redis+cluster://127.0.0.1:7000"
    for opener in (redis_clients.queue_client, redis_clients.limiter_pool, redis_clients.probe_client):
        with pytest.raises(ValueError, match="plain Redis"):
            opener(cluster)
    with pytest.raises(ValueError, match="QUEUE_REDIS_URL"):
        Config(REDIS_URL=cluster).completed()
    with pytest.raises(ValueError, match="QUEUE_REDIS_URL must name a plain Redis"):
        Config(REDIS_URL=cluster, QUEUE_REDIS_URL=cluster).completed()
    assert (
        Config(REDIS_URL=cluster, QUEUE_REDIS_URL="redis://q:6379").completed().QUEUE_REDIS_URL
        == "redis://q:6379"
    )


@pytest.mark.parametrize(
    ("timeouts", "longest_block_s"),
    [
        (STORE, RELAY_POLL_S),  # the relay's XREADGROUP
        (QUEUE, 420 - 15 + 10),  # rq's worker BLPOP (worker_ttl - 15) and the margin rq itself demands
        (STREAMS, STREAM_BLOCK_S),  # the stream hub's XREAD
    ],
)
def test_each_socket_timeout_outlasts_the_longest_block_with_margin(
    timeouts: Timeouts, longest_block_s: float
) -> None:
    assert timeouts.socket_timeout >= longest_block_s + 5
    assert 0 < timeouts.socket_connect_timeout <= 5


def test_no_module_opens_a_redis_client_of_its_own() -> None:
    offenders = []
    for path in [*ROOT.glob("service/**/*.py"), *ROOT.glob("workers/**/*.py")]:
        if path.name == "redis_clients.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute | ast.Name):
                name = node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id
                if name in CREATORS:
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not offenders, offenders
