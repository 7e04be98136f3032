"""Deadlines fired by rq's real scheduler in a `castillo worker` process (seconds-long clocks)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

import redis
from rq import Worker

from tests.workers import harness
from tests.workers.test_deadlines import plans, sealed_game


@contextmanager
def worker_process(redis_url: str, smtp_url: str) -> Iterator[subprocess.Popen]:
    """Runs `castillo worker` (rq worker with scheduler + relay child) against the test Redis."""
    env = {
        **os.environ,
        "REDIS_URL": redis_url,
        "SMTP_URL": smtp_url,
        "SECRET_KEY": harness.SECRET,
        "MAIL_DOMAIN": harness.DOMAIN,
        "PUBLIC_URL": harness.PUBLIC,
        "PYTHONPATH": os.getcwd(),
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "workers.cli", "worker"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        assert wait_until(lambda: ready(redis_url), timeout=20), "castillo worker did not start"
        yield proc
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=20)


def ready(redis_url: str) -> bool:
    """Says whether an rq worker listens on the queue and the relay's groups exist."""
    client = redis.Redis.from_url(redis_url)
    groups = client.exists("castillo:{b63}:outbox") and client.xinfo_groups("castillo:{b63}:outbox")
    return bool(Worker.all(connection=client)) and bool(groups)


def wait_until(predicate, timeout: float = 12.0) -> bool:
    end = time.time() + timeout
    while time.time() < end:
        if predicate():
            return True
        time.sleep(0.05)
    return False


def timeouts(rt, game_id):
    return [e for e in rt.games.store.read(game_id) if e["event"]["type"] == "seat_timed_out"]


def test_the_scheduler_auto_passes_on_time_and_emails_the_seat(redis_url, r, smtp):
    rt = harness.runtime(redis_url, smtp.url)
    with worker_process(redis_url, smtp.url):
        game_id = harness.create(
            rt, seats=2, time_control={"per_move": 2, "reminders": [1], "absent_after": 50}
        )
        [(seat, prompt)] = plans(rt, game_id)
        due = plans(rt, game_id)[(seat, prompt)].deadline
        assert wait_until(lambda: timeouts(rt, game_id))
        first = timeouts(rt, game_id)[0]
        assert first["event"] == {"type": "seat_timed_out", "seat": seat, "prompt": prompt}
        assert due * 1000 <= first["t"] <= due * 1000 + 3000  # never early (lateness: see the benchmark)
        assert wait_until(
            lambda: any("deadline passed" in m["Subject"] for m in smtp.inbox.to("p0@example.org"))
        )
    subjects = [m["Subject"] for m in smtp.inbox.to("p0@example.org")]
    assert sum("reminder" in s for s in subjects) <= 1
    assert len([e for e in timeouts(rt, game_id) if e["event"]["prompt"] == prompt]) == 1


def test_the_scheduler_passes_every_silent_seat_of_a_sealed_decision_once(redis_url, r, smtp):
    rt = harness.runtime(redis_url, smtp.url)
    game_id = sealed_game(rt, per_move=3)
    due = plans(rt, game_id)
    (mover, _), *others = sorted(due)
    loaded = rt.games.load(game_id)
    move = loaded.game.legal_moves(loaded.folded.state, mover)[0]
    rt.games.submit(game_id, mover, [{k: v for k, v in move.items() if k != "complete"}])
    with worker_process(redis_url, smtp.url):
        assert wait_until(lambda: len(timeouts(rt, game_id)) >= len(others))
        time.sleep(0.5)
    passed = timeouts(rt, game_id)
    assert sorted((e["event"]["seat"], e["event"]["prompt"]) for e in passed) == sorted(others)
    for e in passed:
        assert e["t"] >= due[(e["event"]["seat"], e["event"]["prompt"])].deadline * 1000
