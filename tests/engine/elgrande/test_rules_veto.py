"""Tests the declare-then-answer Veto (§6 V1-V13, H7, X35, X42) through the contract."""

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


def test_v4_a_veto_from_beyond_the_steps_is_refused() -> None:
    # V4: 1 ≤ k ≤ steps
    t = two_holders()
    t.declare(Y, moves=FOUR_MOVES[:2])
    assert t.refuse(R, {"type": "answer_veto", "answer": "veto", "from": 3}).rule == "V4"


def test_v5_v6_v12_smallest_k_applies_and_earlier_steps_happen() -> None:
    # V5, V6, V12: R vetoes from 3, B from 4: steps 1-2 happen, only R's Veto is spent
    t = two_holders()
    t.declare(Y, moves=FOUR_MOVES)
    t.play(R, {"type": "answer_veto", "answer": "veto", "from": 3})
    t.play(B, {"type": "answer_veto", "answer": "veto", "from": 4})
    assert (t.count("aragon", R), t.count("valencia", R), t.count("castillo", R)) == (0, 1, 1)
    assert t.count("seville", B) == 2 and t.count("basque_country", B) == 0
    assert [v["seat"] for v in t.view()["vetos"]] == [B]
    assert "d2_veto.1" in t.view()["discard"]
    revealed = events_of(t.events, "choices_revealed")[-1]
    assert revealed["vetoed_by"] == R and revealed["from"] == 3


def test_v5_tie_goes_to_the_first_holder_after_the_active_player() -> None:
    # V5: order R, B, Y, G; active Y; counted from G: G, R, B -> R's Veto is spent
    t = two_holders()
    t.declare(Y, moves=FOUR_MOVES)
    t.play(B, {"type": "answer_veto", "answer": "veto", "from": 2})
    t.play(R, {"type": "answer_veto", "answer": "veto", "from": 2})
    assert events_of(t.events, "choices_revealed")[-1]["vetoed_by"] == R
    assert [v["seat"] for v in t.view()["vetos"]] == [B]
    assert (t.count("aragon", R), t.count("valencia", R)) == (1, 1)


def test_v5_everybody_allows_and_everything_happens() -> None:
    # V5, D6: all allow -> all steps carried out; every Veto kept
    t = two_holders()
    t.declare(Y, moves=FOUR_MOVES)
    t.play(R, {"type": "answer_veto", "answer": "allow"})
    t.play(B, {"type": "answer_veto", "answer": "allow"})
    assert t.count("basque_country", B) == 2 and t.count("aragon", R) == 0
    assert len(t.view()["vetos"]) == 2


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


def test_v2_an_empty_declaration_opens_no_window() -> None:
    # V2: a declaration that changes nothing skips the action without asking the holders
    t = two_holders()
    new = t.declare(Y, moves=[])
    assert [e["type"] for e in new][:1] == ["action_skipped"]
    assert not events_of(new, "decision_opened") and R not in t.due()


def test_v4_the_active_player_never_vetoes_their_own_action() -> None:
    # V4: R holds a Veto, then R acts: no window for R's own declaration
    t = table(
        4,
        "d1_move_four_any",
        "d2_veto",
        "d3_score_castillo",
        "d4_eviction",
        bids={R: 13, B: 12, Y: 11, GR: 10},
    )
    t.clear()
    t.king("galicia")
    t.arrange(B, {"aragon": 1})
    t.take(R, "d2_veto")
    t.end(R)
    t.take(B, "d1_move_four_any")
    t.declare(B, moves=[mv(B, "aragon", "seville")])
    assert set(t.due()) == {R}  # the holder answers B
    t.play(R, {"type": "answer_veto", "answer": "allow"})
    assert t.count("seville", B) == 1


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


def test_v7_decisions_are_asked_only_after_the_window_closes() -> None:
    # V7: d2_king_returns is one step; the opponents' choices come after the Veto answers
    t = table(4, "d1_move_four_any", "d2_veto", "d2_king_returns", "d4_eviction")
    t.take(R, "d2_veto")
    t.end(R)
    t.take(B, "d2_king_returns")
    t.declare(B)
    assert set(t.due()) == {R} and t.kind(R) == "veto_answer"
    assert t.view(R)["decision"]["declaration"]["steps"] == 1
    t.play(R, {"type": "answer_veto", "answer": "allow"})
    assert {t.kind(p) for p in t.due()} == {"king_returns_choice"}


def test_v9_a_veto_expires_at_the_end_of_the_next_round() -> None:
    # V9, R15: taken in round 1, usable through round 2, discarded at round 2's end
    t = table(3, "d1_move_four_any", "d2_veto", "d3_score_castillo", "d4_eviction")
    t.take(R, "d2_veto")
    while t.view()["round"] < 3:
        t.default(min(t.due()))
        if t.view()["round"] == 2:
            assert [v["seat"] for v in t.view()["vetos"]] == [R]
    assert t.view()["vetos"] == []
    assert "d2_veto.1" in t.view()["discard"]
    assert any(e.get("expired") == ["d2_veto.1"] for e in events_of(t.events, "round_ended"))


def seed_with_two_vetos_on_top() -> str:
    """Returns a seed whose stack 2 starts with both Veto cards (so one is offered in rounds 1 and 2)."""
    for i in range(5000):
        stack2 = G.setup(4, {}, f"vv{i}")[0]["stacks"]["2"]
        if all(c.startswith("d2_veto") for c in stack2[:2]):
            return f"vv{i}"
    raise AssertionError("no seed found")


def test_x42_a_player_may_hold_two_vetos_and_spends_the_older_first() -> None:
    # X42, V9: each Veto has its own expiry; the one taken earlier is spent first
    t = Table(4, seed=seed_with_two_vetos_on_top())
    t.bid({R: 13, B: 12, Y: 11, GR: 10})
    first = t.take(R, "d2_veto")[0]["card"]
    t.end(R)
    while t.view()["round"] == 1:
        t.default(min(t.due()))
    t.bid({R: 12, B: 1, Y: 2, GR: 3})
    second = t.take(R, "d2_veto")[0]["card"]
    t.end(R)
    assert [(v["card"], v["expires_round"]) for v in t.view()["vetos"]] == [(first, 2), (second, 3)]
    t.take(GR, "d5_king")  # order R, G, Y, B
    t.declare(GR, area="granada" if t.view()["king"] != "granada" else "seville")
    t.play(R, {"type": "answer_veto", "answer": "veto", "from": 1})
    assert events_of(t.events, "choices_revealed")[-1]["spent"] == first
    assert [v["card"] for v in t.view()["vetos"]] == [second]


def test_veto_option_off_never_opens_a_window() -> None:
    # V11: with option veto off there is no Veto card, so no answer is ever asked
    t = Table(4, seed="noveto", options={"veto": False})
    while G.result(t.state) is None:
        assert all(p["kind"] != "veto_answer" for p in t.due().values())
        t.default(min(t.due()))
