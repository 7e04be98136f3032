"""The readable log lines and move descriptions in every language (issue #16)."""

from __future__ import annotations

import pytest

import engine
from clients.python.describe import entry_text, move_text, options_line
from clients.python.phrases_kabale import goal_words
from engine.i18n import speaking
from tests.clients.test_describe import playout

NAMES = {0: "Ana", 1: "Bo", 2: "Cy"}
LANGUAGES = ("hu", "pl", "fi", "de")


def line(event: dict, game: str, language: str, v: int = 3) -> str:
    with speaking(language):
        return entry_text({"v": v, "kind": "engine", "event": event}, NAMES, game)


def test_an_el_grande_line_in_each_language() -> None:
    moved = {"type": "king_moved", "from": "old_castile", "to": "basque_country"}
    assert line(moved, "elgrande", "en") == "v3    the King moved from Old Castile to Basque Country"
    assert line(moved, "elgrande", "hu") == "v3    a király átkerült: Altkastilien → Baszkföld"
    assert line(moved, "elgrande", "pl") == "v3    król przeniesiony: Altkastilien → Kraj Basków"
    assert line(moved, "elgrande", "fi") == "v3    kuningas siirtyi: Vanha-Kastilia → Baskimaa"
    assert line(moved, "elgrande", "de") == "v3    der König zog von Altkastilien nach Baskenland"


def test_cards_keep_their_notation_id_beside_their_name() -> None:
    taken = {"type": "action_card_taken", "seat": 1, "card": "d4_eviction.1"}
    assert line(taken, "elgrande", "en") == "v3    Bo took action card d4_eviction.1"
    assert line(taken, "elgrande", "hu") == "v3    Bo elvette ezt az akciókártyát: Kiűzetés (d4_eviction.1)"
    assert line(taken, "elgrande", "pl") == "v3    Bo bierze kartę akcji Eksmisja (d4_eviction.1)"


def test_plurals_follow_each_language() -> None:
    def placed(n: int, language: str) -> str:
        event = {"type": "caballeros_placed", "seat": 0, "moves": [[0, "court", "aragon", n]]}
        return line(event, "elgrande", language)

    assert placed(1, "en").endswith("Ana placed 1 caballero: Aragon 1")
    assert placed(3, "en").endswith("Ana placed 3 caballeros: Aragon 3")
    assert placed(1, "pl").endswith("Ana umieszcza 1 Caballero: Aragon 1")
    assert placed(3, "pl").endswith("Ana umieszcza 3 Caballeros: Aragon 3")
    assert placed(1, "fi").endswith("Ana asetti 1 caballeron: Aragonia 1")
    assert placed(5, "fi").endswith("Ana asetti 5 caballeroa: Aragonia 5")
    drawn = {"type": "cards_drawn", "seat": 1}
    assert [line({**drawn, "count": n}, "kabale", "pl")[6:] for n in (1, 3, 5)] == [
        "Bo dobiera: 1 karta",
        "Bo dobiera: 3 karty",
        "Bo dobiera: 5 kart",
    ]


def test_a_kabale_line_names_the_character() -> None:
    played = {"type": "card_tucked", "seat": 0, "card": "magic_hood", "column": 2}
    assert line(played, "kabale", "en").endswith("Ana tucked magic hood under the Magic Hood in column 2")
    assert line(played, "kabale", "hu").endswith("Ana a Varázssapka alá csúsztatta (oszlop 2): Varázssapka")
    assert line(played, "kabale", "de").endswith("Ana schob Tarnkappe unter die Tarnkappe in Spalte 2")
    with speaking("hu"):
        assert goal_words("fencing_3b") == "harc 3"


def test_moves_and_options_in_words() -> None:
    move = {"type": "place_caballeros", "to": {"france_envoy": 1, "court": 1}}
    assert move_text("elgrande", move) == "place France (envoy slot) 1, court 1"
    with speaking("hu"):
        assert move_text("elgrande", move) == "lerakás: Franciaország (követ mezője) 1, udvar 1"
        assert move_text("elgrande", {"type": "end_turn"}) == "a kör befejezése"
        assert options_line("elgrande", {"veto": False, "church": True}) == "Változatok: Vétó nélkül, Egyház"
        back = {"type": "return_caballeros", "sources": ["america_viceroy", "black:galicia_beside"]}
        assert move_text("elgrande", back) == (
            "visszaküldés innen: Amerika (alkirály mezője), fekete lovag: Galícia (a limitlap mellett)"
        )
    with speaking("pl"):
        assert options_line("elgrande", {"veto": False, "church": True}) == "Opcje: bez: Veto, Kościół"


@pytest.mark.parametrize(("name", "seats"), [("elgrande", 3), ("kabale", 2)])
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_line_of_a_played_game_is_in_the_language(name: str, seats: int, language: str) -> None:
    game = engine.get_game(name)
    changed = total = 0
    for v, event in enumerate(playout(name, seats, 300), 1):
        served = game.redact(event, 1)
        if served is None:
            continue
        english = line(served, name, "en", v)
        text = line(served, name, language, v)
        assert "{" not in text and "}" not in text, text
        total += 1
        changed += text != english
    assert changed >= 0.9 * total, (changed, total)


def test_a_seats_change_of_language_reads_in_the_log() -> None:
    from clients.python.phrases import SERVICE

    entry, names = {"type": "seat_language_changed", "seat": 1, "language": "pl"}, {1: "Piotr"}
    assert SERVICE["seat_language_changed"](entry, names) == "Piotr now reads Castillo in language pl"
    with speaking("de"):
        assert (
            SERVICE["seat_language_changed"](entry, names) == "Piotr liest Castillo jetzt in der Sprache pl"
        )
