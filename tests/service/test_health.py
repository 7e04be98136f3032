"""GET /health: Redis reachability, and the heartbeats of workers and relays (service.heartbeats)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import replace

import pytest
import redis
from flask.testing import FlaskClient

from service import heartbeats
from service.app import create_app
from service.config import Config


@pytest.fixture
def beats(rds: redis.Redis) -> Iterator[redis.Redis]:
    """Yields the run's Redis with no heartbeats recorded, and removes those the test wrote."""
    rds.delete(heartbeats.heartbeats_key())
    yield rds
    rds.delete(heartbeats.heartbeats_key())


def health(client: FlaskClient) -> tuple[int, dict]:
    answer = client.get("/health")
    return answer.status_code, answer.get_json()


def test_without_workers_the_api_is_up_but_degraded(client: FlaskClient, beats: redis.Redis) -> None:
    assert health(client) == (
        200,
        {
            "status": "degraded",
            "redis": "ok",
            "problems": ["no-live-worker", "no-live-relay"],
            "workers": [],
            "relays": [],
            "unrelayed": "0-63",
            "stale_after_s": 15.0,
        },
    )


def test_relays_must_cover_every_bucket(client: FlaskClient, beats: redis.Redis) -> None:
    heartbeats.beat(beats, heartbeats.member("worker", "h1", 10))
    heartbeats.beat(beats, heartbeats.member("relay", "h1", 11, heartbeats.bucket_text(range(32))))
    heartbeats.beat(beats, heartbeats.member("relay", "h2", 12, "32-40,42-63"))
    status, body = health(client)
    assert status == 200 and body["problems"] == ["no-live-relay"] and body["unrelayed"] == "41"
    relays = sorted((r["pid"], r["host"], r["buckets"], r["live"]) for r in body["relays"])
    assert relays == [(11, "h1", "0-31", True), (12, "h2", "32-40,42-63", True)]
    heartbeats.beat(beats, heartbeats.member("relay", "h3", 13, "41"))
    status, body = health(client)
    assert status == 200 and body["status"] == "ok" and body["problems"] == [] and body["unrelayed"] == ""
    assert body["workers"] == [{"host": "h1", "pid": 10, "age_s": body["workers"][0]["age_s"], "live": True}]


def test_a_silent_process_turns_stale_after_three_beats(config: Config, beats: redis.Redis) -> None:
    client = create_app(replace(config, HEARTBEAT_S=0.2)).test_client()
    heartbeats.beat(beats, heartbeats.member("worker", "h1", 10))
    assert [w["live"] for w in health(client)[1]["workers"]] == [True]
    time.sleep(0.7)
    status, body = health(client)
    assert [(w["live"], w["age_s"] >= 0.6) for w in body["workers"]] == [(False, True)]
    assert status == 200 and body["problems"][0] == "no-live-worker"


def test_an_unreachable_redis_answers_503(config: Config) -> None:
    client = create_app(replace(config, REDIS_URL="redis://127.0.0.1:1")).test_client()
    status, body = health(client)
    assert status == 503 and body["redis"] == "unreachable" and body["problems"] == ["redis-unreachable"]


def test_bucket_ranges_read_back_as_written() -> None:
    assert heartbeats.bucket_text([5, 0, 1, 2, 63, 7, 6]) == "0-2,5-7,63"
    assert heartbeats.bucket_set("0-2,5-7,63") == {0, 1, 2, 5, 6, 7, 63}
    assert heartbeats.bucket_text([]) == ""
