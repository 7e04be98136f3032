"""Serves moves: submit one, a batch or text (all or nothing), and the dry run."""

from __future__ import annotations

from typing import Any

from flask import request

from engine.errors import RuleViolation
from service.api import schemas
from service.api.common import (
    BEARER,
    ETAG,
    GAME_CODES,
    IDEMPOTENCY,
    IF_MATCH,
    bearer,
    caller,
    direct,
    documented_body,
    idempotency,
    if_match,
    json_body,
    problems,
    request_ident,
    service,
    text_response,
    versioned,
)
from service.api.inputs import Blueprint
from service.auth import need_seat
from service.errors import problem
from service.loaded import check_expected
from service.moving import MoveRequest, expected_of, parsed_moves

blp = Blueprint("moves", __name__, url_prefix="/games", description="Submitting moves")

MOVE_CODES = (
    *GAME_CODES,
    "forbidden",
    "malformed-move",
    "illegal-move",
    "not-your-turn",
    "game-over",
    "rules-retired",
    "version-conflict",
)


def plain_moves_body(body: Any) -> bool:
    """Tells whether `body` is a MovesIn that the schema would load unchanged (the hot path)."""
    if not isinstance(body, dict) or not body.keys() <= MOVES_FIELDS:
        return False
    if sum(k in body for k in ("move", "moves", "text")) != 1:
        return False
    version = body.get("expected_version", 0)
    if type(version) is not int or not 0 <= version <= 10**9:
        return False
    if "move" in body:
        return isinstance(body["move"], dict)
    if "moves" in body:
        batch = body["moves"]
        return (
            isinstance(batch, list)
            and 1 <= len(batch) <= schemas.MAX_BATCH
            and all(isinstance(m, dict) for m in batch)
        )
    return isinstance(body["text"], str) and 1 <= len(body["text"]) <= 5000


MOVES_SCHEMA = schemas.MovesIn()
MOVES_FIELDS = frozenset(MOVES_SCHEMA.fields)


@blp.route("/<game_id>/moves", methods=["POST"])
@direct  # it returns a Response or raises: the documentation layers are skipped at run time
@documented_body(blp, schemas.MovesIn(), error_status_code=400)
@blp.response(201, schemas.MoveOut, headers=ETAG)
@blp.doc(parameters=[IDEMPOTENCY, IF_MATCH], security=BEARER)
@problems(blp, *MOVE_CODES, "idempotency-mismatch", if_match=True)
def post_moves(game_id: str) -> Any:
    """Submits a move, a batch (`moves`, applied in order, all or nothing) or `text`.

    With `If-Match` (412) or `expected_version` (409) a stale game is refused; with neither
    the moves are decided against the latest version. A retry with the same Idempotency-Key
    and body returns the first answer and appends nothing, also one sent while the first is
    still running: of concurrent requests with one key exactly one is appended, and all
    answer with it. A refusal is not recorded, so a retry of a refused request is decided
    again on the game as it is then.
    """
    body, sent = json_body(MOVES_SCHEMA, plain_moves_body)
    route = f"POST /games/{game_id}/moves"
    scope, body_hash = idempotency(route, request_ident(), sent)
    key = request.headers["Idempotency-Key"].strip()
    played = service().play(MoveRequest(game_id, bearer(), body, if_match(), key, scope, body_hash))
    return text_response(played.text, 201, versioned(game_id, played.version, None, played.entry_hash))


@blp.route("/<game_id>/moves/validate", methods=["POST"])
@blp.arguments(schemas.MovesIn(), error_status_code=400)
@blp.response(200, schemas.Validated)
@blp.doc(security=BEARER)
@problems(blp, *GAME_CODES, "forbidden", "version-conflict", "rules-retired", if_match=True)
def validate_moves(body: dict[str, Any], game_id: str) -> Any:
    """Dry run: tells whether the moves would be accepted now (and why not), appending nothing.

    The `outcome` (what the moves would append, as the caller would see it) is given only when
    the moves draw and reveal nothing; otherwise it is null, since it would show what the moves
    turn up (the next card drawn, a face-down card, sealed choices) before the caller moves.
    """
    svc = service()
    loaded = svc.load(game_id)
    seat = need_seat(caller(loaded))
    check_expected(loaded, *expected_of(if_match(), body.get("expected_version"), loaded))
    try:
        outcome = svc.dry_run(loaded, seat, parsed_moves(loaded, seat, body))
    except RuleViolation as exc:
        return {"valid": False, "problem": problem(exc)[1], "outcome": None}
    return {"valid": True, "problem": None, "outcome": outcome}
