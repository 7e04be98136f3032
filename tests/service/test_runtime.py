"""Deadlines, auto-pass, absence and crash-restart of an AOF Redis (the SSE stream: test_streams.py)."""

from __future__ import annotations

from typing import Any

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient

from service.config import Config
from service.embedded import EmbeddedRedis
from service.games import GameService
from tests.service.conftest import bearer, create, key


def _service(app: Flask) -> GameService:
    return app.extensions["castillo"]


def test_auto_pass_waits_for_the_deadline_then_plays_the_default(app: Flask, client: FlaskClient) -> None:
    game = create(client, time_control={"per_move": 3600, "absent_after": 2})
    gid, svc = game["id"], _service(app)
    due = svc.pending(gid)[0]
    early = svc.auto_pass(gid, due.seat, due.prompt["id"], due.deadline - 1)
    assert early["done"] is False and early["skipped"] == "early"
    assert svc.auto_pass(gid, due.seat, "no-such-prompt", due.deadline + 1)["skipped"] == "not-pending"
    done = svc.auto_pass(gid, due.seat, due.prompt["id"], due.deadline)
    assert done["done"] and done["moves"][0].get("default") is True and not done["absent"]
    again = svc.auto_pass(gid, due.seat, due.prompt["id"], due.deadline + 10)
    assert again["done"] is False and again["skipped"] == "not-pending"
    entries = client.get(f"/games/{gid}/events?limit=500").get_json()["entries"]
    timed_out = [e for e in entries if e.get("event", {}).get("type") == "seat_timed_out"]
    assert len(timed_out) == 1 and timed_out[0]["event"]["seat"] == due.seat
    assert any(e.get("actor") == "deadline" for e in entries)


def test_absent_after_consecutive_timeouts_and_back_by_own_move(app: Flask, client: FlaskClient) -> None:
    game = create(client, time_control={"per_move": 60, "absent_after": 2})
    gid, svc = game["id"], _service(app)
    for _ in range(8):
        due = svc.pending(gid)[0]
        svc.auto_pass(gid, due.seat, due.prompt["id"], due.deadline)
        if all(s["absent"] for s in client.get(f"/games/{gid}").get_json()["seats"]):
            break
    summary = client.get(f"/games/{gid}").get_json()
    assert all(s["absent"] for s in summary["seats"])
    prompt = summary["prompts"][0]
    assert prompt["deadline"] == pytest.approx(prompt["opened"], abs=1)  # absent seats are due at once
    seat = prompt["seat"]
    token = game["seats"][seat]["token"]
    move = client.get(f"/games/{gid}/legal-moves", headers=bearer(token)).get_json()["moves"][0]
    answer = client.post(f"/games/{gid}/moves", json={"move": move}, headers={**bearer(token), **key()})
    assert answer.get_json()["entries"][0]["event"] == {"type": "seat_returned", "seat": seat}
    assert client.get(f"/games/{gid}").get_json()["seats"][seat]["absent"] is False
    assert client.get(f"/games/{gid}/verify").get_json()["ok"]


def test_deadline_auto_pass_is_verified_after_the_end(app: Flask, client: FlaskClient) -> None:
    game = create(client, time_control={"per_move": 1})
    gid, svc = game["id"], _service(app)
    for _ in range(2000):
        dues = svc.pending(gid)
        if not dues:
            break
        svc.auto_pass(gid, dues[0].seat, dues[0].prompt["id"], dues[0].deadline)
    assert client.get(f"/games/{gid}").get_json()["status"] == "finished"
    report = client.get(f"/games/{gid}/verify").get_json()
    assert report["ok"] and report["replay"]["ok"], report


def test_restart_of_an_aof_redis_loses_nothing(tmp_path: Any) -> None:
    server = EmbeddedRedis(tmp_path / "redis")
    url = server.start()
    try:
        cfg = Config(REDIS_URL=url, SECRET_KEY="k").completed()
        svc = GameService(redis.Redis.from_url(url), cfg)
        answer, _ = svc.create({"game": "kabale", "seats": [{"name": "a"}, {"name": "b"}]})
        due = svc.pending(answer["id"])[0]
        svc.auto_pass(answer["id"], due.seat, due.prompt["id"], due.deadline)
        before = svc.store.raw(answer["id"])
        server.stop(kill=True)  # a crash: SIGKILL, no shutdown save
        url = server.start()
        fresh = GameService(redis.Redis.from_url(url), cfg)
        assert fresh.store.raw(answer["id"]) == before
        assert fresh.load(answer["id"]).version == len(before)
    finally:
        server.stop()


def test_a_bot_seat_is_due_at_once_and_never_marked_absent(app: Flask, client: FlaskClient) -> None:
    game = create(client, time_control={"per_move": 86400, "absent_after": 1})
    gid, svc = game["id"], _service(app)
    seat = svc.pending(gid)[0].seat
    answer = client.post(
        f"/games/{gid}/seats/{seat}/bot", json={"bot": "default"}, headers=bearer(game["admin_token"])
    )
    assert answer.status_code == 200
    for _ in range(6):
        due = [d for d in svc.pending(gid) if d.seat == seat]
        if not due:
            other = svc.pending(gid)[0]
            svc.auto_pass(gid, other.seat, other.prompt["id"], other.deadline)
            continue
        assert due[0].deadline <= svc.clock() + 1  # the server's bot plays at once
        assert svc.auto_pass(gid, seat, due[0].prompt["id"], svc.clock() + 1)["absent"] is False
    assert client.get(f"/games/{gid}").get_json()["seats"][seat]["absent"] is False
