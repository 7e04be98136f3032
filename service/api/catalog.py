"""Serves what needs no game: the catalog of registered games, liveness, and a trivial ping."""

from __future__ import annotations

from typing import Any

import engine
from engine.i18n import _
from service import heartbeats
from service.api import schemas
from service.api.common import service
from service.api.inputs import Blueprint
from service.redis_clients import STORE_ERRORS

blp = Blueprint("catalog", __name__, description="Registered games and service health")


def _entry(name: str) -> dict[str, Any]:
    game = engine.get_game(name)
    info = game.INFO
    return {
        "name": info["name"],
        "title": info["title"],
        "seats": list(info["seats"]),
        "options": options_of(info["options"]),
        "moves": dict(game.MOVES),
        "events": dict(game.EVENTS),
        "prompts": dict(game.PROMPTS),
        "engine_version": game.ENGINE_VERSION,
    }


def options_of(options: dict[str, Any]) -> dict[str, Any]:
    """Returns a game's options as the catalog shows them: each with the options it `excludes`
    (an engine may leave the list out: none) and every other one it `combines_with`, its `doc`
    in the current language."""
    out = {}
    for name, spec in options.items():
        excludes = [other for other in spec.get("excludes", []) if other in options]
        excludes += [o for o, s in options.items() if name in s.get("excludes", []) and o not in excludes]
        combines = [other for other in options if other != name and other not in excludes]
        rules = spec.get("rules")
        rules = ", ".join(rules) if isinstance(rules, (list, tuple)) else rules
        out[name] = {
            **spec,
            **({"doc": _(doc)} if isinstance(doc := spec.get("doc"), str) else {}),  # the request's language
            **({"rules": rules} if rules else {}),
            "excludes": excludes,
            "combines_with": combines,
        }
    return out


def playable() -> list[str]:
    """Returns the registered games whose engine module is complete enough to serve."""
    names = []
    for name in engine.GAMES:
        try:
            game = engine.get_game(name)
        except ImportError:
            continue
        if all(hasattr(game, attr) for attr in ("INFO", "setup", "decide", "ENGINE_VERSION")):
            names.append(name)
    return names


@blp.route("/catalog", methods=["GET"])
@blp.response(200, schemas.Catalog)
def get_catalog() -> dict[str, Any]:
    """Lists the registered games: seat ranges, options with defaults, move/event/prompt types."""
    return {"games": [_entry(name) for name in playable()]}


@blp.route("/health", methods=["GET"])
@blp.response(200, schemas.Health)
@blp.alt_response(503, schema=schemas.Health, description="Redis is unreachable")
def get_health() -> Any:
    """Reports liveness, whether the game store (Redis) answers, and the workers' and relays' heartbeats.

    200 while Redis answers, so a load balancer keeps a working API in service when no worker
    runs; then `status` is `degraded`, and `problems` says what is missing: a monitor of the
    background work reads `status` (or `problems`). 503 when Redis does not answer.
    """
    svc = service()
    try:
        return heartbeats.report(svc.redis, svc.config.HEARTBEAT_S)
    except STORE_ERRORS:
        return heartbeats.unreachable(svc.config.HEARTBEAT_S), 503


@blp.route("/.well-known/jwks.json", methods=["GET"])
@blp.response(200, schemas.KeySet)
def get_keys() -> dict[str, Any]:
    """Returns the public keys that sign receipts (RFC 7517 JWK set of Ed25519 keys, by `kid`).

    The signing key comes first; retired keys stay listed so older receipts keep verifying.
    """
    return service().keys.jwks()


@blp.route("/ping", methods=["GET"])
@blp.response(200, schemas.Pong)
def get_ping() -> dict[str, bool]:
    """Answers without touching Redis (a baseline for benchmarks and load balancers)."""
    return {"pong": True}
