"""Credentials that are no token of any kind are refused or read as a spectator, never a 500."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.service.conftest import bearer, create, key


def test_a_non_ascii_bearer_is_no_admin_token(client: FlaskClient) -> None:
    # A header may carry any Latin-1 text; hmac.compare_digest refuses non-ASCII str.
    body = {"game": "kabale", "seats": [{"name": "Ann"}, {"name": "Bob"}]}
    made = client.post("/games", json=body, headers={**key(), **bearer("çé")})
    assert made.status_code == 401 and made.get_json()["code"] == "unauthorized", made.get_json()
    game = create(client)
    view = client.get(f"/games/{game['id']}/view", headers=bearer("çé"))
    assert view.status_code == 401, view.get_json()
