"""Connects to rq's Redis and names jobs deterministically.

rq's queues live on `QUEUE_REDIS_URL` (a plain Redis; rq does not support Cluster), which
defaults to `REDIS_URL`. Every job the relay or another job enqueues has an id derived from
what it is about, so replays find the job already there instead of doubling it.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

import redis
from rq import Queue, Retry
from rq.exceptions import DuplicateJobError

from service.redis_clients import queue_client
from workers.jobclass import SERIALIZER, CastilloJob
from workers.recovery import Recovery

_UNSAFE = re.compile(r"[^A-Za-z0-9]")


def job_retry() -> Retry:
    """Returns the retry of non-mail jobs: a failure or a worker that died mid-job (rq re-queues
    abandoned jobs that have retries left) is tried again a few times."""
    return Retry(max=4, interval=[2, 10, 60, 300])


def connect(url: str) -> redis.Redis:
    """Returns a binary-safe Redis client for rq, with the timeouts of service.redis_clients.QUEUE."""
    return queue_client(url)


def queue(connection: redis.Redis, name: str) -> Queue:
    """Returns the one queue every Castillo job runs on (mail, deadlines, inbound replies), named
    after the key prefix (KEY_PREFIX); its jobs time out after JOB_TIMEOUT_S (workers.recovery),
    are stored as JSON and run only as functions of workers.jobs (workers.jobclass)."""
    return Queue(
        name,
        connection=connection,
        default_timeout=Recovery.from_env().job_timeout_s,
        job_class=CastilloJob,
        serializer=SERIALIZER,
    )


def _escape(part: object) -> str:
    return _UNSAFE.sub(lambda m: "".join(f"_{b:02x}" for b in m.group().encode()), str(part))


def job_id(kind: str, *parts: object) -> str:
    """Returns the rq job id for `kind:part:part…` (e.g. `deadline:{game}:{seat}:{prompt}`).

    rq allows only letters, digits, `_` and `-` in ids, so every other character of a part
    is hex-escaped as `_xx` (and `_` itself too), which keeps the mapping one-to-one.
    """
    return "-".join([kind, *(_escape(p) for p in parts)])


def enqueue_once(q: Queue, func: str, *args: object, id: str, **options: object) -> bool:
    """Enqueues `func(*args)` under `id` unless a job with that id exists; says whether it did."""
    try:
        options.setdefault("retry", job_retry())
        q.enqueue(func, *args, job_id=id, unique=True, **options)  # type: ignore[arg-type]
    except DuplicateJobError:
        return False
    return True


def at(epoch: float) -> datetime:
    """Returns the aware UTC datetime rq's scheduler expects for an epoch time."""
    return datetime.fromtimestamp(epoch, tz=UTC)
