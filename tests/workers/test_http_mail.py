"""The HTTP doors of email play: POST /inbound-email (shared secret) and one-click unsubscribe."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from rq.job import Job

from service import contacts
from service.app import create_app
from tests.conftest import PREFIX
from tests.workers import harness
from tests.workers.test_flow import legal_moves_in, reply
from workers.jobclass import SERIALIZER
from workers.recovery import Recovery


@pytest.fixture
def setup(redis_url, r, smtp):
    rt = harness.runtime(redis_url, smtp.url)
    app = create_app(replace(rt.config, INBOUND_SECRET="s3cret"))
    game_id = harness.create(rt)
    harness.pump(rt)
    smtp.inbox.wait_for(3)
    return rt, app.test_client(), game_id


def test_inbound_email_needs_the_secret_and_a_live_reply_address(setup, smtp):
    rt, http, game_id = setup
    invite = smtp.inbox.to("p0@example.org")[0]
    raw = reply(invite["Reply-To"], legal_moves_in(invite)[0], "h1")
    assert http.post("/inbound-email", data=raw).status_code == 401
    wrong = http.post("/inbound-email", data=raw, headers={"X-Inbound-Secret": "nope"})
    assert wrong.status_code == 403 and wrong.json["code"] == "forbidden"
    forged = reply("r-" + "c" * 26 + "@castillo.test", "play king 0", "h2")
    refused = http.post("/inbound-email", data=forged, headers={"X-Inbound-Secret": "s3cret"})
    assert refused.status_code == 404 and refused.mimetype == "application/problem+json"
    garbage = http.post("/inbound-email", data=b"", headers={"X-Inbound-Secret": "s3cret"})
    assert garbage.status_code == 400
    version = rt.games.load(game_id).version
    ok = http.post(
        "/inbound-email", data=raw, headers={"X-Inbound-Secret": "s3cret", "Content-Type": "message/rfc822"}
    )
    assert ok.status_code == 202 and ok.json["game"] == game_id and ok.json["seat"] == 0
    job = Job.fetch(ok.json["job"], connection=rt.queue.connection, serializer=SERIALIZER)
    assert job.timeout == Recovery.from_env().job_timeout_s  # the same lease as every worker job
    harness.work(rt)
    assert rt.games.load(game_id).version > version
    assert "move accepted" in smtp.inbox.wait_for(4)[3]["Subject"]


def test_inbound_email_is_off_without_a_secret(redis_url, r, smtp):
    rt = harness.runtime(redis_url, smtp.url)
    http = create_app(rt.config).test_client()
    answer = http.post("/inbound-email", data=b"From: a@b\r\n\r\nhi", headers={"X-Inbound-Secret": ""})
    assert answer.status_code in (401, 403)


def test_one_click_unsubscribe_of_a_notice_stops_this_games_emails_but_not_the_game(setup, smtp):
    rt, http, game_id = setup
    loaded = rt.games.load(game_id)
    rt.games.submit(game_id, 0, [loaded.game.legal_moves(loaded.folded.state, 0)[0]])
    harness.pump(rt)
    turn = next(m for m in smtp.inbox.to("p1@example.org") if "your turn" in str(m["Subject"]))
    url = re.search(r"<(https://castillo\.test(/unsubscribe/\S+))>", turn["List-Unsubscribe"]).group(2)
    page = http.get(url)
    assert (
        page.status_code == 200
        and b"<form method='post'" in page.data
        and b"fetch(location.pathname" in page.data
    )
    assert rt.redis.keys(f"{PREFIX}:*:unsub") == []  # a GET never acts
    assert http.post(url.replace("/unsubscribe/", "/unsubscribe/x")).status_code == 404
    done = http.post(url, data="List-Unsubscribe=One-Click", content_type="application/x-www-form-urlencoded")
    expected = {"game": game_id, "seat": 1, "unsubscribed": True, "scope": "game"}
    assert done.status_code == 200 and done.json == expected
    again = http.get(url)  # the page now says so instead of asking
    assert b"You get no more emails about game" in again.data and b"<form" not in again.data
    assert not contacts.forbidden(rt.redis, "p1@example.org")  # other games still email it
    # everyone is told seat 2 is auto-played now, except seat 1; seat 1 still plays
    before = len(smtp.inbox.to("p1@example.org"))
    rt.games.set_presence(game_id, 2, "absent", by_admin=True)
    harness.pump(rt)
    assert any("auto-played" in str(m["Subject"]) for m in smtp.inbox.to("p0@example.org"))
    assert len(smtp.inbox.to("p1@example.org")) == before
    loaded = rt.games.load(game_id)
    assert 1 in loaded.game.pending(loaded.folded.state)


def test_inbound_email_takes_messages_larger_than_json_bodies(setup, smtp):
    _rt, http, _game_id = setup
    invite = smtp.inbox.to("p0@example.org")[0]
    raw = reply(invite["Reply-To"], legal_moves_in(invite)[0] + "\n\n" + "x" * 400_000, "big")
    ok = http.post("/inbound-email", data=raw, headers={"X-Inbound-Secret": "s3cret"})
    assert ok.status_code == 202
    huge = http.post("/inbound-email", data=raw * 3, headers={"X-Inbound-Secret": "s3cret"})
    assert huge.status_code == 413 and huge.json["code"] == "payload-too-large"
