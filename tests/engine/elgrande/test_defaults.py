"""Scenario tests for the auto-pass defaults (§8, D1-D15)."""

from __future__ import annotations

from dataclasses import replace

from engine.elgrande.state import Turn
from tests.engine.elgrande.kit import at_turn, declare, game, play, position, start

BOARD = {"aragon": [3, 2, 1, 0], "seville": [1, 2, 0, 0], "galicia": [2, 0, 3, 1], "valencia": [1, 1, 0, 0]}


def _state(card: str):
    s = position(start(), BOARD, king="granada", court=[5, 5, 1, 5], grandes=["catalonia"] * 4)
    return at_turn(s, 0, card)


def test_d1_lowest_legal_power_card() -> None:
    s = replace(start(3), hands=((1, 5, 9),) * 3, bids=(1, 0, 0), start_player=0)
    assert game.default_move(s, 1) == {"type": "play_power_card", "value": 5, "default": True}


def test_d4_fewest_heads_and_d5_end_turn() -> None:
    s = replace(
        _state("d5_king"),
        turn=Turn(seat=0, stage="card"),
        offer=("d3_score_fours.1", "d1_move_four_any.1", "d5_king.1"),
    )
    assert game.default_move(s, 0)["card"] == "d1_move_four_any.1"
    s = _state("d5_king")
    assert game.default_move(s, 0) == {"type": "end_turn", "default": True}


def test_d15_default_events_are_flagged() -> None:
    s = _state("d5_king")
    _, events = play(s, 0, game.default_move(s, 0))
    assert events[0]["default"] is True


def test_d2_supplement_nothing() -> None:
    s = replace(_state("d5_king"), turn=Turn(seat=0, stage="supplement", shortfall=2))
    assert game.default_move(s, 0) == {"type": "supplement_court", "from": {}, "default": True}


def test_d6_allow() -> None:
    s = at_turn(_state("d5_king"), 0, "d5_king", vetos=[(1, 0)])
    s, _ = declare(s, 0, area="galicia")
    assert game.default_move(s, 1) == {"type": "answer_veto", "answer": "allow", "default": True}


def test_d8_eviction_reinforces_a_sole_lead() -> None:
    s, _ = declare(_state("d4_eviction"), 0, area="aragon")
    assert game.default_move(s, 1)["region"] == "seville"  # seat 1 is sole leader there (D7 rule)
    assert game.default_move(s, 2)["region"] == "galicia"


def test_d9_return_two_from_the_largest_stack() -> None:
    s, _ = declare(_state("d2_secret_return_two"), 0)
    assert game.default_move(s, 1)["region"] == "aragon"  # aragon 2, seville 2 → tie → lowest id


def test_d10_return_all_from_the_smallest_stack() -> None:
    s, _ = declare(_state("d2_secret_return_all"), 0)
    assert game.default_move(s, 1)["region"] == "valencia"
    assert game.default_move(s, 2)["region"] == "aragon"


def test_d11_court_first_then_largest_stack_recounted() -> None:
    s, _ = declare(_state("d2_king_returns"), 0)
    assert game.default_move(s, 1)["sources"] == ["court", "court", "court"]
    assert game.default_move(s, 2)["sources"] == ["court", "galicia", "galicia"]


def test_d12_secret_scoring_picks_the_best_region_for_the_seat() -> None:
    s, _ = declare(_state("d4_secret_scoring"), 0)
    assert game.default_move(s, 2)["region"] == "galicia"  # sole leader, 4 points
    assert game.default_move(s, 0)["region"] == "aragon"  # 5 points beats galicia 2 and valencia


def test_defaults_are_legal_for_every_pending_seat() -> None:
    for card in (
        "d4_eviction",
        "d2_secret_return_two",
        "d2_secret_return_all",
        "d2_king_returns",
        "d4_secret_scoring",
    ):
        s, _ = declare(_state(card), 0, **({"area": "aragon"} if card == "d4_eviction" else {}))
        for seat in game.pending(s):
            play(s, seat, game.default_move(s, seat))


def test_golden_game_of_defaults_only() -> None:
    # D1-D15: nobody places or declares, so only the home regions score: 3 × (first value + home bonus)
    from tests.conformance import fold

    events = game.setup(3, {}, "golden-defaults")
    s = fold(game, events)
    while game.result(s) is None:
        seat = min(game.pending(s))
        for event in game.decide(s, seat, game.default_move(s, seat)):
            s = game.evolve(s, event)
            events.append(event)
    homes = events[0]["homes"]
    assert homes == ["new_castile", "galicia", "basque_country"]  # first values 7, 4, 5
    assert game.result(s) == {"scores": [27, 18, 21], "ranks": [1, 3, 2], "winners": [0], "tiebreak": None}
    assert len(events) == 155
