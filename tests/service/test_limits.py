"""Rate limits: games created per client and invitations per recipient address, on Redis."""

from __future__ import annotations

import uuid
from dataclasses import replace

import pytest

from service.app import create_app
from service.config import Config
from tests.service.conftest import ADMIN, bearer, key

SHIPPED = Config()  # the defaults an operator gets without setting anything


def _app(config: Config, **settings: str):
    limits = {"CREATE_LIMIT": SHIPPED.CREATE_LIMIT, "INVITE_LIMIT": SHIPPED.INVITE_LIMIT}
    return create_app(replace(config, TRUSTED_PROXIES="127.0.0.1", **{**limits, **settings})).test_client()


def _client_address() -> str:
    """Returns a client address of this test alone (named by the trusted proxy 127.0.0.1)."""
    n = uuid.uuid4().int
    return f"10.{n % 250}.{n // 250 % 250}.{n // 62500 % 250 + 1}"


def _post(http, seats, client: str, **headers: str):
    body = {"game": "kabale", "seats": seats}
    return http.post("/games", json=body, headers={**key(), "X-Forwarded-For": client, **headers})


def _unique(n: int) -> list[str]:
    run = uuid.uuid4().hex[:10]
    return [f"inv{i}-{run}@example.org" for i in range(n)]


def _assert_limited(answer, max_wait: int) -> None:
    assert answer.status_code == 429 and answer.mimetype == "application/problem+json"
    problem = answer.get_json()
    assert problem["code"] == "rate-limited" and problem["status"] == 429
    wait = int(answer.headers["Retry-After"])
    assert 0 < wait <= max_wait and problem["retry_after"] == wait


def test_the_shipped_create_limit_refuses_the_21st_request_of_a_client_within_an_hour(config):
    assert SHIPPED.CREATE_LIMIT == "20/hour"
    http, client = _app(config), _client_address()
    for _ in range(20):  # refused bodies count too: each request is work for the server
        assert _post(http, [], client).status_code == 400
    _assert_limited(_post(http, [{"name": "Ann"}, {"name": "Bob"}], client), 3600)
    assert _post(http, [{"name": "Ann"}, {"name": "Bob"}], _client_address()).status_code == 201
    operator = _post(http, [{"name": "Ann"}, {"name": "Bob"}], client, **bearer(ADMIN))
    assert operator.status_code == 201  # the operator is never limited


def test_x_forwarded_for_names_the_client_only_from_a_trusted_proxy(config):
    http = create_app(replace(config, CREATE_LIMIT="3/hour")).test_client()  # no TRUSTED_PROXIES
    peer = f"192.0.2.{uuid.uuid4().int % 250}"
    for i in range(3):
        spoof = {"X-Forwarded-For": f"198.51.100.{i}"}
        answer = http.post("/games", json={}, headers=spoof, environ_base={"REMOTE_ADDR": peer})
        assert answer.status_code == 400
    refused = http.post(
        "/games", json={}, headers={"X-Forwarded-For": "203.0.113.9"}, environ_base={"REMOTE_ADDR": peer}
    )
    _assert_limited(refused, 3600)


def test_the_shipped_invite_limit_is_per_address_across_games_and_clients(config):
    assert SHIPPED.INVITE_LIMIT == "5/day"
    http = _app(config)
    victim, other = _unique(2)
    for _ in range(5):
        seats = [{"name": "Ann", "email": victim}, {"name": "Bob"}]
        assert _post(http, seats, _client_address()).status_code == 201
    tagged = victim.replace("@", "+again@").upper().replace("EXAMPLE.ORG", "Example.org")
    refused = _post(
        http, [{"name": "Ann", "email": other}, {"name": "Eve", "email": tagged}], _client_address()
    )
    _assert_limited(refused, 86400)
    assert refused.get_json()["detail"].startswith("seat 1's address")
    fine = _post(http, [{"name": "Ann", "email": other}, {"name": "Bob"}], _client_address())
    assert fine.status_code == 201  # the refused request counted no invitation to `other`


def test_a_reissued_link_is_an_invitation_and_counts(config):
    http = _app(config, INVITE_LIMIT="2/day")
    (address,) = _unique(1)
    created = _post(http, [{"name": "Ann", "email": address}, {"name": "Bob"}], _client_address()).get_json()
    admin = bearer(created["admin_token"])
    assert http.post(f"/games/{created['id']}/seats/0/token", headers=admin).status_code == 201
    _assert_limited(http.post(f"/games/{created['id']}/seats/0/token", headers=admin), 86400)
    assert http.post(f"/games/{created['id']}/seats/1/token", headers=admin).status_code == 201  # no email


def test_a_small_configured_limit_is_in_force(config):
    http, client = _app(config, CREATE_LIMIT="2/minute"), _client_address()
    for _ in range(2):
        assert _post(http, [{"name": "Ann"}, {"name": "Bob"}], client).status_code == 201
    _assert_limited(_post(http, [{"name": "Ann"}, {"name": "Bob"}], client), 60)


@pytest.mark.parametrize("setting", ["CREATE_LIMIT", "INVITE_LIMIT"])
def test_a_limit_that_does_not_parse_stops_the_app_at_start(config, setting):
    with pytest.raises(ValueError, match=setting):
        create_app(replace(config, **{setting: "lots"}))
