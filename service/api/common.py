"""Helpers shared by the blueprints: the caller's credential, ETags, idempotency and problem docs."""

from __future__ import annotations

import functools
import hashlib
import inspect
import re
from collections.abc import Callable
from typing import Any

from flask import Response, current_app, request
from flask_smorest import Blueprint
from webargs.flaskparser import is_json_request

from engine.errors import Text
from engine.i18n import N_
from service import receipts
from service.answers import compact
from service.api import schemas
from service.api.inputs import PARSER, read_json
from service.auth import Principal, ident_of, operator, parse_bearer, resolve
from service.errors import STATUS, ServiceError, validation
from service.games import GameService
from service.loaded import Loaded
from service.store import canonical

PROBLEM_TYPE = "application/problem+json"
BEARER = [{"bearer": []}, {}]
RECEIPT = receipts.HEADER
ETAG = {
    "ETag": {"description": 'the game version, quoted: "<version>"', "schema": {"type": "string"}},
    RECEIPT: {
        "description": "the server's signed receipt of the log at that version: a compact JWS (EdDSA) "
        "of {game, hash, v}, verifiable with /.well-known/jwks.json; keep it to prove the history later",
        "schema": {"type": "string"},
    },
}


def header(name: str, description: str, *, required: bool = False, **schema: Any) -> dict[str, Any]:
    """Returns the OpenAPI description of a string header parameter."""
    return {
        "name": name,
        "in": "header",
        "required": required,
        "schema": {"type": "string", **schema},
        "description": description,
    }


IDEMPOTENCY = header(
    "Idempotency-Key",
    "required; a fresh random key (e.g. a UUID) per operation; a retry with the same key and body "
    "returns the first answer and changes nothing (kept 24 h, per credential and route)",
    required=True,
    minLength=1,
    maxLength=200,
)
IF_NONE_MATCH = header(
    "If-None-Match",
    'the ETag of the copy the caller holds, e.g. "12": 304 (no body) while the game is still '
    "at that version (cheap polling)",
)
RETRY_AFTER = {
    "Retry-After": {
        "description": "seconds until the limit lets a request through",
        "schema": {"type": "integer"},
    }
}
IF_MATCH = header(
    "If-Match",
    'the version the move is decided against, e.g. "12" (412 if stale)',
    pattern='^(W/)?"?[0-9]{1,12}"?$',  # as IF_MATCH_VALUE reads it
)


def service() -> GameService:
    """Returns the app's GameService."""
    return current_app.extensions["castillo"]


def bearer() -> str | None:
    """Returns the bearer token of the request, if any; refuses other Authorization schemes."""
    return parse_bearer(request.headers.get("Authorization", ""))


def caller(loaded: Loaded) -> Principal:
    """Returns the principal of the request's credential in `loaded`'s game."""
    cfg = service().config
    return resolve(loaded.meta, bearer(), cfg.SECRET_KEY, cfg.ADMIN_TOKEN)


def anyone() -> Principal:
    """Returns the principal of a request that is not about one game (operator or anonymous)."""
    return operator(bearer(), service().config.ADMIN_TOKEN)


def need_admin(who: Principal) -> None:
    """Refuses callers without the game's admin powers."""
    if who.is_admin:
        return
    code = "unauthorized" if who.ident == "anonymous" else "forbidden"
    raise ServiceError(code, N_("the game's admin token is required"))


def request_ident() -> str:
    """Returns the identity of the request's credential (scopes idempotency; see auth.ident_of)."""
    return ident_of(bearer(), service().config.ADMIN_TOKEN)


def idempotency(route: str, ident: str, body: Any) -> tuple[str, str]:
    """Returns (scope, body hash) of the request's Idempotency-Key for (credential, route)."""
    key = request.headers.get("Idempotency-Key", "").strip()
    if not key or len(key) > 200:
        raise validation(N_("the Idempotency-Key header (1-200 characters) is required on this route"))
    scope = hashlib.sha256(f"{ident}|{route}|{key}".encode()).hexdigest()
    return scope, hashlib.sha256(canonical(body)).hexdigest()


def if_match() -> int | None:
    """Returns the version of an If-Match header, or None without one."""
    raw = request.headers.get("If-Match")
    if raw is None:
        return None
    found = IF_MATCH_VALUE.fullmatch(raw.strip())
    if found is None:
        raise validation(
            Text(N_('If-Match must be a quoted version like "12", got {value}'), value=repr(raw[:40]))
        )
    return int(found[1])


IF_MATCH_VALUE = re.compile(r'(?:W/)?"?([0-9]{1,12})"?')  # ASCII digits: int() also reads '٣'


def version_number(text: str) -> int | None:
    """Returns the version written in `text` (ASCII digits only: int() also reads '٣'), else None."""
    if not (text.isascii() and text.isdigit()) or len(text) > 12:
        return None
    return int(text)


def documented_body(blp: Blueprint, schema: Any, **kwargs: Any) -> Callable[[Any], Any]:
    """Documents a JSON body exactly as `blp.arguments` does, but leaves its parsing to the view.

    A hot route reads its body with `json_body` instead: a plain check for the common
    well-formed case, and webargs with the schema (the same 400 problem) for everything else.
    """

    def decorate(func: Any) -> Any:
        """Returns flask-smorest's documented wrapper without webargs' parsing layer."""
        return blp.arguments(schema, **kwargs)(func).__wrapped__

    return decorate


def direct(view: Any) -> Any:
    """Returns `view` as documented, but calling the undecorated function at once (hot routes).

    flask-smorest's documentation decorators wrap a view in one pass-through layer each
    (context lookups and a sync check per layer, ten on POST moves). A view that always
    returns a `Response` or raises gets nothing from them at run time; the spec is built from
    `_apidoc` and the docstring, which the returned function keeps (functools.wraps).
    """
    inner = inspect.unwrap(view)

    @functools.wraps(view)
    def call(*args: Any, **kwargs: Any) -> Any:
        return inner(*args, **kwargs)

    return call


def json_body(schema: Any, plain: Callable[[Any], bool]) -> tuple[dict[str, Any], Any]:
    """Returns the request's JSON body as `schema` loads it, and the JSON value as sent.

    `plain(value)` vouches for a value as is (read once, by `read_json`); anything else goes
    through the schema's parser.
    """
    sent = None
    data = request.get_data(cache=True)
    if is_json_request(request) and data:
        sent = read_json(data)
        if plain(sent):
            return sent, sent
    parsed: dict[str, Any] = PARSER.parse(schema, location="json", error_status_code=400)
    return parsed, sent


def json_response(body: Any, status: int, headers: dict[str, str]) -> Response:
    """Returns a JSON response built directly (hot paths skip re-serialising through the schema)."""
    return Response(compact(body), status=status, mimetype="application/json", headers=headers)


def text_response(text: str, status: int, headers: dict[str, str]) -> Response:
    """Returns a JSON response from JSON text encoded already (the answer's one encoding)."""
    return Response(text, status=status, mimetype="application/json", headers=headers)


def etag(version: int) -> dict[str, str]:
    """Returns the ETag header of a version, and keeps caches from storing the answer.

    One version looks different to each caller, but the ETag is the version alone (what
    If-Match names), so a stored copy must never be revalidated for someone else: Chromium
    sends a stored copy's ETag in If-None-Match even when `Vary: Authorization` does not match,
    and then shows the stored body on a 304. Clients keep their own copies for If-None-Match.
    """
    return {"ETag": f'"{version}"', "Vary": "Authorization", "Cache-Control": "private, no-store"}


def versioned(
    game_id: str, version: int, loaded: Loaded | None = None, entry_hash: str | None = None
) -> dict[str, str]:
    """Returns the headers of an answer about `version`: its ETag and its signed receipt
    (`Castillo-Receipt`, service.receipts); `loaded` at `version`, or the `entry_hash` of that
    version, saves reading the hash."""
    known = loaded.folded.last_hash if loaded is not None and loaded.version == version else entry_hash
    return {**etag(version), RECEIPT: service().receipt(game_id, version, known)}


def unchanged(loaded: Loaded) -> Response | None:
    """Returns 304 Not Modified when the request's If-None-Match names the game's version (or is `*`).

    Every answer about a game is a function of its log (the version) and the caller, so a
    caller's copy tagged with the current version is still exact. Checked after the caller's
    credential, so a bad one still gets its 401.
    """
    if request.if_none_match.contains_weak(str(loaded.version)):
        return Response(status=304, headers=versioned(loaded.game_id, loaded.version, loaded))
    return None


def conditional(blp: Blueprint) -> Callable[[Any], Any]:
    """Documents a read that answers 304 to an If-None-Match naming the current version."""

    def decorate(func: Any) -> Any:
        func = blp.alt_response(
            304, description="Not Modified: the game is still at the If-None-Match version"
        )(func)
        return blp.doc(parameters=[IF_NONE_MATCH])(func)

    return decorate


def problems(blp: Blueprint, *codes: str, if_match: bool = False) -> Callable[[Any], Any]:
    """Documents the problem responses of a route: one per status, listing its codes."""
    by_status: dict[int, list[str]] = {}
    for code in codes:
        by_status.setdefault(STATUS[code], []).append(code)
    if if_match:
        by_status.setdefault(412, []).append("version-conflict")

    def decorate(func: Any) -> Any:
        """Adds one problem+json alternative response per status."""
        for status, names in sorted(by_status.items()):
            func = blp.alt_response(
                status,
                schema=schemas.Problem,
                content_type=PROBLEM_TYPE,
                description="problem: " + ", ".join(sorted(set(names))),
                headers=RETRY_AFTER if status == 429 else None,
            )(func)
        return func

    return decorate


GAME_CODES = ("unknown-game", "unauthorized", "validation")
