"""Scenario tests for the stack-1 move and placement cards (§1.6, R23-R25, X29-X31, X43)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalMove, MalformedMove
from tests.engine.elgrande.kit import at_turn, count, declare, of_type, play, position, start, types

BOARD = {
    "aragon": [3, 2, 1, 0],
    "seville": [1, 2, 0, 0],
    "galicia": [2, 0, 0, 1],
    "granada": [1, 1, 1, 1],
}


def _state(card: str, king: str = "granada"):
    return at_turn(position(start(), BOARD, king=king, court=[5, 5, 5, 5]), 0, card)


def mv(seat: int, src: str, dst: str) -> dict[str, object]:
    return {"seat": seat, "from": src, "to": dst}


def test_move_four_any_v12_example_moves_in_declared_order() -> None:
    # V12: R aragon→valencia, R aragon→castillo, B seville→galicia, B seville→galicia
    s = _state("d1_move_four_any")
    moves = [
        mv(0, "aragon", "valencia"),
        mv(0, "aragon", "castillo"),
        mv(1, "seville", "galicia"),
        mv(1, "seville", "galicia"),
    ]
    s2, events = declare(s, 0, moves=moves)
    assert types(events)[:2] == ["action_declared", "caballeros_moved"]
    assert of_type(events, "action_declared")[0]["steps"] == 4  # V7: one step per caballero
    assert count(s2, "aragon", 0) == 1 and count(s2, "valencia", 0) == 1 and count(s2, "castillo", 0) == 1
    assert count(s2, "seville", 1) == 0 and count(s2, "galicia", 1) == 2


def test_move_into_the_kings_region_is_refused() -> None:
    with pytest.raises(IllegalMove, match=r"the King stands in granada \(R23\)"):
        declare(_state("d1_move_four_any"), 0, moves=[mv(0, "aragon", "granada")])


def test_move_out_of_the_kings_region_is_refused() -> None:
    with pytest.raises(IllegalMove, match="R23"):
        declare(_state("d1_move_four_any"), 0, moves=[mv(0, "granada", "aragon")])


def test_nothing_leaves_the_castillo() -> None:
    s = position(_state("d1_move_four_any"), {**BOARD, "castillo": [2, 0, 0, 0]})
    with pytest.raises(IllegalMove, match="R24"):  # R27, X45
        declare(s, 0, moves=[mv(0, "castillo", "aragon")])


def test_a_cube_moves_at_most_once_per_action() -> None:
    # X30: no more of a colour out of a region than it held when the action began
    with pytest.raises(IllegalMove, match="X30"):
        declare(_state("d1_move_four_any"), 0, moves=[mv(2, "aragon", "galicia"), mv(2, "aragon", "seville")])


def test_destination_must_differ_from_source() -> None:
    with pytest.raises(IllegalMove, match="X30"):
        declare(_state("d1_move_four_any"), 0, moves=[mv(0, "aragon", "aragon")])


def test_move_three_foreign_refuses_own_caballeros() -> None:
    with pytest.raises(IllegalMove, match="0 own"):
        declare(_state("d1_move_three_foreign"), 0, moves=[mv(0, "aragon", "galicia")])
    s, _ = declare(
        _state("d1_move_three_foreign"), 0, moves=[mv(1, "aragon", "galicia"), mv(3, "galicia", "castillo")]
    )
    assert count(s, "castillo", 3) == 1


def test_move_three_any_caps_at_three() -> None:
    moves = [mv(0, "aragon", "galicia")] * 3 + [mv(1, "seville", "galicia")]
    with pytest.raises(IllegalMove, match="at most 3"):
        declare(_state("d1_move_three_any"), 0, moves=moves)


def test_move_two_own_two_foreign_caps_each_part() -> None:
    with pytest.raises(IllegalMove, match="2 own"):
        declare(_state("d1_move_two_own_two_foreign"), 0, moves=[mv(0, "aragon", "galicia")] * 3)
    moves = [
        mv(0, "aragon", "galicia"),
        mv(0, "aragon", "castillo"),
        mv(1, "aragon", "seville"),
        mv(2, "aragon", "seville"),
    ]
    s, _ = declare(_state("d1_move_two_own_two_foreign"), 0, moves=moves)
    assert count(s, "aragon", 0) == 1 and count(s, "seville", 2) == 1


def test_move_four_own_refuses_foreign() -> None:
    with pytest.raises(IllegalMove):
        declare(_state("d1_move_four_own"), 0, moves=[mv(1, "aragon", "galicia")])


def test_move_five_from_region_uses_a_single_source() -> None:
    with pytest.raises(IllegalMove, match="X43"):
        declare(
            _state("d1_move_five_from_region"),
            0,
            moves=[mv(0, "aragon", "galicia"), mv(1, "seville", "galicia")],
        )
    moves = [
        mv(0, "aragon", "galicia"),
        mv(1, "aragon", "seville"),
        mv(1, "aragon", "castillo"),
        mv(2, "aragon", "valencia"),
    ]
    s, _ = declare(_state("d1_move_five_from_region"), 0, moves=moves)
    assert s.total(3) == 2  # aragon: 6 - 4


def test_move_own_region_takes_only_own_from_one_region() -> None:
    with pytest.raises(IllegalMove):
        declare(_state("d1_move_own_region"), 0, moves=[mv(1, "aragon", "galicia")])
    with pytest.raises(IllegalMove, match="X43"):
        declare(
            _state("d1_move_own_region"), 0, moves=[mv(0, "aragon", "galicia"), mv(0, "seville", "galicia")]
        )
    # X31: the ones not moved stay (counts as putting them back)
    s, _ = declare(
        _state("d1_move_own_region"), 0, moves=[mv(0, "aragon", "galicia"), mv(0, "aragon", "castillo")]
    )
    assert count(s, "aragon", 0) == 1 and count(s, "galicia", 0) == 3


def test_empty_declaration_skips_the_action() -> None:
    # V2: a declaration that changes nothing is a skip
    s, events = declare(_state("d1_move_four_any"), 0, moves=[])
    assert types(events) == ["action_skipped"] and s.turn is not None and s.turn.acted


def test_malformed_move_entries_are_refused() -> None:
    for bad in (
        [{"seat": 0, "from": "aragon"}],
        ["aragon>galicia"],
        [mv(9, "aragon", "galicia")],
        [mv(0, "atlantis", "galicia")],
    ):
        with pytest.raises(MalformedMove):
            declare(_state("d1_move_four_any"), 0, moves=bad)


def test_place_two_anywhere_e31() -> None:
    # E31: King in galicia, 5 in court: batch of 1 into old_castile, +2 anywhere (seville, castillo)
    s = at_turn(position(start(), BOARD, king="galicia", court=[5, 5, 5, 5]), 0, "d1_place_two_anywhere")
    s, _ = declare(s, 0, places=["seville", "castillo"])
    s, _ = play(s, 0, {"type": "place_caballeros", "to": {"old_castile": 1}})
    assert count(s, "seville", 0) == 2 and count(s, "castillo", 0) == 1 and count(s, "old_castile", 0) == 1
    assert s.court[0] == 2  # 3 in total reached the board


def test_place_two_anywhere_limits() -> None:
    with pytest.raises(IllegalMove, match="R23"):  # X29
        declare(_state("d1_place_two_anywhere"), 0, places=["granada"])
    with pytest.raises(IllegalMove, match="at most 2"):
        declare(_state("d1_place_two_anywhere"), 0, places=["aragon", "aragon", "seville"])
    s = position(_state("d1_place_two_anywhere"), court=[1, 5, 5, 5])
    with pytest.raises(IllegalMove, match="R25"):
        declare(s, 0, places=["aragon", "seville"])


def test_place_two_or_move_own_region_offers_either_effect() -> None:
    s, _ = declare(_state("d1_place_two_or_move_own_region"), 0, places=["catalonia"])
    assert count(s, "catalonia", 0) == 1
    s, _ = declare(_state("d1_place_two_or_move_own_region"), 0, moves=[mv(0, "galicia", "catalonia")])
    assert count(s, "catalonia", 0) == 1 and count(s, "galicia", 0) == 1
    with pytest.raises(IllegalMove, match="not both"):
        declare(_state("d1_place_two_or_move_own_region"), 0, places=["catalonia"], moves=[])
    with pytest.raises(IllegalMove):
        declare(_state("d1_place_two_or_move_own_region"), 0, moves=[mv(1, "aragon", "catalonia")])
