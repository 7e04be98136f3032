"""Tests setup and the opening of a round (R1-R10, X9, X39, V11, H4, H5) through the contract."""

from __future__ import annotations

import pytest

from engine import rng
from engine.elgrande import data
from engine.errors import IllegalOptions, UnsupportedOption

from .scenario import REGIONS, G, Table


@pytest.mark.parametrize("seats", [0, 1, 6, "4", True])
def test_player_count_outside_two_to_five_is_refused(seats: object) -> None:
    # R1
    with pytest.raises(IllegalOptions):
        G.setup(seats, {}, "s")  # type: ignore[arg-type]


def test_unknown_option_is_refused() -> None:
    # R1, §9: options are fixed at creation; only implemented ones are accepted
    with pytest.raises(UnsupportedOption):
        G.setup(4, {"dummy_player": True}, "s")


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_starting_position(seats: int) -> None:
    # R2, R4, R5: empty Castillo, scoreboards beside the board, scores 0, no Veto;
    # Grande and 2 caballeros at home, 7 in court, 21 in the province, 13 power cards
    v = Table(seats, seed=f"start{seats}").view()
    assert v["areas"]["castillo"]["caballeros"] == [0] * seats
    assert v["scoreboards"] == {"sb_8_4_0": None, "sb_4_0_0": None}
    assert v["scores"] == [0] * seats
    assert v["vetos"] == []
    assert v["courts"] == [7] * seats
    assert v["provinces"] == [21] * seats
    for seat, home in enumerate(v["grandes"]):
        on_board = {a: info["caballeros"][seat] for a, info in v["areas"].items() if info["caballeros"][seat]}
        assert on_board == {home: 2}
    assert all(h["size"] == 13 for h in v["hands"])
    assert Table(seats, seed=f"start{seats}").view(0)["hand"] == list(range(1, 14))


@pytest.mark.parametrize("seed", [f"homes{i}" for i in range(30)])
def test_king_and_homes_come_from_distinct_region_cards(seed: str) -> None:
    # R3: the first card is the King's region, then one home per seat in seat order
    events = G.setup(5, {}, seed)
    started = events[0]
    cards = started["region_cards"]
    assert sorted(cards) == sorted(REGIONS)
    assert started["king"] == cards[0]
    assert started["homes"] == cards[1:6]
    v = Table(5, seed=seed).view()
    assert v["king"] == cards[0]
    assert v["grandes"] == cards[1:6]
    assert v["king"] not in v["grandes"]
    assert len(set(v["grandes"])) == 5


def test_setup_draws_follow_the_published_labels() -> None:
    # R6, R8, X9: each draw can be re-done by an auditor from the seed and its label
    seed = "audit-me"
    started = G.setup(4, {}, seed)[0]
    assert started["region_cards"] == rng.Draws(seed, "setup:region_cards").shuffle(list(REGIONS))
    for k in (1, 2, 3, 4):
        expected = rng.Draws(seed, f"setup:stack{k}").shuffle(list(data.deck(k)))
        assert started["stacks"][str(k)] == expected
    assert started["start_player"] == rng.Draws(seed, "setup:start_player").below(4)
    assert started["commitment"] == rng.commitment(seed)


def test_setup_is_deterministic_per_seed_and_varies_between_seeds() -> None:
    # R7, R8, X9
    assert G.setup(4, {}, "same") == G.setup(4, {}, "same")
    starts = {G.setup(4, {}, f"s{i}")[0]["start_player"] for i in range(40)}
    assert starts == {0, 1, 2, 3}


def test_action_stacks_hold_eleven_cards_and_the_king_card_alone() -> None:
    # R6, §1.6: stacks 1-4 with 11 cards each; stack 5 is the King card
    started = G.setup(4, {}, "stacks")[0]
    assert [len(started["stacks"][str(k)]) for k in (1, 2, 3, 4)] == [11, 11, 11, 11]
    assert not any(c.startswith("d5_king") for k in "1234" for c in started["stacks"][k])


def test_veto_option_off_removes_both_vetos() -> None:
    # V11: with option veto off stack 2 has 9 cards and no d2_veto
    started = G.setup(4, {"veto": False}, "noveto")[0]
    assert len(started["stacks"]["2"]) == 9
    assert not any(c.startswith("d2_veto") for c in started["stacks"]["2"])
    assert sum(c.startswith("d2_veto") for c in G.setup(4, {}, "veto")[0]["stacks"]["2"]) == 2


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_round_one_reveals_one_card_per_stack_and_the_king_card(seats: int) -> None:
    # R9, R10, X39: all five stacks are used with any number of players
    v = Table(seats, seed="reveal").view()
    assert v["round"] == 1
    assert v["phase"] == "bidding"
    assert [c["stack"] for c in v["offer"]] == [1, 2, 3, 4, 5]
    assert v["offer"][-1]["id"] == "d5_king"
    assert v["stacks"] == [10, 10, 10, 10]


def test_round_one_start_player_bids_first() -> None:
    # R7, R11, R12: the drawn start player is the first bidder
    t = Table(4, seed="first-bidder")
    start = t.view()["start_player"]
    assert list(t.due()) == [start]
    assert t.kind(start) == "play_power_card"


def test_public_setup_facts_are_visible_to_spectators() -> None:
    # H5, H10: King's region, homes, courts, provinces, scores, start player, commitment
    v = Table(3, seed="public").view(None)
    assert v["hand"] is None
    for key in ("king", "grandes", "courts", "provinces", "scores", "start_player", "commitment", "offer"):
        assert v[key] is not None
