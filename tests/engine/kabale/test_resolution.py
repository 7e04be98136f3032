"""End-of-round resolution of one column (KA8-KA25), with the rulebook's and derived examples."""

from __future__ import annotations

from typing import Any

from engine.kabale.cards import COLOURS
from engine.kabale.scoring import resolve
from tests.engine.kabale.helpers import slots


def score(goal: str, text: str) -> dict[str, Any]:
    """Returns the resolution of a column written top to bottom, with colour names for seats."""
    out = resolve(goal, slots(text), 6)
    out["win"] = None if out["winner"] is None else COLOURS[out["winner"]]
    out["by"] = {COLOURS[s]: t for s, t in enumerate(out["totals"]) if t is not None}
    out["gone"] = [(COLOURS[r["seat"]], r["card"]) for r in out["removed"]]
    out["values"] = [(COLOURS[s["seat"]], s["card"], s["value"]) for s in out["slots"]]
    return out


# Worked examples from the rulebook (KE1, KE2) and derived ones (KE7-KE13).


def test_ke1_tie_goes_to_the_higher_card():  # KE1, KA23
    r = score("trade_3a", "blue queen; white alchemist; white cardinal")
    assert r["by"] == {"blue": 16, "white": 16}
    assert r["win"] == "blue" and r["rule"] == "KA23"


def test_ke2_wizard_removes_the_king():  # KE2, KA12
    r = score("fencing_3a", "blue king; white wizard; blue page")
    assert r["gone"] == [("blue", "king")]
    assert r["by"] == {"blue": 2, "white": 7} and r["win"] == "white"


def test_ke2_without_the_wizard_blue_wins():  # KE2
    r = score("fencing_3a", "blue king; white queen; blue page")
    assert r["by"] == {"blue": 22, "white": 16} and r["win"] == "blue"


def test_ke7_hermit_giant_doppelganger_dragon():  # KE7, KA17-KA20, KR23
    r = score("religion_4", "red hermit; blue dragon; red doppelganger; blue little_giant; green cardinal")
    assert [v for _, _, v in r["values"]] == [6, 11, 12, 14, 10]
    assert r["by"] == {"red": 18, "blue": 25, "green": 10} and r["win"] == "blue"


def test_ke8_wizard_then_witch():  # KE8, KA12, KA13, KR3
    r = score("music_3a", "red doppelganger; blue queen; red wizard; green witch; blue romeo; blue juliet")
    assert r["gone"] == [
        ("red", "doppelganger"),
        ("blue", "queen"),
        ("blue", "juliet"),
        ("red", "wizard"),
        ("blue", "romeo"),
    ]
    assert r["by"] == {"green": 1} and r["win"] == "green"


def test_ke9_prince_and_page_beat_any_total():  # KE9, KA14
    r = score("alchemy_3a", "red king; red queen; blue page; blue prince")
    assert r["win"] == "blue" and r["rule"] == "KA14"


def test_ke9b_musketeers_void_prince_and_page():  # KE9b, KA10
    r = score("alchemy_3a", "red king; red queen; blue page; blue prince; green musketeers")
    assert r["by"] == {"red": 36, "blue": 16, "green": 11} and r["win"] == "red" and r["musketeers"]


def test_ke10_beggar_lowest_total_with_empty_hood():  # KE10, KA24, KR20
    r = score("trade_2", "red beggar; blue king; green magic_hood[]")
    assert r["by"] == {"red": 4, "blue": 20, "green": 0}
    assert r["win"] == "green" and r["rule"] == "KA24"


def test_ke10b_hood_slot_counts_its_hidden_card():  # KE10b, KA15
    r = score("trade_2", "red beggar; blue king; green magic_hood[queen]")
    assert r["by"] == {"red": 4, "blue": 20, "green": 16} and r["win"] == "red"


def test_ke11_musketeers_keep_specialists_at_12():  # KE11, KR4, KA10
    r = score("music_3a", "red minstrel; red doppelganger; blue romeo; blue juliet; green musketeers")
    assert r["by"] == {"red": 12, "blue": 19, "green": 11} and r["win"] == "blue"


def test_ke11b_romeo_with_juliet_and_a_copying_doppelganger():  # KE11b, KA16, KA19
    r = score("music_3a", "red minstrel; red doppelganger; blue romeo; blue juliet; green queen")
    assert r["by"] == {"red": 27, "blue": 29, "green": 16} and r["win"] == "blue"


def test_ke12_dragons_and_the_floor():  # KE12, KA20, KA21, KR8
    r = score("agriculture_1", "red page; blue dragon; green dragon")
    assert r["by"] == {"red": 0, "blue": 9, "green": 9} and r["win"] == "blue"


def test_ke13_wizard_removes_a_hidden_king_the_hood_stays():  # KE13, KA12, KR7
    r = score("trade_3a", "red doppelganger; blue magic_hood[king]; green merchant; green wizard")
    assert r["gone"] == [("red", "doppelganger"), ("blue", "king"), ("green", "merchant")]
    assert r["by"] == {"blue": 0, "green": 7} and r["win"] == "green"


def test_ke13b_doppelganger_copies_the_hidden_king():  # KE13b, KR7
    r = score("trade_3a", "red doppelganger; blue magic_hood[king]; green merchant")
    assert r["by"] == {"red": 20, "blue": 20, "green": 12} and r["win"] == "red"


# Abilities one by one.


def test_specialist_matches_its_goal_kind():  # KA8
    assert score("alchemy_1", "red alchemist; blue fencing_master")["by"] == {"red": 12, "blue": 8}


def test_romeo_needs_his_own_juliet():  # KA16
    assert score("music_5", "red romeo; blue juliet")["by"] == {"red": 5, "blue": 14}
    assert score("music_5", "red romeo; red magic_hood[juliet]")["by"] == {"red": 29}


def test_hermit_loses_one_per_other_slot_and_may_go_to_zero():  # KA17, KR8
    r = score("music_5", "red hermit" + "; blue page" * 13)
    assert r["values"][0][2] == 0


def test_little_giant_counts_a_hood_slot_once():  # KA18, KR6
    r = score("music_5", "red little_giant; blue magic_hood[king]; green page")
    assert r["values"][0][2] == 8


def test_doppelganger_chain_without_a_card_below_is_valueless():  # KA19, KA22
    r = score("music_5", "red king; blue doppelganger; blue doppelganger")
    assert r["by"] == {"red": 20} and r["win"] == "red"


def test_hidden_doppelganger_copies_the_slot_below_its_hood():  # KA19
    r = score("music_5", "red magic_hood[doppelganger]; blue queen")
    assert r["by"] == {"red": 16, "blue": 16} and r["win"] == "red"


def test_dragons_stack_and_spare_their_owner():  # KA20
    r = score("music_5", "red king; blue dragon; green dragon; blue queen")
    assert [v for _, _, v in r["values"]] == [16, 9, 9, 14]


def test_dragon_lowers_a_copied_value():  # KR23
    r = score("music_5", "red doppelganger; red king; blue dragon")
    assert [v for _, _, v in r["values"]] == [18, 18, 11]


def test_two_wizards_cancel():  # KR2
    r = score("music_5", "red king; blue wizard; green wizard")
    assert r["gone"] == [] and r["win"] == "red"


def test_three_witches_cancel_too():  # KR2
    r = score("music_5", "red page; blue witch; green witch; blue witch")
    assert r["gone"] == []


def test_wizard_judges_printed_values():  # KR1, KA11
    r = score("music_5", "red hermit; red little_giant; red romeo; red juliet; blue wizard")
    assert ("red", "hermit") in r["gone"] and ("red", "juliet") in r["gone"]
    assert ("red", "romeo") not in r["gone"] and ("red", "little_giant") not in r["gone"]


def test_wizard_judges_specialists_by_the_goal():  # KA11, KA8
    assert score("music_5", "red minstrel; blue wizard")["gone"] == [("red", "minstrel")]
    assert score("alchemy_5", "red minstrel; blue wizard")["gone"] == []


def test_assassin_survives_wizard_and_witch():  # KA4
    assert score("music_5", "red assassin; blue wizard")["gone"] == []
    assert score("music_5", "red assassin; blue witch")["gone"] == []


def test_witch_removes_the_wizard_and_every_hood():  # KR3, KA13
    r = score("music_5", "red wizard; blue magic_hood[]; green witch")
    assert r["gone"] == [("red", "wizard"), ("blue", "magic_hood")]


def test_witch_leaves_a_surviving_hidden_card_as_a_slot():  # KR30
    r = score("music_5", "red magic_hood[king]; blue witch; green page")
    assert r["gone"] == [("red", "magic_hood"), ("green", "page")]
    assert r["values"][0] == ("red", "king", 20) and r["win"] == "red"


def test_witch_hidden_under_a_hood_survives_as_a_slot():  # KA13, KR30
    r = score("music_5", "red magic_hood[witch]; blue page")
    assert r["gone"] == [("red", "magic_hood"), ("blue", "page")]
    assert r["values"] == [("red", "witch", 1)]


def test_witch_removes_a_low_hidden_card_and_its_hood():  # KA13
    r = score("music_5", "red magic_hood[page]; blue witch")
    assert r["gone"] == [("red", "magic_hood"), ("red", "page")] and r["by"] == {"blue": 1}


def test_valueless_doppelganger_is_removed_by_neither():  # KR29
    assert score("music_5", "red wizard; blue doppelganger")["gone"] == []
    assert score("music_5", "red witch; blue doppelganger")["gone"] == []


def test_wizard_removes_a_doppelganger_copying_ten_or_more():  # KA11
    assert score("music_5", "red doppelganger; blue queen; green wizard")["gone"] == [
        ("red", "doppelganger"),
        ("blue", "queen"),
    ]


def test_witch_judges_afresh_after_the_wizard():  # KA13
    r = score("music_5", "red doppelganger; blue queen; red page; green wizard; blue witch")
    # Wizard removes doppelganger (16) and queen; then the Witch removes page and wizard.
    assert r["gone"] == [("red", "doppelganger"), ("blue", "queen"), ("red", "page"), ("green", "wizard")]


def test_prince_page_tie_goes_to_the_highest():  # KA14
    r = score("music_5", "red king; blue page; green prince; green page; blue prince")
    assert r["win"] == "blue"


def test_prince_page_may_hide_under_the_hood():  # KA14
    assert score("music_5", "red king; blue magic_hood[page]; blue prince")["win"] == "blue"


def test_doppelganger_is_no_prince():  # KA14
    assert score("music_5", "red king; blue page; blue doppelganger; green prince")["rule"] == "KA23"


def test_wizard_breaks_prince_and_page():  # KA9 order
    r = score("music_5", "red king; blue page; blue prince; green wizard")
    assert r["rule"] == "KA23" and r["win"] == "green"


def test_prince_page_beats_the_beggar():  # KR31
    assert score("music_5", "red beggar; blue page; blue prince")["win"] == "blue"


def test_several_beggars_still_lowest_wins():  # KR10
    r = score("music_5", "red beggar; blue beggar; green king")
    assert r["win"] == "blue" and r["rule"] == "KA24"


def test_beggar_tie_goes_to_the_lowest_slot():  # KA24, KR21
    assert score("music_5", "red page; blue page; red beggar; blue beggar")["win"] == "blue"


def test_musketeers_void_the_beggar():  # KA10
    assert score("music_5", "red beggar; blue king; green musketeers")["win"] == "blue"


def test_musketeers_do_not_cancel_each_other():  # KA10
    r = score("music_5", "red king; blue wizard; green musketeers; red musketeers")
    assert r["gone"] == [] and r["win"] == "red"


def test_musketeers_void_hermit_and_giant():  # KA10
    r = score("music_5", "red hermit; blue little_giant; red page; green musketeers")
    assert [v for _, _, v in r["values"]][:2] == [12, 2]


def test_hidden_musketeers_void_everything():  # KA9: hidden cards take part
    r = score("music_5", "red king; blue wizard; green magic_hood[musketeers]")
    assert r["gone"] == [] and r["musketeers"]


def test_hidden_abilities_work_at_round_end():  # KR22, KR32
    r = score("music_5", "red king; blue magic_hood[wizard]")
    assert r["gone"] == [("red", "king")]


def test_lone_empty_hood_wins_with_zero():  # KR20
    r = score("music_5", "red magic_hood[]")
    assert r["win"] == "red" and r["by"] == {"red": 0}


def test_hood_hiding_a_valueless_doppelganger_is_eligible():  # KA22
    r = score("music_5", "red magic_hood[doppelganger]")
    assert r["win"] == "red"


def test_column_of_only_a_valueless_doppelganger_goes_to_nobody():  # KA25, KR9
    r = score("music_5", "red doppelganger")
    assert r["win"] is None and r["rule"] == "KR9"


def test_empty_column_goes_to_nobody():  # KA25
    assert score("music_5", "")["win"] is None


def test_tie_break_uses_a_valueless_doppelganger_slot():  # KR21, KA24
    r = score("music_5", "red page; blue page; red beggar; blue beggar; red doppelganger")
    assert r["by"] == {"red": 6, "blue": 6} and r["win"] == "red"


def test_doppelganger_copies_the_hood_slot_below():  # KR7
    r = score("music_5", "red doppelganger; blue magic_hood[queen]")
    assert r["by"] == {"red": 16, "blue": 16} and r["win"] == "red"
    r = score("music_5", "red doppelganger; blue magic_hood[]")
    assert r["by"] == {"red": 0, "blue": 0}


def test_assassin_is_worth_nine_and_a_half():  # KC2
    r = score("music_5", "red assassin; blue storm")
    assert r["by"] == {"red": 9.5, "blue": 9} and r["win"] == "red"


def test_musketeers_keep_what_happened_during_the_round():  # KR28, KA10
    r = score("music_5", "red musketeers; blue magic_hood[king]; green page")
    assert r["by"] == {"red": 11, "blue": 20, "green": 2} and r["win"] == "blue"
