"""Final scoring with the six-kind set bonus (K20) and the winner's tie-break (K21, KR12)."""

from __future__ import annotations

from engine.kabale.scoring import final_score, ranking


def test_ke3_marks_scores_the_set():  # KE3, K20
    won = ("alchemy_3a", "fencing_2", "agriculture_2", "trade_3a", "religion_1", "music_2")
    assert final_score(won) == (26, 13, 26)


def test_ke4_jeno_has_no_set():  # KE4, K20
    won = ("alchemy_4", "fencing_3a", "religion_4", "religion_5", "music_4")
    assert final_score(won) == (20, 20, None)


def test_ke5_anita_pays_one_per_extra_card():  # KE5, K20
    won = ("alchemy_1", "fencing_4", "agriculture_5", "trade_2", "religion_2", "music_1", "fencing_3a")
    assert final_score(won) == (29, 18, 29)


def test_ke6_plain_beats_a_weak_set():  # KE6, K20
    won = (
        "alchemy_1",
        "alchemy_3a",
        "alchemy_4",
        "alchemy_5",
        "fencing_1",
        "fencing_3a",
        "fencing_4",
        "fencing_5",
        "agriculture_1",
        "trade_1",
        "religion_1",
        "music_1",
    )
    assert final_score(won) == (30, 30, 22)


def test_no_goal_cards_scores_zero():  # K20
    assert final_score(()) == (0, 0, None)


def test_tie_goes_to_more_goal_cards_then_shared():  # K21, KR12
    assert ranking([20, 20, 15], [4, 5, 9]) == [2, 1, 3]
    assert ranking([20, 20, 15], [5, 5, 9]) == [1, 1, 3]
