"""Mail server down, then up: every notification is delivered once, through rq's retries."""

from __future__ import annotations

import time

from tests.conftest import PREFIX
from tests.workers import harness


def test_smtp_down_then_up_delivers_everything_once(redis_url, r, smtp, monkeypatch):
    monkeypatch.setenv("MAIL_RETRY_INTERVALS", "1,1,1")
    rt = harness.runtime(redis_url, smtp.url)
    smtp.stop()
    harness.create(rt)
    harness.create(rt, seats=2)
    harness.pump(rt)
    assert smtp.inbox.messages == []
    scheduled = rt.queue.scheduled_job_registry.get_job_ids()
    assert len([j for j in scheduled if j.startswith("mail-")]) == 5  # each invite waits for its retry
    assert not list(r.scan_iter(f"{PREFIX}:*:mail:*"))  # markers released for the retries
    smtp.start()
    time.sleep(1.2)
    harness.work(rt)  # the scheduler enqueues the due retries; the worker sends them
    messages = smtp.inbox.wait_for(5)
    assert len(messages) == 5 and len({m["Message-ID"] for m in messages}) == 5
    time.sleep(1.2)
    harness.pump(rt)
    assert len(smtp.inbox.messages) == 5
