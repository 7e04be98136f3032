"""Serves a game's history: the paged log, the SSE stream, the exported record and the audit."""

from __future__ import annotations

from typing import Any

from flask import Response, request
from flask_smorest import Blueprint

from service import audit
from service import history as records
from service.api import schemas
from service.api.common import BEARER, ETAG, GAME_CODES, PROBLEM_TYPE, caller, etag, problems, service
from service.errors import ServiceError
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
    answer = records.page(service(), loaded, viewer, args["after"], args["limit"])
    return answer, 200, etag(loaded.version)


@blp.route("/<game_id>/stream", methods=["GET"])
@blp.arguments(schemas.StreamArgs(), location="query", error_status_code=400)
@blp.doc(
    security=BEARER,
    responses=STREAM_DOC,
    parameters=[
        {
            "name": "Last-Event-ID",
            "in": "header",
            "required": False,
            "schema": {"type": "string"},
            "description": "resume after this version (as sent in `id:`)",
        }
    ],
)
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
        "streams are served by the stream server: route GET /games/{id}/stream to `castillo streams` "
        "(`castillo serve` does)",
    )


@blp.route("/<game_id>/record", methods=["GET"])
@blp.arguments(schemas.RecordArgs(), location="query", error_status_code=400)
@blp.doc(security=BEARER, responses=RECORD_DOC)
@problems(blp, *GAME_CODES)
def get_record(args: dict[str, Any], game_id: str) -> Response:
    """Exports the log as the caller may see it: JSON Lines, or a readable record (`format=text`)."""
    loaded = service().load(game_id)
    viewer = loaded.viewer(caller(loaded))
    if args["format"] == "text":
        body, mimetype = records.record_text(service(), loaded, viewer), "text/plain"
    else:
        body, mimetype = records.record_lines(service(), loaded, viewer), "application/x-ndjson"
    name = f"castillo-{game_id}.{'txt' if args['format'] == 'text' else 'jsonl'}"
    return Response(
        body,
        mimetype=mimetype,
        headers={**etag(loaded.version), "Content-Disposition": f'inline; filename="{name}"'},
    )


@blp.route("/<game_id>/verify", methods=["GET"])
@blp.response(200, schemas.Verified)
@problems(blp, "unknown-game")
def get_verify(game_id: str) -> Any:
    """Audits the log: the hash chain; once over, the seed and a re-run of setup and every move."""
    svc = service()
    loaded = svc.load(game_id)
    return audit.verify(loaded.game, game_id, svc.store.raw(game_id), loaded.status != "running")
