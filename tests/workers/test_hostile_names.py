"""Hostile player names reach a real SMTP server as one display name of one recipient, never more."""

from __future__ import annotations

import json
import uuid

from service.store import meta_key, plain_key
from tests.workers import harness
from workers.compose import Letter, compose
from workers.transport import Transport, deliver

NAMES = (
    "=?utf-8?b?ZXZpbEB4Lm9yZw==?=",  # decodes to evil@x.org
    'Bob, "Eve" <eve@x.org>',
    "Zoë =?utf-8?q?evil=40x=2Eorg?=",
    "=?utf-8?q?=3Cevil=40x=2Eorg=3E?=",
    '\\"=?us-ascii?q?x?=" <e@x.org>, f@x.org',
    "Ann <evil@x>",
)


def _addresses(count: int) -> list[str]:
    run = uuid.uuid4().hex[:8]
    return [f"seat{i}-{run}@example.org" for i in range(count)]


def _created(rt, names: tuple[str, ...]) -> tuple[str, list[str]]:
    emails = _addresses(len(names))
    spec = {
        "game": "kabale",
        "seats": [{"name": n, "email": e} for n, e in zip(names, emails, strict=True)],
        "time_control": {"per_move": 86400, "reminders": []},
    }
    return str(rt.games.create(spec)[0]["id"]), emails


def test_each_invitation_has_exactly_the_one_intended_recipient(redis_url, r, smtp):
    rt = harness.runtime(redis_url, smtp.url)
    _game, emails = _created(rt, NAMES)
    harness.pump(rt)
    smtp.inbox.wait_for(len(NAMES))
    assert len(smtp.inbox.messages) == len(NAMES)
    for message, (_sender, rcpt) in zip(smtp.inbox.messages, smtp.inbox.envelopes, strict=True):
        (to,) = message["To"].addresses
        seat = emails.index(to.addr_spec)
        assert rcpt == [emails[seat]]  # RCPT TO: that one address
        assert to.display_name == NAMES[seat]  # the name as given, decoded exactly once
        assert len(message.get_all("To")) == 1 and message["Bcc"] is None and message["Cc"] is None
        assert f"Hello {NAMES[seat]}," in message.get_body(("plain",)).get_content()


def test_a_name_stored_before_names_were_checked_still_gets_its_email(redis_url, r, smtp):
    """A legacy name with CR/LF is shown with spaces instead: no header injection, no hours of retries."""
    rt = harness.runtime(redis_url, smtp.url)
    game, emails = _created(rt, ("Ann", "Eve"))
    meta = json.loads(r.get(meta_key(game)))
    meta["seats"][1]["name"] = "Eve\r\nBcc: victim@x.org"
    r.set(meta_key(game), json.dumps(meta))
    harness.pump(rt)
    smtp.inbox.wait_for(2)
    assert sorted(rcpt for _s, (rcpt,) in smtp.inbox.envelopes) == sorted(emails)
    (eve,) = [m for m in smtp.inbox.messages if emails[1] in str(m["To"])]
    assert eve["To"].addresses[0].display_name == "Eve  Bcc: victim@x.org" and eve["Bcc"] is None


def test_an_encoded_word_in_a_subject_stays_text(r, smtp):
    letter = Letter(
        key=f"k-{uuid.uuid4().hex}",
        game_id="g1",
        to=("=?utf-8?q?URGENT?=", "ann@example.org"),
        subject="[Castillo] g1: =?utf-8?q?URGENT=3A_pay_now?= is back",
        paragraphs=("hello",),
    )
    message = compose(letter, sender="castillo@castillo.test", domain="castillo.test")
    transport = Transport.from_settings(smtp.url, "/nonexistent")
    assert deliver(r, transport, message, plain_key(f"mail:{letter.key}"))
    (received,) = smtp.inbox.wait_for(1)
    assert received["Subject"] == letter.subject
    assert received["To"].addresses[0].display_name == "=?utf-8?q?URGENT?="
    assert received["From"].addresses[0].addr_spec == "castillo@castillo.test"
