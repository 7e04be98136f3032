"""No input gives a 500: hostile bodies, tokens, numbers and sizes get a specific 400-class problem.

Each case here came from fuzzing (the Operations issue): before the fix it was a 500 or was
silently read as something else.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from service.api import inputs
from service.api.inputs import MAX_DEPTH, MAX_HEADER_FIELD, MAX_HEADER_FIELDS, MAX_URL, read_json
from service.app import BLUEPRINTS
from service.auth import same
from service.errors import ServiceError
from tests.service.conftest import bearer, create, key

JSON = {"Content-Type": "application/json"}


def _due(client: FlaskClient, game: dict[str, Any]) -> dict[str, str]:
    """Returns the Authorization header of the seat that owes a move."""
    seat = client.get(f"/games/{game['id']}").get_json()["prompts"][0]["seat"]
    return bearer(game["seats"][seat]["token"])


def _problem(response: Any, status: int, code: str, *words: str) -> dict[str, Any]:
    """Asserts that `response` is the problem+json `code` whose detail names `words`; returns it."""
    body = response.get_json()
    assert response.status_code == status and response.content_type == "application/problem+json", body
    assert body["code"] == code and all(w in body["detail"] for w in words), body
    return body


def _deep(levels: int, inner: str = "1") -> str:
    """Returns JSON text of arrays nested `levels` deep around `inner`."""
    return "[" * levels + inner + "]" * levels


@pytest.mark.parametrize("inner", ["1", "NaN"])  # NaN: orjson refuses it, Python's json reads it
def test_json_nested_1000_deep_is_refused_on_every_body_route(client: FlaskClient, inner: str) -> None:
    game = create(client)
    gid, seat = game["id"], _due(client, game)
    admin = bearer(game["admin_token"])
    deep = _deep(1000, inner)
    routes = [
        ("/games", "{" + f'"game": "kabale", "options": {deep}, "seats": [{{"name": "a"}}]' + "}", key()),
        (f"/games/{gid}/moves", '{"move": {"type": ' + deep + "}}", {**seat, **key()}),
        (f"/games/{gid}/moves", deep, {**seat, **key()}),
        (f"/games/{gid}/moves/validate", '{"moves": ' + deep + "}", seat),
        (f"/games/{gid}/legal-moves", '{"partial": {"a": ' + deep + "}}", seat),
        (f"/games/{gid}/sessions", '{"link": ' + deep + "}", {}),
        (f"/games/{gid}/seats/0/presence", deep, seat),
        (f"/games/{gid}/abort", '{"reason": ' + deep + "}", admin),
    ]
    for path, text, headers in routes:
        answer = client.post(path, data=text, headers={**JSON, **headers})
        _problem(answer, 400, "validation", f"nests deeper than {MAX_DEPTH} levels")
    assert client.get(f"/games/{gid}").get_json()["version"] == game["version"]  # nothing appended


def test_every_blueprint_reads_its_bodies_with_the_bounded_parser() -> None:
    assert all(isinstance(blp, inputs.Blueprint) for blp in BLUEPRINTS)
    assert inputs.Blueprint.ARGUMENTS_PARSER is inputs.PARSER


def test_the_body_parser_bounds_depth_and_reads_what_orjson_refuses(client: FlaskClient) -> None:
    assert read_json(_deep(MAX_DEPTH)) and read_json(_deep(MAX_DEPTH, "NaN"))  # orjson, Python's json
    for text in (_deep(MAX_DEPTH + 1), _deep(MAX_DEPTH + 1, "NaN"), _deep(1025), '{"a": ' * 5000):
        with pytest.raises(ServiceError, match="nests deeper|not valid JSON"):
            read_json(text)
    assert read_json(b"[1" + b"0" * 400 + b"]") == [10**400]  # beyond a double: Python's json
    with pytest.raises(ServiceError, match="too many digits"):
        read_json(b"[1" + b"0" * 5000 + b"]")  # int() refuses more than 4,300 digits
    with pytest.raises(ServiceError, match="not UTF-8"):
        read_json(b'{"a": "\xff"}')
    huge = '{"game": "kabale", "seats": [{"name": "a"}], "options": {"x": 1' + "0" * 5000 + "}}"
    _problem(
        client.post("/games", data=huge, headers={**JSON, **key()}), 400, "validation", "too many digits"
    )


def test_a_lone_surrogate_in_a_move_or_a_name_is_refused(client: FlaskClient) -> None:
    game = create(client)
    gid, seat = game["id"], _due(client, game)
    bodies = ['{"text": "play \\ud800"}', '{"move": {"type": "\\udfff"}}', '{"moves": [{"\\ud800": 1}]}']
    for text in bodies:
        answer = client.post(f"/games/{gid}/moves", data=text, headers={**JSON, **seat, **key()})
        _problem(answer, 400, "validation", "lone surrogate")
        answer = client.post(f"/games/{gid}/moves/validate", data=text, headers={**JSON, **seat})
        _problem(answer, 400, "validation", "lone surrogate")
    named = '{"game": "kabale", "seats": [{"name": "Ann \\ud800"}, {"name": "Bob"}]}'
    _problem(client.post("/games", data=named, headers={**JSON, **key()}), 400, "validation", "'Ann \\ud800'")
    paired = '{"game": "kabale", "seats": [{"name": "Ann \\ud83d\\ude00"}, {"name": "Bob"}]}'
    created = client.post("/games", data=paired, headers={**JSON, **key()})  # a pair is one character
    assert created.status_code == 201 and created.get_json()["seats"][0]["name"] == "Ann \U0001f600"


def test_a_non_ascii_bearer_token_is_unauthorized(client: FlaskClient) -> None:
    game = create(client)
    gid = game["id"]
    for token in ("é", "tok\u00e9n", "Ã©"):  # Ã© is UTF-8 é as a server reads header bytes (latin-1)
        headers = {"Authorization": f"Bearer {token}"}
        for answer in (
            client.get(f"/games/{gid}", headers=headers),
            client.get(f"/games/{gid}/view", headers=headers),
            client.post(
                "/games", json={"game": "kabale", "seats": [{"name": "a"}]}, headers={**headers, **key()}
            ),
        ):
            _problem(answer, 401, "unauthorized", "ASCII")
    assert same("é", "é") and not same("é", "e") and not same("tok", "tok\u00e9")


def test_numbers_are_read_in_ascii_digits_only(client: FlaskClient) -> None:
    game = create(client)
    gid, seat = game["id"], _due(client, game)
    for query in ("events?after=٣", "events?limit=٣", "events?after=%203", "events?after=1_0", "state?at=٣"):
        _problem(client.get(f"/games/{gid}/{query}"), 400, "validation")
    _problem(client.get(f"/games/{gid}/stream?after=٣"), 400, "validation")
    _problem(
        client.get(f"/games/{gid}/stream", headers={"Last-Event-ID": "٣"}), 400, "validation", "Last-Event-ID"
    )
    answer = client.post(
        f"/games/{gid}/moves", json={"move": {}}, headers={**seat, **key(), "If-Match": '"٣"'}
    )
    _problem(answer, 400, "validation", "If-Match")
    answer = client.post(
        f"/games/{gid}/moves", json={"move": {}, "expected_version": "3"}, headers={**seat, **key()}
    )
    _problem(answer, 400, "validation")
    answer = client.post(
        f"/games/{gid}/seats/0/presence", json={"state": "vacation", "days": "3"}, headers=seat
    )
    _problem(answer, 400, "validation")
    assert (
        client.post(f"/games/{gid}/seats/٣/presence", json={"state": "back"}, headers=seat).status_code == 404
    )
    assert client.get(f"/games/{gid}/events?after=3").get_json()["after"] == 3


def test_a_version_the_game_has_not_reached_is_not_found(client: FlaskClient) -> None:
    game = create(client)
    answer = client.get(f"/games/{game['id']}/state?at={game['version'] + 1}")
    assert (
        _problem(answer, 404, "not-found", f"no version {game['version'] + 1}")["version"] == game["version"]
    )


def test_if_match_and_expected_version_that_disagree_are_refused_as_the_stale_one(
    client: FlaskClient,
) -> None:
    game = create(client)
    gid, seat, version = game["id"], _due(client, game), game["version"]
    move = client.get(f"/games/{gid}/legal-moves", headers=seat).get_json()["moves"][0]
    stale_header = {**seat, **key(), "If-Match": f'"{version - 1}"'}
    body = {"move": move, "expected_version": version}
    _problem(client.post(f"/games/{gid}/moves", json=body, headers=stale_header), 412, "version-conflict")
    current_header = {**seat, **key(), "If-Match": f'"{version}"'}
    body = {"move": move, "expected_version": version - 1}
    _problem(client.post(f"/games/{gid}/moves", json=body, headers=current_header), 409, "version-conflict")
    assert client.get(f"/games/{gid}").get_json()["version"] == version


def test_presence_days_are_required_with_a_vacation_only(client: FlaskClient) -> None:
    game = create(client)
    gid, token = game["id"], bearer(game["seats"][0]["token"])
    answer = client.post(f"/games/{gid}/seats/0/presence", json={"state": "vacation"}, headers=token)
    assert _problem(answer, 400, "validation")["errors"] == {
        "days": ["vacation needs days between 1 and 365"]
    }
    answer = client.post(f"/games/{gid}/seats/0/presence", json={"state": "back", "days": 3}, headers=token)
    assert answer.status_code == 200


def test_oversize_urls_and_headers_get_problems(client: FlaskClient) -> None:
    _problem(client.get("/catalog?x=" + "a" * MAX_URL), 414, "uri-too-long", f"at most {MAX_URL}")
    assert client.get("/catalog?x=" + "a" * (MAX_URL - 20)).status_code == 200
    many = {f"X-Field-{i}": "1" for i in range(MAX_HEADER_FIELDS + 1)}
    _problem(client.get("/catalog", headers=many), 431, "headers-too-large", f"at most {MAX_HEADER_FIELDS}")
    long = {"X-Long": "a" * MAX_HEADER_FIELD}
    _problem(client.get("/catalog", headers=long), 431, "headers-too-large", "X-Long")
    assert client.get("/catalog", headers={"X-Long": "a" * (MAX_HEADER_FIELD - 20)}).status_code == 200
