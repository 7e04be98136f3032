"""Replies over SMTP: the aiosmtpd listener refuses unknown addresses at RCPT and queues the rest."""

from __future__ import annotations

import smtplib

import pytest

from tests.workers import harness
from tests.workers.smtp import free_port
from tests.workers.test_flow import legal_moves_in, reply
from workers import inbound


def test_the_listener_plays_replies_and_bounces_forged_addresses(redis_url, r, smtp):
    rt = harness.runtime(redis_url, smtp.url)
    game_id = harness.create(rt)
    harness.pump(rt)
    invite = smtp.inbox.wait_for(3) and smtp.inbox.to("p0@example.org")[0]
    port = free_port()
    controller = inbound.start(rt, f"127.0.0.1:{port}")
    try:
        with smtplib.SMTP("127.0.0.1", port, timeout=5) as client:
            forged = "r-" + "d" * 26 + "@castillo.test"
            with pytest.raises(smtplib.SMTPRecipientsRefused) as refused:
                client.sendmail("p0@example.org", [forged], reply(forged, "play king 0", "s1"))
            assert refused.value.recipients[forged][0] == 550
            raw = reply(invite["Reply-To"], legal_moves_in(invite)[0], "s2")
            assert client.sendmail("p0@example.org", [invite["Reply-To"]], raw) == {}
    finally:
        controller.stop()
    version = rt.games.load(game_id).version
    harness.work(rt)
    assert rt.games.load(game_id).version > version
    assert "move accepted" in smtp.inbox.wait_for(4)[3]["Subject"]


def test_listen_address_is_checked():
    with pytest.raises(ValueError, match="HOST:PORT"):
        inbound.parse_listen("localhost")
