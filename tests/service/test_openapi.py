"""The contract: openapi.yaml equals what the app generates, covers every route, and the app keeps it.

schemathesis generates requests from the committed openapi.yaml against the WSGI app (real
Redis) and runs every check it has (`--checks all`): no 5xx, every response matches its
documented status, content type, headers and schema, schema-violating requests are refused and
schema-valid ones accepted. Half of the generated game requests go to a live game as one of its
seats (the due seat's move routes with real legal moves a third of the time), so the game
routes are exercised past their 404s; the other half stay anonymous.
"""

from __future__ import annotations

import json
import random
import re
import uuid
from pathlib import Path
from typing import Any

import pytest
import schemathesis
import yaml
from flask import Flask
from hypothesis import HealthCheck, settings
from openapi_core import Config as CoreConfig
from openapi_core import OpenAPI
from openapi_core.contrib.werkzeug import WerkzeugOpenAPIRequest, WerkzeugOpenAPIResponse
from packaging.version import Version
from schemathesis import checks

from engine.i18n import languages
from service.api.schemas import LANGUAGE_TAG, ZONE_NAME
from service.openapi import spec_yaml
from tests.service.conftest import bearer, create

ROOT = Path(__file__).resolve().parents[2]
SPEC = yaml.safe_load((ROOT / "openapi.yaml").read_text())
UNDOCUMENTED = {"static", "api-docs.openapi_json"}
checks.load_all_checks()
ALL_CHECKS = [c for c in checks.CHECKS.get_all() if not isinstance(c, type)]  # what `--checks all` runs
STATE_CODES = {
    "malformed-move",  # the game's move grammar
    "illegal-move",  # its rules, in the game's state
    "illegal-options",  # each game's options
    "unsupported-option",
    "vacation-exhausted",  # the days a seat has left
    "version-conflict",  # 412: If-Match names a version the game has left (RFC 9110)
    "idempotency-mismatch",  # the body an Idempotency-Key was first used with
}
"""Refusals by a game's rules or state, which no schema can foretell (see _checks_for)."""


def test_committed_spec_equals_the_generated_one() -> None:
    assert (ROOT / "openapi.yaml").read_text() == spec_yaml(), "run: python -m service.openapi"


def test_every_route_is_documented(app: Flask) -> None:
    for rule in app.url_map.iter_rules():
        if rule.endpoint in UNDOCUMENTED or rule.endpoint.startswith("api-docs"):
            continue
        path = rule.rule.replace("<int:", "{").replace("<path:", "{").replace("<", "{").replace(">", "}")
        assert path in SPEC["paths"], path
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            assert method.lower() in SPEC["paths"][path], (method, path)


def test_documented_problem_codes_and_security() -> None:
    problem = SPEC["components"]["schemas"]["Problem"]["properties"]["code"]
    for code in (
        "validation",
        "malformed-move",
        "illegal-move",
        "not-your-turn",
        "game-over",
        "version-conflict",
        "idempotency-mismatch",
        "unauthorized",
        "forbidden",
        "unknown-game",
        "illegal-options",
        "unsupported-option",
    ):
        assert code in problem["enum"]
    assert SPEC["components"]["securitySchemes"]["bearer"]["scheme"] == "bearer"


def test_the_spec_says_what_the_service_checks() -> None:
    schemas, paths = SPEC["components"]["schemas"], SPEC["paths"]
    assert schemas["MovesIn"]["oneOf"] == [{"required": [k]} for k in ("move", "moves", "text")]
    vacation = schemas["PresenceIn"]["oneOf"][1]
    assert vacation["required"] == ["days"] and vacation["properties"]["days"]["minimum"] == 1
    stream = paths["/games/{game_id}/stream"]
    last_event_id = next(p for p in stream["parameters"] if p["name"] == "Last-Event-ID")
    assert last_event_id["schema"]["pattern"] == "^[0-9]{1,12}$"
    assert [p["name"] for p in stream["get"]["parameters"]] == ["after"]
    state = paths["/games/{game_id}/state"]["get"]
    assert "404" in state["responses"] and "not-found" in state["parameters"][0]["description"]
    codes = schemas["Problem"]["properties"]["code"]["enum"]
    assert {"uri-too-long", "headers-too-large"} <= set(codes)
    assert "4096 bytes (414)" in SPEC["info"]["description"]


def test_real_responses_validate_with_openapi_core(app: Flask) -> None:
    client = app.test_client()
    game = create(client)
    token = bearer(game["seats"][0]["token"])
    core = CoreConfig(extra_media_type_deserializers={"application/problem+json": json.loads})
    openapi = OpenAPI.from_dict(SPEC, config=core)
    paths = [
        "/catalog",
        "/health",
        f"/games/{game['id']}",
        f"/games/{game['id']}/view",
        f"/games/{game['id']}/events?after=2&limit=3",
        f"/games/{game['id']}/legal-moves",
        f"/games/{game['id']}/state?at=5",
        f"/games/{game['id']}/verify",
        "/games/unknown",
    ]
    for path in paths:
        response = client.get(path, headers=token)
        request = WerkzeugOpenAPIRequest(response.request)
        openapi.validate_response(request, WerkzeugOpenAPIResponse(response))


schema = schemathesis.openapi.from_dict(SPEC)
schema = schema.exclude(path_regex=r"/stream$")  # an endless response; tested in test_streams
if Version(schemathesis.__version__) < Version("4.32"):
    # Older 4.x releases (the lowest allowed, 4.3.15) spend minutes generating this spec's
    # coverage cases while collecting; their run keeps the examples and fuzzing phases.
    schema.config.phases.update(phases=["examples", "fuzzing"])
LIVE: dict[str, Any] = {}
CALLS: list[tuple[str, str, int]] = []
RNG = random.Random(20261121)  # hypothesis reseeds the global random module for every example
ZONE = re.compile(ZONE_NAME)
MOVE_ROUTES = ("/games/{game_id}/moves", "/games/{game_id}/moves/validate", "/games/{game_id}/legal-moves")


@pytest.fixture(scope="module")
def live(app: Flask) -> dict[str, Any]:
    """Holds the live game schemathesis requests are pointed at half of the time."""
    if not LIVE:
        LIVE.update(client=app.test_client())
        _renew()
    return LIVE


def _renew() -> None:
    """Starts a fresh live game when there is none or the last one is over."""
    client = LIVE["client"]
    if "game" not in LIVE or client.get(f"/games/{LIVE['game']['id']}").get_json()["status"] != "running":
        LIVE["game"] = create(client, game=RNG.choice(["kabale", "elgrande"]), seats=RNG.choice([2, 3]))


def _aim(case: Any) -> None:
    """Points half of the generated game requests at the live game as one of its seats, a third
    of the move requests at a real legal move (or its first step) of the due seat, and a third
    of the creations at a game that exists."""
    _real_zone(case)
    _real_language(case)
    if case.method == "POST" and case.operation.path == "/games" and RNG.random() < 0.35:
        _creatable(case)
    params = case.path_parameters or {}
    if "game_id" not in params or RNG.random() < 0.5:
        return
    _renew()
    game = LIVE["game"]
    seat = RNG.randrange(len(game["seats"]))
    params["game_id"] = game["id"]
    if "seat" in params:
        params["seat"] = seat
    case.headers = {**(case.headers or {}), **bearer(game["seats"][seat]["token"])}
    if case.headers.get("Idempotency-Key") and RNG.random() < 0.5:
        case.headers["Idempotency-Key"] = uuid.uuid4().hex
    if case.method == "POST" and case.operation.path in MOVE_ROUTES and RNG.random() < 0.35:
        _legal(case, game)


def _real_zone(case: Any) -> None:
    """Makes a generated time zone name of the documented shape a zone the server has.

    Which names exist is the server's tz database, not the schema (test_timecontrol checks that
    an unknown one is refused); a name of another shape stays, and must be refused as invalid.
    """
    body = case.body if isinstance(case.body, dict) else {}
    for tc in (body, body.get("time_control")):
        if isinstance(tc, dict) and isinstance(tc.get("timezone"), str) and ZONE.fullmatch(tc["timezone"]):
            tc["timezone"] = RNG.choice(["UTC", "Europe/Madrid", "America/New_York", "Etc/GMT+5"])


def _real_language(case: Any) -> None:
    """Makes most generated language tags of the documented shape a language the server speaks.

    Which languages exist is the server's catalogs, not the schema (test_seat_language checks
    that an unknown one is refused with 422 `unknown-language`); a tag of another shape stays,
    and must be refused as invalid.
    """
    body = case.body if isinstance(case.body, dict) else {}
    seats = body.get("seats") if isinstance(body.get("seats"), list) else []
    for holder in (body, *seats):
        tag = holder.get("language") if isinstance(holder, dict) else None
        if isinstance(tag, str) and re.fullmatch(LANGUAGE_TAG, tag):
            holder["language"] = RNG.choice(languages())


def _creatable(case: Any) -> None:
    """Turns a generated creation into one of a game that exists, for 2 or 3 of its seats."""
    body = case.body
    if isinstance(body, dict) and isinstance(body.get("seats"), list) and body["seats"]:
        seats = (body["seats"] * 3)[: RNG.choice([2, 3])]  # the generated names and emails
        case.body = {**body, "game": RNG.choice(["kabale", "elgrande"]), "options": {}, "seats": seats}


def _legal(case: Any, game: dict[str, Any]) -> None:
    """Turns a move request into a real one of the due seat: a legal move (as a move, a batch of
    one or text, with the current version as If-Match or not), or the first step of one."""
    client = LIVE["client"]
    summary = client.get(f"/games/{game['id']}")
    prompts = summary.get_json()["prompts"]
    if not prompts:
        return
    token = bearer(game["seats"][prompts[0]["seat"]]["token"])
    legal = client.get(f"/games/{game['id']}/legal-moves", headers=token).get_json()
    pick = RNG.randrange(len(legal["moves"]))
    move, text = legal["moves"][pick], legal["notation"][pick]
    case.headers = {**case.headers, **token}
    if case.operation.path.endswith("/legal-moves"):
        case.body = {"partial": {"type": move["type"]}}
        return
    bodies = [{"move": move}, {"moves": [move]}] + ([{"text": text}] if text else [])
    case.body = RNG.choice(bodies)
    case.headers.pop("If-Match", None)
    if RNG.random() < 0.5:
        case.headers["If-Match"] = summary.headers["ETag"]


def _checks_for(response: Any) -> dict[str, Any]:
    """Returns the checks a response is held to: all of them, except that a refusal by a game's
    rules or state (STATE_CODES) is not held to positive_data_acceptance.

    That check expects every schema-valid request to succeed (or 409); a schema cannot say which
    moves the rules allow in this state, which options each game has, how many vacation days a
    seat has left, which version the game is at for If-Match, or which body an Idempotency-Key
    was first sent with. Those refusals are documented
    problems with a code that says so; every other check (status, content type, headers, schema,
    negative data ...) still runs on them.
    """
    problem = response.headers.get("content-type", [""])[0] == "application/problem+json"
    code = json.loads(response.content).get("code") if problem else None
    excluded = [checks.positive_data_acceptance] if code in STATE_CODES else []
    return {"checks": ALL_CHECKS, "excluded_checks": excluded}


@schema.parametrize()
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_schemathesis_against_the_app(case: Any, app: Flask, live: dict[str, Any]) -> None:
    _aim(case)
    response = case.call(app=app)
    case.validate_response(response, transport_kwargs={"app": app}, **_checks_for(response))
    CALLS.append((case.method, case.operation.path, response.status_code))


def test_schemathesis_made_enough_requests() -> None:
    if len(CALLS) == 0:
        pytest.skip("run together with test_schemathesis_against_the_app")
    assert len(CALLS) >= 500, len(CALLS)
    assert not [c for c in CALLS if c[2] >= 500]
    accepted = {path for method, path, status in CALLS if method == "POST" and status in (200, 201)}
    assert {"/games", *MOVE_ROUTES} <= accepted, accepted  # seat traffic got past the refusals
