"""Email play: reply addresses, unsubscribe tokens, and turning a reply into a move.

Every notification carries a short opaque `Reply-To` (`r-<26 lowercase base32>@MAIL_DOMAIN`)
mapped in Redis to (game, seat, prompt, expiry); a signed token would not fit the
64-character local part. A reply is authenticated by that address alone, so addresses
are 128 random bits, expire, and only ever act for the one prompt they were minted for.

The body's commands (quoted `>` lines, signatures and the quoted original removed) are
read in the seat's language (`engine.movewords.canonical`: `passz`, `pasuję`, region and card
names), then in every other language, parsed with the game's `parse_move` and submitted as
one batch through `GameService`; the outcome keeps the player's own lines beside the moves.
Sending the answer is the worker's job (`workers.jobs`); this module only decides.
"""

from __future__ import annotations

import base64
import email
import email.policy
import hashlib
import html
import json
import re
import secrets
import time
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.utils import getaddresses, parseaddr
from typing import Any

import redis
from itsdangerous import BadSignature, URLSafeSerializer

from engine.i18n import speaking
from service.store import game_key, plain_key

ADDRESS_RE = re.compile(r"\b(r-[a-z2-7]{26})@([A-Za-z0-9.-]+)", re.IGNORECASE)
_QUOTE_HEADS = (
    re.compile(r"^on\b.*\bwrote:?\s*$", re.IGNORECASE),
    re.compile(r"^am\b.*\bschrieb\b.*$", re.IGNORECASE),
    re.compile(r"^-{2,}\s*original message\s*-{2,}$", re.IGNORECASE),
    re.compile(r"^_{10,}$"),
    re.compile(r"^--\s*$"),
    re.compile(r"^(sent from my|get outlook for|envoy[ée] de mon)\b", re.IGNORECASE),
    re.compile(r"^von meinem\b.*\bgesendet$", re.IGNORECASE),
)
# The end of an attribution line that the sender's client wrapped ("On …, Castillo <" / "x@y> wrote:").
_WRAPPED_HEAD = re.compile(r"\bwrote:?\s*$", re.IGNORECASE)


def reply_key(local: str) -> str:
    """Returns the key of the reply address `local@…` (outside every bucket: a reply names its game)."""
    return plain_key(f"reply:{local}")


class MailPlayError(ValueError):
    """Signals an inbound message that cannot be handled; `code` is stable."""

    code = "malformed-email"


@dataclass(frozen=True, slots=True)
class ReplyTarget:
    """What a reply address stands for."""

    address: str
    game_id: str
    seat: int
    prompt_id: str
    expires: float


@dataclass(frozen=True, slots=True)
class Inbound:
    """The parts of an inbound message that email play needs."""

    sender: str
    recipients: tuple[str, ...]
    subject: str
    message_id: str
    commands: str
    automatic: bool


@dataclass(frozen=True, slots=True)
class Outcome:
    """What became of a reply: `status` is accepted, refused, closed or unknown-address.

    `moves` are the moves in the notation (as played, or as written when refused), `words` the
    player's own lines, so an answer can quote the notation beside what the player wrote.
    """

    status: str
    target: ReplyTarget | None
    moves: tuple[str, ...] = ()
    words: tuple[str, ...] = ()
    error: dict[str, Any] = field(default_factory=dict)
    legal: tuple[str, ...] = ()
    version: int | None = None


# --- reply addresses -------------------------------------------------------------------


def new_local_part() -> str:
    """Returns `r-` and 26 lowercase base32 characters (128 random bits)."""
    return "r-" + base64.b32encode(secrets.token_bytes(16)).decode().rstrip("=").lower()


def mint_address(
    client: redis.Redis, domain: str, game_id: str, seat: int, prompt_id: str, ttl_s: int
) -> str:
    """Creates a reply address for (game, seat, prompt) valid for `ttl_s` seconds; returns it."""
    local = new_local_part()
    record = {"game": game_id, "seat": seat, "prompt": prompt_id, "exp": time.time() + ttl_s}
    client.set(reply_key(local), json.dumps(record), ex=ttl_s)
    return f"{local}@{domain}"


def resolve_address(client: redis.Redis, address: str, domain: str) -> ReplyTarget | None:
    """Returns what `address` stands for, or None if it is unknown, expired or not ours."""
    match = ADDRESS_RE.fullmatch(address.strip())
    if not match or match.group(2).lower() != domain.lower():
        return None
    local = match.group(1).lower()
    raw = client.get(reply_key(local))
    if raw is None:
        return None
    record = json.loads(raw)
    if record["exp"] <= time.time():
        return None
    return ReplyTarget(
        f"{local}@{domain}", record["game"], int(record["seat"]), record["prompt"], record["exp"]
    )


def find_target(client: redis.Redis, recipients: tuple[str, ...], domain: str) -> ReplyTarget | None:
    """Returns the first recipient that is a live reply address of ours, else None."""
    for address in recipients:
        if target := resolve_address(client, address, domain):
            return target
    return None


# --- unsubscribe -----------------------------------------------------------------------


SCOPES = ("game", "address")


def _unsub_serializer(secret: str) -> URLSafeSerializer:
    return URLSafeSerializer(secret, salt="unsubscribe")


def make_unsubscribe_token(secret: str, game_id: str, seat: int, scope: str = "game") -> str:
    """Returns the signed, non-expiring token of an unsubscribe link of (game, seat).

    `scope` is `game` (this game's emails to the seat: every notice) or `address` (no email
    to the seat's address from any game ever again: an invitation's link, since whoever got
    it may never have asked to play); a `game` token stays `[game, seat]` as before.
    """
    claim = [game_id, seat] if scope == "game" else [game_id, seat, scope]
    return str(_unsub_serializer(secret).dumps(claim))


def read_unsubscribe_token(secret: str, token: str) -> tuple[str, int, str]:
    """Returns (game_id, seat, scope) of a token; raises MailPlayError for a forged or garbled one."""
    try:
        game_id, seat, *rest = _unsub_serializer(secret).loads(token)
    except (BadSignature, ValueError, TypeError) as exc:
        raise MailPlayError("invalid unsubscribe token") from exc
    scope = str(rest[0]) if rest else "game"
    if scope not in SCOPES:
        raise MailPlayError("invalid unsubscribe token")
    return str(game_id), int(seat), scope


def unsubscribe(client: redis.Redis, game_id: str, seat: int) -> None:
    """Stops this game's notification emails to `seat` (the seat stays in the game)."""
    client.sadd(game_key(game_id, f"g:{game_id}:unsub"), seat)


def is_unsubscribed(client: redis.Redis, game_id: str, seat: int) -> bool:
    """Says whether `seat` asked for no more emails of this game."""
    return bool(client.sismember(game_key(game_id, f"g:{game_id}:unsub"), seat))


# --- inbound parsing -------------------------------------------------------------------


def parse_inbound(raw: bytes, envelope_recipients: tuple[str, ...] = ()) -> Inbound:
    """Parses a raw RFC 5322 message into sender, candidate reply addresses and commands."""
    if not raw.strip():
        raise MailPlayError("empty message")
    message = email.message_from_bytes(raw, policy=email.policy.default)
    if not isinstance(message, EmailMessage) or not message.keys():
        raise MailPlayError("not an RFC 5322 message: no header fields")
    headers = [
        str(v) for h in ("Delivered-To", "X-Original-To", "To", "Cc") for v in message.get_all(h) or ()
    ]
    found = [a for _, a in getaddresses([*envelope_recipients, *headers]) if ADDRESS_RE.search(a or "")]
    return Inbound(
        sender=parseaddr(str(message.get("From", "")))[1],
        recipients=tuple(dict.fromkeys(found)),
        subject=str(message.get("Subject", "")),
        message_id=str(message.get("Message-ID", "")).strip() or _digest(raw),
        commands=commands_of(_body_text(message)),
        automatic=_is_automatic(message),
    )


def _digest(raw: bytes) -> str:
    return "<" + hashlib.sha256(raw).hexdigest()[:32] + "@inbound>"


def _body_text(message: EmailMessage) -> str:
    part = message.get_body(("plain", "html"))
    if part is None:
        return ""
    try:
        content = part.get_content()
    except (LookupError, ValueError) as exc:
        raise MailPlayError(f"unreadable message body: {exc}") from exc
    if part.get_content_subtype() == "html":
        content = re.sub(r"(?is)<(script|style|blockquote).*?</\1>", "", content)
        content = html.unescape(re.sub(r"(?s)<br\s*/?>|</p>|</div>", "\n", content))
        content = re.sub(r"(?s)<[^>]+>", "", content)
    return str(content)


def commands_of(body: str) -> str:
    """Returns the command lines of a reply: up to the quoted original or signature, no `>` lines."""
    lines = []
    for line in body.splitlines():
        stripped = line.strip()
        if any(head.match(stripped) for head in _QUOTE_HEADS):
            break
        if _WRAPPED_HEAD.search(stripped):
            if lines and re.match(r"^(on|am)\b", lines[-1], re.IGNORECASE):
                lines.pop()
            break
        if stripped and not stripped.startswith(">"):
            lines.append(stripped)
    return "\n".join(lines)


def _is_automatic(message: EmailMessage) -> bool:
    """Says whether the message is an auto-reply or bulk mail (RFC 3834), never answered."""
    auto = str(message.get("Auto-Submitted", "no")).strip().lower()
    precedence = str(message.get("Precedence", "")).strip().lower()
    return auto != "no" or precedence in ("bulk", "junk", "list", "auto_reply") or "X-Autoreply" in message


# --- hand-off to the workers -----------------------------------------------------------


def enqueue_inbound(queue: Any, raw: bytes, recipients: tuple[str, ...] = ()) -> str:
    """Queues `workers.jobs.inbound` for a raw message (id from its digest); returns the job id.

    Both inbound paths (the SMTP listener and `POST /inbound-email`) end here, so a message
    delivered twice (gateway retry) is handled once while its job is known to rq.
    """
    from rq import Retry
    from rq.exceptions import DuplicateJobError

    job = "inbound-" + hashlib.sha256(raw).hexdigest()[:40]
    retry = Retry(max=4, interval=[2, 10, 60, 300])
    try:
        queue.enqueue(
            "workers.jobs.inbound",
            base64.b64encode(raw).decode("ascii"),  # jobs are JSON (workers.jobclass)
            list(recipients),
            job_id=job,
            unique=True,
            result_ttl=86400,
            retry=retry,
        )
    except DuplicateJobError:
        pass
    return job


# --- playing a reply -------------------------------------------------------------------


def play_reply(
    games: Any, client: redis.Redis, target: ReplyTarget, inbound: Inbound, attempts: int = 3
) -> Outcome:
    """Submits the reply's commands as the target seat's batch; returns what happened.

    The address only acts for the prompt it was minted for: once that decision closed (the
    seat moved, was auto-passed, or the game ended) the reply is answered `closed`, never
    applied to a later decision. The outcome is recorded per Message-ID, so a redelivered
    message is answered the same way and never played twice.
    """
    if (prior := recorded(client, target, inbound.message_id)) is not None:
        return prior
    outcome = Outcome("closed", target)
    for _ in range(attempts):
        outcome = _try_once(games, target, inbound)
        if outcome.error.get("code") != "version-conflict":
            break
    client.set(
        _record_key(target.game_id, inbound.message_id), json.dumps(_outcome_json(outcome)), ex=30 * 86400
    )
    return outcome


def recorded(client: redis.Redis, target: ReplyTarget, message_id: str) -> Outcome | None:
    """Returns the recorded outcome of the reply `message_id` to `target`, if it was played."""
    raw = client.get(_record_key(target.game_id, message_id))
    return _outcome_from(json.loads(raw), target) if raw is not None else None


def _record_key(game_id: str, message_id: str) -> str:
    return game_key(game_id, f"inbound:{hashlib.sha256(message_id.encode()).hexdigest()[:40]}")


def _try_once(games: Any, target: ReplyTarget, inbound: Inbound) -> Outcome:
    from engine.errors import RuleViolation
    from service import seatlang
    from service.errors import ServiceError

    loaded = games.load(target.game_id)
    game, state = loaded.game, loaded.folded.state
    prompt = game.pending(state).get(target.seat) if loaded.status == "running" else None
    if prompt is None or prompt["id"] != target.prompt_id:
        return Outcome(
            "closed", target, version=loaded.version, legal=_legal(game, state, target.seat, prompt)
        )
    words = _lines(inbound.commands)
    try:
        moves = read_moves(game, loaded.meta, inbound.commands, state, target.seat)
        answer = games.submit(
            target.game_id,
            target.seat,
            moves,
            actor={"seat": target.seat},
            expected_version=loaded.version,
            idempotency_key=inbound.message_id[:200],
        )
    except RuleViolation as exc:
        with speaking(seatlang.of(loaded.meta, target.seat)):  # the answer quotes it to the player
            error = exc.as_dict(localized=True)
        return Outcome(
            "refused",
            target,
            moves=words,
            words=words,
            error=error,
            legal=_legal(game, state, target.seat, prompt),
            version=loaded.version,
        )
    except ServiceError as exc:
        return Outcome(
            "refused",
            target,
            moves=words,
            words=words,
            error={"code": exc.code, "message": _localized(exc, seatlang.of(loaded.meta, target.seat))},
            legal=_legal(game, state, target.seat, prompt),
            version=loaded.version,
        )
    return Outcome(
        "accepted",
        target,
        moves=tuple(game.format_move(m) for m in moves),
        words=words,
        version=answer["version"],
    )


def _localized(exc: Any, language: str) -> str:
    """Returns a service refusal's detail in `language`."""
    with speaking(language):
        return str(exc.localized())


def read_moves(game: Any, meta: dict[str, Any], commands: str, state: Any, seat: int) -> list[dict[str, Any]]:
    """Returns the moves a reply writes: read in the seat's language (its metadata row's
    `language`), else in each other language; raises the error of the text as written when no
    language reads it (so the answer quotes the player's own words)."""
    from engine.errors import RuleViolation
    from engine.i18n import SOURCE, languages
    from engine.movewords import canonical

    seats = meta.get("seats") or []
    row = seats[seat] if 0 <= seat < len(seats) and isinstance(seats[seat], dict) else {}
    own = row.get("language") or SOURCE
    for language in dict.fromkeys([own, *languages()]):
        try:
            return list(
                game.parse_move(canonical(str(meta.get("game", "")), commands, language), state, seat)
            )
        except RuleViolation:
            continue
    return list(game.parse_move(commands, state, seat))


def _lines(commands: str) -> tuple[str, ...]:
    """Returns the non-blank lines of a reply's commands (what the player wrote)."""
    return tuple(line.strip() for line in commands.splitlines() if line.strip())


def _legal(game: Any, state: Any, seat: int, prompt: Any) -> tuple[str, ...]:
    if prompt is None:
        return ()
    return tuple(dict.fromkeys(game.format_move(m) for m in game.legal_moves(state, seat)))


def _outcome_json(outcome: Outcome) -> dict[str, Any]:
    return {
        "status": outcome.status,
        "moves": list(outcome.moves),
        "words": list(outcome.words),
        "error": outcome.error,
        "legal": list(outcome.legal),
        "version": outcome.version,
    }


def _outcome_from(data: dict[str, Any], target: ReplyTarget) -> Outcome:
    return Outcome(
        data["status"],
        target,
        tuple(data["moves"]),
        tuple(data.get("words", ())),
        data["error"],
        tuple(data["legal"]),
        data["version"],
    )
