"""Holds what every job of one worker process shares: settings, Redis clients, GameService.

Jobs are plain functions of ids (style.md, habit 9); they reach their collaborators through
`current()`, built once per process from the environment (`Config.from_env`). Tests and the
CLI may `install` a runtime built from an explicit Config instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import redis
from rq import Queue

from service.config import Config
from service.games import GameService
from service.redis_clients import store_client
from service.store import use_prefix
from workers.queue import connect, queue
from workers.transport import Transport


@dataclass
class Runtime:
    """The settings and lazily opened clients of this process."""

    config: Config

    @cached_property
    def redis(self) -> redis.Redis:
        """Returns the game store's Redis (REDIS_URL)."""
        return store_client(self.config.REDIS_URL)

    @cached_property
    def queue(self) -> Queue:
        """Returns rq's queue on QUEUE_REDIS_URL."""
        return queue(connect(self.config.QUEUE_REDIS_URL or self.config.REDIS_URL), self.config.KEY_PREFIX)

    @cached_property
    def games(self) -> GameService:
        """Returns the GameService on the store's Redis."""
        return GameService(self.redis, self.config)

    @cached_property
    def transport(self) -> Transport:
        """Returns where mail goes: SMTP_URL, else the maildir under DATA_DIR."""
        return Transport.from_settings(self.config.SMTP_URL or None, self.config.DATA_DIR)


_current: Runtime | None = None


def install(config: Config) -> Runtime:
    """Makes a runtime of `config` the one jobs of this process use; returns it."""
    global _current
    use_prefix(config.KEY_PREFIX)
    _current = Runtime(config)
    return _current


def current() -> Runtime:
    """Returns this process's runtime, built from the environment on first use."""
    return _current or install(Config.from_env())
