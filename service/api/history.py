"""Serves a game's history: the paged log, the SSE stream, the exported record and the audit."""

from __future__ import annotations

from typing import Any

from flask import Response, request

from engine.contract import Json
from engine.i18n import N_
from service import audit
from service import history as records
from service.api import schemas
from service.api.common import (
    BEARER,
    ETAG,
    GAME_CODES,
    PROBLEM_TYPE,
    caller,
    header,
    problems,
    service,
    versioned,
)
from service.api.inputs import Blueprint
from service.errors import ServiceError
from service.language import language_etag
from service.streams.wire import resume_point

blp = Blueprint("history", __name__, url_prefix="/games", description="Log, stream, record and audit")

STREAM_DOC = {
    "200": {
        "description": "Server-Sent Events: `retry:` first; then per entry `id:` = version, `event: entry`, "
        "`data:` = the entry as the caller may see it; comments as keep-alives; `event: end` last, "
        "with `{status, version}` once the game is over, or with an `unauthorized` problem (plus "
        "`version`) as soon as the caller's seat token is re-issued or its session ends",
        "content": {"text/event-stream": {"schema": {"type": "string"}}},
    },
    "503": {
        "description": "problem: too-many-streams (over the server's cap of open streams, in all or "
        "per client address; try again after Retry-After), unavailable",
        "headers": {
            "Retry-After": {
                "description": "seconds to wait before trying again",
                "schema": {"type": "string"},
            }
        },
        "content": {PROBLEM_TYPE: {"schema": schemas.Problem}},
    },
}
RECORD_DOC = {
    "200": {
        "description": "JSON Lines (one entry per line) or a readable text record",
        "content": {
            "application/x-ndjson": {"schema": {"type": "string"}},
            "text/plain": {"schema": {"type": "string"}},
        },
    }
}


@blp.route("/<game_id>/events", methods=["GET"])
@blp.arguments(schemas.PageArgs(), location="query", error_status_code=400)
@blp.response(200, schemas.Page, headers=ETAG)
@blp.doc(security=BEARER)
@problems(blp, *GAME_CODES)
def get_events(args: dict[str, Any], game_id: str) -> Any:
    """Returns the log after version `after` (at most `limit` entries), redacted for the caller."""
    loaded = service().load(game_id)
    viewer = loaded.viewer(caller(loaded))
    answer = records.page(
        service().store, loaded, viewer, args["after"], min(args["limit"], service().config.MAX_PAGE)
    )
    return answer, 200, versioned(game_id, loaded.version, loaded)


LAST_EVENT_ID = header(
    "Last-Event-ID",
    "resume after this version (as sent in `id:`); wins over `after`",
    pattern="^[0-9]{1,12}$",
)


# Last-Event-ID goes with the route: doc(parameters=...) would replace the documented `after`.
@blp.route("/<game_id>/stream", methods=["GET"], parameters=[LAST_EVENT_ID])
@blp.arguments(schemas.StreamArgs(), location="query", error_status_code=400)
@blp.doc(security=BEARER, responses=STREAM_DOC)
@problems(blp, *GAME_CODES, "misdirected")
def get_stream(args: dict[str, Any], game_id: str) -> Response:
    """Streams new log entries as Server-Sent Events, resumable with Last-Event-ID.

    Without Last-Event-ID or `after` the stream starts at the current version. Streams are
    served by the stream server (service.streams: the front of `castillo serve`, or
    `castillo streams` behind a proxy that routes `/games/*/stream` to it); this route
    validates the request the same way, then answers 421 `misdirected`.
    """
    loaded = service().load(game_id)
    caller(loaded)
    resume_point(request.headers.get("Last-Event-ID"), request.args.get("after"), loaded.version)
    raise ServiceError(
        "misdirected",
        N_(
            "streams are served by the stream server: route GET /games/{id}/stream to `castillo streams` (`castillo serve` does)"
        ),
    )


@blp.route("/<game_id>/record", methods=["GET"])
@blp.arguments(schemas.RecordArgs(), location="query", error_status_code=400)
@blp.doc(security=BEARER, responses=RECORD_DOC)
@problems(blp, *GAME_CODES)
def get_record(args: dict[str, Any], game_id: str) -> Response:
    """Exports the log as the caller may see it: JSON Lines, or a readable record (`format=text`)."""
    loaded = service().load(game_id)
    viewer = loaded.viewer(caller(loaded))
    headers = versioned(game_id, loaded.version, loaded)
    if args["format"] == "text":  # words in the request's language: the ETag names it
        body, mimetype = records.record_text(service().store, loaded, viewer), "text/plain"
        headers["ETag"] = language_etag(loaded.version)
    else:
        body, mimetype = records.record_lines(service().store, loaded, viewer), "application/x-ndjson"
    name = f"castillo-{game_id}.{'txt' if args['format'] == 'text' else 'jsonl'}"
    return Response(
        body,
        mimetype=mimetype,
        headers={
            **headers,
            "Content-Disposition": f'inline; filename="{name}"',
        },
    )


@blp.route("/<game_id>/verify", methods=["GET"])
@blp.response(200, schemas.Verified)
@problems(blp, "unknown-game")
def get_verify(game_id: str) -> Any:
    """Audits the log: the hash chain; once over, the seed and a re-run of setup and every move."""
    return _audit(game_id)[0]


def _audit(game_id: str) -> tuple[Json, list[tuple[str, bytes]]]:
    """Returns the audit report of the stored log and the raw entries it read. A log that no
    longer folds (entries reordered or cut by someone who writes Redis) is reported, not a 500."""
    svc = service()
    game = svc.game_of(game_id)
    raw = svc.store.raw(game_id)
    try:
        over, broken = svc.load(game_id).status != "running", []
    except Exception as exc:  # noqa: BLE001 - any failure of the fold is a finding of this audit
        over, broken = False, [f"the log does not fold: {type(exc).__name__}"]
    report = audit.verify(game, game_id, raw, over)
    if broken:
        report |= {"ok": False, "chain": {"ok": False, "problems": report["chain"]["problems"] + broken}}
    return report, raw


@blp.route("/<game_id>/verify", methods=["POST"])
@blp.arguments(schemas.ReceiptsIn(), error_status_code=400)
@blp.response(200, schemas.Verified)
@problems(blp, "unknown-game")
def post_verify(body: dict[str, Any], game_id: str) -> Any:
    """Audits the log as GET does, and checks it against receipts the caller kept: a receipt
    for a version the log no longer has, or with another hash, shows a truncated, rewritten or
    forked log (`ok` false). A POST never acts."""
    report, raw = _audit(game_id)
    return audit.with_receipts(report, game_id, raw, body["receipts"], service().keys.check)
