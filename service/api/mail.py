"""Serves email play's two HTTP doors: inbound replies from a mail gateway, and unsubscribing.

`POST /inbound-email` takes one raw RFC 5322 message (as a gateway such as an MTA pipe or a
provider's "raw MIME" webhook posts it) with the shared secret `INBOUND_SECRET` in
`X-Inbound-Secret`; the reply is queued for the workers and answered by email.
`POST /unsubscribe/{token}` is RFC 8058's one-click unsubscribe and never removes the seat
from the game. A notice's link stops that game's emails to the seat (scope `game`); an
invitation's link puts the seat's address on the do-not-email list (scope `address`): no game
emails it again (service.contacts), since whoever got an invitation may never have asked to
play. Its GET only shows a confirm button, so link scanners that follow `List-Unsubscribe`
URLs never unsubscribe anyone.
"""

from __future__ import annotations

import hmac
import html
import json
from typing import Any

from flask import Response, current_app, request
from marshmallow import Schema, fields, validate
from rq import Queue

from engine.errors import Text
from engine.i18n import N_, _, speaking
from service import contacts, mailplay, seatlang
from service.api.common import problems, service
from service.api.inputs import Blueprint
from service.errors import ServiceError, validation

blp = Blueprint("mail", __name__, description="Email play: inbound replies and unsubscribing")
MAX_RAW = 1_000_000
RAW_BODY = {
    "required": True,
    "description": "the raw RFC 5322 message, headers and body, exactly as received",
    "content": {
        t: {"schema": {"type": "string"}}
        for t in ("message/rfc822", "text/plain", "application/octet-stream")
    },
}
SECRET_HEADER = {
    "name": "X-Inbound-Secret",
    "in": "header",
    "required": True,
    "schema": {"type": "string"},
    "description": "the shared secret INBOUND_SECRET",
}
RECIPIENT = {
    "name": "recipient",
    "in": "query",
    "required": False,
    "schema": {"type": "string"},
    "description": "the envelope recipient (RCPT TO), when the gateway passes it apart from the headers",
}


class Queued(Schema):
    """The answer to an accepted inbound message."""

    status = fields.String(required=True, metadata={"description": "always `queued`"})
    job = fields.String(required=True, metadata={"description": "the rq job that plays and answers it"})
    game = fields.String(required=True)
    seat = fields.Integer(required=True)


class Unsubscribed(Schema):
    """The answer to an unsubscribe."""

    game = fields.String(required=True)
    seat = fields.Integer(required=True)
    unsubscribed = fields.Boolean(required=True)
    scope = fields.String(
        required=True,
        validate=validate.OneOf(mailplay.SCOPES),
        metadata={
            "description": "game: this game's emails to the seat stopped; address: the seat's "
            "address gets no email from any game any more (an invitation's link)"
        },
    )


def _queue() -> Queue:
    """Returns the workers' queue on QUEUE_REDIS_URL (created once per app; jobs time out after
    JOB_TIMEOUT_S like every other job, see workers.recovery)."""
    if "castillo_rq" not in current_app.extensions:
        from workers.queue import connect, queue

        cfg = service().config
        current_app.extensions["castillo_rq"] = queue(
            connect(cfg.QUEUE_REDIS_URL or cfg.REDIS_URL), cfg.KEY_PREFIX
        )
    return current_app.extensions["castillo_rq"]


def _check_secret() -> None:
    expected = service().config.INBOUND_SECRET
    if not expected:
        raise ServiceError("forbidden", N_("inbound email over HTTP is off: set INBOUND_SECRET to enable it"))
    given = request.headers.get("X-Inbound-Secret", "")
    if not given:
        raise ServiceError("unauthorized", N_("the X-Inbound-Secret header is required"))
    if not hmac.compare_digest(given.encode(), expected.encode()):
        raise ServiceError("forbidden", N_("wrong X-Inbound-Secret"))


@blp.route("/inbound-email", methods=["POST"])
@blp.doc(requestBody=RAW_BODY, parameters=[SECRET_HEADER, RECIPIENT], security=[])
@blp.response(202, Queued)
@problems(blp, "validation", "unauthorized", "forbidden", "not-found", "payload-too-large")
def inbound_email() -> Any:
    """Queues an emailed reply (a raw RFC 5322 message) to be played and answered by email.

    The message must be addressed to a live reply address (`r-…@MAIL_DOMAIN`, in To, Cc,
    Delivered-To, X-Original-To or `recipient`); anything else is refused with 404 and never
    answered, so forged mail causes no backscatter.
    """
    _check_secret()
    request.max_content_length = MAX_RAW  # raw mail (quoted attachments) outgrows the API's JSON limit
    raw = request.get_data(cache=False)
    extra = tuple(a for a in [request.args.get("recipient", "")] if a)
    try:
        message = mailplay.parse_inbound(raw, extra)
    except mailplay.MailPlayError as exc:
        raise validation(Text(N_("not a usable RFC 5322 message: {exc}"), exc=exc)) from None
    svc = service()
    target = mailplay.find_target(svc.redis, message.recipients, svc.config.MAIL_DOMAIN)
    if target is None:
        raise ServiceError("not-found", N_("no live reply address among the message's recipients"))
    job = mailplay.enqueue_inbound(_queue(), raw, message.recipients)
    return {"status": "queued", "job": job, "game": target.game_id, "seat": target.seat}


def _token_target(token: str) -> tuple[str, int, str]:
    try:
        return mailplay.read_unsubscribe_token(service().config.SECRET_KEY, token)
    except mailplay.MailPlayError:
        raise ServiceError("not-found", N_("unknown unsubscribe link")) from None


def _address(game_id: str, seat: int) -> str | None:
    """Returns the email address of a seat, if it has one."""
    seats = service().load(game_id).meta["seats"]
    return seats[seat].get("email") if 0 <= seat < len(seats) else None


@blp.route("/unsubscribe/<token>", methods=["POST"])
@blp.doc(security=[])
@blp.response(200, Unsubscribed)
@problems(blp, "not-found", "unknown-game")
def unsubscribe(token: str) -> Any:
    """Stops emails to the link's seat (RFC 8058 one-click); the seat stays in the game.

    A notice's link stops this game's emails to the seat; an invitation's link puts the seat's
    address on the do-not-email list, so no game emails it again (`scope` says which).
    """
    game_id, seat, scope = _token_target(token)
    redis = service().redis
    if scope == "address" and (address := _address(game_id, seat)):
        contacts.forbid(redis, address)
    mailplay.unsubscribe(redis, game_id, seat)
    return {"game": game_id, "seat": seat, "unsubscribed": True, "scope": scope}


@blp.route("/unsubscribe/<token>", methods=["GET"])
@blp.doc(
    security=[],
    responses={
        "200": {
            "description": "a page with a confirm button (acts only on POST)",
            "content": {"text/html": {"schema": {"type": "string"}}},
        }
    },
)
@problems(blp, "not-found")
def unsubscribe_page(token: str) -> Response:
    """Shows a confirm button in the seat's language; a GET never unsubscribes (mail scanners follow links)."""
    game_id, seat, scope = _token_target(token)
    with speaking(seatlang.of(service().load(game_id).meta, seat)) as language:
        if scope == "game":
            done = _("You get no more emails about game {game}. You stay in the game.")
            ask = _("Stop all emails about game {game}? You stay in the game.")
        else:
            done = _(
                "You get no more emails from Castillo to this address, about any game. You stay in the game."
            )
            ask = _("Stop all emails from Castillo to this address, about any game? You stay in the game.")
        words = {
            "title": _("Unsubscribe"),
            "done": done.format(game=game_id),
            "ask": ask.format(game=game_id),
            "stopped": _("Done: no more emails. You stay in the game."),
            "failed": _("That did not work ({status}); please try again."),
        }
    e = html.escape
    if mailplay.is_unsubscribed(service().redis, game_id, seat):
        body = f"<p>{e(words['done'])}</p>"
    else:
        script = UNSUBSCRIBE_JS.replace(
            "SAID", json.dumps({k: words[k] for k in ("stopped", "failed")}).replace("<", "\\u003c")
        )
        body = (
            f"<p id='ask' role='status'>{e(words['ask'])}</p>"
            f"<form method='post' onsubmit='return stop(this)'><button>{e(words['title'])}</button></form>"
            f"<script>{script}</script>"
        )
    page = (
        f"<!doctype html><html lang='{language}'><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width'>"
        f"<title>{e(words['title'])}</title><body style='font-family:sans-serif;max-width:36em;margin:2em auto'>"
        f"<main><h1 style='font-size:1.4em'>Castillo</h1>{body}</main></body></html>"
    )
    return Response(page, mimetype="text/html")


# The button answers in the page (the POST's JSON is for mail clients); without JS the form still posts.
UNSUBSCRIBE_JS = (
    "var said=SAID;function stop(form){fetch(location.pathname,{method:'POST'}).then(function(r){"
    "document.getElementById('ask').textContent=r.ok?said.stopped:said.failed.replace('{status}',r.status);"
    "form.remove();});return false;}"
)
