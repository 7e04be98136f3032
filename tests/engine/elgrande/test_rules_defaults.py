"""Tests the timeout chain and the secret-scoring default (§8 D12, D14, D15, H11) beyond test_defaults.py."""

from __future__ import annotations

from .scenario import GR, B, G, R, Table, Y, table

OFFER = ("d1_move_four_any", "d2_king_returns", "d3_score_castillo", "d4_eviction")


def default(t: Table, seat: int) -> dict[str, object]:
    move = G.default_move(t.state, seat)
    assert move.pop("default") is True  # D15
    return move


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
