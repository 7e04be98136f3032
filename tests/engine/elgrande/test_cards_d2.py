"""Scenario tests for the stack-2 cards (§1.6, M3, M4, M6, X16-X22, X28, X47)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.elgrande.state import Turn
from engine.errors import IllegalMove
from tests.engine.elgrande.kit import at_turn, count, declare, game, of_type, play, position, start, types

BOARD = {
    "aragon": [3, 2, 1, 0],
    "seville": [1, 2, 0, 0],
    "galicia": [2, 0, 0, 1],
    "granada": [1, 1, 1, 1],
    "castillo": [0, 1, 2, 0],
}


def _state(card: str, court: list[int] | None = None, board: dict[str, list[int]] | None = None):
    s = position(
        start(), board or BOARD, king="granada", court=court or [5, 5, 5, 5], grandes=["catalonia"] * 4
    )
    return at_turn(s, 0, card)


def test_taking_a_veto_is_the_whole_action() -> None:
    # V1, V8: no declaration; the card stays in front of its taker
    s = at_turn(position(start(), BOARD, king="granada", court=[5, 5, 5, 5]), 0, "d2_veto")
    s = replace(s, turn=Turn(seat=0, stage="card"), offer=("d2_veto.1", "d5_king.1"), vetos=())
    s, _ = play(s, 0, {"type": "take_card", "card": "d2_veto"})
    assert [v.seat for v in s.vetos] == [0] and s.turn is not None and s.turn.acted
    with pytest.raises(IllegalMove, match="R19"):
        declare(s, 0)


def test_decay_court_all_empties_opponents_courts() -> None:
    s, events = declare(_state("d2_decay_court_all", court=[5, 4, 0, 2]), 0)
    assert s.court == (5, 0, 0, 0)
    assert of_type(events, "caballeros_moved")[0]["moves"] == [
        [1, "court", "province", 4],
        [3, "court", "province", 2],
    ]


def test_decay_court_three_takes_at_most_three_and_nothing_from_the_board() -> None:
    # X18
    s, _ = declare(_state("d2_decay_court_three", court=[5, 4, 1, 0]), 0)
    assert s.court == (5, 1, 0, 0) and s.board == _state("d2_decay_court_three").board


def test_decay_with_empty_opposing_courts_is_a_skip() -> None:
    _, events = declare(_state("d2_decay_court_all", court=[5, 0, 0, 0]), 0)
    assert types(events) == ["action_skipped"]  # V2


def test_king_returns_opponents_choose_simultaneously() -> None:
    # M6, X17: seats 1 and 2 have more than 3 available → asked; seat 3 has 1 court + 1 galicia,
    # so returning everything is its only option → forced (M8)
    s0 = _state("d2_king_returns", court=[5, 5, 3, 1])
    s, events = declare(s0, 0)
    opened = of_type(events, "decision_opened")[0]
    assert opened["kind"] == "king_returns_choice"
    assert opened["members"] == [1, 2] and opened["forced"] == [[3, ["court", "galicia"]]]
    assert set(game.pending(s)) == {1, 2}
    with pytest.raises(IllegalMove, match="M6"):
        play(s, 1, {"type": "return_caballeros", "sources": ["court", "court"]})
    with pytest.raises(IllegalMove, match="M6"):  # never from the King's region or the Castillo
        play(s, 1, {"type": "return_caballeros", "sources": ["court", "court", "castillo"]})
    s, events = play(s, 1, {"type": "return_caballeros", "sources": ["seville", "court", "aragon"]})
    assert types(events) == ["choice_made"]  # sealed until the last member has chosen (H7)
    s, events = play(s, 2, {"type": "return_caballeros", "sources": ["aragon", "court", "court"]})
    revealed = of_type(events, "choices_revealed")[0]["choices"]
    assert revealed == [
        [1, ["court", "aragon", "seville"]],
        [2, ["court", "court", "aragon"]],
        [3, ["court", "galicia"]],
    ]
    assert [s.province[p] - s0.province[p] for p in range(4)] == [0, 3, 3, 2]
    assert count(s, "seville", 1) == 1 and count(s, "aragon", 2) == 0 and count(s, "galicia", 3) == 0


def test_one_of_your_choice_hits_every_player_including_the_taker() -> None:
    # X16: one removal per player with a caballero in an open region; X47: seat 2... has aragon
    s = _state("d2_one_of_your_choice")
    removals = [
        {"seat": 1, "region": "seville"},
        {"seat": 0, "region": "galicia"},
        {"seat": 2, "region": "aragon"},
    ]
    with pytest.raises(IllegalMove, match="X16"):
        declare(s, 0, removals=removals)  # seat 3 (galicia) is missing
    s2, events = declare(s, 0, removals=[*removals, {"seat": 3, "region": "galicia"}])
    assert of_type(events, "action_declared")[0]["steps"] == 4
    assert count(s2, "seville", 1) == 1 and count(s2, "galicia", 0) == 1 and count(s2, "aragon", 2) == 0
    assert s2.province[3] == s.province[3] + 1


def test_one_of_your_choice_skips_players_only_in_the_kings_region_or_castillo() -> None:
    # X47
    s = _state(
        "d2_one_of_your_choice",
        board={"aragon": [1, 0, 0, 0], "granada": [0, 2, 0, 0], "castillo": [0, 0, 3, 0]},
    )
    with pytest.raises(IllegalMove, match="R23"):
        declare(s, 0, removals=[{"seat": 0, "region": "aragon"}, {"seat": 1, "region": "granada"}])
    s2, _ = declare(s, 0, removals=[{"seat": 0, "region": "aragon"}])
    assert count(s2, "aragon", 0) == 0


def test_secret_return_two_prefers_regions_with_two() -> None:
    # M3, X20: seat 1 has aragon 2, seville 2 → asked among those; seat 2 has aragon 1 only → forced;
    # seat 3 has galicia 1 → forced
    s, events = declare(_state("d2_secret_return_two"), 0)
    opened = of_type(events, "decision_opened")[0]
    assert opened["members"] == [1] and opened["forced"] == [[2, "aragon"], [3, "galicia"]]
    with pytest.raises(IllegalMove, match="X20"):
        play(s, 1, {"type": "choose_region", "region": "galicia"})
    s, events = play(s, 1, {"type": "choose_region", "region": "seville"})
    assert types(events)[:3] == ["choice_made", "choices_revealed", "caballeros_moved"]
    assert of_type(events, "choices_revealed")[0]["choices"] == [
        [1, "seville"],
        [2, "aragon"],
        [3, "galicia"],
    ]
    assert count(s, "seville", 1) == 0 and count(s, "aragon", 2) == 0 and count(s, "galicia", 3) == 0


def test_secret_return_all_returns_everything_from_the_chosen_region() -> None:
    # M4, X21
    s, _ = declare(_state("d2_secret_return_all"), 0)
    assert set(game.pending(s)) == {1}  # seats 2 and 3 have a single open region each: forced
    s, _ = play(s, 1, {"type": "choose_region", "region": "aragon"})
    assert count(s, "aragon", 1) == 0 and count(s, "seville", 1) == 2 and count(s, "granada", 1) == 1


def test_score_any_region_includes_the_castillo_and_keeps_it_full() -> None:
    # X28, R48: the Castillo is scored, its caballeros stay
    s, events = declare(_state("d2_score_any_region"), 0, area="castillo")
    assert of_type(events, "area_scored")[0]["points"] == [0, 3, 5, 0]
    assert s.board[0] == (0, 1, 2, 0)


def test_score_any_region_scores_the_kings_region_with_its_bonus() -> None:
    # X28, R43: granada 6/3/1 is the King's region: sole leader 6 + 2, second 3
    s = _state("d2_score_any_region", board={**BOARD, "granada": [3, 1, 0, 0]})
    _, events = declare(s, 0, area="granada")
    assert of_type(events, "area_scored")[0]["points"] == [8, 3, 0, 0]
    s = position(s, grandes=["granada", "aragon", "aragon", "aragon"])
    _, events = declare(s, 0, area="granada")
    assert of_type(events, "area_scored")[0]["points"] == [10, 3, 0, 0]  # E17: the bonuses stack
