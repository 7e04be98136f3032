"""Counts what the service limits, in moving windows on QUEUE_REDIS_URL (design.md, decision 7).

Two limits, both settings (README, "Abuse and limits"):

| setting | counts | where |
|---|---|---|
| `CREATE_LIMIT` (20/hour) | requests to `POST /games` per client address | the route (Flask-Limiter, service.api.limiting) |
| `INVITE_LIMIT` (5/day) | invitations per recipient address, across all games and clients | here, where invitations are decided: creating a game, re-issuing a seat's token |

Counters live in the `limits` library's Redis storage (the one Flask-Limiter itself uses) on
QUEUE_REDIS_URL, a plain Redis (never the game store's cluster), under the keys
`<KEY_PREFIX>:LIMITER/…`, so a test run's prefix isolates its counters. An address is
counted in its normalised form (service.contacts.normalised), so `ann+1@` and `Ann@` share one.
"""

from __future__ import annotations

import functools
import math
import time
from collections import Counter
from collections.abc import Sequence

import redis
from limits import RateLimitItem, parse
from limits.storage import RedisStorage
from limits.strategies import MovingWindowRateLimiter

from engine.errors import Text
from engine.i18n import N_
from service import contacts
from service.config import Config
from service.errors import ServiceError
from service.redis_clients import limiter_pool

SETTINGS = ("CREATE_LIMIT", "INVITE_LIMIT")


@functools.cache
def pool(url: str) -> redis.ConnectionPool:
    """Returns this process's connection pool to the limiter's Redis (QUEUE_REDIS_URL)."""
    return limiter_pool(url)


def storage_options(config: Config) -> dict[str, object]:
    """Returns the options of the `limits` Redis storage of `config` (pool and key prefix)."""
    return {
        "connection_pool": pool(config.QUEUE_REDIS_URL or config.REDIS_URL),
        "key_prefix": config.KEY_PREFIX,
    }


@functools.cache
def _limiter(url: str, prefix: str) -> MovingWindowRateLimiter:
    return MovingWindowRateLimiter(RedisStorage("redis://", connection_pool=pool(url), key_prefix=prefix))


def limiter(config: Config) -> MovingWindowRateLimiter:
    """Returns the moving-window limiter on the storage of `config`."""
    return _limiter(config.QUEUE_REDIS_URL or config.REDIS_URL, config.KEY_PREFIX)


def parsed(config: Config, setting: str) -> RateLimitItem:
    """Returns the limit of `setting` (e.g. `20/hour`); raises ValueError naming a bad one."""
    text = getattr(config, setting)
    try:
        return parse(text)
    except ValueError:
        raise ValueError(f"{setting} must look like 20/hour or 5 per day, got {text!r}") from None


def check_settings(config: Config) -> None:
    """Refuses limit settings that do not parse (at start-up, not on the first request)."""
    for setting in SETTINGS:
        parsed(config, setting)


def take_invitations(config: Config, invited: Sequence[tuple[int, str]]) -> None:
    """Counts one invitation to each (seat, address); refuses all of them with 429 `rate-limited`
    (naming the first seat over INVITE_LIMIT) when any address has no invitation left."""
    item = parsed(config, "INVITE_LIMIT")
    counts = Counter(contacts.normalised(address) for _, address in invited)
    window = limiter(config)
    for seat, address in invited:
        key = contacts.normalised(address)
        if not window.test(item, "invite", key, cost=counts[key]):
            reset = window.get_window_stats(item, "invite", key).reset_time
            raise refusal(
                f"seat {seat}'s address has had its invitations for now (INVITE_LIMIT {item})", reset
            )
    for key, count in counts.items():
        window.hit(item, "invite", key, cost=count)


def refusal(what: str, reset_time: float) -> ServiceError:
    """Returns the 429 `rate-limited` refusal, with `retry_after` seconds until `reset_time`."""
    wait = max(1, math.ceil(reset_time - time.time()))
    return ServiceError(
        "rate-limited", Text(N_("{what}: try again in {wait} s"), what=what, wait=wait), retry_after=wait
    )
