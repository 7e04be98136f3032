"""Tests option church (O-C1 … O-C10; E37; R10, R15, R22, R23, X25, V7, V8, D3, D4, D14 under church)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

import engine
from engine.elgrande import data
from engine.elgrande.options.church import barred
from engine.elgrande.scores import score_event
from engine.elgrande.state import Veto
from engine.errors import IllegalMove, RuleViolation

from .scenario import GR, B, R, Table, Y, events_of, table

G = engine.get_game("elgrande")
OPTION = {"church": True}
Json = dict[str, Any]


def church(seats: int = 4, *cards: str, options: Json | None = None, seed: str = "church") -> Table:
    """Returns a church table in round 1 after bidding (seat 0 acts first, with power card 13: no intake).

    The King stands in galicia.
    """
    t = table(seats, *cards, seed=seed, options={**OPTION, **(options or {})})
    t.king("galicia")
    return t


def set_black(t: Table, where: dict[str, int]) -> None:
    """Moves the 4 black caballeros so that exactly `where` holds them (a fact event, as in a replayed log)."""
    have = [a for a, k in t.view()["church"]["black"].items() for _ in range(k)]
    want = [a for a, k in where.items() for _ in range(k)]
    assert len(have) == len(want) == 4
    for a in list(have):
        if a in want:
            have.remove(a)
            want.remove(a)
    moves = [["black", src, dst, 1] for src, dst in zip(have, want, strict=True)]
    if moves:
        t.fold({"type": "caballeros_moved", "seat": None, "reason": "arrange", "moves": moves})


def hold(t: Table, seat: int) -> None:
    """Gives `seat` the Church marker (as if taken in an earlier round)."""
    t.state = replace(t.state, church=seat)


def black(t: Table) -> dict[str, int]:
    return dict(t.view()["church"]["black"])


def moved(events: list[Json], reason: str | None = None) -> list[list[Any]]:
    return [
        m for e in events_of(events, "caballeros_moved") if reason in (None, e["reason"]) for m in e["moves"]
    ]


def board(t: Table, king: str = "galicia") -> None:
    """Empties the board, puts the King in `king` and every Grande in catalonia (no bonus anywhere else)."""
    t.clear()
    t.king(king)
    for p in range(t.view()["seats"]):
        t.grande(p, "catalonia")


# O-C1, R10, R15, R22: the Church card


def test_the_church_card_is_stack_six_one_copy_three_heads() -> None:
    # O-C1: d6_church, stack 6, 1 card, 3 heads; stacks 1-4 unchanged (R6)
    card = data.ACTION_CARDS[data.CARD_INDEX["d6_church"]]
    assert (card.stack, card.count, card.heads) == (6, 1, 3)
    assert [len(data.deck(k)) for k in (1, 2, 3, 4)] == [11, 11, 11, 11]
    assert all("d6_church" not in c for k in (1, 2, 3, 4) for c in data.deck(k))


def test_the_offer_holds_six_cards_with_the_church_card() -> None:
    # R10, O-C1: the offer is 6 cards under church, the Church card face up
    t = Table(4, seed="offer", options=OPTION)
    offer = [c["card"] for c in t.view()["offer"]]
    assert len(offer) == 6 and offer[-2:] == ["d5_king.1", "d6_church.1"]
    assert len(Table(4, seed="offer").view()["offer"]) == 5


def test_the_church_card_is_never_discarded_and_comes_back_next_round() -> None:
    # O-C1, R15, R22: like the King card, d6_church returns and is face up again every round
    t = church(2, "d1_move_four_any", "d2_veto", "d3_score_fours", "d4_royal_adviser", "d6_church")
    t.take(R, "d6_church")
    t.end(R)
    while t.view()["round"] == 1:
        t.default(min(t.due()))
    v = t.view()
    assert "d6_church.1" not in v["discard"]
    assert "d6_church.1" in [c["card"] for c in v["offer"]]
    assert v["church"]["holder"] == R  # O-C4: the marker stays with its holder


# O-C2, H5: setup


def test_setup_turns_up_two_church_regions_with_two_black_each() -> None:
    # O-C2, R8: the next 2 region cards after the King's and the homes; 2 black each; no holder
    for seats in (2, 5):
        first = G.setup(seats, OPTION, f"setup-{seats}")[0]
        cards = first["region_cards"]
        assert first["church_regions"] == cards[1 + seats : 3 + seats]
        t = Table(seats, seed=f"setup-{seats}", options=OPTION)
        assert black(t) == {r: 2 for r in first["church_regions"]}
        assert t.view()["church"]["holder"] is None


def test_church_regions_are_public_and_the_unused_cards_hidden() -> None:
    # H5: the Church regions are public, the order of the unused region cards is not
    first = G.setup(3, OPTION, "public")[0]
    seen = G.redact(first, 1)
    assert seen is not None and seen["church_regions"] == first["church_regions"]
    assert "region_cards" not in seen


def test_the_base_game_has_no_church_pieces() -> None:
    # §9: without the option, game_started, the view and the offer are as before
    first = G.setup(3, {}, "base")[0]
    assert "church_regions" not in first
    v = Table(3, seed="base").view()
    assert "church" not in v and all("black" not in a for a in v["areas"].values())


# O-C3, O-C4: taking the card takes the marker


def test_taking_the_church_card_takes_the_marker_at_once() -> None:
    # O-C3: the marker goes to the taker's court when the card is taken, before any special action
    t = church(4, "d6_church")
    new = t.take(R, "d6_church")
    assert [e["type"] for e in new] == ["action_card_taken"]
    assert t.view()["church"]["holder"] == R


def test_taking_the_church_card_takes_the_marker_from_its_holder() -> None:
    # O-C3, O-C4: the holder keeps it until another player takes d6_church
    t = church(4, "d6_church")
    hold(t, Y)
    t.take(R, "d6_church")
    assert t.view()["church"]["holder"] == R


def test_taking_the_church_card_again_keeps_the_marker() -> None:
    # O-C4 ruling: the same player taking the card again keeps it
    t = church(4, "d6_church")
    hold(t, R)
    t.take(R, "d6_church")
    assert t.view()["church"]["holder"] == R


def test_taking_the_marker_cannot_be_vetoed() -> None:
    # O-C3, V8: taking the marker is part of choosing the card; no veto window opens
    t = church(4, "d6_church")
    t.state = replace(t.state, vetos=(Veto(B, "d2_veto.1", 0),))
    t.take(R, "d6_church")
    assert t.view()["church"]["holder"] == R and t.view()["decision"] is None


# O-C3, V7: the Church card's special action


def test_the_church_card_moves_two_black_caballeros_from_different_regions() -> None:
    # O-C3: up to 2 black caballeros, from any open regions to other open regions, one step each (V7)
    t = church(4, "d6_church")
    set_black(t, {"aragon": 2, "seville": 2})
    t.take(R, "d6_church")
    moves = [
        {"seat": "black", "from": "aragon", "to": "valencia"},
        {"seat": "black", "from": "seville", "to": "basque_country"},
    ]
    new = t.declare(R, moves=moves)
    assert events_of(new, "action_declared")[0]["steps"] == 2
    assert moved(new) == [["black", "aragon", "valencia", 1], ["black", "seville", "basque_country", 1]]
    assert black(t) == {"basque_country": 1, "aragon": 1, "valencia": 1, "seville": 1}


@pytest.mark.parametrize(
    ("moves", "rule"),
    [
        ([{"seat": "black", "from": "aragon", "to": "castillo"}], "O-C7"),  # O-C3: never into the Castillo
        ([{"seat": 0, "from": "aragon", "to": "valencia"}], "O-C3"),  # black caballeros only
        (
            [{"seat": "black", "from": "aragon", "to": "valencia"}] * 2
            + [{"seat": "black", "from": "seville", "to": "valencia"}],
            "§1.6",
        ),
        ([{"seat": "black", "from": "aragon", "to": "galicia"}], "R23"),  # O-C9: not into the King's region
    ],
)
def test_the_church_card_refuses(moves: list[Json], rule: str) -> None:
    # O-C3, O-C9: at most 2, black only, open regions only
    t = church(4, "d6_church")
    set_black(t, {"aragon": 2, "seville": 2})
    t.arrange(R, {"aragon": 1})
    t.take(R, "d6_church")
    assert t.refuse(R, {"type": "declare_action", "moves": moves}).rule == rule


def test_black_caballeros_in_the_kings_region_stay_there() -> None:
    # O-C9, R23: nothing is removed from the King's region, black caballeros included
    t = church(4, "d6_church")
    set_black(t, {"galicia": 2, "seville": 2})
    t.take(R, "d6_church")
    move = {"type": "declare_action", "moves": [{"seat": "black", "from": "galicia", "to": "aragon"}]}
    assert t.refuse(R, move).rule == "R23"


def test_black_caballeros_never_enter_moorish_granada_or_france() -> None:
    # O-C3, O-C7, O-F9: never into France or Moorish Granada (the other options' areas)
    t = church(4, "d6_church")
    set_black(t, {"aragon": 2, "seville": 2})
    t.take(R, "d6_church")
    t.state = replace(t.state, moorish=True)
    move = {"type": "declare_action", "moves": [{"seat": "black", "from": "aragon", "to": "granada"}]}
    assert t.refuse(R, move).rule == "O-C7"
    assert barred(t.state, data.FRANCE) == "O-F9" and barred(t.state, data.CASTILLO) == "O-C7"
    assert barred(replace(t.state, moorish=False), data.AREA_INDEX["granada"]) is None


def test_the_church_card_legal_moves_offer_only_black_to_open_regions() -> None:
    # O-C3: the click-by-click family lists black sources, then open regions (no Castillo, no King's region)
    t = church(4, "d6_church")
    set_black(t, {"aragon": 2, "seville": 2})
    t.arrange(R, {"aragon": 3})
    t.take(R, "d6_church")
    roots = [m for m in t.legal(R) if m["type"] == "declare_action"]
    assert roots == [{"type": "declare_action", "moves": []}]
    starts = t.legal(R, {"type": "declare_action", "moves": []})
    assert {m["moves"][-1]["seat"] for m in starts} == {"black"}
    ends = t.legal(R, {"type": "declare_action", "moves": [{"seat": "black", "from": "aragon"}]})
    dests = {m["moves"][-1]["to"] for m in ends}
    king = t.view()["king"]
    assert "castillo" not in dests and king not in dests and "aragon" not in dests and len(dests) == 7


def test_the_church_card_can_be_vetoed_step_by_step() -> None:
    # V7, V8, O-C3: the card's special action is vetoable; veto_from(2) keeps the first move only
    t = church(4, "d6_church")
    set_black(t, {"aragon": 2, "seville": 2})
    t.state = replace(t.state, vetos=(Veto(B, "d2_veto.1", 0),))
    t.take(R, "d6_church")
    moves = [{"seat": "black", "from": "aragon", "to": "valencia"}] * 2
    t.declare(R, moves=moves)
    assert t.kind(B) == "veto_answer"
    new = t.play(B, {"type": "answer_veto", "answer": "veto", "from": 2})
    assert moved(new) == [["black", "aragon", "valencia", 1]]
    assert t.view()["church"]["holder"] == R  # the marker was taken with the card, not by the action


# O-C5, E37, X25: counting


def test_e37_black_caballeros_count_for_the_holder() -> None:
    # E37, O-C5: R holds the marker; aragon (5/4/1) R2 + 2 black, B3 -> C: R4 B3 -> R5 B4
    t = church(4)
    board(t)
    set_black(t, {"aragon": 2, "seville": 2})
    t.arrange(R, {"aragon": 2})
    t.arrange(B, {"aragon": 3})
    hold(t, R)
    assert score_event(t.state, data.AREA_INDEX["aragon"], "special")["points"] == [5, 4, 0, 0]


def test_e37_with_no_holder_black_caballeros_count_for_nobody() -> None:
    # E37, O-C5: no holder -> B5 R4
    t = church(4)
    board(t)
    set_black(t, {"aragon": 2, "seville": 2})
    t.arrange(R, {"aragon": 2})
    t.arrange(B, {"aragon": 3})
    assert score_event(t.state, data.AREA_INDEX["aragon"], "special")["points"] == [4, 5, 0, 0]


def test_black_caballeros_count_for_the_bonuses() -> None:
    # O-C5, R43, R44: the holder led by black caballeros alone is sole leader for the King's and home bonus
    t = church(4)
    board(t, king="new_castile")
    set_black(t, {"new_castile": 2, "seville": 2})
    t.grande(Y, "new_castile")
    t.arrange(Y, {"aragon": 1})
    hold(t, Y)
    # C: Y2 in new_castile (7/4/2) -> 7 + 2 (King) + 2 (home)
    assert score_event(t.state, data.AREA_INDEX["new_castile"], "special")["points"] == [0, 0, 11, 0]


def test_a_region_with_only_black_pays_nobody_without_holder() -> None:
    # O-C5, R52: black caballeros alone rank nobody; the scoring pays nobody and emits nothing
    t = church(4, "d2_score_any_region")
    board(t)
    set_black(t, {"aragon": 2, "seville": 2})
    t.take(R, "d2_score_any_region")
    assert not events_of(t.declare(R, area="aragon"), "area_scored")


def test_most_and_fewest_count_black_caballeros_in_the_totals() -> None:
    # X25, O-C5: totals count every colour, black included, with or without a holder
    t = church(4, "d3_score_most")
    board(t)
    set_black(t, {"valencia": 4})
    t.arrange(R, {"aragon": 3})
    hold(t, B)
    t.take(R, "d3_score_most")
    new = t.declare(R)
    assert events_of(new, "action_declared")[0]["areas"] == ["valencia"]


# O-C6, V8, D3, D14: the Church extra


def test_the_holder_may_take_one_caballero_into_the_court() -> None:
    # O-C6 (a): church_intake at turn_step, 1 caballero province -> court, once per turn
    t = church(4, "d4_royal_adviser")
    hold(t, R)
    t.take(R, "d4_royal_adviser")
    assert {"type": "church_intake"} in t.legal(R)
    court, province = t.view()["courts"][R], t.view()["provinces"][R]
    new = t.play(R, {"type": "church_intake"})
    assert moved(new, "church") == [[R, "province", "court", 1]]
    assert (t.view()["courts"][R], t.view()["provinces"][R]) == (court + 1, province - 1)
    assert {"type": "church_intake"} not in t.legal(R)
    assert t.refuse(R, {"type": "church_intake"}).rule == "O-C6"


def test_the_intake_excludes_the_larger_batch() -> None:
    # O-C6: using (a) excludes (b); the batch is back to its heads
    t = church(4, "d4_royal_adviser")
    hold(t, R)
    t.take(R, "d4_royal_adviser")
    t.play(R, {"type": "church_intake"})
    assert t.refuse(R, {"type": "place_caballeros", "to": {"castillo": 5}}).rule == "R20"
    assert not events_of(t.place(R, castillo=4), "caballeros_placed")[0].get("extra")


def test_the_holder_may_place_one_more_than_the_heads() -> None:
    # O-C6 (b): the batch may hold heads + 1; the event says so; then (a) is gone and nothing is automatic
    t = church(4, "d4_royal_adviser")
    hold(t, R)
    t.take(R, "d4_royal_adviser")
    new = t.place(R, castillo=5)
    assert events_of(new, "caballeros_placed")[0]["extra"] is True
    assert t.view()["church"]["extra_used"] is True
    assert t.refuse(R, {"type": "church_intake"}).rule == "O-C6"
    assert not moved(t.end(R), "church")


def test_heads_plus_two_is_refused() -> None:
    # O-C6 (b): one more, not two
    t = church(4, "d4_royal_adviser")
    hold(t, R)
    t.take(R, "d4_royal_adviser")
    assert t.refuse(R, {"type": "place_caballeros", "to": {"castillo": 6}}).rule == "R20"


def test_an_unused_extra_becomes_an_intake_at_turn_end() -> None:
    # O-C6, D3: the turn ends with the extra unused and the province non-empty -> church_intake
    t = church(4, "d4_royal_adviser")
    hold(t, R)
    t.take(R, "d4_royal_adviser")
    placed = t.place(R, castillo=4)
    assert not events_of(placed, "caballeros_placed")[0].get("extra")
    new = t.end(R)
    assert [e["type"] for e in new][:2] == ["caballeros_moved", "turn_ended"]
    assert moved(new, "church") == [[R, "province", "court", 1]]


def test_no_automatic_intake_from_an_empty_province() -> None:
    # O-C6 (a): it needs a caballero in the province and never takes from the board
    t = church(4, "d4_royal_adviser")
    hold(t, R)
    t.arrange(R, {"aragon": 23}, court=7)
    t.take(R, "d4_royal_adviser")
    assert {"type": "church_intake"} not in t.legal(R)
    assert t.refuse(R, {"type": "church_intake"}).rule == "O-C6"
    assert not moved(t.end(R), "church")


def test_only_the_holder_has_the_extra() -> None:
    # O-C6: a player without the marker has neither (a) nor (b)
    t = church(4, "d4_royal_adviser")
    hold(t, B)
    t.take(R, "d4_royal_adviser")
    assert {"type": "church_intake"} not in t.legal(R)
    assert t.refuse(R, {"type": "church_intake"}).rule == "O-C6"
    assert t.refuse(R, {"type": "place_caballeros", "to": {"castillo": 5}}).rule == "R20"
    assert not moved(t.end(R), "church")


def test_the_extra_starts_in_the_turn_the_marker_is_taken() -> None:
    # O-C6 ruling: from the moment they take it, that turn included (3 heads + 1)
    t = church(4, "d6_church")
    t.take(R, "d6_church")
    assert events_of(t.place(R, castillo=4), "caballeros_placed")[0]["extra"] is True


def test_the_previous_holder_loses_the_extra() -> None:
    # O-C4, O-C6: once another player took the card, the old holder has no extra in their turn
    t = church(4, "d6_church", "d4_royal_adviser")
    hold(t, B)
    t.take(R, "d6_church")
    t.end(R)
    t.take(B, "d4_royal_adviser")
    assert {"type": "church_intake"} not in t.legal(B)


def test_the_extra_never_enlarges_a_special_action() -> None:
    # O-C6 ruling: d1_place_two_anywhere stays at 2
    t = church(4, "d1_place_two_anywhere")
    hold(t, R)
    t.take(R, "d1_place_two_anywhere")
    assert t.refuse(R, {"type": "declare_action", "places": ["aragon", "seville", "castillo"]}).rule == "§1.6"


def test_the_extra_cannot_be_vetoed() -> None:
    # V8: the Church extra opens no veto window
    t = church(4, "d4_royal_adviser")
    hold(t, R)
    t.state = replace(t.state, vetos=(Veto(B, "d2_veto.1", 0),))
    t.take(R, "d4_royal_adviser")
    t.play(R, {"type": "church_intake"})
    t.place(R, castillo=4)
    assert t.view()["decision"] is None


def test_a_default_turn_applies_the_intake() -> None:
    # D14, D3, D5: a timed-out turn places nothing, skips the action, then takes the Church intake
    t = church(4, "d4_royal_adviser")
    hold(t, R)
    t.take(R, "d4_royal_adviser")
    new = t.default(R)
    church_moves = [e for e in new if e["type"] == "caballeros_moved" and e["reason"] == "church"]
    assert len(church_moves) == 1 and church_moves[0]["default"] is True
    assert new[-1]["type"] != "caballeros_moved"


def test_an_empty_court_does_not_end_the_holders_turn() -> None:
    # R34 with O-C6: the intake could fill the court for the batch, so end_turn is not the only option
    t = church(4, "d2_veto", "d4_royal_adviser")
    hold(t, R)
    t.arrange(R, {"aragon": 2}, court=0)
    t.take(R, "d2_veto")
    assert t.kind(R) == "turn_step"
    t.play(R, {"type": "church_intake"})
    assert events_of(t.place(R, castillo=1), "caballeros_placed")[0]["moves"] == [[R, "court", "castillo", 1]]


def test_with_grande_counts_one_a_home_batch_may_hold_heads_plus_two() -> None:
    # O-M2 with O-C6 (b): heads + 1 at home is O-M2's; heads + 2 uses the Church extra
    t = church(4, "d4_royal_adviser", options={"grande_counts_one": True})
    t.king("galicia")
    t.grande(R, "old_castile")
    hold(t, R)
    t.take(R, "d4_royal_adviser")
    assert t.refuse(R, {"type": "place_caballeros", "to": {"old_castile": 7}}).rule == "R20"
    assert events_of(t.place(R, old_castile=6), "caballeros_placed")[0]["extra"] is True


def test_with_grande_counts_one_a_home_batch_of_heads_plus_one_keeps_the_extra() -> None:
    # O-M2, O-C6: the O-M2 caballero does not use the extra, so the intake still follows
    t = church(4, "d4_royal_adviser", options={"grande_counts_one": True})
    t.king("galicia")
    t.grande(R, "old_castile")
    hold(t, R)
    t.take(R, "d4_royal_adviser")
    assert not events_of(t.place(R, old_castile=5), "caballeros_placed")[0].get("extra")
    assert moved(t.end(R), "church") == [[R, "province", "court", 1]]


# O-C7, O-C8: black caballeros and the other cards


def test_black_are_own_for_the_holder_in_move_cards() -> None:
    # O-C7: d1_move_four_own moves black caballeros for the holder only
    t = church(4, "d1_move_four_own")
    set_black(t, {"aragon": 2, "seville": 2})
    hold(t, R)
    t.take(R, "d1_move_four_own")
    new = t.declare(R, moves=[{"seat": "black", "from": "aragon", "to": "valencia"}])
    assert moved(new) == [["black", "aragon", "valencia", 1]]


def test_black_are_foreign_for_everybody_else() -> None:
    # O-C7: for a player without the marker they are foreign (d1_move_three_foreign yes, d1_move_four_own no)
    move = {"type": "declare_action", "moves": [{"seat": "black", "from": "aragon", "to": "valencia"}]}
    t = church(4, "d1_move_four_own")
    set_black(t, {"aragon": 2, "seville": 2})
    hold(t, B)
    t.take(R, "d1_move_four_own")
    assert t.refuse(R, move).rule == "§1.6"
    t = church(4, "d1_move_three_foreign")
    set_black(t, {"aragon": 2, "seville": 2})
    t.take(R, "d1_move_three_foreign")
    assert moved(t.play(R, move)) == [["black", "aragon", "valencia", 1]]


def test_the_holder_cannot_move_black_as_foreign() -> None:
    # O-C7: for the holder they are own, so d1_move_three_foreign cannot take them
    t = church(4, "d1_move_three_foreign")
    set_black(t, {"aragon": 2, "seville": 2})
    hold(t, R)
    t.take(R, "d1_move_three_foreign")
    move = {"type": "declare_action", "moves": [{"seat": "black", "from": "aragon", "to": "valencia"}]}
    assert t.refuse(R, move).rule == "§1.6"


def test_move_cards_never_send_black_to_the_castillo() -> None:
    # O-C7, O-C3: move cards obey the Church card's destination limits
    t = church(4, "d1_move_three_any")
    set_black(t, {"aragon": 2, "seville": 2})
    t.take(R, "d1_move_three_any")
    move = {"type": "declare_action", "moves": [{"seat": "black", "from": "aragon", "to": "castillo"}]}
    assert t.refuse(R, move).rule == "O-C7"
    ends = t.legal(R, {"type": "declare_action", "moves": [{"seat": "black", "from": "aragon"}]})
    assert ends and "castillo" not in {m["moves"][-1]["to"] for m in ends}


def test_each_black_caballero_moves_at_most_once() -> None:
    # R24, X30 with black: no more out of a region than stood there
    t = church(4, "d1_move_four_any")
    set_black(t, {"aragon": 2, "seville": 2})
    t.take(R, "d1_move_four_any")
    move = {"type": "declare_action", "moves": [{"seat": "black", "from": "aragon", "to": "valencia"}] * 3}
    assert t.refuse(R, move).rule == "X30"


def test_move_own_region_takes_black_for_the_holder() -> None:
    # O-C8: a region holding only black caballeros qualifies for the holder
    t = church(4, "d1_move_own_region")
    set_black(t, {"aragon": 2, "seville": 2})
    hold(t, R)
    t.take(R, "d1_move_own_region")
    moves = [
        {"seat": "black", "from": "aragon", "to": "valencia"},
        {"seat": "black", "from": "aragon", "to": "seville"},
    ]
    assert moved(t.declare(R, moves=moves)) == [
        ["black", "aragon", "valencia", 1],
        ["black", "aragon", "seville", 1],
    ]


def test_move_own_region_refuses_black_for_others() -> None:
    # O-C8, O-C7: without the marker they are foreign, and d1_move_own_region moves own caballeros only
    t = church(4, "d1_move_own_region")
    set_black(t, {"aragon": 2, "seville": 2})
    t.take(R, "d1_move_own_region")
    move = {"type": "declare_action", "moves": [{"seat": "black", "from": "aragon", "to": "valencia"}]}
    assert t.refuse(R, move).rule == "§1.6"


def test_one_of_your_choice_never_returns_black() -> None:
    # O-C7: no return takes black caballeros, and they make nobody a target
    t = church(4, "d2_one_of_your_choice")
    board(t)
    set_black(t, {"aragon": 2, "seville": 2})
    t.arrange(R, {"aragon": 1})
    hold(t, B)  # B has only black caballeros on the board: not a target
    t.take(R, "d2_one_of_your_choice")
    move = {"type": "declare_action", "removals": [{"seat": "black", "region": "aragon"}]}
    assert t.refuse(R, move).rule == "O-C7"
    new = t.declare(R, removals=[{"seat": R, "region": "aragon"}])
    assert moved(new) == [[R, "aragon", "province", 1]]


def test_secret_returns_ignore_black() -> None:
    # O-C7: membership of M4 counts the holder's coloured caballeros only
    t = church(4, "d2_secret_return_all")
    board(t)
    set_black(t, {"aragon": 2, "seville": 2})
    t.arrange(Y, {"valencia": 1})
    hold(t, B)
    t.take(R, "d2_secret_return_all")
    new = t.declare(R)
    assert [e["type"] for e in new if e["type"] in ("decision_opened", "choices_revealed")] == [
        "choices_revealed"
    ]
    assert moved(new) == [[Y, "valencia", "province", 1]]
    assert black(t) == {"aragon": 2, "seville": 2}


def test_king_returns_ignore_black() -> None:
    # O-C7: M6 "available" counts the holder's coloured caballeros only
    t = church(4, "d2_king_returns")
    board(t)
    set_black(t, {"aragon": 2, "seville": 2})
    for p in (B, Y, GR):
        t.arrange(p, {}, court=0)
    t.arrange(Y, {"valencia": 1}, court=0)
    hold(t, B)
    t.take(R, "d2_king_returns")
    assert moved(t.declare(R)) == [[Y, "valencia", "province", 1]]
    assert black(t) == {"aragon": 2, "seville": 2}


def test_court_supplements_never_take_black() -> None:
    # O-C7, X7: d4_court_two's board supplement counts the holder's coloured caballeros only
    t = church(4, "d4_court_two")
    set_black(t, {"aragon": 2, "seville": 2})
    hold(t, R)
    t.arrange(R, {"galicia": 23}, court=7)
    t.take(R, "d4_court_two")
    assert t.refuse(R, {"type": "declare_action", "supplement": {"aragon": 1}}).rule == "X7"


def eviction(taker_holds: bool = False, holder: int | None = B) -> Table:
    t = church(4, "d4_eviction")
    board(t)
    set_black(t, {"aragon": 2, "seville": 2})
    t.arrange(Y, {"aragon": 1})
    if holder is not None:
        hold(t, R if taker_holds else holder)
    t.take(R, "d4_eviction")
    return t


def test_eviction_takes_black_with_the_evicted_holder() -> None:
    # O-C7 ruling: the holder is a member with only black caballeros in E; they go to his destination
    t = eviction()
    t.declare(R, area="aragon")
    assert sorted(t.view()["decision"]["members"]) == [B, Y]
    t.choose(Y, "valencia")
    new = t.choose(B, "old_castile")
    assert moved(new) == [["black", "aragon", "old_castile", 2], [Y, "aragon", "valencia", 1]]


def test_eviction_leaves_black_without_a_holder() -> None:
    # O-C7 ruling: with no holder the black caballeros in E stay
    t = eviction(holder=None)
    t.declare(R, area="aragon")
    assert t.view()["decision"]["members"] == [Y]
    new = t.choose(Y, "valencia")
    assert moved(new) == [[Y, "aragon", "valencia", 1]] and black(t)["aragon"] == 2


def test_eviction_leaves_black_when_the_taker_holds_the_marker() -> None:
    # O-C7 ruling: the taker's own caballeros stay, black included
    t = eviction(taker_holds=True)
    t.declare(R, area="aragon")
    new = t.choose(Y, "valencia")
    assert moved(new) == [[Y, "aragon", "valencia", 1]] and black(t)["aragon"] == 2


def test_eviction_destinations_of_the_holder_exclude_moorish_granada() -> None:
    # O-C7 ruling: while black caballeros are in E, the holder may not choose Moorish Granada (nor France)
    t = eviction()
    t.state = replace(t.state, moorish=True)
    t.declare(R, area="aragon")
    assert t.refuse(B, {"type": "choose_region", "region": "granada"}).rule == "X23"
    legal_y = {m["region"] for m in t.legal(Y)}
    assert "granada" in legal_y and "granada" not in {m["region"] for m in t.legal(B)}


# Views and notation


def test_the_view_shows_the_marker_and_the_black_caballeros() -> None:
    # H10: the Church marker and the black caballeros are public
    t = church(4, "d6_church")
    set_black(t, {"aragon": 2, "seville": 2})
    t.take(R, "d6_church")
    for viewer in (None, 0, 2):
        v = G.view(t.state, viewer)
        assert v["church"] == {"holder": R, "black": {"aragon": 2, "seville": 2}, "extra_used": False}
        assert v["areas"]["aragon"]["black"] == 2 and v["areas"]["valencia"]["black"] == 0


def test_the_summary_names_the_holder_and_the_black_caballeros() -> None:
    # H10: readable lines for the Church marker and the black caballeros
    t = church(4, "d6_church")
    board(t)
    set_black(t, {"aragon": 2, "seville": 2})
    t.take(R, "d6_church")
    text = "\n".join(G.text_summary(G.view(t.state, 1)))
    assert "Aragon 5/4/1: black: 2" in text
    assert (
        "Church: seat 0 holds the Church marker" in text and "black caballeros: Aragon 2, Seville 2" in text
    )


@pytest.mark.parametrize(
    ("text", "move"),
    [
        (
            "declare black:aragon>valencia",
            {"type": "declare_action", "moves": [{"seat": "black", "from": "aragon", "to": "valencia"}]},
        ),
        ("church", {"type": "church_intake"}),
    ],
)
def test_notation_round_trips(text: str, move: Json) -> None:
    # O-C3, O-C6: `declare black:from>to` and `church` (also `church_intake`)
    assert G.parse_move(text, None, 0) == [move]
    assert G.format_move(move) == text
    assert G.parse_move("church_intake", None, 0) == [{"type": "church_intake"}]


def test_the_catalog_lists_the_option() -> None:
    # §9: the option and its rules; G84: the expansion's Grand Inquisitor excludes it
    spec = G.INFO["options"]["church"]
    assert (
        spec["default"] is False
        and spec["rules"] == "O-C1-O-C10"
        and spec["excludes"] == ["inquisitor_colonies"]
    )


def test_the_base_game_refuses_church_moves() -> None:
    # §9: without the option there is no Church extra and no black caballero
    t = table(4, "d1_move_three_any")
    t.take(R, "d1_move_three_any")
    with pytest.raises(IllegalMove):
        G.decide(t.state, R, {"type": "church_intake"})
    with pytest.raises(RuleViolation):
        G.decide(
            t.state,
            R,
            {"type": "declare_action", "moves": [{"seat": "black", "from": "aragon", "to": "valencia"}]},
        )


# D4


def test_default_card_choice_prefers_the_lower_stack_on_a_heads_tie() -> None:
    # D4: fewest heads; the Church card (3 heads) ties with stack 3 and loses to it
    t = church(4, "d3_score_fours", "d4_royal_adviser", "d6_church")
    assert G.default_move(t.state, R)["card"] == "d3_score_fours.1"
