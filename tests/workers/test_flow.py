"""From a new game to an email reply: invitations, turn emails, reply play, refusals."""

from __future__ import annotations

import re
import time

from service.links import read_link_token
from service.store import outbox_key
from tests.conftest import run_rq_keys
from tests.workers import harness


def body(message) -> str:
    return message.get_body(("plain",)).get_content()


def test_invitations_carry_a_signed_link_and_the_first_prompt(redis_url, r, smtp):
    rt = harness.runtime(redis_url, smtp.url)
    game_id = harness.create(rt)
    assert harness.pump(rt) > 0
    messages = smtp.inbox.wait_for(3)
    assert len(messages) == 3
    first = smtp.inbox.to("p0@example.org")[0]
    assert "you are invited" in first["Subject"] and game_id in first["Subject"]
    link = re.search(r"https://castillo\.test/play/(\w+)#k=(\S+)", body(first))
    assert link and link.group(1) == game_id
    assert read_link_token(harness.SECRET, link.group(2)) == (game_id, 0)
    assert "play king 0" in body(first) or "play " in body(first)
    assert (
        first["Reply-To"].startswith("r-") and first["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    )
    assert b"\r\nList-Unsubscribe: <https://castillo.test/unsubscribe/" in smtp.inbox.raw[0]
    assert first.get_body(("html",)) is not None
    other = smtp.inbox.to("p1@example.org")[0]
    assert other["Reply-To"] is None  # nothing due from seat 1 yet
    # each email carries the signed receipt of the version it reports (service.receipts)
    payload = rt.games.keys.check(str(first["Castillo-Receipt"]).replace("\r\n", "").replace(" ", ""))
    log = rt.games.store.read(game_id)
    assert (
        payload is not None
        and payload["game"] == game_id
        and log[payload["v"] - 1]["hash"] == payload["hash"]
    )


def test_replaying_the_relay_sends_nothing_twice(redis_url, r, smtp):
    rt = harness.runtime(redis_url, smtp.url)
    harness.create(rt)
    harness.pump(rt)
    smtp.inbox.wait_for(3)
    # a crashed relay re-reads everything: the whole outbox is dispatched again
    for b in harness.BUCKET_RANGE:
        rt.redis.xgroup_setid(outbox_key(b), "relay", "0")
    assert harness.pump(rt) > 0
    r.delete(*run_rq_keys(r))  # even with rq's own job records gone
    for b in harness.BUCKET_RANGE:
        rt.redis.xgroup_setid(outbox_key(b), "relay", "0")
    assert harness.pump(rt) > 0
    assert len(smtp.inbox.messages) == 3
    assert len({m["Message-ID"] for m in smtp.inbox.messages}) == 3


def reply(to: str, text: str, message_id: str, sender: str = "p0@example.org") -> bytes:
    return (
        f"From: {sender}\r\nTo: {to}\r\nSubject: Re: your turn\r\nMessage-ID: <{message_id}@example.org>\r\n"
        f"Content-Type: text/plain; charset=utf-8\r\n\r\n{text}\r\n\r\nOn Monday Castillo wrote:\r\n> play king 0\r\n"
    ).encode()


def legal_moves_in(message) -> list[str]:
    text = body(message)
    section = text.split("Your legal moves")[1].split("\n\n")[0]
    return [line.strip() for line in section.splitlines()[1:] if line.strip().startswith("play")]


def test_reply_by_email_plays_the_move_and_tells_the_next_seat(redis_url, r, smtp):
    from service import mailplay

    rt = harness.runtime(redis_url, smtp.url)
    game_id = harness.create(rt)
    harness.pump(rt)
    invite = smtp.inbox.wait_for(3) and smtp.inbox.to("p0@example.org")[0]
    move = legal_moves_in(invite)[0]
    version = rt.games.load(game_id).version
    raw = reply(invite["Reply-To"], move, "m1")
    mailplay.enqueue_inbound(rt.queue, raw)
    mailplay.enqueue_inbound(rt.queue, raw)  # a gateway's retry of the same message
    harness.work(rt)
    assert rt.games.load(game_id).version > version
    answer = smtp.inbox.wait_for(4)[3]
    assert answer["To"].endswith("<p0@example.org>") and "move accepted" in answer["Subject"]
    assert answer["In-Reply-To"] == "<m1@example.org>" and move in body(answer)
    harness.pump(rt)
    turn = smtp.inbox.wait_for(5)[4]
    assert "p1@example.org" in turn["To"] and "your turn" in turn["Subject"]
    # the same reply again (another Message-ID): that decision is closed, nothing is played
    after = rt.games.load(game_id).version
    mailplay.enqueue_inbound(rt.queue, reply(invite["Reply-To"], move, "m2"))
    harness.work(rt)
    closed = smtp.inbox.wait_for(6)[5]
    assert "decision closed" in closed["Subject"] and rt.games.load(game_id).version == after


def test_an_illegal_reply_is_answered_with_the_reason_and_the_legal_moves(redis_url, r, smtp):
    from service import mailplay

    rt = harness.runtime(redis_url, smtp.url)
    game_id = harness.create(rt)
    harness.pump(rt)
    invite = smtp.inbox.wait_for(3) and smtp.inbox.to("p0@example.org")[0]
    legal = legal_moves_in(invite)
    version = rt.games.load(game_id).version
    mailplay.enqueue_inbound(rt.queue, reply(invite["Reply-To"], "play king 9", "bad"))
    mailplay.enqueue_inbound(rt.queue, reply(invite["Reply-To"], "dance a jig", "worse"))
    mailplay.enqueue_inbound(rt.queue, reply(invite["Reply-To"], f"{legal[0]}\n{legal[1]}", "batch"))
    harness.work(rt)
    answers = smtp.inbox.wait_for(6)[3:]
    assert rt.games.load(game_id).version == version  # a reply is one batch: all or nothing
    assert "move 1 of 2" in body(answers[2])  # a play draws a card: it must end its batch
    for answer in answers:
        text = body(answer)
        assert "move refused" in answer["Subject"] and "Not played:" in text
        assert legal[0] in text and answer["Reply-To"].startswith("r-")
    first, second = body(answers[0]), body(answers[1])
    assert "You wrote:\r\n  play king 9\r\n" in first and "{'type'" not in first
    assert "You wrote:\r\n  dance a jig\r\n" in second and "Not played: cannot read 'dance a jig'" in second


def test_forged_and_expired_reply_addresses_play_nothing(redis_url, r, smtp):
    from service import mailplay

    rt = harness.runtime(redis_url, smtp.url)
    game_id = harness.create(rt)
    harness.pump(rt)
    invite = smtp.inbox.wait_for(3) and smtp.inbox.to("p0@example.org")[0]
    move = legal_moves_in(invite)[0]
    version = rt.games.load(game_id).version
    forged = "r-" + "b" * 26 + "@castillo.test"
    mailplay.enqueue_inbound(rt.queue, reply(forged, move, "f1"))
    local = invite["Reply-To"].split("@")[0]
    r.set(
        mailplay.reply_key(local),
        r.get(mailplay.reply_key(local)).replace('"exp": ', '"exp": 1, "x": '),
    )
    mailplay.enqueue_inbound(rt.queue, reply(invite["Reply-To"], move, "f2"))
    harness.work(rt)
    assert rt.games.load(game_id).version == version
    assert len(smtp.inbox.messages) == 3  # no answer to unknown senders (no backscatter)


def test_emails_show_other_seats_only_what_they_may_see(redis_url, r, smtp):
    rt = harness.runtime(redis_url, smtp.url)
    game_id = harness.create(rt)
    harness.pump(rt)
    for _ in range(5):
        loaded = rt.games.load(game_id)
        seat = next(iter(loaded.game.pending(loaded.folded.state)))
        rt.games.submit(game_id, seat, [loaded.game.legal_moves(loaded.folded.state, seat)[0]])
        harness.pump(rt)
    turns = [m for m in smtp.inbox.messages if "your turn" in m["Subject"]]
    assert len(turns) == 5
    others = 0
    for message in turns:
        me = int(re.search(r"p(\d)@", message["To"]).group(1))
        changes = body(message).split("Since your last move:")[1].split("\n\n")[0].splitlines()
        for line in changes:
            author = re.match(r"\s*v\d+ P(\d): (.*)", line)
            if author and int(author.group(1)) != me:  # K7, KA6: played and tucked cards are face down
                assert not re.match(r"(play|tuck) ", author.group(2)), line
                assert "card" not in author.group(2) or "the rest is hidden from you" in author.group(2), line
                others += 1
    assert others >= 4


def test_email_links_expire_and_forged_ones_are_refused(redis_url, r, smtp, monkeypatch):
    from dataclasses import replace

    import pytest
    from itsdangerous import TimestampSigner

    from service.links import BadToken
    from workers.runtime import install

    # the signer's clock (whole seconds), frozen: a slow machine must not age the link between
    # sending and the first read
    now = [time.time()]
    monkeypatch.setattr(TimestampSigner, "get_timestamp", lambda self: int(now[0]))
    rt = install(replace(harness.runtime(redis_url, smtp.url).config, LINK_MAX_AGE_S=1))
    harness.create(rt, seats=2)
    harness.pump(rt)
    token = re.search(r"#k=(\S+)", body(smtp.inbox.wait_for(2)[0])).group(1)
    read_link_token(harness.SECRET, token)
    with pytest.raises(BadToken):
        read_link_token(harness.SECRET, token[:-2] + ("AA" if not token.endswith("AA") else "BB"))
    with pytest.raises(BadToken):
        read_link_token("another-secret", token)
    now[0] += 1
    read_link_token(harness.SECRET, token)  # readable for LINK_MAX_AGE_S
    now[0] += 1
    with pytest.raises(BadToken, match="SignatureExpired"):
        read_link_token(harness.SECRET, token)


def test_the_end_of_the_game_is_announced_with_the_scores(redis_url, r, smtp):
    rt = harness.runtime(redis_url, smtp.url)
    game_id = harness.create(rt, seats=2)
    harness.pump(rt)
    for _ in range(2000):
        loaded = rt.games.load(game_id)
        if loaded.status != "running":
            break
        seat = next(iter(loaded.game.pending(loaded.folded.state)))
        rt.games.submit(game_id, seat, [loaded.game.default_move(loaded.folded.state, seat)])
    assert rt.games.load(game_id).status == "finished"
    harness.pump(rt)
    harness.pump(rt)
    over = [m for m in smtp.inbox.messages if "game over" in m["Subject"]]
    assert sorted(m["To"] for m in over) == ["P0 <p0@example.org>", "P1 <p1@example.org>"]
    text = body(over[0])
    assert "Final scores" in text and "Winner:" in text and over[0]["Reply-To"] is None
