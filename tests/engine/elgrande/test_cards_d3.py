"""Scenario tests for the stack-3 special scorings (§1.6, R46-R52, E23-E30, X14, X25)."""

from __future__ import annotations

from engine.elgrande import data
from tests.engine.elgrande.kit import at_turn, declare, of_type, position, start, types

FULL = {a.id: [1, 0, 0, 0] for a in data.AREAS[1:10]}


def _state(card: str, board: dict[str, list[int]] | None = None, scoreboards: tuple[int, int] = (-1, -1)):
    s = position(start(), board or FULL, king="new_castile", court=[5, 5, 5, 5], grandes=["catalonia"] * 4)
    return at_turn(position(s, scoreboards=scoreboards), 0, card)


def scored(events: list[dict]) -> list[str]:
    return [e["area"] for e in of_type(events, "area_scored")]


def test_value_class_cards_use_current_values_e23() -> None:
    # E23: sb_8_4_0 on galicia, sb_4_0_0 on granada → fours score catalonia, seville, granada
    s = _state("d3_score_fours", scoreboards=(1, 9))
    _, events = declare(s, 0)
    assert scored(events) == ["catalonia", "seville", "granada"]
    assert of_type(events, "action_declared")[0]["steps"] == 3  # V7: one step per region
    assert of_type(events, "area_scored")[2]["points"] == [4, 0, 0, 0]  # E24: 4/0/0


def test_sixes_sevens_skip_a_region_under_the_8_board_e27() -> None:
    _, events = declare(_state("d3_score_sixes_sevens", scoreboards=(6, -1)), 0)
    assert scored(events) == ["old_castile", "granada"]


def test_fives_score_the_five_regions() -> None:
    _, events = declare(_state("d3_score_fives"), 0)
    assert scored(events) == ["basque_country", "aragon", "valencia"]


def test_value_class_cards_never_score_the_castillo_e25() -> None:
    board = {**FULL, "castillo": [3, 1, 0, 0]}
    _, events = declare(_state("d3_score_fours", board, scoreboards=(-1, 0)), 0)
    assert "castillo" not in scored(events)  # X14


def test_score_castillo_with_a_scoreboard_e26() -> None:
    board = {"castillo": [2, 1, 0, 0]}
    s, events = declare(_state("d3_score_castillo", board, scoreboards=(-1, 0)), 0)
    assert of_type(events, "area_scored")[0]["points"] == [4, 0, 0, 0]
    assert s.board[0] == (2, 1, 0, 0)  # R48


def test_first_places_pay_only_the_first_value_and_bonuses() -> None:
    # R47, E21, E22, X26
    board = {"aragon": [3, 3, 0, 0], "catalonia": [2, 1, 0, 0], "new_castile": [0, 4, 1, 0]}
    s = position(_state("d3_score_first_places", board), grandes=["catalonia", "aragon", "aragon", "aragon"])
    _, events = declare(s, 0)
    points = {e["area"]: e["points"] for e in of_type(events, "area_scored")}
    assert points == {"aragon": [0, 0, 0, 0], "catalonia": [6, 0, 0, 0], "new_castile": [0, 9, 0, 0]}


def test_most_and_fewest_e29() -> None:
    totals = {
        "galicia": 5,
        "basque_country": 3,
        "aragon": 7,
        "catalonia": 2,
        "old_castile": 6,
        "new_castile": 7,
        "valencia": 0,
        "seville": 1,
        "granada": 1,
        "castillo": 9,
    }
    board = {r: [t, 0, 0, 0] for r, t in totals.items()}
    _, events = declare(_state("d3_score_most", board), 0)
    assert scored(events) == ["aragon", "new_castile"]
    assert of_type(events, "area_scored")[1]["points"] == [9, 0, 0, 0]  # King's bonus
    _, events = declare(_state("d3_score_fewest", board), 0)
    assert scored(events) == ["seville", "granada"]


def test_most_on_an_empty_board_scores_nothing() -> None:
    _, events = declare(_state("d3_score_most", {"castillo": [1, 0, 0, 0]}), 0)
    assert types(events) == ["action_skipped"]  # X25, V2


def test_score_any_region_d3() -> None:
    _, events = declare(_state("d3_score_any_region"), 0, area="valencia")
    assert scored(events) == ["valencia"]
