"""On-reveal abilities during a round (KA1-KA7) and their rulings, with KE14 and KE15."""

from __future__ import annotations

from tests.engine.kabale.helpers import GAME, act, bottom, play, table, types

RBG = ("red", "blue", "green")


def test_ke14_explorer_meets_assassin():  # KE14, KA3, KA4, KR24
    s = table(
        3,
        [("music_5", "red explorer?"), ("trade_5", "blue assassin?"), ("religion_5", "")],
        {2: ["king", "page", "witch"]},
        active=2,
        colours=RBG,
    )
    s, ev = play(s, 2, "king", 0)
    assert types(ev)[:5] == ["card_played", "card_revealed", "explorer_moved", "card_revealed", "card_killed"]
    assert bottom(s, 0) == [("green", "king", False)]
    assert bottom(s, 1) == [("blue", "assassin", True)]
    assert s.players[0].discard == ("explorer",)
    assert ev[5] == {"type": "cards_drawn", "seat": 2, "cards": [s.players[2].hand[-1]], "count": 1}


def test_ke14b_explorer_skips_a_storm_column():  # KE14b, KA3, KA5
    s = table(
        3,
        [("music_5", "red explorer?"), ("trade_5", "green storm; blue assassin?"), ("religion_5", "")],
        {2: ["king", "page", "witch"]},
        active=2,
        colours=RBG,
    )
    s, _ev = play(s, 2, "king", 0)
    assert bottom(s, 0) == [("green", "king", False)]
    assert bottom(s, 1) == [("green", "storm", True), ("blue", "assassin", False)]
    assert bottom(s, 2) == [("red", "explorer", False)]
    assert s.columns[2].slots[0].known  # KH4
    assert GAME.view(s, 1)["columns"][2]["slots"][0]["card"] == "explorer"


def test_ke15_loop_guard():  # KE15, KR5
    s = table(
        3,
        [("music_5", "red explorer?"), ("trade_5", "blue explorer?"), ("religion_5", "red storm")],
        {2: ["explorer", "page", "witch"]},
        active=2,
        colours=RBG,
    )
    s, ev = play(s, 2, "explorer", 0)
    assert bottom(s, 0) == [("blue", "explorer", False)]
    assert bottom(s, 1) == [("red", "explorer", True), ("green", "explorer", False)]
    assert types(ev).count("explorer_moved") == 3


def test_explorer_wraps_around_to_the_leftmost_column():  # KA3
    s = table(
        3,
        [("music_5", "blue page"), ("trade_5", ""), ("religion_5", "red explorer?")],
        {1: ["king", "page", "witch"]},
        active=1,
    )
    s, _ = play(s, 1, "king", 2)
    assert bottom(s, 0) == [("blue", "page", True), ("red", "explorer", False)]
    assert bottom(s, 2) == [("blue", "king", False)]


def test_explorer_stays_when_every_other_column_is_closed():  # KR5
    s = table(
        2, [("music_5", "red explorer?"), ("trade_5", "blue storm")], {1: ["king", "page", "witch"]}, active=1
    )
    s, ev = play(s, 1, "king", 0)
    assert bottom(s, 0) == [("red", "explorer", True), ("blue", "king", False)]
    assert "explorer_moved" not in types(ev)


def test_explorer_under_a_face_up_card_reveals_nothing():  # KA3.4
    s = table(
        2, [("music_5", "red explorer?"), ("trade_5", "blue page")], {1: ["king", "page", "witch"]}, active=1
    )
    s, ev = play(s, 1, "king", 0)
    assert types(ev).count("card_revealed") == 1
    assert bottom(s, 1) == [("blue", "page", True), ("red", "explorer", False)]


def test_explorer_moves_again_in_a_later_turn():  # KA3.3: marks last for one play
    s = table(2, [("music_5", "red explorer?"), ("trade_5", "")], {1: ["king", "page", "witch"]}, active=1)
    s, _ = play(s, 1, "king", 0)
    assert bottom(s, 1) == [("red", "explorer", False)]
    s, _ = play(s, 0, s.players[0].hand[0], 1)
    assert bottom(s, 0)[-1] == ("red", "explorer", False)


def test_leaving_explorer_makes_a_full_column_not_full():  # K10, KR18
    s = table(2, [("music_2", "red explorer?"), ("trade_5", "")], {1: ["king", "page", "witch"]}, active=1)
    s, ev = play(s, 1, "king", 0)
    assert not s.columns[0].full and "round_revealed" not in types(ev)


def test_assassin_kills_the_played_card():  # KA4, KR15, KR26
    s = table(2, [("music_5", "red assassin?"), ("trade_5", "")], {1: ["king", "page", "witch"]}, active=1)
    s, ev = play(s, 1, "king", 0)
    assert bottom(s, 0) == [("red", "assassin", True)]
    assert "king" in s.players[1].discard
    assert GAME.redact(ev[2], 0)["card"] == "king"  # killed cards are public


def test_face_up_assassin_kills_no_more():  # KA4
    s = table(2, [("music_5", "red assassin"), ("trade_5", "")], {1: ["king", "page", "witch"]}, active=1)
    s, _ = play(s, 1, "king", 0)
    assert bottom(s, 0) == [("red", "assassin", True), ("blue", "king", False)]


def test_assassin_victim_is_reshuffled_the_same_round():  # KR26, K9
    s = table(
        2,
        [("music_5", "red assassin?"), ("trade_5", "")],
        {1: ["king", "page", "witch"]},
        active=1,
        draws={1: []},
        discards={1: []},
    )
    s, ev = play(s, 1, "king", 0)
    assert types(ev)[3:5] == ["discard_reshuffled", "cards_drawn"]
    assert "king" in s.players[1].hand


def test_storm_closes_its_column():  # KA5
    s = table(2, [("music_5", "red storm?"), ("trade_5", "")], {1: ["king", "page", "witch"]}, active=1)
    s, _ = play(s, 1, "king", 0)
    assert s.columns[0].closed and s.columns[0].full
    assert {m["column"] for m in GAME.legal_moves(s, 0)} == {1}
    refused = _refusal(s, 0, {"type": "play", "card": s.players[0].hand[0], "column": 0})
    assert refused == ("illegal-move", "KA5")


def _refusal(state, seat, move):
    try:
        GAME.decide(state, seat, move)
    except Exception as exc:  # noqa: BLE001 - returns the refusal's identity
        return getattr(exc, "code", type(exc).__name__), getattr(exc, "rule", None)
    return None


def test_hood_owner_decides_during_another_players_turn():  # KA6, KD2, KD4
    s = table(
        2,
        [("music_5", "red magic_hood?"), ("trade_5", "")],
        {0: ["queen", "page", "witch"], 1: ["king", "page", "witch"]},
        active=1,
    )
    s, ev = play(s, 1, "king", 0)
    assert types(ev)[-1] == "card_revealed"
    prompt = GAME.pending(s)
    assert list(prompt) == [0] and prompt[0]["kind"] == "hood_tuck"
    assert _refusal(s, 1, {"type": "decline"})[0] == "not-your-turn"
    s, ev = act(s, 0, {"type": "tuck", "card": "queen"})
    assert types(ev) == ["card_tucked", "cards_drawn", "cards_drawn", "turn_started"]
    assert ev[1]["seat"] == 0 and ev[2]["seat"] == 1
    assert s.columns[0].slots[0].tucked == "queen" and len(s.players[0].hand) == 3
    assert len(s.columns[0].slots) == 2  # KR6: still one slot


def test_hood_decline_draws_nothing():  # KA6
    s = table(
        2,
        [("music_5", "red magic_hood?"), ("trade_5", "")],
        {0: ["queen", "page", "witch"], 1: ["king", "page", "witch"]},
        active=1,
    )
    s, _ = play(s, 1, "king", 0)
    s, ev = act(s, 0, {"type": "decline"})
    assert types(ev) == ["declined", "cards_drawn", "turn_started"] and len(s.players[0].hand) == 3


def test_no_hood_decision_with_an_empty_hand():  # KD5
    s = table(
        2,
        [("music_5", "red magic_hood?"), ("trade_5", "")],
        {0: [], 1: ["king", "page", "witch"]},
        active=1,
        draws={0: []},
    )
    s, ev = play(s, 1, "king", 0)
    assert "declined" not in types(ev) and s.decision is None


def test_hood_legal_moves_and_default():  # KD2
    s = table(
        2,
        [("music_5", "red magic_hood?"), ("trade_5", "")],
        {0: ["queen", "page"], 1: ["king", "page", "witch"]},
        active=1,
    )
    s, _ = play(s, 1, "king", 0)
    assert GAME.legal_moves(s, 0) == [
        {"type": "tuck", "card": "queen"},
        {"type": "tuck", "card": "page"},
        {"type": "decline"},
    ]
    assert GAME.default_move(s, 0) == {"type": "decline", "default": True}
    assert _refusal(s, 0, {"type": "tuck", "card": "king"}) == ("illegal-move", "KA6")
    assert _refusal(s, 0, {"type": "play", "card": "queen", "column": 1}) == ("illegal-move", "KD4")


def test_hidden_explorer_never_moves():  # KA1, KR22
    s = table(
        2,
        [("music_5", "red magic_hood?"), ("trade_5", "")],
        {0: ["explorer", "page"], 1: ["king", "page", "witch"]},
        active=1,
    )
    s, _ = play(s, 1, "king", 0)
    s, ev = act(s, 0, {"type": "tuck", "card": "explorer"})
    assert "explorer_moved" not in types(ev)


def test_traitor_swaps_goal_cards_and_may_end_the_round():  # KA7, KR18
    s = table(
        2,
        [
            ("music_5", "blue page; red traitor?"),
            ("trade_2", "blue king; red page; blue queen; red queen; blue prince"),
        ],
        {0: ["juliet", "king"], 1: ["witch", "landlord", "storm"]},
        active=1,
    )
    s, ev = play(s, 1, "witch", 0)
    assert GAME.pending(s)[0]["kind"] == "traitor_swap"
    assert GAME.legal_moves(s, 0) == [{"type": "swap", "column": 1}, {"type": "decline"}]
    assert _refusal(s, 0, {"type": "swap", "column": 0}) == ("illegal-move", "KA7")
    assert _refusal(s, 0, {"type": "swap", "column": 2}) == ("illegal-move", "KA7")
    s2, ev = act(s, 0, {"type": "swap", "column": 1})
    assert ev[0] == {"type": "goals_swapped", "seat": 0, "columns": [0, 1]}
    assert types(ev)[1:3] == ["cards_drawn", "round_revealed"]  # the active seat draws first (KR17)
    assert [e["goal"] for e in ev if e["type"] == "column_scored"] == ["trade_2", "music_5"]
    assert s2.start_seat == 0  # KR16: left of the active seat 1, not of the Traitor's owner
    s3, ev = act(s, 0, {"type": "decline"})
    assert "round_revealed" not in types(ev) and s3.active == 0


def test_traitor_may_swap_with_a_storm_column():  # KR25, KD3
    s = table(
        3,
        [("music_5", "red traitor?"), ("trade_2", "blue storm"), ("alchemy_1", "")],
        {0: ["queen"], 1: ["witch", "queen", "king"]},
        active=1,
    )
    s, _ = play(s, 1, "witch", 0)
    s, _ = act(s, 0, {"type": "swap", "column": 1})
    assert s.columns[1].goal == "music_5" and s.columns[1].closed


def test_explorer_reveals_a_hood_of_a_third_player():  # KA2, KD4
    s = table(
        3,
        [("music_5", "red explorer?"), ("trade_5", "green magic_hood?"), ("alchemy_5", "")],
        {1: ["king", "page", "witch"], 2: ["queen"]},
        active=1,
        colours=RBG,
    )
    s, _ev = play(s, 1, "king", 0)
    assert GAME.pending(s)[2]["kind"] == "hood_tuck"
    assert GAME.pending(s)[2]["turn"] == "1.1"


def test_traitor_default_is_no_swap():  # KD3, KD6
    s = table(
        2,
        [("music_5", "red traitor?"), ("trade_2", "")],
        {0: ["queen"], 1: ["witch", "king", "page"]},
        active=1,
    )
    s, _ = play(s, 1, "witch", 0)
    default = GAME.default_move(s, 0)
    assert default == {"type": "decline", "default": True}
    _, ev = act(s, 0, default)
    assert ev[0] == {"type": "declined", "seat": 0, "decision": "traitor_swap", "default": True}
