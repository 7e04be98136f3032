"""The API speaks the request's language (issue 16): problems, engine refusals, the readable record.

Accept-Language picks one of `engine.i18n.languages()`; every answer says which in
`Content-Language` and varies on Accept-Language. Problem `type`, `code`, `rule`, `reason` and
quoted moves never change with the language; JSON bodies keep their ETag (the version), the
text record's ETag names its language.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from engine.errors import IllegalMove, Text
from engine.i18n import N_, _, current, speaking
from service.errors import TITLES
from tests.service.conftest import bearer, create, key

LANGUAGES = ("hu", "pl", "fi", "de")
NO_SUCH_GAME = {"hu": "Nincs ilyen játék", "pl": "Nie ma takiej gry", "fi": "Tällaista peliä ei ole"}
NO_SUCH_GAME |= {"de": "Kein solches Spiel", "en": "No such game"}
ILLEGAL = {
    "hu": "szabálytalan lépés",
    "pl": "niedozwolony ruch",
    "fi": "sääntöjenvastainen siirto",
    "de": "unzulässiger Zug",
}


def speaking_to(lang: str | None) -> dict[str, str]:
    return {"Accept-Language": lang} if lang is not None else {}


def assert_labelled(answer: Any, lang: str) -> None:
    assert answer.headers["Content-Language"] == lang
    assert "Accept-Language" in [v.strip() for v in answer.headers["Vary"].split(",")]


def illegal_column(client: FlaskClient, lang: str | None) -> tuple[dict[str, Any], dict[str, Any]]:
    """Returns (move, problem) of a Kabale play into a column that does not exist (K7)."""
    game = create(client)
    gid, tokens = game["id"], [s["token"] for s in game["seats"]]
    due = client.get(f"/games/{gid}").get_json()["prompts"][0]["seat"]
    legal = client.get(f"/games/{gid}/legal-moves", headers=bearer(tokens[due])).get_json()["moves"]
    move = {**legal[0], "column": 99}
    headers = {**key(), **bearer(tokens[due]), **speaking_to(lang)}
    answer = client.post(f"/games/{gid}/moves", json={"move": move}, headers=headers)
    assert answer.status_code == 422
    if lang:
        assert_labelled(answer, lang)
    return move, answer.get_json()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_unknown_game_problem_in_the_language(client: FlaskClient, lang: str) -> None:
    english = client.get("/games/no-such-game").get_json()
    answer = client.get("/games/no-such-game", headers=speaking_to(lang))
    body = answer.get_json()
    assert answer.status_code == 404 and body["title"] == NO_SUCH_GAME[lang]
    assert body["detail"] != english["detail"] and "'no-such-game'" in body["detail"]
    assert (body["code"], body["type"], body["status"]) == (english["code"], english["type"], 404)
    assert_labelled(answer, lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_bad_json_problem_in_the_language(client: FlaskClient, lang: str) -> None:
    sent = {"data": "{not json", "content_type": "application/json"}
    english = client.post("/games", headers=key(), **sent).get_json()
    answer = client.post("/games", headers={**key(), **speaking_to(lang)}, **sent)
    body = answer.get_json()
    assert answer.status_code == 400 and body["code"] == english["code"] == "validation"
    with speaking(lang) as used:
        assert used == lang and body["title"] == _(TITLES["validation"]) != TITLES["validation"]
    assert body["detail"] != english["detail"] and body["type"] == english["type"]
    assert_labelled(answer, lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_illegal_move_reason_in_the_language_rule_and_move_unchanged(client: FlaskClient, lang: str) -> None:
    sent, english = illegal_column(client, None)
    move, body = illegal_column(client, lang)
    assert english["detail"].startswith("illegal move ") and english["detail"].endswith("(K7)")
    assert body["detail"].startswith(ILLEGAL[lang]) and body["detail"].endswith("(K7)")
    assert repr(move) in body["detail"] and repr(sent) in english["detail"]  # the quoted move stays
    for field in ("code", "rule", "reason", "type", "status"):
        assert body[field] == english[field], field
    assert (body["code"], body["rule"], body["reason"]) == ("illegal-move", "K7", "no-such-column")
    assert body["title"] != english["title"]


@pytest.mark.parametrize("header", [None, "", "xx", "tlh-KL, x-klingon;q=0.9", "hu;q=0"])
def test_no_or_unknown_language_answers_in_english(client: FlaskClient, header: str | None) -> None:
    answer = client.get("/games/no-such-game", headers=speaking_to(header))
    assert answer.get_json()["title"] == "No such game"
    assert answer.get_json()["detail"] == "there is no game 'no-such-game'"
    assert_labelled(answer, "en")


def test_the_best_acceptable_language_wins(client: FlaskClient) -> None:
    answer = client.get("/games/no-such-game", headers=speaking_to("xx, fi;q=0.5, pl-PL;q=0.8, en;q=0.1"))
    assert answer.get_json()["title"] == NO_SUCH_GAME["pl"]
    assert_labelled(answer, "pl")


def test_every_answer_is_labelled_and_keeps_its_vary(client: FlaskClient) -> None:
    game = create(client)
    for path in ("/catalog", f"/games/{game['id']}", f"/games/{game['id']}/view", "/nowhere"):
        answer = client.get(path, headers=speaking_to("de"))
        assert_labelled(answer, "de")
    read = client.get(f"/games/{game['id']}", headers=speaking_to("hu"))
    assert {v.strip() for v in read.headers["Vary"].split(",")} == {"Authorization", "Accept-Language"}
    assert_labelled(client.get("/catalog"), "en")


def test_json_etags_stay_the_version_and_the_text_record_names_its_language(client: FlaskClient) -> None:
    game = create(client)
    gid = game["id"]
    for path in (f"/games/{gid}", f"/games/{gid}/view", f"/games/{gid}/record"):
        tags = {client.get(path, headers=speaking_to(lang)).headers["ETag"] for lang in ("en", *LANGUAGES)}
        assert len(tags) == 1, (path, tags)  # data, not text: one ETag in every language
    records = {
        lang: client.get(f"/games/{gid}/record?format=text", headers=speaking_to(lang))
        for lang in ("en", *LANGUAGES)
    }
    assert len({r.headers["ETag"] for r in records.values()}) == 5
    assert len({r.get_data(as_text=True) for r in records.values()}) == 5
    version = client.get(f"/games/{gid}").headers["ETag"].strip('"')
    assert records["hu"].headers["ETag"] == f'"{version}-hu"'
    assert records["en"].get_data(as_text=True).startswith("# Castillo record: kabale game ")
    assert records["hu"].get_data(as_text=True).startswith("# Castillo-jegyzőkönyv: kabale játék, ")
    assert "(játék létrehozva)" in records["hu"].get_data(as_text=True)
    tokens = [s["token"] for s in game["seats"]]
    due = client.get(f"/games/{gid}").get_json()["prompts"][0]["seat"]
    legal = client.get(f"/games/{gid}/legal-moves", headers=bearer(tokens[due])).get_json()["moves"]
    played = client.post(
        f"/games/{gid}/moves", json={"move": legal[0]}, headers={**key(), **bearer(tokens[due])}
    )
    assert played.status_code == 201
    own = {**bearer(tokens[due]), **speaking_to("pl")}
    record = client.get(f"/games/{gid}/record?format=text", headers=own).get_data(as_text=True)
    assert f"P{due} (miejsce {due}): play " in record  # the words translated, the notation kept


def test_a_refusal_keeps_its_english_message_and_reads_in_the_current_language() -> None:
    refusal = IllegalMove(
        N_("illegal move {move}: {card} is not in your hand (K7)"),
        move="{'type': 'play'}",
        card="king",
        rule="K7",
        reason="card-not-in-hand",
    )
    assert refusal.message == str(refusal) == "illegal move {'type': 'play'}: king is not in your hand (K7)"
    with speaking("de"):
        assert refusal.localized() == "unzulässiger Zug {'type': 'play'}: king ist nicht auf deiner Hand (K7)"
        assert refusal.as_dict()["message"] == refusal.message
        assert refusal.as_dict(localized=True)["message"] == refusal.localized()
    assert refusal.localized() == refusal.message  # English outside any language


def test_a_reason_inside_a_sentence_reads_in_the_same_language() -> None:
    why = Text(N_("the King stands in {area}"), area="castilla_la_vieja")
    refusal = IllegalMove(N_("illegal move {move}: {why} ({rule})"), move="'x'", why=why, rule="R23")
    assert refusal.message == "illegal move 'x': the King stands in castilla_la_vieja (R23)"
    with speaking("fi"):
        assert refusal.localized() == (
            "sääntöjenvastainen siirto 'x': Kuningas on alueella castilla_la_vieja (R23)"
        )


def test_flask_babel_reads_the_same_catalogs_in_the_request_language(app: Any) -> None:
    import flask_babel

    with app.test_request_context("/", headers={"Accept-Language": "fi-FI, en;q=0.5"}):
        app.preprocess_request()
        assert str(flask_babel.get_locale()) == "fi" and current() == "fi"
        assert flask_babel.gettext("No such game") == NO_SUCH_GAME["fi"]  # api area
        assert flask_babel.gettext("the King stands in {area}") == "Kuningas on alueella {area}"  # reasons
    assert current() == "en"  # the request's end hands the thread back to English


def test_the_catalog_documents_options_in_the_language(client: FlaskClient) -> None:
    def veto(lang: str | None) -> dict[str, Any]:
        games = client.get("/catalog", headers=speaking_to(lang)).get_json()["games"]
        return next(g for g in games if g["name"] == "elgrande")["options"]["veto"]

    english, german = veto(None), veto("de")
    assert english["doc"] == "play with the two Veto cards; off removes them from stack 2"
    assert german["doc"].startswith("mit den beiden Veto-Karten spielen")
    assert {k: v for k, v in german.items() if k != "doc"} == {k: v for k, v in english.items() if k != "doc"}


def test_a_refused_seat_name_says_why_in_the_language(client: FlaskClient) -> None:
    body = {"game": "kabale", "seats": [{"name": "P0"}, {"name": "evil\u202ename"}]}
    english = client.post("/games", json=body, headers=key()).get_json()
    polish = client.post("/games", json=body, headers={**key(), **speaking_to("pl")}).get_json()
    assert english["code"] == polish["code"] == "validation"
    assert "a bidirectional override (U+202E)" in str(english)
    assert "znak nadpisania kierunku pisma (U+202E)" in str(polish)
