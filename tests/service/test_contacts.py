"""Players' names and email addresses: hostile ones are refused wherever a game is created."""

from __future__ import annotations

import pytest

from service import contacts
from service.errors import ServiceError
from tests.service.conftest import key

HOSTILE_NAMES = {
    "Eve\r\nBcc: victim@example.org": "a control character (U+000D)",
    "Eve\nX": "a control character (U+000A)",
    "tab\tname": "a control character (U+0009)",
    "nul\x00": "a control character (U+0000)",
    "next\x85line": "a control character (U+0085)",
    "line\u2028sep": "a line separator (U+2028)",
    "para\u2029sep": "a paragraph separator (U+2029)",
    "\u202egnp.exe": "a bidirectional override (U+202E)",
    "iso\u2066late": "a bidirectional override (U+2066)",
    "lone \ud800": "a lone surrogate (U+D800)",
    "   ": "is empty or only white space",
    "x" * 41: "is longer than 40 characters",
}
FINE_NAMES = (
    "=?utf-8?b?ZXZpbEB4Lm9yZw==?=",
    'Bob, "Eve" <eve@example.org>',
    "Ann <evil@x>",
    "Zoë \u200fعلي",
    "x" * 40,
)
BAD_ADDRESSES = (
    "Bob <bob@example.org>",
    "bob@example.org\r\nBcc: eve@example.org",
    "bob@example.org, eve@example.org",
    '"bob eve"@example.org',
    "bob@example.org (comment)",
    "bob@[127.0.0.1]",
    "bøb@example.org",
    "bob",
    "@example.org",
    "bob@-example.org",
    "a" * 65 + "@example.org",
    "b@" + "c" * 250 + ".org",
)


@pytest.mark.parametrize(("name", "reason"), sorted(HOSTILE_NAMES.items()))
def test_hostile_names_are_refused_with_the_reason(name, reason):
    assert reason in (contacts.name_problem(name) or "")


@pytest.mark.parametrize("name", FINE_NAMES)
def test_names_with_quotes_commas_brackets_and_encoded_words_are_text(name):
    assert contacts.name_problem(name) is None


@pytest.mark.parametrize("address", BAD_ADDRESSES)
def test_an_email_is_one_plain_address(address):
    assert contacts.address_problem(address) is not None


def test_plain_addresses_pass_and_normalise_to_one_record_key():
    for address in ("ann@example.org", "Ann.Lee+castillo@Mail.Example.org", "o'neil@x.co"):
        assert contacts.address_problem(address) is None
    assert contacts.normalised("Ann.Lee+castillo@Mail.Example.ORG") == "ann.lee@mail.example.org"
    assert contacts.normalised("+x@example.org") == "+x@example.org"


@pytest.mark.parametrize(("name", "reason"), sorted(HOSTILE_NAMES.items())[:6])
def test_post_games_refuses_a_hostile_name_naming_the_seat(client, name, reason):
    seats = [{"name": "Ann", "email": "ann@example.org"}, {"name": name, "email": "eve@example.org"}]
    answer = client.post("/games", json={"game": "kabale", "seats": seats}, headers=key())
    assert answer.status_code == 400 and answer.mimetype == "application/problem+json"
    problem = answer.get_json()
    assert problem["code"] == "validation"
    if "\ud800" in name:  # refused by the body parser already, before any field is read
        assert "surrogate" in problem["detail"]
        return
    assert "seats" in problem["errors"] and list(problem["errors"]["seats"]) == ["1"]
    assert any(reason in m for m in problem["errors"]["seats"]["1"]["name"])


@pytest.mark.parametrize("address", BAD_ADDRESSES[:5])
def test_post_games_refuses_a_smuggling_email(client, address):
    seats = [{"name": "Ann"}, {"name": "Bob", "email": address}]
    answer = client.post("/games", json={"game": "kabale", "seats": seats}, headers=key())
    assert answer.status_code == 400 and answer.get_json()["code"] == "validation"
    assert "email" in answer.get_json()["errors"]["seats"]["1"]


def test_post_games_takes_names_that_only_look_like_headers(client):
    seats = [{"name": n, "email": f"p{i}@example.org"} for i, n in enumerate(FINE_NAMES[:4])]
    answer = client.post("/games", json={"game": "kabale", "seats": seats}, headers=key())
    assert answer.status_code == 201, answer.get_json()
    assert [s["name"] for s in answer.get_json()["seats"]] == list(FINE_NAMES[:4])


def test_the_service_itself_refuses_hostile_names_and_emails(app):
    """GameService.create is also called without the HTTP schema (workers, CLI, tests)."""
    svc = app.extensions["castillo"]
    for seat, field in (
        ({"name": "Eve\r\nBcc: x@example.org"}, "name"),
        ({"name": "E", "email": "E <e@x.org>"}, "email"),
    ):
        with pytest.raises(ServiceError) as refused:
            svc.create({"game": "kabale", "seats": [{"name": "Ann"}, seat]})
        assert refused.value.code == "validation" and refused.value.message.startswith(
            f"seat 1: the {field} "
        )
        assert field in refused.value.extra["errors"]["seats"]["1"]
