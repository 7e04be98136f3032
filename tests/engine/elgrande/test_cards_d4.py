"""Scenario tests for the stack-4 cards and the King card (§1.6, R28-R31, X11, X15, X23, X27, X32-X34)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalMove
from tests.engine.elgrande.kit import at_turn, count, declare, game, of_type, play, position, start, types

BOARD = {"aragon": [3, 2, 1, 0], "seville": [1, 2, 0, 0], "galicia": [2, 0, 0, 1], "granada": [1, 1, 1, 1]}


def _state(card: str, **changes):
    s = position(
        start(),
        BOARD,
        king="granada",
        court=[5, 5, 5, 5],
        grandes=["aragon", "seville", "granada", "galicia"],
    )
    return at_turn(position(s, **changes), 0, card)


def test_mobile_scoreboard_place_and_move() -> None:
    s, events = declare(_state("d4_mobile_scoreboard"), 0, scoreboard="sb_8_4_0", area="galicia")
    assert of_type(events, "scoreboard_placed")[0] == {
        "type": "scoreboard_placed",
        "scoreboard": "sb_8_4_0",
        "from": None,
        "to": "galicia",
    }
    assert s.values(1) == (8, 4, 0)
    s = at_turn(s, 1, "d4_mobile_scoreboard")
    with pytest.raises(IllegalMove, match="X15"):
        declare(s, 1, scoreboard="sb_4_0_0", area="galicia")
    with pytest.raises(IllegalMove, match="R30"):
        declare(s, 1, scoreboard="sb_4_0_0", area="granada")
    s, _ = declare(s, 1, scoreboard="sb_8_4_0", area="castillo")
    assert s.values(0) == (8, 4, 0) and s.values(1) == (4, 2, 0)


def test_a_scoreboard_in_the_kings_region_is_frozen() -> None:
    # R30: the King moved onto it
    s = _state("d4_mobile_scoreboard", scoreboards=(9, -1))
    with pytest.raises(IllegalMove, match="R30"):
        declare(s, 0, scoreboard="sb_8_4_0", area="aragon")


def test_royal_adviser_moves_the_king_to_an_adjacent_region() -> None:
    with pytest.raises(IllegalMove, match="not adjacent"):
        declare(_state("d4_royal_adviser"), 0, area="aragon")
    _, events = declare(_state("d4_royal_adviser"), 0, area="valencia")
    assert of_type(events, "king_moved")[0] == {"type": "king_moved", "from": "granada", "to": "valencia"}


def test_king_card_moves_the_king_anywhere_but_the_castillo() -> None:
    with pytest.raises(IllegalMove, match="R28"):
        declare(_state("d5_king"), 0, area="castillo")
    with pytest.raises(IllegalMove, match="X32"):
        declare(_state("d5_king"), 0, area="granada")
    s, _ = declare(_state("d5_king"), 0, area="galicia")
    assert s.king == 1


def test_placement_uses_the_kings_new_position_x37() -> None:
    s, _ = declare(_state("d5_king"), 0, area="galicia")
    with pytest.raises(IllegalMove, match="R20"):
        play(s, 0, {"type": "place_caballeros", "to": {"valencia": 1}})
    s, _ = play(s, 0, {"type": "place_caballeros", "to": {"old_castile": 2, "castillo": 2}})
    assert count(s, "old_castile", 0) == 2 and count(s, "castillo", 0) == 2


def test_eviction_opponents_choose_destinations() -> None:
    # M2, X23: seat 0's own caballeros stay; seats 1 and 2 choose; not E, not the King's region
    s, events = declare(_state("d4_eviction"), 0, area="aragon")
    assert of_type(events, "decision_opened")[0]["members"] == [1, 2]
    for bad in ("aragon", "granada"):
        with pytest.raises(IllegalMove):
            play(s, 1, {"type": "choose_region", "region": bad})
    with pytest.raises(IllegalMove, match="R36|X23|legal"):
        play(s, 1, {"type": "choose_region", "region": "castillo"})
    s, _ = play(s, 1, {"type": "choose_region", "region": "catalonia"})
    s, _ = play(s, 2, {"type": "choose_region", "region": "galicia"})
    assert s.board[3] == (3, 0, 0, 0) and count(s, "catalonia", 1) == 2 and count(s, "galicia", 2) == 1


def test_eviction_without_opponents_is_a_skip() -> None:
    _, events = declare(_state("d4_eviction"), 0, area="catalonia")
    assert types(events) == ["action_skipped"]  # X24, V2


def test_move_grande() -> None:
    with pytest.raises(IllegalMove, match="R23"):
        declare(_state("d4_move_grande"), 0, area="granada")
    s, events = declare(_state("d4_move_grande"), 0, area="seville")  # X33: may join another Grande
    assert s.grandes[0] == 8 and of_type(events, "grande_moved")[0]["from"] == "aragon"
    s = at_turn(s, 2, "d4_move_grande")
    with pytest.raises(IllegalMove, match="R29"):
        declare(s, 2, area="aragon")


def test_power_card_back_is_hidden_from_others() -> None:
    # H3, X34
    s = _state("d4_power_card_back", played=((13, 2), (12,), (11,), (10,)), hands=((1, 3), (1,), (1,), (1,)))
    with pytest.raises(IllegalMove):
        declare(s, 0, value=5)
    s2, events = declare(s, 0, value=2)
    back = of_type(events, "power_card_taken_back")[0]
    assert back == {"type": "power_card_taken_back", "seat": 0, "value": 2, "top": 13, "pile": 1, "hand": 3}
    assert "value" not in game.redact(back, 1) and game.redact(back, 0)["value"] == 2
    declared = of_type(events, "action_declared")[0]
    assert game.redact(declared, None)["action"] == {"value": None, "sealed": True}
    assert s2.hands[0] == (1, 2, 3) and s2.played[0] == (13,) and s2.bids == s.bids


def test_court_two_with_board_supplement() -> None:
    # X7: province part automatic; the shortfall may come from own caballeros in open regions
    s = _state("d4_court_two")
    s = position(s, court=[5 + s.province[0] - 1, 5, 5, 5])  # province 1
    assert s.province[0] == 1
    with pytest.raises(IllegalMove, match="at most 1"):
        declare(s, 0, supplement={"aragon": 2})
    with pytest.raises(IllegalMove, match="R23"):
        declare(s, 0, supplement={"granada": 1})
    s2, events = declare(s, 0, supplement={"aragon": 1})
    assert of_type(events, "caballeros_moved")[0]["moves"] == [
        [0, "province", "court", 1],
        [0, "aragon", "court", 1],
    ]
    assert s2.court[0] == s.court[0] + 2 and s2.province[0] == 0


def test_secret_scoring_e30() -> None:
    # E30 (n = 3): R → aragon, B → aragon, Y → seville → only seville is scored
    s = position(
        start(3),
        {"aragon": [2, 1, 0], "seville": [1, 2, 1]},
        king="granada",
        court=[5, 5, 5],
        grandes=["galicia"] * 3,
    )
    s, events = declare(at_turn(s, 0, "d4_secret_scoring"), 0)
    assert of_type(events, "decision_opened")[0]["members"] == [0, 1, 2]  # X27: the taker too
    s, _ = play(s, 0, {"type": "choose_region", "region": "aragon"})
    s, _ = play(s, 1, {"type": "choose_region", "region": "aragon"})
    s, events = play(s, 2, {"type": "choose_region", "region": "seville"})
    assert [e["area"] for e in of_type(events, "area_scored")] == ["seville"]
    assert of_type(events, "area_scored")[0]["points"] == [
        0,
        4,
        0,
    ]  # 3 players: 2 paid ranks; B leads; R and Y tie at 1 → rank 3 → unpaid


def test_secret_scoring_allows_the_kings_region() -> None:
    s, _ = declare(_state("d4_secret_scoring"), 0)
    s, _ = play(s, 0, {"type": "choose_region", "region": "granada"})
    assert s.group is not None and s.group.chosen(0)
