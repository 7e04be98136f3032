"""Scenario tests for the turn flow: prompts, placement (P1, P2, R19, R20), intake (R17), forced choices (R34, X40)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.elgrande.flow import Emitter, advance
from engine.elgrande.state import Turn
from engine.errors import GameOver, IllegalMove, MalformedMove, NotYourTurn
from tests.engine.elgrande.kit import at_turn, count, game, of_type, play, position, start, types


def _placing(king: str, court: int = 5):
    s = position(start(), {}, king=king, court=[court] * 4)
    return at_turn(s, 0, "d4_royal_adviser")


@pytest.mark.parametrize(
    ("king", "allowed"),
    [
        ("galicia", {"basque_country", "old_castile", "castillo"}),  # P1
        ("new_castile", {"aragon", "old_castile", "valencia", "seville", "granada", "castillo"}),  # P2
    ],
)
def test_batch_goes_next_to_the_king_or_into_the_castillo(king: str, allowed: set[str]) -> None:
    s = _placing(king)
    root = next(m for m in game.legal_moves(s, 0) if m["type"] == "place_caballeros")
    options = {next(iter(m["to"])) for m in game.legal_moves(s, 0, partial=root)}
    assert options == allowed
    for area in allowed:
        play(s, 0, {"type": "place_caballeros", "to": {area: 1}})
    with pytest.raises(IllegalMove, match="R23"):
        play(s, 0, {"type": "place_caballeros", "to": {king: 1}})
    with pytest.raises(IllegalMove, match="R20"):
        play(s, 0, {"type": "place_caballeros", "to": {"catalonia": 1}})


def test_batch_is_limited_by_heads_and_court_and_placed_once() -> None:
    s = _placing("galicia")
    with pytest.raises(IllegalMove, match="R20"):
        play(s, 0, {"type": "place_caballeros", "to": {"castillo": 5}})  # stack 4 → 4 heads
    s2, _ = play(s, 0, {"type": "place_caballeros", "to": {"castillo": 2, "old_castile": 2}})
    with pytest.raises(IllegalMove, match="R19"):
        play(s2, 0, {"type": "place_caballeros", "to": {"castillo": 1}})
    with pytest.raises(IllegalMove, match="R20"):
        play(_placing("galicia", court=2), 0, {"type": "place_caballeros", "to": {"castillo": 3}})


def test_turn_ends_by_itself_when_both_parts_are_done() -> None:
    s = _placing("galicia")
    s, _ = play(s, 0, {"type": "declare_action", "area": "old_castile"})
    s, events = play(s, 0, {"type": "place_caballeros", "to": {"castillo": 1}})
    assert "turn_ended" in types(events) and (s.turn is None or s.turn.seat != 0)


def test_end_turn_skips_what_remains() -> None:
    s, events = play(_placing("galicia"), 0, {"type": "end_turn"})
    assert types(events)[0] == "turn_ended"
    assert count(s, "old_castile", 0) == 0


def _turn_start(province: int, board: dict[str, list[int]], bid: int):
    s = position(start(), board, king="granada", court=[0] * 4)
    s = position(s, court=[30 - province - sum(c[0] for c in board.values()), 0, 0, 0])
    s = replace(at_turn(s, 0, "d4_royal_adviser"), turn=None, bids=(bid, 1, 2, 3))
    em = Emitter(s)
    advance(em)
    return em


def test_intake_is_automatic_and_a_shortfall_asks_for_a_supplement() -> None:
    # R17: card 1 → 6 heads; province 2 → 2 automatic, up to 4 more from open regions
    em = _turn_start(2, {"aragon": [3, 0, 0, 0], "granada": [4, 0, 0, 0]}, 1)
    started = of_type(em.events, "turn_started")[0]
    assert started == {"type": "turn_started", "seat": 0, "intake": 2, "supplement": 3}
    s = em.state
    assert game.pending(s)[0]["kind"] == "supplement_court"
    with pytest.raises(IllegalMove, match="R23"):
        play(s, 0, {"type": "supplement_court", "from": {"granada": 1}})
    with pytest.raises(IllegalMove, match="at most 3"):
        play(s, 0, {"type": "supplement_court", "from": {"aragon": 4}})
    s2, _ = play(s, 0, {"type": "supplement_court", "from": {"aragon": 2}})
    assert count(s2, "aragon", 0) == 1 and game.pending(s2)[0]["kind"] == "choose_action_card"


def test_no_supplement_prompt_without_open_caballeros() -> None:
    em = _turn_start(0, {"granada": [4, 0, 0, 0]}, 1)
    assert of_type(em.events, "turn_started")[0]["supplement"] == 0
    assert game.pending(em.state)[0]["kind"] == "choose_action_card"


def test_the_last_card_is_taken_automatically() -> None:
    # R18, R34
    s = at_turn(start(), 0, "d4_royal_adviser")
    s = replace(s, turn=Turn(seat=0, stage="card"), offer=("d5_king.1", "d3_score_castillo.1"))
    s, _ = play(s, 0, {"type": "take_card", "card": "d3_score_castillo"})
    em = Emitter(replace(s, turn=None, turn_index=1))
    advance(em)
    taken = of_type(em.events, "action_card_taken")
    assert taken == [{"type": "action_card_taken", "seat": 1, "card": "d5_king.1", "forced": True}]


def test_a_forced_bid_is_automatic_unless_the_hand_is_hidden() -> None:
    # R34, X40
    s = replace(start(2), hands=((4, 5), (4, 9)), bids=(0, 0), start_player=0)
    s, _ = play(s, 0, {"type": "play_power_card", "value": 4})
    assert s.phase == "turns"  # seat 1 had only 9 left: played for it
    hidden = replace(start(2), hands=((4, 5), (4, 9)), bids=(0, 0), start_player=0, took_back=(False, True))
    hidden, _ = play(hidden, 0, {"type": "play_power_card", "value": 4})
    assert game.pending(hidden)[1]["kind"] == "play_power_card"
    assert game.legal_moves(hidden, 1) == [{"type": "play_power_card", "value": 9}]


def test_prompts_have_stable_ids_and_turns() -> None:
    s = start(3, "prompts")
    ((seat, prompt),) = game.pending(s).items()
    assert (
        set(prompt) == {"id", "kind", "since", "turn"}
        and prompt["id"] == f"{prompt['since']}:play_power_card:{seat}"
    )
    s2, _ = play(s, seat, {"type": "play_power_card", "value": 7})
    ((nxt, p2),) = game.pending(s2).items()
    assert nxt == (seat + 1) % 3 and p2["since"] == s2.n and p2["turn"] == f"r1:bid:{nxt}"


def test_refusals_have_stable_codes() -> None:
    s = start(3, "refusals")
    seat = next(iter(game.pending(s)))
    other = (seat + 1) % 3
    with pytest.raises(NotYourTurn):
        game.decide(s, other, {"type": "play_power_card", "value": 1})
    for bad in (
        None,
        [],
        "play 1",
        {"type": "dance"},
        {"type": "play_power_card"},
        {"type": "play_power_card", "value": "1"},
        {"type": "play_power_card", "value": 1, "extra": 1},
        {"type": "play_power_card", "value": True},
    ):
        with pytest.raises(MalformedMove):
            game.decide(s, seat, bad)
    with pytest.raises(IllegalMove, match="wrong|play_power_card"):
        game.decide(s, seat, {"type": "end_turn"})
    with pytest.raises(IllegalMove, match="R11"):
        game.decide(s, seat, {"type": "play_power_card", "value": 14})
    over = replace(s, phase="over")
    with pytest.raises(GameOver):
        game.decide(over, seat, {"type": "play_power_card", "value": 1})
