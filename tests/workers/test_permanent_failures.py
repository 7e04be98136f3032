"""A notification that can never go fails at once, is recorded, and is not retried for hours."""

from __future__ import annotations

import json
import uuid

from rq.job import Job

from service.store import meta_key
from tests.workers import harness
from workers.jobclass import SERIALIZER
from workers.notify import marker, outcomes_key
from workers.queue import job_id


def _game(rt, emails: list[str]) -> str:
    spec = {
        "game": "kabale",
        "seats": [{"name": f"P{i}", "email": e} for i, e in enumerate(emails)],
        "time_control": {"per_move": 86400, "reminders": []},
    }
    return str(rt.games.create(spec)[0]["id"])


def _emails() -> list[str]:
    run = uuid.uuid4().hex[:8]
    return [f"ann-{run}@example.org", f"bob-{run}@example.org"]


def _invite_job(rt, game: str, seat: int) -> Job:
    return Job.fetch(
        job_id("mail", game, seat, "invite", ""), connection=rt.queue.connection, serializer=SERIALIZER
    )


def _assert_given_up(rt, r, game: str, seat: int, reason: str) -> None:
    job = _invite_job(rt, game, seat)
    assert job.get_status() == "finished" and job.return_value() == "failed"  # no retry scheduled
    assert r.get(marker(game, seat, "invite", "")).startswith("failed: ")
    outcome = json.loads(r.hget(outcomes_key(game), f"{seat}:invite:"))
    assert outcome["status"] == "failed" and reason in outcome["reason"]


def test_an_address_stored_before_checks_fails_fast_and_is_recorded(redis_url, r, smtp):
    rt = harness.runtime(redis_url, smtp.url)
    emails = _emails()
    game = _game(rt, emails)
    meta = json.loads(r.get(meta_key(game)))
    meta["seats"][1]["email"] = emails[1] + "\r\nBcc: victim@example.org"
    r.set(meta_key(game), json.dumps(meta))
    harness.pump(rt)
    assert [rcpt for _s, rcpt in smtp.inbox.envelopes] == [[emails[0]]]
    _assert_given_up(rt, r, game, 1, "cannot be built")


def test_a_recipient_the_server_refuses_for_good_fails_fast_and_is_recorded(redis_url, r, smtp):
    rt = harness.runtime(redis_url, smtp.url)
    emails = _emails()
    smtp.inbox.refused.add(emails[1])
    game = _game(rt, emails)
    harness.pump(rt)
    assert [rcpt for _s, rcpt in smtp.inbox.envelopes] == [[emails[0]]]
    _assert_given_up(rt, r, game, 1, "550")
    harness.pump(rt)  # a redelivered job finds the marker settled
    assert len(smtp.inbox.messages) == 1
