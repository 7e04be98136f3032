"""Scenario tests for the asynchronous Veto (§6, V1-V12, M7, H7)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.elgrande import data
from engine.elgrande.flow import Emitter, advance
from engine.errors import IllegalMove, MalformedMove, NotYourTurn
from tests.engine.elgrande.kit import at_turn, count, declare, game, of_type, play, position, start, types

BOARD = {"aragon": [3, 2, 1, 0], "seville": [1, 2, 0, 0], "galicia": [2, 0, 0, 1]}
V12 = [
    {"seat": 0, "from": "aragon", "to": "valencia"},
    {"seat": 0, "from": "aragon", "to": "castillo"},
    {"seat": 1, "from": "seville", "to": "galicia"},
    {"seat": 1, "from": "seville", "to": "galicia"},
]


def _state(vetos: list[tuple[int, int]], order: list[int] | None = None):
    s = position(start(), BOARD, king="granada", court=[5, 5, 5, 5], grandes=["catalonia"] * 4)
    return at_turn(s, 0, "d1_move_four_any", vetos=vetos, order=order)


def answer(k: int | None) -> dict[str, object]:
    return (
        {"type": "answer_veto", "answer": "allow"}
        if k is None
        else {"type": "answer_veto", "answer": "veto", "from": k}
    )


def test_without_holders_the_action_is_carried_out_at_once() -> None:
    # V3
    _, events = declare(_state([]), 0, moves=V12)
    assert types(events)[:2] == ["action_declared", "caballeros_moved"]
    assert of_type(events, "action_declared")[0]["vetoers"] == []


def test_the_v12_example() -> None:
    # V12: the only holder answers veto_from(3): steps 1-2 happen, 3-4 do not, the Veto is spent
    s, events = declare(_state([(2, 0)]), 0, moves=V12)
    assert types(events) == ["action_declared"]
    assert game.pending(s).keys() == {2}  # R33: the active player waits
    assert game.pending(s)[2]["kind"] == "veto_answer"
    s, events = play(s, 2, answer(3))
    reveal = of_type(events, "choices_revealed")[0]
    assert reveal == {
        "type": "choices_revealed",
        "kind": "veto_answer",
        "choices": [[2, 3]],
        "vetoed_by": 2,
        "from": 3,
        "spent": "d2_veto.1",
    }
    assert count(s, "valencia", 0) == 1 and count(s, "castillo", 0) == 1 and count(s, "seville", 1) == 2
    assert s.vetos == () and "d2_veto.1" in s.discard
    assert game.pending(s)[0]["kind"] == "turn_step"  # V6: the batch may still be placed
    s, _ = play(s, 0, {"type": "place_caballeros", "to": {"castillo": 1}})
    assert count(s, "castillo", 0) == 2


def test_everybody_allows_then_all_steps_happen() -> None:
    s, _ = declare(_state([(1, 0), (2, 0)]), 0, moves=V12)
    assert game.pending(s).keys() == {1, 2}
    s, events = play(s, 1, answer(None))
    assert types(events) == ["choice_made"]
    assert "choice" not in game.redact(events[0], 2) and "choice" not in game.redact(events[0], None)  # H7
    assert game.redact(events[0], 1)["choice"] == 0
    assert game.view(s, 2)["decision"]["chosen"] == [1] and "my_choice" not in game.view(s, 2)["decision"]
    with pytest.raises(NotYourTurn):
        play(s, 1, answer(None))
    s, events = play(s, 2, answer(None))
    assert "spent" not in of_type(events, "choices_revealed")[0]
    assert count(s, "galicia", 1) == 2 and len(s.vetos) == 2


def test_smallest_k_wins_and_only_that_veto_is_spent() -> None:
    # V5
    s, _ = declare(_state([(1, 0), (2, 0)]), 0, moves=V12)
    s, _ = play(s, 1, answer(4))
    s, events = play(s, 2, answer(2))
    assert of_type(events, "choices_revealed")[0]["vetoed_by"] == 2
    assert [v.seat for v in s.vetos] == [1]
    assert count(s, "valencia", 0) == 1 and count(s, "castillo", 0) == 0


def test_tied_vetoes_go_to_the_next_player_in_turn_order() -> None:
    # V5: cyclic from the player after the active one: order 3, 2, 0, 1 with 0 active → 1 first, then 3, 2
    s, _ = declare(_state([(2, 0), (1, 0)], order=[3, 2, 0, 1]), 0, moves=V12)
    s, _ = play(s, 2, answer(1))
    s, events = play(s, 1, answer(1))
    assert of_type(events, "choices_revealed")[0]["vetoed_by"] == 1
    assert of_type(events, "caballeros_moved") == []  # veto_from(1) stops the whole action
    s, _ = declare(_state([(2, 0), (3, 0)], order=[1, 2, 0, 3]), 0, moves=V12)
    s, _ = play(s, 2, answer(1))
    s, events = play(s, 3, answer(1))
    assert of_type(events, "choices_revealed")[0]["vetoed_by"] == 3


def test_the_active_player_never_answers_their_own_action() -> None:
    # V4
    _, events = declare(_state([(0, 0)]), 0, moves=V12)
    assert of_type(events, "action_declared")[0]["vetoers"] == []


def test_a_void_declaration_opens_no_window() -> None:
    # V2
    _, events = declare(_state([(1, 0)]), 0, moves=[])
    assert types(events) == ["action_skipped"]


def test_veto_answer_bounds() -> None:
    s, _ = declare(_state([(1, 0)]), 0, moves=V12)
    with pytest.raises(IllegalMove, match="V4"):
        play(s, 1, answer(5))
    with pytest.raises(IllegalMove, match="V4"):
        play(s, 1, answer(0))
    with pytest.raises(MalformedMove):
        play(s, 1, {"type": "answer_veto", "answer": "maybe"})
    assert len(game.legal_moves(s, 1)) == 5  # allow + veto_from(1..4)


def test_two_vetos_spend_the_older_first() -> None:
    # V9, X42
    s = _state([(1, 1), (1, 0)])
    s, _ = declare(s, 0, moves=V12)
    s, events = play(s, 1, answer(1))
    assert of_type(events, "choices_revealed")[0]["spent"] == "d2_veto.2"  # taken in round index 0


def test_a_veto_expires_at_the_end_of_the_next_played_round() -> None:
    # V9, R15
    s = _state([(1, 0), (2, 1)])
    s = replace(s, round_index=1, turn=None, turn_index=4, offer=("d5_king.1",))
    em = Emitter(s)
    advance(em)
    ended = of_type(em.events, "round_ended")[0]
    assert ended["expired"] == ["d2_veto.1"]
    assert [v.seat for v in em.state.vetos] == [2]


def test_a_declared_single_step_action_waits_for_answers_before_its_decision() -> None:
    # V7: the window closes before the secret discs are asked
    s = at_turn(
        position(start(), BOARD, king="granada", court=[5, 5, 5, 5]),
        0,
        "d2_secret_return_all",
        vetos=[(3, 0)],
    )
    s, events = declare(s, 0)
    assert of_type(events, "action_declared")[0]["steps"] == 1 and game.pending(s).keys() == {3}
    s, events = play(s, 3, answer(None))
    assert of_type(events, "decision_opened")[0]["kind"] == "return_all_disc"


def test_option_veto_off_removes_both_cards() -> None:
    # V11
    assert len(data.deck(2, veto=False)) == 9
    s = start(veto=False)
    assert all(not c.startswith("d2_veto") for c in s.stacks[1] + s.offer)
