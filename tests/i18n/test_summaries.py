"""The board summaries of emails and the CLI in the seat's language (issue #16): no English left,
the game's own words as `engine.terms` names them."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

import engine
from engine.elgrande.moves import PROMPTS
from engine.i18n import _, speaking
from engine.terms import card_name, word
from tests.conformance import fold, random_move
from tests.engine.elgrande.kit import at_turn, declare, position, start
from tests.engine.elgrande.kit import game as kit_game

LANGUAGES = ("hu", "pl", "fi", "de")
ENGLISH = (
    "round",
    "rounds",
    "phase",
    "Board",
    "caballeros per seat",
    "Courts",
    "Provinces",
    "Scores",
    "Offer",
    "heads",
    "Your hand",
    "Played",
    "Due",
    "must",
    "empty",
    "seat",
    "seats",
    "you",
    "King",
    "Moorish",
    "slots",
    "free",
    "of which",
    "spaces taken",
    "Church",
    "nobody",
    "black caballeros",
    "Grand Inquisitor",
    "Limit board",
    "Tiles",
    "supply",
    "carried",
    "carrying",
    "Held cards",
    "Power cards",
    "Turn order",
    "Vetos held",
    "usable through",
    "Turn",
    "Turn of",
    "Open decision",
    "waiting for",
    "Declared",
    "plays",
    "step",
    "Game over",
    "Final scores",
    "Winner",
    "Column",
    "VP",
    "face down",
    "face-down",
    "hooding",
    "hooded card",
    "closed by",
    "full",
    "draw pile",
    "discard pile",
    "Goals won",
    "none",
    "play a power card",
    "to play a card",
)
"""English words of the summaries (whole words, case as written) that no translation keeps."""


def english_left(lines: list[str]) -> list[str]:
    """Returns each English word of `ENGLISH` found in `lines`, with its line."""
    text = "\n".join(lines)
    return [
        f"{phrase!r} in {line!r}"
        for phrase in ENGLISH
        for line in text.splitlines()
        if re.search(rf"(?<![\w-]){re.escape(phrase)}(?![\w-])", line)
    ]


def walk(name: str, seats: int, options: dict[str, Any], seed: str, steps: int) -> Iterator[Any]:
    """Yields the states of a random game, every few steps, and its end when it ends within `steps`."""
    game = engine.get_game(name)
    rnd = random.Random(seed)
    state = fold(game, game.setup(seats, options, seed))
    for step in range(steps):
        if game.result(state) is not None:
            break
        if step % 7 == 0:
            yield state
        seat = rnd.choice(sorted(game.pending(state)))
        for event in game.decide(state, seat, random_move(game, state, seat, rnd)):
            state = game.evolve(state, event)
    yield state


NAMES = ("Anna", "Piotr", "Aino", "Jonas", "Réka")


def summaries(name: str, state: Any, language: str) -> Iterator[tuple[dict[str, Any], list[str]]]:
    """Yields every seat's and the spectator's view with its summary in `language`, seats by
    number and by their players' names."""
    game = engine.get_game(name)
    seats = game.view(state, None)["seats"]
    for viewer in (None, *range(seats)):
        view = json.loads(json.dumps(game.view(state, viewer)))
        with speaking(language):
            yield view, game.text_summary(view)  # type: ignore[attr-defined]
            yield view, game.text_summary(view, NAMES[:seats])  # type: ignore[attr-defined]


ELGRANDE_GAMES = (
    ({}, 3, 4000),
    ({"church": True, "france": True, "granada_moorish": True}, 4, 400),
    ({"inquisitor_colonies": True}, 3, 900),
    ({"short_game": True}, 2, 4000),
)


@pytest.mark.parametrize("language", LANGUAGES)
def test_el_grande_summaries_speak_the_language(language: str) -> None:
    seen: set[str] = set()
    ends = 0
    for options, seats, steps in ELGRANDE_GAMES:
        for state in walk("elgrande", seats, options, f"summary-{language}", steps):
            for view, lines in summaries("elgrande", state, language):
                assert english_left(lines) == [], lines
                with speaking(language):
                    areas = [word("region", a) for a in view["areas"]]
                    offer = [card_name(c["card"]) for c in view["offer"]]
                for area in areas:
                    assert any(line.startswith(f"  {area} ") for line in lines), (area, lines)
                for card in offer:
                    assert any(f"({card};" in line for line in lines), (card, lines)
                seen.update(line.split(":")[0] for line in lines)
                ends += view.get("result") is not None
    with speaking(language):
        reached = [
            _(m).split(":")[0]
            for m in (
                "Grand Inquisitor: {who}{used}; black caballeros: {black}{out_of_game}.",
                "Church: {who}{used}; black caballeros: {black}.",
                "Due: {seat} must {what}.",
            )
        ]
    assert set(reached) <= seen  # the walks reached the options' lines and a due line
    assert ends  # and a finished game's line


@pytest.mark.parametrize("language", LANGUAGES)
def test_kabale_summaries_speak_the_language(language: str) -> None:
    ends = 0
    for seats in (2, 3, 4):
        for state in walk("kabale", seats, {}, f"kabale-summary-{language}", 2000):
            for view, lines in summaries("kabale", state, language):
                assert english_left(lines) == [], lines
                text = "\n".join(lines)
                with speaking(language):
                    for column in view["columns"]:
                        assert word("goal kind", column["goal"]["kind"]) in text
                        for slot in column["slots"]:
                            if slot["card"] is not None:
                                assert word("kabale card", slot["card"]) in text
                    seat = view["viewer"]
                    if isinstance(seat, int):
                        for card in view["players"][seat].get("hand", []):
                            assert word("kabale card", card) in text
                        assert word("colour", view["colours"][seat]) in text
            ends += view.get("result") is not None
    assert ends  # a finished game's lines (the winner) were checked too


def test_english_stays_english() -> None:
    game = engine.get_game("elgrande")
    state = fold(game, game.setup(3, {}, "english"))
    with speaking("en"):
        lines = game.text_summary(game.view(state, 0))  # type: ignore[attr-defined]
    assert lines[0].startswith("El Grande, round 1 of 9, phase bidding; the King stands in ")
    assert "Your hand: 1 2 3 4 5 6 7 8 9 10 11 12 13." in lines
    assert english_left(lines)  # the check finds English when there is English


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_declaration_awaiting_a_veto_speaks_the_language(language: str) -> None:
    # V13, H3: the vetoer's summary names the declaration and the sealed card, what is due
    s = position(start(), {"aragon": [1, 2, 0, 0]}, king="granada", court=[5] * 4)
    s = at_turn(s, 0, "d4_power_card_back", vetos=[(1, 0)])
    s = replace(s, played=((9,), (12,), (11,), (10,)), hands=(tuple(v for v in range(1, 14) if v != 9),) * 4)
    s, _events = declare(s, 0, value=9)
    with speaking(language):
        lines = kit_game.text_summary(kit_game.view(s, 1))
        declared = _("Declared: {declaration}").split("{")[0]
        due = _("Due: {seat} must {what}.").format(
            seat=_("{name} (you)").format(name=_("seat {seat}").format(seat=1)),
            what=_(PROMPTS["veto_answer"]),
        )
        sealed = _("(a sealed power card)")
    assert english_left(lines) == [], lines
    assert any(line.startswith(f"  {declared}") and sealed in line for line in lines), lines
    assert due in lines and due != "Due: seat 1 (you) must allow or veto the declared special action (M7)."


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_decision_a_seat_is_asked_speaks_the_language(language: str) -> None:
    # the prompts' descriptions, which the emails quote as "Your decision: ..."
    for name in ("elgrande", "kabale"):
        for doc in engine.get_game(name).PROMPTS.values():
            with speaking(language):
                said = _(doc)
            assert said != doc and english_left([said]) == [], (name, doc, said)
