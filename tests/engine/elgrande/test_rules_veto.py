"""Tests Veto holding, answering, sealing, steps and expiry (§6 V1, V4, V6-V10, V13, X35, H7) beyond test_veto.py."""

from __future__ import annotations

from .scenario import GR, B, G, R, Table, Y, events_of, table

TWO_VETOS = ("d1_move_four_any", "d2_veto.1", "d2_veto.2", "d4_eviction")


def mv(seat: int, src: str, dst: str) -> dict[str, object]:
    return {"seat": seat, "from": src, "to": dst}


def two_holders() -> Table:
    """Returns round 1 with R and B holding a Veto each and Y about to take d1_move_four_any.

    King in galicia; R: aragon 2; B: seville 2, valencia 1; Y: catalonia 2.
    """
    t = table(4, *TWO_VETOS)
    t.clear()
    t.king("galicia")
    t.arrange(R, {"aragon": 2})
    t.arrange(B, {"seville": 2, "valencia": 1})
    t.arrange(Y, {"catalonia": 2})
    t.take(R, "d2_veto.1")
    t.end(R)
    t.take(B, "d2_veto.2")
    t.end(B)
    t.take(Y, "d1_move_four_any")
    return t


FOUR_MOVES = [
    mv(R, "aragon", "valencia"),
    mv(R, "aragon", "castillo"),
    mv(B, "seville", "basque_country"),
    mv(B, "seville", "basque_country"),
]


def test_v1_holding_a_veto_is_public() -> None:
    # V1, H10: holder, card and expiry are public
    t = two_holders()
    vetos = t.view(None)["vetos"]
    assert [(v["seat"], v["card"], v["taken_round"], v["expires_round"]) for v in vetos] == [
        (R, "d2_veto.1", 1, 2),
        (B, "d2_veto.2", 1, 2),
    ]


def test_v8_taking_a_veto_opens_no_window() -> None:
    # V8: taking d2_veto cannot be vetoed; B's take did not ask R
    t = two_holders()
    assert not events_of(t.events, "action_declared")
    assert not events_of(t.events, "decision_opened")


def test_v4_every_opponent_holding_a_veto_answers_secretly() -> None:
    # V4, M7, V13: the holders see the whole declaration and may veto from any step
    t = two_holders()
    t.declare(Y, moves=FOUR_MOVES)
    assert set(t.due()) == {R, B}
    assert t.kind(R) == "veto_answer"
    declaration = t.view(R)["decision"]["declaration"]
    assert declaration["action"]["moves"] == FOUR_MOVES and declaration["steps"] == 4
    answers = t.legal(R)
    assert {"type": "answer_veto", "answer": "allow"} in answers
    assert {a.get("from") for a in answers if a["answer"] == "veto"} == {1, 2, 3, 4}
    assert t.count("aragon", R) == 2  # R33: nothing happens before the answers


def test_v10_answers_are_sealed_until_all_are_in() -> None:
    # V10, H7
    t = two_holders()
    t.declare(Y, moves=FOUR_MOVES)
    (made,) = events_of(t.play(R, {"type": "answer_veto", "answer": "veto", "from": 1}), "choice_made")
    for viewer in (B, Y, GR, None):
        assert "choice" not in G.redact(made, viewer)
    assert G.redact(made, R)["choice"] == 1
    assert t.count("aragon", R) == 2


def test_v6_x35_the_batch_may_still_be_placed_after_a_whole_veto() -> None:
    # V6, X35, V8: a vetoed action leaves the card taken; the batch is never vetoed
    t = two_holders()
    t.declare(Y, moves=FOUR_MOVES)
    t.play(R, {"type": "answer_veto", "answer": "veto", "from": 1})
    t.play(B, {"type": "answer_veto", "answer": "allow"})
    assert t.count("aragon", R) == 2
    assert t.kind(Y) == "turn_step"
    assert not events_of(t.place(Y, castillo=1), "decision_opened")  # V8: no window for the batch
    assert t.count("castillo", Y) == 1
    assert "d1_move_four_any.1" in t.view()["discard"]


def test_v7_multi_region_scorings_have_one_step_per_region() -> None:
    # V7: d3_score_fours scores galicia, catalonia, seville: veto from 2 leaves galicia scored only
    t = table(4, "d1_move_four_any", "d2_veto", "d3_score_fours", "d4_eviction")
    t.clear()
    t.king("new_castile")
    t.arrange(R, {"galicia": 1, "catalonia": 1, "seville": 1})
    t.take(R, "d2_veto")
    t.end(R)
    t.take(B, "d3_score_fours")
    t.arrange(B, {"galicia": 2, "catalonia": 2, "seville": 2})
    t.declare(B)
    assert t.view(R)["decision"]["declaration"]["steps"] == 3
    t.play(R, {"type": "answer_veto", "answer": "veto", "from": 2})
    assert [e["area"] for e in events_of(t.events, "area_scored")] == ["galicia"]


def test_v9_expiry_counts_played_rounds_under_short_game() -> None:
    # V9, O-S1: a Veto taken in round 3 lasts through round 5 (round 4 is not played)
    seed = next(
        f"sv{i}"
        for i in range(500)
        if G.setup(4, {"short_game": True}, f"sv{i}")[0]["stacks"]["2"][1].startswith("d2_veto")
    )
    t = Table(4, seed=seed, options={"short_game": True})
    while t.view()["round"] < 3 or t.view()["phase"] != "turns":
        t.default(min(t.due()))
    seat = t.view()["active"]
    t.take(seat, "d2_veto")
    (held,) = t.view()["vetos"]
    assert (held["taken_round"], held["expires_round"]) == (3, 5)
    while t.view()["round"] < 5:
        t.default(min(t.due()))
    assert [v["seat"] for v in t.view()["vetos"]] == [seat]
    while t.view()["round"] < 6:
        t.default(min(t.due()))
    assert t.view()["vetos"] == []
