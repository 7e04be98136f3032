"""`text_summary(view)`: a seat's view as plain-text lines, showing nothing the view hides (KH1-KH11)."""

from __future__ import annotations

from tests.conformance import fold
from tests.engine.kabale.helpers import GAME, act, play, table


def _hooded():
    s = table(
        3,
        [("music_5", "red magic_hood?"), ("trade_3a", "blue page?"), ("alchemy_5", "")],
        {0: ["queen", "page", "witch"], 1: ["king", "juliet", "witch"], 2: ["storm"]},
        active=1,
        won={0: ["religion_4"], 1: ["fencing_2"]},
    )
    s, _ = play(s, 1, "king", 0)
    s, _ = act(s, 0, {"type": "tuck", "card": "queen"})
    return s


def test_summary_shows_round_turn_columns_hand_and_own_goals():
    lines = GAME.text_summary(GAME.view(_hooded(), 0))
    text = "\n".join(lines)
    assert lines[0] == "Kabale & Hiebe, round 1 of 6."
    assert "Turn of yellow (seat 2)." in text and "Due: yellow (seat 2) to play a card." in text
    assert (
        "Column 0, music 5 (5 VP): Magic Hood (red (seat 0) (you)), hooding Queen; face-down (blue (seat 1))"
        in lines
    )
    assert "Column 1, trade 3 (3 VP): Page (blue (seat 1)), face down" not in text  # KH4
    assert "Column 1, trade 3 (3 VP): face-down (blue (seat 1))" in lines
    assert "Column 2, alchemy 5 (5 VP): empty" in lines
    assert "Your hand: Page, Witch, " in text
    assert "Goals won by red (seat 0) (you): 1 (religion 4)." in lines
    assert "Goals won by blue (seat 1): 1." in lines  # KH8: others' goals are a count only
    assert "Scores: red (seat 0) (you) 4." in lines


def test_summary_hides_other_seats_hood_and_hand():  # KH1, KH4, KH5
    s = _hooded()
    for viewer in (1, None):
        lines = GAME.text_summary(GAME.view(s, viewer))
        assert "hooding" not in "\n".join(lines)
        assert lines[lines.index("Turn of yellow (seat 2).") + 2].startswith(
            "Column 0, music 5 (5 VP): Magic Hood (red (seat 0)), hooded card; "
        )
    assert "Column 1, trade 3 (3 VP): face-down (blue (seat 1))" in GAME.text_summary(GAME.view(s, None))
    assert "Column 1, trade 3 (3 VP): Page (blue (seat 1) (you)), face down" in GAME.text_summary(
        GAME.view(s, 1)
    )
    spectator = GAME.text_summary(GAME.view(s, None))
    assert not any(line.startswith(("Your hand", "Scores")) for line in spectator)


def test_summary_names_a_pending_decision_and_its_column():  # KD2, KH10
    s = table(
        2,
        [("music_5", "red magic_hood?"), ("trade_5", "")],
        {0: ["queen", "page", "witch"], 1: ["king", "page", "witch"]},
        active=1,
    )
    s, _ = play(s, 1, "king", 0)
    lines = GAME.text_summary(GAME.view(s, None))
    assert lines[1:3] == [
        "Turn of blue (seat 1).",
        "Due: red (seat 0) to tuck a hand card under the Magic Hood or decline (column 0).",
    ]


def test_summary_names_the_winner_once_over():  # K20
    state = fold(GAME, GAME.setup(2, {}, "summary-seed"))
    while not GAME.result(state):
        for seat in GAME.pending(state):
            state, _ = act(state, seat, GAME.default_move(state, seat))
            break
    lines = GAME.text_summary(GAME.view(state, None))
    assert lines[0] == "Kabale & Hiebe, game over after round 6 of 6."
    assert lines[-1].startswith("Winner: ")
    assert any(line.startswith("Scores: ") for line in lines)


def test_summary_of_any_view_never_raises():  # contract: a summary for every viewer
    state = _hooded()
    for viewer in (None, "all", 0, 1, 2, 99, -1, True):
        lines = GAME.text_summary(GAME.view(state, viewer))
        assert lines and all(isinstance(line, str) and line for line in lines)


def test_summary_names_the_seats_by_name_and_colour_when_names_tell_them_apart():
    lines = GAME.text_summary(GAME.view(_hooded(), 0), ["Ann", "Bob", "Cy"])
    text = "\n".join(lines)
    assert "Turn of Cy (yellow)." in text and "Due: Cy (yellow) to play a card." in text
    assert (
        "Column 0, music 5 (5 VP): Magic Hood (Ann (red) (you)), hooding Queen; face-down (Bob (blue))"
        in lines
    )
    assert GAME.text_summary(GAME.view(_hooded(), 0), ["Ann", "Ann", "Cy"]) == GAME.text_summary(
        GAME.view(_hooded(), 0)
    )
