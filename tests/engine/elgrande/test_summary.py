"""Tests `text_summary(view)`: a plain-text board summary built from the view alone (§4: no leaks)."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import engine
from engine.elgrande import text_summary
from tests.conformance import Checks, fold, random_move
from tests.conformance import play as playout
from tests.engine.elgrande.kit import at_turn, declare, game, position, start


def test_summary_names_round_king_areas_pieces_offer_hand_and_due() -> None:
    s = position(start(4, "sum"), {"aragon": [1, 2, 0, 0], "castillo": [0, 0, 3, 0]}, king="granada")
    lines = text_summary(game.view(s, 0))
    assert all(isinstance(line, str) and line for line in lines)
    assert lines[0].startswith("El Grande, round 1 of 9, phase bidding; the King stands in Granada")
    assert "  Aragon 5/4/1: seat 0 (you): 1, seat 1: 2" in lines
    assert "  Castillo 5/3/1: seat 2: 3" in lines
    assert any(line.startswith("  Granada 6/3/1 [King") for line in lines)
    assert any(line.startswith("Courts: seat 0 (you) 7") for line in lines)
    assert any(line.startswith("Scores: ") for line in lines)
    assert any(line.startswith("Offer: ") and "d5_king.1 (King card" in line for line in lines)
    assert "Your hand: 1 2 3 4 5 6 7 8 9 10 11 12 13." in lines
    (due,) = [line for line in lines if line.startswith("Due: ")]
    assert "play a power card" in due


def test_a_short_game_counts_its_played_rounds() -> None:
    # O-S1: rounds 1, 4 and 7 are skipped, so round 2 is the first of six
    lines = text_summary(game.view(start(3, "short", short_game=True), 0))
    assert lines[0].startswith("El Grande, round 2 (1 of 6 played rounds), phase bidding")


def test_spectators_see_no_hand() -> None:
    # H1: the summary reads only the view
    s = start(3, "spectator")
    assert not any(line.startswith("Your hand") for line in text_summary(game.view(s, None)))


def test_a_sealed_take_back_stays_sealed_for_the_others() -> None:
    # H3, H8: the vetoer's summary shows the declaration without the card; the owner's shows it
    s = position(start(), {"aragon": [1, 2, 0, 0]}, king="granada", court=[5] * 4)
    s = at_turn(s, 0, "d4_power_card_back", vetos=[(1, 0)])
    s = replace(s, played=((9,), (12,), (11,), (10,)), hands=(tuple(v for v in range(1, 14) if v != 9),) * 4)
    s, _ = declare(s, 0, value=9)
    other = "\n".join(text_summary(game.view(s, 1)))
    assert "sealed power card" in other and "value 9" not in other and "Your hand: 1 2 3" in other
    assert "value 9" in "\n".join(text_summary(game.view(s, 0)))
    assert "Vetos held: seat 1 (you)" in other


def test_a_scoring_declaration_lists_its_areas_for_the_vetoer() -> None:
    # V13: the vetoer sees which area each step scores
    s = position(start(), {"galicia": [1, 0, 0, 0]}, king="granada", court=[5] * 4)
    s, _ = declare(at_turn(s, 0, "d3_score_fours", vetos=[(1, 0)]), 0)
    lines = text_summary(game.view(s, 1))
    assert "  Declared: seat 0 plays d3_score_fours.1: galicia catalonia seville (3 step(s))." in lines
    assert "Due: seat 1 (you) must allow or veto the declared special action (M7)." in lines


def test_finished_game_names_the_winners() -> None:
    out = playout(game, 2, {}, "summary-end", Checks())
    lines = text_summary(game.view(out.state, None))
    assert lines[-1].startswith("Game over. Final scores: seat 0 ")


def test_every_view_of_a_random_game_renders() -> None:
    # contract: text_summary(view) -> list[str] for every viewer at every step, JSON views only
    rnd = random.Random(5)
    s = fold(game, game.setup(5, {}, "summary-walk"))
    while game.result(s) is None:
        for viewer in (None, *range(5)):
            view = json.loads(json.dumps(game.view(s, viewer)))
            assert all(isinstance(line, str) for line in text_summary(view))
        seat = rnd.choice(sorted(game.pending(s)))
        for event in game.decide(s, seat, random_move(game, s, seat, rnd)):
            s = game.evolve(s, event)


def test_exported_through_the_registry() -> None:
    g = engine.get_game("elgrande")
    assert g.text_summary(g.view(start(), 0))[0].startswith("El Grande")  # type: ignore[attr-defined]


def test_a_court_two_declaration_reads_as_counts() -> None:
    s = position(start(), {"aragon": [2, 0, 0, 0]}, king="granada", court=[5] * 4)
    s = replace(s, province=(0, *s.province[1:]), court=(s.court[0] + s.province[0], *s.court[1:]))
    s, _ = declare(at_turn(s, 0, "d4_court_two", vetos=[(1, 0)]), 0, supplement={"aragon": 2})
    assert "  Declared: seat 0 plays d4_court_two.1: supplement aragon:2 (1 step(s))." in text_summary(
        game.view(s, 1)
    )


def test_summary_names_the_seats_when_their_names_tell_them_apart() -> None:
    s = position(start(4, "sum"), {"aragon": [1, 2, 0, 0], "castillo": [0, 0, 3, 0]}, king="granada")
    lines = text_summary(game.view(s, 0), ["Ann", "Bob", "Cy", "Dee"])
    assert "  Aragon 5/4/1: Ann (you): 1, Bob: 2" in lines
    assert "  Castillo 5/3/1: Cy: 3" in lines
    assert any(line.startswith("Courts: Ann (you) 7, Bob 7, Cy 7, Dee 7") for line in lines)
    for names in (["Ann", "Ann", "Cy", "Dee"], ["Ann", "", "Cy", "Dee"], None):  # ambiguous or missing
        assert "  Aragon 5/4/1: seat 0 (you): 1, seat 1: 2" in text_summary(game.view(s, 0), names)
