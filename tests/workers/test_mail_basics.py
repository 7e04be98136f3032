"""Delivery exactly once over real SMTP and maildir, composition headers, reply parsing."""

from __future__ import annotations

import mailbox

import pytest

from service import mailplay
from service.store import plain_key
from workers.compose import Letter, Section, compose, message_id
from workers.transport import Transport, deliver

LETTER = Letter(
    key="turn:g1:0:p1",
    game_id="g1",
    to=("Alice", "alice@example.org"),
    subject="[Castillo] g1: your turn",
    paragraphs=("It is your turn.",),
    sections=(
        Section("Legal moves", ("play 7H", "play <b>"), "moves"),
        Section("Board", ("a  <1>", "b")),
        Section("View", ("x < y",), "pre"),
    ),
    link="https://castillo.test/play/g1#k=abc",
    reply_to="r-abcdefghijklmnopqrstuvwxyz@castillo.test",
    unsubscribe_url="https://castillo.test/unsubscribe/tok",
)


def test_compose_has_both_parts_and_the_list_headers():
    message = compose(LETTER, sender="Castillo <castillo@castillo.test>", domain="castillo.test")
    assert message["Message-ID"] == message_id("turn:g1:0:p1", "castillo.test")
    assert message["List-Unsubscribe"] == "<https://castillo.test/unsubscribe/tok>"
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert message["Reply-To"] == LETTER.reply_to
    assert message["Auto-Submitted"] == "auto-generated"
    text = message.get_body(("plain",)).get_content()
    html = message.get_body(("html",)).get_content()
    assert "play 7H" in text and LETTER.link in text
    assert "play &lt;b&gt;" in html and 'href="https://castillo.test/play/g1#k=abc"' in html


def test_deliver_sends_once_per_marker(r, smtp):
    transport = Transport.from_settings(smtp.url, "/nonexistent")
    message = compose(LETTER, sender="castillo@castillo.test", domain="castillo.test")
    assert deliver(r, transport, message, plain_key("mail:k1")) is True
    assert deliver(r, transport, message, plain_key("mail:k1")) is False
    assert len(smtp.inbox.wait_for(1)) == 1
    assert smtp.inbox.messages[0]["Message-ID"] == message["Message-ID"]


def test_deliver_releases_the_marker_when_the_server_is_down(r, smtp):
    transport = Transport.from_settings(smtp.url, "/nonexistent")
    message = compose(LETTER, sender="castillo@castillo.test", domain="castillo.test")
    smtp.stop()
    with pytest.raises(OSError):
        deliver(r, transport, message, plain_key("mail:k2"))
    assert r.get(plain_key("mail:k2")) is None
    smtp.start()
    assert deliver(r, transport, message, plain_key("mail:k2")) is True
    assert len(smtp.inbox.wait_for(1)) == 1


def test_without_smtp_url_messages_land_in_the_maildir(r, tmp_path, caplog):
    transport = Transport.from_settings(None, str(tmp_path))
    message = compose(LETTER, sender="castillo@castillo.test", domain="castillo.test")
    with caplog.at_level("INFO", logger="castillo.mail"):
        assert deliver(r, transport, message, plain_key("mail:k3"))
    stored = list(mailbox.Maildir(str(tmp_path / "maildir")))
    assert len(stored) == 1 and stored[0]["Message-ID"] == message["Message-ID"]
    assert "https://castillo.test/play/g1#k=abc" in caplog.text


def test_bad_smtp_url_is_refused_clearly():
    with pytest.raises(ValueError, match="SMTP_URL"):
        Transport.from_settings("http://mail:25", "/tmp")


def test_reply_addresses_resolve_until_expiry_and_only_for_our_domain(r):
    address = mailplay.mint_address(r, "castillo.test", "g1", 2, "5:card:2", ttl_s=60)
    assert mailplay.ADDRESS_RE.fullmatch(address)
    target = mailplay.resolve_address(r, address.upper(), "castillo.test")
    assert target and (target.game_id, target.seat, target.prompt_id) == ("g1", 2, "5:card:2")
    assert mailplay.resolve_address(r, address.replace("castillo.test", "evil.test"), "castillo.test") is None
    forged = "r-" + "a" * 26 + "@castillo.test"
    assert mailplay.resolve_address(r, forged, "castillo.test") is None
    r.set(mailplay.reply_key(address.split("@")[0]), '{"game":"g1","seat":2,"prompt":"p","exp":1}')
    assert mailplay.resolve_address(r, address, "castillo.test") is None


def test_unsubscribe_tokens_are_signed():
    token = mailplay.make_unsubscribe_token("secret", "g1", 3)
    assert mailplay.read_unsubscribe_token("secret", token) == ("g1", 3, "game")
    everything = mailplay.make_unsubscribe_token("secret", "g1", 3, "address")
    assert mailplay.read_unsubscribe_token("secret", everything) == ("g1", 3, "address")
    with pytest.raises(mailplay.MailPlayError):
        mailplay.read_unsubscribe_token("other-secret", token)


REPLY = b"""From: Alice <alice@example.org>
To: Castillo <r-abcdefghijklmnopqrstuvwxyz@castillo.test>
Subject: Re: your turn
Message-ID: <reply-1@example.org>
Content-Type: text/plain; charset=utf-8

play 7H
  pass

-- 
Alice's phone
On Mon, 1 Jan 2026 Castillo wrote:
> Legal moves:
>   play 7H
"""


def test_inbound_keeps_commands_and_drops_quotes_and_signatures():
    inbound = mailplay.parse_inbound(REPLY)
    assert inbound.commands == "play 7H\npass"
    assert inbound.recipients == ("r-abcdefghijklmnopqrstuvwxyz@castillo.test",)
    assert inbound.sender == "alice@example.org" and not inbound.automatic


@pytest.mark.parametrize(
    "tail",
    [
        "\nSent from my iPhone\n",
        "\nVon meinem iPhone gesendet\n",
        "\nOn Sat, Nov 21, 2026 at 11:10 AM Castillo <\ncastillo@castillo.test> wrote:\n> play 1\n",
        "\nAm Sa., 21. Nov. 2026 um 11:10 Uhr schrieb Castillo <castillo@castillo.test>:\n> play 1\n",
    ],
)
def test_phone_footers_and_wrapped_attributions_are_not_moves(tail):
    assert mailplay.commands_of("play 7\nplay 8\n" + tail) == "play 7\nplay 8"


def test_inbound_html_only_and_auto_replies():
    raw = (
        b"From: a@example.org\r\nTo: r-abcdefghijklmnopqrstuvwxyz@castillo.test\r\n"
        b"Auto-Submitted: auto-replied\r\nContent-Type: text/html\r\n\r\n"
        b"<div>play 7H</div><blockquote>&gt; old</blockquote>"
    )
    inbound = mailplay.parse_inbound(raw)
    assert inbound.commands == "play 7H" and inbound.automatic


def test_garbage_is_refused():
    with pytest.raises(mailplay.MailPlayError):
        mailplay.parse_inbound(b"   ")
    with pytest.raises(mailplay.MailPlayError):
        mailplay.parse_inbound(b"just some words without headers")


def test_a_kept_open_connection_the_server_dropped_is_replaced(r, smtp):
    transport = Transport.from_settings(smtp.url, "/nonexistent")
    message = compose(LETTER, sender="castillo@castillo.test", domain="castillo.test")
    assert deliver(r, transport, message, plain_key("mail:k4"))
    smtp.stop()  # drops the open connection
    smtp.start()
    assert deliver(r, transport, message, plain_key("mail:k5"))
    assert len(smtp.inbox.wait_for(2)) == 2


def test_a_bare_sender_address_gets_the_castillo_display_name():
    assert compose(LETTER, sender="castillo@castillo.test", domain="castillo.test")["From"] == (
        "Castillo <castillo@castillo.test>"
    )
    named = compose(LETTER, sender="Games <games@castillo.test>", domain="castillo.test")
    assert named["From"] == "Games <games@castillo.test>"


def test_the_transport_says_where_mail_goes_without_the_password(tmp_path):
    assert str(tmp_path / "maildir") in Transport.from_settings(None, str(tmp_path)).describe()
    smtp = Transport.from_settings("smtp://user:secret@mail.example:2525?starttls=1", "/tmp")
    assert smtp.describe() == "mail goes to SMTP mail.example:2525 (starttls)"
