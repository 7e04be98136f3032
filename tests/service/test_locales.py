"""The browser's catalogs as JSON: GET /locales and GET /locales/{lang}.json.

The export must hold every word the browser marks (the `web` catalog), in the shape `i18n.js`
reads: plain strings, `context\\u0004msgid` keys, and plural forms per CLDR category computed
from the catalog's own Plural-Forms, so the page never evaluates a formula.
"""

from __future__ import annotations

import gettext

import pytest
from babel import Locale
from flask.testing import FlaskClient

from engine import i18n
from service import catalogs
from service.api import locales

WEB = next(area for area in catalogs.AREAS if area.name == "web")


def test_the_list_names_every_language_in_itself(client: FlaskClient) -> None:
    answer = client.get("/locales")
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["source"] == "en"
    names = {entry["code"]: entry["name"] for entry in body["languages"]}
    assert body["languages"][0]["code"] == "en"
    assert {"hu": "magyar", "pl": "polski", "fi": "suomi", "de": "Deutsch"}.items() <= names.items()


@pytest.mark.parametrize("language", ["hu", "pl", "fi", "de"])
def test_the_export_holds_every_word_the_browser_marks(client: FlaskClient, language: str) -> None:
    answer = client.get(f"/locales/{language}.json")
    assert answer.status_code == 200
    assert answer.headers["Content-Language"] == language
    assert "max-age" in answer.headers["Cache-Control"]
    body = answer.get_json()
    assert body["language"] == language
    messages = body["messages"]
    categories = set(body["plural_categories"])
    for message in catalogs.template(WEB):
        if not message.id:
            continue
        key = message.id[0] if isinstance(message.id, tuple) else message.id
        key = f"{message.context}\u0004{key}" if message.context else key
        assert key in messages, key
        if isinstance(message.id, tuple):
            assert set(messages[key]) == categories, key
        else:
            assert isinstance(messages[key], str) and messages[key], key


def test_polish_plurals_map_cldr_categories_to_the_catalogs_forms(client: FlaskClient) -> None:
    forms = client.get("/locales/pl.json").get_json()["messages"]["{n} card"]
    assert forms == {"one": "{n} karta", "few": "{n} karty", "many": "{n} kart", "other": "{n} kart"}
    path = WEB.path / "pl" / "LC_MESSAGES" / "castillo.mo"
    with path.open("rb") as f:
        catalog = gettext.GNUTranslations(f)
    rule = Locale.parse("pl").plural_form
    for n in [0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 102, 112, 1000]:  # the page's pick == gettext's
        assert forms[rule(n)].format(n=n) == catalog.ngettext("{n} card", "{n} cards", n).format(n=n), n


def test_a_single_form_language_gives_every_category_that_form() -> None:
    class Rule:
        def __call__(self, n: int) -> int:
            return 0

    assert locales.category_forms("hu", Rule(), 1) == {"one": 0, "other": 0}
    assert locales.category_forms("de", lambda n: int(n != 1), 2) == {"one": 0, "other": 1}


def test_english_is_an_empty_catalog(client: FlaskClient) -> None:
    body = client.get("/locales/en.json").get_json()
    assert body == {"language": "en", "plural_categories": ["one", "other"], "messages": {}, "words": {}}


def test_game_words_come_by_kind_and_id(client: FlaskClient) -> None:
    words = client.get("/locales/hu.json").get_json()["words"]
    assert words["region"]["galicia"] == "Galícia"  # the expansion rulebook's name (002_)
    assert words["kabale card"]["magic_hood"] == "Varázssapka"  # the Kabale rulebook's (004_)
    assert set(words["goal kind"]) == {"alchemy", "fencing", "agriculture", "trade", "religion", "music"}


def test_the_etag_answers_304_and_changes_with_the_language(client: FlaskClient) -> None:
    first = client.get("/locales/fi.json")
    etag = first.headers["ETag"]
    assert etag.startswith('"') and etag.endswith('"')
    again = client.get("/locales/fi.json", headers={"If-None-Match": etag})
    assert again.status_code == 304 and not again.data
    assert again.headers["ETag"] == etag
    assert client.get("/locales/de.json").headers["ETag"] != etag


@pytest.mark.parametrize("name", ["xx", "EN", "hu-HU", "..%2fetc", "castillo"])
def test_an_unknown_language_is_a_404_problem(client: FlaskClient, name: str) -> None:
    answer = client.get(f"/locales/{name}.json")
    assert answer.status_code == 404
    assert answer.content_type == "application/problem+json"
    assert answer.get_json()["code"] == "not-found"


def test_every_language_of_the_service_is_offered() -> None:
    assert set(i18n.languages()) >= {"en", "hu", "pl", "fi", "de"}
