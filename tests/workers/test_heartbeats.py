"""GET /health sees a `castillo worker` (and its relay child) by their heartbeats, and stops seeing
them within three heartbeats of a SIGKILL, or at once when they stop cleanly; a worker whose
relay child died starts another."""

from __future__ import annotations

import os
import signal
import time

import pytest
from flask.testing import FlaskClient

from service.app import create_app
from service.config import Config
from tests.conftest import store_urls
from tests.workers import harness
from tests.workers.test_worker_crash import kill, workers

BEAT = {"HEARTBEAT_S": "1"}


@pytest.fixture
def client(redis_url: str) -> FlaskClient:
    return create_app(Config(**store_urls(redis_url), SECRET_KEY=harness.SECRET, HEARTBEAT_S=1)).test_client()


def live(client: FlaskClient, kind: str) -> set[int]:
    """Returns the pids of the live workers or relays GET /health lists."""
    return {p["pid"] for p in client.get("/health").get_json()[kind] if p["live"]}


def test_health_reports_a_running_worker_and_relay_and_a_killed_one_within_three_beats(
    redis_url, r, smtp, client, tmp_path
):
    with workers(redis_url, smtp.url, tmp_path, **BEAT) as start:
        proc = start()
        assert harness.wait_until(lambda: proc.pid in live(client, "workers") and live(client, "relays"), 10)
        answer = client.get("/health")
        body = answer.get_json()
        assert answer.status_code == 200 and body["status"] == "ok" and body["problems"] == []
        assert [r["buckets"] for r in body["relays"] if r["live"]] == ["0-63"]
        assert body["unrelayed"] == "" and body["stale_after_s"] == 3
        kill(proc)  # the whole group: worker, scheduler, relay
        killed = time.monotonic()
        assert harness.wait_until(lambda: not live(client, "workers") and not live(client, "relays"), 10)
        assert time.monotonic() - killed <= 3 + 1.5  # three beats, and a little for a beat in flight
    answer = client.get("/health")
    body = answer.get_json()
    assert answer.status_code == 200  # the API itself is fine: a load balancer keeps it
    assert body["status"] == "degraded" and body["problems"] == ["no-live-worker", "no-live-relay"]
    assert proc.pid in {w["pid"] for w in body["workers"]}  # still listed, as not live, with its age
    assert body["unrelayed"] == "0-63"


def test_a_worker_that_stops_cleanly_takes_its_heartbeats_along(redis_url, r, smtp, client, tmp_path):
    with workers(redis_url, smtp.url, tmp_path, **BEAT) as start:
        proc = start()
        assert harness.wait_until(lambda: proc.pid in live(client, "workers") and live(client, "relays"), 10)
        os.killpg(proc.pid, signal.SIGTERM)
        assert proc.wait(20) == 0
        body = client.get("/health").get_json()
    assert body["workers"] == [] and body["relays"] == []


def test_a_worker_starts_its_relay_again_when_it_died(redis_url, r, smtp, client, tmp_path):
    with workers(redis_url, smtp.url, tmp_path, **BEAT) as start:
        proc = start()
        assert harness.wait_until(lambda: live(client, "relays"), 10)
        [first] = live(client, "relays")
        os.kill(first, signal.SIGKILL)
        assert harness.wait_until(lambda: live(client, "relays") - {first}, 10), "no new relay"
        assert harness.wait_until(lambda: first not in live(client, "relays"), 5)  # three beats
        assert proc.poll() is None


def test_the_scheduler_of_a_killed_worker_stops_with_it(redis_url, r, smtp, tmp_path):
    # rq forks its scheduler; a worker SIGKILLed alone (not its group) used to leave it running
    import psutil

    def scheduler(worker: psutil.Process) -> list[psutil.Process]:
        return [c for c in worker.children() if "relay" not in c.cmdline()]  # the relay is the other child

    with workers(redis_url, smtp.url, tmp_path, **BEAT) as start:
        proc = start()
        worker = psutil.Process(proc.pid)
        assert harness.wait_until(lambda: scheduler(worker), 10)
        forked = scheduler(worker)
        os.kill(proc.pid, signal.SIGKILL)  # the worker alone
        proc.wait()
        _, alive = psutil.wait_procs(forked, timeout=10)
        assert not alive, [p.cmdline() for p in alive]
