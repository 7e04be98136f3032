"""A `castillo worker` SIGKILLed in the middle of a job: once a new worker runs, the job's work
is done exactly once — one email, one auto-pass and its one email.

The whole process group is killed (rq worker, its scheduler, the relay), as a crashed machine
would. Short recovery settings (workers.recovery) make rq find the abandoned job in seconds;
mail retries are immediate because a retry with an interval waits for rq's scheduler, whose
lock the killed scheduler holds for another 61 s.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from rq import Worker

from service.store import outbox_key, plain_key
from tests.conftest import connect, queue_url
from tests.workers import harness
from tests.workers.smtp import Inbox, SmtpServer
from tests.workers.test_deadlines import plans
from workers.compose import message_id

RECOVERY = {
    "JOB_TIMEOUT_S": "4",
    "JOB_GRACE_S": "1",
    "WORKER_MAINTENANCE_S": "1",
    "MAIL_RETRY_INTERVALS": "0,0,0",
}
STALLED = plain_key("test:stalled")

# Runs `castillo worker` with GameService.auto_pass stalled before or after its append (argv[1]).
STALL_AUTO_PASS = f"""
import sys
import time
from service.games import GameService
from workers.cli import main

original = GameService.auto_pass

def stall(self):
    self.redis.rpush("{STALLED}", "auto_pass")
    time.sleep(600)  # until killed

def auto_pass(self, *args):
    if sys.argv[1] == "before":
        stall(self)
    outcome = original(self, *args)
    if sys.argv[1] == "after":
        stall(self)
    return outcome

GameService.auto_pass = auto_pass
sys.exit(main(["worker"]))
"""


class StallingInbox(Inbox):
    """An inbox whose first SMTP transaction stalls at MAIL FROM until released, then is refused."""

    def __init__(self) -> None:
        super().__init__()
        self.stalled = threading.Event()
        self.release = threading.Event()

    async def handle_MAIL(self, server, session, envelope, address, mail_options) -> str:
        if not self.stalled.is_set():
            self.stalled.set()
            while not self.release.is_set():
                await asyncio.sleep(0.02)
            return "451 try again later"
        envelope.mail_from = address
        envelope.mail_options.extend(mail_options)
        return "250 OK"


@pytest.fixture
def stalling_smtp() -> Iterator[SmtpServer]:
    """Yields an SMTP server whose first transaction stalls (`server.inbox.stalled`, `.release`)."""
    server = SmtpServer()
    server.inbox = StallingInbox()
    server.start()
    yield server
    server.inbox.release.set()
    server.stop()


@contextmanager
def workers(redis_url: str, smtp_url: str, logs: Path, **extra: str) -> Iterator:
    """Yields `start(*argv)`, which runs a worker process group (default `castillo worker`, with
    RECOVERY and `extra` in its environment) and waits until it listens; every one is killed at
    the end and its log printed (shown on failure)."""
    env = harness.worker_env(redis_url, smtp_url, **RECOVERY, **extra)
    started: list[tuple[subprocess.Popen, Path]] = []

    def start(*argv: str) -> subprocess.Popen:
        log = logs / f"worker-{len(started)}.log"
        with open(log, "w") as output:
            proc = subprocess.Popen(
                [sys.executable, *(argv or ("-m", "workers.cli", "worker"))],
                env=env,
                stdout=output,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        started.append((proc, log))
        assert wait_until(lambda: ready(redis_url, proc.pid), 30), "castillo worker did not start"
        return proc

    try:
        yield start
    finally:
        for proc, log in started:
            kill(proc)
            print(f"--- {log.name} (pid {proc.pid})\n", log.read_text()[-10000:])


def kill(proc: subprocess.Popen) -> None:
    """SIGKILLs the worker's whole process group (rq worker, scheduler, relay)."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.wait()


def ready(redis_url: str, pid: int) -> bool:
    """Says whether the rq worker of `pid` listens and the relay's groups exist."""
    client = connect(redis_url)
    groups = client.exists(outbox_key(63)) and client.xinfo_groups(outbox_key(63))
    workers = Worker.all(connection=connect(queue_url(redis_url)))
    return any(w.pid == pid for w in workers) and bool(groups)


def wait_until(predicate, timeout: float = 20.0) -> bool:
    return harness.wait_until(predicate, timeout)


def test_an_email_whose_worker_was_killed_mid_send_is_sent_once_by_the_next(
    redis_url, r, stalling_smtp, tmp_path
):
    rt = harness.runtime(redis_url, stalling_smtp.url)
    inbox = stalling_smtp.inbox
    with workers(redis_url, stalling_smtp.url, tmp_path) as start:
        first = start()
        harness.create(rt, seats=2, emails=True)
        assert inbox.stalled.wait(20), "no invitation reached the SMTP server"
        kill(first)  # mid-job: the invitation's SMTP transaction is open
        inbox.release.set()
        start()
        assert wait_until(lambda: len(inbox.messages) >= 2), "an invitation was lost"
        time.sleep(2.5)  # room for a duplicate
    assert sorted(str(m["To"]) for m in inbox.messages) == ["P0 <p0@example.org>", "P1 <p1@example.org>"]
    assert len({m["Message-ID"] for m in inbox.messages}) == 2


@pytest.mark.parametrize("stall", ["before", "after"])
def test_an_auto_pass_whose_worker_was_killed_mid_job_happens_once(redis_url, r, smtp, stall, tmp_path):
    rt = harness.runtime(redis_url, smtp.url)
    with workers(redis_url, smtp.url, tmp_path) as start:
        first = start("-c", STALL_AUTO_PASS, stall)
        game_id = harness.create(
            rt, seats=2, time_control={"per_move": 2, "reminders": [], "absent_after": 9}
        )
        [(seat, prompt)] = plans(rt, game_id)
        assert wait_until(lambda: r.llen(STALLED)), "the deadline job did not run"
        kill(first)  # inside the deadline job, before or after its append
        start()  # before: its relay's first sweep passes the seat; after: on_entries sends the email

        def passed() -> list[dict]:
            return [e for e in rt.games.store.read(game_id) if e["event"] == timed_out(seat, prompt)]

        def autopass_emails() -> list:  # of this prompt: the game goes on at 2 s a prompt
            key = message_id(f"{game_id}:{seat}:autopass:{prompt}", harness.DOMAIN)
            return [m for m in smtp.inbox.messages if m["Message-ID"] == key]

        assert wait_until(lambda: passed() and autopass_emails()), "the auto-pass or its email was lost"
        time.sleep(2.5)  # room for a duplicate
    assert len(passed()) == 1
    assert len(autopass_emails()) == 1


def timed_out(seat: int, prompt: str) -> dict:
    return {"type": "seat_timed_out", "seat": seat, "prompt": prompt}
