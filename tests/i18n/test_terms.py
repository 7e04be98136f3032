"""The games' own words in every language: rulebook names where the rulebooks give them (issue #16)."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from engine import terms
from engine.elgrande import data
from engine.i18n import speaking
from engine.kabale import cards
from service import catalogs

LANGUAGES = ("hu", "pl", "fi", "de")
TERMS = next(a for a in catalogs.AREAS if a.name == "terms")


def said(language: str, kind: str, ident: str) -> str:
    with speaking(language):
        return terms.word(kind, ident)


def test_the_english_names_are_the_engines() -> None:
    assert {a.id: a.name for a in data.AREAS} == terms.REGIONS
    assert {c.id: c.name for c in data.ACTION_CARDS} == terms.ACTION_CARDS
    assert cards.NAMES == terms.KABALE_CARDS
    assert set(cards.KINDS) == set(terms.GOAL_KINDS) and set(cards.COLOURS) == set(terms.COLOURS)
    assert set(terms.REGIONS) == set(terms.REGIONS_ALSO) and set(terms.KABALE_CARDS) == set(
        terms.KABALE_CARDS_ALSO
    )
    assert set(data.SLOTS) | {"captain", "viceroy"} == set(terms.SLOTS) and set(data.TILES) == set(
        terms.TILES
    )


@pytest.mark.parametrize(
    ("ident", "hungarian"),
    [
        ("galicia", "Galícia"),  # 002_: the expansion's Hungarian forms
        ("basque_country", "Baszkföld"),
        ("aragon", "Aragónia"),
        ("catalonia", "Katalónia"),
        ("old_castile", "Altkastilien"),  # 000_: the only name a Hungarian rulebook gives
        ("new_castile", "Neukastilien"),
        ("seville", "Sevilla"),
        ("castillo", "Kastély"),  # 000_: "Kastély (Castillo)"
        ("france", "Franciaország"),
        ("caravel", "Karavella"),
        ("mediterranean", "Mediterráneum"),
    ],
)
def test_hungarian_regions_are_the_rulebooks(ident: str, hungarian: str) -> None:
    assert said("hu", "region", ident) == hungarian


def test_polish_finnish_and_german_names_are_the_rulebooks() -> None:
    assert said("pl", "region", "basque_country") == "Kraj Basków"  # 001_
    assert said("pl", "region", "galicia") == "Galicien"  # 001_ keeps the German board names
    assert said("pl", "place", "court") == "dwór" and said("pl", "place", "province") == "prowincja"
    assert said("pl", "action card", "d4_eviction") == "Eksmisja"
    assert said("pl", "action card", "d2_king_returns") == "Powrót króla"
    assert (
        said("fi", "place", "court") == "hovi" and said("fi", "piece", "power_card") == "valtakortti"
    )  # 003_
    assert (
        said("fi", "scoring", "home_region") == "kotialue" and said("fi", "region", "valencia") == "Valencia"
    )
    assert said("de", "region", "old_castile") == "Altkastilien" and said("de", "place", "court") == "Hof"
    assert said("hu", "action card", "d2_king_returns") == "A király haragja"  # 000_
    assert said("hu", "piece", "grand_inquisitor") == "főinkvizítor"  # 002_
    assert said("hu", "slot", "viceroy") == "alkirály" and said("hu", "tile", "goods") == "áru"


def test_kabale_names_are_the_hungarian_rulebooks() -> None:
    hungarian = {
        "king": "Király",
        "queen": "Királyné",
        "magic_hood": "Varázssapka",
        "musketeers": "A három muskétás",
        "little_giant": "Apró óriás",
        "doppelganger": "Hasonmás",
        "beggar": "Koldus",
    }
    assert {c: said("hu", "kabale card", c) for c in hungarian} == hungarian
    assert said("hu", "goal kind", "fencing") == "harc" and said("hu", "kabale word", "column") == "oszlop"
    assert said("de", "kabale card", "magic_hood") == "Tarnkappe"
    with speaking("hu"):
        assert terms.alternatives("kabale card, also written", "queen") == ("Királynő",)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_word_is_translated_in_every_language(language: str) -> None:
    for kind, table in terms.KINDS.items():
        for ident in table:
            with speaking(language):
                shown = terms.alternatives(kind, ident)
            assert shown and all(shown), (kind, ident)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_game_word_says_where_its_name_comes_from(language: str) -> None:
    with catalogs.po_path(TERMS, language).open("rb") as f:
        catalog = read_po(f)
    marked = 0
    for message in catalog:
        if message.context in terms.KINDS:
            notes = " ".join(message.user_comments)
            assert notes.startswith(("rulebook: ", "careful translation: no rulebook name")), message.id
            marked += 1
    assert marked == sum(len(set(t.values())) for t in terms.KINDS.values())


def test_an_unknown_word_reads_as_words() -> None:
    assert said("hu", "region", "atlantis_north") == "atlantis north"
    assert terms.card_name("d2_veto.2") == "Veto!"
    assert said("hu", "action card", "d2_veto") == "Véto!"
