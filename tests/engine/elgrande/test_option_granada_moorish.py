"""Tests option granada_moorish (O-G1 … O-G6; E36; R28, R29, M1, M5, D12, D14, V8)."""

from __future__ import annotations

import pytest

import engine
from engine.elgrande.state import State
from engine.elgrande.summary import text_summary
from engine.errors import IllegalMove

from .kit import at_turn, count, declare, of_type, play, position, start, types
from .scenario import B, R, Table, Y, events_of, table

OPT = {"granada_moorish": True}
G = engine.get_game("elgrande")


def mv(seat: int, src: str, dst: str) -> dict[str, object]:
    return {"seat": seat, "from": src, "to": dst}


def _at(card: str, board: dict[str, list[int]], king: str = "galicia", **kw: object) -> State:
    """Returns a 4-player position with the option, seat 0 active with `card`, Grandes in aragon."""
    s = position(start(4, "moorish", **OPT), board, king=king, court=[5, 5, 5, 5], grandes=["aragon"] * 4)
    return at_turn(s, 0, card, **kw)  # type: ignore[arg-type]


def _declarable(s: State, seat: int = 0) -> list[dict[str, object]]:
    return [m for m in G.legal_moves(s, seat) if m["type"] == "declare_action"]


# O-G1: setup -------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_granada_card_is_removed_before_the_shuffle(seats: int) -> None:
    # O-G1, R3, R8: the region-card shuffle draws from 8 cards; neither King nor a home is granada
    for k in range(12):
        first = G.setup(seats, OPT, f"og1-{seats}-{k}")[0]
        assert len(first["region_cards"]) == 8 and "granada" not in first["region_cards"]
        assert first["king"] != "granada" and "granada" not in first["homes"]
        assert first["options"]["granada_moorish"] is True


def test_granada_starts_moorish_only_with_the_option() -> None:
    # O-G1; the base game has no Moorish Granada and its game_started is unchanged
    assert start(4, "m", **OPT).moorish is True
    base = start(4, "m")
    assert base.moorish is False and "moorish" not in G.view(base, None)
    assert "granada_moorish" not in G.setup(4, {}, "m")[0]["options"]


# O-G2: who may enter -------------------------------------------------------------------


def test_the_king_never_enters_moorish_granada() -> None:
    # O-G2, R28: d5_king and d4_royal_adviser never choose granada while it is Moorish
    s = _at("d5_king", {"aragon": [1, 0, 0, 0]}, king="seville")
    assert {"type": "declare_action", "area": "granada"} not in _declarable(s)
    with pytest.raises(IllegalMove, match=r"never enters granada \(R28\)"):
        declare(s, 0, area="granada")
    s = _at("d4_royal_adviser", {"aragon": [1, 0, 0, 0]}, king="seville")
    assert [m["area"] for m in _declarable(s)] == ["new_castile"]
    with pytest.raises(IllegalMove, match="R28"):
        declare(s, 0, area="granada")


def test_a_grande_never_enters_moorish_granada() -> None:
    # O-G2, R29
    s = _at("d4_move_grande", {"aragon": [1, 0, 0, 0]})
    assert {"type": "declare_action", "area": "granada"} not in _declarable(s)
    with pytest.raises(IllegalMove, match=r"Grande never enters granada \(R29\)"):
        declare(s, 0, area="granada")


def test_the_placement_batch_never_enters_moorish_granada() -> None:
    # O-G2: no caballero from a court, although granada is adjacent to the King's seville (R20)
    s = _at("d4_court_two", {}, king="seville")
    with pytest.raises(IllegalMove, match=r"from a court \(O-G2\)"):
        play(s, 0, {"type": "place_caballeros", "to": {"granada": 1}})
    grown = G.legal_moves(s, 0, {"type": "place_caballeros", "to": {}})
    assert sorted(k for m in grown for k in m["to"]) == ["castillo", "new_castile"]
    s2, _ = play(s, 0, {"type": "place_caballeros", "to": {"new_castile": 2, "castillo": 1}})
    assert count(s2, "new_castile", 0) == 2


def test_place_two_anywhere_never_enters_moorish_granada() -> None:
    # O-G2 (ruling): d1_place_two_anywhere's caballeros come from the court
    for card in ("d1_place_two_anywhere", "d1_place_two_or_move_own_region"):
        s = _at(card, {})
        with pytest.raises(IllegalMove, match="O-G2"):
            declare(s, 0, places=["aragon", "granada"])
        grown = G.legal_moves(s, 0, {"type": "declare_action", "places": []})
        assert "granada" not in [m["places"][-1] for m in grown] and len(grown) == 8  # castillo + 7 regions


def test_caballeros_enter_moorish_granada_by_moves() -> None:
    # O-G2 (b): special-action moves may bring them in
    s = _at("d1_move_four_any", {"aragon": [2, 1, 0, 0]})
    s2, _ = declare(s, 0, moves=[mv(0, "aragon", "granada"), mv(1, "aragon", "granada")])
    assert count(s2, "granada", 0) == 1 and count(s2, "granada", 1) == 1
    grown = G.legal_moves(s, 0, {"type": "declare_action", "moves": [{"seat": 0, "from": "aragon"}]})
    assert "granada" in [m["moves"][-1]["to"] for m in grown]


def test_eviction_may_send_caballeros_into_moorish_granada() -> None:
    # O-G2 (b): an Eviction destination may be Moorish granada
    s = _at("d4_eviction", {"aragon": [1, 2, 0, 0], "galicia": [0, 0, 0, 1]}, king="galicia")
    s2, _ = declare(s, 0, area="aragon")
    assert "granada" in [m["region"] for m in G.legal_moves(s2, 1)]
    s3, _ = play(s2, 1, {"type": "choose_region", "region": "granada"})
    assert count(s3, "granada", 1) == 2 and count(s3, "aragon", 1) == 0


def test_castillo_caballeros_may_go_to_moorish_granada() -> None:
    # O-G2 (a), M1: the Castillo distribution may choose Moorish granada
    t = _last_turn_of_round(3)
    t.arrange(R, {"castillo": 2, "aragon": 1})
    _finish_turn(t)
    assert t.kind(R) == "castillo_disc"
    assert "granada" in [m["region"] for m in t.legal(R)]
    t.choose(R, "granada")
    assert t.count("granada", R) == 2


def test_after_the_conquest_king_grande_and_batch_may_enter() -> None:
    # O-G4: a normal region for the rest of the game
    s = _at("d5_king", {"aragon": [1, 0, 0, 0]}, king="seville")
    s = position(s, moorish=False)
    assert {"type": "declare_action", "area": "granada"} in _declarable(s)
    s = at_turn(s, 0, "d4_court_two")
    s2, _ = play(s, 0, {"type": "place_caballeros", "to": {"granada": 1}})
    assert count(s2, "granada", 0) == 1
    s = at_turn(s, 0, "d4_move_grande")
    s2, _ = declare(s, 0, area="granada")
    assert s2.grandes[0] == 9


# O-G3: never scored -------------------------------------------------------------------


def test_score_any_region_may_not_choose_moorish_granada() -> None:
    # O-G3 (ruling): not a legal d2/d3_score_any_region choice
    for card in ("d2_score_any_region", "d3_score_any_region"):
        s = _at(card, {"granada": [3, 0, 0, 0]})
        assert {"type": "declare_action", "area": "granada"} not in _declarable(s)
        with pytest.raises(IllegalMove, match=r"never scored \(O-G3\)"):
            declare(s, 0, area="granada")


def test_value_class_cards_skip_moorish_granada() -> None:
    # O-G3, R49: not a "6/7" region, nor a "4" one under sb_4_0_0 (E23 does not apply while Moorish)
    board = {"granada": [3, 0, 0, 0], "old_castile": [1, 0, 0, 0], "seville": [1, 0, 0, 0]}
    s = _at("d3_score_sixes_sevens", board)
    _, events = declare(s, 0)
    assert of_type(events, "action_declared")[0]["areas"] == ["old_castile", "new_castile"]
    assert [e["area"] for e in of_type(events, "area_scored")] == ["old_castile"]
    s = position(_at("d3_score_fours", board), scoreboards=(-1, 9))
    _, events = declare(s, 0)
    assert "granada" not in of_type(events, "action_declared")[0]["areas"]


def test_first_places_most_and_fewest_skip_moorish_granada() -> None:
    # O-G3: not a candidate for first places, most or fewest
    board = {"granada": [9, 0, 0, 0], "aragon": [2, 1, 0, 0], "seville": [1, 0, 0, 0]}
    _, events = declare(_at("d3_score_first_places", board), 0)
    assert "granada" not in of_type(events, "action_declared")[0]["areas"]
    _, events = declare(_at("d3_score_most", board), 0)
    assert of_type(events, "action_declared")[0]["areas"] == ["aragon"]
    fewest = {"granada": [1, 0, 0, 0], "aragon": [2, 1, 0, 0], "seville": [2, 0, 0, 0]}
    _, events = declare(_at("d3_score_fewest", fewest), 0)
    assert of_type(events, "action_declared")[0]["areas"] == ["seville"]


def test_secret_scoring_may_choose_moorish_granada_which_is_then_not_scored() -> None:
    # O-G3, M5: a legal disc choice (printed on the disc), then not scored
    s = _at("d4_secret_scoring", {"granada": [3, 1, 0, 0], "aragon": [1, 2, 0, 0]})
    s, _ = declare(s, 0)
    assert "granada" in [m["region"] for m in G.legal_moves(s, 0)]
    s, _ = play(s, 0, {"type": "choose_region", "region": "granada"})
    s, _ = play(s, 1, {"type": "choose_region", "region": "aragon"})
    s, _ = play(s, 2, {"type": "choose_region", "region": "galicia"})
    s, events = play(s, 3, {"type": "choose_region", "region": "galicia"})
    assert [e["area"] for e in of_type(events, "area_scored")] == ["aragon"]


def test_secret_scoring_default_does_not_pick_moorish_granada() -> None:
    # D12: Moorish granada would pay nothing if it alone were scored now
    s = _at("d4_secret_scoring", {"granada": [5, 0, 0, 0], "aragon": [0, 2, 0, 0]})
    s, _ = declare(s, 0)
    assert G.default_move(s, 0)["region"] == "galicia"  # all pay 0: the lowest id (the King's too, X27)
    assert G.default_move(s, 1)["region"] == "aragon"


def test_a_general_scoring_skips_moorish_granada() -> None:
    # O-G3, R39
    t = _last_turn_of_round(3)
    t.arrange(R, {"granada": 3, "aragon": 1})
    new = _finish_turn(t)
    assert [e["area"] for e in events_of(new, "area_scored")] == ["aragon"]


# O-G4: conquest -----------------------------------------------------------------------


def test_e36_conquest_scores_granada_doubled() -> None:
    # E36, O-G4: n = 4, R6 B4 Y2 (12 in total), printed 6/3/1 -> R12 B6 Y2
    s = _at("d2_score_any_region", {"granada": [6, 4, 2, 0], "aragon": [1, 0, 0, 0]}, acted=True)
    s2, events = play(s, 0, {"type": "end_turn"})
    assert types(events)[:4] == ["turn_ended", "granada_conquered", "area_scored", "turn_started"]
    assert events[1] == {"type": "granada_conquered", "caballeros": 12}
    assert events[2] == {
        "type": "area_scored",
        "area": "granada",
        "mode": "conquest",
        "points": [12, 6, 2, 0],
    }
    assert s2.moorish is False and s2.scores[:3] == (12, 6, 2)


def test_conquest_uses_a_scoreboard_lying_on_granada() -> None:
    # O-G4, O-G5: sb_8_4_0 placed on Moorish granada; its values, doubled: R16 B8 Y0
    s = _at("d4_mobile_scoreboard", {"granada": [6, 4, 2, 0]})
    s, _ = declare(s, 0, scoreboard="sb_8_4_0", area="granada")  # O-G5: may be placed there
    _, events = play(s, 0, {"type": "end_turn"})
    assert of_type(events, "area_scored")[0]["points"] == [16, 8, 0, 0]


def test_two_players_conquest_pays_the_first_value_doubled() -> None:
    # O-G4, R42: n = 2 pays one rank
    s = position(start(2, "moorish2", **OPT), {"granada": [7, 5]}, king="galicia", court=[5, 5])
    s = at_turn(s, 1, "d2_score_any_region", acted=True)
    _, events = play(s, 1, {"type": "end_turn"})
    assert of_type(events, "area_scored")[0]["points"] == [12, 0]


def test_eleven_do_not_conquer() -> None:
    # O-G4: ≥ 12 caballeros of all colours
    s = _at("d2_score_any_region", {"granada": [6, 4, 1, 0]}, acted=True)
    s2, events = play(s, 0, {"type": "end_turn"})
    assert "granada_conquered" not in types(events) and s2.moorish


def test_conquest_waits_for_the_end_of_the_turn() -> None:
    # O-G4: a move reaching 12 mid-turn conquers only when the turn ends
    s = _at("d1_move_four_any", {"granada": [6, 4, 1, 0], "seville": [0, 0, 1, 0]})
    s, events = declare(s, 0, moves=[mv(2, "seville", "granada")])
    assert "granada_conquered" not in types(events) and s.moorish
    s, events = play(s, 0, {"type": "place_caballeros", "to": {"castillo": 1}})  # the turn ends (R34)
    assert types(events)[-4:] == ["turn_ended", "granada_conquered", "area_scored", "turn_started"]
    assert s.moorish is False


def test_conquest_after_the_last_turn_comes_before_the_round_ends() -> None:
    # O-G4 ruling: before the next turn or R15
    s = _at("d2_score_any_region", {"granada": [6, 4, 2, 0]}, acted=True)
    s = at_turn(s, 3, "d2_score_any_region", acted=True, order=[0, 1, 2, 3])
    _, events = play(s, 3, {"type": "end_turn"})
    assert types(events)[:4] == ["turn_ended", "granada_conquered", "area_scored", "round_ended"]


def test_conquest_happens_once() -> None:
    # O-G4: granada stays conquered; later turns with ≥ 12 there score nothing more
    s = _at("d2_score_any_region", {"granada": [6, 4, 2, 0]}, acted=True)
    s, events = play(s, 0, {"type": "end_turn"})
    assert types(events).count("granada_conquered") == 1
    s = at_turn(s, 1, "d2_score_any_region", acted=True)
    s = position(s, {"granada": [6, 4, 2, 1]}, king="galicia")
    _, events = play(s, 1, {"type": "end_turn"})
    assert "granada_conquered" not in types(events) and not of_type(events, "area_scored")


def test_conquest_cannot_be_vetoed() -> None:
    # O-G4, V8: no veto window opens although seat 1 holds a Veto
    s = _at("d2_score_any_region", {"granada": [6, 4, 2, 0]}, acted=True, vetos=[(1, 0)])
    s2, events = play(s, 0, {"type": "end_turn"})
    assert "decision_opened" not in types(events) and of_type(events, "area_scored")
    assert s2.group is None and s2.vetos


def test_conquest_follows_the_default_turn() -> None:
    # O-G4 ruling, D14: after the turn's last decision (defaults included), then the next turn
    t = table(4, "d1_move_four_any", "d2_score_any_region", "d3_score_castillo", "d4_court_two", options=OPT)
    t.clear()
    t.king("galicia")
    for seat, k in ((R, 6), (B, 4), (Y, 2)):
        t.arrange(seat, {"granada": k})
    new: list[dict[str, object]] = []
    while t.view()["active"] == R:
        new += t.default(R)
    order = types(new)  # type: ignore[arg-type]
    assert order.index("turn_ended") < order.index("granada_conquered") < order.index("turn_started")
    assert all(e.get("default") for e in new)
    assert t.view()["moorish"] is False and t.view()["scores"][:3] == [12, 6, 2]


def test_a_general_scoring_does_not_conquer() -> None:
    # O-G4: the Castillo distribution brings granada to 12; neither the scoring nor the start of the
    # next round conquers it; the end of round 4's first turn does
    t = _last_turn_of_round(3)
    t.arrange(R, {"castillo": 3})
    t.arrange(B, {"granada": 5})
    t.arrange(Y, {"granada": 4})
    _finish_turn(t)
    new = t.choose(R, "granada")
    assert t.count("granada", R) == 3
    assert "granada_conquered" not in types(new) and t.state.moorish  # type: ignore[arg-type]
    while t.view()["phase"] == "bidding":
        new = t.default(min(t.due()))
    assert "granada_conquered" not in types(new)  # type: ignore[arg-type]
    assert t.view()["round"] == 4 and t.view()["active"] is not None and t.view()["moorish"]
    first = t.view()["active"]
    new = []
    while t.view()["active"] == first:
        new += t.default(first)
    assert "granada_conquered" in types(new)  # type: ignore[arg-type]
    assert events_of(new, "area_scored")[-1]["mode"] == "conquest"


def test_the_final_castillo_distribution_never_conquers() -> None:
    # O-G4 ruling: no turn follows the final general scoring
    t = _last_turn_of_round(9)
    t.arrange(R, {"castillo": 3})
    t.arrange(B, {"granada": 5})
    t.arrange(Y, {"granada": 4})
    _finish_turn(t)
    new = t.choose(R, "granada")
    assert "granada_conquered" not in types(new)  # type: ignore[arg-type]
    assert types(new)[-1] == "game_ended" and t.state.moorish  # type: ignore[arg-type]
    assert t.count("granada", R) == 3


# O-G6: leaving ------------------------------------------------------------------------


def test_caballeros_leave_moorish_granada_by_moves_returns_and_eviction() -> None:
    # O-G6
    s = _at("d1_move_four_any", {"granada": [2, 2, 0, 0]})
    s2, _ = declare(s, 0, moves=[mv(1, "granada", "seville"), mv(0, "granada", "castillo")])
    assert count(s2, "granada", 0) == 1 and count(s2, "granada", 1) == 1
    s = _at("d2_secret_return_all", {"granada": [0, 2, 0, 0], "aragon": [0, 1, 0, 0]})
    s, _ = declare(s, 0)
    s, _ = play(s, 1, {"type": "choose_region", "region": "granada"})
    assert count(s, "granada", 1) == 0
    s = _at("d4_eviction", {"granada": [0, 2, 0, 0]})
    s, _ = declare(s, 0, area="granada")
    s, _ = play(s, 1, {"type": "choose_region", "region": "seville"})
    assert count(s, "granada", 1) == 0 and count(s, "seville", 1) == 2


# Views --------------------------------------------------------------------------------


def test_views_and_summary_show_moorish_granada() -> None:
    # H10: the option's state is public
    s = _at("d2_score_any_region", {"granada": [6, 4, 2, 0]}, acted=True)
    v = G.view(s, None)
    assert v["moorish"] is True and v["areas"]["granada"]["moorish"] is True
    lines = text_summary(v)
    assert any(line.startswith("Granada is Moorish") for line in lines)
    assert any("Granada 6/3/1 [Moorish]" in line for line in lines)
    s2, _ = play(s, 0, {"type": "end_turn"})
    v = G.view(s2, 1)
    assert v["moorish"] is False and v["areas"]["granada"]["moorish"] is False
    assert "Granada has been conquered: it is an ordinary region." in text_summary(v)


# Helpers ------------------------------------------------------------------------------


def _last_turn_of_round(rnd: int, seats: int = 4) -> Table:
    """Returns a table with the option, defaults played, at the last turn of round `rnd`, board emptied."""
    t = Table(seats, seed="moorish-gs", options=OPT)
    while True:
        v = t.view()
        if v["round"] == rnd and v["phase"] == "turns" and v["active"] == v["turn_order"][-1]:
            break
        t.default(min(t.due()))
    t.clear()
    t.king("galicia")
    return t


def _finish_turn(t: Table) -> list[dict[str, object]]:
    seat = t.view()["active"]
    out: list[dict[str, object]] = []
    while t.view()["active"] == seat and seat in t.due():
        out += t.default(seat)
    return out
