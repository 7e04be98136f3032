"""Tests the two short games (O-S1, O-S2) and the forbidden pair of §9 ("Combinations")."""

from __future__ import annotations

import pytest

import engine
from engine.errors import IllegalOptions

from .scenario import Table, events_of

game = engine.get_game("elgrande")


def play_out(t: Table) -> None:
    """Plays every seat's default until the game is over."""
    while t.due():
        t.default(min(t.due()))


def test_six_rounds_plays_rounds_one_to_six() -> None:
    # O-S2: rounds 1-6 are played
    t = Table(3, seed="six", options={"short_game_six_rounds": True})
    assert t.view()["rounds"] == [1, 2, 3, 4, 5, 6]
    play_out(t)
    started = [e["round"] for e in events_of(t.events, "round_started")]
    assert started == [1, 2, 3, 4, 5, 6]


def test_six_rounds_scores_after_rounds_three_and_six_and_then_ends() -> None:
    # O-S2, R53: general scorings after rounds 3 and 6; the game ends after the one following round 6
    t = Table(2, seed="six-end", options={"short_game_six_rounds": True})
    play_out(t)
    assert [e["round"] for e in events_of(t.events, "general_scoring_ended")] == [3, 6]
    last = [e["type"] for e in t.events[-2:]]
    assert last == ["general_scoring_ended", "game_ended"]
    assert t.view()["phase"] == "over"


def test_six_rounds_vetos_lapse_at_the_end_of_round_six() -> None:
    # O-S2 with R55/V9: the last played round is 6, so Vetos held then expire with it
    t = Table(2, seed="six-veto", options={"short_game_six_rounds": True})
    play_out(t)
    ended = events_of(t.events, "round_ended")[-1]
    assert ended["round"] == 6
    assert not t.state.vetos


def test_short_game_still_skips_rounds_one_four_seven() -> None:
    # O-S1: rounds 2, 3, 5, 6, 8, 9; round marker starts on 2
    t = Table(2, seed="short", options={"short_game": True})
    assert t.view()["rounds"] == [2, 3, 5, 6, 8, 9]
    assert t.view()["round"] == 2


def test_the_two_short_games_cannot_be_combined() -> None:
    # §9 Combinations: short_game + short_game_six_rounds is rejected with illegal-options
    with pytest.raises(IllegalOptions) as info:
        game.setup(4, {"short_game": True, "short_game_six_rounds": True}, "x")
    assert info.value.code == "illegal-options"
    assert "short_game" in info.value.message and "short_game_six_rounds" in info.value.message


def test_every_other_pair_of_options_is_allowed() -> None:
    # §9 Combinations: "every other subset is allowed"
    names = [k for k in game.INFO["options"] if k != "veto"]
    for a in names:
        for b in names:
            if a < b and b not in game.INFO["options"][a]["excludes"]:
                assert game.setup(3, {a: True, b: True}, f"{a}-{b}")[0]["options"][a] is True


def test_catalog_entries_describe_each_option() -> None:
    # §9 table: each option has a type, a default, a one-line description, its rules and its conflicts
    for name, spec in game.INFO["options"].items():
        assert spec["type"] == "bool" and isinstance(spec["default"], bool), name
        assert spec["doc"] and "\n" not in spec["doc"], name
        assert all(other in game.INFO["options"] for other in spec["excludes"]), name
        assert all(name in game.INFO["options"][other]["excludes"] for other in spec["excludes"]), name
