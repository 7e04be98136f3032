"""The contract: openapi.yaml equals what the app generates, covers every route, and the app keeps it.

schemathesis generates requests from the committed openapi.yaml against the WSGI app (real
Redis): no 5xx, and every response matches its documented status, content type, headers and
schema. Half of the generated game ids are replaced by a real running game and a seat token,
so the game routes are exercised past their 404s.
"""

from __future__ import annotations

import json
import random
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
from schemathesis import checks

from service.openapi import spec_yaml
from tests.service.conftest import bearer, create

ROOT = Path(__file__).resolve().parents[2]
SPEC = yaml.safe_load((ROOT / "openapi.yaml").read_text())
UNDOCUMENTED = {"static", "api-docs.openapi_json"}
# By name: schemathesis.checks serves its built-in checks as attributes only once they are
# loaded, which older 4.x releases do when a schema test is collected, not at import.
CHECKS = (
    "not_a_server_error",
    "status_code_conformance",
    "content_type_conformance",
    "response_headers_conformance",
    "response_schema_conformance",
)


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
schema = schema.exclude(path_regex=r"/stream$")  # an endless response; tested in test_runtime and test_cli
REAL: dict[str, Any] = {}
CALLS: list[int] = []
RNG = random.Random(20261121)  # hypothesis reseeds the global random module for every example


@pytest.fixture(scope="module")
def real_game(app: Flask) -> dict[str, Any]:
    """Creates the real game schemathesis requests are pointed at half of the time."""
    if not REAL:
        REAL.update(create(app.test_client()), client=app.test_client())
    return REAL


def _aim(case: Any) -> None:
    """Points half of the generated game requests at the real game (as seat 0), and 30% of the
    move submissions at a legal move of its due seat, so routes are exercised past their 404s."""
    if case.path_parameters and "game_id" in case.path_parameters and RNG.random() < 0.5:
        case.path_parameters["game_id"] = REAL["id"]
        case.headers = {**(case.headers or {}), **bearer(REAL["seats"][0]["token"])}
    if case.headers and "Idempotency-Key" in case.headers and RNG.random() < 0.5:
        case.headers["Idempotency-Key"] = uuid.uuid4().hex
    if case.method == "POST" and case.operation.path == "/games/{game_id}/moves" and RNG.random() < 0.3:
        _legal_move(case)


def _legal_move(case: Any) -> None:
    """Turns a generated move request into a legal move of the real game's due seat."""
    client = REAL["client"]
    prompts = client.get(f"/games/{REAL['id']}").get_json()["prompts"]
    if not prompts:
        return
    token = bearer(REAL["seats"][prompts[0]["seat"]]["token"])
    legal = client.get(f"/games/{REAL['id']}/legal-moves", headers=token).get_json()["moves"]
    case.path_parameters["game_id"] = REAL["id"]
    case.body = {"move": legal[0]}
    case.headers = {**(case.headers or {}), **token, "Idempotency-Key": uuid.uuid4().hex}


@schema.parametrize()
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_schemathesis_against_the_app(case: Any, app: Flask, real_game: dict[str, Any]) -> None:
    _aim(case)
    response = case.call_and_validate(app=app, checks=[getattr(checks, name) for name in CHECKS])
    CALLS.append(response.status_code)


def test_schemathesis_made_enough_requests() -> None:
    if len(CALLS) == 0:
        pytest.skip("run together with test_schemathesis_against_the_app")
    assert len(CALLS) >= 500, len(CALLS)
