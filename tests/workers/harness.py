"""Drives the workers in-process: a runtime on the test Redis, the relay, a burst rq worker."""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from rq import SimpleWorker

from service.config import Config
from service.store import BUCKETS
from tests.conftest import GENEROUS, store_urls
from workers import relay
from workers.jobclass import SERIALIZER, CastilloJob
from workers.runtime import Runtime, install

DOMAIN = "castillo.test"
PUBLIC = "https://castillo.test"
SECRET = "test-secret-key"
BUCKET_RANGE = tuple(range(BUCKETS))


def runtime(redis_url: str, smtp_url: str = "", data_dir: str = "/tmp/castillo-test") -> Runtime:
    """Installs and returns a runtime whose jobs use the test Redis and SMTP server."""
    config = Config.from_env(
        {},
        **store_urls(redis_url),
        SMTP_URL=smtp_url,
        SECRET_KEY=SECRET,
        MAIL_DOMAIN=DOMAIN,
        MAIL_FROM=f"Castillo <castillo@{DOMAIN}>",
        PUBLIC_URL=PUBLIC,
        DATA_DIR=data_dir,
        **GENEROUS,
    )
    return install(config)


def worker_env(redis_url: str, smtp_url: str, **extra: str) -> dict[str, str]:
    """Returns the environment of a `castillo worker` subprocess on the test Redis and SMTP server."""
    return {
        **os.environ,
        **extra,
        **store_urls(redis_url),
        "SMTP_URL": smtp_url,
        "SECRET_KEY": SECRET,
        "MAIL_DOMAIN": DOMAIN,
        "PUBLIC_URL": PUBLIC,
        "PYTHONPATH": os.getcwd(),
    }


def create(rt: Runtime, seats: int = 3, time_control: dict | None = None, emails: bool = True) -> str:
    """Creates a Kabale & Hiebe game whose seats have emails; returns its id."""
    spec = {
        "game": "kabale",
        "options": {},
        "seats": [
            {"name": f"P{i}", **({"email": f"p{i}@example.org"} if emails else {})} for i in range(seats)
        ],
        "time_control": time_control or {"per_move": 86400, "reminders": []},
    }
    answer, _ = rt.games.create(spec)
    return str(answer["id"])


def work(rt: Runtime) -> None:
    """Runs queued (and due scheduled) jobs to completion in this process."""
    SimpleWorker(
        [rt.queue], connection=rt.queue.connection, job_class=CastilloJob, serializer=SERIALIZER
    ).work(burst=True, with_scheduler=True)


def pump(rt: Runtime, rounds: int = 3) -> int:
    """Relays every outbox entry and runs the jobs, until quiet; returns entries relayed."""
    relay.ensure_groups(rt.redis, BUCKET_RANGE)
    total = 0
    for _ in range(rounds):
        n = relay.relay_once(rt.redis, rt.queue, "test-relay", BUCKET_RANGE, block_ms=None)
        work(rt)
        total += n
        if n == 0:
            break
    return total


def wait_until(predicate: Callable[[], object], timeout: float) -> bool:
    """Polls `predicate` every 50 ms until it is true (True) or `timeout` seconds pass (False)."""
    end = time.time() + timeout
    while time.time() < end:
        if predicate():
            return True
        time.sleep(0.05)
    return False
