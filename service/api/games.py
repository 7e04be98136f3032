"""Serves games: create, summary, seat sessions from play links, views and legal moves."""

from __future__ import annotations

import hmac
from typing import Any

from flask import request

from engine.i18n import N_, negotiate
from service import deadlines, seatlang
from service.api import schemas
from service.api.common import (
    BEARER,
    ETAG,
    GAME_CODES,
    IDEMPOTENCY,
    anyone,
    bearer,
    caller,
    conditional,
    idempotency,
    problems,
    service,
    unchanged,
    versioned,
)
from service.api.inputs import Blueprint
from service.auth import Principal, current_gen, need_seat
from service.errors import ServiceError
from service.links import BadToken, make_session_token, read_link_claim
from service.loaded import Loaded
from service.timecontrol import TimeControl

blp = Blueprint("games", __name__, url_prefix="/games", description="Games, views and legal moves")


@blp.route("", methods=["POST"])
@blp.arguments(schemas.CreateIn(), error_status_code=400)
@blp.response(201, schemas.Created, headers={"Location": {"schema": {"type": "string"}}})
@blp.doc(parameters=[IDEMPOTENCY], security=BEARER)
@problems(
    blp,
    "validation",
    "unknown-game",
    "illegal-options",
    "unsupported-option",
    "unknown-language",
    "idempotency-mismatch",
    "unauthorized",
    "forbidden",
    "rate-limited",
)
def create_game(body: dict[str, Any]) -> Any:
    """Creates a game; the answer holds the admin token and each seat's token and play link, once.

    A retry with the same Idempotency-Key and body returns the first answer with the secrets
    withheld (`secrets_shown: false`); the game is created once, also when retries run
    concurrently (exactly one of them shows the secrets). A refusal is not recorded. Limits:
    CREATE_LIMIT requests per client, INVITE_LIMIT invitations per address (429 `rate-limited`,
    Retry-After). A server with CREATE_TOKEN set creates games only for `Authorization: Bearer
    <CREATE_TOKEN>` (or the operator's token): 401 without a token, 403 with another one.
    """
    who = anyone()
    need_creator(who)
    scope, body_hash = idempotency("POST /games", who.ident, request.get_json(silent=True))
    spoken = negotiate(request.headers.get("Accept-Language"))  # a seat without a language reads this
    body["seats"] = [{**s, "language": s.get("language") or spoken} for s in body["seats"]]
    answer, replayed = service().create(body, scope=scope, body_hash=body_hash)
    headers = {"Location": f"/games/{answer['id']}", "Idempotent-Replayed": "true" if replayed else "false"}
    return answer, 201, headers


def need_creator(who: Principal) -> None:
    """Refuses a creation without the server's CREATE_TOKEN (or ADMIN_TOKEN), when one is set."""
    required = service().config.CREATE_TOKEN
    if not required or who.role == "operator":
        return
    given = bearer()
    if given is None:
        raise ServiceError(
            "unauthorized", N_("this server creates games only with its creation token (CREATE_TOKEN)")
        )
    if not hmac.compare_digest(given.encode(), required.encode()):
        raise ServiceError("forbidden", N_("that is not this server's creation token"))


def summary(loaded: Loaded, who: Principal) -> dict[str, Any]:
    """Returns the public summary of a game with its open prompts and deadlines."""
    table, info = loaded.folded.table, loaded.game.INFO
    seats = [
        {
            "seat": s["seat"],
            "name": s["name"],
            "absent": s["seat"] in table.absent,
            "bot": table.bots.get(s["seat"], (None,))[0],
            "vacations": [list(v) for v in table.vacations.get(s["seat"], [])],
            "language": seatlang.of(loaded.meta, s["seat"]),
        }
        for s in loaded.meta["seats"]
    ]
    state = loaded.folded.state
    return {
        "id": loaded.game_id,
        "game": loaded.meta["game"],
        "title": info["title"],
        "status": loaded.status,
        "version": loaded.version,
        "options": loaded.meta["options"],
        "seats": seats,
        "prompts": [d.to_json() for d in deadlines.due(loaded.game, loaded.folded)],
        "time_control": TimeControl.from_json(table.time_control).to_json(),
        "created": loaded.meta["created"],
        "result": loaded.game.result(state) if state is not None else None,
        "you": {"role": who.role, "seat": who.seat},
    }


@blp.route("/<game_id>", methods=["GET"])
@blp.response(200, schemas.Summary, headers=ETAG)
@blp.doc(security=BEARER)
@conditional(blp)
@problems(blp, *GAME_CODES)
def get_game(game_id: str) -> Any:
    """Returns the game's summary: status, seats, version, prompts due with their deadlines."""
    loaded = service().load(game_id)
    who = caller(loaded)
    return unchanged(loaded) or (summary(loaded, who), 200, versioned(game_id, loaded.version, loaded))


@blp.route("/<game_id>/sessions", methods=["POST"])
@blp.arguments(schemas.SessionIn(), error_status_code=400)
@blp.response(201, schemas.Session)
@problems(blp, *GAME_CODES)
def create_session(body: dict[str, Any], game_id: str) -> Any:
    """Exchanges the signed token of a play link (`#k=...`) for a short-lived seat bearer."""
    svc = service()
    loaded = svc.load(game_id)
    try:
        linked, seat, gen = read_link_claim(svc.config.SECRET_KEY, body["link"])
    except BadToken:
        raise ServiceError("unauthorized", N_("the link is invalid or has expired")) from None
    if linked != game_id or not current_gen(loaded.meta, seat, gen):
        raise ServiceError("unauthorized", N_("the link is not valid for this game"))
    max_age = svc.config.SESSION_MAX_AGE_S
    token = make_session_token(svc.config.SECRET_KEY, game_id, seat, max_age, gen)
    return {"token": token, "seat": seat, "game": game_id, "expires_in": max_age}, 201


@blp.route("/<game_id>/view", methods=["GET"])
@blp.response(200, schemas.ViewOut, headers=ETAG)
@blp.doc(security=BEARER)
@conditional(blp)
@problems(blp, *GAME_CODES)
def get_view(game_id: str) -> Any:
    """Returns the caller's view: a seat's own, a spectator's, or everything once the game is over."""
    loaded = service().load(game_id)
    viewer = loaded.viewer(caller(loaded))
    return unchanged(loaded) or (
        service().view(loaded, viewer),
        200,
        versioned(game_id, loaded.version, loaded),
    )


@blp.route("/<game_id>/state", methods=["GET"])
@blp.arguments(schemas.StateArgs(), location="query", error_status_code=400)
@blp.response(200, schemas.ViewOut, headers=ETAG)
@blp.doc(security=BEARER)
@problems(blp, *GAME_CODES, "not-found")
def get_state(args: dict[str, Any], game_id: str) -> Any:
    """Returns the caller's view as of version `at` (the fold of the log's first `at` entries)."""
    loaded = service().load(game_id)
    viewer = loaded.viewer(caller(loaded))
    return service().view(loaded, viewer, args.get("at")), 200, versioned(game_id, loaded.version, loaded)


@blp.route("/<game_id>/legal-moves", methods=["GET"])
@blp.response(200, schemas.Legal, headers=ETAG)
@blp.doc(security=BEARER)
@conditional(blp)
@problems(blp, *GAME_CODES, "forbidden")
def get_legal_moves(game_id: str) -> Any:
    """Returns the caller's prompt and the complete legal moves (empty when nothing is owed)."""
    loaded = service().load(game_id)
    seat = need_seat(caller(loaded))
    if (same := unchanged(loaded)) is not None:
        return same
    answer = service().legal_moves(game_id, seat)
    return answer, 200, versioned(game_id, answer["version"], loaded)


@blp.route("/<game_id>/legal-moves", methods=["POST"])
@blp.arguments(schemas.PartialIn(), required=False, error_status_code=400)
@blp.response(200, schemas.Legal, headers=ETAG)
@blp.doc(security=BEARER)
@problems(blp, *GAME_CODES, "forbidden", "malformed-move", "illegal-move")
def post_legal_moves(body: dict[str, Any], game_id: str) -> Any:
    """Returns the one-step extensions of `partial` (each flagged `complete`); a POST never acts."""
    loaded = service().load(game_id)
    seat = need_seat(caller(loaded))
    answer = service().legal_moves(game_id, seat, body.get("partial"))
    return answer, 200, versioned(game_id, answer["version"], loaded)
