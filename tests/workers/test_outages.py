"""The back-off of workers.outages, rq's quieted outage reports, and a relay whose outboxes vanished."""

from __future__ import annotations

import logging
import threading

import pytest

from service.store import BUCKETS, outbox_key
from tests.workers import harness
from workers import relay
from workers.outages import MAX_S, Backoff, QuietRq


def test_the_back_off_doubles_from_half_a_second_to_thirty_with_jitter() -> None:
    steady = Backoff("test", logging.getLogger("test"), jitter=lambda: 0.5)
    delays = [steady.failed(OSError("down")) for _ in range(9)]
    assert delays == [0.5, 1, 2, 4, 8, 16, MAX_S, MAX_S, MAX_S] and MAX_S == 30
    low = Backoff("test", logging.getLogger("test"), jitter=lambda: 0.0)
    high = Backoff("test", logging.getLogger("test"), jitter=lambda: 1.0)
    assert low.failed(OSError()) == pytest.approx(0.4) and high.failed(OSError()) == pytest.approx(0.6)


def test_an_outage_is_logged_once_when_it_begins_and_once_when_it_ends(caplog) -> None:
    backoff = Backoff("relay", logging.getLogger("castillo.test"))
    with caplog.at_level(logging.INFO, logger="castillo.test"):
        for _ in range(7):
            backoff.failed(ConnectionError("refused"))
        backoff.succeeded()
        backoff.succeeded()
        assert backoff.failed(ConnectionError("again")) == pytest.approx(0.5, rel=0.2)  # a new outage
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 3, lines
    assert (
        lines[0].startswith("relay lost Redis (refused)") and "after" in lines[1] and "7 retries" in lines[1]
    )
    assert lines[2].startswith("relay lost Redis (again)")


def test_rq_reports_of_a_lost_connection_are_dropped_and_others_kept() -> None:
    import redis

    quiet = QuietRq()

    def record(msg: str, exc: BaseException | None = None) -> logging.LogRecord:
        info = (type(exc), exc, None) if exc else None
        return logging.LogRecord("rq.worker", logging.ERROR, __file__, 1, msg, ("w1",), info)

    retry = "Worker %s: could not connect to Redis instance: %s retrying in %d seconds..."
    assert not quiet.filter(record(retry))
    assert not quiet.filter(record("Worker %s: found an unhandled exception", redis.ConnectionError("x")))
    assert not quiet.filter(record("Worker %s: found an unhandled exception", redis.TimeoutError("x")))
    assert quiet.filter(record("Worker %s: found an unhandled exception", ValueError("a bug")))
    assert quiet.filter(record("Worker %s: started"))


def test_a_relay_makes_its_groups_again_when_the_outboxes_vanished(redis_url, r) -> None:
    rt = harness.runtime(redis_url, "smtp://127.0.0.1:9")
    stop = threading.Event()
    loop = threading.Thread(target=relay.run, args=(rt.redis, rt.queue, harness.BUCKET_RANGE, stop, 3600))
    loop.start()
    try:
        assert harness.wait_until(lambda: r.exists(outbox_key(BUCKETS - 1)), 10), "the relay did not start"
        r.delete(*[outbox_key(b) for b in range(BUCKETS)])  # as a Redis that came back without its data
        game_id = harness.create(rt)
        queued = lambda: any(j.id.startswith(f"entries-{game_id}-") for j in rt.queue.get_jobs())
        assert harness.wait_until(queued, 10), "the relay never read the new outbox entry"
    finally:
        stop.set()
        loop.join(10)
