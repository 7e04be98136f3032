"""The rq job functions: plain functions of ids, idempotent, safe to run twice (style.md, habit 9).

| job | enqueued by | does |
|---|---|---|
| `on_entries(game, first, last)` | relay, per outbox batch | notices for new entries, prompts, auto-passes (and an abort); schedules deadlines |
| `notice(game, seat, kind, ref, detail)` | on_entries, deadline | one email (workers.notify) |
| `deadline(game, seat, prompt)` | rq scheduler | auto-pass once due (workers.deadlines) |
| `reminder(game, seat, prompt, i)` | rq scheduler | reminder email if still open |
| `inbound(message_b64, recipients)` | SMTP listener, POST /inbound-email | play a reply (once per Message-ID) |
| `answer(address, message_id)` | inbound | email the reply's outcome to the seat |
"""

from __future__ import annotations

import base64
import hashlib
import logging
import time

from engine.audit import causes
from engine.i18n import speaking
from service import mailplay, seatlang
from service.fold import fold
from service.loaded import Loaded
from workers import deadlines, notices
from workers.notify import (
    do_not_email,
    enqueue_notice,
    letter_for,
    marker,
    observe,
    post,
    retry_policy,
    send_notice,
)
from workers.queue import job_id
from workers.runtime import Runtime, current
from workers.transport import sent

log = logging.getLogger("castillo.jobs")


def on_entries(game_id: str, first: int, last: int) -> str:
    """Queues the notices versions first..last call for and schedules the open deadlines."""
    rt = current()
    loaded = rt.games.load(game_id)
    emails = [i for i, s in enumerate(loaded.meta["seats"]) if s.get("email")]
    created = False
    entries = rt.games.store.read(game_id, first - 1, last, loaded.folded.seed)
    for i, env in enumerate(entries):
        event = env["event"] if env["kind"] == "service" else {}
        match event.get("type"):
            case "seat_timed_out" if event["seat"] in emails:
                played = deadlines.notation(loaded.game, _defaults_played(entries, i))
                enqueue_notice(rt, game_id, event["seat"], "autopass", event["prompt"], played)
            case "game_created":
                created = True
                for seat in emails:
                    enqueue_notice(rt, game_id, seat, "invite")
            case "seat_token_reissued" if event["seat"] in emails:
                enqueue_notice(rt, game_id, event["seat"], "invite", str(env["v"]))
            case "game_aborted":
                for seat in emails:
                    enqueue_notice(
                        rt, game_id, seat, "aborted", str(env["v"]), [str(event.get("reason") or "")]
                    )
            case "seat_absent" | "seat_returned" as kind:
                for seat in emails:
                    enqueue_notice(
                        rt, game_id, seat, kind.removeprefix("seat_"), str(env["v"]), [str(event["seat"])]
                    )
    if loaded.status == "finished":
        for seat in emails:
            enqueue_notice(rt, game_id, seat, "over")
    elif loaded.status == "running":
        _turns(rt, loaded, emails, skip=created)
        deadlines.schedule(rt, game_id, time.time())
    return f"{game_id} v{first}-{last}: {loaded.status}"


def _defaults_played(entries: list[dict], at: int) -> list[dict]:
    """Returns the default moves of the auto-pass whose `seat_timed_out` is `entries[at]`: the
    causes of the engine entries of the same append (one move per run of equal causes)."""
    cause_of = causes(entries)
    key = cause_of[entries[at]["v"]]["idempotency_key"]
    moves: list[dict] = []
    for env in entries[at + 1 :]:
        cause = cause_of.get(env["v"], {})
        if env["kind"] != "engine" or cause.get("idempotency_key") != key:
            break
        starts = "cause" in env if "group" in env else not moves or cause["move"] != moves[-1]
        if starts:
            moves.append(cause["move"])
    return moves


def _turns(rt: Runtime, loaded: Loaded, emails: list[int], skip: bool) -> None:
    """Queues a turn email for every seat whose prompt is open (invitations carry the first ones).

    A prompt that continues the turn the seat just moved in (its own move opened it, and
    the seat already owed that turn before) gets none: the seat is playing right now, and
    an emailed move's answer already asks for it.
    """
    if skip:
        return
    table = loaded.folded.table
    log: list[dict] = []
    for seat, prompt in loaded.game.pending(loaded.folded.state).items():
        if seat in emails and seat not in table.absent and seat not in table.bots:
            log = log or rt.games.store.read(loaded.game_id)
            if not _continues_own_turn(loaded, log, prompt, seat):
                enqueue_notice(rt, loaded.game_id, seat, "turn", prompt["id"])


def _continues_own_turn(loaded: Loaded, log: list[dict], prompt: dict, seat: int) -> bool:
    """Tells whether `seat`'s own move opened `prompt` (engine event `since`) within a turn it already owed."""
    engine = [i for i, env in enumerate(log) if env["kind"] == "engine"]
    since = int(prompt.get("since") or 0)
    if not 0 < since <= len(engine) or log[engine[since - 1]].get("actor") != {"seat": seat}:
        return False
    first = engine[since - 1]
    while (
        first > 0 and log[first - 1].get("actor") == {"seat": seat} and log[first - 1]["t"] == log[first]["t"]
    ):
        first -= 1  # back to the first entry of that move
    before = fold(loaded.game, None, log[:first]).state
    owed = loaded.game.pending(before).get(seat) if before is not None else None
    return owed is not None and owed.get("turn", owed["id"]) == prompt.get("turn", prompt["id"])


def notice(game_id: str, seat: int, kind: str, ref: str = "", detail: list[str] | None = None) -> str:
    """Sends one notification email (see workers.notify.send_notice)."""
    return send_notice(current(), game_id, seat, kind, ref, detail or [])


def deadline(game_id: str, seat: int, prompt_id: str) -> str:
    """Fires a prompt's deadline (see workers.deadlines.fire)."""
    return deadlines.fire(current(), game_id, seat, prompt_id)


def reminder(game_id: str, seat: int, prompt_id: str, index: int) -> str:
    """Sends reminder `index` of a prompt if it is still open."""
    rt = current()
    if deadlines.planned_one(rt, game_id, seat, prompt_id) is None:
        return "closed"
    return send_notice(rt, game_id, seat, "reminder", f"{prompt_id}#{index}", [])


def inbound(message_b64: str, recipients: list[str]) -> str:
    """Plays an emailed reply (the raw message, base64) and answers it by email; refuses forged,
    expired and automatic mail."""
    raw = base64.b64decode(message_b64)
    rt = current()
    try:
        message = mailplay.parse_inbound(raw, tuple(recipients))
    except mailplay.MailPlayError as exc:
        log.warning("inbound message dropped: %s", exc)
        return "malformed"
    target = mailplay.find_target(rt.redis, message.recipients, rt.config.MAIL_DOMAIN)
    if target is None:
        log.warning(
            "inbound message from %s to %s: no live reply address", message.sender, message.recipients
        )
        return "unknown-address"
    if message.automatic:
        return "automatic"
    outcome = mailplay.play_reply(rt.games, rt.redis, target, message)
    rt.queue.enqueue(
        "workers.jobs.answer",
        target.address,
        message.message_id,
        job_id=job_id("answer", _digest(message.message_id)),
        retry=retry_policy(),
        result_ttl=3600,
    )
    return outcome.status


def answer(address: str, message_id: str) -> str:
    """Emails the recorded outcome of a reply to the seat's registered address (never to From)."""
    rt = current()
    target = mailplay.resolve_address(rt.redis, address, rt.config.MAIL_DOMAIN)
    outcome = mailplay.recorded(rt.redis, target, message_id) if target else None
    if target is None or outcome is None:
        return "unknown"
    digest = _digest(message_id)
    key = marker(target.game_id, target.seat, "answer", digest)
    if sent(rt.redis, key):
        return "sent-before"
    seen, facts = observe(rt, target.game_id)
    address_to = facts["meta"]["seats"][target.seat].get("email")
    if not address_to:
        return "no-email"
    letter_key = f"{target.game_id}:{target.seat}:answer:{digest}"
    if refused := do_not_email(rt, target.game_id, address_to, letter_key):
        return refused
    with speaking(seatlang.of(facts["meta"], target.seat)):
        content = notices.answer(
            seen, target.seat, outcome.status, outcome.moves, outcome.error, outcome.legal, outcome.words
        )
        letter = letter_for(rt, seen, target.seat, address_to, content, letter_key, in_reply_to=message_id)
        return post(rt, letter, key)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:32]
