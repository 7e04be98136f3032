"""Tests option grande_counts_one (O-M1, O-M2; E34, E35; R41, R52)."""

from __future__ import annotations

from dataclasses import replace

from engine.elgrande.defaults import default_move
from engine.elgrande.scores import score_event
from engine.elgrande.state import Group

from .scenario import GR, B, R, Table, Y, events_of, table

OPTION = {"grande_counts_one": True}


def home_batch(*, king: str = "aragon", court: int = 7, card: str = "d3_score_castillo") -> Table:
    """Returns a table where R (home catalonia, `court` in court) has taken `card` and owes the batch."""
    t = table(4, card, options=OPTION)
    t.king(king)
    t.grande(R, "catalonia")
    t.arrange(R, {}, court=court)
    t.take(R, card)
    return t


def test_e34_a_grande_ties_its_owner_with_a_rival() -> None:
    # E34, O-M1: aragon 5/4/1, R's Grande there, R2 B3 -> C: R3 B3 -> tie -> R4 B4, no home bonus
    t = table(4, "d2_score_any_region", options=OPTION)
    t.clear()
    t.king("galicia")
    t.grande(R, "aragon")
    t.grande(B, "seville")
    t.arrange(R, {"aragon": 2})
    t.arrange(B, {"aragon": 3})
    assert score_event(t.state, 3, "special")["points"] == [4, 4, 0, 0]


def test_e35_a_lone_grande_ranks_its_owner_with_one() -> None:
    # E35, O-M1, R52: Y's Grande alone in catalonia (4/2/1) -> C: Y1 -> 4 + 2 (home bonus) = 6
    t = table(4, "d2_score_any_region", options=OPTION)
    t.clear()
    t.king("galicia")
    t.grande(Y, "catalonia")
    t.take(R, "d2_score_any_region")
    new = t.declare(R, area="catalonia")
    assert events_of(new, "area_scored")[0]["points"] == [0, 0, 6, 0]


def test_without_the_option_a_lone_grande_pays_nobody() -> None:
    # R41, R52: in the base game the Grande never counts; the empty area is not scored
    t = table(4, "d2_score_any_region")
    t.clear()
    t.king("galicia")
    t.grande(Y, "catalonia")
    t.take(R, "d2_score_any_region")
    new = t.declare(R, area="catalonia")
    assert not events_of(new, "area_scored")


def test_a_grande_counts_for_the_kings_bonus() -> None:
    # O-M1: ranks, the King's bonus and the home bonus use C with the Grande
    t = table(4, "d2_score_any_region", options=OPTION)
    t.clear()
    t.king("new_castile")
    t.grande(GR, "new_castile")  # a Grande never enters the King's region by a move; arranged here
    t.arrange(GR, {"new_castile": 2})
    t.arrange(R, {"new_castile": 2})
    # C: G3 R2 -> G 7 + 2 (King) + 2 (home), R 4
    assert score_event(t.state, 6, "special")["points"] == [4, 0, 0, 11]


def test_most_and_fewest_count_caballeros_only() -> None:
    # O-M1: region totals for d3_score_most / d3_score_fewest count caballeros only
    t = table(4, "d3_score_most", options=OPTION)
    t.clear()
    t.king("galicia")
    t.arrange(R, {"aragon": 2, "seville": 2})
    t.grande(B, "aragon")
    t.grande(Y, "aragon")
    t.take(R, "d3_score_most")
    new = t.declare(R)
    assert [e["area"] for e in events_of(new, "area_scored")] == ["aragon", "seville"]


def test_batch_wholly_at_home_may_hold_heads_plus_one() -> None:
    # O-M2: a batch entirely into the home region may hold heads + 1
    t = home_batch()
    t.place(R, catalonia=4)
    assert t.count("catalonia", R) == 4


def test_the_bonus_needs_the_whole_batch_at_home() -> None:
    # O-M2: none to the Castillo or elsewhere; otherwise heads is the limit
    t = home_batch()
    err = t.refuse(R, {"type": "place_caballeros", "to": {"catalonia": 3, "castillo": 1}})
    assert err.rule == "R20"
    err = t.refuse(R, {"type": "place_caballeros", "to": {"catalonia": 5}})
    assert err.rule == "R20"


def test_the_home_bonus_placement_is_limited_by_the_court() -> None:
    # O-M2 with R20: min(heads + 1, court)
    t = home_batch(court=3)
    assert t.refuse(R, {"type": "place_caballeros", "to": {"catalonia": 4}}).rule == "R20"


def test_the_home_region_must_be_adjacent_to_the_king() -> None:
    # O-M2: "The home region must be adjacent to the King's region as usual"
    t = home_batch(king="galicia")
    assert t.refuse(R, {"type": "place_caballeros", "to": {"catalonia": 1}}).rule == "R20"


def test_legal_moves_offer_the_extra_home_caballero() -> None:
    # O-M2: building the batch click by click reaches heads + 1 at home, and only there
    t = home_batch()
    partial = {"type": "place_caballeros", "to": {"catalonia": 3}}
    grown = [m["to"] for m in t.legal(R, partial)]
    assert grown == [{"catalonia": 4}]
    assert t.legal(R, {"type": "place_caballeros", "to": {"catalonia": 2, "castillo": 1}}) == []


def test_a_special_placement_is_not_a_batch() -> None:
    # O-M2: "placed by the normal heads rule (not by a special action)": d1_place_two_anywhere stays 2
    t = home_batch(card="d1_place_two_anywhere")
    assert t.refuse(R, {"type": "declare_action", "places": ["catalonia"] * 3}).rule == "§1.6"


def test_the_default_disc_uses_counts_with_the_grande() -> None:
    # O-M1, D7: "sole leader" is computed with every active option
    t = table(4, "d3_score_castillo", options=OPTION)
    t.clear()
    t.king("galicia")
    t.grande(R, "aragon")
    t.arrange(R, {"aragon": 1, "castillo": 1})
    t.arrange(B, {"aragon": 1})
    s = replace(t.state, phase="scoring", turn=None, group=Group("castillo_disc", (R,), t.state.n))
    assert default_move(s, R)["region"] == "aragon"
