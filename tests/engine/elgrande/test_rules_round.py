"""Tests the round sequence, bidding, turn order, game end and result (R9-R16, R53-R55, X8, X10, X38, O-S1)."""

from __future__ import annotations

import pytest

from engine.errors import GameOver, IllegalMove, NotYourTurn

from .scenario import G, Table, events_of


def play_defaults(t: Table, *, until_round: int | None = None) -> None:
    """Plays every due seat's default move until the game ends (or round `until_round` starts)."""
    while G.result(t.state) is None:
        if until_round is not None and t.view()["round"] >= until_round:
            return
        seat = min(t.due())
        t.default(seat)


def test_bidding_starts_with_the_start_player_then_clockwise() -> None:
    # R11
    t = Table(5, seed="clockwise")
    start = t.view()["start_player"]
    seen = []
    for value in (3, 9, 1, 12, 7):
        (seat,) = t.due()
        seen.append(seat)
        t.play(seat, {"type": "play_power_card", "value": value})
    assert seen == [(start + i) % 5 for i in range(5)]


def test_a_value_already_played_this_round_is_refused() -> None:
    # R11: every played value differs
    t = Table(4, seed="dupe")
    (first,) = t.due()
    t.play(first, {"type": "play_power_card", "value": 8})
    (second,) = t.due()
    exc = t.refuse(second, {"type": "play_power_card", "value": 8})
    assert isinstance(exc, IllegalMove) and exc.rule == "R11"
    assert {"type": "play_power_card", "value": 8} not in t.legal(second)
    assert len(t.legal(second)) == 12


def test_only_the_due_bidder_may_bid() -> None:
    # R11: sequential and open, not simultaneous
    t = Table(4, seed="due")
    (first,) = t.due()
    other = (first + 1) % 4
    assert isinstance(t.refuse(other, {"type": "play_power_card", "value": 5}), NotYourTurn)


def test_turn_order_is_by_played_value_highest_first() -> None:
    # R13, R14
    t = Table(4, seed="order")
    start = t.view()["start_player"]
    values = {start: 2, (start + 1) % 4: 13, (start + 2) % 4: 7, (start + 3) % 4: 9}
    t.bid(values)
    expected = sorted(values, key=lambda p: -values[p])
    assert t.view()["turn_order"] == expected
    assert t.view()["active"] == expected[0]
    play_defaults(t, until_round=2)
    assert [e["seat"] for e in events_of(t.events, "turn_started")] == expected


def test_played_cards_leave_the_hand_and_cannot_be_played_again() -> None:
    # R11, H1, H2: the played pile grows; others see its top and size only (X8)
    t = Table(3, seed="piles")
    t.bid({0: 13, 1: 12, 2: 11})
    play_defaults(t, until_round=2)
    assert 13 not in t.view(0)["hand"]
    t.bid({p: v for p, v in zip(range(3), (1, 2, 3), strict=True)})
    mine, theirs = t.view(0)["played"][0], t.view(1)["played"][0]
    assert mine == {"top": 1, "size": 2, "cards": [13, 1]}
    assert theirs == {"top": 1, "size": 2}
    assert t.view(1)["hands"][0] == {"size": 11}
    assert "hand" in t.view(1) and t.view(1)["hand"] is not None and 13 not in t.view(0)["hand"]


def test_next_start_player_played_the_lowest_value() -> None:
    # R12, X10
    t = Table(4, seed="lowest")
    start = t.view()["start_player"]
    values = {start: 9, (start + 1) % 4: 4, (start + 2) % 4: 11, (start + 3) % 4: 6}
    t.bid(values)
    play_defaults(t, until_round=2)
    assert t.view()["round"] == 2
    assert t.view()["start_player"] == (start + 1) % 4
    assert list(t.due()) == [(start + 1) % 4]


def test_unused_offer_is_discarded_and_the_king_card_returns() -> None:
    # R15, R22: taken stack cards and untaken ones are discarded; the King card is face up again
    t = Table(3, seed="discard")
    offer = [c["card"] for c in t.view()["offer"]]
    play_defaults(t, until_round=2)
    v = t.view(None)
    assert set(offer) - {"d5_king.1"} <= set(v["discard"])
    assert "d5_king.1" not in v["discard"]
    assert [c["stack"] for c in v["offer"]] == [1, 2, 3, 4, 5]
    assert not {c["card"] for c in v["offer"]} & (set(offer) - {"d5_king.1"})


def test_nine_rounds_three_general_scorings_then_the_end() -> None:
    # R9, R16, R35, R53
    t = Table(4, seed="full")
    play_defaults(t)
    assert [e["round"] for e in events_of(t.events, "round_started")] == list(range(1, 10))
    assert [e["round"] for e in events_of(t.events, "general_scoring_ended")] == [3, 6, 9]
    assert t.events[-1]["type"] == "game_ended"
    assert events_of(t.events, "general_scoring_ended")[-1] is t.events[-2]
    assert t.due() == {}
    assert t.view()["phase"] == "over"


def test_short_game_skips_rounds_one_four_and_seven() -> None:
    # O-S1, R12: the round marker starts on 2; scorings still after 3, 6, 9; the round-2 start player is drawn
    t = Table(4, seed="short", options={"short_game": True})
    first = events_of(t.events, "round_started")[0]
    assert first["round"] == 2
    assert first["start_player"] == t.events[0]["start_player"]
    play_defaults(t)
    assert [e["round"] for e in events_of(t.events, "round_started")] == [2, 3, 5, 6, 8, 9]
    assert [e["round"] for e in events_of(t.events, "general_scoring_ended")] == [3, 6, 9]


def test_moves_after_the_end_are_refused() -> None:
    # R53
    t = Table(2, seed="over")
    play_defaults(t)
    with pytest.raises(GameOver):
        G.decide(t.state, 0, {"type": "play_power_card", "value": 1})


def test_tied_top_scores_share_the_win_with_competition_ranks() -> None:
    # R54, X38: no tie-break; scores 24, 21, 21, 24 rank 1, 3, 3, 1
    t = Table(4, seed="x")
    play_defaults(t)
    res = G.result(t.state)
    assert res == {"scores": [24, 21, 21, 24], "ranks": [1, 3, 3, 1], "winners": [0, 3], "tiebreak": None}
    assert t.events[-1]["winners"] == [0, 3]


@pytest.mark.parametrize("seed", ["rank-a", "rank-b", "rank-c"])
def test_result_ranks_are_standard_competition_ranks(seed: str) -> None:
    # R54
    t = Table(5, seed=seed)
    play_defaults(t)
    res = G.result(t.state)
    assert res is not None
    scores = res["scores"]
    assert res["ranks"] == [1 + sum(q > p for q in scores) for p in scores]
    assert res["winners"] == [p for p, s in enumerate(scores) if s == max(scores)]
    assert scores == t.view()["scores"]


def test_result_is_none_while_running_and_seed_revealed_at_the_end() -> None:
    # R55, H12
    t = Table(3, seed="reveal-seed")
    assert G.result(t.state) is None
    assert "seed" not in t.view(0)
    play_defaults(t)
    assert t.events[-1]["seed"] == "reveal-seed"
    assert t.view(None)["seed"] == "reveal-seed"
    assert t.view(1)["vetos"] == [] or all(v["expires_round"] <= 9 for v in t.view(1)["vetos"])


def test_scores_never_decrease() -> None:
    # R45, X41
    t = Table(5, seed="rising")
    before = t.view()["scores"]
    while G.result(t.state) is None:
        t.default(min(t.due()))
        now = t.view()["scores"]
        assert all(a >= b for a, b in zip(now, before, strict=True))
        before = now
