"""Scenario tests for stack 7 (G18-G20, G63, G65, G67-G74, G76-G78, G80, G82; inquisitor_colonies).

Positions are built from a real setup with `state.change`; card data (gold, goods, heads) is never
restated here: it lives in `data.STACK7_ROW` (G12).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from engine.elgrande import data, flow, ruleset
from engine.elgrande.emitter import Emitter
from engine.elgrande.notation import format_move, parse_line
from engine.elgrande.state import NOWHERE, State, Turn, Veto, change
from engine.errors import RuleViolation
from tests.engine.elgrande.kit import declare, game, of_type, play, start, types

A = data.AREA_INDEX
Json = dict[str, Any]


def base(seats: int = 4) -> State:
    """Returns a setup with the expansion, the setup disc done, every area empty, the King in galicia."""
    s = start(seats, "stack7", inquisitor_colonies=True)
    rows = tuple((0,) * seats for _ in data.AREAS)
    return change(
        s,
        {
            "board": rows,
            "black": (0,) * data.N_AREAS,
            "cabs": (),
            "limit": NOWHERE,
            "setup_open": False,
            "group": None,
            "king": A["galicia"],
            "grandes": tuple(A[r] for r in ("aragon", "catalonia", "valencia", "seville")[:seats]),
            "court": (7,) * seats,
            "province": (data.EXPANSION_CABALLEROS - 7,) * seats,
        },
    )


def put(s: State, area: str, counts: list[int], black: int = 0) -> State:
    """Returns `s` with `counts` caballeros per seat (taken from the provinces) and `black` ones in `area`."""
    a = A[area]
    board = list(s.board)
    old = board[a]
    board[a] = tuple(counts)
    province = tuple(p - (c - o) for p, c, o in zip(s.province, counts, old, strict=True))
    blacks = list(s.black)
    blacks[a] = black
    return change(s, {"board": tuple(board), "province": province, "black": tuple(blacks)})


def turn(s: State, seat: int, card: str, *, offer: tuple[str, ...] = (), acted: bool = False) -> State:
    """Returns `s` at seat's turn_step holding the card instance `card`."""
    order = (seat, *[p for p in range(s.seats) if p != seat])
    return change(
        s,
        {
            "phase": "turns",
            "round_index": max(s.round_index, 0),
            "order": order,
            "turn_index": 0,
            "bids": tuple(13 - order.index(p) for p in range(s.seats)),
            "turn": Turn(seat=seat, stage="step", card=card, acted=acted),
            "offer": offer,
            "group": None,
        },
    )


def advance(s: State) -> tuple[State, list[Json]]:
    em = Emitter(s)
    flow.advance(em)
    return em.state, em.events


# G71: the four new regions, in that order, one step each; a region where nobody counts pays nobody (R52).
def test_new_regions_scoring_scores_the_four_new_regions_in_order() -> None:
    s = put(put(base(), "mediterranean", [2, 1, 0, 0]), "caravel", [0, 1, 0, 0])
    s = turn(s, 0, "d7_special_scoring_new_regions.1")
    assert declare(s, 0)[1][0]["areas"] == ["france", "caravel", "america", "mediterranean"]  # 4 steps
    s, events = declare(s, 0)
    scored = of_type(events, "area_scored")
    assert [e["area"] for e in scored] == ["caravel", "mediterranean"]
    assert scored[1]["points"] == [4, 2, 0, 0]  # G3: 4/2/1, ruling A4
    assert scored[0]["points"] == [0, 0, 0, 0]  # G58: the caravel's values are 0/0/0


# G70, G40, G41: step 1 puts the figure in your court, then every area with a black caballero is scored
# (the Castillo first, G55) with the black ones counting for you.
def test_inquisitor_scoring_takes_the_figure_then_scores_black_areas() -> None:
    s = put(put(base(), "castillo", [0, 1, 0, 0], black=2), "granada", [0, 2, 0, 0], black=1)
    s = change(s, {"church": 1})
    s = turn(s, 0, "d7_special_scoring_inquisitor.1")
    s, events = declare(s, 0)
    assert types(events)[:2] == ["action_declared", "figure_passed"]
    assert events[1]["from"] == 1 and s.church == 0
    scored = of_type(events, "area_scored")
    assert [e["area"] for e in scored] == ["castillo", "granada"]
    assert scored[0]["points"][0] > 0  # 2 black for seat 0 beat seat 1's 1
    assert s.board[A["castillo"]][1] == 1  # G70: its caballeros stay inside


# G70, ruling B14: vetoed from step 1, the figure stays where it is.
def test_inquisitor_scoring_vetoed_from_step_one_keeps_the_figure() -> None:
    s = put(base(), "granada", [0, 2, 0, 0], black=1)
    s = change(s, {"church": 1, "vetos": (Veto(2, "d2_veto.1", 0),)})
    s = turn(s, 0, "d7_special_scoring_inquisitor.1")
    s, _ = declare(s, 0)
    s, events = play(s, 2, {"type": "answer_veto", "answer": "veto", "from": 1})
    assert s.church == 1 and not of_type(events, "figure_passed")


# G67, ruling B15: every other Grande not in the King's region goes into the Castillo; yours stays.
def test_conspiracy_sends_the_other_grandes_into_the_castillo() -> None:
    s = base()
    s = change(s, {"grandes": (A["aragon"], A["galicia"], A["valencia"], A["seville"])})
    s = turn(s, 0, "d7_conspiracy.1")
    s, events = declare(s, 0)
    moved = of_type(events, "grande_moved")
    assert [(e["seat"], e["to"]) for e in moved] == [(2, "castillo"), (3, "castillo")]
    assert s.grandes == (A["aragon"], A["galicia"], A["castillo"], A["castillo"])


# G67: no special action moves a conspired Grande: d4_move_grande is refused and not offered.
def test_conspired_grande_cannot_be_moved_by_move_grande() -> None:
    s = change(base(), {"grandes": (A["castillo"], A["aragon"], A["valencia"], A["seville"])})
    s = turn(s, 0, "d4_move_grande.1")
    with pytest.raises(RuleViolation) as err:
        declare(s, 0, area="granada")
    assert err.value.rule == "G67"
    assert not [m for m in game.legal_moves(s, 0) if m["type"] == "declare_action"]


# G63, ruling A8: while a conspired Grande is in the Castillo, its sole leader gets the home bonus,
# whether or not his own Grande is there.
def test_castillo_home_bonus_goes_to_the_sole_leader_under_conspiracy() -> None:
    s = put(base(), "castillo", [3, 1, 0, 0])
    plain = turn(s, 0, "d3_score_castillo.1")
    without = declare(plain, 0)[1][-1]["points"]
    s = change(s, {"grandes": (A["aragon"], A["castillo"], A["valencia"], A["seville"])})
    with_grande = declare(turn(s, 0, "d3_score_castillo.1"), 0)[1][-1]["points"]
    assert with_grande[0] == without[0] + 2
    assert with_grande[1] == without[1]


# G67, G77 step 2, ruling A9: a conspired Grande's owner is a member of M1 with no caballero in the
# Castillo, and his Grande follows his disc, which is his new home region.
def test_general_scoring_frees_a_conspired_grande_to_its_disc_region() -> None:
    s = put(base(), "castillo", [1, 0, 0, 0])
    s = change(s, {"grandes": (A["aragon"], A["castillo"], A["valencia"], A["seville"]), "phase": "scoring"})
    s = change(s, {"turn": None, "round_index": 2, "order": (0, 1, 2, 3), "turn_index": 4})
    s, events = advance(s)
    assert s.group is not None and s.group.kind == "castillo_disc"
    assert set(s.group.members) == {0, 1}
    s, _ = play(s, 0, {"type": "choose_region", "region": "granada"})
    s, events = play(s, 1, {"type": "choose_region", "region": "old_castile"})
    moved = of_type(events, "grande_moved")
    assert [(e["seat"], e["from"], e["to"]) for e in moved] == [(1, "castillo", "old_castile")]
    assert s.grandes[1] == A["old_castile"]


# G72: the marker lies on a region (not the King's, not the Castillo); the card is not discarded at turn end.
def test_delayed_region_places_a_marker_that_outlives_the_turn() -> None:
    s = turn(put(base(), "granada", [1, 0, 0, 0]), 0, "d7_special_scoring_delayed_region.1")
    offered = [m.get("area") for m in game.legal_moves(s, 0) if m["type"] == "declare_action"]
    assert "galicia" not in offered and "castillo" not in offered and "america" in offered
    with pytest.raises(RuleViolation):
        declare(s, 0, area="galicia")
    with pytest.raises(RuleViolation):
        declare(s, 0, area="castillo")
    s, _ = declare(s, 0, area="granada")
    assert s.delayed == ((0, "d7_special_scoring_delayed_region.1", A["granada"], s.round_index),)
    s, _ = play(s, 0, {"type": "end_turn"})
    assert "d7_special_scoring_delayed_region.1" not in s.discard


# G19 step 5, G72: a skipped delayed scoring is discarded at turn end.
def test_skipped_delayed_region_is_discarded() -> None:
    s = turn(base(), 0, "d7_special_scoring_delayed_region.1")
    s, _ = play(s, 0, {"type": "end_turn"})
    assert "d7_special_scoring_delayed_region.1" in s.discard and not s.delayed


# G72, G76 step 2, ruling B18: the marker is scored after the last turn of the next played round,
# before the round ends, even with the King there now; then the card is discarded.
def test_delayed_marker_is_scored_at_the_end_of_the_next_round() -> None:
    s = put(base(), "granada", [2, 1, 0, 0])
    card = "d7_special_scoring_delayed_region.1"
    s = change(s, {"king": A["granada"], "phase": "turns", "turn": None, "round_index": 1})
    s = change(s, {"order": (0, 1, 2, 3), "turn_index": 4, "delayed": ((1, card, A["granada"], 0),)})
    s, events = advance(s)
    assert types(events)[:3] == ["area_scored", "delayed_marker_removed", "round_ended"]
    assert events[0]["area"] == "granada" and events[0]["points"][0] >= 2  # with the King's bonus
    assert not s.delayed and card in s.discard


# G72: a marker placed this round waits for the next one.
def test_delayed_marker_of_this_round_waits() -> None:
    s = put(base(), "granada", [2, 1, 0, 0])
    card = "d7_special_scoring_delayed_region.1"
    s = change(s, {"phase": "turns", "turn": None, "round_index": 1, "order": (0, 1, 2, 3), "turn_index": 4})
    s = change(s, {"delayed": ((1, card, A["granada"], 1),)})
    s, events = advance(s)
    assert types(events)[0] == "round_ended" and s.delayed


# G78: a marker placed in the last played round is scored after the final general scoring.
def test_delayed_marker_of_the_last_round_is_scored_at_game_end() -> None:
    s = put(base(), "granada", [2, 1, 0, 0])
    card = "d7_special_scoring_delayed_region.1"
    last = len(s.rounds) - 1
    s = change(
        s, {"phase": "scoring", "turn": None, "round_index": last, "order": (0, 1, 2, 3), "turn_index": 4}
    )
    s = change(s, {"delayed": ((1, card, A["granada"], last),)})
    s, events = advance(s)
    kinds = types(events)
    end = kinds.index("general_scoring_ended")
    assert kinds[end + 1 : end + 3] == ["area_scored", "delayed_marker_removed"]
    assert kinds[-1] == "game_ended"


# G74, G68, G69, G73: taking a held card keeps it face up; taking it is the whole action of the turn,
# and it stays with its keeper at turn end (G19 step 5) and at round end (G18).
@pytest.mark.parametrize(
    "card", ["d7_doubling.1", "d7_turn_over_action_card.1", "d7_relocation_before_scoring.1"]
)
def test_held_cards_are_kept(card: str) -> None:
    s = turn(base(), 0, "", offer=(card, "d5_king.1"))
    s = change(s, {"turn": Turn(seat=0, stage="card")})
    s, _ = play(s, 0, {"type": "take_card", "card": card})
    assert s.keeps == ((0, card),) and s.turn is not None and s.turn.acted
    assert not [m for m in game.legal_moves(s, 0) if m["type"] == "declare_action"]
    s, _ = play(s, 0, {"type": "end_turn"})
    assert card not in s.discard and s.keeps == ((0, card),)


# G69, ruling A13: the keeper turns any offered card face down on his own turn; nobody may take it;
# the turn-over card is discarded after the use.
def test_turn_over_turns_an_offered_card_face_down() -> None:
    held = "d7_turn_over_action_card.1"
    s = turn(
        base(),
        0,
        "d3_score_castillo.1",
        offer=("d5_king.1", "d6_grand_inquisitor.1", "d1_move_three_any.1", "d2_veto.1"),
    )
    s = change(s, {"keeps": ((0, held),)})
    offered = [m for m in game.legal_moves(s, 0) if m["type"] == "use_turn_over"]
    assert {m["card"] for m in offered} == set(s.offer)
    s, events = play(s, 0, {"type": "use_turn_over", "card": "d5_king"})
    assert types(events) == ["action_declared", "card_turned_over"]
    assert "d5_king.1" not in s.offer and s.turned == ("d5_king.1",)
    assert not s.keeps and held in s.discard
    assert s.turn is not None and not s.turn.acted  # the turn's own special action is still there


# G69, ruling B17: no card may be turned if fewer face-up cards would remain than players still to choose.
def test_turn_over_cannot_starve_the_offer() -> None:
    s = turn(base(), 0, "d3_score_castillo.1", offer=("d5_king.1", "d2_veto.1", "d1_move_three_any.1"))
    s = change(s, {"keeps": ((0, "d7_turn_over_action_card.1"),)})
    assert not [m for m in game.legal_moves(s, 0) if m["type"] == "use_turn_over"]
    with pytest.raises(RuleViolation) as err:
        play(s, 0, {"type": "use_turn_over", "card": "d5_king"})
    assert err.value.rule == "G69"


# G69, ruling B17: the use can be vetoed; the turn-over card is discarded all the same.
def test_turn_over_vetoed_is_still_discarded() -> None:
    held = "d7_turn_over_action_card.1"
    offer = ("d5_king.1", "d6_grand_inquisitor.1", "d1_move_three_any.1", "d2_veto.2")
    s = turn(base(), 0, "d3_score_castillo.1", offer=offer)
    s = change(s, {"keeps": ((0, held),), "vetos": (Veto(1, "d2_veto.1", 0),)})
    s, _ = play(s, 0, {"type": "use_turn_over", "card": "d5_king"})
    assert s.group is not None and s.group.kind == "veto_answer"
    s, events = play(s, 1, {"type": "answer_veto", "answer": "veto"})
    assert not of_type(events, "card_turned_over") and s.offer == offer
    assert not s.keeps and held in s.discard
    assert s.turn is not None and s.turn.stage == "step" and not s.turn.acted


# G18: at round end an untaken turned stack-7 card is discarded; the turned Grand Inquisitor card is not.
def test_turned_cards_at_round_end() -> None:
    s = change(
        base(), {"phase": "turns", "turn": None, "round_index": 0, "order": (0, 1, 2, 3), "turn_index": 4}
    )
    s = change(s, {"offer": ("d1_move_three_any.1",), "turned": ("d7_conspiracy.1", "d6_grand_inquisitor.1")})
    s, _ = advance(s)
    assert "d7_conspiracy.1" in s.discard and "d6_grand_inquisitor.1" not in s.discard


# G65, G53: transport relocates up to 3 own caballeros, 1 step each, anywhere (colonies included);
# never a foreign one, never a 4th.
def test_transport_relocates_up_to_three_own() -> None:
    s = put(put(base(), "granada", [3, 2, 0, 0]), "seville", [1, 0, 0, 0])
    s = turn(s, 0, "d7_transport.1")
    with pytest.raises(RuleViolation):
        declare(s, 0, moves=[{"seat": 1, "from": "granada", "to": "america"}])
    four = [{"seat": 0, "from": "granada", "to": "america"}] * 3 + [
        {"seat": 0, "from": "seville", "to": "aragon"}
    ]
    with pytest.raises(RuleViolation):
        declare(s, 0, moves=four)
    s, events = declare(s, 0, moves=four[1:])
    assert of_type(events, "action_declared")[0]["steps"] == 3
    assert s.board[A["america"]][0] == 2 and s.board[A["aragon"]][0] == 1


# G65, G41: the holder's black caballeros are his own for transport.
def test_transport_moves_the_holders_black_caballeros() -> None:
    s = change(put(base(), "granada", [0, 0, 0, 0], black=2), {"church": 0})
    s = turn(s, 0, "d7_transport.1")
    s, _ = declare(s, 0, moves=[{"seat": "black", "from": "granada", "to": "mediterranean"}])
    assert s.black[A["mediterranean"]] == 1
    other = turn(change(s, {"church": 1}), 0, "d7_transport.1")
    with pytest.raises(RuleViolation):
        declare(other, 0, moves=[{"seat": "black", "from": "granada", "to": "aragon"}])


# G65: legal_moves offers transport as a partial family (sources, then destinations).
def test_transport_is_offered_step_by_step() -> None:
    s = turn(put(base(), "granada", [1, 0, 0, 0]), 0, "d7_transport.1")
    roots = [m for m in game.legal_moves(s, 0) if m["type"] == "declare_action"]
    assert roots == [{"type": "declare_action", "moves": []}]
    sources = game.legal_moves(s, 0, roots[0])
    assert [m["moves"] for m in sources] == [[{"seat": 0, "from": "granada"}]]
    dests = {m["moves"][0]["to"] for m in game.legal_moves(s, 0, sources[0])}
    assert {"america", "mediterranean", "caravel", "castillo"} <= dests and "galicia" not in dests


def scoring_state(
    s: State, keeps: tuple[tuple[int, str], ...], order: tuple[int, ...] = (0, 1, 2, 3)
) -> State:
    """Returns `s` at the start of a general scoring after round 3, with the held cards `keeps`."""
    return change(
        s,
        {"phase": "scoring", "turn": None, "round_index": 2, "order": order, "turn_index": 4, "keeps": keeps},
    )


# G73, G77 step 5: after the Castillo is emptied and before galicia, the keeper may relocate up to 2 own
# caballeros (offered step by step); the regions are then scored with them where they went; the card is discarded.
def test_relocation_before_scoring_moves_before_the_regions_are_scored() -> None:
    card = "d7_relocation_before_scoring.1"
    s = put(put(base(), "granada", [1, 2, 0, 0]), "seville", [2, 0, 0, 0])
    s = scoring_state(s, ((0, card),))
    s, events = advance(s)
    assert types(events) == ["decision_opened"] and events[0]["kind"] == "relocation_before_scoring"
    assert game.legal_moves(s, 0) == [{"type": "relocate_before_scoring", "moves": []}]
    grown = game.legal_moves(s, 0, {"type": "relocate_before_scoring", "moves": []})
    assert {m["moves"][0]["from"] for m in grown} == {"granada", "seville"}
    moves = [{"seat": 0, "from": "seville", "to": "granada"}] * 2
    with pytest.raises(RuleViolation):
        play(s, 0, {"type": "relocate_before_scoring", "moves": [*moves, moves[0]]})
    s, events = play(s, 0, {"type": "relocate_before_scoring", "moves": moves})
    kinds = types(events)
    assert kinds[:3] == ["choices_revealed", "caballeros_moved", "held_card_used"]
    assert events[1]["reason"] == "move"  # ruling B33: the use is a special action, a relocation (G50, G51)
    assert "general_scoring_ended" in kinds and s.phase == "bidding"  # the next round goes on
    granada = next(e for e in events if e.get("area") == "granada")
    assert granada["points"][0] > granada["points"][1]  # 3 against 2 after the relocation
    assert not s.keeps and card in s.discard and s.frame is None


# G73, G82: declining keeps the card; G73, ruling B19: keepers are asked in the turn order of the round.
def test_relocation_before_scoring_declined_keeps_the_card_and_asks_in_turn_order() -> None:
    one, two = "d7_relocation_before_scoring.1", "d7_relocation_before_scoring.2"
    s = scoring_state(put(base(), "granada", [1, 2, 0, 0]), ((0, one), (2, two)), order=(2, 3, 0, 1))
    s, events = advance(s)
    assert events[-1]["members"] == [2]
    default = game.default_move(s, 2)
    s, events = play(s, 2, default)
    assert events[-1]["kind"] == "relocation_before_scoring" and events[-1]["members"] == [0]
    s, events = play(s, 0, {"type": "relocate_before_scoring", "moves": []})
    assert "general_scoring_ended" in types(events)
    assert s.keeps == ((0, one), (2, two))


# G73, ruling A20: nothing goes into or out of the King's region.
def test_relocation_before_scoring_respects_the_king() -> None:
    s = put(put(base(), "galicia", [2, 0, 0, 0]), "granada", [1, 0, 0, 0])
    s, _ = advance(scoring_state(s, ((0, "d7_relocation_before_scoring.1"),)))
    for move in (
        {"seat": 0, "from": "galicia", "to": "granada"},
        {"seat": 0, "from": "granada", "to": "galicia"},
    ):
        with pytest.raises(RuleViolation):
            play(s, 0, {"type": "relocate_before_scoring", "moves": [move]})


def copy_table(keeps: tuple[tuple[int, str], ...], vetos: tuple[Veto, ...] = ()) -> State:
    """Returns seat 0's turn with d2_score_any_region, caballeros in granada and seville, the held `keeps`."""
    s = put(put(base(), "granada", [2, 1, 0, 0]), "seville", [0, 2, 1, 0])
    return change(turn(s, 0, "d2_score_any_region.1"), {"keeps": keeps, "vetos": vetos})


# G68, ruling B16: after an opponent's turn with a performed special action, the doubling keeper may copy it
# with his own choices, in a frame of his own; the doubling card is then discarded; turns go on.
def test_doubling_copies_the_special_action_just_performed() -> None:
    doubling = "d7_doubling.1"
    s, _ = declare(copy_table(((1, doubling),)), 0, area="granada")
    s, events = play(s, 0, {"type": "end_turn"})
    assert types(events)[-1] == "copy_offered" and events[-1]["seat"] == 1
    assert game.pending(s)[1]["kind"] == "copy_offer"
    offered = game.legal_moves(s, 1)
    assert {"type": "end_turn"} in offered and {"type": "declare_action", "area": "seville"} in offered
    assert not [m for m in offered if m["type"] == "place_caballeros"]  # G68: no heads copied
    s, events = declare(s, 1, area="seville")
    scored = of_type(events, "area_scored")
    assert scored[0]["area"] == "seville" and scored[0]["points"][1] > 0
    assert doubling in s.discard and not s.keeps and s.frame is None
    assert s.turn is not None and s.turn.seat == 1 and s.turn_index == 1  # seat 1's own turn starts


# G68, G82: a declined offer (the default) keeps the card, which never expires.
def test_doubling_declined_keeps_the_card() -> None:
    s, _ = declare(copy_table(((1, "d7_doubling.1"),)), 0, area="granada")
    s, _ = play(s, 0, {"type": "end_turn"})
    s, _ = play(s, 1, game.default_move(s, 1))
    assert s.keeps == ((1, "d7_doubling.1"),) and s.turn is not None and s.turn.seat == 1


# G68: skipped or wholly vetoed actions are not copyable; keepers other than the player, clockwise (B16).
def test_doubling_offers_only_performed_actions_clockwise() -> None:
    keeps = ((2, "d7_doubling.1"), (3, "d7_doubling.2"), (0, "d7_doubling.3"))
    s, _ = play(copy_table(keeps), 0, {"type": "end_turn"})
    assert not s.copy and s.turn is not None and s.turn.seat == 1  # skipped: no offer
    s, _ = declare(copy_table(keeps, (Veto(1, "d2_veto.1", 0),)), 0, area="granada")
    s, _ = play(s, 1, {"type": "answer_veto", "answer": "veto", "from": 1})
    s, events = play(s, 0, {"type": "end_turn"})
    assert not of_type(events, "copy_offered")
    s, _ = declare(copy_table(keeps), 0, area="granada")
    s, events = play(s, 0, {"type": "end_turn"})
    assert events[-1]["seat"] == 2
    s, events = play(s, 2, {"type": "end_turn"})
    assert events[-1]["type"] == "copy_offered" and events[-1]["seat"] == 3
    s, events = play(s, 3, {"type": "end_turn"})
    assert events[-1]["type"] == "turn_started" and events[-1]["seat"] == 1


# G68, ruling B35: a copy can be vetoed (the copier is the active player); the doubling card is spent.
def test_doubling_copy_can_be_vetoed() -> None:
    s, _ = declare(copy_table(((1, "d7_doubling.1"),), (Veto(2, "d2_veto.1", 0),)), 0, area="granada")
    s, _ = play(s, 2, {"type": "answer_veto", "answer": "allow"})
    s, _ = play(s, 0, {"type": "end_turn"})
    s, events = declare(s, 1, area="seville")
    assert s.group is not None and s.group.kind == "veto_answer" and s.group.members == (2,)
    s, events = play(s, 2, {"type": "answer_veto", "answer": "veto", "from": 1})
    assert not of_type(events, "area_scored") and "d7_doubling.1" in s.discard


# G69, G19 step 4: the turn-over card may be used later in the turn it was taken; it is not copyable (G68).
def test_turn_over_used_in_the_turn_it_was_taken() -> None:
    held = "d7_turn_over_action_card.1"
    offer = (held, "d5_king.1", "d6_grand_inquisitor.1", "d1_move_three_any.1", "d2_veto.1")
    s = change(turn(base(), 0, "", offer=offer), {"turn": Turn(seat=0, stage="card"), "keeps": ()})
    s = change(s, {"keeps": ((1, "d7_doubling.1"),)})
    s, _ = play(s, 0, {"type": "take_card", "card": held})
    s, _ = play(s, 0, {"type": "use_turn_over", "card": "d5_king"})
    assert s.turned == ("d5_king.1",) and held in s.discard and s.keeps == ((1, "d7_doubling.1"),)
    assert not [m for m in game.legal_moves(s, 0) if m["type"] in ("use_turn_over", "declare_action")]
    s, events = play(s, 0, {"type": "end_turn"})
    assert not of_type(events, "copy_offered") and s.discard.count(held) == 1


# G80: held cards, delayed markers, the copy frame and its offers are public.
def test_view_shows_the_copy_frame_and_held_cards() -> None:
    s, _ = declare(copy_table(((1, "d7_doubling.1"),)), 0, area="granada")
    s, _ = play(s, 0, {"type": "end_turn"})
    view = game.view(s, 2)
    assert view["frame"] == {"kind": "copy", "seat": 1, "doubling": "d7_doubling.1"}
    assert view["copy_offers"] == {"card": "d2_score_any_region.1", "from": 0, "asked": [1]}
    assert view["held_cards"] == [{"seat": 1, "card": "d7_doubling.1"}]


# G77 step 2, G85: under granada_moorish a member whose Grande is in the Castillo may not choose Granada.
def test_conspired_grande_never_chooses_moorish_granada() -> None:
    s = change(
        base(), {"moorish": True, "grandes": (A["aragon"], A["castillo"], A["valencia"], A["seville"])}
    )
    s = scoring_state(put(s, "castillo", [1, 0, 0, 0]), ())
    s, _ = advance(s)
    assert all(m["region"] != "granada" for m in game.legal_moves(s, 1))
    assert any(m["region"] == "granada" for m in game.legal_moves(s, 0))


# G67, V2: a conspiracy that would move no Grande changes nothing and skips the special action.
def test_conspiracy_with_no_grande_to_move_is_skipped() -> None:
    s = change(base(), {"grandes": (A["aragon"], A["galicia"], A["castillo"], A["galicia"])})
    s, events = declare(turn(s, 0, "d7_conspiracy.1"), 0)
    assert types(events)[0] == "action_skipped"


# G68: a copy of a move card is offered step by step (the partial family of the copied card), own = the copier's.
def test_doubling_copy_of_transport_is_offered_step_by_step() -> None:
    s = put(put(base(), "granada", [1, 0, 0, 0]), "seville", [0, 1, 0, 0])
    s = change(turn(s, 0, "d7_transport.1"), {"keeps": ((1, "d7_doubling.1"),)})
    s, _ = declare(s, 0, moves=[{"seat": 0, "from": "granada", "to": "america"}])
    s, _ = play(s, 0, {"type": "end_turn"})
    root = {"type": "declare_action", "moves": []}
    assert root in game.legal_moves(s, 1)
    assert [m["moves"] for m in game.legal_moves(s, 1, root)] == [[{"seat": 1, "from": "seville"}]]
    s, _ = declare(s, 1, moves=[{"seat": 1, "from": "seville", "to": "mediterranean"}])
    assert s.board[A["mediterranean"]][1] == 1 and "d7_doubling.1" in s.discard


# G76 step 2: due markers are scored in id order of their regions; a region marked twice (a copy's second
# marker, G68) is scored twice; the card is discarded once, after its last marker.
def test_delayed_markers_in_id_order_and_twice() -> None:
    card = "d7_special_scoring_delayed_region.1"
    s = put(put(base(), "granada", [2, 1, 0, 0]), "aragon", [0, 1, 0, 0])
    marks = ((1, card, A["granada"], 0), (0, card, A["aragon"], 0), (2, card, A["granada"], 0))
    s = change(s, {"phase": "turns", "turn": None, "round_index": 1, "order": (0, 1, 2, 3), "turn_index": 4})
    s, events = advance(change(s, {"delayed": marks}))
    scored = [e["area"] for e in of_type(events, "area_scored")]
    assert scored == ["aragon", "granada", "granada"]
    assert not s.delayed and s.discard.count(card) == 1


# G68, ruling B34: a copy frame is a turn of its own, so a timed-out copier's defaults stop at its end.
def test_copy_frame_has_a_turn_id_of_its_own() -> None:
    s, _ = declare(copy_table(((1, "d7_doubling.1"),)), 0, area="granada")
    s, _ = play(s, 0, {"type": "end_turn"})
    frame = game.pending(s)[1]["turn"]
    s, _ = play(s, 1, game.default_move(s, 1))
    assert s.turn is not None and s.turn.seat == 1 and s.frame is None  # seat 1's own turn
    assert game.pending(s).get(1, {}).get("turn") != frame


# G69, G73: the notation writes and reads the held cards' uses.
def test_notation_of_held_card_uses() -> None:
    turnover = {"type": "use_turn_over", "card": "d5_king.1"}
    relocate = {"type": "relocate_before_scoring", "moves": [{"seat": 1, "from": "aragon", "to": "castillo"}]}
    for move in (turnover, relocate, {"type": "relocate_before_scoring", "moves": []}):
        assert parse_line(format_move(move), 1) == move


# G68, ruling B14: a copy of d6_grand_inquisitor begins with a step 1 of its own, the figure to the copier;
# vetoed from step 1, the figure stays. (Its black moves are the Inquisitor layer's: stood in for here.)
def test_copy_of_the_grand_inquisitor_moves_the_figure_first() -> None:
    # G68, rulings A14, B14: a copy of the Grand Inquisitor card begins with a step 1 of its own, the figure
    s = change(put(base(), "granada", [1, 0, 0, 0], black=2), {"church": 0})
    s = change(turn(s, 0, "d6_grand_inquisitor.1"), {"keeps": ((1, "d7_doubling.1"),)})
    s, _ = declare(s, 0, moves=[{"seat": "black", "from": "granada", "to": "aragon"}])
    s, _ = play(s, 0, {"type": "end_turn"})
    assert game.pending(s)[1]["kind"] == "copy_offer"
    s, events = declare(s, 1, moves=[{"seat": "black", "from": "granada", "to": "seville"}])
    assert types(events)[:2] == ["action_declared", "figure_passed"] and events[0]["steps"] == 2
    assert s.church == 1 and s.black[A["seville"]] == 1


def _random_game(seats: int, seed: str) -> tuple[State, dict[str, int]]:
    """Plays a random game that prefers stack-7 cards and grows declarations a little."""
    rnd = random.Random(seed)
    s: Any = None
    for event in flow.setup(seats, {"inquisitor_colonies": True}, seed):
        s = game.evolve(s, event)
    seen: dict[str, int] = {}
    while s.phase != "over":
        p = min(game.pending(s))
        moves = game.legal_moves(s, p)
        stack7 = [m for m in moves if m["type"] == "take_card" and m["card"].startswith("d7_")]
        move = rnd.choice(stack7 or moves)
        for _ in range(3):  # one or two steps of a large family, complete ones only
            grown = (
                [m for m in game.legal_moves(s, p, move) if m.get("complete")]
                if move.get("moves") == []
                else []
            )
            if not grown or rnd.random() < 0.3:
                break
            move = rnd.choice(grown)
        move = {k: v for k, v in move.items() if k != "complete"}
        for event in game.decide(s, p, move):
            seen[event["type"]] = seen.get(event["type"], 0) + 1
            s = game.evolve(s, event)
        for q in range(s.seats):  # G9: 36 caballeros per colour
            assert s.court[q] + s.province[q] + sum(row[q] for row in s.board) == data.EXPANSION_CABALLEROS
    return s, seen


# G72, G76, G78, G74: in random games every marker is scored by game end, held cards are used at most once.
@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_random_games_with_stack7(seats: int) -> None:
    s, seen = _random_game(seats, f"stack7-{seats}")
    assert not s.delayed and seen.get("delayed_marker_placed", 0) == seen.get("delayed_marker_removed", 0)
    assert len({c for _, c in s.keeps}) == len(s.keeps) and not {c for _, c in s.keeps} & set(s.discard)


def test_inquisitor_scoring_never_scores_moorish_granada() -> None:
    # G70, G85, O-G3: an area with a black caballero is scored, but Moorish Granada never is
    s = put(put(base(), "granada", [1, 0, 0, 0], black=1), "seville", [1, 0, 0, 0], black=1)
    options = dataclasses.replace(s.options, granada_moorish=True)
    s = change(
        turn(s, 0, "d7_special_scoring_inquisitor.1"),
        {"moorish": True, "options": options, "rules": ruleset.of(options)},
    )
    s, events = declare(s, 0)
    scored = [e["area"] for e in events if e["type"] == "area_scored"]
    assert "granada" not in scored and "seville" in scored


# G68, ruling B32: a player keeping several doubling cards answers an offer with at most one copy,
# spending one card; the other stays his.
def test_several_doubling_cards_give_one_copy_and_spend_one() -> None:
    keeps = ((1, "d7_doubling.1"), (1, "d7_doubling.2"))
    s, _ = declare(copy_table(keeps), 0, area="granada")
    s, events = play(s, 0, {"type": "end_turn"})
    assert [e["seat"] for e in of_type(events, "copy_offered")] == [1]
    s, events = declare(s, 1, area="seville")
    assert len(of_type(events, "area_scored")) == 1 and not of_type(events, "copy_offered")
    assert (
        len(s.keeps) == 1 and s.keeps[0][0] == 1 and {s.keeps[0][1], *s.discard} >= set(dict(keeps).values())
    )
    assert s.frame is None and s.turn is not None and s.turn.seat == 1 and s.turn_index == 1


# G20, O-G4, G85: the conquest check is made after the turn, and again after each copy (after its refill).
def test_conquest_is_checked_again_after_a_copy() -> None:
    s = put(put(base(), "granada", [3, 3, 2, 2]), "seville", [2, 2, 0, 0])
    options = dataclasses.replace(s.options, granada_moorish=True)
    s = change(
        turn(s, 0, "d1_move_three_any.1"),
        {"moorish": True, "options": options, "rules": ruleset.of(options), "keeps": ((1, "d7_doubling.1"),)},
    )
    s, events = declare(s, 0, moves=[{"seat": 0, "from": "seville", "to": "granada"}])
    s, events = play(s, 0, {"type": "end_turn"})
    assert s.moorish and not of_type(events, "granada_conquered")  # 11 caballeros: no conquest
    assert of_type(events, "copy_offered")[0]["seat"] == 1
    s, events = declare(s, 1, moves=[{"seat": 1, "from": "seville", "to": "granada"}])
    conquered = of_type(events, "granada_conquered")
    assert conquered == [{"type": "granada_conquered", "caballeros": 12}] and not s.moorish
    assert types(events).index("granada_conquered") < types(events).index("turn_started")
    assert of_type(events, "turn_started")[-1]["seat"] == 1
