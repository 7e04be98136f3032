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
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

import redis
import redis.asyncio

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


def store_client(url: str) -> redis.Redis:
    """Returns a client of the game store (REDIS_URL) for the API, the workers and the relay."""
    return redis.Redis.from_url(url, **asdict(STORE))


def queue_client(url: str) -> redis.Redis:
    """Returns a binary-safe client of rq's Redis (QUEUE_REDIS_URL): rq stores pickles, no decoding."""
    return redis.Redis.from_url(url, **asdict(QUEUE))


def stream_client(url: str) -> redis.asyncio.Redis:
    """Returns the asyncio client of the stream server (its XREAD blocks STREAM_BLOCK_S)."""
    return redis.asyncio.Redis.from_url(url, **asdict(STREAMS))


def probe_client(url: str) -> redis.Redis:
    """Returns a client that gives up within a second: for asking whether a server runs there."""
    return redis.Redis.from_url(url, **asdict(PROBE))


def limiter_pool(url: str) -> redis.ConnectionPool:
    """Returns a connection pool to the rate limiter's Redis (QUEUE_REDIS_URL): short commands only,
    so the store's timeouts."""
    return redis.ConnectionPool.from_url(url, **asdict(STORE))
