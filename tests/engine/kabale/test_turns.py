"""Course of play: turns, reveals, draws, fullness, round end, next round, game end (K7-K21)."""

from __future__ import annotations

import pytest

from tests.engine.kabale.helpers import GAME, act, bottom, play, table, types


def _refusal(state, seat, move):
    try:
        GAME.decide(state, seat, move)
    except Exception as exc:  # noqa: BLE001 - returns the refusal's identity
        return getattr(exc, "code", type(exc).__name__), getattr(exc, "rule", None), str(exc)
    return None


def two(cols=(("music_3a", ""), ("trade_3a", "")), hands=None, **kw):
    return table(2, list(cols), hands or {0: ["king", "page", "witch"], 1: ["queen", "page", "witch"]}, **kw)


def test_play_goes_face_down_to_the_bottom():  # K7
    s, ev = play(two(cols=(("music_3a", "blue page"), ("trade_3a", ""))), 0, "king", 0)
    assert bottom(s, 0) == [("blue", "page", True), ("red", "king", False)]
    assert ev[0] == {"type": "card_played", "seat": 0, "card": "king", "column": 0}


def test_full_column_still_takes_cards():  # K7
    s = two(cols=(("music_1", "blue page"), ("trade_3a", "")))
    assert {"type": "play", "card": "king", "column": 0} in GAME.legal_moves(s, 0)
    s, _ = play(s, 0, "king", 0)
    assert len(s.columns[0].slots) == 2


def test_legal_moves_are_hand_by_open_column():  # K7, KD1
    assert len(GAME.legal_moves(two(), 0)) == 6
    assert GAME.legal_moves(two(), 1) == []


def test_reveal_turns_up_the_card_above():  # K8
    s, ev = play(two(cols=(("music_3a", "blue queen?"), ("trade_3a", ""))), 0, "king", 0)
    assert bottom(s, 0)[0] == ("blue", "queen", True)
    assert ev[1] == {"type": "card_revealed", "column": 0, "position": 0, "seat": 1, "card": "queen"}


def test_no_reveal_in_an_empty_column_or_under_a_face_up_card():  # K8
    _, ev = play(two(), 0, "king", 0)
    assert "card_revealed" not in types(ev)
    _, ev = play(two(cols=(("music_3a", "blue queen"), ("trade_3a", ""))), 0, "king", 0)
    assert "card_revealed" not in types(ev)


def test_end_of_round_cards_wait_when_revealed():  # K8, KC3
    _s, ev = play(two(cols=(("music_3a", "blue wizard?; "), ("trade_3a", ""))), 0, "king", 0)
    assert types(ev) == ["card_played", "card_revealed", "cards_drawn", "turn_started"]


def test_draw_after_the_play():  # K9
    s, ev = play(two(), 0, "king", 0)
    assert ev[1] == {"type": "cards_drawn", "seat": 0, "cards": ["queen"], "count": 1}
    assert s.players[0].hand == ("page", "witch", "queen")


def test_reshuffle_only_when_a_draw_is_due():  # K9
    s = two(draws={0: ["queen"]}, discards={0: ["juliet", "storm"]})
    s, ev = play(s, 0, "king", 0)
    assert "discard_reshuffled" not in types(ev) and s.players[0].draw == ()
    s, _ = play(s, 1, "queen", 1)
    s, ev = play(s, 0, "page", 0)
    at = types(ev).index("discard_reshuffled")
    assert types(ev)[at + 1] == "cards_drawn" and ev[at]["seat"] == 0
    assert sorted(ev[at]["order"]) == ["juliet", "storm"] and s.players[0].discard == ()


def test_reshuffle_is_drawn_from_the_labelled_stream():  # K9, KR34
    from engine.rng import Draws

    s = two(draws={0: []}, discards={0: ["storm", "juliet"]})
    _, ev = play(s, 0, "king", 0)
    assert ev[1]["order"] == Draws("test-seed", f"chance:{s.n + 2}:0").shuffle(["juliet", "storm"])


def test_no_cards_no_draw():  # K9
    s, ev = play(two(draws={0: []}), 0, "king", 0)
    assert types(ev) == ["card_played", "turn_started"] and len(s.players[0].hand) == 2


def test_fullness_counts_every_slot_and_storm():  # K10
    s = table(2, [("music_2", "red doppelganger; blue magic_hood[king]"), ("trade_5", "red storm")])
    assert s.columns[0].full and s.columns[1].full
    assert not table(2, [("music_3a", "red page; blue page"), ("trade_5", "")]).columns[0].full


def test_round_ends_after_the_draw_when_every_column_is_full():  # K11, KR17, KR18
    s = two(cols=(("music_1", "blue page"), ("trade_1", "")))
    s, ev = play(s, 0, "king", 1)
    assert types(ev)[:3] == ["card_played", "cards_drawn", "round_revealed"]
    assert s.round == 2 and len(s.players[0].hand) == 3


def test_turn_passes_to_the_left_neighbour():  # K11
    s = table(
        3, [("music_5", ""), ("trade_5", ""), ("alchemy_5", "")], {0: ["king"], 1: ["king"], 2: ["king"]}
    )
    s, _ = play(s, 0, "king", 0)
    assert s.active == 1 and list(GAME.pending(s)) == [1]


def test_empty_hand_draws_first():  # K12
    s = table(2, [("music_5", ""), ("trade_5", "")], {0: ["king"], 1: []}, draws={0: [], 1: ["queen"]})
    s, ev = play(s, 0, "king", 0)
    assert types(ev)[-2:] == ["turn_started", "cards_drawn"] and s.players[1].hand == ("queen",)


def test_seat_without_cards_is_skipped():  # K12, KR11
    s = table(2, [("music_5", ""), ("trade_5", "")], {0: ["king", "queen"], 1: []}, draws={0: [], 1: []})
    s, ev = play(s, 0, "king", 0)
    assert types(ev)[-3:] == ["turn_started", "seat_skipped", "turn_started"] and s.active == 0


def test_nobody_can_play_ends_the_round():  # K13, KR11, KR16
    s = table(
        3,
        [("music_5", ""), ("trade_5", ""), ("alchemy_5", "")],
        {1: ["king"]},
        active=1,
        draws={0: [], 1: [], 2: []},
    )
    s, ev = play(s, 1, "king", 0)
    first_round = types(ev)[: types(ev).index("round_revealed")]
    assert first_round.count("seat_skipped") == 3
    assert s.round == 2 and s.start_seat == 2  # left of seat 1, the last to play


def test_final_reveal_fires_no_on_reveal_ability():  # K14, KA1
    s = two(cols=(("music_1", "blue explorer?"), ("trade_1", "")))
    s, ev = play(s, 0, "king", 1)
    assert "explorer_moved" not in types(ev)
    revealed = next(e for e in ev if e["type"] == "round_revealed")
    assert revealed["columns"] == [
        [{"seat": 1, "card": "explorer", "hidden": None}],
        [{"seat": 0, "card": "king", "hidden": None}],
    ]


def test_award_cleanup_and_next_round():  # K15, K16, K17, K18, KR19, KR27
    s = two(cols=(("music_1", "blue queen; red page"), ("trade_1", "red wizard?")), active=1)
    s, ev = play(s, 1, "witch", 1)
    scored = [e for e in ev if e["type"] == "column_scored"]
    assert [(e["goal"], e["winner"]) for e in scored] == [("music_1", 1), ("trade_1", 1)]
    assert scored[1]["removed"] == [{"position": 0, "seat": 0, "card": "wizard"}]
    assert s.players[1].won == ("music_1", "trade_1") and s.players[0].won == ()
    assert set(s.players[1].discard) == {"queen", "witch"} and set(s.players[0].discard) == {"page", "wizard"}
    assert s.start_seat == 0 and s.active == 0 and s.round == 2
    assert len(s.players[1].hand) == 3 and [c.slots for c in s.columns] == [(), ()]


def test_goal_card_nobody_wins_is_removed():  # KR9, KA25
    s = two(cols=(("music_1", "blue doppelganger"), ("trade_1", "")))
    s, _ev = play(s, 0, "king", 1)
    assert s.removed == ("music_1",)


def test_game_ends_after_round_six():  # K19, K20, K21
    s = two(cols=(("music_1", "blue queen"), ("trade_1", "")), round_=6, won={0: ["alchemy_5"]})
    s, ev = play(s, 0, "king", 1)
    assert types(ev)[-2:] == ["round_ended", "game_ended"]
    result = GAME.result(s)
    assert result["scores"] == [6, 1] and result["winners"] == [0] and result["ranks"] == [1, 2]
    assert GAME.pending(s) == {}
    assert _refusal(s, 0, {"type": "play", "card": "page", "column": 0})[0] == "game-over"
    with pytest.raises(Exception) as err:
        GAME.default_move(s, 0)
    assert getattr(err.value, "code", None) == "game-over"


def test_default_play_is_lowest_card_into_leftmost_non_full_column():  # KD1, KD6
    s = two(cols=(("music_1", "blue page"), ("trade_3a", "")), hands={0: ["king", "assassin", "storm"]})
    assert GAME.default_move(s, 0) == {"type": "play", "card": "storm", "column": 1, "default": True}
    s = two(hands={0: ["alchemist", "romeo", "hermit"]})
    assert GAME.default_move(s, 0)["card"] == "romeo"
    s = two(hands={0: ["alchemist", "merchant", "doppelganger"]})
    assert GAME.default_move(s, 0)["card"] == "doppelganger"
    s = two(hands={0: ["minstrel", "alchemist", "king"]})
    assert GAME.default_move(s, 0)["card"] == "alchemist"  # tie at 8: lower deck number


def test_default_move_is_marked_in_its_event():  # contract
    s = two()
    _, ev = act(s, 0, GAME.default_move(s, 0))
    assert ev[0]["default"] is True


def test_prompt_ids_are_stable_and_name_the_turn():  # contract, KD4
    s = two()
    prompt = GAME.pending(s)[0]
    assert prompt == {"id": f"{s.since}:play:0", "kind": "play", "since": s.since, "turn": "1.1"}
    s2, _ = play(s, 0, "king", 0)
    assert GAME.pending(s2)[1]["turn"] == "1.2" and GAME.pending(s2)[1]["since"] == s2.n


@pytest.mark.parametrize(
    "seat,move,code,rule",
    [
        (0, None, "malformed-move", None),
        (0, "play king 0", "malformed-move", None),
        (0, {"type": "dance"}, "malformed-move", None),
        (0, {"type": ["play"]}, "malformed-move", None),
        (0, {"type": "play", "card": "king"}, "malformed-move", None),
        (0, {"type": "play", "card": "king", "column": "0"}, "malformed-move", None),
        (0, {"type": "play", "card": "king", "column": 1.0}, "malformed-move", None),
        (0, {"type": "play", "card": "emperor", "column": 0}, "malformed-move", None),
        (0, {"type": "play", "card": "king", "column": 0, "x": 1}, "malformed-move", None),
        (1, {"type": "play", "card": "queen", "column": 0}, "not-your-turn", None),
        (9, {"type": "play", "card": "queen", "column": 0}, "not-your-turn", None),
        (0, {"type": "play", "card": "queen", "column": 0}, "illegal-move", "K7"),
        (0, {"type": "play", "card": "king", "column": 2}, "illegal-move", "K7"),
        (0, {"type": "play", "card": "king", "column": -1}, "illegal-move", "K7"),
        (0, {"type": "decline"}, "illegal-move", "KD4"),
        (0, {"type": "tuck", "card": "king"}, "illegal-move", "KD4"),
    ],
)
def test_refusals_have_stable_codes_and_cite_rules(seat, move, code, rule):  # contract
    got = _refusal(two(), seat, move)
    assert got is not None and got[:2] == (code, rule)
    if rule:
        assert f"({rule})" in got[2] and repr(move) in got[2]


def test_partial_builds_a_play_click_by_click():  # contract
    s = two()
    cards = GAME.legal_moves(s, 0, partial={"type": "play"})
    assert cards == [{"type": "play", "card": c, "complete": False} for c in ("king", "witch", "page")]
    columns = GAME.legal_moves(s, 0, partial={"type": "play", "card": "witch"})
    assert columns == [{"type": "play", "card": "witch", "column": i, "complete": True} for i in (0, 1)]
    assert GAME.legal_moves(s, 0, partial={"type": "play", "card": "witch", "column": 0}) == []
    assert GAME.legal_moves(s, 0, partial="junk") == []  # type: ignore[arg-type]


def test_each_card_affects_only_its_own_column():  # KA0
    s = two(cols=(("music_1", "blue dragon"), ("trade_1", "")))
    _, ev = play(s, 0, "witch", 1)
    scored = [e for e in ev if e["type"] == "column_scored"]
    assert scored[1]["slots"] == [{"position": 0, "seat": 0, "card": "witch", "hidden": None, "value": 1}]


def test_storm_closure_stands_under_the_musketeers():  # KR28
    s = two(
        cols=(("music_5", "blue musketeers; red storm?"), ("trade_5", "")),
        active=1,
        hands={1: ["queen", "page", "witch"]},
    )
    s, _ = play(s, 1, "queen", 0)
    assert s.columns[0].closed and {m["column"] for m in GAME.legal_moves(s, 0)} == {1}
