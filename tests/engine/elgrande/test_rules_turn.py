"""Tests a player's turn: supplement, card choice, batch, skipping, discards (R17-R22, R34, X5-X7) beyond test_flow_turn.py."""

from __future__ import annotations

import pytest

from engine.errors import IllegalMove

from .scenario import G, Table, events_of, table

OFFER = ("d1_place_two_anywhere", "d2_veto", "d3_score_castillo", "d4_court_two")


def shortfall_table(province: int, *, value: int = 9) -> Table:
    """Returns a 4-player table where seat 0 acts first with `province` caballeros left, King in galicia.

    Seat 0 holds 7 in court, 3 in aragon, 2 in galicia (the King's region), 1 in the Castillo,
    and the rest beyond `province` in seville.
    """
    t = Table(4, seed="turn").with_offer(*OFFER)
    t.king("galicia")
    t.clear()
    seville = 30 - 7 - 3 - 2 - 1 - province
    t.arrange(0, {"aragon": 3, "galicia": 2, "castillo": 1, "seville": seville}, court=7)
    t.bid({0: value, 1: 3, 2: 2, 3: 1})
    return t


def test_shortfall_is_offered_from_open_regions() -> None:
    # R17: province 1, card of 2 heads: 1 automatic, then up to 1 from open regions
    t = shortfall_table(1, value=9)
    assert t.view()["courts"][0] == 8
    assert t.kind(0) == "supplement_court"
    assert {"type": "supplement_court", "from": {}} in t.legal(0)
    ext = t.legal(0, {"type": "supplement_court", "from": {}})
    assert {tuple(m["from"]) for m in ext} == {
        ("aragon",),
        ("seville",),
    }  # never galicia (King), never castillo


@pytest.mark.parametrize(
    ("source", "rule"),
    [({"galicia": 1}, "R23"), ({"castillo": 1}, "R24"), ({"aragon": 2}, "R17")],
)
def test_supplement_never_from_the_kings_region_or_castillo_nor_beyond_the_shortfall(
    source: dict[str, int], rule: str
) -> None:
    # R17, R23, X7
    t = shortfall_table(1, value=9)
    exc = t.refuse(0, {"type": "supplement_court", "from": source})
    assert isinstance(exc, IllegalMove)
    assert exc.rule == rule


def test_supplement_moves_own_caballeros_to_the_court() -> None:
    # R17
    t = shortfall_table(0, value=9)
    assert t.view()["courts"][0] == 7
    t.play(0, {"type": "supplement_court", "from": {"aragon": 2}})
    assert t.view()["courts"][0] == 9
    assert t.count("aragon", 0) == 1
    assert t.kind(0) == "choose_action_card"


def test_supplement_may_take_nothing() -> None:
    # R17 "if he sees fit", D2: the shortfall simply stays unfilled
    t = shortfall_table(0, value=9)
    t.play(0, {"type": "supplement_court", "from": {}})
    assert t.view()["courts"][0] == 7
    assert t.count("aragon", 0) == 3


def test_taking_a_card_is_compulsory_and_comes_first() -> None:
    # R18, X6: the turn_step moves wait until a card is taken
    t = table(4, *OFFER)
    assert t.kind(0) == "choose_action_card"
    assert {m["type"] for m in t.legal(0)} == {"take_card"}
    for move in ({"type": "end_turn"}, {"type": "place_caballeros", "to": {"castillo": 1}}):
        assert isinstance(t.refuse(0, move), IllegalMove)


def test_only_offered_cards_can_be_taken() -> None:
    # R18
    t = table(4, *OFFER)
    exc = t.refuse(0, {"type": "take_card", "card": "d1_move_four_any"})
    assert exc.rule == "R18"
    t.take(0, "d4_court_two")
    assert "d4_court_two.1" not in [c["card"] for c in t.view()["offer"]]


def test_empty_batch_counts_as_placed() -> None:
    # R19, X5: a batch of 0 is the batch
    t = table(4, *OFFER)
    t.take(0, "d3_score_castillo")
    t.place(0)
    assert all(m["type"] != "place_caballeros" for m in t.legal(0))


def test_special_action_is_optional_and_the_card_is_still_discarded() -> None:
    # R21, X6, R22: taking a card only to deny it is legal
    t = table(4, *OFFER)
    t.take(0, "d3_score_castillo")
    t.end(0)
    assert "d3_score_castillo.1" in t.view()["discard"]
    assert t.view()["active"] == 1
    assert not events_of(t.events, "action_declared")


def test_king_card_is_not_discarded() -> None:
    # R22, R15: the King card returns to stack 5
    t = table(4, *OFFER)
    t.take(0, "d5_king")
    t.end(0)
    assert "d5_king.1" not in t.view()["discard"]


def test_veto_card_is_held_not_discarded() -> None:
    # R22, V1: a Veto stays in front of its taker
    t = table(4, *OFFER)
    t.take(0, "d2_veto")
    t.end(0)
    assert "d2_veto.1" not in t.view()["discard"]
    assert [(v["seat"], v["card"]) for v in t.view(None)["vetos"]] == [(0, "d2_veto.1")]


def test_not_your_turn_for_the_others() -> None:
    # R14: only the active player acts in the turn phase
    t = table(4, *OFFER)
    assert list(t.due()) == [0]
    assert G.legal_moves(t.state, 1) == []


def test_a_turn_with_nothing_left_to_do_ends_by_itself() -> None:
    # R34: the Grande stands in the King's region (no legal declaration) and the court is empty
    t = table(4, *OFFER[:3], "d4_move_grande")
    t.grande(0, t.view()["king"])
    t.arrange(0, {"aragon": 1}, court=0)
    t.take(0, "d4_move_grande")
    assert t.view()["active"] == 1
