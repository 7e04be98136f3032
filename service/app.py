"""Builds the Flask app: configuration, the GameService, blueprints, the spec and one error shape.

Every error leaves as RFC 9457 `application/problem+json` (design.md, "Errors"): engine
refusals, service refusals, werkzeug's HTTP errors (404, 405, 413 ...), request validation
(400 `validation`), Redis outages (503) — and anything unexpected is logged and answered with
a problem too, never an HTML traceback.
"""

from __future__ import annotations

import http
import json
import logging
import os
from typing import Any

import redis
from apispec.ext.marshmallow import MarshmallowPlugin
from flask import Flask, Response
from flask_smorest import Api
from flask_smorest.spec import prepare_response
from redis.exceptions import RedisClusterException
from werkzeug.exceptions import HTTPException

from engine.errors import RuleViolation, UnknownGame
from engine.i18n import N_, SOURCE, _, current
from service import language, ratelimit
from service.api import catalog, games, history, inputs, limiting, locales, mail, moves, play, seats
from service.api import language as language_page
from service.api.common import PROBLEM_TYPE
from service.api.schemas import Problem
from service.config import Config
from service.errors import (
    INTERNAL_DETAIL,
    INTERNAL_TITLE,
    PROBLEM_BASE,
    SCHEMA_DETAIL,
    STATUS,
    ServiceError,
    flat_messages,
    problem,
    problem_headers,
    title,
)
from service.games import GameService
from service.redis_clients import store_client
from service.store import use_prefix

log = logging.getLogger("castillo.service")

BLUEPRINTS = (
    catalog.blp,
    games.blp,
    moves.blp,
    history.blp,
    seats.blp,
    mail.blp,
    language_page.blp,
    play.blp,
    locales.blp,
)

DESCRIPTION = f"""Slow, asynchronous El Grande and Kabale & Hiebe. Every move is an event appended
to the game's log after the rules engine validated it. Errors are RFC 9457 problem details with
a stable `code` (urn:castillo:problem:<code>). Reads carry `ETag: "<version>"`; moves take
`If-Match` or `expected_version`. `POST /games` and `POST /games/{{id}}/moves` need an
`Idempotency-Key`. Credentials are bearer tokens: the game's admin token, a seat token, or a
seat session from `POST /games/{{id}}/sessions`; without one you are a spectator.
Limits: a URL of at most {inputs.MAX_URL} bytes (414), at most {inputs.MAX_HEADER_FIELDS} header
fields of at most {inputs.MAX_HEADER_FIELD} bytes (431), a JSON body of at most {inputs.MAX_BODY}
bytes (413) nested at most {inputs.MAX_DEPTH} deep (400). `POST /games` is rate-limited per
client and its invitations per email address (429 `rate-limited`, Retry-After), and a server may
require a creation token for it (401/403). Problem `title` and `detail` and the readable record
follow `Accept-Language` (English, Hungarian, Polish, Finnish, German; else English); every answer
says its language in `Content-Language` and carries `Vary: Accept-Language`; problem `type`,
`code`, `rule` and quoted moves never change with the language."""


BEARER_DOC = (
    "admin, seat or session token; on POST /games, the creation token if the server sets CREATE_TOKEN"
)


class DescribedMarshmallowPlugin(MarshmallowPlugin):
    """apispec's marshmallow plugin that also puts each schema's docstring into the spec, and its
    `SPEC` (JSON Schema keywords fields cannot say, e.g. `oneOf`) when it has one."""

    def schema_helper(self, name: str, _: Any, schema: Any = None, **kwargs: Any) -> Any:
        out = super().schema_helper(name, _, schema=schema, **kwargs)
        if out is None:
            return out
        cls = schema if isinstance(schema, type) else type(schema)
        if cls.__doc__:
            out["description"] = " ".join(cls.__doc__.split())
        out.update(getattr(cls, "SPEC", {}))
        return out


class CastilloApi(Api):
    """flask-smorest's Api with problem+json error responses in the spec."""

    ERROR_SCHEMA = Problem

    def _register_responses(self) -> None:
        for status in http.HTTPStatus:
            response: dict[str, Any] = {"description": status.phrase}
            if status >= 400:
                response["schema"] = self.ERROR_SCHEMA
                prepare_response(response, self.spec, PROBLEM_TYPE)
            self.spec.components.response(status.name, response, lazy=True)
        default = {"description": "a problem (RFC 9457)", "schema": self.ERROR_SCHEMA}
        prepare_response(default, self.spec, PROBLEM_TYPE)
        self.spec.components.response("DEFAULT_ERROR", default, lazy=True)


def create_app(config: Config | None = None) -> Flask:
    """Returns the configured app; `config` defaults to the environment (Config.from_env)."""
    cfg = config.completed() if config else Config.from_env()
    if not cfg.REDIS_URL:
        raise RuntimeError("REDIS_URL is not set (castillo serve starts an embedded Redis for you)")
    if not (config.SECRET_KEY if config else os.environ.get("SECRET_KEY")):
        log.warning("SECRET_KEY is not set: links and sessions signed here fail in other processes")
    app = Flask(__name__)
    app.config.update(
        API_TITLE="Castillo",
        API_VERSION="1.0.0",
        OPENAPI_VERSION="3.1.0",
        MAX_CONTENT_LENGTH=inputs.MAX_BODY,
        API_SPEC_OPTIONS={"info": {"description": DESCRIPTION}},
    )
    app.json = inputs.JSONProvider(app)
    app.json.sort_keys = False  # type: ignore[attr-defined]  # keys in the engine's order (regions, seats)
    use_prefix(cfg.KEY_PREFIX)
    app.url_map.converters["int"] = inputs.AsciiIntConverter
    language.install(app)  # first: every later hook and error handler speaks the request's language
    app.before_request(inputs.check_limits)
    client = store_client(cfg.REDIS_URL)
    app.extensions["castillo"] = GameService(client, cfg)
    api = CastilloApi(app, spec_kwargs={"marshmallow_plugin": DescribedMarshmallowPlugin()})
    api.spec.components.security_scheme(
        "bearer", {"type": "http", "scheme": "bearer", "description": BEARER_DOC}
    )
    for blp in BLUEPRINTS:
        api.register_blueprint(blp)
    ratelimit.check_settings(cfg)
    app.extensions["castillo_limiter"] = limiting.install(app, cfg)
    _error_handlers(app)
    app.extensions["castillo_api"] = api
    return app


def problem_response(status: int, body: dict[str, Any], headers: dict[str, str] | None = None) -> Response:
    """Returns a problem+json response (401s name the Bearer scheme, RFC 6750; 429s carry Retry-After)."""
    headers = {**(headers or {}), **problem_headers(status)}
    if status == 429 and "retry_after" in body:
        headers["Retry-After"] = str(body["retry_after"])
    return Response(json.dumps(body), status=status, mimetype=PROBLEM_TYPE, headers=headers)


def _http_problem(exc: HTTPException) -> Response:
    code = {
        404: "not-found",
        405: "method-not-allowed",
        406: "not-acceptable",
        413: "payload-too-large",
        415: "unsupported-media-type",
        412: "version-conflict",
    }.get(exc.code or 500, "validation")
    status = exc.code or 400
    if status >= 500 or (code == "validation" and status != 400):
        status = STATUS[code] if code != "validation" else 400
    detail = exc.description or title(code)
    if detail == type(exc).description and current() != SOURCE:  # werkzeug's words are English only
        detail = title(code)
    body = {
        "type": PROBLEM_BASE + code,
        "title": title(code),
        "status": status,
        "detail": detail,
        "code": code,
    }
    messages = (getattr(exc, "data", None) or {}).get("messages")
    if messages:
        body["detail"], body["errors"] = _(SCHEMA_DETAIL), flat_messages(messages)
    headers = {"Allow": ", ".join(exc.valid_methods)} if getattr(exc, "valid_methods", None) else None
    return problem_response(status, body, headers)


def _error_handlers(app: Flask) -> None:
    """Registers the one error shape for every exception."""

    @app.errorhandler(ServiceError)
    @app.errorhandler(RuleViolation)
    @app.errorhandler(UnknownGame)
    def _refusal(exc: Exception) -> Response:
        return problem_response(*problem(exc))

    @app.errorhandler(HTTPException)
    def _http(exc: HTTPException) -> Response:
        return _http_problem(exc)

    @app.errorhandler(redis.RedisError)
    @app.errorhandler(RedisClusterException)
    def _redis(exc: Exception) -> Response:
        log.error("redis error: %s", exc)
        return problem_response(*problem(ServiceError("unavailable", N_("the game store is unavailable"))))

    @app.errorhandler(Exception)
    def _unexpected(exc: Exception) -> Response:
        log.exception("unexpected error")
        body = {
            "type": PROBLEM_BASE + "unavailable",
            "title": _(INTERNAL_TITLE),
            "status": 500,
            "detail": _(INTERNAL_DETAIL),
            "code": "unavailable",
        }
        return problem_response(500, body)
