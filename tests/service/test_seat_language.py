"""A seat's language: chosen at creation (else Accept-Language), shown, changed by the seat alone."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from service import seatlang
from tests.service.conftest import bearer, key


def created(client: FlaskClient, seats: list[dict[str, Any]], **headers: str) -> Any:
    return client.post("/games", json={"game": "kabale", "seats": seats}, headers={**key(), **headers})


def test_each_seat_keeps_the_language_it_was_given_else_the_request_s(client: FlaskClient) -> None:
    seats = [{"name": "Anna", "language": "hu"}, {"name": "Piotr", "language": "pl"}, {"name": "X"}]
    answer = created(client, seats, **{"Accept-Language": "fi-FI, en;q=0.5"})
    assert answer.status_code == 201, answer.json
    assert [s["language"] for s in answer.json["seats"]] == ["hu", "pl", "fi"]
    summary = client.get(f"/games/{answer.json['id']}").json
    assert [s["language"] for s in summary["seats"]] == ["hu", "pl", "fi"]
    plain = created(client, [{"name": "A"}, {"name": "B"}])
    assert [s["language"] for s in plain.json["seats"]] == ["en", "en"]  # no Accept-Language: English


def test_an_unknown_language_is_refused_with_a_problem(client: FlaskClient) -> None:
    for bad in ("xx", "tlh", "hu_HU", "pt-BR"):
        answer = created(client, [{"name": "A", "language": bad}, {"name": "B"}])
        assert answer.status_code == 422 and answer.mimetype == "application/problem+json", (bad, answer.json)
        assert answer.json["code"] == "unknown-language" and "seat 0" in answer.json["detail"]
        assert "hu" in answer.json["languages"]
    for malformed in (7, "", "HU", "klingon", "hu/../en"):  # not a language tag: the schema refuses it
        wrong = created(client, [{"name": "A", "language": malformed}, {"name": "B"}])
        assert wrong.status_code == 400 and wrong.json["code"] == "validation"


def test_the_seat_changes_its_language_with_its_token(client: FlaskClient) -> None:
    game = created(client, [{"name": "A", "language": "hu"}, {"name": "B"}]).json
    gid, own, other = game["id"], game["seats"][0]["token"], game["seats"][1]["token"]
    url = f"/games/{gid}/seats/0/language"
    before = client.get(f"/games/{gid}").json["version"]
    done = client.put(url, json={"language": "de"}, headers=bearer(own))
    assert done.status_code == 200 and done.json == {"seat": 0, "language": "de"}
    after = client.get(f"/games/{gid}").json
    assert after["seats"][0]["language"] == "de" and after["version"] == before + 1
    again = client.put(url, json={"language": "de"}, headers=bearer(own))
    assert again.status_code == 200 and client.get(f"/games/{gid}").json["version"] == before + 1
    assert client.put(url, json={"language": "de"}).status_code == 401
    assert client.put(url, json={"language": "de"}, headers=bearer(other)).status_code == 403
    assert client.put(url, json={"language": "de"}, headers=bearer(game["admin_token"])).status_code == 403
    unknown = client.put(url, json={"language": "tlh"}, headers=bearer(own))
    assert unknown.status_code == 422 and unknown.json["code"] == "unknown-language"
    assert client.put(url, json={}, headers=bearer(own)).status_code == 400


def test_the_language_page_needs_only_its_signed_link(client: FlaskClient, config: Any) -> None:
    game = created(client, [{"name": "A", "language": "pl"}, {"name": "B"}]).json
    token = seatlang.make_token(config.SECRET_KEY, game["id"], 0)
    page = client.get(f"/language/{token}")
    assert page.status_code == 200 and page.mimetype == "text/html"
    assert "Język e-maili od Castillo" in page.text and "value='pl' checked" in page.text
    assert all(f"value='{code}'" in page.text for code in ("en", "hu", "pl", "fi", "de"))
    chosen = client.post(f"/language/{token}", data={"language": "fi"})
    assert chosen.status_code == 200 and "Tallennettu" in chosen.text and "value='fi' checked" in chosen.text
    assert client.get(f"/games/{game['id']}").json["seats"][0]["language"] == "fi"
    as_json = client.post(f"/language/{token}", json={"language": "en"})
    assert as_json.status_code == 200 and "Saved: your next emails are in English." in as_json.text
    assert client.post(f"/language/{token}", data={"language": "xx"}).status_code == 422
    assert client.post(f"/language/{token}", data={}).status_code == 422
    forged = seatlang.make_token("another-secret", game["id"], 0)
    assert client.get(f"/language/{forged}").status_code == 404
    nowhere = seatlang.make_token(config.SECRET_KEY, game["id"], 9)
    assert client.get(f"/language/{nowhere}").status_code == 404
