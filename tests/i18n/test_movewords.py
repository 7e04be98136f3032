"""A player's words in any language read as the move notation (issue #16, engine.movewords)."""

from __future__ import annotations

import random

import pytest

import engine
from engine.i18n import speaking
from engine.movewords import canonical, fold, localized
from engine.terms import word

LANGUAGES = ("en", "hu", "pl", "fi", "de")


@pytest.mark.parametrize(
    ("language", "text", "notation"),
    [
        ("hu", "lerak Altkastilien:2 Kastély", "place old_castile:2 castillo"),
        ("hu", "Lerak ó-kasztília:2 KASTELY", "place old_castile:2 castillo"),  # also written, no accents
        ("hu", "passz", "pass"),
        (
            "hu",
            "bejelent 1:Aragónia>Valencia fekete:Galícia>Sevilla",
            "declare 1:aragon>valencia black:galicia>seville",
        ),
        ("hu", "elvesz Kiűzetés", "take d4_eviction"),
        ("hu", "korong Galícia Galícia_beside fekete:Galícia", "disc galicia galicia_beside black:galicia"),
        ("hu", "inkvizítor udvar", "inquisitor court"),
        ("pl", "umieść Kraj Basków:2 zamek; pasuję", "place basque_country:2 castillo\npass"),
        ("pl", "weź Eksmisja", "take d4_eviction"),
        ("pl", "zagraj 13", "play 13"),
        ("fi", "ohita", "pass"),
        ("fi", "aseta Vanha-Kastilia hovi", "place old_castile court"),
        ("de", "passe", "pass"),
        ("de", "setze Neukastilien:3 Frankreich_envoy", "place new_castile:3 france_envoy"),
        ("en", "place Old Castile:2", "place old_castile:2"),
        ("hu", "place old_castile:2 castillo", "place old_castile:2 castillo"),  # the notation passes
        ("hu", "# a comment stays", "# a comment stays"),
    ],
)
def test_el_grande_words(language: str, text: str, notation: str) -> None:
    assert canonical("elgrande", text, language) == notation


@pytest.mark.parametrize(
    ("language", "text", "notation"),
    [
        ("hu", "kijátsz Varázssapka 2", "play magic_hood 2"),
        ("hu", "kijátsz Királynő 0", "play queen 0"),  # the rulebook's other spelling
        ("hu", "becsúsztat A három muskétás", "tuck musketeers"),
        ("hu", "semmi", "none"),
        ("pl", "zagraj Czapka niewidka 1", "play magic_hood 1"),
        ("pl", "pasuję", "pass"),
        ("fi", "vaihda 3", "swap 3"),
        ("de", "spiele Die drei Musketiere 1", "play musketeers 1"),
        ("de", "spiele Doppelgänger 0", "play doppelganger 0"),
        ("en", "play Fencing Master 2", "play fencing_master 2"),
    ],
)
def test_kabale_words(language: str, text: str, notation: str) -> None:
    assert canonical("kabale", text, language) == notation
    kabale = engine.get_game("kabale")
    assert kabale.parse_move(notation, None, 0)


def test_a_word_of_another_language_names_the_same_region() -> None:
    # a Hungarian seat may use the German board's names (the Polish and Hungarian rulebooks do)
    assert canonical("elgrande", "lerak Katalonien Stara Kastylia", "hu") == "place catalonia old_castile"
    assert canonical("elgrande", "dance a jig", "hu") == "dance a jig"  # unknown words stay as written
    assert canonical("chess", "e4", "hu") == "e4"
    assert fold("Ó-Kasztília Łódź") == "o-kasztilia lodz"


def playout_states(name: str, seats: int, options: dict, steps: int, seed: int):
    """Yields (state, seat) along a random game with `options`."""
    game, rnd = engine.get_game(name), random.Random(seed)
    state = None
    for event in game.setup(seats, options, f"{seed:064x}"):
        state = game.evolve(state, event)
    for _step in range(steps):
        if game.result(state) is not None:
            return
        seat = min(game.pending(state))
        yield state, seat
        move = {k: v for k, v in rnd.choice(game.legal_moves(state, seat)).items() if k != "complete"}
        for event in game.decide(state, seat, move):
            state = game.evolve(state, event)


@pytest.mark.parametrize(
    ("name", "seats", "options", "seed"),
    [
        ("elgrande", 3, {}, 11),
        ("elgrande", 4, {"france": True, "church": True}, 12),
        ("elgrande", 3, {"inquisitor_colonies": True}, 13),
        ("kabale", 3, {}, 14),
    ],
)
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_legal_move_written_in_a_language_reads_back_as_the_same_move(
    name: str, seats: int, options: dict, seed: int, language: str
) -> None:
    game, rnd = engine.get_game(name), random.Random(seed)
    checked = 0
    for state, seat in playout_states(name, seats, options, 160, seed):
        moves = game.legal_moves(state, seat)
        for move in rnd.sample(moves, min(len(moves), 6)):
            text = game.format_move(move)
            expected = game.parse_move(text, state, seat)
            written = localized(name, text, language)
            assert game.parse_move(canonical(name, written, language), state, seat) == expected, written
            assert game.parse_move(canonical(name, text, language), state, seat) == expected, text
            checked += 1
    assert checked > 100


def test_localized_notation_uses_the_languages_words() -> None:
    assert localized("elgrande", "place old_castile:2 court", "hu") == "lerak Altkastilien:2 udvar"
    assert localized("elgrande", "pass", "pl") == "pasuję"
    assert localized("kabale", "play magic_hood 2", "de") == "spiele Tarnkappe 2"
    with speaking("fi"):
        assert localized("kabale", "decline", "fi") == word("move word", "decline")
