"""Sends one notification email per (event, seat, kind), with its link and reply address.

`enqueue_notice` queues `workers.jobs.notice` under a deterministic job id with rq's Retry
(back-off while the mail server is down); `send_notice` re-reads the game when it runs, so
a late job never asks for a decision that is already closed, then delivers through
`workers.transport.deliver` (SET NX marker + deterministic Message-ID). A letter that can
never go fails at once and is recorded (`post`).
"""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Sequence
from typing import Any

from rq import Retry
from rq.exceptions import DuplicateJobError

from engine.i18n import N_, speaking
from service import contacts, mailplay, seatlang
from service.store import game_key
from workers import notices
from workers.compose import Letter, compose
from workers.deadlines import planned
from workers.notices import Content, Seen
from workers.queue import job_id
from workers.runtime import Runtime
from workers.transport import MARKER_TTL_S, deliver, permanent, sent

log = logging.getLogger("castillo.mail")
DEFAULT_RETRY_S = (5, 15, 30, 60, 120, 300, 600, 1200, 1800, 3600)


def retry_policy() -> Retry:
    """Returns rq's Retry for mail jobs: MAIL_RETRY_INTERVALS (seconds, comma-separated) or the default."""
    raw = os.environ.get("MAIL_RETRY_INTERVALS", "")
    intervals = [int(x) for x in raw.split(",") if x.strip()] or list(DEFAULT_RETRY_S)
    return Retry(max=len(intervals), interval=intervals)


def marker(game_id: str, seat: int, kind: str, ref: str) -> str:
    """Returns the SET NX marker key of one notification."""
    return game_key(game_id, f"mail:{game_id}:{seat}:{kind}:{ref}")


def enqueue_notice(
    rt: Runtime, game_id: str, seat: int, kind: str, ref: str = "", detail: Sequence[str] = ()
) -> None:
    """Queues the notification `kind` about `ref` for `seat` (a no-op if that job is known)."""
    try:
        rt.queue.enqueue(
            "workers.jobs.notice",
            game_id,
            seat,
            kind,
            ref,
            list(detail),
            job_id=job_id("mail", game_id, seat, kind, ref),
            unique=True,
            retry=retry_policy(),
            result_ttl=3600,
            failure_ttl=7 * 86400,
        )
    except DuplicateJobError:
        pass


def observe(rt: Runtime, game_id: str) -> tuple[Seen, dict[str, Any]]:
    """Returns what notifications need to know of the game now, and its metadata."""
    loaded = rt.games.load(game_id)
    names = tuple(contacts.printable(s["name"]) if s.get("name") else "" for s in loaded.meta["seats"])
    plans = {(p.seat, p.prompt): p.deadline for p in planned(rt, game_id)}
    envelopes = tuple(rt.games.store.read(game_id))
    zone = str(loaded.folded.table.time_control.get("timezone") or "UTC")
    seen = Seen(game_id, loaded.game, loaded.folded.state, names, envelopes, plans, zone)
    return seen, {"meta": loaded.meta, "table": loaded.folded.table, "status": loaded.status}


def content_for(
    seen: Seen, facts: dict[str, Any], seat: int, kind: str, ref: str, detail: Sequence[str]
) -> Content | None:
    """Returns the email of `kind`, or None when it no longer applies (the decision closed)."""
    prompt = notices.prompt_of(seen, seat)
    due = prompt if prompt is not None and prompt["id"] == ref.split("#")[0] else None
    quiet = seat in facts["table"].absent  # auto-played at once: asking would only be noise
    match kind:
        case "invite":
            return notices.invite(seen, seat)
        case "turn" if due is not None and not quiet:
            return notices.turn(seen, seat, due)
        case "reminder" if due is not None and not quiet:
            return notices.reminder(seen, seat, due, time.time())
        case "autopass" if not quiet:  # the `absent` email told the seat it is auto-played from now on
            return notices.autopass(seen, seat, tuple(detail))
        case "absent" | "returned":
            return notices.presence(seen, seat, int(detail[0]), absent=kind == "absent")
        case "over" if facts["status"] == "finished":
            return notices.over(seen, seat)
        case "aborted" if facts["status"] == "aborted":
            return notices.aborted(seen, seat, detail[0] if detail else "")
    return None


def send_notice(rt: Runtime, game_id: str, seat: int, kind: str, ref: str, detail: Sequence[str]) -> str:
    """Sends one notification unless it was sent, is stale, or the seat has no email; says which."""
    key = marker(game_id, seat, kind, ref)
    if sent(rt.redis, key):
        return "sent-before"
    seen, facts = observe(rt, game_id)
    address = facts["meta"]["seats"][seat].get("email")
    if not address:
        return "no-email"
    if refused := do_not_email(rt, game_id, address, f"{game_id}:{seat}:{kind}:{ref}"):
        return refused
    if mailplay.is_unsubscribed(rt.redis, game_id, seat):
        return "unsubscribed"
    with speaking(seatlang.of(facts["meta"], seat)):  # every word of the email in the seat's language
        content = content_for(seen, facts, seat, kind, ref, detail)
        if content is None:
            return "stale"
        letter = letter_for(rt, seen, seat, address, content, f"{game_id}:{seat}:{kind}:{ref}")
        return post(rt, letter, key)


def do_not_email(rt: Runtime, game_id: str, address: str, letter_key: str) -> str | None:
    """Returns `do-not-email` (and records it) when `address` is on the do-not-email list."""
    if not contacts.forbidden(rt.redis, address):
        return None
    record(rt, game_id, letter_key, "do-not-email", "the address is on the do-not-email list")
    return "do-not-email"


def post(rt: Runtime, letter: Letter, key: str) -> str:
    """Composes and delivers `letter` once (marker `key`); returns sent, sent-before or failed.

    A letter that can never go, because its message cannot be built (an address stored
    before addresses were checked) or the server refuses it for good (5xx to RCPT TO or
    DATA), fails at once instead of retrying for hours: the marker keeps the reason, so no
    later attempt tries again, and the outcome is recorded for the seat, which counts as told
    (a notification was attempted on its channel; design.md decision 8). A server that is
    down or answers 4xx still raises, for rq's retry.
    """
    try:
        message = compose(letter, sender=rt.config.MAIL_FROM, domain=rt.config.MAIL_DOMAIN)
    except ValueError as exc:
        return give_up(rt, letter, key, f"the message cannot be built: {exc}")
    try:
        return "sent" if deliver(rt.redis, rt.transport, message, key) else "sent-before"
    except OSError as exc:
        if (refused := permanent(exc)) is None:
            raise
        return give_up(rt, letter, key, f"the mail server refused it: {refused}")


def give_up(rt: Runtime, letter: Letter, key: str, reason: str) -> str:
    """Settles the marker `key` with `reason` (no attempt tries again), records it; returns failed."""
    log.warning("mail %s given up: %s", letter.key, reason)
    rt.redis.set(key, f"failed: {reason}"[:500], ex=MARKER_TTL_S)
    record(rt, letter.game_id, letter.key, "failed", reason)
    return "failed"


def outcomes_key(game_id: str) -> str:
    """Returns the key of the game's hash of mail not sent: `<seat>:<kind>:<ref>` -> JSON."""
    return game_key(game_id, f"g:{game_id}:mail")


def record(rt: Runtime, game_id: str, letter_key: str, status: str, reason: str) -> None:
    """Records why the notification `letter_key` (`<game>:<seat>:<kind>:<ref>`) was not sent."""
    field = letter_key.removeprefix(f"{game_id}:")
    outcome = {"status": status, "reason": reason[:500], "t": time.time()}
    rt.redis.hset(outcomes_key(game_id), field, json.dumps(outcome))


def reply_ttl(link_max_age_s: int, deadline: float | None) -> int:
    """Returns how long a reply address lives: a week past the deadline, at most as long as a link."""
    if deadline is None:
        return link_max_age_s
    return int(max(3600, min(link_max_age_s, deadline - time.time() + 7 * 86400)))


def letter_for(
    rt: Runtime,
    seen: Seen,
    seat: int,
    address: str,
    content: Content,
    key: str,
    in_reply_to: str | None = None,
) -> Letter:
    """Returns the letter of `content` with the seat's play link, reply address, unsubscribe link
    and language link (its subject in the current language)."""
    cfg = rt.config
    reply_to = None
    prompt = notices.prompt_of(seen, seat)
    if content.playable and prompt is not None:
        ttl = reply_ttl(cfg.LINK_MAX_AGE_S, seen.deadlines.get((seat, prompt["id"])))
        reply_to = mailplay.mint_address(rt.redis, cfg.MAIL_DOMAIN, seen.game_id, seat, prompt["id"], ttl)
    token = mailplay.make_unsubscribe_token(cfg.SECRET_KEY, seen.game_id, seat, content.unsubscribe)
    language = seatlang.make_token(cfg.SECRET_KEY, seen.game_id, seat)
    return Letter(
        key=key,
        game_id=seen.game_id,
        to=(seen.name(seat), address),
        subject=content.subject,
        sections=content.sections,
        link=rt.games.play_link(seen.game_id, seat),
        link_label=N_("Open the game at your seat"),
        reply_to=reply_to,
        unsubscribe_url=f"{cfg.PUBLIC_URL}/unsubscribe/{token}",
        in_reply_to=in_reply_to,
        unsubscribe_all=content.unsubscribe == "address",
        receipt=_receipt(rt, seen),
        language_url=f"{cfg.PUBLIC_URL}/language/{language}",
        template=content.template,
        values=content.values,
    )


def _receipt(rt: Runtime, seen: Seen) -> str | None:
    """Returns the receipt of the last version `seen` holds (None for a game with no entries)."""
    if not seen.envelopes:
        return None
    last = seen.envelopes[-1]
    return rt.games.receipt(seen.game_id, last["v"], last["hash"])
