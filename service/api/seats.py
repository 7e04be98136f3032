"""Serves seat presence, the seat's language and the admin powers (re-issue a token, seat a bot, time control, abort).

The admin never sees hidden facts: admin answers carry only public facts and the new secret.
"""

from __future__ import annotations

from typing import Any

from engine.i18n import N_
from service import seatlang, turns
from service.api import schemas
from service.api.common import BEARER, GAME_CODES, caller, need_admin, problems, service
from service.api.inputs import Blueprint
from service.errors import ServiceError

blp = Blueprint("seats", __name__, url_prefix="/games", description="Presence and admin powers")

ADMIN_CODES = (*GAME_CODES, "forbidden", "not-found", "game-over", "version-conflict")


@blp.route("/<game_id>/seats/<int:seat>/presence", methods=["POST"])
@blp.arguments(schemas.PresenceIn(), error_status_code=400)
@blp.response(200, schemas.PresenceOut)
@blp.doc(security=BEARER)
@problems(blp, *ADMIN_CODES, "vacation-exhausted")
def post_presence(body: dict[str, Any], game_id: str, seat: int) -> Any:
    """Marks a seat absent, back, or on vacation for `days` days (the seat itself; the admin may mark absent)."""
    svc = service()
    who = caller(svc.load(game_id))
    own = who.role == "seat" and who.seat == seat
    if not own and not (who.is_admin and body["state"] == "absent"):
        code = "unauthorized" if who.ident == "anonymous" else "forbidden"
        raise ServiceError(code, N_("only the seat itself (or the admin, to mark it absent) can do that"))
    return svc.set_presence(game_id, seat, body["state"], days=body["days"], by_admin=not own)


@blp.route("/<game_id>/seats/<int:seat>/language", methods=["PUT"])
@blp.arguments(schemas.LanguageIn(), error_status_code=400)
@blp.response(200, schemas.LanguageOut)
@blp.doc(security=BEARER)
@problems(blp, *ADMIN_CODES, "unknown-language")
def put_language(body: dict[str, Any], game_id: str, seat: int) -> Any:
    """Sets the language of the seat's emails and pages (the seat itself, with its token or session).

    Every email to the seat also carries a signed link to a page that does the same without a token.
    """
    svc = service()
    who = caller(svc.load(game_id))
    if not (who.role == "seat" and who.seat == seat):
        code = "unauthorized" if who.ident == "anonymous" else "forbidden"
        raise ServiceError(code, N_("only the seat itself can choose its language"))
    return seatlang.change(svc, game_id, seat, body["language"])


@blp.route("/<game_id>/seats/<int:seat>/token", methods=["POST"])
@blp.response(201, schemas.Reissued)
@blp.doc(security=BEARER)
@problems(blp, *ADMIN_CODES, "rate-limited")
def post_token(game_id: str, seat: int) -> Any:
    """Re-issues a seat's token (admin): the old token, links and sessions stop working.

    A seat with an email gets its new link as an invitation, counted against INVITE_LIMIT.
    """
    svc = service()
    need_admin(caller(svc.load(game_id)))
    return turns.reissue_token(svc, game_id, seat), 201


@blp.route("/<game_id>/seats/<int:seat>/bot", methods=["POST"])
@blp.arguments(schemas.BotIn(), error_status_code=400)
@blp.response(200, schemas.BotOut)
@blp.doc(security=BEARER)
@problems(blp, *ADMIN_CODES)
def post_bot(body: dict[str, Any], game_id: str, seat: int) -> Any:
    """Seats the server's default bot (auto-passes at once), or hands the seat back (`bot: null`)."""
    svc = service()
    need_admin(caller(svc.load(game_id)))
    return turns.seat_bot(svc, game_id, seat, body["bot"])


@blp.route("/<game_id>/time-control", methods=["PUT"])
@blp.arguments(schemas.TimeControlIn(), required=False, error_status_code=400)
@blp.response(200, schemas.TimeControlChanged)
@blp.doc(security=BEARER)
@problems(blp, *ADMIN_CODES)
def put_time_control(body: dict[str, Any], game_id: str) -> Any:
    """Replaces the time control (admin); open prompts' clocks restart under it."""
    svc = service()
    need_admin(caller(svc.load(game_id)))
    return turns.change_time_control(svc, game_id, body)


@blp.route("/<game_id>/abort", methods=["POST"])
@blp.arguments(schemas.AbortIn(), required=False, error_status_code=400)
@blp.response(200, schemas.Aborted)
@blp.doc(security=BEARER)
@problems(blp, *ADMIN_CODES)
def post_abort(body: dict[str, Any], game_id: str) -> Any:
    """Aborts the game (admin): it ends without a result and becomes public, seed included."""
    svc = service()
    need_admin(caller(svc.load(game_id)))
    return turns.abort(svc, game_id, body["reason"])
