"""Tests the auto-pass moves (§8 D1-D15, H11, R34) through `default_move`."""

from __future__ import annotations

from .scenario import GR, B, G, R, Table, Y, events_of, table

OFFER = ("d1_move_four_any", "d2_king_returns", "d3_score_castillo", "d4_eviction")


def default(t: Table, seat: int) -> dict[str, object]:
    move = G.default_move(t.state, seat)
    assert move.pop("default") is True  # D15
    return move


def test_d1_default_bid_is_the_lowest_legal_card() -> None:
    # D1
    t = Table(4, seed="d1")
    (first,) = t.due()
    assert default(t, first) == {"type": "play_power_card", "value": 1}
    t.play(first, {"type": "play_power_card", "value": 1})
    (second,) = t.due()
    assert default(t, second) == {"type": "play_power_card", "value": 2}


def test_d2_default_supplement_takes_nothing() -> None:
    # D2
    t = Table(4, seed="d2").with_offer(*OFFER)
    t.king("galicia")
    t.clear()
    t.arrange(R, {"aragon": 3, "seville": 20}, court=7)
    t.bid({R: 9, B: 3, Y: 2, GR: 1})
    assert t.kind(R) == "supplement_court"
    assert default(t, R) == {"type": "supplement_court", "from": {}}
    t.default(R)
    assert t.count("aragon", R) == 3


def test_d4_default_card_has_the_fewest_heads() -> None:
    # D4: stack 1 when offered, else the next lowest stack
    t = table(4, *OFFER)
    assert default(t, R) == {"type": "take_card", "card": "d1_move_four_any.1"}
    t.take(R, "d1_move_four_any")
    t.end(R)
    assert default(t, B) == {"type": "take_card", "card": "d2_king_returns.1"}


def test_d5_default_turn_places_nothing_and_skips_the_action() -> None:
    # D5, R22: the card is still taken and discarded
    t = table(4, *OFFER)
    t.take(R, "d3_score_castillo")
    board = t.view()["areas"]
    assert default(t, R) == {"type": "end_turn"}
    new = t.default(R)
    assert new[0]["type"] == "turn_ended"
    assert t.view()["areas"] == board
    assert "d3_score_castillo.1" in t.view()["discard"]


def test_d14_a_timeout_chain_stays_within_the_turn() -> None:
    # D14, D15: D4 then D5 under one turn id; every event of a default is flagged
    t = table(4, *OFFER)
    turn = t.due()[R]["turn"]
    chain = []
    while R in t.due() and t.due()[R]["turn"] == turn:
        chain.append(G.default_move(t.state, R)["type"])
        new = t.default(R)
        assert all(e.get("default") is True for e in new if e.get("seat") == R)
    assert chain == ["take_card", "end_turn"]
    assert t.view()["active"] == B


def test_d14_what_was_placed_before_a_timeout_stands() -> None:
    # D14: a later timeout applies D5 to what remains
    t = table(4, *OFFER)
    t.king("galicia")
    t.clear()
    t.take(R, "d3_score_castillo")
    t.place(R, castillo=2)
    t.default(R)
    assert t.count("castillo", R) == 2
    assert t.view()["active"] == B


def test_d6_default_veto_answer_allows() -> None:
    # D6: keeps the Veto card
    t = table(4, "d1_move_four_any", "d2_veto", "d3_score_castillo", "d4_eviction")
    t.clear()
    t.king("galicia")
    t.arrange(R, {"aragon": 2})
    t.take(R, "d2_veto")
    t.end(R)
    t.take(B, "d1_move_four_any")
    t.declare(B, moves=[{"seat": R, "from": "aragon", "to": "seville"}])
    assert t.kind(R) == "veto_answer"
    assert default(t, R) == {"type": "answer_veto", "answer": "allow"}
    t.default(R)
    assert t.count("seville", R) == 1
    assert [v["seat"] for v in t.view()["vetos"]] == [R]


def eviction(t: Table) -> None:
    t.take(R, "d4_eviction")
    t.declare(R, area="aragon")


def test_d8_default_eviction_destination_is_a_sole_lead_else_the_first_legal() -> None:
    # D8 (as D7 over M2's choices): B leads valencia alone; Y leads nowhere
    t = table(4, *OFFER)
    t.clear()
    t.king("galicia")
    t.arrange(B, {"aragon": 2, "valencia": 2})
    t.arrange(Y, {"aragon": 1, "seville": 1})
    t.arrange(GR, {"seville": 1})
    eviction(t)
    assert default(t, B) == {"type": "choose_region", "region": "valencia"}
    assert default(t, Y) == {"type": "choose_region", "region": "basque_country"}


def test_d9_default_return_two_takes_from_the_largest_stack() -> None:
    # D9: most own caballeros; ties go to the lowest id
    t = table(4, "d1_move_four_any", "d2_secret_return_two", "d3_score_castillo", "d4_eviction")
    t.clear()
    t.king("galicia")
    t.arrange(B, {"aragon": 3, "valencia": 4, "seville": 2})
    t.arrange(Y, {"catalonia": 3, "granada": 3})
    t.take(R, "d2_secret_return_two")
    t.declare(R)
    assert default(t, B) == {"type": "choose_region", "region": "valencia"}
    assert default(t, Y) == {"type": "choose_region", "region": "catalonia"}


def test_d10_default_return_all_takes_from_the_smallest_stack() -> None:
    # D10: fewest own caballeros; ties go to the lowest id
    t = table(4, "d1_move_four_any", "d2_secret_return_all", "d3_score_castillo", "d4_eviction")
    t.clear()
    t.king("galicia")
    t.arrange(B, {"aragon": 3, "valencia": 1, "seville": 2})
    t.arrange(Y, {"catalonia": 2, "granada": 2, "old_castile": 5})
    t.take(R, "d2_secret_return_all")
    t.declare(R)
    assert default(t, B) == {"type": "choose_region", "region": "valencia"}
    assert default(t, Y) == {"type": "choose_region", "region": "catalonia"}


def test_d11_default_king_returns_court_first_then_the_largest_stack() -> None:
    # D11: court first, then one at a time from the largest open stack (recounted)
    t = table(4, *OFFER)
    t.clear()
    t.king("galicia")
    t.arrange(B, {"aragon": 3, "valencia": 3}, court=1)
    t.arrange(Y, {"catalonia": 1, "seville": 2}, court=0)
    t.arrange(GR, {"granada": 1}, court=5)
    t.take(R, "d2_king_returns")
    t.declare(R)
    assert default(t, B) == {"type": "return_caballeros", "sources": ["court", "aragon", "valencia"]}
    assert default(t, GR) == {"type": "return_caballeros", "sources": ["court", "court", "court"]}
    assert [Y, ["catalonia", "seville", "seville"]] in t.view()["decision"]["forced"]


def test_d12_default_secret_scoring_picks_the_best_region_for_itself() -> None:
    # D12, H11: the region that would pay the most now, ignoring (sealed) choices of others
    t = table(4, "d1_move_four_any", "d2_veto", "d3_score_castillo", "d4_secret_scoring")
    t.clear()
    t.king("new_castile")
    t.grande(B, "seville")
    t.arrange(B, {"new_castile": 3, "seville": 1, "aragon": 1})  # new_castile 7+2 = 9; seville 4+2 = 6
    t.arrange(Y, {"aragon": 2})
    t.take(R, "d4_secret_scoring")
    t.declare(R)
    before = default(t, B)
    assert before == {"type": "choose_region", "region": "new_castile"}
    assert default(t, R) == {
        "type": "choose_region",
        "region": "galicia",
    }  # R scores nothing anywhere: lowest id
    t.choose(Y, "new_castile")
    assert default(t, B) == before


def test_every_prompt_of_a_random_game_has_a_legal_default() -> None:
    # D1-D15, R34: default_move is always accepted (a whole game by defaults ends)
    t = Table(5, seed="all-defaults")
    steps = 0
    while G.result(t.state) is None:
        for seat in t.due():
            G.decide(t.state, seat, G.default_move(t.state, seat))
        t.default(min(t.due()))
        steps += 1
    assert steps > 100
    assert events_of(t.events, "game_ended")


def test_d14_a_timeout_at_the_start_of_a_turn_chains_d2_d4_d5() -> None:
    # D14: supplement (D2), card (D4), rest of the turn (D5) share one turn id and end the turn
    t = Table(4, seed="d14").with_offer(*OFFER)
    t.king("galicia")
    t.clear()
    t.arrange(R, {"aragon": 3, "seville": 20}, court=7)
    t.bid({R: 9, B: 3, Y: 2, GR: 1})
    turn = t.due()[R]["turn"]
    kinds = []
    while R in t.due() and t.due()[R]["turn"] == turn:
        kinds.append(t.kind(R))
        t.default(R)
    assert kinds == ["supplement_court", "choose_action_card", "turn_step"]
    assert t.count("aragon", R) == 3 and t.view()["active"] == B
