"""Scenario tests for option france (O-F1 … O-F10, E32, E33, M1-M5, R28, R29) and its slots."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest

from engine.elgrande import data
from engine.elgrande.groups import legal_choices
from engine.elgrande.scores import general_scoring_events
from engine.elgrande.state import State
from engine.errors import IllegalMove, MalformedMove, RuleViolation
from tests.conformance import fold, random_move
from tests.engine.elgrande.kit import at_turn, count, declare, game, of_type, play, position, start
from tests.engine.elgrande.test_reachability import clicks, unreachable

Json = dict[str, Any]
FREE = -1


def france(
    slots: tuple[int, int, int] = (FREE, FREE, FREE),
    board: dict[str, list[int]] | None = None,
    *,
    seats: int = 4,
    king: str = "granada",
    court: list[int] | None = None,
    **options: Any,
) -> State:
    """Returns a France game whose board is `board` plus France's slots `slots` (owners or FREE)."""
    rows = dict(board or {})
    rows["france"] = [sum(1 for p in slots if p == seat) for seat in range(seats)]
    s = start(seats, "france", france=True, **options)
    return position(s, rows, king=king, court=court or [5] * seats, slots=slots)


def mv(seat: int, src: str, dst: str) -> Json:
    return {"seat": seat, "from": src, "to": dst}


def slots_of(s: State) -> dict[str, int | None]:
    out: dict[str, int | None] = game.view(s, None)["areas"]["france"]["slots"]
    return out


def consistent(s: State) -> bool:
    return all(sum(1 for p in s.slots if p == seat) == s.board[data.FRANCE][seat] for seat in range(s.seats))


# O-F1: France, region 10, without region card; King and Grandes never enter it.


def test_france_is_a_tenth_region_without_a_region_card() -> None:
    # O-F1, §0.2: france joins the regions (idx 10); the region cards are the nine base regions only
    events = game.setup(5, {"france": True}, "deck")
    first = events[0]
    assert first["options"]["france"] is True
    assert "france" not in first["region_cards"] and len(first["region_cards"]) == 9
    assert first["king"] != "france" and "france" not in first["homes"]
    s = start(4, "deck", france=True)
    assert s.regions == (*data.BASE_REGIONS, data.FRANCE)
    assert list(game.view(s, None)["areas"])[-1] == "france"


def test_france_appears_only_when_the_option_is_on() -> None:
    # O-F1, §9: the base game has no france area, and its game_started records no france option
    s = start(4, "base")
    assert "france" not in game.view(s, None)["areas"]
    assert "france" not in game.setup(4, {}, "base")[0]["options"]
    with pytest.raises(MalformedMove):
        play(
            at_turn(position(s, king="aragon", court=[5] * 4), 0, "d4_eviction"),
            0,
            {
                "type": "place_caballeros",
                "to": {"france_plain": 1},
            },
        )


def test_the_king_card_never_chooses_france() -> None:
    # R28, O-F1
    s = at_turn(france(king="aragon"), 0, "d5_king")
    assert {"type": "declare_action", "area": "france"} not in game.legal_moves(s, 0)
    with pytest.raises(IllegalMove, match=r"the King never enters france \(R28\)"):
        declare(s, 0, area="france")


def test_the_royal_adviser_never_moves_the_king_to_france() -> None:
    # R28, O-F1, O-F2: france is adjacent to aragon, yet never the King's destination
    s = at_turn(france(king="aragon"), 0, "d4_royal_adviser")
    areas = [m["area"] for m in game.legal_moves(s, 0) if m["type"] == "declare_action"]
    assert areas == ["basque_country", "catalonia", "old_castile", "new_castile", "valencia"]
    with pytest.raises(IllegalMove, match="R28"):
        declare(s, 0, area="france")


def test_a_grande_never_enters_france() -> None:
    # R29, O-F1
    s = at_turn(france(), 0, "d4_move_grande")
    assert {"type": "declare_action", "area": "france"} not in game.legal_moves(s, 0)
    with pytest.raises(IllegalMove, match=r"a Grande never enters france \(R29\)"):
        declare(s, 0, area="france")


# O-F2: edges france-aragon and france-catalonia.


def test_france_neighbours_aragon_and_catalonia() -> None:
    # O-F2, §1.2
    areas = game.view(france(), None)["areas"]
    assert areas["france"]["neighbours"] == ["aragon", "catalonia"]
    assert "france" in areas["aragon"]["neighbours"] and "france" in areas["catalonia"]["neighbours"]
    assert "france" not in areas["valencia"]["neighbours"]


@pytest.mark.parametrize("king", ["aragon", "catalonia"])
def test_the_batch_may_enter_france_next_to_the_king(king: str) -> None:
    # O-F2, R20: the King in aragon or catalonia allows the batch into France
    s = at_turn(france(king=king), 0, "d3_score_castillo")
    s2, events = play(s, 0, {"type": "place_caballeros", "to": {"france_ambassador": 1, "france_plain": 1}})
    assert events[0]["moves"] == [[0, "court", "france_ambassador", 1], [0, "court", "france_plain", 1]]
    assert s2.slots == (0, FREE, 0) and count(s2, "france", 0) == 2


def test_the_batch_may_not_enter_france_far_from_the_king() -> None:
    # O-F2, R20
    s = at_turn(france(king="valencia"), 0, "d3_score_castillo")
    with pytest.raises(IllegalMove, match="R20"):
        play(s, 0, {"type": "place_caballeros", "to": {"france_envoy": 1}})


# O-F3: values 3/1/0; a scoreboard may lie on France.


def test_france_scores_three_one_zero_and_takes_a_scoreboard() -> None:
    # O-F3, §1.3
    s = at_turn(france(), 0, "d4_mobile_scoreboard")
    assert game.view(s, None)["areas"]["france"]["values"] == [3, 1, 0]
    assert {"type": "declare_action", "scoreboard": "sb_8_4_0", "area": "france"} in game.legal_moves(s, 0)
    s2, _ = declare(s, 0, scoreboard="sb_8_4_0", area="france")
    assert game.view(s2, None)["areas"]["france"]["values"] == [8, 4, 0]


# O-F4: three slots; an entry names a free slot; at most 3; no moving between slots.


def test_an_entry_must_name_a_slot() -> None:
    # O-F4: a caballero entering France takes a slot chosen by the player
    s = at_turn(france(king="aragon"), 0, "d3_score_castillo")
    with pytest.raises(
        IllegalMove, match=r"free slot: france_ambassador, france_envoy, france_plain \(O-F4\)"
    ):
        play(s, 0, {"type": "place_caballeros", "to": {"france": 1}})


def test_a_slot_holds_one_caballero() -> None:
    # O-F4
    s = at_turn(france(king="aragon"), 0, "d3_score_castillo")
    with pytest.raises(IllegalMove, match="O-F4"):
        play(s, 0, {"type": "place_caballeros", "to": {"france_plain": 2}})


def test_a_taken_slot_cannot_be_entered() -> None:
    # O-F4, O-F4b: France holds at most 3, one per slot
    s = at_turn(france((1, FREE, FREE), {"aragon": [2, 0, 0, 0]}), 0, "d1_move_four_any")
    with pytest.raises(IllegalMove, match=r"france_ambassador is taken by seat 1.*\(O-F4b\)"):
        declare(s, 0, moves=[mv(0, "aragon", "france_ambassador")])


def test_a_full_france_takes_no_more() -> None:
    # O-F4: an entry that would exceed 3 is illegal
    s = at_turn(france((1, 2, 3), {"aragon": [2, 0, 0, 0]}), 0, "d1_place_two_anywhere")
    places = [m["places"][0] for m in game.legal_moves(s, 0, {"type": "declare_action", "places": []})]
    assert not [p for p in places if p.startswith("france")]
    with pytest.raises(IllegalMove, match="none is free"):
        declare(s, 0, places=["france"])


def test_no_moving_between_slots() -> None:
    # O-F4: there is no moving between slots (a move leaves France for another area, X30)
    s = at_turn(france((0, FREE, FREE)), 0, "d1_move_four_own")
    with pytest.raises(IllegalMove, match="X30"):
        declare(s, 0, moves=[mv(0, "france_ambassador", "france_envoy")])


def test_a_special_placement_names_its_slot() -> None:
    # O-F4, O-F7: d1_place_two_anywhere may go into France, on free slots
    s = at_turn(france((1, FREE, FREE)), 0, "d1_place_two_anywhere")
    s2, events = declare(s, 0, places=["france_envoy", "france_plain"])
    assert of_type(events, "caballeros_moved")[0]["moves"] == [
        [0, "court", "france_envoy", 1],
        [0, "court", "france_plain", 1],
    ]
    assert s2.slots == (1, 0, 0) and consistent(s2)


# O-F4a: which slot is left.


def test_a_move_out_of_france_names_the_slot() -> None:
    # O-F4a: the declaration names the slot of each caballero it takes
    s = at_turn(france((1, 0, 1)), 0, "d1_move_three_any")
    s2, events = declare(s, 0, moves=[mv(1, "france_plain", "aragon")])
    assert of_type(events, "caballeros_moved")[0]["moves"] == [[1, "france_plain", "aragon", 1]]
    assert s2.slots == (1, 0, FREE) and count(s2, "aragon", 1) == 1


def test_a_move_out_of_france_without_a_slot_is_refused() -> None:
    # O-F4a
    s = at_turn(france((1, 0, 1)), 0, "d1_move_three_any")
    with pytest.raises(IllegalMove, match=r"named by its slot.*\(O-F4a\)"):
        declare(s, 0, moves=[mv(1, "france", "aragon")])


def test_a_move_must_take_the_owner_of_the_slot() -> None:
    # O-F4a: seat 1 has a caballero in France, but not on the envoy slot
    s = at_turn(france((1, 0, FREE)), 0, "d1_move_three_any")
    with pytest.raises(IllegalMove, match=r"seat 1 has no caballero to take from france_envoy \(O-F4a\)"):
        declare(s, 0, moves=[mv(1, "france_envoy", "aragon")])


def test_king_returns_vacates_plain_then_envoy_then_ambassador() -> None:
    # O-F4a, M6, D11: seat 1's only caballeros stand on all three slots; it returns them all
    s = at_turn(france((1, 1, 1), court=[5, 0, 0, 0]), 0, "d2_king_returns")
    s2, events = declare(s, 0)
    moved = of_type(events, "caballeros_moved")[0]["moves"]
    assert moved == [
        [1, "france_plain", "province", 1],
        [1, "france_envoy", "province", 1],
        [
            1,
            "france_ambassador",
            "province",
            1,
        ],
    ]
    assert s2.slots == (FREE, FREE, FREE) and consistent(s2)


def test_king_returns_choice_names_france_and_leaves_the_plain_slot_first() -> None:
    # O-F4a, M6: the owner's sources say "france"; the event names the slots vacated
    s = at_turn(france((1, 2, 1), {"aragon": [0, 3, 0, 0]}, court=[5, 0, 0, 0]), 0, "d2_king_returns")
    s, _ = declare(s, 0)
    options = game.legal_moves(s, 1)
    assert {"type": "return_caballeros", "sources": ["aragon", "france", "france"]} in options
    assert game.pending(s).keys() == {1}  # M8: seat 2's one caballero (the envoy) is forced
    s, events = play(s, 1, {"type": "return_caballeros", "sources": ["france", "aragon", "aragon"]})
    moved = of_type(events, "caballeros_moved")[0]["moves"]
    assert moved == [
        [1, "aragon", "province", 2],
        [1, "france_plain", "province", 1],
        [2, "france_envoy", "province", 1],
    ]
    assert s.slots == (1, FREE, FREE) and consistent(s)


def test_the_default_king_returns_choice_from_france_keeps_the_ambassador() -> None:
    # D11, O-F4a: the default takes from the largest stack; France's exits are automatic
    s = at_turn(france((1, 1, 1), {"aragon": [0, 1, 0, 0]}, court=[5, 0, 0, 0]), 0, "d2_king_returns")
    s, _ = declare(s, 0)
    move = game.default_move(s, 1)
    assert move["sources"] == ["aragon", "france", "france"]  # 3 in France, then 2 vs 1, then the tie: aragon
    s, events = play(s, 1, move)
    moved = of_type(events, "caballeros_moved")[0]["moves"]
    assert moved == [
        [1, "aragon", "province", 1],
        [1, "france_plain", "province", 1],
        [1, "france_envoy", "province", 1],
    ]
    assert s.slots == (1, FREE, FREE) and consistent(s)


def test_court_supplement_from_france_vacates_the_plain_slot_first() -> None:
    # O-F4a, R17: a court supplement from France says "france"
    s = at_turn(france((0, FREE, 0), court=[28, 5, 5, 5]), 0, "d3_score_castillo")  # an empty province
    assert s.turn is not None and s.province[0] == 0
    s = replace(s, turn=replace(s.turn, stage="supplement", shortfall=2))
    assert {"type": "supplement_court", "from": {"france": 1}, "complete": True} in game.legal_moves(
        s, 0, {"type": "supplement_court", "from": {}}
    )
    s2, events = play(s, 0, {"type": "supplement_court", "from": {"france": 1}})
    assert events[0]["moves"] == [[0, "france_plain", "court", 1]]
    assert s2.slots == (0, FREE, FREE) and consistent(s2)
    with pytest.raises(IllegalMove, match="O-F4a"):
        play(s, 0, {"type": "supplement_court", "from": {"france_ambassador": 1}})


def test_the_court_card_supplement_from_france_vacates_the_envoy_before_the_ambassador() -> None:
    # O-F4a, d4_court_two: the supplement is part of the declaration
    s = at_turn(france((0, 0, FREE)), 0, "d4_court_two")
    s = position(s, {"france": [2, 0, 0, 0]}, court=[28, 5, 5, 5], slots=(0, 0, FREE))
    s2, events = declare(s, 0, supplement={"france": 1})
    assert of_type(events, "action_declared")[0]["action"] == {"supplement": {"france": 1}}
    assert of_type(events, "caballeros_moved")[0]["moves"] == [[0, "france_envoy", "court", 1]]
    assert s2.slots == (0, FREE, FREE)


# O-F4b: capacity and slots step by step; d1_move_own_region's put-back keeps its slot.


def test_a_slot_left_by_an_earlier_step_may_be_entered_later() -> None:
    # O-F4b
    s = at_turn(france((1, 2, 3), {"aragon": [2, 0, 0, 0]}, seats=4), 0, "d1_move_four_any")
    s2, _ = declare(s, 0, moves=[mv(1, "france_ambassador", "aragon"), mv(0, "aragon", "france_ambassador")])
    assert s2.slots == (0, 2, 3) and consistent(s2)


def test_a_slot_is_not_free_before_the_step_that_leaves_it() -> None:
    # O-F4b: the declared order counts
    s = at_turn(france((1, 2, 3), {"aragon": [2, 0, 0, 0]}), 0, "d1_move_four_any")
    with pytest.raises(IllegalMove, match="O-F4b"):
        declare(s, 0, moves=[mv(0, "aragon", "france_ambassador"), mv(1, "france_ambassador", "aragon")])


def test_a_caballero_that_entered_france_does_not_leave_in_the_same_action() -> None:
    # O-F4b with X30: each cube moves at most once per action
    s = at_turn(france((1, FREE, FREE), {"aragon": [0, 1, 0, 0]}), 0, "d1_move_four_any")
    with pytest.raises(IllegalMove, match="O-F4a"):
        declare(s, 0, moves=[mv(1, "aragon", "france_plain"), mv(1, "france_plain", "catalonia")])


def test_move_own_region_put_back_keeps_its_slot() -> None:
    # O-F4b, X31: the caballero put back into France (not moved) keeps the ambassador slot
    s = at_turn(france((0, 0, 1)), 0, "d1_move_own_region")
    s2, events = declare(s, 0, moves=[mv(0, "france_envoy", "valencia")])
    assert of_type(events, "caballeros_moved")[0]["moves"] == [[0, "france_envoy", "valencia", 1]]
    assert s2.slots == (0, FREE, 1)


def test_france_is_one_source_region_across_its_slots() -> None:
    # X43, O-F4: France's slots are one region
    s = at_turn(france((0, 0, FREE), {"aragon": [1, 0, 0, 0]}), 0, "d1_move_five_from_region")
    s2, _ = declare(s, 0, moves=[mv(0, "france_envoy", "valencia"), mv(0, "france_ambassador", "castillo")])
    assert s2.slots == (FREE, FREE, FREE)
    with pytest.raises(IllegalMove, match="X43"):
        declare(s, 0, moves=[mv(0, "france_envoy", "valencia"), mv(0, "aragon", "castillo")])


# O-F5, E32, E33: majority on 3/1/0, then +2 ambassador and +1 envoy, in every scoring.


def _score(s: State, area: str = "france") -> list[int]:
    s = at_turn(s, 0, "d2_score_any_region")
    _, events = declare(s, 0, area=area)
    points: list[int] = of_type(events, "area_scored")[0]["points"]
    return points


def test_e32_ambassador_and_envoy_with_the_majority() -> None:
    # E32, O-F5: R ambassador + envoy, B plain; n = 4 → R 3+2+1 = 6, B 1
    assert _score(france((0, 0, 1))) == [6, 1, 0, 0]


def test_e33_a_three_way_tie_still_pays_the_slots() -> None:
    # E33, O-F5: R ambassador, B envoy, Y plain → tie at 1 → rank 2 → 1 each; R3 B2 Y1
    assert _score(france((0, 1, 2))) == [3, 2, 1, 0]


def test_slot_bonuses_are_paid_in_first_places_mode() -> None:
    # O-F5 (ruling), R47: only the first value is paid, the slot bonuses still are
    s = at_turn(france((1, 0, 1), {"aragon": [1, 0, 0, 0]}), 0, "d3_score_first_places")
    _, events = declare(s, 0)
    scored = {e["area"]: e["points"] for e in of_type(events, "area_scored")}
    assert scored["france"] == [1, 3 + 2, 0, 0]
    assert list(scored)[-1] == "france"  # R51, O-F8: id order, France last


def test_slot_bonuses_with_a_scoreboard_on_france() -> None:
    # O-F3, O-F5: the scoreboard replaces 3/1/0; the slot bonuses stay
    s = france((0, 1, FREE))
    s = position(s, scoreboards=(data.FRANCE, -1), slots=s.slots)
    assert _score(s) == [4 + 2, 4 + 1, 0, 0]  # R and B tie at 1 → rank 2 → 4 each (8/4/0)


def test_two_players_france_pays_only_the_first_rank_and_the_slots() -> None:
    # O-F5, R42: n = 2 pays one rank
    assert _score(france((1, 0, 0), seats=2)) == [3 + 1, 2]


# O-F6: France is never a disc choice.


def test_castillo_disc_never_offers_france() -> None:
    # O-F6, M1: Castillo caballeros may never go to France
    s = at_turn(france((1, FREE, FREE), {"castillo": [2, 0, 0, 0]}), 0, "d3_score_castillo")
    s = position(s, phase="scoring", turn=None, group=None, slots=s.slots)
    assert "france" not in legal_choices(s, "castillo_disc", None, 0)


def test_eviction_destinations_never_include_france() -> None:
    # O-F6, M2, D8
    s = at_turn(france((FREE, FREE, FREE), {"aragon": [0, 2, 2, 0]}), 0, "d4_eviction")
    s, events = declare(s, 0, area="aragon")
    assert of_type(events, "decision_opened")[0]["members"] == [1, 2]
    for seat in (1, 2):
        regions = [m["region"] for m in game.legal_moves(s, seat)]
        assert "france" not in regions and "aragon" not in regions
        assert game.default_move(s, seat)["region"] != "france"
    with pytest.raises(IllegalMove, match="X23"):
        play(s, 1, {"type": "choose_region", "region": "france"})


def test_secret_returns_never_touch_france() -> None:
    # O-F6, M3, M4: France is not on the disc, so a player only in France is not asked
    for card in ("d2_secret_return_two", "d2_secret_return_all"):
        s = at_turn(france((1, 1, 2), {"aragon": [0, 0, 1, 0]}), 0, card)
        s2, events = declare(s, 0)
        kinds = [e["kind"] for e in events if e["type"] in ("decision_opened", "choices_revealed")]
        assert kinds, card
        assert s2.slots == (1, 1, 2)  # seat 2 (forced: aragon) returns from aragon only
        assert count(s2, "aragon", 2) == 0 and count(s2, "france", 1) == 2


def test_secret_scoring_disc_never_offers_france() -> None:
    # O-F6, M5, D12
    s = at_turn(france((0, 0, 0)), 0, "d4_secret_scoring")
    s, _ = declare(s, 0)
    for seat in range(4):
        regions = [m["region"] for m in game.legal_moves(s, seat)]
        assert len(regions) == 9 and "france" not in regions
        assert game.default_move(s, seat)["region"] != "france"


def test_castillo_disc_default_picks_a_legal_region() -> None:
    # D7, O-F6: the default is a region where the seat leads, never France
    s = at_turn(france((0, 0, 0), {"castillo": [1, 0, 0, 0]}), 0, "d3_score_castillo", order=[1, 2, 3, 0])
    s = position(s, round_index=2, slots=s.slots)
    s, _ = play(s, 0, {"type": "end_turn"})
    assert game.pending(s)[0]["kind"] == "castillo_disc"
    assert game.default_move(s, 0)["region"] == "galicia"  # seat 0 leads only France: the first legal region


# O-F7: otherwise an ordinary region.


def test_france_may_be_the_eviction_region() -> None:
    # O-F7, O-F4a: the evicted opponents leave their slots; the taker's caballero stays
    s = at_turn(france((1, 0, 2)), 0, "d4_eviction")
    s, _ = declare(s, 0, area="france")
    s, _ = play(s, 1, {"type": "choose_region", "region": "galicia"})
    s, events = play(s, 2, {"type": "choose_region", "region": "seville"})
    assert of_type(events, "caballeros_moved")[0]["moves"] == [
        [1, "france_ambassador", "galicia", 1],
        [2, "france_plain", "seville", 1],
    ]
    assert s.slots == (FREE, 0, FREE) and consistent(s)


def test_france_is_a_candidate_for_most_and_fewest() -> None:
    # O-F7, X25
    board = {"aragon": [1, 1, 0, 0], "galicia": [2, 0, 0, 0]}
    s = at_turn(france((0, 1, 2), board), 0, "d3_score_most")
    _, events = declare(s, 0)
    assert [e["area"] for e in of_type(events, "area_scored")] == ["france"]
    s = at_turn(france((0, FREE, FREE), board), 0, "d3_score_fewest")
    _, events = declare(s, 0)
    assert [e["area"] for e in of_type(events, "area_scored")] == ["france"]


def test_france_may_be_scored_by_any_region_cards() -> None:
    # O-F7: d2/d3_score_any_region may choose France
    for card in ("d2_score_any_region", "d3_score_any_region"):
        s = at_turn(france((2, FREE, FREE)), 0, card)
        assert {"type": "declare_action", "area": "france"} in game.legal_moves(s, 0)


def test_moves_may_take_from_and_put_into_france() -> None:
    # O-F7 with d1_move_three_foreign
    s = at_turn(france((1, FREE, 2), {"aragon": [0, 1, 0, 0]}), 0, "d1_move_three_foreign")
    s2, _ = declare(s, 0, moves=[mv(1, "aragon", "france_envoy"), mv(2, "france_plain", "castillo")])
    assert s2.slots == (1, 1, FREE) and consistent(s2)


# O-F8: France is scored after granada in a general scoring.


def test_general_scoring_scores_france_after_granada() -> None:
    # O-F8, R39, X13
    s = france((1, 1, 0), {"granada": [0, 1, 0, 0], "galicia": [1, 0, 0, 0]}, king="aragon")
    events = general_scoring_events(s, {})
    scored = {e["area"]: e["points"] for e in events if e["type"] == "area_scored"}
    assert list(scored) == ["galicia", "granada", "france"]
    assert scored["france"] == [1, 3 + 2 + 1, 0, 0]


def test_general_scoring_after_round_three_reaches_france() -> None:
    # O-F8 through the game: the last turn of round 3 ends, nobody is in the Castillo
    s = at_turn(france((2, FREE, FREE)), 0, "d3_score_castillo", order=[1, 2, 3, 0])
    s = position(s, round_index=2, slots=s.slots)
    _, events = play(s, 0, {"type": "end_turn"})
    scored = [e for e in of_type(events, "area_scored") if e["area"] == "france"]
    assert scored and scored[0]["points"] == [0, 0, 3 + 2, 0]


# O-F10: d2_one_of_your_choice names the slot.


def test_one_of_your_choice_names_the_slot() -> None:
    # O-F10, X16
    s = at_turn(france((1, 0, 1), {"aragon": [0, 0, 1, 0]}), 0, "d2_one_of_your_choice")
    removals = [{"seat": 0, "region": "france_envoy"}, {"seat": 1, "region": "france_ambassador"}]
    removals.append({"seat": 2, "region": "aragon"})
    s2, events = declare(s, 0, removals=removals)
    assert of_type(events, "caballeros_moved")[0]["moves"] == [
        [0, "france_envoy", "province", 1],
        [1, "france_ambassador", "province", 1],
        [2, "aragon", "province", 1],
    ]
    assert s2.slots == (FREE, FREE, 1) and consistent(s2)


def test_one_of_your_choice_refuses_a_bare_france_or_a_foreign_slot() -> None:
    # O-F10
    s = at_turn(france((1, 0, 1)), 0, "d2_one_of_your_choice")
    with pytest.raises(IllegalMove, match="O-F10"):
        declare(s, 0, removals=[{"seat": 0, "region": "france"}, {"seat": 1, "region": "france_plain"}])
    with pytest.raises(IllegalMove, match="O-F10"):
        declare(s, 0, removals=[{"seat": 0, "region": "france_plain"}, {"seat": 1, "region": "france_envoy"}])


def test_one_of_your_choice_offers_each_occupied_slot() -> None:
    # O-F10: legal_moves lists one removal per slot of the player
    s = at_turn(france((1, 0, 1)), 0, "d2_one_of_your_choice")
    options = game.legal_moves(s, 0, {"type": "declare_action", "removals": []})
    assert sorted((m["removals"][0]["seat"], m["removals"][0]["region"]) for m in options) == [
        (0, "france_envoy"),
        (1, "france_ambassador"),
        (1, "france_plain"),
    ]


# legal_moves offers exactly the legal slots.


@pytest.mark.parametrize("region", ["france", "france_envoy"])
def test_a_removal_prefix_with_a_wrong_slot_is_refused(region: str) -> None:
    # O-F10, contract: legal_moves refuses a prefix decide would refuse (seat 1 holds ambassador and plain)
    s = at_turn(france((1, 0, 1)), 0, "d2_one_of_your_choice")
    with pytest.raises(IllegalMove, match="O-F10"):
        game.legal_moves(s, 0, {"type": "declare_action", "removals": [{"seat": 1, "region": region}]})


def test_destinations_offer_only_free_slots() -> None:
    # O-F4, O-F4b: a move destination list names each free slot, never "france" or a taken slot
    s = at_turn(france((1, FREE, FREE), {"aragon": [1, 0, 0, 0]}), 0, "d1_move_four_any")
    partial = {"type": "declare_action", "moves": [{"seat": 0, "from": "aragon"}]}
    dests = [m["moves"][-1]["to"] for m in game.legal_moves(s, 0, partial)]
    assert [d for d in dests if d.startswith("france")] == ["france_envoy", "france_plain"]
    partial = {
        "type": "declare_action",
        "moves": [mv(1, "france_ambassador", "aragon"), {"seat": 0, "from": "aragon"}],
    }
    dests = [m["moves"][-1]["to"] for m in game.legal_moves(s, 0, partial)]
    assert [d for d in dests if d.startswith("france")] == [
        "france_ambassador",
        "france_envoy",
        "france_plain",
    ]


def test_sources_offer_each_occupied_slot_of_the_owner() -> None:
    # O-F4a: sources in France are the slots held by that owner
    s = at_turn(france((1, 0, 1)), 0, "d1_move_four_any")
    starts = [m["moves"][-1] for m in game.legal_moves(s, 0, {"type": "declare_action", "moves": []})]
    assert {"seat": 1, "from": "france_ambassador"} in starts and {
        "seat": 1,
        "from": "france_plain",
    } in starts
    assert {"seat": 0, "from": "france_envoy"} in starts
    assert not [m for m in starts if m["from"] == "france"]


def test_batch_extensions_offer_only_free_slots() -> None:
    # O-F2, O-F4: the batch names free slots, each at most once
    s = at_turn(france((1, FREE, FREE), king="catalonia"), 0, "d3_score_castillo")
    grown = game.legal_moves(s, 0, {"type": "place_caballeros", "to": {"france_envoy": 1}})
    names = {name for m in grown for name in m["to"]}
    assert "france_ambassador" not in names and "france" not in names
    assert {"france_envoy": 1, "france_plain": 1} in [m["to"] for m in grown]
    assert {"france_envoy": 2} not in [m["to"] for m in grown]


# Notation, views, summary.


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("place france_ambassador", {"type": "place_caballeros", "to": {"france_ambassador": 1}}),
        (
            "declare 1:france_envoy>aragon",
            {"type": "declare_action", "moves": [{"seat": 1, "from": "france_envoy", "to": "aragon"}]},
        ),
        (
            "declare remove 2:france_plain",
            {"type": "declare_action", "removals": [{"seat": 2, "region": "france_plain"}]},
        ),
        (
            "declare place france_plain castillo",
            {"type": "declare_action", "places": ["france_plain", "castillo"]},
        ),
        ("supplement france:2", {"type": "supplement_court", "from": {"france": 2}}),
        (
            "return court france france",
            {"type": "return_caballeros", "sources": ["court", "france", "france"]},
        ),
    ],
)
def test_notation_round_trips_slot_locations(text: str, move: Json) -> None:
    # O-F4, O-F10: slots are locations in the notation
    assert game.parse_move(text, None, 0) == [move]
    assert game.format_move(move) == text


def test_view_shows_the_slots() -> None:
    # H10, O-F4: France's slots are public
    s = france((2, FREE, 0))
    assert slots_of(s) == {"ambassador": 2, "envoy": None, "plain": 0}
    assert game.view(s, 1)["areas"]["france"]["caballeros"] == [1, 0, 1, 0]


def test_summary_shows_the_slots() -> None:
    # H10, O-F4
    lines = game.text_summary(game.view(france((2, FREE, 0)), 0))
    line = next(x for x in lines if x.strip().startswith("France"))
    assert "France 3/1/0" in line
    assert "ambassador seat 2, envoy free, plain seat 0 (you)" in line


def test_the_catalog_describes_france() -> None:
    # §9 table
    spec = game.INFO["options"]["france"]
    assert spec["type"] == "bool" and spec["default"] is False and spec["rules"] == "O-F1-O-F10"
    assert spec["excludes"] == ["inquisitor_colonies"]  # G83: the expansion's France replaces it


# The contract: every accepted move with slots is reachable click by click, and no offered one is refused.


def _france_candidates(s: State, rnd: random.Random) -> Iterator[Json]:
    """Yields random moves naming France's slots (many illegal; decide sorts them out)."""
    spots = [*data.SLOT_IDS, "france", "aragon", "catalonia", "galicia", "castillo"]
    for _ in range(12):
        owners = [rnd.randrange(s.seats) for _ in range(rnd.randint(1, 4))]
        moves = [{"seat": p, "from": rnd.choice(spots), "to": rnd.choice(spots)} for p in owners]
        yield {"type": "declare_action", "moves": moves}
        yield {"type": "declare_action", "places": [rnd.choice(spots) for _ in range(rnd.randint(1, 2))]}
        hit = rnd.sample(range(s.seats), s.seats)
        yield {"type": "declare_action", "removals": [{"seat": p, "region": rnd.choice(spots)} for p in hit]}
        yield {"type": "place_caballeros", "to": {rnd.choice(spots): 1, rnd.choice(spots): rnd.randint(1, 2)}}
        yield {"type": "supplement_court", "from": {rnd.choice(spots): rnd.randint(1, 2)}}


@pytest.mark.parametrize("seed", range(4))
def test_every_accepted_france_move_is_reachable_click_by_click(seed: int) -> None:
    # O-F4, O-F10, contract: legal_moves(partial) offers exactly the legal slots
    rnd = random.Random(seed)
    s = fold(game, game.setup(2 + seed, {"france": True}, f"reach-france-{seed}"))
    problems, accepted = [], 0
    while game.result(s) is None:
        seat = rnd.choice(sorted(game.pending(s)))
        if game.pending(s)[seat]["kind"] in ("turn_step", "supplement_court"):
            for move in _france_candidates(s, rnd):
                problems += _refused_extensions(s, seat, move)
                try:
                    game.decide(s, seat, move)
                except RuleViolation:
                    continue
                accepted += 1
                if why := unreachable(s, seat, move):
                    problems.append(f"{s.turn.card}: {move}: {why}")
                for step in _offered(s, seat, move):
                    try:
                        game.decide(s, seat, step)
                    except RuleViolation as exc:
                        problems.append(f"offered {step} is refused: {exc}")
        for event in game.decide(s, seat, random_move(game, s, seat, rnd)):
            s = game.evolve(s, event)
    assert problems == [] and accepted > 0


def _offered(s: State, seat: int, move: Json) -> list[Json]:
    """Returns the complete extensions legal_moves offers along `move`'s clicks."""
    found = clicks(move)
    if found is None:
        return []
    out = []
    for partial in found[1][:-1]:
        out += [
            {k: v for k, v in m.items() if k != "complete"}
            for m in game.legal_moves(s, seat, partial)
            if m["complete"]
        ]
    return out


def _refused_extensions(s: State, seat: int, move: Json) -> list[str]:
    """Returns the complete extensions of `move`'s prefixes that decide refuses (legal_moves may refuse a prefix)."""
    key = next((k for k in ("moves", "places", "removals") if k in move), "")
    prefixes = [{**move, key: move[key][:n]} for n in range(len(move[key]))] if key else [move]
    return [why for partial in prefixes for why in _refused(s, seat, partial)]


def _refused(s: State, seat: int, partial: Json) -> list[str]:
    try:
        options = game.legal_moves(s, seat, partial)
    except RuleViolation:
        return []
    out = []
    for m in options:
        move = {k: v for k, v in m.items() if k != "complete"}
        try:
            if m["complete"]:
                game.decide(s, seat, move)
        except RuleViolation as exc:
            out.append(f"{partial} offers {move}, refused: {exc}")
    return out
