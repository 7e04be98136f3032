"""A `castillo worker` whose Redis is killed (SIGKILL) and started again, six times, mid-job.

Each round creates a game with a 2-second clock, waits until the worker is inside the SMTP
transaction of its invitation, kills the Redis server, and starts it again a second later on
the same socket (AOF on, as `castillo serve` runs it). After each restart the same worker
process must still run, deliver the new game's invitations, have its relay auto-pass the
first deadline, and show up again in GET /health; at the end rq's scheduler still moves a
scheduled job to the queue. Before workers.outages, rq's loop quit on the first connection
error outside its blocking dequeue, and the process exited.
"""

from __future__ import annotations

import asyncio
import shutil
import tempfile
import threading
import time
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from rq.job import JobStatus

from service import heartbeats, turns
from service.embedded import EmbeddedRedis
from tests.workers import harness
from tests.workers.smtp import Inbox, SmtpServer
from tests.workers.test_worker_crash import workers

RESTARTS = 6
CLOCK = {"per_move": 2, "reminders": [], "absent_after": 9}
EVERYONE = {"P0 <p0@example.org>", "P1 <p1@example.org>"}


class SlowInbox(Inbox):
    """An inbox that takes half a second per message and says when a transaction is under way."""

    def __init__(self) -> None:
        super().__init__()
        self.receiving = threading.Event()

    async def handle_DATA(self, server, session, envelope) -> str:
        self.receiving.set()
        await asyncio.sleep(0.5)
        return await super().handle_DATA(server, session, envelope)


@pytest.fixture
def slow_smtp() -> Iterator[SmtpServer]:
    server = SmtpServer()
    server.inbox = SlowInbox()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def own_redis() -> Iterator[EmbeddedRedis]:
    """Yields a redis-server of this test's own (a short folder: the unix socket path is limited)."""
    folder = tempfile.mkdtemp(prefix="castillo-rr-", dir="/tmp")
    server = EmbeddedRedis(Path(folder) / "r")
    server.start()
    yield server
    server.stop(kill=True)
    shutil.rmtree(folder, ignore_errors=True)


def invitations(inbox: Inbox, game_id: str) -> set[str]:
    """Returns the addressees of the game's invitations that arrived."""
    return {
        str(m["To"])
        for m in inbox.messages
        if game_id in str(m["List-Id"]) and "invited" in str(m["Subject"])
    }


def timed_out(rt, game_id: str) -> bool:
    return any(e["event"]["type"] == "seat_timed_out" for e in rt.games.store.read(game_id))


def restart_mid_job(rt, server: EmbeddedRedis, inbox: SlowInbox, proc, n: int) -> None:
    """Creates a game, kills Redis while the worker mails its invitation, starts Redis again, and
    checks that the worker runs, mails, auto-passes and beats."""
    inbox.receiving.clear()
    game_id = harness.create(rt, seats=2, time_control=CLOCK)
    assert inbox.receiving.wait(30), f"round {n}: no invitation reached the SMTP server"
    server.stop(kill=True)  # the worker is inside a mail job
    time.sleep(1.0)
    server.start()
    delivered = harness.wait_until(lambda: invitations(inbox, game_id) == EVERYONE, 40)
    assert delivered, f"round {n}: invitations missing (the worker's exit code: {proc.poll()})"
    assert proc.poll() is None, f"round {n}: the worker exited"
    assert harness.wait_until(lambda: timed_out(rt, game_id), 30), f"round {n}: no auto-pass"
    turns.abort(rt.games, game_id, "test round over")  # its clock stops
    report = heartbeats.report(rt.redis, 1.0)
    assert proc.pid in {w["pid"] for w in report["workers"] if w["live"]}, report
    assert report["status"] == "ok", report


def test_a_worker_outlives_redis_restarts_and_keeps_mailing_and_passing(own_redis, slow_smtp, tmp_path):
    rt = harness.runtime(own_redis.url, slow_smtp.url)
    with workers(own_redis.url, slow_smtp.url, tmp_path, HEARTBEAT_S="1") as start:
        proc = start()
        for n in range(RESTARTS):
            restart_mid_job(rt, own_redis, slow_smtp.inbox, proc, n)
        later = rt.queue.enqueue_in(timedelta(seconds=1), "workers.jobs.deadline", "no-such-game", 0, "p")
        ran = harness.wait_until(lambda: later.get_status(refresh=True) == JobStatus.FINISHED, 20)
        assert ran, "rq's scheduler no longer moves scheduled jobs (reminders, mail retries) to the queue"
        text = (tmp_path / "worker-0.log").read_text()
    assert "could not connect to Redis" not in text  # rq's retry-by-retry reports are quiet
    assert text.count("lost Redis") <= 4 * RESTARTS, text[-5000:]  # a line per outage and process part
