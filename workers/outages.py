"""Keeps `castillo worker` and `castillo relay` running through Redis outages (a restart, a failover).

A lost connection surfaces as redis-py's ConnectionError or TimeoutError (BusyLoadingError,
while a restarted server loads its AOF, is a ConnectionError). Every loop that talks to Redis
catches them, waits with `Backoff` (0.5 s doubling to 30 s, each delay ±20 % so that many
processes do not knock at once) and goes on; it logs one warning when an outage begins and one
line when Redis answers again, never one per retry.

rq's worker quits its loop on such an error in most places (the blocking dequeue retries, the
rest does not) and its scheduler process exits. So `work` runs rq's worker again and again
until a signal stops it, each time on a fresh rq worker, with a `SteadyScheduler` that waits
out outages (rq's teardown stops it when rq's loop quits; the next run starts it again), and
`QuietRq` drops rq's own per-retry and traceback reports of a lost connection, which the
supervising loop reports once.
"""

from __future__ import annotations

import logging
import os
import random
import signal
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

import redis
from redis.exceptions import ClusterDownError, RedisClusterException
from rq import Queue
from rq.scheduler import RQScheduler
from rq.worker import BaseWorker

from workers import recovery

log = logging.getLogger("castillo.workers")
# A cluster whose master is down answers CLUSTERDOWN, or its client finds no node for a slot.
OUTAGE = (redis.ConnectionError, redis.TimeoutError, ClusterDownError, RedisClusterException)
FIRST_S = 0.5
MAX_S = 30.0
JITTER = 0.2


class Backoff:
    """Spaces the attempts to reach Redis again and logs each outage once."""

    def __init__(
        self, what: str, logger: logging.Logger, jitter: Callable[[], float] = random.random
    ) -> None:
        self.what = what
        self.log = logger
        self.jitter = jitter
        self.failures = 0
        self.since = 0.0

    def failed(self, exc: Exception) -> float:
        """Notes a failed attempt; returns how many seconds to wait before the next one.

        The first failure of an outage logs a warning naming the error; the delay is FIRST_S,
        doubling with each further failure up to MAX_S, each spread by ±JITTER.
        """
        if not self.failures:
            self.since = time.monotonic()
            self.log.warning("%s lost Redis (%s); retrying with back-off up to %g s", self.what, exc, MAX_S)
        self.failures += 1
        base = min(MAX_S, FIRST_S * 2 ** (self.failures - 1))
        return base * (1 - JITTER + 2 * JITTER * self.jitter())

    def succeeded(self) -> None:
        """Notes that Redis answered: ends an outage (logged with its length) and resets the delay."""
        if self.failures:
            lasted = time.monotonic() - self.since
            self.log.info(
                "%s reached Redis again after %.1f s (%d retries)", self.what, lasted, self.failures
            )
            self.failures = 0


class QuietRq(logging.Filter):
    """Drops rq's reports of a lost Redis connection: one per retry, a traceback when its loop quits."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Tells whether `record` is something else than rq's report of an outage."""
        if record.exc_info and isinstance(record.exc_info[1], OUTAGE):
            return False
        return "could not connect to Redis" not in str(record.msg)


class SteadyScheduler(RQScheduler):
    """rq's scheduler (a forked process, one per queue lock) that waits out Redis outages instead of exiting."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.backoff = Backoff("rq scheduler", log)
        self.stopping = threading.Event()

    def work(self) -> None:
        """Runs rq's scheduler loop, starting it again after each lost connection, until asked to
        stop or until the worker that forked this process is gone (a SIGKILLed worker must not
        leave its scheduler behind, retrying a Redis that may be gone for good)."""
        watch_parent(os.getppid(), self.request_stop)
        while True:
            try:
                super().work()
                return
            except OUTAGE as exc:
                if self.stopping.wait(self.backoff.failed(exc)):
                    return

    def heartbeat(self) -> None:
        """Refreshes the scheduler's locks (rq) and notes that Redis answered."""
        super().heartbeat()
        self.backoff.succeeded()

    def request_stop(self, signum: Any = None, frame: Any = None) -> None:
        """Stops the scheduler (rq's SIGTERM/SIGINT handler), also while it waits for Redis."""
        self.stopping.set()
        super().request_stop(signum, frame)


def watch_parent(parent: int, stop: Callable[[], None], every_s: float = 1.0) -> None:
    """Calls `stop` (from a daemon thread) once this process's parent is no longer `parent`."""

    def run() -> None:
        while os.getppid() == parent:
            time.sleep(every_s)
        log.warning("the worker (pid %d) that started this scheduler is gone; stopping", parent)
        stop()

    threading.Thread(target=run, name="castillo-parent-watch", daemon=True).start()


def quiet_rq() -> None:
    """Puts `QuietRq` on rq's loggers (the forked scheduler inherits it)."""
    for name in ("rq.worker", "rq.scheduler"):
        logging.getLogger(name).addFilter(QuietRq())


def work(queues: Sequence[Queue], fork: bool, stop: threading.Event) -> None:
    """Runs rq's worker with a SteadyScheduler until SIGTERM/SIGINT, through any number of outages."""
    quiet_rq()
    _stop_on_signals(stop)
    backoff, scheduler, worker = Backoff("worker", log), None, None
    try:
        while not stop.is_set():
            try:
                worker = recovery.worker(queues, fork=fork, stopping=stop)
                scheduler = scheduler or SteadyScheduler(queues, connection=worker.connection)
                worker.scheduler = scheduler
                scheduler.acquire_locks(auto_start=True)  # starts its process unless one runs
                backoff.succeeded()
                if not stop.is_set():
                    worker.work()
            except OUTAGE as exc:
                _wait(stop, backoff.failed(exc))
                continue
            finally:
                _retire(worker)
            if not stop.is_set():
                log.warning("rq's worker loop quit (a lost connection, or see above); starting it again")
                _wait(stop, _reconnect(worker.connection, backoff, stop))
    finally:
        if worker is not None and worker.scheduler is not None:
            worker.stop_scheduler()


def _retire(worker: BaseWorker | None) -> None:
    """Stops the command listener of an rq worker whose loop ended (rq's teardown skips it when
    Redis is gone, and the thread would linger, retrying, for the life of the process)."""
    thread = getattr(worker, "pubsub_thread", None)
    if thread is not None:
        thread.stop()


def _reconnect(client: redis.Redis, backoff: Backoff, stop: threading.Event) -> float:
    """Waits (with back-off) until Redis answers; returns a pause before rq's loop runs again.

    A loop that quit while Redis answers (not an outage) runs again after FIRST_S, so a
    loop that keeps quitting does not spin.
    """
    while not stop.is_set():
        try:
            client.ping()
            return 0.0 if backoff.failures else FIRST_S
        except OUTAGE as exc:
            _wait(stop, backoff.failed(exc))
    return 0.0


def _stop_on_signals(stop: threading.Event) -> None:
    """Makes SIGTERM and SIGINT set `stop` (rq's loop installs its own while it runs)."""
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())


def _wait(stop: threading.Event, seconds: float) -> None:
    """Waits `seconds` or until SIGTERM/SIGINT, which set `stop` (rq's handlers are gone by now)."""
    _stop_on_signals(stop)
    stop.wait(seconds)
