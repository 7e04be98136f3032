"""Setup (K1-K6), options, the chance order of KR34 and the engine's tables."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOptions, UnsupportedOption
from engine.kabale.cards import COLOURS, DECK, GOALS, KINDS, goal_value, printed
from engine.rng import Draws, commitment
from tests.conformance import fold
from tests.engine.kabale.helpers import GAME


def test_deck_has_25_distinct_characters_with_printed_values():  # KC2
    assert len(DECK) == len(set(DECK)) == 25
    assert [printed(c) for c in ("king", "queen", "juliet", "explorer", "assassin", "storm")] == [
        40,
        32,
        28,
        26,
        19,
        18,
    ]
    assert printed("doppelganger") is None and printed("magic_hood") == 0


def test_goal_cards_are_six_kinds_of_1_2_3_3_4_5():  # KC4
    assert len(GOALS) == 36 and len(KINDS) == 6
    assert sorted(goal_value(g) for g in GOALS if g.startswith("trade")) == [1, 2, 3, 3, 4, 5]


def test_info_lists_seats_and_implemented_options():  # KC1, K1, K4
    assert GAME.INFO["seats"] == [2, 6]
    assert set(GAME.INFO["options"]) == {"first_seat", "colours"}
    assert set(GAME.MOVES) == {"play", "tuck", "swap", "decline"}
    assert set(GAME.PROMPTS) == {"play", "hood_tuck", "traitor_swap"}


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_setup_deals_hands_of_three_and_a_goal_stack_of_six_per_seat(seats):  # K2, K3, K5, K6
    state = fold(GAME, GAME.setup(seats, {}, "seed"))
    assert all(len(p.hand) == 3 and len(p.draw) == 22 for p in state.players)
    assert len(state.columns) == seats and len(state.stack) == 5 * seats
    assert all(not c.slots for c in state.columns) and state.round == 1


def test_first_event_carries_seed_and_commitment():  # contract, KR34
    first = GAME.setup(2, {}, "s3cret")[0]
    assert first["seed"] == "s3cret" and first["commitment"] == commitment("s3cret")
    assert "seed" not in GAME.redact(first, 0) and "seed" not in GAME.redact(first, None)


def test_chance_order_can_be_reproduced_from_the_seed():  # KR34
    events = GAME.setup(3, {}, "audit")
    goals = Draws("audit", "setup:goals").shuffle(GOALS)[:18]
    assert events[1]["stack"] == goals
    for seat in range(3):
        order = Draws("audit", f"setup:deck:{seat}").shuffle(DECK)
        assert events[2 + seat] == {"type": "deck_shuffled", "seat": seat, "order": order, "count": 25}
        assert events[5 + seat]["cards"] == order[:3]
    assert events[8]["goals"] == goals[:3]


def test_colours_default_to_the_kc1_order_and_can_be_chosen():  # K1
    assert fold(GAME, GAME.setup(3, {}, "x")).colours == COLOURS[:3]
    state = fold(GAME, GAME.setup(2, {"colours": ["black", "white"]}, "x"))
    assert state.colours == ("black", "white")


def test_first_seat_option_starts_round_one():  # K4, KR33
    state = fold(GAME, GAME.setup(4, {"first_seat": 2}, "x"))
    assert state.active == 2 and list(GAME.pending(state)) == [2]


@pytest.mark.parametrize(
    "seats,options,error",
    [
        (1, {}, IllegalOptions),
        (7, {}, IllegalOptions),
        (3, {"first_seat": 3}, IllegalOptions),
        (3, {"first_seat": "0"}, IllegalOptions),
        (2, {"colours": ["red", "red"]}, IllegalOptions),
        (2, {"colours": ["red", "pink"]}, IllegalOptions),
        (2, {"colours": ["red"]}, IllegalOptions),
        (2, {"colours": ""}, IllegalOptions),
        (2, {"colours": None}, IllegalOptions),
        (2, {"colours": 0}, IllegalOptions),
        (2, {"colours": "red,blue"}, IllegalOptions),
        (2, {"variant": 1}, UnsupportedOption),
        (2, [], IllegalOptions),
    ],
)
def test_bad_seats_and_options_are_refused(seats, options, error):  # KC1, K1, K4
    with pytest.raises(error):
        GAME.setup(seats, options, "x")


def test_same_seed_same_game_other_seed_other_game():  # KR34
    assert GAME.setup(3, {}, "a") == GAME.setup(3, {}, "a")
    assert GAME.setup(3, {}, "a")[1]["stack"] != GAME.setup(3, {}, "b")[1]["stack"]


KC2_VALUES = {
    "king": 20,
    "queen": 16,
    "juliet": 14,
    "alchemist": 8,
    "fencing_master": 8,
    "landlord": 8,
    "merchant": 8,
    "cardinal": 8,
    "minstrel": 8,
    "explorer": 13,
    "assassin": 9.5,
    "storm": 9,
    "magic_hood": 0,
    "traitor": 10,
    "musketeers": 11,
    "wizard": 7,
    "witch": 1,
    "prince": 14,
    "page": 2,
    "hermit": 12,
    "little_giant": 2,
    "doppelganger": None,
    "dragon": 11,
    "romeo": 5,
    "beggar": 4,
}


@pytest.mark.parametrize("card", list(KC2_VALUES))
def test_every_card_in_deck_order_with_its_printed_value(card):  # KC2, KC3
    assert DECK.index(card) == list(KC2_VALUES).index(card)
    value = printed(card)
    assert (None if value is None else value / 2) == KC2_VALUES[card]


def test_two_players_use_the_normal_goal_rules():  # KR14
    stacks = [GAME.setup(2, {}, f"two-{i}")[1]["stack"] for i in range(10)]
    assert all(len(stack) == 12 for stack in stacks)
    assert any(goal.endswith("_1") for stack in stacks for goal in stack)


def test_setup_refuses_a_bad_seed_and_takes_no_options():  # KR34, contract
    with pytest.raises(IllegalOptions):
        GAME.setup(2, {}, 5)
    with pytest.raises(IllegalOptions):
        GAME.setup(2, {}, "")
    assert GAME.setup(2, None, "x") == GAME.setup(2, {}, "x")
