"""Hidden and public information in views and redacted events (KH1-KH11)."""

from __future__ import annotations

import pytest

from engine.errors import RuleViolation
from tests.conformance import fold
from tests.engine.kabale.helpers import GAME, act, play, table


def _hood_game():
    s = table(
        3,
        [("music_5", "red magic_hood?"), ("trade_5", "blue page?"), ("alchemy_5", "")],
        {0: ["queen", "page", "witch"], 1: ["king", "juliet", "witch"], 2: ["storm"]},
        active=1,
    )
    s, _ = play(s, 1, "king", 0)
    return act(s, 0, {"type": "tuck", "card": "queen"})


def test_hands_are_seen_by_their_owner_only():  # KH1
    s = table(2, [("music_5", ""), ("trade_5", "")], {0: ["king"], 1: ["queen", "page"]})
    v0, v1, spectator = GAME.view(s, 0), GAME.view(s, 1), GAME.view(s, None)
    assert v0["players"][0]["hand"] == ["king"] and "hand" not in v0["players"][1]
    assert v1["players"][1]["hand"] == ["queen", "page"] and "hand" not in v1["players"][0]
    assert all("hand" not in p for p in spectator["players"])
    assert [p["hand_size"] for p in spectator["players"]] == [1, 2]


def test_draw_piles_show_sizes_only_even_to_the_owner():  # KH2
    s = table(2, [("music_5", ""), ("trade_5", "")], {0: ["king"]})
    for viewer in (0, 1, None):
        assert all("draw" not in p for p in GAME.view(s, viewer)["players"])
    assert GAME.view(s, 0)["players"][0]["draw_size"] == 24
    assert GAME.view(s, "all")["players"][0]["draw"][0] == "queen"


def test_discard_piles_are_public():  # KH3, KR15
    s = table(2, [("music_5", ""), ("trade_5", "")], {0: ["king"]}, discards={1: ["queen"]})
    assert GAME.view(s, None)["players"][1]["discard"] == ["queen"]


def test_face_down_card_shows_its_owner_to_all_and_its_identity_to_the_owner():  # KH4
    s = table(2, [("music_5", "red king?"), ("trade_5", "")], {0: ["page"]})
    assert GAME.view(s, 0)["columns"][0]["slots"][0] == {"seat": 0, "up": False, "card": "king"}
    assert GAME.view(s, 1)["columns"][0]["slots"][0] == {"seat": 0, "up": False, "card": None}
    assert GAME.view(s, None)["columns"][0]["slots"][0]["card"] is None


def test_played_card_is_redacted_for_everyone_but_its_owner():  # KH4
    s = table(2, [("music_5", ""), ("trade_5", "")], {0: ["king", "page", "witch"]})
    _, ev = play(s, 0, "king", 0)
    played = dict(ev[0], salt="abc")
    assert GAME.redact(played, 0)["card"] == "king" and GAME.redact(played, 0)["salt"] == "abc"
    for viewer in (1, None):
        assert GAME.redact(played, viewer) == {"type": "card_played", "seat": 0, "column": 0}
    drawn = ev[1]
    assert GAME.redact(drawn, 1) == {"type": "cards_drawn", "seat": 0, "count": 1}


def test_hood_contents_owner_only_but_whether_it_holds_a_card_is_public():  # KH5, KH10
    s, ev = _hood_game()
    assert GAME.view(s, 0)["columns"][0]["slots"][0]["hidden"] == "queen"
    for viewer in (1, 2, None):
        hood = GAME.view(s, viewer)["columns"][0]["slots"][0]
        assert hood["holds"] is True and hood["hidden"] is None
        assert "card" not in GAME.redact(ev[0], viewer)
    assert GAME.redact(ev[0], 0)["card"] == "queen"


def test_pending_decision_is_public_its_options_are_not():  # KH10
    s = table(
        2,
        [("music_5", "red magic_hood?"), ("trade_5", "")],
        {0: ["queen", "page", "witch"], 1: ["king", "page", "witch"]},
        active=1,
    )
    s, _ = play(s, 1, "king", 0)
    prompt = GAME.view(s, None)["prompts"][0]
    assert prompt["seat"] == 0 and prompt["kind"] == "hood_tuck" and prompt["column"] == 0
    assert GAME.legal_moves(s, 1) == []


def test_won_goals_are_counted_publicly_and_listed_for_the_owner():  # KH8, KR13
    s = table(
        2, [("music_5", ""), ("trade_5", "")], {0: ["king"]}, won={1: ["trade_3a", "music_1"]}, round_=2
    )
    assert GAME.view(s, 0)["players"][1] == {
        "seat": 1,
        "colour": "blue",
        "hand_size": 0,
        "draw_size": 25,
        "discard": [],
        "won_count": 2,
    }
    assert GAME.view(s, 1)["players"][1]["won"] == ["trade_3a", "music_1"]
    assert GAME.view(s, 1)["players"][1]["score"] == 4


def test_goal_stack_is_hidden_from_all_seats():  # KH7
    events = GAME.setup(3, {}, "stack")
    for viewer in (0, 1, 2, None):
        assert "stack" not in GAME.redact(events[1], viewer)
        assert "order" not in GAME.redact(events[2], viewer)
        assert "goal_stack" not in GAME.view(fold(GAME, events), viewer)
    assert GAME.view(fold(GAME, events), None)["goal_stack_size"] == 15


def test_removed_goals_and_round_scoring_are_public():  # KH9, KH11
    s = table(2, [("music_1", "blue doppelganger"), ("trade_5", "")], {0: ["king"]})
    s2 = table(2, [("music_1", "blue doppelganger"), ("trade_1", "")], {0: ["king", "page", "witch"]})
    s2, ev = play(s2, 0, "king", 1)
    assert GAME.view(s2, None)["removed_goals"] == ["music_1"]
    scored = [e for e in ev if e["type"] == "column_scored"]
    assert len(scored) == 2 and all(GAME.redact(e, None) == e for e in scored)
    assert "last_scoring" not in GAME.view(s2, 0)  # KH8: who won which is not kept in views
    assert GAME.view(s, None)["columns"][0]["full"] is True


def test_everything_is_revealed_at_game_end():  # KH8, K19
    s = table(
        2, [("music_1", "blue queen"), ("trade_1", "")], {0: ["king"]}, round_=6, won={1: ["alchemy_5"]}
    )
    s, _ = play(s, 0, "king", 1)
    spectator = GAME.view(s, None)
    assert spectator["players"][1]["won"] == ["alchemy_5", "music_1"]
    assert spectator["result"]["winners"] == [1]


def test_all_view_shows_seed_and_everything():  # contract
    state = fold(GAME, GAME.setup(2, {}, "open"))
    everything = GAME.view(state, "all")
    assert everything["seed"] == "open" and all("hand" in p and "draw" in p for p in everything["players"])
    assert "seed" not in GAME.view(state, 0) and "seed" not in GAME.view(state, None)


def test_moved_explorer_is_public_face_down():  # KH4
    s = table(2, [("music_5", "red explorer?"), ("trade_5", "")], {1: ["king", "page", "witch"]}, active=1)
    s, _ev = play(s, 1, "king", 0)
    assert GAME.view(s, None)["columns"][1]["slots"] == [{"seat": 0, "up": False, "card": "explorer"}]
    assert GAME.view(s, 0)["columns"][0]["slots"] == [{"seat": 1, "up": False, "card": None}]


def test_error_messages_quote_only_the_movers_input():  # design: no leak in errors, KH1, KH4, KH5
    s = table(
        2,
        [("music_5", "blue magic_hood[juliet]; blue prince?"), ("trade_5", "")],
        {0: ["king"], 1: ["queen"]},
    )
    refusals = [
        (1, {"type": "play", "card": "page", "column": 0}),  # not seat 1's turn
        (0, {"type": "play", "card": "page", "column": 0}),  # not in seat 0's hand
        (0, {"type": "play", "card": "king", "column": 7}),
        (0, {"type": "tuck", "card": "page"}),
        (0, {"type": "swap", "column": 1}),
    ]
    for seat, move in refusals:
        with pytest.raises(RuleViolation) as err:
            GAME.decide(s, seat, move)
        assert not {"queen", "juliet", "prince"} & set(str(err.value).replace("'", " ").split()), err.value


def test_face_up_cards_goals_fullness_and_storms_are_public():  # KH6
    s = table(2, [("music_1", "red storm; blue page?"), ("trade_5", "blue king")], {0: ["page"]})
    spectator = GAME.view(s, None)["columns"]
    assert spectator[0]["goal"] == {"id": "music_1", "kind": "music", "value": 1}
    assert spectator[0]["closed"] and spectator[0]["full"] and not spectator[1]["full"]
    assert spectator[0]["slots"][0]["card"] == "storm" and spectator[1]["slots"][0]["card"] == "king"


def test_final_reveal_shows_hood_contents_to_everyone():  # K14, KH5: owner only *until* the final reveal
    s = table(2, [("music_1", "blue magic_hood[queen]"), ("trade_1", "")], {0: ["king", "page", "witch"]})
    events = GAME.decide(s, 0, {"type": "play", "card": "king", "column": 1})
    for event in events[: [e["type"] for e in events].index("round_revealed") + 1]:
        s = GAME.evolve(s, event)
    for viewer in (0, 1, None):
        hood = GAME.view(s, viewer)["columns"][0]["slots"][0]
        assert hood == {"seat": 1, "up": True, "card": "magic_hood", "holds": True, "hidden": "queen"}
