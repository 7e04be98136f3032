"""Deadlines fired by rq's real scheduler in a `castillo worker` process (seconds-long clocks)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager

from rq import Worker
from rq.job import JobStatus

from service.store import outbox_key
from tests.conftest import connect, queue_url
from tests.workers import harness
from tests.workers.test_deadlines import plans, sealed_game
from workers.queue import job_id


@contextmanager
def worker_process(redis_url: str, smtp_url: str) -> Iterator[subprocess.Popen]:
    """Runs `castillo worker` (rq worker with scheduler + relay child) against the test Redis."""
    env = harness.worker_env(redis_url, smtp_url)
    with tempfile.TemporaryFile(mode="w+") as output:
        proc = subprocess.Popen(
            [sys.executable, "-m", "workers.cli", "worker"],
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            assert wait_until(lambda: ready(redis_url), timeout=30), "castillo worker did not start"
            yield proc
        finally:
            stop(proc)
            output.seek(0)
            print(output.read()[-20000:])  # the worker's and relay's log, shown when the test fails


def stop(proc: subprocess.Popen) -> None:
    """Stops the worker's process group (worker, scheduler, relay): SIGTERM, then SIGKILL after 30 s."""
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def ready(redis_url: str) -> bool:
    """Says whether an rq worker listens on the queue and the relay's groups exist."""
    client = connect(redis_url)
    groups = client.exists(outbox_key(63)) and client.xinfo_groups(outbox_key(63))
    return bool(Worker.all(connection=connect(queue_url(redis_url)))) and bool(groups)


DONE = (JobStatus.FINISHED, JobStatus.FAILED)


def wait_until(predicate, timeout: float = 12.0) -> bool:
    return harness.wait_until(predicate, timeout)


def settled(rt, game_id: str, due: dict) -> bool:
    """Says whether every path that could pass a prompt of `due` has run: the queue is idle, rq's
    scheduler (whole seconds, polled once a second) had its turn, and each deadline job of those
    prompts (rq scheduler's, its re-run after an early start, the relay's) has finished."""
    if time.time() < max(p.deadline for p in due.values()) + 2.5:
        return False
    if rt.queue.count or rt.queue.started_job_registry.count:
        return False
    tails = ((), ("due",))
    ids = [job_id("deadline", game_id, p.seat, p.prompt, *t) for p in due.values() for t in tails]
    ids += [job_id("deadline", game_id, p.seat, p.prompt, int(p.deadline * 1000)) for p in due.values()]
    return all(job is None or job.get_status() in DONE for job in map(rt.queue.fetch_job, ids))


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
        assert wait_until(lambda: timeouts(rt, game_id), timeout=30)
        first = timeouts(rt, game_id)[0]
        assert first["event"] == {"type": "seat_timed_out", "seat": seat, "prompt": prompt}
        # never early; late by less than the 15 s sweep, so a precise path fired it (lateness: the benchmark)
        assert due * 1000 <= first["t"] <= due * 1000 + 8000
        assert wait_until(
            lambda: any("deadline passed" in m["Subject"] for m in smtp.inbox.to("p0@example.org")),
            timeout=30,
        )
    # each prompt's reminder at most once (the game goes on at 2 s a prompt: later prompts have theirs)
    reminders = [m["Message-ID"] for m in smtp.inbox.to("p0@example.org") if "reminder" in m["Subject"]]
    assert len(reminders) == len(set(reminders))
    assert len([e for e in timeouts(rt, game_id) if e["event"]["prompt"] == prompt]) == 1


def test_the_scheduler_passes_every_silent_seat_of_a_sealed_decision_once(redis_url, r, smtp):
    rt = harness.runtime(redis_url, smtp.url)
    game_id = sealed_game(rt, per_move=3)
    due = plans(rt, game_id)
    (mover, _), *others = sorted(due)
    loaded = rt.games.load(game_id)
    move = loaded.game.legal_moves(loaded.folded.state, mover)[0]
    rt.games.submit(game_id, mover, [{k: v for k, v in move.items() if k != "complete"}])

    def passed() -> list[dict]:  # the sealed decision's only: the game goes on, its next prompts may time out
        return [e for e in timeouts(rt, game_id) if (e["event"]["seat"], e["event"]["prompt"]) in due]

    with worker_process(redis_url, smtp.url):
        assert wait_until(lambda: len(passed()) >= len(others), timeout=30)
        assert wait_until(lambda: settled(rt, game_id, due), timeout=30)
    passed = passed()
    assert sorted((e["event"]["seat"], e["event"]["prompt"]) for e in passed) == sorted(others)
    for e in passed:
        assert e["t"] >= due[(e["event"]["seat"], e["event"]["prompt"])].deadline * 1000
