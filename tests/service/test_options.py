"""Game options over HTTP: the catalog describes each one, POST /games refuses bad sets (design.md, "Errors")."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

import engine
from engine.elgrande.ruleset import OPTIONS
from tests.service.conftest import create, key

TWO = [{"name": "Ann"}, {"name": "Bob"}]


def _options(client: FlaskClient, game: str) -> dict[str, Any]:
    games = {g["name"]: g for g in client.get("/catalog").get_json()["games"]}
    return dict(games[game]["options"])


def _create(client: FlaskClient, options: Any, game: str = "elgrande") -> Any:
    return client.post("/games", json={"game": game, "seats": TWO, "options": options}, headers=key())


def test_catalog_lists_every_option_with_doc_default_rules_and_combinations(client: FlaskClient) -> None:
    options = _options(client, "elgrande")
    assert list(options) == list(engine.get_game("elgrande").INFO["options"])
    for name, spec in options.items():
        assert spec["type"] == "bool" and isinstance(spec["default"], bool), name
        assert spec["doc"] and "\n" not in spec["doc"] and spec["rules"], name
        others = set(options) - {name}
        assert set(spec["excludes"]) | set(spec["combines_with"]) == others, name
        assert not set(spec["excludes"]) & set(spec["combines_with"]), name
    assert options["veto"]["default"] is True and options["veto"]["rules"].startswith("V")
    assert options["short_game"]["excludes"] == ["short_game_six_rounds"]
    assert options["short_game_six_rounds"]["excludes"] == ["short_game"]
    assert "short_game" in options["grande_counts_one"]["combines_with"]


def test_catalog_gives_kabale_options_empty_excludes(client: FlaskClient) -> None:
    options = _options(client, "kabale")
    assert options["first_seat"] == {**options["first_seat"], "excludes": [], "combines_with": ["colours"]}
    assert options["colours"]["enum"] and options["colours"]["default"] == []


def test_a_forbidden_pair_is_a_422_naming_both_options(client: FlaskClient) -> None:
    answer = _create(client, {"short_game": True, "short_game_six_rounds": True})
    body = answer.get_json()
    assert answer.status_code == 422 and answer.content_type == "application/problem+json"
    assert body["code"] == "illegal-options" and body["type"].endswith(":illegal-options")
    assert "'short_game'" in body["detail"] and "'short_game_six_rounds'" in body["detail"]
    assert body["rule"] == "§9"


def test_an_unknown_option_is_a_422_naming_it_and_the_known_ones(client: FlaskClient) -> None:
    answer = _create(client, {"frnace": True})
    body = answer.get_json()
    assert answer.status_code == 422 and body["code"] == "unsupported-option"
    assert "'frnace'" in body["detail"] and "short_game" in body["detail"]


def test_a_bad_value_is_a_422_naming_the_option(client: FlaskClient) -> None:
    body = _create(client, {"veto": "yes"}).get_json()
    assert body["code"] == "illegal-options" and "'veto'" in body["detail"] and "'yes'" in body["detail"]


def test_a_refused_creation_creates_nothing_and_a_good_one_keeps_its_options(client: FlaskClient) -> None:
    assert _create(client, {"short_game": True, "short_game_six_rounds": True}).status_code == 422
    game = create(client, game="elgrande", options={"short_game_six_rounds": True, "veto": False})
    summary = client.get(f"/games/{game['id']}").get_json()
    assert summary["options"] == {"short_game_six_rounds": True, "veto": False}
    view = client.get(f"/games/{game['id']}/view").get_json()["view"]
    assert view["rounds"] == [1, 2, 3, 4, 5, 6] and view["options"]["veto"] is False


def test_the_expansion_is_listed_and_created(client: FlaskClient) -> None:
    # G1, G83, G84: the catalog describes it and what it excludes; a game can use it
    spec = _options(client, "elgrande")["inquisitor_colonies"]
    assert "preview" not in spec and spec["excludes"] == ["france", "church"] and spec["rules"] == "G1-G86"
    answer = _create(client, {"inquisitor_colonies": True})
    assert answer.status_code == 201, answer.get_json()
    summary = client.get(f"/games/{answer.get_json()['id']}").get_json()
    assert summary["options"] == {"inquisitor_colonies": True}
    refused = _create(client, {"inquisitor_colonies": True, "church": True}).get_json()
    assert refused["code"] == "illegal-options" and "G84" in refused["detail"]


def test_an_option_in_preview_is_listed_and_refused_at_creation(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # an option still being built is in the catalog, flagged, and no game may use it yet
    monkeypatch.setitem(OPTIONS["granada_moorish"], "preview", True)
    assert _options(client, "elgrande")["granada_moorish"]["preview"] is True
    answer = _create(client, {"granada_moorish": True})
    body = answer.get_json()
    assert answer.status_code == 422 and body["code"] == "unsupported-option"
    assert "granada_moorish" in body["detail"] and "preview" in body["detail"]
