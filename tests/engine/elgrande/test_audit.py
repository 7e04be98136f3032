"""Tests the findings of the spec audit: click-by-click reachability, partial prefixes, Veto lapse.

Each test cites the rule it checks; each failed before the fix it names.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import permutations
from typing import Any

import pytest

from engine.elgrande.flow import Emitter, advance
from engine.errors import RuleViolation
from tests.engine.elgrande.kit import at_turn, game, play, position, start

Json = dict[str, Any]
BOARD = {"aragon": [1, 1, 1, 0], "seville": [0, 2, 0, 0], "granada": [0, 0, 0, 3]}


def _state(card: str, board: dict[str, list[int]] | None = None) -> Any:
    s = position(start(), board or BOARD, king="granada", court=[5, 5, 5, 5])
    return at_turn(s, 0, card)


def _reachable(s: Any, seat: int, root: Json, limit: int = 5000) -> list[Json]:
    """Returns every complete move reachable from `root` by legal_moves(partial) extensions."""
    out, todo = [], [root]
    while todo and len(out) < limit:
        current = todo.pop()
        for step in game.legal_moves(s, seat, partial=current):
            move = {k: v for k, v in step.items() if k != "complete"}
            if step["complete"]:
                out.append(move)
            todo.append(move)
    return out


def test_one_of_your_choice_removals_can_be_declared_in_any_order() -> None:
    # §1.6 d2_one_of_your_choice, V7: "one per removal, in the declared order" — every order is reachable
    s = _state("d2_one_of_your_choice")
    root = {"type": "declare_action", "removals": []}
    seen = {tuple(r["seat"] for r in m["removals"]) for m in _reachable(s, 0, root)}
    assert seen == set(permutations([0, 1, 2]))
    removals = [
        {"seat": 2, "region": "aragon"},
        {"seat": 0, "region": "aragon"},
        {"seat": 1, "region": "seville"},
    ]
    play(s, 0, {"type": "declare_action", "removals": removals})


def test_every_reachable_removal_declaration_is_accepted() -> None:
    # contract: each extension flagged complete is a move decide accepts
    s = _state("d2_one_of_your_choice")
    for move in _reachable(s, 0, {"type": "declare_action", "removals": []}):
        play(s, 0, move)


@pytest.mark.parametrize(
    "removals",
    [
        [{"seat": 0, "region": "granada"}],  # R23: the King's region
        [{"seat": 3, "region": "granada"}],  # X47: seat 3 stands only in the King's region
        [{"seat": 1, "region": "galicia"}],  # R26: no caballero there
        [{"seat": 1, "region": "seville"}, {"seat": 1, "region": "aragon"}],  # X16: one per player
        ["aragon"],
    ],
)
def test_a_bad_removals_prefix_is_refused(removals: list[Any]) -> None:
    # contract: legal_moves(partial) refuses an illegal prefix instead of extending it
    s = _state("d2_one_of_your_choice")
    with pytest.raises(RuleViolation):
        game.legal_moves(s, 0, {"type": "declare_action", "removals": removals})


@pytest.mark.parametrize(
    ("card", "moves"),
    [
        ("d1_move_four_any", [{"seat": 3, "from": "granada"}]),  # R23: out of the King's region
        ("d1_move_four_any", [{"seat": 0, "from": "castillo"}]),  # R24: nothing leaves the Castillo
        ("d1_move_four_any", [{"seat": 0, "from": "seville"}]),  # R24: seat 0 has none in seville
        ("d1_move_four_own", [{"seat": 1, "from": "aragon"}]),  # §1.6: own caballeros only
        ("d1_move_three_foreign", [{"seat": 0, "from": "aragon"}]),  # §1.6: foreign caballeros only
        (
            "d1_move_five_from_region",
            [{"seat": 1, "from": "aragon", "to": "galicia"}, {"seat": 1, "from": "seville"}],
        ),
        ("d1_move_four_any", [{"seat": 0, "from": "aragon", "to": "galicia"}, {"seat": 0, "from": "aragon"}]),
    ],
)
def test_a_bad_source_step_is_refused(card: str, moves: list[Json]) -> None:
    # contract, R23, R24, X30, X43: the incomplete last step {seat, from} is checked like the prefix
    s = _state(card)
    with pytest.raises(RuleViolation):
        game.legal_moves(s, 0, {"type": "declare_action", "moves": moves})


@pytest.mark.parametrize(
    ("card", "partial"),
    [
        ("d4_court_two", {"type": "place_caballeros", "to": {"granada": 1}}),  # R23
        ("d4_court_two", {"type": "place_caballeros", "to": {"catalonia": 1}}),  # R20: not adjacent
        ("d4_court_two", {"type": "place_caballeros", "to": {"atlantis": 1}}),
        ("d4_court_two", {"type": "place_caballeros", "to": {"castillo": 9}}),  # R20: heads
        ("d1_place_two_anywhere", {"type": "declare_action", "places": ["granada"]}),  # R23
        ("d2_one_of_your_choice", {"type": "declare_action", "removals": [], "area": "aragon"}),
        ("d4_court_two", {"type": "place_caballeros", "to": {}, "moves": []}),
    ],
)
def test_a_bad_count_prefix_is_refused(card: str, partial: Json) -> None:
    # contract: no extension of an illegal batch prefix is offered as complete
    with pytest.raises(RuleViolation):
        game.legal_moves(_state(card), 0, partial)


def test_a_bad_supplement_prefix_is_refused() -> None:
    # R17, R23, X7: the board supplement of d4_court_two never comes from the King's region
    s = _state("d4_court_two", {"granada": [3, 0, 0, 0], "aragon": [2, 0, 0, 0]})
    s = replace(s, province=(0, *s.province[1:]), court=(s.court[0] + s.province[0], *s.court[1:]))
    ok = game.legal_moves(s, 0, {"type": "declare_action", "supplement": {}})
    assert {next(iter(m["supplement"])) for m in ok} == {"aragon"}
    with pytest.raises(RuleViolation):
        game.legal_moves(s, 0, {"type": "declare_action", "supplement": {"granada": 1}})


def test_unused_vetos_lapse_at_game_end() -> None:
    # R55, V9: a Veto taken in the last played round is discarded when the game ends
    s = at_turn(position(start(), BOARD, king="granada"), 0, "d5_king", vetos=[(1, 8)])
    s = replace(s, round_index=8, turn=None, turn_index=4, offer=("d5_king.1",))
    em = Emitter(s)
    advance(em)
    assert em.state.phase in ("scoring", "over")
    assert game.view(em.state, None)["vetos"] == []
    assert "d2_veto.1" in em.state.discard


def test_a_multi_region_scoring_declaration_names_its_steps() -> None:
    # V2, V7, V13, H8: the vetoer sees every step of the declaration: here the regions in id order
    s = _state("d3_score_fours", {"galicia": [1, 0, 0, 0], "seville": [0, 2, 0, 0]})
    s = at_turn(s, 0, "d3_score_fours", vetos=[(1, 0)])
    s, events = play(s, 0, {"type": "declare_action"})
    (declared,) = [e for e in events if e["type"] == "action_declared"]
    assert declared["areas"] == ["galicia", "catalonia", "seville"] and declared["steps"] == 3
    assert game.view(s, 1)["decision"]["declaration"]["areas"] == ["galicia", "catalonia", "seville"]


@pytest.mark.parametrize("seed", [123, None, b"bytes", ""])
def test_setup_refuses_a_bad_seed_with_a_rule_violation(seed: Any) -> None:
    # contract: nothing but a RuleViolation escapes setup on bad input; the seed is a non-empty string
    with pytest.raises(RuleViolation):
        game.setup(4, {}, seed)


def test_setup_takes_no_options_as_the_defaults() -> None:
    # R1, §9: options are fixed at creation; None means every default (as for Kabale)
    assert game.setup(3, None, "defaults")[0]["options"] == {"veto": True, "short_game": False}  # type: ignore[arg-type]


def test_a_bool_is_not_a_seat() -> None:
    # H1, contract: True == 1 in Python, but True names no seat: no legal moves (seat 1's hand) nor default
    s = replace(start(4, "bool-seat"), start_player=1)
    assert list(game.pending(s)) == [1] and game.legal_moves(s, 1)
    assert game.legal_moves(s, True) == []  # type: ignore[arg-type]
    assert game.view(s, True)["hand"] is None and "cards" not in game.view(s, True)["hands"][1]
    with pytest.raises(RuleViolation):
        game.default_move(s, True)  # type: ignore[arg-type]


def test_an_empty_batch_is_listed_even_with_an_empty_court() -> None:
    # R19, X5, contract: a batch of 0 is legal (decide accepts it), so legal_moves lists it
    s = _state("d4_royal_adviser")
    s = replace(s, court=(0, *s.court[1:]), province=(s.province[0] + s.court[0], *s.province[1:]))
    empty = {"type": "place_caballeros", "to": {}}
    play(s, 0, empty)
    assert empty in game.legal_moves(s, 0)
