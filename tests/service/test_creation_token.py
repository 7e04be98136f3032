"""CREATE_TOKEN: an operator can close game creation to holders of a token."""

from __future__ import annotations

from dataclasses import replace

from service.app import create_app
from tests.service.conftest import ADMIN, bearer, key

SEATS = [{"name": "Ann"}, {"name": "Bob"}]


def _post(http, **headers: str):
    return http.post("/games", json={"game": "kabale", "seats": SEATS}, headers={**key(), **headers})


def test_with_a_creation_token_only_its_holders_and_the_operator_create_games(config):
    http = create_app(replace(config, CREATE_TOKEN="let-me-in")).test_client()
    anonymous = _post(http)
    assert anonymous.status_code == 401 and anonymous.mimetype == "application/problem+json"
    assert (
        anonymous.get_json()["code"] == "unauthorized" and "Bearer" in anonymous.headers["WWW-Authenticate"]
    )
    wrong = _post(http, **bearer("let-me-out"))
    assert wrong.status_code == 403 and wrong.get_json()["code"] == "forbidden"
    assert _post(http, **bearer("let-me-in")).status_code == 201
    assert _post(http, **bearer(ADMIN)).status_code == 201


def test_without_a_creation_token_anyone_creates_games(client):
    assert _post(client).status_code == 201
