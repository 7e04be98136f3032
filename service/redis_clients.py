"""Opens every Redis client of the service and the workers, each with its timeouts set explicitly.

redis-py's defaults moved between the versions we allow (5.x-8.x): 8.x waits 5 s for any
reply and for a connection, older ones forever. A client whose longest blocking command
(XREAD, XREADGROUP, BLPOP) outlasts its socket timeout is cut mid-command; a client with no
timeout hangs on a dead server. So no module calls `redis.Redis.from_url` itself: each
client is opened here, for one purpose, with all three settings written out.

| client | socket_timeout | longest blocking command |
|---|---|---|
| store (API, workers, relay) | 10 s | the relay's XREADGROUP, BLOCK <= 1 s (workers.deadlines.RELAY_POLL_S) |
| queue (rq) | 430 s | rq's worker BLPOP, up to worker_ttl - 15 = 405 s (rq raises a smaller timeout to 415 s) |
| streams (asyncio) | STREAM_BLOCK_S + 10 = 20 s | the stream hub's XREAD, BLOCK 10 s per bucket |
| probe | 1 s | PING, to find a running embedded Redis |
| limiter (rate limits, on QUEUE_REDIS_URL) | 10 s | none: one moving-window script per request |

Every client connects within 5 s (1 s for a probe) and, except probes, PINGs a connection
idle for 30 s before reusing it (`health_check_interval`), so a connection a server or a NAT
dropped is replaced before a command is lost on it.

The game store may be a Redis Cluster: `REDIS_URL=redis+cluster://host:port[,host:port…]`
names its seed nodes (`rediss+cluster://` for TLS, `user:password@` before the first node).
The store and stream clients are then redis-py's cluster clients, with the same timeouts on
every node's connections, except `health_check_interval`, which redis-py's cluster client does
not pass on: it replaces a dropped connection by retrying the command (on ConnectionError and
TimeoutError it refreshes its map of the nodes and tries again). rq and the rate limiter cannot use a cluster: their URL
(QUEUE_REDIS_URL) must name a plain Redis, and a cluster URL there is refused.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any
from urllib.parse import unquote

import redis
import redis.asyncio
import redis.asyncio.cluster
from redis.cluster import ClusterNode, RedisCluster
from redis.exceptions import RedisClusterException

STREAM_BLOCK_S = 10.0  # one XREAD per bucket waits this long (keep-alives have their own timers)


@dataclass(frozen=True, slots=True)
class Timeouts:
    """The three connection settings of one kind of client (seconds)."""

    socket_timeout: float
    socket_connect_timeout: float
    health_check_interval: float


STORE = Timeouts(socket_timeout=10.0, socket_connect_timeout=5.0, health_check_interval=30.0)
QUEUE = Timeouts(socket_timeout=430.0, socket_connect_timeout=5.0, health_check_interval=30.0)
STREAMS = Timeouts(
    socket_timeout=STREAM_BLOCK_S + 10.0, socket_connect_timeout=5.0, health_check_interval=30.0
)
PROBE = Timeouts(socket_timeout=1.0, socket_connect_timeout=1.0, health_check_interval=0.0)


CLUSTER_SCHEMES = ("redis+cluster", "rediss+cluster")
StoreClient = redis.Redis | RedisCluster
# What a failing store raises: a cluster client also raises RedisClusterException (no RedisError),
# e.g. SlotNotCoveredError while a master is down or "cannot be connected" when no seed answers.
STORE_ERRORS = (redis.RedisError, RedisClusterException)


def is_cluster(url: str) -> bool:
    """Says whether `url` names a Redis Cluster (`redis+cluster://…` or `rediss+cluster://…`)."""
    return url.split("://", 1)[0].lower() in CLUSTER_SCHEMES


def cluster_seeds(url: str) -> tuple[list[tuple[str, int]], dict[str, Any]]:
    """Returns the seed nodes of a cluster URL and its connection options (credentials, TLS).

    `redis+cluster://[user:password@]host:port[,host:port…]`; a node without a port is 6379.
    A path (a database number) or a query is refused: a cluster has database 0 only.
    """
    scheme, _, rest = url.partition("://")
    if not is_cluster(url) or not rest:
        raise ValueError(f"not a Redis Cluster URL (redis+cluster://host:port[,host:port…]): {url!r}")
    options: dict[str, Any] = {"ssl": True} if scheme.lower() == "rediss+cluster" else {}
    if "@" in rest:
        credentials, rest = rest.rsplit("@", 1)
        user, _, password = credentials.partition(":")
        options |= {"username": unquote(user) or None, "password": unquote(password) or None}
    if any(c in rest for c in "/?#"):
        raise ValueError(f"a Redis Cluster URL names nodes only (no database, path or query): {url!r}")
    return [_node(part, url) for part in rest.split(",")], options


def _node(text: str, url: str) -> tuple[str, int]:
    host, _, port = text.strip().rpartition(":") if ":" in text else (text.strip(), "", "6379")
    if not host or not port.isdigit():
        raise ValueError(f"a node of a Redis Cluster URL must be host:port, got {text!r} in {url!r}")
    return host.strip("[]"), int(port)


def store_client(url: str) -> StoreClient:
    """Returns a client of the game store (REDIS_URL) for the API, the workers and the relay: a
    RedisCluster for a `redis+cluster://` URL, with the same timeouts on every node."""
    if is_cluster(url):
        seeds, options = cluster_seeds(url)
        nodes = [ClusterNode(host, port) for host, port in seeds]
        return RedisCluster(startup_nodes=nodes, **options, **asdict(STORE))
    return redis.Redis.from_url(url, **asdict(STORE))


def queue_client(url: str) -> redis.Redis:
    """Returns a binary-safe client of rq's Redis (QUEUE_REDIS_URL): rq stores pickles, no decoding."""
    return redis.Redis.from_url(_plain(url, "QUEUE_REDIS_URL"), **asdict(QUEUE))


def stream_client(url: str) -> redis.asyncio.Redis | redis.asyncio.cluster.RedisCluster:
    """Returns the asyncio client of the stream server (its XREAD blocks STREAM_BLOCK_S)."""
    if is_cluster(url):
        seeds, options = cluster_seeds(url)
        nodes = [redis.asyncio.cluster.ClusterNode(host, port) for host, port in seeds]
        return redis.asyncio.cluster.RedisCluster(startup_nodes=nodes, **options, **asdict(STREAMS))
    return redis.asyncio.Redis.from_url(url, **asdict(STREAMS))


def probe_client(url: str) -> redis.Redis:
    """Returns a client that gives up within a second: for asking whether a server runs there."""
    return redis.Redis.from_url(_plain(url, "a probe"), **asdict(PROBE))


def limiter_pool(url: str) -> redis.ConnectionPool:
    """Returns a connection pool to the rate limiter's Redis (QUEUE_REDIS_URL): short commands only,
    so the store's timeouts."""
    return redis.ConnectionPool.from_url(_plain(url, "QUEUE_REDIS_URL"), **asdict(STORE))


def _plain(url: str, what: str) -> str:
    """Returns `url`, refusing a cluster URL where only a plain Redis works (rq, the limiter)."""
    if is_cluster(url):
        raise ValueError(f"{what} must name a plain Redis (rq and the rate limiter cannot use a cluster)")
    return url
